// MLPerf Inference results (mlperf_log_summary.txt, the :::MLLOG lines of
// mlperf_log_detail.txt, the systems/<system>.json description) to records: tokens/s is the
// system's aggregate output; a Server run's TTFT and TPOT statistics (ns) are latency records.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "import/common.h"
#include "rooflint/precision.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;
using json = nlohmann::json;

std::string Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return std::string(s);
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A value of the summary ("key : value"), with the offset of the value.
struct SummaryValue {
  std::string text;
  size_t offset = 0;
};

struct Summary {
  const ImportFile* file = nullptr;
  std::map<std::string, SummaryValue> values;  // by lowercased key; the first one wins
  const SummaryValue* Find(std::string_view key) const {
    auto it = values.find(Lower(key));
    return it == values.end() ? nullptr : &it->second;
  }
};

Summary ParseSummary(const ImportFile& f) {
  Summary s;
  s.file = &f;
  std::string_view t = f.text;
  size_t pos = 0;
  while (pos < t.size()) {
    size_t eol = t.find('\n', pos);
    std::string_view line = t.substr(pos, eol == kNpos ? kNpos : eol - pos);
    size_t colon = line.find(':');
    if (colon != kNpos) {
      std::string key = Lower(Trim(line.substr(0, colon)));
      size_t v = colon + 1;
      while (v < line.size() && line[v] == ' ') ++v;
      std::string value = Trim(line.substr(v));
      if (!key.empty() && !s.values.count(key)) s.values[key] = {value, pos + v};
    }
    pos = eol == kNpos ? t.size() : eol + 1;
  }
  return s;
}

// The :::MLLOG events the importer reads, by key, with the line each stands on.
struct DetailValue {
  json value;
  size_t offset = 0;
};
struct Detail {
  const ImportFile* file = nullptr;
  std::map<std::string, DetailValue> values;
  std::vector<size_t> errors;  // offsets of events flagged is_error
};

bool Wanted(std::string_view key) {
  static constexpr std::string_view kKeys[] = {"loadgen_version",
                                               "test_datetime",
                                               "sut_name",
                                               "effective_scenario",
                                               "requested_scenario",
                                               "effective_samples_per_query",
                                               "effective_target_qps",
                                               "result_validity",
                                               "result_tokens_per_second",
                                               "result_samples_per_second",
                                               "result_completed_tokens_per_second",
                                               "result_completed_samples_per_second",
                                               "effective_use_token_latencies",
                                               "result_first_token_mean_latency_ns",
                                               "result_time_per_output_token_mean_ns",
                                               "result_mean_latency_ns"};
  return std::find(std::begin(kKeys), std::end(kKeys), key) != std::end(kKeys);
}

Detail ParseDetail(const ImportFile& f, const SourceText& src, Sink& sink) {
  Detail d;
  d.file = &f;
  std::string_view t = f.text;
  size_t pos = 0;
  while (pos < t.size()) {
    size_t eol = t.find('\n', pos);
    std::string_view line = t.substr(pos, eol == kNpos ? kNpos : eol - pos);
    size_t here = pos;
    pos = eol == kNpos ? t.size() : eol + 1;
    if (!line.starts_with(":::MLLOG ")) continue;
    // Most lines are the sample-index dump: read the key without parsing the line.
    size_t k = line.find("\"key\": \"");
    if (k == kNpos) continue;
    size_t kend = line.find('"', k + 8);
    if (kend == kNpos) continue;
    std::string_view key = line.substr(k + 8, kend - k - 8);
    bool error = line.find("\"is_error\": true") != kNpos;
    if (error) d.errors.push_back(here);
    if (!Wanted(key) || d.values.count(std::string(key))) continue;
    json event;
    try {
      event = json::parse(line.substr(9));
    } catch (const json::parse_error& e) {
      size_t at = here + 9 + (e.byte > 0 ? e.byte - 1 : 0);
      std::string msg = e.what();
      size_t colon = msg.find(": ");
      sink.Add(src.At(std::min(at, t.size()), Severity::kError, "bad-json",
                      fmt::format("the '{}' event is not valid JSON: {}", key,
                                  colon == std::string::npos ? msg : msg.substr(colon + 2)),
                      "a cut or edited detail log; use the file LoadGen wrote"));
      continue;
    }
    if (!event.is_object() || !event.contains("value")) {
      sink.Add(src.At(here, Severity::kError, "bad-event",
                      fmt::format("the '{}' event has no value", key),
                      "a :::MLLOG event is {\"key\": ..., \"value\": ..., ...}"));
      continue;
    }
    d.values[std::string(key)] = {event["value"], here + 9};
  }
  return d;
}

// A systems/<system>.json or measurements JSON, parsed.
struct JsonFile {
  const ImportFile* file = nullptr;
  json value;
};

std::string Scenario(std::string_view s) {
  std::string l = Lower(s);
  if (l == "offline") return "offline";
  if (l == "server") return "server";
  if (l == "singlestream" || l == "single-stream") return "single-stream";
  if (l == "interactive") return "interactive";
  return "";
}

std::string JsonText(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_float()) return NumberText(v.get<double>());
  return v.dump();
}

// A count from the systems JSON: an integer, or a numeric string ("8").
std::optional<int64_t> JsonCount(const json& obj, const char* key) {
  auto it = obj.find(key);
  if (it == obj.end()) return std::nullopt;
  std::optional<double> v;
  if (it->is_number()) v = it->get<double>();
  if (it->is_string()) v = ParseNumber(it->get<std::string>());
  if (!v || *v < 1 || *v > 1e6 || *v != std::floor(*v)) return std::nullopt;
  return static_cast<int64_t>(*v);
}

struct LatencyLine {
  std::string metric;     // ttft, tpot
  std::string statistic;  // mean, p50, p90, p99
  std::string label;      // as the summary writes it
  const SummaryValue* value;
};

// The Server summary's token latencies: "Mean First Token latency (ns)", "99.00 percentile
// time to output token (ns)" (v4.1) or "... time per output token (ns)" (later).
std::vector<LatencyLine> TokenLatencies(const Summary& s, std::vector<std::string>& skipped) {
  std::vector<LatencyLine> out;
  for (const auto& [key, v] : s.values) {
    std::string metric;
    if (key.find("first token latency (ns)") != kNpos) metric = "ttft";
    if (key.find("time to output token (ns)") != kNpos ||
        key.find("time per output token (ns)") != kNpos) {
      metric = "tpot";
    }
    if (metric.empty()) continue;
    std::string stat;
    if (key.starts_with("mean ")) {
      stat = "mean";
    } else if (key.starts_with("50.00 percentile")) {
      stat = "p50";
    } else if (key.starts_with("90.00 percentile")) {
      stat = "p90";
    } else if (key.starts_with("99.00 percentile")) {
      stat = "p99";
    } else {
      if (!key.starts_with("min ") && !key.starts_with("max ")) skipped.push_back(key);
      continue;
    }
    out.push_back({metric, stat, key, &v});
  }
  std::sort(out.begin(), out.end(), [](const LatencyLine& a, const LatencyLine& b) {
    return std::tie(a.metric, a.statistic) < std::tie(b.metric, b.statistic);
  });
  return out;
}

// The directory part of a path ("" for a bare name).
std::string_view DirName(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return slash == kNpos ? std::string_view() : path.substr(0, slash);
}

// Names a path may give the benchmark by: every folder and every '_'-piece of the file name
// ("closed/NVIDIA/results/<system>/llama2-70b-99.9/Offline/...").
std::vector<std::string> PathNames(std::string_view path) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    std::string part(path.substr(start, slash == kNpos ? kNpos : slash - start));
    if (slash == kNpos) {
      size_t p = 0;
      while (p <= part.size()) {
        size_t u = part.find('_', p);
        out.push_back(part.substr(p, u == std::string::npos ? std::string::npos : u - p));
        if (u == std::string::npos) break;
        p = u + 1;
      }
      break;
    }
    if (!part.empty()) out.push_back(part);
    start = slash + 1;
  }
  return out;
}

class RunImporter {
 public:
  RunImporter(const Summary* summary, const Detail* detail, const JsonFile* system,
              const JsonFile* measurements, const Context& ctx, Sink& sink)
      : summary_(summary),
        detail_(detail),
        system_(system),
        measurements_(measurements),
        ctx_(ctx),
        sink_(sink) {
    const ImportFile* f = summary ? summary->file : detail->file;
    src_.emplace(f->path, f->text);
    if (detail) detail_src_.emplace(detail->file->path, detail->file->text);
    if (system) system_src_.emplace(system->file->path, system->file->text);
  }

  void Run(ImportResult& out);

 private:
  Diagnostic SummaryAt(const SummaryValue* v, Severity sev, std::string code, std::string msg,
                       std::string hint) const {
    return src_->At(v ? v->offset : kNpos, sev, std::move(code), std::move(msg), std::move(hint));
  }
  Diagnostic SystemAt(std::string_view key, Severity sev, std::string code, std::string msg,
                      std::string hint) const {
    JsonValueSpan span;
    span.begin = system_src_->text().find('{');
    span.end = system_src_->text().size();
    size_t at = span.begin == kNpos ? kNpos : FindJsonKey(system_src_->text(), span, key);
    return system_src_->At(at, sev, std::move(code), fmt::format("/{}: {}", PointerToken(key), msg),
                           std::move(hint));
  }
  const DetailValue* DetailFind(const std::string& key) const {
    if (!detail_) return nullptr;
    auto it = detail_->values.find(key);
    return it == detail_->values.end() ? nullptr : &it->second;
  }
  std::string SystemString(const char* key) const {
    if (!system_) return "";
    auto it = system_->value.find(key);
    return it != system_->value.end() && it->is_string() ? Trim(it->get<std::string>()) : "";
  }

  const Summary* summary_;
  const Detail* detail_;
  const JsonFile* system_;
  const JsonFile* measurements_;
  const Context& ctx_;
  Sink& sink_;
  std::optional<SourceText> src_;
  std::optional<SourceText> detail_src_;
  std::optional<SourceText> system_src_;
};

void RunImporter::Run(ImportResult& out) {
  bool failed = false;
  auto error = [&](Diagnostic d) {
    sink_.Add(std::move(d));
    failed = true;
  };
  const std::string main_path = summary_ ? summary_->file->path : detail_->file->path;
  std::vector<std::string> notes;

  // Scenario, throughput and validity: the summary first, the detail log otherwise.
  std::string scenario_text;
  const SummaryValue* scenario_at = summary_ ? summary_->Find("Scenario") : nullptr;
  if (scenario_at) scenario_text = scenario_at->text;
  if (const DetailValue* d = DetailFind("effective_scenario"); d && d->value.is_string()) {
    std::string ds = d->value.get<std::string>();
    if (scenario_text.empty()) {
      scenario_text = ds;
    } else if (Lower(ds) != Lower(scenario_text)) {
      sink_.Add(detail_src_->At(d->offset, Severity::kWarning, "files-disagree",
                                fmt::format("the detail log's scenario '{}' is not the "
                                            "summary's '{}'; the summary's is kept",
                                            ds, scenario_text),
                                "import the summary and detail log of one run together"));
    }
  }
  std::string scenario = Scenario(scenario_text);
  if (scenario.empty()) {
    error(SummaryAt(scenario_at, Severity::kError, "unknown-scenario",
                    scenario_text.empty()
                        ? std::string("no 'Scenario' line")
                        : fmt::format("scenario '{}' has no rooflint equivalent", scenario_text),
                    "rooflint records Offline, Server, SingleStream and Interactive runs"));
    return;
  }
  if (const SummaryValue* mode = summary_ ? summary_->Find("Mode") : nullptr;
      mode && mode->text != "PerformanceOnly") {
    error(SummaryAt(mode, Severity::kError, "not-a-performance-run",
                    fmt::format("mode '{}' is not a performance run", mode->text),
                    "import performance/run_1/mlperf_log_summary.txt, not the accuracy run"));
    return;
  }
  std::string tps_text;
  std::string tps_label;
  const SummaryValue* tps_at = nullptr;
  for (const char* label : {"Tokens per second", "Completed tokens per second"}) {
    if (summary_ && (tps_at = summary_->Find(label))) {
      tps_text = tps_at->text;
      tps_label = label;
      break;
    }
  }
  const DetailValue* dtps = DetailFind("result_tokens_per_second");
  if (!dtps) dtps = DetailFind("result_completed_tokens_per_second");
  if (tps_text.empty() && dtps && dtps->value.is_number()) {
    tps_text = JsonText(dtps->value);
    tps_label = "result_tokens_per_second";
  } else if (!tps_text.empty() && dtps && dtps->value.is_number()) {
    auto a = ParseNumber(tps_text);
    double b = dtps->value.get<double>();
    if (a && std::fabs(*a - b) > 1e-6 * std::max(std::fabs(*a), std::fabs(b))) {
      sink_.Add(detail_src_->At(dtps->offset, Severity::kWarning, "files-disagree",
                                fmt::format("the detail log's tokens per second {} is not the "
                                            "summary's {}; the summary's is kept",
                                            JsonText(dtps->value), tps_text),
                                "import the summary and detail log of one run together"));
    }
  }
  if (tps_text.empty()) {
    error(SummaryAt(nullptr, Severity::kError, "no-tokens-per-second",
                    "no 'Tokens per second' (Offline) or 'Completed tokens per second' "
                    "(Server) line",
                    "only LLM benchmarks report tokens per second; rooflint imports those"));
    return;
  }
  if (!ParseNumber(tps_text)) {
    error(SummaryAt(tps_at, Severity::kError, "not-a-number",
                    fmt::format("{}: '{}' is not a number", tps_label, tps_text),
                    "LoadGen writes a decimal number"));
    return;
  }
  std::string validity;
  const SummaryValue* valid_at = summary_ ? summary_->Find("Result is") : nullptr;
  if (valid_at) validity = valid_at->text;
  if (const DetailValue* d = DetailFind("result_validity"); d && d->value.is_string()) {
    if (validity.empty()) validity = d->value.get<std::string>();
  }
  std::string status = "verified";
  if (validity == "INVALID") {
    status = "draft";
    Diagnostic d = valid_at ? SummaryAt(valid_at, Severity::kWarning, "invalid-result", "", "")
                            : detail_src_->At(DetailFind("result_validity")->offset,
                                              Severity::kWarning, "invalid-result", "", "");
    d.message = "the result is INVALID: it is imported with status draft";
    d.hint =
        "an INVALID run broke a LoadGen rule (duration, query count, latency bound); its "
        "figures are not a result";
    sink_.Add(d);
    notes.push_back("LoadGen marked this result INVALID.");
  } else if (validity != "VALID") {
    notes.push_back("The logs state no result validity.");
  }

  // Model: --model, else the benchmark name in the path, else the SUT name.
  std::vector<std::string> names = PathNames(main_path);
  std::string sut;
  if (summary_ && summary_->Find("SUT name")) sut = summary_->Find("SUT name")->text;
  if (sut.empty()) {
    if (const DetailValue* d = DetailFind("sut_name"); d && d->value.is_string()) {
      sut = d->value.get<std::string>();
    }
  }
  if (!sut.empty()) {
    names.push_back(sut);
    size_t cut = Lower(sut).find("-" + Lower(scenario_text));
    if (cut != kNpos) names.push_back(sut.substr(0, cut));
  }
  Context::ModelMatch model;
  if (!ctx_.options().model.empty()) {
    model.id = ctx_.options().model;
    model.how = fmt::format(
        "--model {} (user-stated; MLPerf logs name the benchmark only in "
        "the results path)",
        model.id);
  } else {
    model = ctx_.ResolveModel(names);
    if (!model.id.empty()) {
      model.how += " (from the results path or the SUT name; MLPerf logs state no model)";
    }
  }
  std::optional<ModelDraft> draft_model;
  if (model.id.empty()) {
    // The benchmark is the folder above the scenario's in a results path
    // (results/<system>/<benchmark>/<Scenario>/performance/run_1/): a model the corpus lacks
    // gets a draft record under that name, so it never blocks the import.
    std::vector<std::string> parts_of_path = PathNames(main_path);
    std::string benchmark;
    for (size_t i = 1; i < parts_of_path.size(); ++i) {
      if (Lower(parts_of_path[i]) == Lower(scenario_text)) benchmark = parts_of_path[i - 1];
    }
    if (!benchmark.empty()) {
      Context::ModelChoice choice = ctx_.ChooseModel(
          {benchmark}, benchmark, 0, "", ctx_.options().source.empty() ? "" : ctx_.options().source,
          src_->At(kNpos, Severity::kWarning, "", "", ""), sink_);
      model.id = choice.id;
      model.how = choice.how;
      draft_model = std::move(choice.draft);
    }
  }
  if (model.id.empty()) {
    error(SummaryAt(summary_ ? summary_->Find("SUT name") : nullptr, Severity::kError,
                    "unknown-model",
                    fmt::format("cannot tell the benchmark's model: {}", model.problem),
                    "pass --model ID; MLPerf names the benchmark (llama2-70b-99.9) only in the "
                    "results path"));
    return;
  }
  notes.push_back(fmt::format("Model: {}.", model.how));

  // Precision: the measurements JSON's weight_data_types, else --precision, else assumed.
  std::string stated_precision;
  if (measurements_) {
    auto it = measurements_->value.find("weight_data_types");
    if (it != measurements_->value.end() && it->is_string()) {
      // "fp8-E4M3" is fp8, "UINT4" int4: the width is what the roofs read.
      std::string p = Lower(Trim(it->get<std::string>()));
      if (size_t dash = p.find('-'); dash != std::string::npos && !FindPrecision(p)) {
        p.resize(dash);
      }
      if (p.starts_with("uint") && FindPrecision(p.substr(1))) p = p.substr(1);
      if (FindPrecision(p)) stated_precision = p;
    }
  }
  Context::PrecisionChoice precision = ctx_.ResolvePrecision(stated_precision);
  notes.push_back(
      precision.name.empty()
          ? fmt::format("Precision absent: {}.", precision.how)
          : fmt::format("Precision {}: {}.", precision.name,
                        stated_precision.empty() ? precision.how
                                                 : "weight_data_types of the measurements JSON"));
  if (precision.name.empty()) {
    precision.how =
        "the MLPerf logs do not state the weight format (the measurements JSON's "
        "weight_data_types does; pass --precision if you know it)";
  }

  // Hardware from the systems JSON.
  std::string accel_name = SystemString("accelerator_model_name");
  std::string unstated = system_ ? "the systems JSON's accelerator_model_name is empty"
                                 : "no systems JSON was given (it is "
                                   "<division>/<submitter>/systems/<system>.json)";
  Diagnostic hw_at = system_ ? SystemAt("accelerator_model_name", Severity::kWarning, "", "", "")
                             : src_->At(kNpos, Severity::kWarning, "", "", "");
  // A CPU-only system (no accelerators per node, or an accelerator name of "N/A") is a CPU
  // system: its host processors are the hardware, never "N/A" x 1.
  bool cpu_only = false;
  if (system_) {
    auto it = system_->value.find("accelerators_per_node");
    bool zero = it != system_->value.end() &&
                ((it->is_number() && it->get<double>() == 0) ||
                 (it->is_string() && Trim(it->get<std::string>()) == "0"));
    std::string lower = Lower(Trim(accel_name));
    cpu_only = zero || lower == "n/a" || lower == "none";
  }
  Context::Parts parts;
  if (cpu_only) {
    std::string cpu = SystemString("host_processor_model_name");
    std::string per = SystemString("host_processors_per_node");
    parts.hardware = cpu.empty() ? "CPU-only system (host processor not named)"
                                 : (per.empty() ? cpu : fmt::format("{}x {}", per, cpu));
    parts.absent = {"no-record",
                    fmt::format("a CPU-only system (accelerators_per_node 0, "
                                "accelerator_model_name '{}'): no accelerator runs it",
                                accel_name)};
    notes.push_back(fmt::format("CPU-only system: the hardware is its host processors ({}).",
                                parts.hardware));
  } else {
    parts = ctx_.ResolveParts(accel_name, unstated, hw_at, sink_);
  }
  for (auto& n : parts.notes) notes.push_back(n);
  int64_t count = 0;
  std::string count_absent;
  std::optional<int64_t> per_node =
      system_ ? JsonCount(system_->value, "accelerators_per_node") : std::nullopt;
  std::optional<int64_t> nodes =
      system_ ? JsonCount(system_->value, "number_of_nodes") : std::nullopt;
  if (cpu_only && !ctx_.options().count) {
    count_absent =
        "a CPU-only system: it has no accelerators, and a CPU roof needs a CPU record with its "
        "own count";
    notes.push_back(fmt::format("accelerator_count absent: {}.", count_absent));
  } else if (per_node && !nodes && !ctx_.options().count) {
    count_absent = fmt::format(
        "the systems JSON states accelerators_per_node {} but not number_of_nodes (pass "
        "--count)",
        *per_node);
    notes.push_back(fmt::format("accelerator_count absent: {}.", count_absent));
  } else if (per_node && nodes) {
    count = *per_node * *nodes;
    notes.push_back(
        fmt::format("accelerator_count {} = accelerators_per_node {} x "
                    "number_of_nodes {}.",
                    count, *per_node, *nodes));
    if (ctx_.options().count && *ctx_.options().count != count) {
      sink_.Add(SystemAt("accelerators_per_node", Severity::kWarning, "conflicting-flag",
                         fmt::format("--count {} contradicts the system's {} accelerators; the "
                                     "file's is kept",
                                     *ctx_.options().count, count),
                         "drop --count when the systems JSON is imported"));
    }
  } else if (ctx_.options().count) {
    count = *ctx_.options().count;
    notes.push_back(fmt::format("accelerator_count {} is user-stated (--count).", count));
  } else {
    count_absent = "no accelerators_per_node was given (pass --count or the systems JSON)";
    notes.push_back(fmt::format("accelerator_count absent: {}.", count_absent));
  }
  std::string system_name = SystemString("system_name");
  if (!system_name.empty()) notes.push_back(fmt::format("System: {}.", system_name));

  // Engine and version: the systems JSON's free text, and LoadGen's version.
  std::string framework = SystemString("framework");
  std::string stack = SystemString("other_software_stack");
  std::string loadgen;
  if (const DetailValue* d = DetailFind("loadgen_version"); d && d->value.is_string()) {
    loadgen = d->value.get<std::string>();
  }
  std::vector<std::string> version_parts;
  if (!stack.empty()) version_parts.push_back(stack + " (other_software_stack)");
  if (!loadgen.empty()) version_parts.push_back("LoadGen " + loadgen);
  CondValue engine = framework.empty()
                         ? CondValue::Absent(system_ ? "the systems JSON's framework is empty"
                                                     : "no systems JSON was given")
                         : CondValue::Str(framework);
  CondValue engine_version;
  const std::string& flag_version = ctx_.options().engine_version;
  if (!version_parts.empty()) {
    engine_version = CondValue::Str(fmt::format("{}", fmt::join(version_parts, "; ")));
    if (!flag_version.empty() && engine_version.text.find(flag_version) == std::string::npos) {
      sink_.Add(
          system_ ? SystemAt("other_software_stack", Severity::kWarning, "conflicting-flag", "", "")
                  : src_->At(kNpos, Severity::kWarning, "conflicting-flag", "", ""));
      sink_.out.back().message +=
          fmt::format("--engine-version '{}' contradicts the file's '{}'; the file's is kept",
                      flag_version, engine_version.text);
      sink_.out.back().hint = "drop --engine-version when the files state the software stack";
    }
  } else if (!flag_version.empty()) {
    engine_version =
        CondValue::Str(fmt::format("{} (user-stated: --engine-version)", flag_version));
  } else {
    engine_version = CondValue::Absent("no systems JSON or detail log states the software");
  }

  // The load: Offline is one query; Server a Poisson arrival process.
  std::string spq;
  if (summary_ && summary_->Find("samples_per_query")) {
    spq = summary_->Find("samples_per_query")->text;
  } else if (const DetailValue* d = DetailFind("effective_samples_per_query")) {
    spq = JsonText(d->value);
  }
  std::string qps;
  if (summary_ && summary_->Find("target_qps")) qps = summary_->Find("target_qps")->text;
  CondValue batch;
  if (scenario == "offline") {
    batch = CondValue::Absent(fmt::format(
        "MLPerf Offline issues one query of {} samples; the SUT batches them as it likes and "
        "logs no batch size",
        spq.empty() ? "all the" : spq));
    notes.push_back(
        "Offline: the latency lines are those of one query holding every sample, "
        "not per-request latencies; they are not imported.");
  } else if (scenario == "single-stream") {
    batch = CondValue::Int(1);
    notes.push_back(
        "SingleStream: LoadGen issues the next one-sample query when the last "
        "completes, so one sequence is in flight.");
  } else {
    batch = CondValue::Absent(fmt::format(
        "MLPerf {}: Poisson arrivals at target_qps {}; the achieved concurrency is not logged",
        scenario_text, qps.empty() ? "(not stated)" : qps));
  }
  std::string mean_out = "not derivable";
  if (summary_) {
    const SummaryValue* sps = summary_->Find("Samples per second");
    if (!sps) sps = summary_->Find("Completed samples per second");
    auto a = ParseNumber(tps_text);
    auto b = sps ? ParseNumber(sps->text) : std::nullopt;
    if (a && b && *b > 0) {
      mean_out = fmt::format("tokens/s / samples/s = {} / {} = {:.1f} output tokens per sample",
                             tps_text, sps->text, *a / *b);
    }
  }
  std::string benchmark_name = names.empty() ? "the benchmark" : model.id;
  std::vector<std::pair<std::string, CondValue>> conditions;
  conditions.emplace_back("batch", batch);
  conditions.emplace_back(
      "input_tokens",
      CondValue::Absent(fmt::format("dataset-defined ({}); per-sample lengths are not in the "
                                    "logs",
                                    benchmark_name)));
  conditions.emplace_back(
      "output_tokens",
      CondValue::Absent(fmt::format("dataset-defined; the logs give only the mean: {}", mean_out)));
  conditions.emplace_back("engine", engine);
  conditions.emplace_back("engine_version", engine_version);
  conditions.emplace_back(
      "warmup", CondValue::Absent("done by the SUT outside LoadGen; not recorded in the MLPerf "
                                  "logs"));
  conditions.emplace_back("scenario", CondValue::Str(scenario));
  conditions.emplace_back(
      "speculative", CondValue::Absent("not stated in the MLPerf logs or the system description"));
  if (detail_) {
    for (size_t at : detail_->errors) {
      sink_.Add(detail_src_->At(at, Severity::kWarning, "logged-error",
                                "LoadGen logged an error in this run",
                                "read the event; the result may not stand"));
    }
  }

  // Identity and provenance.
  uint64_t run_hash = Fnv1a(summary_ ? summary_->file->text : detail_->file->text);
  std::string source_id = ctx_.options().source.empty()
                              ? fmt::format("mlperf-run-{}", ShortHash(run_hash))
                              : ctx_.options().source;
  std::string set = fmt::format("mlperf-{}-{}-{}", model.id, scenario, ShortHash(run_hash));
  std::string title_system = system_name.empty() ? (sut.empty() ? "MLPerf SUT" : sut) : system_name;
  std::vector<BenchmarkDraft> drafts;
  std::vector<Diagnostic> wheres;
  auto base = [&](std::string metric, std::string statistic, std::string value, std::string label) {
    BenchmarkDraft b = RunDraft(model.id, precision, parts, count, source_id, set);
    if (count <= 0) SetCount(b, 0, count_absent);
    b.status = status;
    b.metric = std::move(metric);
    b.statistic = std::move(statistic);
    b.value = std::move(value);
    b.conditions = conditions;
    b.locator = fmt::format("{}, '{}'", BaseName(main_path), label);
    b.id = fmt::format("mlperf-{}-{}-{}{}-{}", model.id, scenario, b.metric,
                       b.statistic.empty() ? "" : "-" + b.statistic,
                       ShortHash(Fnv1a(label, run_hash)));
    return b;
  };
  {
    auto v = ctx_.Quantity(tps_text + " tok/s", Dimension::kTokenRate,
                           SummaryAt(tps_at, Severity::kError, "", "", ""), tps_label, sink_);
    if (!v) return;
    BenchmarkDraft b =
        base("aggregate-output", "", *v,
             fmt::format("{}: {}", tps_label == "result_tokens_per_second" ? tps_label : tps_label,
                         tps_text));
    b.title = fmt::format("MLPerf {} {}, {}, tokens/s", model.id, scenario_text, title_system);
    std::vector<std::string> n = notes;
    n.insert(n.begin(), fmt::format("Aggregate output tokens/s over the whole system ({} "
                                    "accelerators); result {}.",
                                    count, validity.empty() ? "validity not stated" : validity));
    b.notes = fmt::format("{}", fmt::join(n, " "));
    drafts.push_back(std::move(b));
    wheres.push_back(SummaryAt(tps_at, Severity::kError, "", "", ""));
  }
  if (summary_ && scenario != "offline") {
    std::vector<std::string> skipped;
    for (const LatencyLine& l : TokenLatencies(*summary_, skipped)) {
      Diagnostic at = SummaryAt(l.value, Severity::kError, "", "", "");
      auto v = ctx_.Quantity(l.value->text + " ns", Dimension::kTime, at, l.label, sink_);
      if (!v) {
        failed = true;
        continue;
      }
      BenchmarkDraft b = base(l.metric, l.statistic, *v, l.label);
      b.locator = fmt::format("{}, '{}'", BaseName(main_path), l.label);
      b.title = fmt::format("MLPerf {} {}, {}, {} {}", model.id, scenario_text, title_system,
                            l.statistic, l.metric == "ttft" ? "TTFT" : "TPOT");
      std::vector<std::string> n = notes;
      n.insert(n.begin(),
               fmt::format("{} per request, as LoadGen measured it (ns).",
                           l.metric == "ttft" ? "Time to first token" : "Time per output token"));
      b.notes = fmt::format("{}", fmt::join(n, " "));
      drafts.push_back(std::move(b));
      wheres.push_back(at);
    }
    if (!skipped.empty()) {
      drafts.front().notes += fmt::format(
          " Not imported: {} (the record format's statistic "
          "is mean, median, p50, p90, p99 or peak).",
          fmt::join(skipped, ", "));
    }
  }
  if (failed) return;
  for (size_t i = 0; i < drafts.size(); ++i) EmitBenchmark(drafts[i], main_path, wheres[i], out);
  if (draft_model && !drafts.empty()) {
    draft_model->source = source_id;
    EmitModel(*draft_model, main_path, wheres[0], out);
  }
  if (ctx_.options().source.empty()) {
    SourceDraft s;
    s.id = source_id;
    s.title =
        fmt::format("MLPerf Inference result, {} {}, {}", model.id, scenario_text, title_system);
    s.publisher = SystemString("submitter").empty()
                      ? "not stated: an MLPerf run imported from local files"
                      : SystemString("submitter");
    s.url = "https://github.com/mlcommons/inference";
    std::string date;
    if (const DetailValue* d = DetailFind("test_datetime"); d && d->value.is_string()) {
      date = d->value.get<std::string>().substr(0, 10);
    }
    s.date = date.size() == 10 ? date : Today();
    s.kind = "mlperf";
    std::vector<std::string> files = {std::string(BaseName(main_path))};
    if (detail_ && summary_) files.push_back(std::string(BaseName(detail_->file->path)));
    if (system_) files.push_back(std::string(BaseName(system_->file->path)));
    s.notes = fmt::format(
        "Imported by rooflint from {} (summary content hash {}). The url is LoadGen, the "
        "harness that wrote the logs: local files have no address; a published result's "
        "address is the round's inference_results repository.{}",
        fmt::join(files, ", "), ShortHash(run_hash),
        date.size() == 10 ? "" : " The date is the import date: no detail log gave test_datetime.");
    EmitSource(s, main_path, src_->At(0, Severity::kError, "", "", ""), out);
  }
}

}  // namespace

bool LooksLikeMlperf(std::string_view text) {
  std::string_view head = text.substr(0, 1 << 16);
  return head.find("MLPerf Results Summary") != kNpos || head.starts_with(":::MLLOG") ||
         head.find("\n:::MLLOG") != kNpos || head.find("\"accelerator_model_name\"") != kNpos ||
         head.find("\"weight_data_types\"") != kNpos;
}

bool MlperfFolderFile(std::string_view name) {
  return name.ends_with("mlperf_log_summary.txt") || name.ends_with("mlperf_log_detail.txt") ||
         name.ends_with(".json");
}

void ImportMlperf(std::span<const ImportFile> files, const Context& ctx, ImportResult& out) {
  std::vector<Diagnostic> diags;
  Sink sink{diags};
  std::vector<Summary> summaries;
  std::vector<Detail> details;
  std::vector<JsonFile> systems;
  std::vector<JsonFile> measurements;
  summaries.reserve(files.size());
  details.reserve(files.size());
  std::vector<SourceText> texts;
  texts.reserve(files.size());
  for (const ImportFile& f : files) {
    texts.emplace_back(f.path, f.text);
    const SourceText& src = texts.back();
    if (size_t bad = InvalidUtf8(f.text); bad != kNpos) {
      sink.Add(src.At(bad, Severity::kError, "bad-utf8", "the file is not valid UTF-8 here",
                      "MLPerf logs and system descriptions are UTF-8"));
      continue;
    }
    std::string_view head = std::string_view(f.text).substr(0, 1 << 16);
    if (head.find("MLPerf Results Summary") != kNpos) {
      summaries.push_back(ParseSummary(f));
    } else if (head.starts_with(":::MLLOG") || head.find("\n:::MLLOG") != kNpos) {
      details.push_back(ParseDetail(f, src, sink));
    } else if (head.find_first_not_of(" \t\r\n") != kNpos &&
               head[head.find_first_not_of(" \t\r\n")] == '{') {
      JsonFile j;
      j.file = &f;
      try {
        j.value = json::parse(f.text);
      } catch (const json::parse_error& e) {
        std::string msg = e.what();
        size_t colon = msg.find(": ");
        sink.Add(src.At(std::min<size_t>(e.byte > 0 ? e.byte - 1 : 0, f.text.size()),
                        Severity::kError, "bad-json",
                        fmt::format("not valid JSON: {}",
                                    colon == std::string::npos ? msg : msg.substr(colon + 2)),
                        "use the systems JSON of the submission as it was published"));
        continue;
      }
      if (j.value.is_object() && j.value.contains("accelerator_model_name")) {
        systems.push_back(std::move(j));
      } else if (j.value.is_object() && j.value.contains("weight_data_types")) {
        measurements.push_back(std::move(j));
      } else {
        sink.Add(src.At(0, Severity::kError, "unknown-file",
                        "a JSON file that is neither a system description "
                        "(accelerator_model_name) nor a measurements file (weight_data_types)",
                        "give the MLPerf results folder, or its summary, detail log and "
                        "systems JSON"));
      }
    } else {
      sink.Add(src.At(kNpos, Severity::kError, "unknown-file",
                      "not an MLPerf summary, detail log or system description",
                      "give the MLPerf results folder, or its mlperf_log_summary.txt, "
                      "mlperf_log_detail.txt and systems/<system>.json"));
    }
  }
  for (auto* list : {&systems, &measurements}) {
    if (list->size() > 1) {
      SourceText src((*list)[1].file->path, (*list)[1].file->text);
      sink.Add(
          src.At(kNpos, Severity::kError, "ambiguous-files",
                 fmt::format("{} {} files were given; rooflint cannot tell which belongs "
                             "to the run",
                             list->size(), list == &systems ? "systems JSON" : "measurements JSON"),
                 "import one system's results at a time"));
    }
  }
  if (summaries.empty() && details.empty() && diags.empty()) {
    std::string_view path = files.empty() ? std::string_view() : std::string_view(files[0].path);
    std::string_view text = files.empty() ? std::string_view() : std::string_view(files[0].text);
    SourceText src(path, text);
    sink.Add(src.At(kNpos, Severity::kError, "no-results",
                    "no mlperf_log_summary.txt or mlperf_log_detail.txt among the files",
                    "the throughput is in the summary (or the detail log's "
                    "result_tokens_per_second)"));
  }
  bool failed = std::any_of(diags.begin(), diags.end(),
                            [](const Diagnostic& d) { return d.severity == Severity::kError; });
  if (!failed) {
    const JsonFile* system = systems.empty() ? nullptr : &systems[0];
    const JsonFile* meas = measurements.empty() ? nullptr : &measurements[0];
    // A summary and a detail log in one folder are one run.
    std::vector<bool> used(details.size(), false);
    for (const Summary& s : summaries) {
      const Detail* detail = nullptr;
      for (size_t i = 0; i < details.size(); ++i) {
        if (!used[i] && DirName(details[i].file->path) == DirName(s.file->path)) {
          detail = &details[i];
          used[i] = true;
          break;
        }
      }
      RunImporter(&s, detail, system, meas, ctx, sink).Run(out);
    }
    for (size_t i = 0; i < details.size(); ++i) {
      if (!used[i]) RunImporter(nullptr, &details[i], system, meas, ctx, sink).Run(out);
    }
  }
  for (auto& d : diags) out.diagnostics.push_back(std::move(d));
}

}  // namespace rooflint::import
