// See model_config.h. The files are read by the import layer's located JSON reader
// (ParseJsonLocated, nlohmann's parser); a value's line and column is where its key's value
// stands in the text (JsonKeyScan), as the importers point at a run's fields.
#include "rooflint/model_config.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>
#include <variant>

#include "core/text_util.h"
#include "import/common.h"
#include "import/json_results.h"
#include "rooflint/corpus.h"

namespace rooflint {
namespace {

using json = nlohmann::json;
using import::JsonKeyScan;
using import::JsonValueSpan;
using import::Sink;
using import::SourceText;

// ----- Reading a JSON object file -----

// A file's top-level object and where it stands in the text.
struct JsonFile {
  json root;
  JsonValueSpan span;
};

// Reads a JSON object file (`what` names it in messages), or reports why not. Python's bare
// NaN and Infinity are read as QuoteNonFinite quotes them (a string at the same offsets).
// `keep` is the parser's callback (null: every value kept).
std::optional<JsonFile> ReadObject(const SourceText& src, size_t max_bytes, std::string_view what,
                                   const json::parser_callback_t& keep, Sink& sink) {
  const std::string_view text = src.text();
  if (text.size() > max_bytes) {
    sink.Add(
        src.At(std::string_view::npos, Severity::kError, "too-large",
               fmt::format("{} is {} bytes, more than the {} read", what, text.size(), max_bytes),
               fmt::format("a {} is far smaller; check that the path names one", what)));
    return std::nullopt;
  }
  if (size_t bad = FirstInvalidUtf8(text); bad != std::string_view::npos) {
    sink.Add(src.At(bad, Severity::kError, "bad-utf8",
                    fmt::format("{} is not UTF-8 at this byte", what),
                    "JSON text is UTF-8; the file may be cut or not a JSON file"));
    return std::nullopt;
  }
  size_t begin = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  begin = std::min(text.find_first_not_of(" \t\n\r", begin), text.size());
  JsonFile file;
  file.span = import::ScanJsonValue(text, begin);
  if (file.span.too_deep) {
    sink.Add(
        src.At(begin, Severity::kError, "bad-json",
               fmt::format("{} is nested more than {} levels deep", what, import::kMaxJsonDepth),
               fmt::format("a {} is a flat object of named fields", what)));
    return std::nullopt;
  }
  std::optional<std::string> quoted;
  if (text.find("NaN") != std::string_view::npos ||
      text.find("Infinity") != std::string_view::npos) {
    quoted = import::QuoteNonFinite(text);
  }
  std::optional<json> root = import::ParseJsonLocated(
      src, quoted ? std::string_view(*quoted) : text, 0, text.size(), what,
      "transformers writes numbers in range; an edited file may not",
      fmt::format("a {} is one JSON object as transformers writes it; a cut or edited file is not",
                  what),
      keep, sink);
  if (!root) return std::nullopt;
  if (!root->is_object()) {
    sink.Add(src.At(begin, Severity::kError, "not-an-object",
                    fmt::format("{} is not a JSON object", what),
                    fmt::format("a {} is one object of named fields", what)));
    return std::nullopt;
  }
  file.root = std::move(*root);
  return file;
}

// True when the value at `offset` of `text` is a bare NaN, Infinity or -Infinity, which
// ReadObject reads as a string.
bool BareNonFinite(std::string_view text, size_t offset) {
  if (offset >= text.size()) return false;
  const std::string_view at = text.substr(offset);
  return at.starts_with("NaN") || at.starts_with("Infinity") || at.starts_with("-Infinity");
}

// The value of an integer that fits int64, else nullopt.
std::optional<int64_t> ExactInt(const json& v) {
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return static_cast<int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<int64_t>();
  return std::nullopt;
}

// The offset of element `index` of the array whose value stands at `offset` of `text` (the
// array's own offset when there is no such element).
size_t ElementOffset(std::string_view text, size_t offset, size_t index) {
  const JsonValueSpan array = import::ScanJsonValue(text, offset);
  const import::JsonSplit split =
      import::SplitJson(text.substr(array.begin, array.end - array.begin));
  return split.top_array && index < split.values.size() ? array.begin + split.values[index].begin
                                                        : offset;
}

std::string_view TypeName(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "a number";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    default:
      return "a value";
  }
}

// 8030261248 -> "8,030,261,248", for the arithmetic in notes.
std::string Grouped(double v) {
  std::string digits = fmt::format("{:.0f}", v);
  std::string out;
  const size_t lead = digits.size() % 3;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && i >= lead && (i - lead) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// ----- The config's facts -----

// Reads the named facts of a config object, reporting a wrong one where its value stands.
class Facts {
 public:
  Facts(const JsonFile& file, const SourceText& src, Sink& sink)
      : root_(file.root), span_(file.span), src_(src), sink_(sink), keys_(src.text(), file.span) {}

  // The member `key`, or nullptr when it is absent or null (transformers writes null for an
  // option that is off: "sliding_window": null).
  const json* Get(std::string_view key) const {
    auto it = root_.find(key);
    return it != root_.end() && !it->is_null() ? &*it : nullptr;
  }

  // The offset of the value of `key`, or of the object when it has none.
  size_t Where(std::string_view key) {
    const size_t at = keys_.Find(key);
    return at == std::string_view::npos ? span_.begin : at;
  }

  // What the value of `key` is, for messages: a bare NaN or Infinity is a number.
  std::string_view TypeOf(std::string_view key, const json& v) {
    return v.is_string() && BareNonFinite(src_.text(), Where(key)) ? "a number" : TypeName(v);
  }

  // An integer in [min, max], or nullopt when absent or wrong (reported).
  std::optional<int64_t> Int(std::string_view key, int64_t min, int64_t max) {
    const json* v = Get(key);
    if (v == nullptr) return std::nullopt;
    const bool non_finite = v->is_string() && BareNonFinite(src_.text(), Where(key));
    if (!v->is_number() && !non_finite) {
      Error(key, "wrong-type", fmt::format("'{}' is {}, not an integer", key, TypeName(*v)),
            fmt::format("config.json writes '{}' as a JSON integer ({}: 32)", key, key));
      return std::nullopt;
    }
    // nlohmann reads an integer beyond 64 bits as a float: the text says how it was written.
    const bool integer =
        v->is_number_integer() ||
        (v->is_number_float() &&
         import::RawJsonValue(src_.text(), Where(key)).find_first_of(".eE") == std::string::npos);
    const std::optional<int64_t> exact = ExactInt(*v);
    if (integer && !exact) {
      Error(key, "absurd-value", fmt::format("'{}' is past the range of a 64-bit integer", key),
            "no model has such a value; the file may be edited or not a model's config");
      return std::nullopt;
    }
    if (!integer) {
      Error(
          key, "not-an-integer",
          fmt::format("'{}' is {}, not an integer", key,
                      non_finite ? std::string("not finite") : fmt::format("{}", v->get<double>())),
          "transformers saves counts as plain integers; the file may be edited");
      return std::nullopt;
    }
    if (*exact < min || *exact > max) {
      Error(key, "absurd-value", fmt::format("'{}' is {}, outside {} to {}", key, *exact, min, max),
            "no model has such a value; the file may be edited or not a model's config");
      return std::nullopt;
    }
    return exact;
  }

  std::optional<bool> Bool(std::string_view key) {
    const json* v = Get(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_boolean()) {
      Error(key, "wrong-type", fmt::format("'{}' is {}, not true or false", key, TypeOf(key, *v)),
            fmt::format("config.json writes '{}' as a JSON boolean", key));
      return std::nullopt;
    }
    return v->get<bool>();
  }

  std::optional<std::string> String(std::string_view key) {
    const json* v = Get(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_string() || BareNonFinite(src_.text(), Where(key))) {
      Error(key, "wrong-type", fmt::format("'{}' is {}, not a string", key, TypeOf(key, *v)),
            fmt::format("config.json writes '{}' as a JSON string", key));
      return std::nullopt;
    }
    return v->get<std::string>();
  }

  // An error at the value of `key`, or at byte `offset`.
  void Error(std::string_view key, DiagnosticCode code, std::string message, std::string hint) {
    ErrorAt(Where(key), std::move(code), std::move(message), std::move(hint));
  }
  void ErrorAt(size_t offset, DiagnosticCode code, std::string message, std::string hint) {
    sink_.Add(
        src_.At(offset, Severity::kError, std::move(code), std::move(message), std::move(hint)));
  }

  const SourceText& src() const { return src_; }
  size_t begin() const { return span_.begin; }

 private:
  const json& root_;
  const JsonValueSpan& span_;
  const SourceText& src_;
  Sink& sink_;
  JsonKeyScan keys_;
};

// The bounds of each count read; the record parser's where it has one, so that a value read
// here is one the record accepts.
constexpr int64_t kMaxLayers = 10'000;
constexpr int64_t kMaxHeads = 10'000;
constexpr int64_t kMaxHeadDim = 100'000;
constexpr int64_t kMaxHidden = 1'000'000;
constexpr int64_t kMaxIntermediate = 10'000'000;
constexpr int64_t kMaxVocab = 100'000'000;
constexpr int64_t kMaxExperts = 100'000;
constexpr int64_t kMaxWindow = 100'000'000;

// The architectures with a parameter formula here, by config.json model_type.
enum class Family {
  kNone,
  kLlama,
  kMistral,
  kQwen2,
  kQwen3,
  kQwen2Moe,
  kQwen3Moe,
  kMixtral,
  kDeepseekV3,
  kGptOss
};

Family FamilyOf(std::string_view model_type) {
  static constexpr std::pair<std::string_view, Family> kFamilies[] = {
      {"llama", Family::kLlama},        {"mistral", Family::kMistral},
      {"qwen2", Family::kQwen2},        {"qwen3", Family::kQwen3},
      {"qwen2_moe", Family::kQwen2Moe}, {"qwen3_moe", Family::kQwen3Moe},
      {"mixtral", Family::kMixtral},    {"deepseek_v3", Family::kDeepseekV3},
      {"gpt_oss", Family::kGptOss}};
  for (const auto& [name, family] : kFamilies) {
    if (name == model_type) return family;
  }
  return Family::kNone;
}

// The parameter count from the shapes, as named terms that add up to the total.
struct Count {
  std::vector<std::pair<std::string, double>> terms;
  double total = 0;
  double routed = 0;      // all routed experts (0 for a dense model)
  double per_expert = 0;  // one routed expert of one layer
  int64_t moe_layers = 0;
  std::string missing;  // the facts the formula needs that the config does not state

  void Add(std::string what, double n) {
    terms.emplace_back(std::move(what), n);
    total += n;
  }
  std::string Arithmetic() const {
    std::string s;
    for (const auto& [what, n] : terms) {
      s += fmt::format("{}{} {}", s.empty() ? "" : " + ", Grouped(n), what);
    }
    return s + " = " + Grouped(total);
  }
};

// What the reader gathers for the record.
struct Draft {
  std::string model_type;
  Family family = Family::kNone;
  std::optional<int64_t> layers, heads, kv_heads, head_dim, hidden, vocab;
  std::optional<bool> tied;
  std::string precision;         // native_precision, "" when not known
  std::string precision_absent;  // why, when it is not
  std::string dtype;             // torch_dtype as written ("bfloat16"), "" when unstated
  std::string quant_method;      // quantization_config.quant_method, "" when none
  int64_t sliding_window = 0, sliding_layers = 0;
  int64_t kv_latent_dim = 0;
  int64_t kv_layers = 0;  // hybrid models: the layers that cache K and V (0: every layer)
  int64_t experts = 0, experts_per_token = 0;
  std::string experts_precision, shared_precision;
  std::vector<std::string> notes;     // sentences, in order
  std::vector<std::string> defaults;  // transformers defaults a count rests on
};

// The bytes of one element of a dtype as config.json names it, or 0.
double DtypeBytes(std::string_view precision) {
  if (precision == "bf16" || precision == "fp16") return 2;
  if (precision == "fp32") return 4;
  return 0;
}

std::string PrecisionOfDtype(std::string_view dtype) {
  if (dtype == "bfloat16") return "bf16";
  if (dtype == "float16") return "fp16";
  if (dtype == "float32") return "fp32";
  return "";
}

// Reads the dtype and any quantization into d.precision (or why it is not known).
void ReadPrecision(Facts& f, Draft& d) {
  std::optional<std::string> dtype = f.String("torch_dtype");
  if (!dtype) dtype = f.String("dtype");  // transformers 4.56 and later write "dtype"
  if (dtype) d.dtype = *dtype;
  const std::string from_dtype = PrecisionOfDtype(d.dtype);
  if (const json* q = f.Get("quantization_config")) {
    if (!q->is_object()) {
      f.Error("quantization_config", "wrong-type",
              fmt::format("'quantization_config' is {}, not an object",
                          f.TypeOf("quantization_config", *q)),
              "transformers writes quantization_config as an object with quant_method");
      return;
    }
    if (auto m = q->find("quant_method"); m != q->end() && m->is_string()) {
      d.quant_method = m->get<std::string>();
    }
    if (d.quant_method == "fp8") {
      d.precision = "fp8";
      d.notes.push_back(
          fmt::format(
              "native_precision fp8 from quantization_config (quant_method fp8): the weights are "
              "stored in FP8{}",
              d.dtype.empty()
                  ? ""
                  : fmt::format(", torch_dtype {} is the width of what is not", d.dtype)) +
          ".");
    } else if (d.quant_method == "mxfp4") {
      d.precision = "mxfp4";
      d.notes.push_back(
          "native_precision mxfp4 from quantization_config (quant_method mxfp4); the modules "
          "its modules_to_not_convert lists are stored unquantized.");
    } else {
      d.precision_absent = fmt::format(
          "config.json's quantization_config ({}) names no single weight format rooflint has; "
          "state it from the model card",
          d.quant_method.empty() ? std::string("no quant_method")
                                 : "quant_method " + d.quant_method);
    }
    return;
  }
  if (!from_dtype.empty()) {
    d.precision = from_dtype;
  } else if (d.dtype.empty()) {
    d.precision_absent = "config.json states no torch_dtype";
  } else {
    d.precision_absent =
        fmt::format("config.json's torch_dtype '{}' is not one rooflint names", d.dtype);
  }
}

// The layers that attend through the sliding window, from the way each architecture says it.
void ReadSlidingWindow(Facts& f, Draft& d) {
  std::optional<int64_t> window = f.Int("sliding_window", 1, kMaxWindow);
  if (!window || !d.layers) return;
  const int64_t layers = *d.layers;
  auto set = [&](int64_t n, std::string why) {
    if (n > 0) {
      d.sliding_window = *window;
      d.sliding_layers = n;
    }
    d.notes.push_back(std::move(why));
  };
  if (const json* types = f.Get("layer_types")) {
    if (!types->is_array()) {
      f.Error(
          "layer_types", "wrong-type",
          fmt::format("'layer_types' is {}, not an array", f.TypeOf("layer_types", *types)),
          "layer_types lists each layer's attention (\"sliding_attention\", \"full_attention\")");
      return;
    }
    if (static_cast<int64_t>(types->size()) != layers) {
      f.Error("layer_types", "inconsistent-value",
              fmt::format("'layer_types' lists {} layers, num_hidden_layers is {}", types->size(),
                          layers),
              "layer_types has one entry per layer");
      return;
    }
    int64_t n = 0;
    for (const json& t : *types) {
      if (t.is_string() && t.get_ref<const std::string&>() == "sliding_attention") ++n;
    }
    set(n, fmt::format("Sliding window: {} of the {} entries of layer_types are "
                       "sliding_attention, with sliding_window {}.",
                       n, layers, *window));
    return;
  }
  switch (d.family) {
    case Family::kMistral:
    case Family::kMixtral:
      set(layers, fmt::format("Sliding window: sliding_window {} applies to every layer in "
                              "transformers' {} attention.",
                              *window, d.model_type));
      return;
    case Family::kQwen2:
    case Family::kQwen3:
    case Family::kQwen2Moe:
    case Family::kQwen3Moe: {
      // transformers: layer i uses the window when use_sliding_window and i >= max_window_layers.
      std::optional<bool> use = f.Bool("use_sliding_window");
      if (!use.value_or(false)) {
        d.notes.push_back(fmt::format(
            "No sliding window: use_sliding_window is {}, so sliding_window {} is not used.",
            use ? "false" : "not stated (the config class's default is false)", *window));
        return;
      }
      std::optional<int64_t> from = f.Int("max_window_layers", 0, kMaxLayers);
      if (!from) {
        d.notes.push_back(
            "use_sliding_window is true but max_window_layers is not stated, so "
            "which layers use the window is not known; no window is written.");
        return;
      }
      set(std::max<int64_t>(0, layers - *from),
          fmt::format("Sliding window: use_sliding_window true, so layers {} to {} "
                      "(max_window_layers {} on) use sliding_window {}.",
                      *from, layers - 1, *from, *window));
      return;
    }
    default:
      break;
  }
  if (d.model_type == "gemma2") {
    // transformers' Gemma2 attends through the window on the even-numbered layers.
    set((layers + 1) / 2, fmt::format("Sliding window: gemma2 uses sliding_window {} on its "
                                      "even-numbered layers.",
                                      *window));
    return;
  }
  if (d.model_type == "gemma3" || d.model_type == "gemma3_text") {
    if (std::optional<int64_t> p = f.Int("sliding_window_pattern", 1, kMaxLayers)) {
      int64_t n = 0;
      for (int64_t i = 0; i < layers; ++i) n += (i + 1) % *p != 0;
      set(n, fmt::format("Sliding window: every layer but each {}th (sliding_window_pattern) "
                         "uses sliding_window {}.",
                         *p, *window));
      return;
    }
  }
  d.notes.push_back(fmt::format(
      "sliding_window {} is stated, but which layers use it is not known for model_type '{}'; "
      "no window is written.",
      *window, d.model_type));
}

// Hybrid models: the layers that cache K and V per token, from the way each architecture says
// which layers attend; the others (linear attention, state-space, convolution) keep a state of
// fixed size. Nothing is written when the config does not say, or says it in a way not read
// here: every layer is then counted.
void ReadKvLayers(Facts& f, Draft& d) {
  if (!d.layers) return;
  const int64_t layers = *d.layers;
  auto set = [&](int64_t n, std::string why) {
    if (n >= 1 && n < layers) d.kv_layers = n;
    d.notes.push_back(std::move(why));
  };
  if (const json* types = f.Get("layer_types");
      types != nullptr && types->is_array() && static_cast<int64_t>(types->size()) == layers) {
    // Qwen3-Next, Granite-4.0-H, LFM2 and others list each layer's kind.
    static constexpr std::array<std::string_view, 4> kAttends = {
        "full_attention", "sliding_attention", "attention", "chunked_attention"};
    static constexpr std::array<std::string_view, 6> kStateful = {
        "linear_attention", "mamba", "mamba2", "ssm", "conv", "recurrent"};
    int64_t attends = 0, stateful = 0;
    std::string unknown;
    for (const json& t : *types) {
      const std::string kind = t.is_string() ? t.get<std::string>() : std::string("?");
      if (std::find(kAttends.begin(), kAttends.end(), kind) != kAttends.end()) {
        ++attends;
      } else if (std::find(kStateful.begin(), kStateful.end(), kind) != kStateful.end()) {
        ++stateful;
      } else if (unknown.empty()) {
        unknown = kind;
      }
    }
    if (!unknown.empty()) {
      d.notes.push_back(fmt::format(
          "layer_types names a kind of layer not read here ('{}'), so which layers cache K and "
          "V is not known; kv_layers is not written and every layer is counted.",
          unknown));
    } else if (stateful > 0) {
      set(attends, fmt::format("kv_layers: {} of the {} entries of layer_types attend (cache K "
                               "and V per token); the other {} keep a state of fixed size.",
                               attends, layers, stateful));
    }
    return;
  }
  if (d.model_type == "qwen3_next") {
    // transformers: layer i is full attention when (i + 1) % full_attention_interval == 0.
    if (std::optional<int64_t> k = f.Int("full_attention_interval", 1, kMaxLayers)) {
      set(layers / *k,
          fmt::format("kv_layers: every {}th of the {} layers is full attention "
                      "(full_attention_interval {}), {} in all; the rest are linear attention.",
                      *k, layers, *k, layers / *k));
    }
    return;
  }
  if (d.model_type == "jamba") {
    // transformers: layer i is attention when i % attn_layer_period == attn_layer_offset.
    std::optional<int64_t> period = f.Int("attn_layer_period", 1, kMaxLayers);
    std::optional<int64_t> offset = f.Int("attn_layer_offset", 0, kMaxLayers);
    if (period && offset) {
      int64_t n = 0;
      for (int64_t i = 0; i < layers; ++i) n += i % *period == *offset;
      set(n, fmt::format("kv_layers: layers i with i % attn_layer_period {} == attn_layer_offset "
                         "{} are attention, {} of {}; the rest are Mamba layers.",
                         *period, *offset, n, layers));
    } else {
      d.notes.push_back(
          "jamba: attn_layer_period or attn_layer_offset is not stated, so which layers are "
          "attention is not known; every layer is counted.");
    }
    return;
  }
  if (std::optional<std::string> pattern = f.String("hybrid_override_pattern")) {
    // Nemotron-H: one character a layer, '*' attention, 'M' Mamba-2, '-' MLP, 'E' MoE.
    if (static_cast<int64_t>(pattern->size()) != layers) {
      d.notes.push_back(fmt::format(
          "hybrid_override_pattern has {} characters for {} layers, so which layers are "
          "attention is not known; every layer is counted.",
          pattern->size(), layers));
      return;
    }
    const int64_t n = std::count(pattern->begin(), pattern->end(), '*');
    set(n, fmt::format("kv_layers: {} of the {} characters of hybrid_override_pattern are '*' "
                       "(attention); the others are Mamba, MLP or MoE layers without a KV cache.",
                       n, layers));
  }
}

// The dims every formula reads.
struct Dims {
  int64_t h = 0, layers = 0, heads = 0, kv = 0, d = 0, vocab = 0;
};

// Requires `key` for the formula: its value, or 0 with the key added to c.missing.
int64_t Need(Facts& f, Count& c, std::string_view key, int64_t max) {
  if (std::optional<int64_t> v = f.Int(key, 1, max)) return *v;
  if (f.Get(key) == nullptr) c.missing += fmt::format("{}{}", c.missing.empty() ? "" : ", ", key);
  return 0;
}

// The input table and the output head: one table when they are tied.
void AddTables(Count& c, const Dims& m, bool tied) {
  const double table = static_cast<double>(m.vocab) * m.h;
  if (tied) {
    c.Add("embedding (tied: also the output head)", table);
  } else {
    c.Add("embedding and untied output head", 2 * table);
  }
  c.Add("final norm", m.h);
}

// Grouped-query attention of the Llama family: q and o of heads x head_dim, k and v of
// kv_heads x head_dim.
double GqaAttention(const Dims& m) {
  return static_cast<double>(m.h) * m.heads * m.d * 2 + static_cast<double>(m.h) * m.kv * m.d * 2;
}

Count CountParams(Facts& f, Draft& d, const Dims& m, bool tied) {
  Count c;
  const double h = m.h;
  const double L = m.layers;
  switch (d.family) {
    case Family::kNone:
      return c;
    case Family::kLlama:
    case Family::kMistral:
    case Family::kQwen2:
    case Family::kQwen3: {
      const double inter = Need(f, c, "intermediate_size", kMaxIntermediate);
      if (!c.missing.empty()) return c;
      double attention = GqaAttention(m);
      std::string attention_what = "attention";
      // Biases: Qwen2 always has q, k and v biases; Llama and Qwen3 have all four when
      // attention_bias is set (both configs default it to false); Mistral has none.
      const bool all_bias = d.family != Family::kMistral && d.family != Family::kQwen2 &&
                            f.Bool("attention_bias").value_or(false);
      if (d.family == Family::kQwen2) {
        attention += static_cast<double>(m.heads) * m.d + 2.0 * m.kv * m.d;
        attention_what += " with q, k, v biases";
      } else if (all_bias) {
        attention += static_cast<double>(m.heads) * m.d + 2.0 * m.kv * m.d + h;
        attention_what += " with biases";
      }
      if (d.family == Family::kQwen3) {
        attention += 2.0 * m.d;  // q_norm and k_norm over head_dim
        attention_what += " and q/k norms";
      }
      double mlp = 3 * h * inter;
      if (d.family == Family::kLlama && f.Bool("mlp_bias").value_or(false)) mlp += 2 * inter + h;
      c.Add(fmt::format("{} ({} layers x {})", attention_what, m.layers, Grouped(attention)),
            L * attention);
      c.Add(fmt::format("MLP ({} layers x 3 x {} x {})", m.layers, m.h, Grouped(inter)), L * mlp);
      c.Add(fmt::format("norms ({} layers x 2 x {})", m.layers, m.h), L * 2 * h);
      AddTables(c, m, tied);
      return c;
    }
    case Family::kMixtral: {
      const double inter = Need(f, c, "intermediate_size", kMaxIntermediate);
      const double e = Need(f, c, "num_local_experts", kMaxExperts);
      if (!c.missing.empty()) return c;
      c.per_expert = 3 * h * inter;
      c.moe_layers = m.layers;
      c.routed = L * e * c.per_expert;
      c.Add(fmt::format("attention ({} layers x {})", m.layers, Grouped(GqaAttention(m))),
            L * GqaAttention(m));
      c.Add(fmt::format("routers ({} layers x {} x {})", m.layers, m.h, e), L * h * e);
      c.Add(fmt::format("routed experts ({} layers x {} x 3 x {} x {})", m.layers, e, m.h,
                        Grouped(inter)),
            c.routed);
      c.Add(fmt::format("norms ({} layers x 2 x {})", m.layers, m.h), L * 2 * h);
      AddTables(c, m, tied);
      return c;
    }
    case Family::kQwen2Moe:
    case Family::kQwen3Moe: {
      const bool qwen2 = d.family == Family::kQwen2Moe;
      const double e = Need(f, c, "num_experts", kMaxExperts);
      const double moe_inter = Need(f, c, "moe_intermediate_size", kMaxIntermediate);
      const double shared =
          qwen2 ? Need(f, c, "shared_expert_intermediate_size", kMaxIntermediate) : 0;
      std::optional<int64_t> step = f.Int("decoder_sparse_step", 1, kMaxLayers);
      if (!step) d.defaults.push_back("decoder_sparse_step (the config class's default 1)");
      std::vector<int64_t> dense_layers;
      if (const json* only = f.Get("mlp_only_layers")) {
        if (!only->is_array()) {
          f.Error("mlp_only_layers", "wrong-type", "'mlp_only_layers' is not an array",
                  "mlp_only_layers lists the layer numbers with a dense MLP");
          c.missing = "mlp_only_layers";
          return c;
        }
        for (size_t k = 0; k < only->size(); ++k) {
          const json& i = (*only)[k];
          std::optional<int64_t> layer = ExactInt(i);
          if (!layer || *layer < 0) {
            f.ErrorAt(ElementOffset(f.src().text(), f.Where("mlp_only_layers"), k), "wrong-type",
                      "an entry of 'mlp_only_layers' is not a layer number",
                      "mlp_only_layers lists layer numbers from 0");
            c.missing = "mlp_only_layers";
            return c;
          }
          dense_layers.push_back(*layer);
        }
      } else {
        d.defaults.push_back("mlp_only_layers (the config class's default [])");
      }
      // A dense layer's MLP is intermediate_size wide.
      int64_t sparse = 0;
      for (int64_t i = 0; i < m.layers; ++i) {
        const bool only =
            std::find(dense_layers.begin(), dense_layers.end(), i) != dense_layers.end();
        sparse += !only && (i + 1) % step.value_or(1) == 0;
      }
      const int64_t dense = m.layers - sparse;
      const double inter = dense > 0 ? Need(f, c, "intermediate_size", kMaxIntermediate) : 0;
      if (!c.missing.empty()) return c;
      double attention = GqaAttention(m);
      std::string attention_what = "attention";
      if (qwen2) {
        attention += static_cast<double>(m.heads) * m.d + 2.0 * m.kv * m.d;
        attention_what += " with q, k, v biases";
      } else {
        if (f.Bool("attention_bias").value_or(false)) {
          attention += static_cast<double>(m.heads) * m.d + 2.0 * m.kv * m.d + h;
          attention_what += " with biases";
        }
        attention += 2.0 * m.d;
        attention_what += " and q/k norms";
      }
      c.per_expert = 3 * h * moe_inter;
      c.moe_layers = sparse;
      c.routed = static_cast<double>(sparse) * e * c.per_expert;
      c.Add(fmt::format("{} ({} layers x {})", attention_what, m.layers, Grouped(attention)),
            L * attention);
      c.Add(fmt::format("routers ({} layers x {} x {})", sparse, m.h, e), sparse * h * e);
      c.Add(fmt::format("routed experts ({} layers x {} x 3 x {} x {})", sparse, e, m.h,
                        Grouped(moe_inter)),
            c.routed);
      if (qwen2) {
        c.Add(fmt::format("shared experts and their gates ({} layers x (3 x {} x {} + {}))", sparse,
                          m.h, Grouped(shared), m.h),
              sparse * (3 * h * shared + h));
      }
      if (dense > 0) {
        c.Add(fmt::format("dense MLPs ({} layers x 3 x {} x {})", dense, m.h, Grouped(inter)),
              dense * 3 * h * inter);
      }
      c.Add(fmt::format("norms ({} layers x 2 x {})", m.layers, m.h), L * 2 * h);
      AddTables(c, m, tied);
      return c;
    }
    case Family::kDeepseekV3: {
      const double inter = Need(f, c, "intermediate_size", kMaxIntermediate);
      const double moe_inter = Need(f, c, "moe_intermediate_size", kMaxIntermediate);
      const double e = Need(f, c, "n_routed_experts", kMaxExperts);
      const double kv_rank = Need(f, c, "kv_lora_rank", kMaxHidden);
      const double nope = Need(f, c, "qk_nope_head_dim", kMaxHeadDim);
      const double rope = Need(f, c, "qk_rope_head_dim", kMaxHeadDim);
      const double v_dim = Need(f, c, "v_head_dim", kMaxHeadDim);
      std::optional<int64_t> q_rank = f.Int("q_lora_rank", 1, kMaxHidden);  // null: no q LoRA
      std::optional<int64_t> shared = f.Int("n_shared_experts", 0, kMaxExperts);
      std::optional<int64_t> first_dense = f.Int("first_k_dense_replace", 0, kMaxLayers);
      std::optional<int64_t> freq = f.Int("moe_layer_freq", 1, kMaxLayers);
      if (!shared) c.missing += c.missing.empty() ? "n_shared_experts" : ", n_shared_experts";
      if (!first_dense) {
        c.missing += c.missing.empty() ? "first_k_dense_replace" : ", first_k_dense_replace";
      }
      if (!c.missing.empty()) return c;
      if (!freq) d.defaults.push_back("moe_layer_freq (the config class's default 1)");
      const double heads = m.heads;
      // Multi-head latent attention as transformers' DeepseekV3Attention builds it, with the
      // norms of the q and kv latents.
      double attention = 0;
      if (q_rank) {
        attention += h * *q_rank + *q_rank + *q_rank * heads * (nope + rope);
      } else {
        attention += h * heads * (nope + rope);
      }
      attention += h * (kv_rank + rope) + kv_rank + kv_rank * heads * (nope + v_dim);
      attention += heads * v_dim * h;
      int64_t sparse = 0;
      for (int64_t i = 0; i < m.layers; ++i)
        sparse += i >= *first_dense && i % freq.value_or(1) == 0;
      const int64_t dense = m.layers - sparse;
      c.per_expert = 3 * h * moe_inter;
      c.moe_layers = sparse;
      c.routed = static_cast<double>(sparse) * e * c.per_expert;
      c.Add(fmt::format("latent attention ({} layers x {})", m.layers, Grouped(attention)),
            L * attention);
      c.Add(fmt::format("dense MLPs ({} layers x 3 x {} x {})", dense, m.h, Grouped(inter)),
            dense * 3 * h * inter);
      // The router: a weight per expert and a score-correction bias per expert.
      c.Add(fmt::format("routers ({} layers x ({} x {} + {}))", sparse, e, m.h, e),
            sparse * (e * h + e));
      c.Add(fmt::format("routed experts ({} layers x {} x 3 x {} x {})", sparse, e, m.h,
                        Grouped(moe_inter)),
            c.routed);
      c.Add(fmt::format("shared experts ({} layers x {} x 3 x {} x {})", sparse, *shared, m.h,
                        Grouped(moe_inter)),
            sparse * static_cast<double>(*shared) * c.per_expert);
      c.Add(fmt::format("norms ({} layers x 2 x {})", m.layers, m.h), L * 2 * h);
      AddTables(c, m, tied);
      if (std::optional<int64_t> mtp = f.Int("num_nextn_predict_layers", 0, kMaxLayers);
          mtp && *mtp > 0) {
        d.notes.push_back(fmt::format(
            "The {} multi-token-prediction layer(s) (num_nextn_predict_layers) are not counted: "
            "they serve speculative decoding, not the main model.",
            *mtp));
      }
      return c;
    }
    case Family::kGptOss: {
      const double inter = Need(f, c, "intermediate_size", kMaxIntermediate);
      const double e = Need(f, c, "num_local_experts", kMaxExperts);
      if (!c.missing.empty()) return c;
      // transformers' GptOss: biased q, k, v and o (attention_bias), a sink per head, a biased
      // router, and experts with a fused gate_up projection (2 x intermediate) and biases.
      const bool bias = f.Bool("attention_bias").value_or(true);
      if (!f.Get("attention_bias"))
        d.defaults.push_back("attention_bias (the config class's default true)");
      double attention = GqaAttention(m) + m.heads;
      if (bias) attention += static_cast<double>(m.heads) * m.d + 2.0 * m.kv * m.d + h;
      c.per_expert = 2 * h * inter + 2 * inter + inter * h + h;
      c.moe_layers = m.layers;
      c.routed = L * e * c.per_expert;
      c.Add(fmt::format("attention with biases and sinks ({} layers x {})", m.layers,
                        Grouped(attention)),
            L * attention);
      c.Add(fmt::format("routers ({} layers x ({} x {} + {}))", m.layers, m.h, e, e),
            L * (h * e + e));
      c.Add(fmt::format("routed experts ({} layers x {} x {})", m.layers, e, Grouped(c.per_expert)),
            c.routed);
      c.Add(fmt::format("norms ({} layers x 2 x {})", m.layers, m.h), L * 2 * h);
      AddTables(c, m, tied);
      return c;
    }
  }
  return c;
}

// The model_type for a config that names only its architectures ("LlamaForCausalLM").
std::string ModelTypeOfArchitecture(std::string_view arch) {
  static constexpr std::pair<std::string_view, std::string_view> kArchitectures[] = {
      {"LlamaForCausalLM", "llama"},        {"MistralForCausalLM", "mistral"},
      {"Qwen2ForCausalLM", "qwen2"},        {"Qwen3ForCausalLM", "qwen3"},
      {"Qwen2MoeForCausalLM", "qwen2_moe"}, {"Qwen3MoeForCausalLM", "qwen3_moe"},
      {"MixtralForCausalLM", "mixtral"},    {"DeepseekV3ForCausalLM", "deepseek_v3"},
      {"GptOssForCausalLM", "gpt_oss"}};
  for (const auto& [name, type] : kArchitectures) {
    if (name == arch) return std::string(type);
  }
  return "";
}

// params_total from the index's metadata.total_size, or why not.
struct IndexCount {
  double params = 0;
  double bytes = 0;
  std::string why_not;
};

IndexCount CountFromIndex(std::string_view text, std::string_view path, const Draft& d,
                          Sink& sink) {
  IndexCount r;
  SourceText src(path, text);
  // Only metadata is kept: the weight map names every tensor, tens of thousands of them.
  auto keep = [](int depth, json::parse_event_t e, json& parsed) {
    return e != json::parse_event_t::key || depth != 1 || parsed == "metadata";
  };
  std::optional<JsonFile> index =
      ReadObject(src, kMaxSafetensorsIndexBytes, "model.safetensors.index.json", keep, sink);
  if (!index) return r;
  const size_t meta_at = import::FindJsonKey(text, index->span, "metadata");
  auto meta = index->root.find("metadata");
  const json* size = nullptr;
  size_t size_at = std::string_view::npos;
  if (meta != index->root.end() && meta->is_object()) {
    if (auto it = meta->find("total_size"); it != meta->end()) {
      size = &*it;
      if (meta_at != std::string_view::npos) {
        size_at = import::FindJsonKey(text, import::ScanJsonValue(text, meta_at), "total_size");
      }
      if (size_at == std::string_view::npos) {
        size_at = meta_at != std::string_view::npos ? meta_at : index->span.begin;
      }
    }
  }
  if (size == nullptr) {
    sink.Add(src.At(meta_at != std::string_view::npos ? meta_at : index->span.begin,
                    Severity::kError, "missing-key",
                    "model.safetensors.index.json states no metadata.total_size",
                    "transformers writes \"metadata\": { \"total_size\": <bytes> } at the top "
                    "of the index"));
    return r;
  }
  // total_size is an integer of bytes; some writers save it as a float ("1.6e10" never, but
  // 16060522496.0 does occur).
  const double bytes = size->is_number() ? size->get<double>() : 0;
  if (!size->is_number() || !std::isfinite(bytes) || bytes < 1 || bytes > 1e15 ||
      bytes != std::floor(bytes)) {
    sink.Add(src.At(size_at, Severity::kError, "absurd-value",
                    "metadata.total_size is not a whole number of bytes between 1 and 1e15",
                    "total_size is the checkpoint's tensor bytes, an integer"));
    return r;
  }
  r.bytes = bytes;
  if (!d.quant_method.empty()) {
    r.why_not = fmt::format(
        "model.safetensors.index.json's total_size ({} bytes) is of a {}-quantized checkpoint, "
        "whose tensors are not all one width, so no count is derived from it",
        Grouped(r.bytes), d.quant_method);
    return r;
  }
  const double per = DtypeBytes(d.precision);
  if (per == 0) {
    r.why_not = fmt::format(
        "model.safetensors.index.json gives total_size {} bytes, but config.json states no "
        "torch_dtype rooflint knows the width of",
        Grouped(r.bytes));
    return r;
  }
  r.params = std::floor(r.bytes / per);
  return r;
}

// The record format's least and largest parameter counts.
constexpr double kMinParams = 1e6;
constexpr double kMaxParams = 1e14;

}  // namespace

ModelConfigResult ModelFromHfConfig(std::string_view config_text, std::string_view config_path,
                                    std::string_view id, std::string_view source,
                                    std::string_view index_text, std::string_view index_path) {
  ModelConfigResult result;
  std::vector<Diagnostic>& out = result.diagnostics;
  Sink sink{out};
  SourceText src(config_path, config_text);
  if (!IsValidId(id) || !IsValidId(source)) {
    sink.Add(src.At(std::string_view::npos, Severity::kError, "bad-id",
                    fmt::format("'{}' is not a record id", IsValidId(id) ? source : id),
                    "ids are kebab-case: lowercase letters, digits, '.' and '-'"));
    return result;
  }
  std::optional<JsonFile> root = ReadObject(src, kMaxHfConfigBytes, "config.json", nullptr, sink);
  if (!root) return result;
  Facts f(*root, src, sink);
  Draft d;

  d.model_type = f.String("model_type").value_or("");
  if (d.model_type.empty()) {
    if (const json* a = f.Get("architectures");
        a != nullptr && a->is_array() && !a->empty() && (*a)[0].is_string()) {
      d.model_type = ModelTypeOfArchitecture((*a)[0].get_ref<const std::string&>());
    }
  }
  d.family = FamilyOf(d.model_type);

  d.layers = f.Int("num_hidden_layers", 1, kMaxLayers);
  if (!d.layers && f.Get("num_hidden_layers") == nullptr) {
    const bool nested = f.Get("text_config") != nullptr;
    f.ErrorAt(f.begin(), "missing-key", "config.json states no num_hidden_layers",
              nested ? "this config nests its language model under text_config; give "
                       "that object as the config"
                     : "a decoder's config.json states num_hidden_layers; check that "
                       "this is a model's config.json");
  }
  d.hidden = f.Int("hidden_size", 1, kMaxHidden);
  d.heads = f.Int("num_attention_heads", 1, kMaxHeads);
  d.kv_heads = f.Int("num_key_value_heads", 1, kMaxHeads);
  d.vocab = f.Int("vocab_size", 1, kMaxVocab);
  d.head_dim = f.Int("head_dim", 1, kMaxHeadDim);
  d.tied = f.Bool("tie_word_embeddings");
  ReadPrecision(f, d);
  const bool mla = d.family == Family::kDeepseekV3;
  if (!mla) {
    if (!d.kv_heads && d.heads && f.Get("num_key_value_heads") == nullptr) {
      d.kv_heads = d.heads;  // transformers: no num_key_value_heads is multi-head attention
      d.notes.push_back(
          "kv_heads: config.json states no num_key_value_heads, which transformers "
          "reads as num_attention_heads (multi-head attention).");
    }
    if (!d.head_dim && f.Get("head_dim") == nullptr && d.hidden && d.heads &&
        *d.hidden % *d.heads == 0) {
      d.head_dim = *d.hidden / *d.heads;
      d.notes.push_back(
          fmt::format("head_dim: hidden_size {} / num_attention_heads {} = {} "
                      "(config.json states no head_dim).",
                      *d.hidden, *d.heads, *d.head_dim));
    }
  } else {
    std::optional<int64_t> kv_rank = f.Int("kv_lora_rank", 1, kMaxHidden);
    std::optional<int64_t> rope = f.Int("qk_rope_head_dim", 1, kMaxHeadDim);
    if (kv_rank && rope) {
      d.kv_latent_dim = *kv_rank + *rope;
      d.notes.push_back(
          fmt::format("kv_latent_dim = kv_lora_rank {} + qk_rope_head_dim {} = {}: "
                      "multi-head latent attention caches these per token and layer.",
                      *kv_rank, *rope, d.kv_latent_dim));
    }
  }
  ReadSlidingWindow(f, d);
  ReadKvLayers(f, d);

  // Experts, by each family's name for them.
  std::optional<int64_t> experts;
  for (std::string_view key : {"num_local_experts", "num_experts", "n_routed_experts"}) {
    if (!experts) experts = f.Int(key, 1, kMaxExperts);
  }
  std::optional<int64_t> per_token = f.Int("num_experts_per_tok", 1, kMaxExperts);
  if (experts && per_token && *per_token > *experts) {
    f.Error(
        "num_experts_per_tok", "inconsistent-value",
        fmt::format("num_experts_per_tok ({}) is more than the experts ({})", *per_token, *experts),
        "a token is routed to some of the experts");
    per_token.reset();
  }
  if (!out.empty()) return result;  // an error in the file: no record

  // The parameter count: the architecture's formula, else the index.
  const bool tie_stated = d.tied.has_value();
  // Every architecture with a formula here defaults tie_word_embeddings to false in its
  // transformers config class (PretrainedConfig's own default is true).
  const bool tied = d.tied.value_or(false);
  Count count;
  std::string params_absent;
  std::string active_absent;
  bool dense = false;
  if (d.family != Family::kNone && d.layers && d.hidden && d.heads && d.vocab &&
      (mla || (d.kv_heads && d.head_dim))) {
    Dims m{*d.hidden, *d.layers, *d.heads, d.kv_heads.value_or(0), d.head_dim.value_or(0),
           *d.vocab};
    count = CountParams(f, d, m, tied);
    if (!out.empty()) return result;
    if (!count.missing.empty()) {
      params_absent = fmt::format("config.json does not state {}, which the {} formula needs",
                                  count.missing, d.model_type);
    }
  } else if (d.family != Family::kNone) {
    std::string missing;
    for (auto [key, ok] : {std::pair<std::string_view, bool>{"hidden_size", d.hidden.has_value()},
                           {"num_attention_heads", d.heads.has_value()},
                           {"vocab_size", d.vocab.has_value()},
                           {"head_dim", mla || d.head_dim.has_value()}}) {
      if (!ok) missing += fmt::format("{}{}", missing.empty() ? "" : ", ", key);
    }
    params_absent = fmt::format("config.json does not state {}, which the {} formula needs",
                                missing, d.model_type);
  }
  const bool counted = count.total > 0 && params_absent.empty();
  if (counted && count.routed == 0) dense = true;

  double params_total = 0;
  double params_active = 0;
  if (counted) {
    params_total = count.total;
    if (count.routed > 0 && per_token) {
      params_active = count.total - count.routed +
                      static_cast<double>(count.moe_layers) * *per_token * count.per_expert;
    } else if (count.routed > 0) {
      active_absent = "config.json states no num_experts_per_tok";
    }
    std::string tie_note;
    if (!tie_stated) {
      tie_note = fmt::format(
          " tie_word_embeddings is not in config.json: the count takes transformers' {} default, "
          "untied (PretrainedConfig's own default is tied), and tied_embeddings is left unstated.",
          d.model_type);
    }
    d.notes.insert(d.notes.begin(),
                   fmt::format("params_total counted from config.json's shapes ({} in "
                               "transformers): {}.{}",
                               d.model_type, count.Arithmetic(), tie_note));
    if (params_active > 0) {
      d.notes.insert(d.notes.begin() + 1,
                     fmt::format("params_active = {} - {} routed + {} layers x {} per token x {} "
                                 "= {} (the embedding table counted, as in params_total).",
                                 Grouped(count.total), Grouped(count.routed), count.moe_layers,
                                 *per_token, Grouped(count.per_expert), Grouped(params_active)));
    }
    if (!d.defaults.empty()) {
      std::string s;
      for (const std::string& x : d.defaults) s += (s.empty() ? "" : ", ") + x;
      d.notes.push_back(
          fmt::format("Unstated in config.json, taken at transformers' defaults: {}.", s));
    }
  }
  if (!index_text.empty()) {
    IndexCount ic = CountFromIndex(index_text, index_path, d, sink);
    if (!out.empty()) return result;
    if (counted && ic.params > 0) {
      const double diff = ic.params - params_total;
      d.notes.push_back(fmt::format(
          "model.safetensors.index.json: total_size {} bytes / {} bytes per {} parameter = {}, "
          "{}.",
          Grouped(ic.bytes), DtypeBytes(d.precision), d.precision, Grouped(ic.params),
          diff == 0 ? std::string("the count from the shapes")
                    : fmt::format("{} {} than the count from the shapes (tensors the formula does "
                                  "not count, or a different layout)",
                                  Grouped(std::fabs(diff)), diff > 0 ? "more" : "fewer")));
    } else if (!counted && ic.params > 0) {
      params_total = ic.params;
      d.notes.insert(
          d.notes.begin(),
          fmt::format("params_total = model.safetensors.index.json's total_size {} bytes / {} "
                      "bytes per {} parameter = {}: every tensor in the checkpoint, at the "
                      "config's dtype.",
                      Grouped(ic.bytes), DtypeBytes(d.precision), d.precision, Grouped(ic.params)));
      params_absent.clear();
    } else if (!counted) {
      params_absent = ic.why_not;
    }
  }
  if (params_total == 0 && params_absent.empty()) {
    params_absent = d.family == Family::kNone
                        ? fmt::format(
                              "config.json's architecture {} has no parameter formula here; give "
                              "model.safetensors.index.json",
                              d.model_type.empty() ? std::string("(no model_type)") : d.model_type)
                        : "config.json does not state the shapes the formula needs";
  }
  if (params_total > 0 && (params_total < kMinParams || params_total >= kMaxParams)) {
    params_absent = fmt::format("the count, {}, is outside the record format's 1e6 to 1e14",
                                Grouped(params_total));
    params_total = 0;
    params_active = 0;
  }
  if (!counted) {
    active_absent =
        d.family == Family::kNone
            ? fmt::format(
                  "config.json's architecture {} is not one read here, so whether and how "
                  "it routes to experts is not known",
                  d.model_type.empty() ? std::string("(no model_type)") : d.model_type)
            : "the parameter count is not known";
    if (experts) {
      d.notes.push_back(fmt::format(
          "config.json states {} experts{}; they are not written, as the parameters of the "
          "routed experts need the architecture's formula.",
          *experts, per_token ? fmt::format(", {} per token", *per_token) : ""));
    }
  } else if (dense) {
    active_absent.clear();  // a dense model writes no params_active
  }
  if (counted && count.routed > 0 && per_token && params_total > 0) {
    d.experts = experts.value_or(0);
    d.experts_per_token = *per_token;
    if (d.quant_method == "mxfp4" && d.family == Family::kGptOss) {
      d.experts_precision = "mxfp4";
      const std::string shared = PrecisionOfDtype(d.dtype);
      if (!shared.empty()) {
        d.shared_precision = shared;
      } else {
        d.notes.push_back(
            "The MoE experts are MXFP4 (quantization_config); config.json states "
            "no torch_dtype, so shared_precision is left unstated.");
      }
    }
  }

  // ----- The record -----
  import::RecordWriter w(RecordKind::kModel);
  w.String("id", id).String("name", id).String("status", "draft").Strings("aliases", {});
  if (params_total > 0) {
    w.Count("params_total", params_total);
  } else {
    w.Absent("params_total", params_absent);
  }
  if (params_active > 0) {
    w.Count("params_active", params_active);
  } else if (!dense) {
    w.Absent("params_active", active_absent.empty() ? params_absent : active_absent);
  }
  if (d.layers) w.Integer("layers", *d.layers);
  if (d.kv_layers > 0) w.Integer("kv_layers", d.kv_layers);
  if (mla) {
    w.Absent("kv_heads",
             "multi-head latent attention: the cache holds a latent per token and layer "
             "(kv_latent_dim), not per-head keys and values");
    w.Absent("head_dim", "multi-head latent attention (see kv_heads)");
  } else {
    if (d.kv_heads) {
      w.Integer("kv_heads", *d.kv_heads);
    } else {
      w.Absent("kv_heads",
               "config.json states neither num_key_value_heads nor num_attention_heads");
    }
    if (d.head_dim) {
      w.Integer("head_dim", *d.head_dim);
    } else {
      w.Absent("head_dim",
               "config.json states no head_dim, and hidden_size / num_attention_heads is not "
               "known or not whole");
    }
  }
  if (d.heads) w.Integer("attention_heads", *d.heads);
  if (d.hidden) w.Integer("hidden_size", *d.hidden);
  if (d.vocab && d.hidden) {
    const double table = static_cast<double>(*d.vocab) * *d.hidden;
    const double used = params_active > 0 ? params_active : params_total;
    if (table >= 1e3 && table <= 1e12 && (used == 0 || table < used)) {
      w.Count("embedding_params", table);
      d.notes.push_back(fmt::format("embedding_params = vocab_size {} x hidden_size {} = {}.",
                                    *d.vocab, *d.hidden, Grouped(table)));
    }
  }
  if (d.tied) w.Boolean("tied_embeddings", *d.tied);
  if (d.sliding_window > 0) {
    w.Integer("sliding_window", d.sliding_window)
        .Integer("sliding_window_layers", d.sliding_layers);
  }
  if (d.kv_latent_dim > 0) w.Integer("kv_latent_dim", d.kv_latent_dim);
  if (d.experts > 0) {
    w.Integer("experts", d.experts).Integer("experts_per_token", d.experts_per_token);
    w.Count("params_routed_experts", count.routed);
  }
  w.StringIf("experts_precision", d.experts_precision);
  w.StringIf("shared_precision", d.shared_precision);
  if (!d.precision.empty()) {
    w.String("native_precision", d.precision);
  } else {
    w.Absent("native_precision", d.precision_absent);
  }
  w.String("source", source);
  std::string notes = fmt::format("DRAFT from a Hugging Face config.json (model_type {}).",
                                  d.model_type.empty() ? std::string("not stated") : d.model_type);
  for (const std::string& n : d.notes) notes += " " + n;
  w.String("notes", notes);
  std::string toml = w.Take();

  ParseResult parsed = ParseRecord(RecordKind::kModel, toml, fmt::format("{}.toml", id), id);
  if (!parsed.ok()) {
    std::string why = parsed.diagnostics.empty() ? std::string("no diagnostic")
                                                 : std::string(parsed.diagnostics[0].message);
    sink.Add(src.At(std::string_view::npos, Severity::kError, "internal",
                    fmt::format("the model record made from this config does not parse: {}", why),
                    "please report this with the file"));
    return result;
  }
  result.model = std::get<Model>(std::move(parsed.record));
  result.toml = std::move(toml);
  return result;
}

AddedModel AddModelConfig(Corpus& corpus, std::string_view config_text,
                          std::string_view config_path, std::string_view name,
                          std::string_view folder_name, std::string_view index_text,
                          std::string_view index_path) {
  AddedModel added;
  if (index_text.empty()) index_path = {};
  // The record's id: the name given, else the config's folder, made an id; a name the corpus
  // already holds gets "-config", so the config's model never replaces a record.
  std::string id = import::Slug(import::BaseName(name.empty() ? folder_name : name), 60);
  if (id.empty() || !IsAlnum(id[0])) id = "model-from-config";
  if (corpus.FindModel(id) != nullptr) id += "-config";
  const std::string source_id = fmt::format("{}-hf-config", id);
  ModelConfigResult r =
      ModelFromHfConfig(config_text, config_path, id, source_id, index_text, index_path);
  added.diagnostics = std::move(r.diagnostics);
  if (!r.model) return added;
  // The source: the file, which has no address; its url is the format's documentation.
  ImportResult source;
  import::EmitSource(
      import::LocalRunSource(
          source_id, fmt::format("Hugging Face config.json, {}", import::BaseName(config_path)),
          "a Hugging Face config.json",
          "https://huggingface.co/docs/transformers/main_classes/configuration", "",
          fmt::format(
              "Given with --model-config ({} bytes, content hash {}){}. The url is the "
              "format's documentation, not the file: a local file has no address. The "
              "date is the import date.",
              config_text.size(), import::ShortHash(import::Fnv1a(config_text)),
              index_path.empty() ? "" : ", with the model.safetensors.index.json beside it")),
      std::string(config_path), Diagnostic{}, source);
  if (source.records.empty()) {
    for (Diagnostic& d : source.diagnostics) added.diagnostics.push_back(std::move(d));
    return added;
  }
  Source s = std::get<Source>(source.records[0].record);
  s.header.path = SharedText(config_path);
  corpus.sources.push_back(std::move(s));
  Model m = *r.model;
  m.header.path = SharedText(config_path);
  corpus.models.push_back(std::move(m));
  added.records.push_back(
      {RecordKind::kModel, id, std::move(r.toml), std::move(*r.model), std::string(config_path)});
  added.records.push_back(std::move(source.records[0]));
  corpus.Index();
  added.id = std::move(id);
  return added;
}

}  // namespace rooflint
