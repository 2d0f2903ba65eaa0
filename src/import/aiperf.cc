// NVIDIA AIPerf (`aiperf profile`) and its predecessor GenAI-Perf (`genai-perf profile`)
// summary exports to records: profile_export_aiperf.json and profile_export_genai_perf.json.
// Both hold one object per metric ({unit, avg, p50, ...}) and the run's configuration
// (input_config). AIPerf's layouts: a `records` wrapper (v0.1.x, and a pre-release keyed by
// header names) and, from 2025-10, the metric tags at the top level as GenAI-Perf writes them.
// The CSV summaries and AIPerf's per-request JSONL are recognised and refused with a hint: they
// state neither the model, the load nor whether the run streamed.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "import/common.h"
#include "import/driver.h"
#include "import/json_results.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;
using json = nlohmann::json;

enum class Tool { kAiperf, kGenaiPerf };

struct ToolText {
  std::string_view name;     // as the tool spells itself
  std::string_view slug;     // for ids
  std::string_view summary;  // the summary JSON's file name
  std::string_view url;      // where the tool lives (a local run has no address)
};

const ToolText& TextOf(Tool t) {
  static const ToolText kAiperf{"AIPerf", "aiperf", "profile_export_aiperf.json",
                                "https://github.com/ai-dynamo/aiperf"};
  static const ToolText kGenai{
      "GenAI-Perf", "genai-perf", "profile_export_genai_perf.json",
      "https://github.com/triton-inference-server/perf_analyzer/tree/main/genai-perf"};
  return t == Tool::kAiperf ? kAiperf : kGenai;
}

// ----- What a file is, from its content -----

enum class Shape { kNone, kAiperfJson, kGenaiJson, kAiperfCsv, kGenaiCsv, kAiperfPerRequest };

bool Has(std::string_view text, std::string_view needle) { return text.find(needle) != kNpos; }

Shape ShapeOf(std::string_view text) {
  std::string_view head = text.substr(0, 1 << 16);
  size_t first = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first == kNpos) return Shape::kNone;
  head = head.substr(first);
  if (head.starts_with("Metric,")) {
    std::string_view line = head.substr(0, head.find('\n'));
    if (!line.starts_with("Metric,avg,") && !line.starts_with("Metric,Value")) {
      return Shape::kNone;
    }
    // GenAI-Perf labels: "Time To First Token (ms)", "Request Throughput (per sec)",
    // "Request Count (count)"; AIPerf: "Time to First Token (ms)", "(tokens/sec)", "(sec)".
    if (Has(head, "Time To First Token") || Has(head, "(per sec)") ||
        Has(head, "Request Count (count)")) {
      return Shape::kGenaiCsv;
    }
    if (Has(head, "Time to First Token (ms)") || Has(head, "(tokens/sec)") ||
        Has(head, "Benchmark Duration (sec)") || Has(head, "Request Latency (ms)")) {
      return Shape::kAiperfCsv;
    }
    return Shape::kNone;
  }
  if (head[0] != '{') return Shape::kNone;
  std::string_view line = head.substr(0, head.find('\n'));
  if (line.starts_with("{\"metadata\"") && Has(line, "\"metrics\"") &&
      (Has(line, "\"x_request_id\"") || Has(line, "\"credit_phase\""))) {
    return Shape::kAiperfPerRequest;
  }
  bool metric = Has(head, "\"request_latency\"") || Has(head, "\"time_to_first_token\"") ||
                Has(head, "\"output_token_throughput\"") || Has(head, "\"request_throughput\"") ||
                Has(head, "\"inter_token_latency\"") || Has(head, "\"Time to First Token\"") ||
                Has(head, "\"ttft\"");
  if (!metric) return Shape::kNone;
  // v0.1.x: {"records": {tag: {"tag", "unit", "header", ...}}}, input_config at the end.
  if (Has(head, "\"records\"") && Has(head, "\"tag\"") && Has(head, "\"header\"")) {
    return Shape::kAiperfJson;
  }
  if (!Has(head, "\"input_config\"")) return Shape::kNone;
  if (Has(head, "\"was_cancelled\"") || Has(head, "\"aiperf_version\"") ||
      Has(head, "\"loadgen\"") || Has(head, "\"records\"")) {
    return Shape::kAiperfJson;
  }
  if (Has(head, "\"service_kind\"") || Has(head, "\"endpoint_type\"") ||
      Has(head, "\"subcommand\"") || Has(head, "\"formatted_model_name\"") ||
      Has(head, "\"perf_analyzer\"")) {
    return Shape::kGenaiJson;
  }
  return Shape::kNone;
}

// ----- Locating JSON values for diagnostics -----

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// One past the JSON value starting at `at`; the end of the text when it is not closed.
size_t ValueEnd(std::string_view t, size_t at) {
  if (at >= t.size()) return t.size();
  auto skip_string = [&](size_t i) {  // i at the opening quote; returns the closing quote
    for (++i; i < t.size(); ++i) {
      if (t[i] == '\\') {
        ++i;
      } else if (t[i] == '"') {
        return i;
      }
    }
    return t.size();
  };
  char c = t[at];
  if (c == '"') return std::min(t.size(), skip_string(at) + 1);
  if (c == '{' || c == '[') {
    int depth = 0;
    for (size_t i = at; i < t.size(); ++i) {
      char ch = t[i];
      if (ch == '"') {
        i = skip_string(i);
      } else if (ch == '{' || ch == '[') {
        ++depth;
      } else if ((ch == '}' || ch == ']') && --depth == 0) {
        return i + 1;
      }
    }
    return t.size();
  }
  size_t i = at;
  while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && !IsSpace(t[i])) ++i;
  return i;
}

using Path = std::vector<std::string>;

std::string PointerOf(const Path& path) {
  std::string out;
  for (const std::string& k : path) out += "/" + PointerToken(k);
  return out;
}

// The offset of the value at `path` inside the object `top`, or of the deepest part of the
// path that exists (array elements are located at their array).
size_t Locate(std::string_view t, const JsonValueSpan& top, const Path& path) {
  JsonValueSpan span = top;
  size_t at = top.begin;
  for (const std::string& key : path) {
    if (at >= t.size() || t[at] != '{') break;
    size_t v = FindJsonKey(t, span, key);
    if (v == kNpos) break;
    at = v;
    span.begin = v;
    span.end = ValueEnd(t, v);
  }
  return at;
}

// The value at "a/b/c" under `root`, or nullptr (a JSON null counts as missing).
const json* Dig(const json* root, std::string_view path) {
  const json* v = root;
  while (v != nullptr && !path.empty()) {
    size_t slash = path.find('/');
    std::string_view key = path.substr(0, slash);
    path = slash == kNpos ? std::string_view() : path.substr(slash + 1);
    if (!v->is_object()) return nullptr;
    auto it = v->find(key);
    v = it == v->end() ? nullptr : &*it;
  }
  return v == nullptr || v->is_null() ? nullptr : v;
}

// The tokens of a JSON pointer ("/records/ttft/avg"), unescaped ("~1" is "/", "~0" is "~").
Path PathOfPointer(std::string_view pointer) {
  Path out;
  if (pointer.starts_with('/')) pointer.remove_prefix(1);
  while (true) {
    size_t slash = pointer.find('/');
    std::string token(pointer.substr(0, slash));
    std::string plain;
    for (size_t i = 0; i < token.size(); ++i) {
      if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
        plain += token[i + 1] == '0' ? '~' : '/';
        ++i;
      } else {
        plain += token[i];
      }
    }
    out.push_back(std::move(plain));
    if (slash == kNpos) break;
    pointer.remove_prefix(slash + 1);
  }
  return out;
}

Path SplitPath(std::string_view path) {
  Path out;
  while (!path.empty()) {
    size_t slash = path.find('/');
    out.emplace_back(path.substr(0, slash));
    path = slash == kNpos ? std::string_view() : path.substr(slash + 1);
  }
  return out;
}

// ----- The command line AIPerf stores (input_config.cli_command) -----

// Words of a shell command line: '...' and "..." quoting and backslash escapes.
std::vector<std::string> ShellWords(std::string_view s) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (IsSpace(c)) {
      if (in_word) out.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else if (c == '\'') {
      in_word = true;
      for (++i; i < s.size() && s[i] != '\''; ++i) word += s[i];
    } else if (c == '"') {
      in_word = true;
      for (++i; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) ++i;
        word += s[i];
      }
    } else if (c == '\\' && i + 1 < s.size()) {
      in_word = true;
      word += s[++i];
    } else {
      in_word = true;
      word += c;
    }
  }
  if (in_word) out.push_back(std::move(word));
  return out;
}

// The value of the first of `flags` on the command line ("--flag v" or "--flag=v").
std::optional<std::string> CliValue(const std::vector<std::string>& words,
                                    std::initializer_list<std::string_view> flags) {
  for (size_t i = 0; i < words.size(); ++i) {
    for (std::string_view f : flags) {
      if (words[i] == f && i + 1 < words.size()) return words[i + 1];
      if (words[i].size() > f.size() && words[i].starts_with(f) && words[i][f.size()] == '=') {
        return words[i].substr(f.size() + 1);
      }
    }
  }
  return std::nullopt;
}

bool CliFlag(const std::vector<std::string>& words, std::string_view flag) {
  return std::find(words.begin(), words.end(), flag) != words.end();
}

// ----- Metrics -----

// A metric tag as AIPerf v0.1.x and GenAI-Perf spell it: the pre-release keyed records by
// header ("Time to First Token"), v0.1.x tagged TTFT "ttft" and TTST "ttst".
std::string NormalTag(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == ' ' || c == '-') {
      out += '_';
    } else {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (out == "ttft") return "time_to_first_token";
  if (out == "ttst") return "time_to_second_token";
  return out;
}

enum class Unit { kTime, kTokenRate, kRequestRate };

// What each imported metric is, and what it rests on.
struct MetricSpec {
  std::string_view tag;
  std::string_view metric;  // the record's metric
  Unit unit;
  bool distribution;    // mean, p50, p90, p99 (else the average only)
  bool streaming_only;  // measured from streamed chunks: none without streaming
  bool rests_on_osl;    // computed from the output token count
  std::string_view what;
};

// Definitions from ai-dynamo/aiperf @ db4f6397 (aiperf/metrics/types/*.py) and
// triton-inference-server/perf_analyzer @ bae673ee (genai-perf llm_profile_data_parser.py).
constexpr MetricSpec kSpecs[] = {
    {"output_token_throughput", "aggregate-output", Unit::kTokenRate, false, false, true,
     "total output sequence length of the completed requests / benchmark duration"},
    {"total_token_throughput", "aggregate-total", Unit::kTokenRate, false, false, true,
     "(total input + total output sequence length) / benchmark duration"},
    {"request_throughput", "requests", Unit::kRequestRate, false, false, false,
     "completed requests / benchmark duration"},
    {"output_token_throughput_per_user", "per-user-decode", Unit::kTokenRate, true, true, true,
     "per request 1 / inter-token latency (TTFT excluded), then the statistic across requests"},
    {"time_to_first_token", "ttft", Unit::kTime, true, true, false,
     "per request, first streamed response - request start (client side, queueing included)"},
    {"inter_token_latency", "tpot", Unit::kTime, true, true, true,
     "per request (request latency - TTFT) / (output sequence length - 1), then the statistic "
     "across requests: what the record format calls TPOT"},
    {"inter_chunk_latency", "itl", Unit::kTime, true, true, false,
     "gaps between consecutive streamed chunks of every request, pooled (a chunk may hold more "
     "than one token)"},
    {"request_latency", "e2e-latency", Unit::kTime, true, false, false,
     "per request, last response - request start"},
};

constexpr std::pair<std::string_view, std::string_view> kStats[] = {
    {"avg", "mean"}, {"p50", "p50"}, {"p90", "p90"}, {"p99", "p99"}};

// The quantity unit for a unit string the tools write, or "" when it is not one of `u`.
std::string QuantityUnit(std::string_view s, Unit u) {
  switch (u) {
    case Unit::kTime:
      if (s == "ms" || s == "ns" || s == "us" || s == "s") return std::string(s);
      if (s == "sec") return "s";
      return "";
    case Unit::kTokenRate:
      if (s == "tokens/sec" || s == "tokens/sec/user" || s == "tokens/s" || s == "tok/s") {
        return "tok/s";
      }
      return "";
    case Unit::kRequestRate:
      if (s == "requests/sec" || s == "requests/s" || s == "req/s") return "req/s";
      return "";
  }
  return "";
}

std::string_view UnitHint(Unit u) {
  switch (u) {
    case Unit::kTime:
      return "a latency's unit is ms, ns, us, s or sec";
    case Unit::kTokenRate:
      return "a token rate's unit is tokens/sec or tokens/sec/user";
    case Unit::kRequestRate:
      return "a request rate's unit is requests/sec";
  }
  return "";
}

Dimension DimensionOf(Unit u) {
  switch (u) {
    case Unit::kTime:
      return Dimension::kTime;
    case Unit::kTokenRate:
      return Dimension::kTokenRate;
    case Unit::kRequestRate:
      return Dimension::kRequestRate;
  }
  return Dimension::kTime;
}

// A number as written in a note: the shortest exact text.
std::string N(double v) { return NumberText(v); }

struct Entry {
  Path path;  // JSON pointer tokens of the metric object
  const json* obj = nullptr;
};

class RunImporter {
 public:
  RunImporter(Tool tool, const SourceText& src, const JsonValueSpan& span, const json& run,
              const Context& ctx, Sink& sink)
      : tool_(tool),
        text_(TextOf(tool)),
        src_(src),
        span_(span),
        run_(run),
        ctx_(ctx),
        sink_(sink) {}

  // What the run states (nullopt when it has an error).
  std::optional<StatedRun> Run(const std::string& source_id);
  std::string date;          // YYYY-MM-DD from start_time, when the file states it
  std::string version_note;  // the tool's version, for the source record

 private:
  size_t Where(const Path& path) const { return Locate(src_.text(), span_, path); }
  Diagnostic At(const Path& path, Severity severity, DiagnosticCode code, std::string message,
                std::string hint) const {
    return src_.At(Where(path), severity, std::move(code),
                   fmt::format("{}{}: {}", span_.pointer_prefix, PointerOf(path), message),
                   std::move(hint));
  }
  void Error(const Path& path, DiagnosticCode code, std::string message, std::string hint) {
    sink_.Add(At(path, Severity::kError, std::move(code), std::move(message), std::move(hint)));
    failed_ = true;
  }
  // input_config values: the first of `paths` that is present.
  std::pair<const json*, Path> Config(std::initializer_list<std::string_view> paths) const {
    for (std::string_view p : paths) {
      if (const json* v = Dig(config_, p)) {
        Path path = SplitPath(p);
        path.insert(path.begin(), "input_config");
        return {v, path};
      }
    }
    return {nullptr, {}};
  }
  std::optional<double> Stat(const Entry& e, std::string_view stat);
  const Entry* Metric(std::string_view tag) const {
    auto it = metrics_.find(std::string(tag));
    return it == metrics_.end() ? nullptr : &it->second;
  }
  // A whole number >= `least` from a config value (an error when it is something else).
  std::optional<int64_t> Count(const json* v, const Path& path, int64_t least, std::string what);
  CondValue Length(const char* tag, const char* name, std::optional<double> asked,
                   const std::string& asked_key, std::vector<std::string>& notes);

  Tool tool_;
  const ToolText& text_;
  const SourceText& src_;
  const JsonValueSpan& span_;
  const json& run_;
  const Context& ctx_;
  Sink& sink_;
  bool failed_ = false;
  const json* config_ = nullptr;
  std::map<std::string, Entry> metrics_;
  std::vector<std::string> cli_;
};

std::optional<double> RunImporter::Stat(const Entry& e, std::string_view stat) {
  auto it = e.obj->find(stat);
  if (it == e.obj->end() || it->is_null()) return std::nullopt;
  Path path = e.path;
  path.emplace_back(stat);
  if (it->is_number()) return it->get<double>();
  if (it->is_string()) {
    // Early GenAI-Perf releases wrote the statistics as strings.
    if (auto d = ParseNumber(it->get<std::string>())) return d;
  }
  Error(path, "not-a-number", fmt::format("{} is not a number", it->dump()),
        fmt::format("{} writes each statistic as a number", text_.name));
  return std::nullopt;
}

std::optional<int64_t> RunImporter::Count(const json* v, const Path& path, int64_t least,
                                          std::string what) {
  if (v == nullptr) return std::nullopt;
  double d = 0;
  if (v->is_number()) {
    d = v->get<double>();
  } else if (v->is_string() && ParseNumber(v->get<std::string>())) {
    d = *ParseNumber(v->get<std::string>());
  } else {
    Error(path, "not-a-number", fmt::format("{} is not a number", v->dump()),
          fmt::format("{} is a whole number", what));
    return std::nullopt;
  }
  std::optional<int64_t> n = WholeNumberIn(d, static_cast<double>(least), 1e9);
  if (!n) {
    Error(path, "out-of-range", fmt::format("{} is not a {}", v->dump(), what),
          fmt::format("{} is a whole number >= {}", what, least));
  }
  return n;
}

// input_tokens / output_tokens: the length every request had, when the measured distribution
// is one value (min = max); else absent with the stated mean.
CondValue RunImporter::Length(const char* tag, const char* name, std::optional<double> asked,
                              const std::string& asked_key, std::vector<std::string>& notes) {
  const Entry* e = Metric(tag);
  std::string asked_text =
      asked ? fmt::format("; the run asked for {} ({})", N(*asked), asked_key) : "";
  bool output = std::string_view(name) == "output_tokens";
  std::string reasoning =
      output && Metric("reasoning_token_count") != nullptr ? " (reasoning tokens included)" : "";
  if (e == nullptr) {
    return CondValue::Absent(fmt::format("the file states no {}{}", tag, asked_text));
  }
  auto avg = Stat(*e, "avg");
  auto lo = Stat(*e, "min");
  auto hi = Stat(*e, "max");
  if (!avg) return CondValue::Absent(fmt::format("the file states no {} average", tag));
  int64_t least = output ? 1 : 0;
  if (lo && hi && *lo == *hi && *lo == *avg && *lo == std::floor(*lo) &&
      *lo >= static_cast<double>(least) && *lo <= 1e9) {
    notes.push_back(fmt::format("{} = {}: every request measured {} tokens ({} min = max){}{}.",
                                name, N(*lo), N(*lo), tag, reasoning, asked_text));
    return CondValue::Int(static_cast<int64_t>(*lo));
  }
  std::string range =
      lo && hi ? fmt::format(", min {}, max {}", N(*lo), N(*hi)) : std::string(", no min/max");
  notes.push_back(fmt::format("{} absent: {} mean {}{}{}{}.", name, tag, N(*avg), range, reasoning,
                              asked_text));
  return CondValue::Absent(
      fmt::format("the requests' lengths differ: {} mean {}{}{}, counted by the client's "
                  "tokenizer{}",
                  tag, N(*avg), range, reasoning, asked_text));
}

std::optional<StatedRun> RunImporter::Run(const std::string& source_id) {
  StatedRun run;
  std::vector<std::string>& notes = run.notes;
  run.source_id = source_id;
  run.id_prefix = std::string(text_.slug);
  // Identity: the run's content. Keys are JSON pointers into the run.
  run.hash = Fnv1a(run_.dump());
  run.at = [this](std::string_view key, Severity severity, DiagnosticCode code, std::string message,
                  std::string hint) {
    return At(PathOfPointer(key), severity, std::move(code), std::move(message), std::move(hint));
  };
  const bool aiperf = tool_ == Tool::kAiperf;

  // Layout.
  if (const json* sv = Dig(&run_, "schema_version"); sv && sv->is_string()) {
    std::string v = sv->get<std::string>();
    if (!v.starts_with("1.")) {
      Error({"schema_version"}, "unsupported-schema",
            fmt::format("schema_version {} is a layout this importer does not read", v),
            "the 1.x layouts (metric tags at the top level) are read; please report the file");
      return {};
    }
  }
  std::string layout;
  if (const json* records = Dig(&run_, "records"); records && records->is_object()) {
    layout = "the 'records' wrapper";
    for (auto it = records->begin(); it != records->end(); ++it) {
      if (!it->is_object()) continue;
      const json* tag = Dig(&*it, "tag");
      std::string key = tag && tag->is_string() ? tag->get<std::string>() : it.key();
      metrics_.emplace(NormalTag(key), Entry{{"records", it.key()}, &*it});
    }
  } else {
    layout = "metric tags at the top level";
    for (auto it = run_.begin(); it != run_.end(); ++it) {
      if (it->is_object() && it->contains("unit")) {
        metrics_.emplace(NormalTag(it.key()), Entry{{it.key()}, &*it});
      }
    }
  }
  if (metrics_.empty()) {
    sink_.Add(src_.At(span_.begin, Severity::kError, "no-metrics",
                      fmt::format("no metric objects ({{\"unit\": ..., \"avg\": ...}}): not a "
                                  "{} summary",
                                  text_.name),
                      fmt::format("import the {} of the run", text_.summary)));
    failed_ = true;
    return {};
  }
  for (const auto& [tag, e] : metrics_) {
    const json* u = Dig(e.obj, "unit");
    if (u != nullptr && !u->is_string()) {
      Path p = e.path;
      p.emplace_back("unit");
      Error(p, "bad-unit", fmt::format("{} is not a unit string", u->dump()),
            "each metric object states its unit as a string");
    }
  }
  if (failed_) return {};
  config_ = Dig(&run_, "input_config");
  if (config_ != nullptr && !config_->is_object()) config_ = nullptr;
  auto [cli_json, cli_path] = Config({"cli_command"});
  if (cli_json == nullptr) {
    if (const json* c = Dig(&run_, "run_info/cli_command")) {
      cli_json = c;
      cli_path = {"run_info", "cli_command"};
    }
  }
  std::string cli_text = cli_json && cli_json->is_string() ? cli_json->get<std::string>() : "";
  cli_ = ShellWords(cli_text);

  // Version of the tool (later AIPerf releases write it).
  std::vector<std::string> version;
  for (const char* key : {"aiperf_version", "schema_version", "benchmark_id"}) {
    if (const json* v = Dig(&run_, key); v && v->is_string()) {
      version.push_back(fmt::format("{} {}", key, v->get<std::string>()));
    }
  }
  version_note = version.empty() ? fmt::format("The file states no {} version.", text_.name)
                                 : fmt::format("{}.", fmt::join(version, ", "));
  notes.push_back(fmt::format("{} summary ({}). {}", text_.name, layout, version_note));
  if (const json* st = Dig(&run_, "start_time"); st && st->is_string()) {
    std::string s = st->get<std::string>();
    if (s.size() >= 10 && s[4] == '-' && s[7] == '-') date = s.substr(0, 10);
  }

  // Model: the served name(s).
  std::vector<std::string> names;
  Path names_path;
  auto take_names = [&](const json* v, const Path& path, const char* field) {
    if (v == nullptr || !names.empty()) return;
    if (v->is_string() && !v->get<std::string>().empty()) names.push_back(v->get<std::string>());
    if (v->is_array()) {
      for (const json& x : *v) {
        if (x.is_string() && !x.get<std::string>().empty()) names.push_back(x.get<std::string>());
        if (field != nullptr && x.is_object()) {
          if (const json* n = Dig(&x, field); n && n->is_string()) {
            names.push_back(n->get<std::string>());
          }
        }
      }
    }
    if (!names.empty()) names_path = path;
  };
  {
    auto [v, p] =
        aiperf ? Config({"endpoint/model_names", "model_names"}) : Config({"model", "model_names"});
    take_names(v, p, nullptr);
    auto [items, ip] = Config({"models/items"});
    take_names(items, ip, "name");
    if (names.empty()) {
      if (auto m = CliValue(cli_, {"-m", "--model", "--model-names"})) {
        size_t start = 0;
        while (start <= m->size()) {
          size_t comma = m->find(',', start);
          std::string one = m->substr(start, comma == std::string::npos ? comma : comma - start);
          if (!one.empty()) names.push_back(one);
          if (comma == std::string::npos) break;
          start = comma + 1;
        }
        if (!names.empty()) names_path = cli_path;
      }
    }
  }
  if (names.size() > 1) {
    Error(names_path, "several-models",
          fmt::format("the run sent requests to {} models ({}): its figures are not one "
                      "model's",
                      names.size(), fmt::join(names, ", ")),
          "import a run that profiled one model");
    return {};
  }
  run.no_model = src_.At(Where({"input_config"}), Severity::kError, "missing-field",
                         fmt::format("{}/input_config: the file names no model (no model name in "
                                     "input_config or the command line)",
                                     span_.pointer_prefix),
                         "pass --model ID to say which model the run served");
  std::string model_text = names.empty() ? ctx_.options().model : names[0];
  if (!names.empty()) {
    run.model_names = {model_text, std::string(BaseName(model_text))};
    run.model_display = model_text;
    run.model_key = PointerOf(names_path);
    run.model_how_suffix = fmt::format(" (the name the client sent, {})", PointerOf(names_path));
  }
  auto [service, service_path] = Config({"service_kind"});
  // A name the corpus does not know, with no --model: a draft model record is written for it.
  bool drafted = !names.empty() && ctx_.options().model.empty() &&
                 ctx_.ResolveModel(run.model_names).id.empty();
  if (service && service->is_string() && service->get<std::string>() == "triton" && drafted) {
    sink_.Add(At(names_path, Severity::kNote, "served-name",
                 fmt::format("'{}' is the name of a Triton model (service_kind triton), not of "
                             "the weights it serves",
                             model_text),
                 "pass --model ID to say which model the Triton model serves"));
  }
  if (auto [tok, tp] = Config({"tokenizer/name", "tokenizer"});
      tok && tok->is_string() && !tok->get<std::string>().empty()) {
    notes.push_back(fmt::format("Token counts are the client's, with tokenizer '{}'.",
                                tok->get<std::string>()));
  }

  // Streaming: without it there is no first token to time.
  std::optional<bool> streaming;
  std::string streaming_how;
  if (auto [s, sp] = Config({"endpoint/streaming", "streaming"}); s && s->is_boolean()) {
    streaming = s->get<bool>();
    streaming_how = PointerOf(sp);
  } else if (CliFlag(cli_, "--streaming")) {
    streaming = true;
    streaming_how = "--streaming in the command line";
  }

  // Load: the concurrency, or the request rate that drove it.
  std::optional<int64_t> concurrency;
  std::optional<double> rate;
  std::string load_how, rate_how;
  {
    auto [c, cp] = aiperf ? Config({"loadgen/concurrency"})
                          : Config({"concurrency", "perf_analyzer/stimulus/concurrency"});
    auto [r, rp] = aiperf ? Config({"loadgen/request_rate"})
                          : Config({"request_rate", "perf_analyzer/stimulus/request_rate"});
    if (aiperf && c == nullptr && r == nullptr) {
      // Later AIPerf: phases [{name, type, concurrency, rate, requests, exclude_from_results}].
      if (auto [phases, pp] = Config({"phases"}); phases && phases->is_array()) {
        const json* profiling = nullptr;
        size_t index = 0, at = 0, measured = 0;
        for (const json& ph : *phases) {
          const json* ex = Dig(&ph, "exclude_from_results");
          if (!(ex && ex->is_boolean() && ex->get<bool>())) {
            profiling = &ph;
            at = index;
            ++measured;
          }
          ++index;
        }
        if (measured == 1) {
          Path base = pp;
          base.push_back(std::to_string(at));
          if (const json* pc = Dig(profiling, "concurrency")) {
            c = pc;
            cp = base;
            cp.emplace_back("concurrency");
          }
          const json* type = Dig(profiling, "type");
          if (const json* pr = Dig(profiling, "rate");
              pr && !(type && type->is_string() && type->get<std::string>() == "concurrency")) {
            r = pr;
            rp = base;
            rp.emplace_back("rate");
          }
        } else if (measured > 1) {
          notes.push_back(
              fmt::format("{} phases count in the results; no one load is read.", measured));
        }
      }
    }
    if (c != nullptr) {
      concurrency = Count(c, cp, 1, "concurrency");
      load_how = PointerOf(cp);
    } else if (auto cv = CliValue(cli_, {"--concurrency"})) {
      json j = *cv;
      concurrency = Count(&j, cli_path, 1, "concurrency");
      load_how = "--concurrency in the command line";
    }
    if (r != nullptr) {
      if (r->is_number() && r->get<double>() > 0) {
        rate = r->get<double>();
        rate_how = PointerOf(rp);
      } else {
        Error(rp, "out-of-range", fmt::format("{} is not a request rate", r->dump()),
              "the request rate is a number of requests per second > 0");
      }
    } else if (auto rv = CliValue(cli_, {"--request-rate"})) {
      auto d = ParseNumber(*rv);
      if (d && *d > 0) {
        rate = *d;
        rate_how = "--request-rate in the command line";
      }
    }
    if (failed_) return {};
  }
  std::string load_text, load_slug;
  CondValue concurrency_cond;
  if (concurrency) {
    load_text = fmt::format("concurrency {}", *concurrency);
    load_slug = fmt::format("c{}", *concurrency);
    concurrency_cond = CondValue::Int(*concurrency);
    notes.push_back(
        fmt::format("concurrency {} ({}): the client keeps at most that many requests in flight{}.",
                    *concurrency, load_how,
                    rate ? fmt::format(", issued at request_rate {} req/s ({})", N(*rate), rate_how)
                         : std::string(" (closed loop)")));
  } else if (rate) {
    load_text = fmt::format("request_rate {} req/s", N(*rate));
    load_slug = fmt::format("r{}", Slug(N(*rate)));
    concurrency_cond = CondValue::Absent(
        fmt::format("open-loop arrivals at request_rate {} req/s ({}) with no concurrency cap; the "
                    "achieved concurrency is not reported",
                    N(*rate), rate_how));
  } else {
    load_text = "load not stated";
    load_slug = "load-unknown";
    concurrency_cond = CondValue::Absent(
        aiperf ? "input_config states no concurrency or request rate (AIPerf writes only the "
                 "options set on the command line; the default is not recorded)"
               : "input_config states no concurrency or request rate");
  }
  // The arrival mode: `request_rate_mode` in older AIPerf, `arrival_pattern` in newer.
  if (auto [mode, mp] = Config({"loadgen/request_rate_mode"}); mode && mode->is_string()) {
    notes.push_back(fmt::format("request_rate_mode {}.", mode->get<std::string>()));
  } else if (auto [pattern, pp] = Config({"loadgen/arrival_pattern"});
             pattern && pattern->is_string()) {
    notes.push_back(fmt::format("arrival_pattern {}.", pattern->get<std::string>()));
  }
  for (const char* key : {"request_count", "loadgen/request_count", "measurement_interval",
                          "perf_analyzer/measurement/num"}) {
    if (auto [v, vp] = Config({key}); v && (v->is_number() || v->is_string())) {
      notes.push_back(fmt::format("input_config {} = {}.", key, v->dump()));
    }
  }

  // Warmup.
  CondValue warmup = CondValue::Absent(
      aiperf ? "input_config states no warmup (AIPerf writes only the options set on the "
               "command line)"
             : "input_config states no warmup_request_count");
  {
    auto [w, wp] = Config({"loadgen/warmup_request_count", "warmup_request_count",
                           "perf_analyzer/warmup_request_count"});
    std::optional<int64_t> n;
    std::string how;
    if (w != nullptr) {
      n = Count(w, wp, 0, "warmup request count");
      how = PointerOf(wp);
    } else if (auto [phases, pp] = Config({"phases"}); phases && phases->is_array()) {
      for (const json& ph : *phases) {
        const json* ex = Dig(&ph, "exclude_from_results");
        const json* req = Dig(&ph, "requests");
        if (ex && ex->is_boolean() && ex->get<bool>() && req && req->is_number_integer() &&
            req->get<int64_t>() >= 0) {
          n = req->get<int64_t>();
          const json* name = Dig(&ph, "name");
          how = fmt::format("phase '{}', excluded from the results",
                            name && name->is_string() ? name->get<std::string>() : "?");
          break;
        }
      }
    } else if (auto cv = CliValue(cli_, {"--warmup-request-count"})) {
      if (auto d = ParseNumber(*cv); d && *d >= 0 && *d == std::floor(*d) && *d < 1e9) {
        n = static_cast<int64_t>(*d);
        how = "--warmup-request-count in the command line";
      }
    }
    if (failed_) return {};
    if (n && *n == 0) {
      warmup = CondValue::Bool(false);
      notes.push_back(fmt::format("No warmup requests ({} = 0).", how));
    } else if (n) {
      warmup = CondValue::Str(
          fmt::format("{} warmup request{}, not in the figures ({})", *n, *n == 1 ? "" : "s", how));
    }
  }

  // Lengths.
  std::optional<double> asked_in, asked_out;
  std::string asked_in_key, asked_out_key;
  {
    auto [ai, aip] = Config({"input/prompt/input_tokens/mean", "synthetic_input_tokens_mean",
                             "input/synthetic_tokens/mean"});
    if (ai && ai->is_number() && ai->get<double>() > 0) {
      asked_in = ai->get<double>();
      asked_in_key = PointerOf(aip);
    }
    auto [ao, aop] = Config(
        {"input/prompt/output_tokens/mean", "output_tokens_mean", "input/output_tokens/mean"});
    if (ao && ao->is_number() && ao->get<double>() > 0) {
      asked_out = ao->get<double>();
      asked_out_key = PointerOf(aop);
    }
  }
  CondValue input_tokens =
      Length("input_sequence_length", "input_tokens", asked_in, asked_in_key, notes);
  CondValue output_tokens =
      Length("output_sequence_length", "output_tokens", asked_out, asked_out_key, notes);
  if (failed_) return {};
  if (const Entry* r = Metric("reasoning_token_count")) {
    auto ravg = Stat(*r, "avg");
    const Entry* oc = Metric("output_token_count");
    auto oavg = oc ? Stat(*oc, "avg") : std::nullopt;
    auto ocount = oc ? Stat(*oc, "count") : std::nullopt;
    if (ravg) {
      notes.push_back(fmt::format(
          "A reasoning model: the output sequence length counts reasoning tokens (mean {} per "
          "request){}.",
          N(*ravg),
          oavg ? fmt::format(
                     "; the visible output_token_count has mean {}{}", N(*oavg),
                     ocount ? fmt::format(" over the {} requests that produced any", N(*ocount))
                            : "")
               : ""));
    }
  }
  // An output far longer than asked: GenAI-Perf 24.11-24.12 counted streamed output about 5x
  // too high (per its maintainers in perf_analyzer issue 298); a wrong tokenizer does too.
  bool osl_suspect = false;
  if (const Entry* osl = Metric("output_sequence_length"); osl && asked_out) {
    auto avg = Stat(*osl, "avg");
    if (avg && *avg > 1.5 * *asked_out) {
      osl_suspect = true;
      Path p = osl->path;
      p.emplace_back("avg");
      sink_.Add(At(p, Severity::kWarning, "osl-exceeds-request",
                   fmt::format("the mean output length {} is {:.2f}x the {} tokens asked ({})",
                               N(*avg), *avg / *asked_out, N(*asked_out), asked_out_key),
                   "a streaming token-count defect (GenAI-Perf 24.11-24.12) or a wrong "
                   "--tokenizer inflates it; the figures computed from it are imported as "
                   "draft"));
      notes.push_back(fmt::format(
          "The mean output length {} is {:.2f}x the {} asked: the figures computed from it are "
          "draft.",
          N(*avg), *avg / *asked_out, N(*asked_out)));
    }
  }

  // Requests that completed, and those that did not.
  std::string done_text;
  if (const Entry* rc = Metric("request_count")) {
    if (auto v = Stat(*rc, "avg")) done_text = N(*v);
  }
  if (!done_text.empty()) notes.push_back(fmt::format("{} requests completed.", done_text));
  if (const Entry* ec = Metric("error_request_count")) {
    if (auto v = Stat(*ec, "avg"); v && *v > 0) {
      std::vector<std::string> kinds;
      for (const char* key : {"error_summary", "errors_by_type"}) {
        const json* list = Dig(&run_, key);
        if (list == nullptr || !list->is_array()) continue;
        for (const json& item : *list) {
          const json* type = Dig(&item, "error_details/type");
          const json* code = Dig(&item, "error_details/code");
          const json* count = Dig(&item, "count");
          kinds.push_back(fmt::format(
              "{}{} x {}", type && type->is_string() ? type->get<std::string>() : "error",
              code ? fmt::format(" (code {})", code->dump()) : "", count ? count->dump() : "?"));
        }
      }
      notes.push_back(
          fmt::format("{} requests ended in error{}; the figures are over the completed requests.",
                      N(*v), kinds.empty() ? "" : fmt::format(" ({})", fmt::join(kinds, ", "))));
    }
  }
  if (auto [cr, crp] = Config({"loadgen/request_cancellation_rate"}); cr && cr->is_number()) {
    notes.push_back(fmt::format(
        "request_cancellation_rate {}: the client cancelled that percentage of requests on "
        "purpose.",
        cr->dump()));
  }
  bool cancelled = false;
  if (const json* wc = Dig(&run_, "was_cancelled"); wc && wc->is_boolean() && wc->get<bool>()) {
    cancelled = true;
    sink_.Add(At({"was_cancelled"}, Severity::kWarning, "run-cancelled",
                 "the run was cancelled before it finished: its figures cover part of it",
                 "re-run to completion; the records are imported as draft"));
    notes.push_back("The run was cancelled before it finished (was_cancelled): draft.");
  }

  // Hardware: AIPerf's GPU telemetry names the GPUs it watched.
  std::vector<std::string> gpu_names;
  size_t gpus = 0, endpoints = 0;
  if (const json* eps = Dig(&run_, "telemetry_data/endpoints"); eps && eps->is_object()) {
    for (const json& ep : *eps) {
      const json* list = Dig(&ep, "gpus");
      if (list == nullptr || !list->is_object() || list->empty()) continue;
      ++endpoints;
      for (const json& g : *list) {
        const json* name = Dig(&g, "gpu_name");
        if (name == nullptr || !name->is_string() || name->get<std::string>().empty()) continue;
        ++gpus;
        std::string n = name->get<std::string>();
        if (std::find(gpu_names.begin(), gpu_names.end(), n) == gpu_names.end()) {
          gpu_names.push_back(n);
        }
      }
    }
  }
  run.hardware.value = fmt::format("{}", fmt::join(gpu_names, ", "));
  run.hardware.key = gpus > 0 ? "/telemetry_data" : "/input_config";
  std::string telemetry_text =
      gpus > 0 ? fmt::format("AIPerf GPU telemetry watched {} GPU(s) ({}) on {} endpoint(s)", gpus,
                             run.hardware.value, endpoints)
               : "";
  run.hardware_unstated = fmt::format("the {} summary records no hardware{}", text_.name,
                                      aiperf ? " (AIPerf names GPUs only with GPU telemetry)" : "");
  if (gpus > 0) {
    notes.push_back(fmt::format("Hardware from telemetry_data: {}.", telemetry_text));
    // Telemetry lists every GPU it watched, not those that served: no count is read from it,
    // nor from the "N x" of --hardware.
    run.count_absent =
        fmt::format("{}; which of them served the model is not recorded", telemetry_text);
    run.count_from_hardware_flag = false;
  }

  // Conditions shared by every record of the run.
  std::string client_of;
  {
    std::vector<std::string> bits;
    for (const char* key : {"endpoint/type", "endpoint_type", "service_kind", "backend",
                            "endpoint/url", "u", "url"}) {
      if (auto [v, vp] = Config({key}); v && v->is_string() && !v->get<std::string>().empty()) {
        bits.push_back(fmt::format("{} '{}'", SplitPath(key).back(), v->get<std::string>()));
      }
    }
    client_of = bits.empty() ? "" : fmt::format(" ({})", fmt::join(bits, ", "));
  }
  run.load = concurrency_cond;
  run.input_tokens = input_tokens;
  run.output_tokens = output_tokens;
  std::vector<std::pair<std::string, CondValue>>& conditions = run.conditions;
  conditions.emplace_back("engine", CondValue::Absent(fmt::format(
                                        "{} is a client{}; the serving engine is not recorded",
                                        text_.name, client_of)));
  run.engine_version_absent = fmt::format("{} records no server version", text_.name);
  conditions.emplace_back("warmup", warmup);
  conditions.emplace_back("scenario", CondValue::Absent(fmt::format(
                                          "an online serving run ({}, {}), not an MLPerf scenario",
                                          text_.name, load_text)));
  conditions.emplace_back("speculative",
                          CondValue::Absent("the server configuration is not recorded"));

  run.load_slug = load_slug;
  // The offered load of an open-loop (or rate-limited) run: request_rate x the mean output.
  run.request_rate = rate.value_or(0);
  if (const Entry* osl = Metric("output_sequence_length")) {
    if (auto avg = Stat(*osl, "avg")) run.mean_output = *avg;
  }

  // The streaming-only metrics, and what is not imported.
  std::vector<std::string> dropped;
  std::string stream_note;
  if (streaming != true) {
    for (const MetricSpec& spec : kSpecs) {
      if (spec.streaming_only && Metric(spec.tag)) dropped.emplace_back(spec.tag);
    }
    std::string why = streaming == false
                          ? fmt::format("the run did not stream ({} is false)", streaming_how)
                          : std::string("the file does not state that the run streamed");
    if (!dropped.empty()) {
      stream_note = fmt::format("Not imported: {}: {}", fmt::join(dropped, ", "), why);
      const Entry* t = Metric("time_to_first_token");
      const Entry* l = Metric("request_latency");
      if (t && l && Stat(*t, "avg") && Stat(*t, "avg") == Stat(*l, "avg")) {
        stream_note +=
            " (its time_to_first_token equals its request_latency: the whole "
            "response arrives at once)";
      }
      stream_note += ".";
    }
  } else {
    notes.push_back(fmt::format("Streaming ({}).", streaming_how));
  }
  if (failed_) return {};
  std::vector<std::string> also;
  bool e2e_rate = false;
  for (const char* tag :
       {"time_to_second_token", "output_token_throughput_per_request",
        "e2e_output_token_throughput", "prefill_throughput", "prefill_throughput_per_user",
        "time_to_last_token", "goodput", "request_goodput"}) {
    if (const Entry* e = Metric(tag)) {
      auto v = Stat(*e, "avg");
      const json* u = Dig(e->obj, "unit");
      if (v) {
        e2e_rate = e2e_rate || std::string_view(tag) == "output_token_throughput_per_request" ||
                   std::string_view(tag) == "e2e_output_token_throughput";
        also.push_back(fmt::format("{} mean {}{}", tag, N(*v),
                                   u && u->is_string() ? " " + u->get<std::string>() : ""));
      }
    }
  }
  if (failed_) return {};
  std::string also_note =
      also.empty()
          ? ""
          : fmt::format(" Also in the file, not imported: {}.{}", fmt::join(also, "; "),
                        e2e_rate ? " Per request, output_token_throughput_per_request and "
                                   "e2e_output_token_throughput are the output length / the "
                                   "request latency, TTFT included: not a decode rate, and the "
                                   "record format has no such metric."
                                 : "");

  run.every_tail = fmt::format("{}{}", stream_note.empty() ? "" : " " + stream_note, also_note);
  for (const MetricSpec& spec : kSpecs) {
    const Entry* e = Metric(spec.tag);
    if (e == nullptr) continue;
    if (spec.streaming_only && streaming != true) continue;
    Path unit_path = e->path;
    unit_path.emplace_back("unit");
    const json* u = Dig(e->obj, "unit");
    std::string unit = u ? QuantityUnit(u->get<std::string>(), spec.unit) : "";
    if (unit.empty()) {
      Error(u ? unit_path : e->path, "unknown-unit",
            u ? fmt::format("unit '{}' is not one rooflint reads for {}", u->get<std::string>(),
                            spec.tag)
              : fmt::format("{} states no unit", spec.tag),
            std::string(UnitHint(spec.unit)));
      continue;
    }
    for (const auto& [stat, statistic] : kStats) {
      if (!spec.distribution && stat != "avg") break;
      auto v = Stat(*e, stat);
      if (!v) continue;
      Path p = e->path;
      p.emplace_back(stat);
      std::string pointer = PointerOf(p);
      StatedFigure f;
      f.metric = std::string(spec.metric);
      f.statistic = std::string(statistic);
      f.value = *v;
      f.unit = unit;
      f.dimension = DimensionOf(spec.unit);
      // The file's name is in the source record: a renamed copy gives the same record.
      f.key = pointer;
      f.what = fmt::format("{}{}: {}", span_.pointer_prefix, pointer, spec.tag);
      f.offset = Where(p);
      bool draft = cancelled || (osl_suspect && spec.rests_on_osl);
      f.status = draft ? "draft" : "verified";
      f.title =
          fmt::format("{} {} {}, {}, {}", text_.name, statistic, spec.tag, model_text, load_text);
      f.lead = fmt::format("{} {} ({}): {}.", text_.name, spec.tag, statistic, spec.what);
      if (draft && osl_suspect && spec.rests_on_osl) {
        f.lead += " Draft: it is computed from an output length far above the one asked.";
      }
      run.figures.push_back(std::move(f));
    }
  }
  if (failed_) return {};
  if (run.figures.empty()) {
    sink_.Add(
        src_.At(span_.begin, Severity::kError, "no-metrics",
                fmt::format("no figure to import{}", stream_note.empty() ? "" : ": " + stream_note),
                "a summary with output_token_throughput, request_latency or (streaming) "
                "time_to_first_token is imported"));
    failed_ = true;
    return {};
  }
  return run;
}

void Refuse(const SourceText& src, Shape shape, Sink& sink) {
  switch (shape) {
    case Shape::kAiperfCsv:
    case Shape::kGenaiCsv: {
      bool aiperf = shape == Shape::kAiperfCsv;
      sink.Add(src.At(
          0, Severity::kError, "csv-not-imported",
          fmt::format("{} CSV summary: it states no model, no concurrency or request rate and "
                      "not whether the run streamed, and rounds every figure to 2 decimals",
                      aiperf ? "an AIPerf" : "a GenAI-Perf"),
          fmt::format("import {} from the same artifacts folder: the same statistics, unrounded, "
                      "with the run's configuration",
                      aiperf ? "profile_export_aiperf.json" : "profile_export_genai_perf.json")));
      return;
    }
    case Shape::kAiperfPerRequest:
      sink.Add(src.At(0, Severity::kError, "per-request-file",
                      "an AIPerf per-request export (profile_export.jsonl): one line per request, "
                      "not the run's statistics or configuration",
                      "import profile_export_aiperf.json from the same artifacts folder: it "
                      "summarises these requests with the run's configuration"));
      return;
    default:
      return;
  }
}

void ImportSummary(Tool tool, const ImportFile& file, const Context& ctx, ImportResult& out) {
  const ToolText& text = TextOf(tool);
  FileImport fi(file, out);
  const SourceText& src = fi.src();
  Sink& sink = fi.sink();
  if (fi.RefuseInvalidUtf8(fmt::format("{} writes UTF-8; was the file converted?", text.name))) {
    return;
  }
  Shape shape = ShapeOf(file.text);
  if (shape == Shape::kAiperfCsv || shape == Shape::kGenaiCsv ||
      shape == Shape::kAiperfPerRequest) {
    Refuse(src, shape, sink);
    return;
  }
  auto results =
      SplitResults(src, false, fmt::format("no JSON object: a {} summary is one object", text.name),
                   fmt::format("import the {} of the run", text.summary), sink);
  if (!results) return;
  std::string date, version;
  std::string source_id = SourceIdOf(ctx, fmt::format("{}-run", text.slug), fi.file_hash());
  for (const JsonValueSpan& span : results->split.values) {
    std::string what = fmt::format("the object at line {}", src.LineColumn(span.begin).first);
    auto run = ParseRunSpan(src, results->text(), span, what, {text.name, "summary", true},
                            Nested::kKept, sink);
    if (!run) continue;
    RunImporter importer(tool, src, span, *run, ctx, sink);
    if (auto stated = importer.Run(source_id)) AddRun(std::move(*stated), ctx, fi, span.begin);
    if (date.empty()) date = importer.date;
    if (version.empty()) version = importer.version_note;
  }
  std::optional<SourceDraft> source;
  if (ctx.options().source.empty()) {
    source = LocalRunSource(
        source_id, fmt::format("{} summary, {}", text.name, BaseName(file.path)),
        fmt::format("{} {} run", tool == Tool::kAiperf ? "an" : "a", text.name),
        std::string(text.url), date,
        fmt::format(
            "Imported by rooflint from '{}' ({} bytes, content hash {}). {} The url is the tool "
            "that wrote the file, not the file: a local run has no address.{}",
            BaseName(file.path), file.text.size(), fi.file_hash(), version,
            date.empty() ? " The date is the import date: the file states none."
                         : " The date is the run's start_time."));
  }
  fi.Emit(source);
}

}  // namespace

bool LooksLikeAiperf(std::string_view text) {
  Shape s = ShapeOf(text);
  return s == Shape::kAiperfJson || s == Shape::kAiperfCsv || s == Shape::kAiperfPerRequest;
}

bool LooksLikeGenaiPerf(std::string_view text) {
  Shape s = ShapeOf(text);
  return s == Shape::kGenaiJson || s == Shape::kGenaiCsv;
}

void ImportAiperf(const ImportFile& file, const Context& ctx, ImportResult& out) {
  ImportSummary(Tool::kAiperf, file, ctx, out);
}

void ImportGenaiPerf(const ImportFile& file, const Context& ctx, ImportResult& out) {
  ImportSummary(Tool::kGenaiPerf, file, ctx, out);
}

}  // namespace rooflint::import
