// Reading the names people type: weight formats, models and hardware (names.h).
#include "rooflint/names.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/text_util.h"
#include "rooflint/precision.h"

namespace rooflint {
namespace {

// Names and ids are short: a longer word is no typo of one, and comparing it with every
// candidate would cost its length squared each time.
constexpr size_t kLongest = 64;

// The dtype names of PyTorch, Hugging Face and vLLM (`--dtype`), and the quantization method
// names of vLLM, Hugging Face and the compressed-tensors schemes (`--quantization`, the
// `quantization_config` of a checkpoint), as the table's formats. The 4-bit integer methods
// store group scales beside the weights (about 0.13 to 0.25 bits a weight at group size 128):
// int4 counts the 4 bits alone, the side a bound may take.
constexpr std::array kAliases = {
    PrecisionAlias{"auto", "", "the model's native precision (vLLM's --dtype auto)"},
    PrecisionAlias{"bfloat16", "bf16", "PyTorch dtype"},
    PrecisionAlias{"float16", "fp16", "PyTorch dtype"},
    PrecisionAlias{"half", "fp16", "vLLM --dtype"},
    PrecisionAlias{"f16", "fp16", "llama.cpp type"},
    PrecisionAlias{"float32", "fp32", "PyTorch dtype"},
    PrecisionAlias{"float", "fp32", "vLLM --dtype"},
    PrecisionAlias{"f32", "fp32", "llama.cpp type"},
    PrecisionAlias{"fp8_e4m3", "fp8", "8-bit float weights"},
    PrecisionAlias{"fp8_e5m2", "fp8", "8-bit float weights"},
    PrecisionAlias{"float8_e4m3fn", "fp8", "PyTorch dtype"},
    PrecisionAlias{"e4m3", "fp8", "8-bit float weights"},
    PrecisionAlias{"w8a8", "int8", "8-bit weights (integer or float: the same bytes)"},
    PrecisionAlias{"w8a16", "int8", "8-bit integer weights, 16-bit activations"},
    PrecisionAlias{"8bit", "int8", "8-bit weights"},
    PrecisionAlias{"awq", "int4", "AWQ: 4-bit integer weights with group scales"},
    PrecisionAlias{"gptq", "int4",
                   "GPTQ: 4-bit integer weights with group scales (GPTQ at 2, 3 or 8 bits: say "
                   "so with --precision int8, or state the weights' bytes)"},
    PrecisionAlias{"w4a16", "int4", "4-bit integer weights, 16-bit activations"},
    PrecisionAlias{"w4a8", "int4", "4-bit integer weights, 8-bit activations"},
    PrecisionAlias{"4bit", "int4", "4-bit weights"},
    PrecisionAlias{"nf4", "int4", "bitsandbytes NF4: 4-bit weights with block scales"},
    PrecisionAlias{"bnb-4bit", "int4", "bitsandbytes 4-bit weights"},
    PrecisionAlias{"marlin", "int4", "4-bit integer weights (Marlin kernels)"},
};

// "Llama 3.1_70B" -> "llama-3.1-70b", "llama2-70b" -> "llama-2-70b": case, spaces, underscores
// and a dash between a family's letters and its version do not tell names apart.
std::string NormalName(std::string_view text) {
  std::string lower = ToLower(Trim(text));
  std::string s;
  s.reserve(lower.size() + 4);
  for (size_t i = 0; i < lower.size(); ++i) {
    char c = lower[i] == ' ' || lower[i] == '_' ? '-' : lower[i];
    if (IsDigit(c) && i > 0 && lower[i - 1] >= 'a' && lower[i - 1] <= 'z') s += '-';
    s += c;
  }
  return s;
}

std::string_view WithoutOrganisation(std::string_view s) {
  size_t slash = s.rfind('/');
  return slash == std::string_view::npos ? s : s.substr(slash + 1);
}

// Variant suffixes of hub ids that do not change the model's shape: fine-tunes of one base,
// and the formats a checkpoint is published in (these state the weight format).
struct Suffix {
  std::string_view suffix;  // normalised, with its leading '-'
  std::string_view precision;
};
constexpr std::array kSuffixes = {
    Suffix{"-instruct", ""},   Suffix{"-chat", ""},         Suffix{"-hf", ""},
    Suffix{"-it", ""},         Suffix{"-base", ""},         Suffix{"-dynamic", ""},
    Suffix{"-gguf", ""},       Suffix{"-mlx", ""},          Suffix{"-fp8", "fp8"},
    Suffix{"-awq", "int4"},    Suffix{"-gptq", "int4"},     Suffix{"-int4", "int4"},
    Suffix{"-int8", "int8"},   Suffix{"-w4a16", "int4"},    Suffix{"-w8a8", "int8"},
    Suffix{"-w4a8", "int4"},   Suffix{"-bf16", "bf16"},     Suffix{"-fp16", "fp16"},
    Suffix{"-4bit", "int4"},   Suffix{"-8bit", "int8"},     Suffix{"-nvfp4", "nvfp4"},
    Suffix{"-mxfp4", "mxfp4"}, Suffix{"-bnb-4bit", "int4"},
};

// The models one normalised form names: each model's id, name and aliases, each also without
// its organisation, compared with `form`.
std::vector<const Model*> ModelsNamed(const Corpus& corpus, std::string_view form) {
  std::vector<const Model*> out;
  for (const Model& m : corpus.models) {
    bool hit = NormalName(m.header.id) == form || NormalName(m.name) == form;
    for (const std::string& a : m.aliases) {
      std::string n = NormalName(a);
      hit = hit || n == form || WithoutOrganisation(n) == form;
    }
    if (hit) out.push_back(&m);
  }
  return out;
}

// The suffixes as NormalName writes them ("-fp8" is "-fp-8" there).
const std::vector<std::string>& NormalSuffixes() {
  static const std::vector<std::string> normal = [] {
    std::vector<std::string> v;
    for (const Suffix& s : kSuffixes) v.push_back(NormalName(s.suffix));
    return v;
  }();
  return normal;
}

// The weight format a name's trailing suffixes state ("...-Instruct-FP8": fp8), or "".
std::string PrecisionSuffix(std::string form) {
  for (bool more = true; more && !form.empty();) {
    more = false;
    for (size_t k = 0; k < kSuffixes.size(); ++k) {
      const Suffix& s = kSuffixes[k];
      const std::string& suffix = NormalSuffixes()[k];
      if (form.size() <= suffix.size() || !form.ends_with(suffix)) continue;
      if (!s.precision.empty()) return std::string(s.precision);
      form.resize(form.size() - suffix.size());
      more = true;
      break;
    }
  }
  return "";
}

std::string JoinIds(const std::vector<const Model*>& models) {
  std::string out;
  for (const Model* m : models) out += (out.empty() ? "" : ", ") + m->header.id.str();
  return out;
}

}  // namespace

std::span<const PrecisionAlias> PrecisionAliases() { return kAliases; }

PrecisionName ReadKvPrecisionName(std::string_view text) {
  PrecisionName p = ReadPrecisionName(text);
  if (p.native) p.problem = "auto is no KV-cache format: give one, or leave it out";
  return p;
}

PrecisionName ReadPrecisionName(std::string_view text) {
  PrecisionName p;
  std::string key = ToLower(Trim(text));
  std::replace(key.begin(), key.end(), '-', '_');
  if (const PrecisionInfo* row = FindPrecision(key)) {
    p.name = std::string(row->name);
    if (ToLower(Trim(text)) != p.name) p.how = fmt::format("'{}' is {}", text, p.name);
    return p;
  }
  std::string dashed = ToLower(Trim(text));
  for (const PrecisionAlias& a : kAliases) {
    std::string alias(a.alias);
    std::string underscored = alias;
    std::replace(underscored.begin(), underscored.end(), '-', '_');
    if (key != underscored && dashed != alias) continue;
    if (a.name.empty()) {
      p.native = true;
      p.how = fmt::format("'{}': {}", text, a.meaning);
      return p;
    }
    p.name = std::string(a.name);
    p.how = fmt::format("'{}' is {} ({})", text, p.name, a.meaning);
    return p;
  }
  std::vector<std::string> known;
  for (const PrecisionInfo& row : Precisions()) known.emplace_back(row.name);
  for (const PrecisionAlias& a : kAliases) known.emplace_back(a.alias);
  p.problem = fmt::format("unknown weight format '{}'{}", text, DidYouMean(key, known));
  return p;
}

WeightFormat ReadWeightFormat(std::string_view flag, const Model* model, std::string_view named,
                              std::string_view model_text) {
  WeightFormat w;
  if (flag.empty()) {
    if (!named.empty()) {
      w.name = std::string(named);
      w.how = fmt::format("the weight format {} from the model name '{}'", named, model_text);
    }
    return w;
  }
  PrecisionName p = ReadPrecisionName(flag);
  if (!p.problem.empty()) {
    w.problem = std::move(p.problem);
  } else if (!p.native) {
    w.name = std::move(p.name);
    w.how = std::move(p.how);
  } else if (model != nullptr && !model->native_precision.empty()) {
    w.name = model->native_precision;
    w.how = fmt::format("{}: {}", p.how, w.name);
  } else {
    w.native_unknown = true;
    w.how = model != nullptr ? fmt::format(
                                   "{}, which model {} does not state: the precision is "
                                   "unknown",
                                   p.how, model->header.id)
                             : p.how;
  }
  return w;
}

ModelName ReadModelName(const Corpus& corpus, std::string_view text) {
  ModelName r;
  std::string form = NormalName(text);
  if (form.empty()) {
    r.problem = "no model named";
    return r;
  }
  auto found = [&](const std::vector<const Model*>& ms) {
    if (ms.size() == 1) {
      r.model = ms[0];
      return true;
    }
    if (ms.size() > 1 && r.problem.empty()) {
      r.problem = fmt::format("'{}' names several models ({})", text, JoinIds(ms));
    }
    return false;
  };
  if (found(ModelsNamed(corpus, form))) {
    r.how = fmt::format("'{}' names model {}", text, r.model->header.id);
    if (NormalName(r.model->header.id) == form) r.how.clear();  // the id itself: nothing to say
    r.precision = PrecisionSuffix(form);
    return r;
  }
  std::string bare(WithoutOrganisation(form));
  if (bare != form && found(ModelsNamed(corpus, bare))) {
    r.how = fmt::format("'{}' read as '{}' without its organisation: model {}", text, bare,
                        r.model->header.id);
    r.precision = PrecisionSuffix(bare);
    return r;
  }
  // Variant suffixes, dropped one at a time from the end; the first weight format met is the
  // one the name states (the last suffix of "-Instruct-FP8" is the format). A context length
  // a service appends ("llama2-70b-4096", "-32k") is a variant too.
  std::string stem = bare;
  std::vector<std::string> dropped;
  auto drop_context_length = [&] {
    size_t dash = stem.rfind('-');
    if (dash == std::string::npos || dash == 0) return false;
    std::string_view tail = std::string_view(stem).substr(dash + 1);
    if (tail.ends_with('k')) tail.remove_suffix(1);
    bool digits = tail.size() >= 1 && tail.size() <= 6 &&
                  std::all_of(tail.begin(), tail.end(), [](char c) { return IsDigit(c); });
    bool length = digits && (stem.back() == 'k' || tail.size() >= 4);
    if (!length) return false;
    dropped.push_back(stem.substr(dash));
    stem.resize(dash);
    return true;
  };
  std::string precision;
  for (bool more = true; more && stem.size() < 256;) {
    more = false;
    if (drop_context_length()) {
      more = true;
      if (found(ModelsNamed(corpus, stem))) {
        r.how = fmt::format("'{}' read as model {} (a variant: '{}' dropped)", text,
                            r.model->header.id, dropped.back());
        r.precision = precision;
        r.problem.clear();
        return r;
      }
      continue;
    }
    for (size_t k = 0; k < kSuffixes.size(); ++k) {
      const Suffix& s = kSuffixes[k];
      const std::string& suffix = NormalSuffixes()[k];
      if (stem.size() <= suffix.size() || !stem.ends_with(suffix)) continue;
      stem.resize(stem.size() - suffix.size());
      dropped.emplace_back(s.suffix);
      if (precision.empty()) precision = std::string(s.precision);
      more = true;
      if (found(ModelsNamed(corpus, stem))) {
        std::string suffixes;
        for (auto it = dropped.rbegin(); it != dropped.rend(); ++it) suffixes += *it;
        r.how = fmt::format("'{}' read as model {} (a variant: '{}' dropped{})", text,
                            r.model->header.id, suffixes,
                            precision.empty() ? "" : fmt::format("; it states {}", precision));
        r.precision = precision;
        r.problem.clear();
        return r;
      }
      break;
    }
  }
  if (!r.problem.empty()) return r;
  std::vector<std::string> names;
  for (const Model& m : corpus.models) {
    names.push_back(m.header.id.str());
    for (const std::string& a : m.aliases) names.emplace_back(WithoutOrganisation(NormalName(a)));
  }
  std::string near = Suggest(stem, names);
  const Model* suggested = nullptr;
  if (!near.empty()) {
    auto ms = ModelsNamed(corpus, near);
    if (ms.size() == 1) suggested = ms[0];
  }
  r.problem =
      fmt::format("no model in the corpus is named '{}'{}", text,
                  suggested != nullptr ? fmt::format(", did you mean {}?", suggested->header.id)
                                       : std::string());
  return r;
}

HardwareName ReadHardwareName(const Corpus& corpus, const HardwareIndex& index,
                              std::string_view text) {
  HardwareName h;
  std::string key = ToLower(Trim(text));
  for (const Accelerator& a : corpus.accelerators) {
    if (ToLower(a.header.id) == key) {
      h.parts.push_back(&a);
      return h;
    }
  }
  HardwareMatch m = index.Match(text);
  h.parts = m.candidates;
  h.count = m.count;
  if (!h.parts.empty()) {
    if (h.parts.size() > 1) {
      std::string ids;
      for (const Accelerator* a : h.parts) ids += (ids.empty() ? "" : ", ") + a->header.id.str();
      h.how = fmt::format(
          "'{}' names {} parts ({}): every bound is computed with each and the most generous "
          "is kept",
          text, h.parts.size(), ids);
    } else if (!m.exact) {
      h.how = fmt::format("'{}' names {}", text, h.parts[0]->header.id);
    }
    if (m.partition) {
      // A slice of a part: the bounds take its share of each candidate.
      std::string shares;
      for (const Accelerator* a : h.parts) {
        shares += (shares.empty() ? "" : "; ") + ShareOf(*m.partition, *a).how;
      }
      h.how +=
          fmt::format("{}'{}' is a slice of its part: {}", h.how.empty() ? "" : "; ", text, shares);
    }
    if (!m.count_note.empty()) {
      // A count read other than as written (a TPU slice name's chips): say how.
      h.how += fmt::format("{}'{}' counts {}: {}", h.how.empty() ? "" : "; ", text, *m.count,
                           m.count_note);
    }
    return h;
  }
  std::vector<std::string> names;
  for (const Accelerator& a : corpus.accelerators) names.push_back(a.header.id.str());
  std::string near = Suggest(key, names);
  if (m.cpu_only) {
    h.problem = fmt::format("'{}' names a CPU-only system: no accelerator record applies", text);
  } else {
    h.problem = fmt::format("no accelerator in the corpus matches '{}'{}", text,
                            near.empty() ? "" : fmt::format(", did you mean {}?", near));
  }
  return h;
}

std::string Suggest(std::string_view word, std::span<const std::string> candidates) {
  std::string w = ToLower(word);
  if (w.empty() || w.size() > kLongest) return "";
  // A word a candidate begins with is a short form of it ("vllm" for "vllm-serve"): the
  // shortest such candidate.
  std::string best;
  for (const std::string& c : candidates) {
    if (c.size() <= kLongest && c.size() > w.size() && ToLower(c).starts_with(w) &&
        (best.empty() || c.size() < best.size())) {
      best = c;
    }
  }
  if (!best.empty()) return best;
  // Else the nearest within a third of the word's length (text_util's ClosestMatch), compared
  // without case.
  std::vector<std::string> lower;
  lower.reserve(candidates.size());
  for (const std::string& c : candidates) lower.push_back(ToLower(c));
  std::vector<std::string_view> views(lower.begin(), lower.end());
  std::string near = ClosestMatch(w, views);
  for (size_t i = 0; i < lower.size() && !near.empty(); ++i) {
    if (lower[i] == near) return candidates[i];
  }
  return "";
}

std::string DidYouMean(std::string_view word, std::span<const std::string> candidates) {
  std::string near = Suggest(word, candidates);
  return near.empty() ? "" : fmt::format(", did you mean '{}'?", near);
}

}  // namespace rooflint
