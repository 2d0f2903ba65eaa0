// MLPerf Inference results (mlperf_log_summary.txt, the :::MLLOG lines of
// mlperf_log_detail.txt, the systems/<system>.json description) to records: tokens/s is the
// system's aggregate output; a Server or Interactive run's TTFT and TPOT statistics (ns) are
// latency records. A detail log alone gives every record its summary gives. LoadGen's other
// files (accuracy log, trace, accuracy.txt) and JSON files that describe no system are skipped
// with a note, never an error.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/file_io.h"
#include "core/text_util.h"
#include "import/common.h"
#include "import/driver.h"
#include "rooflint/precision.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;
using json = nlohmann::json;

// ----- Reading the files -----

// A value of the summary ("key : value"), with the offset of the value.
struct SummaryValue {
  std::string text;
  size_t offset = 0;
};

struct Summary {
  const ImportFile* file = nullptr;
  std::map<std::string, SummaryValue> values;  // by lowercased key; the first one wins
  // A key that stands again with another value (a log appended to, two runs concatenated): its
  // first other value, so that a figure the import reads is never one of two unsaid.
  std::map<std::string, SummaryValue> repeats;
  const SummaryValue* Find(std::string_view key) const {
    auto it = values.find(ToLower(key));
    return it == values.end() ? nullptr : &it->second;
  }
  const SummaryValue* Repeat(std::string_view key) const {
    auto it = repeats.find(ToLower(key));
    return it == repeats.end() ? nullptr : &it->second;
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
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    size_t colon = line.find(':');
    if (colon != kNpos) {
      std::string key = ToLower(Trim(line.substr(0, colon)));
      size_t v = colon + 1;
      while (v < line.size() && line[v] == ' ') ++v;
      std::string value(Trim(line.substr(v)));
      if (key.empty()) {
      } else if (auto it = s.values.find(key); it == s.values.end()) {
        s.values[key] = {value, pos + v};
      } else if (it->second.text != value && !s.repeats.count(key)) {
        s.repeats[key] = {value, pos + v};
      }
    }
    pos = eol == kNpos ? t.size() : eol + 1;
  }
  return s;
}

// The :::MLLOG events the importer reads, by key, with the line each stands on and, for a
// number, its text as LoadGen printed it (6 significant digits).
struct DetailValue {
  json value;
  std::string text;
  size_t offset = 0;
};
struct Detail {
  const ImportFile* file = nullptr;
  std::map<std::string, DetailValue> values;
  std::vector<size_t> errors;  // offsets of events flagged is_error
};

// The result keys of a token latency statistic (LoadGen 4.1 to 6.0):
// result_first_token_mean_latency_ns, result_first_token_99.00_percentile_latency_ns,
// result_time_to_output_token_mean, result_time_per_output_token_50.00_percentile_ns.
bool TokenLatencyKey(std::string_view key) {
  return key.starts_with("result_first_token_") ||
         key.starts_with("result_time_to_output_token_") ||
         key.starts_with("result_time_per_output_token_");
}

bool Wanted(std::string_view key) {
  static constexpr std::string_view kKeys[] = {
      "loadgen_version", "test_datetime", "sut_name", "effective_scenario", "effective_test_mode",
      "effective_samples_per_query", "effective_target_qps", "requested_server_ttft_latency",
      "requested_server_tpot_latency", "result_validity",
      // Offline.
      "result_tokens_per_second", "result_samples_per_second",
      // Server and Interactive (not the garbage
      // result_token_throughput).
      "result_completed_tokens_per_second", "result_completed_samples_per_sec"};
  return TokenLatencyKey(key) ||
         std::find(std::begin(kKeys), std::end(kKeys), key) != std::end(kKeys);
}

// The text of a number value on an :::MLLOG line ("39.5644", "3.88811e-08").
std::string NumberTextOnLine(std::string_view line) {
  size_t v = line.find("\"value\": ");
  if (v == kNpos) return "";
  size_t b = v + 9, e = b;
  while (e < line.size() && (IsDigit(line[e]) || line[e] == '.' || line[e] == '-' ||
                             line[e] == '+' || line[e] == 'e' || line[e] == 'E')) {
    ++e;
  }
  return std::string(line.substr(b, e - b));
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
    // Most lines are the sample-index dump: read the key without parsing the line. Events not
    // read (the RNG seeds above 2^63, loadgen_file_sha1's object) are never parsed.
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
    DetailValue v{event["value"], "", here + 9};
    if (v.value.is_number()) v.text = NumberTextOnLine(line);
    d.values[std::string(key)] = std::move(v);
  }
  return d;
}

// A systems/<system>.json or measurements JSON, parsed.
struct JsonFile {
  const ImportFile* file = nullptr;
  json value;
  bool used = false;
  bool looked_up = false;  // read from beside the results folder, not given
};

std::string Scenario(std::string_view s) {
  std::string l = ToLower(s);
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

// The most accelerators a record's accelerator_count holds (the schema's range).
constexpr double kMostAccelerators = 1e6;

// A count of the systems JSON (an integer, or a numeric string: "8"), read: its value, or
// why it is none.
struct JsonCountRead {
  bool present = false;          // the key stands in the file
  std::optional<int64_t> value;  // a whole number from 1 up to kMostAccelerators
  bool too_large = false;        // a whole number above kMostAccelerators
  std::string text;              // the value as the file gives it, for messages
};

JsonCountRead ReadJsonCount(const json& obj, const char* key) {
  JsonCountRead r;
  auto it = obj.find(key);
  if (it == obj.end()) return r;
  r.present = true;
  r.text = JsonText(*it);
  std::optional<double> v;
  if (it->is_number()) v = it->get<double>();
  if (it->is_string()) v = ParseNumber(it->get<std::string>());
  if (!v) return r;
  r.value = WholeNumberIn(*v, 1, kMostAccelerators);
  r.too_large = !r.value && std::isfinite(*v) && *v > kMostAccelerators && *v == std::floor(*v);
  return r;
}

// True when two numbers agree at the digits each was printed with: LoadGen's summary prints
// some figures with 2 decimals ("39.56") that its detail log prints with 6 significant digits
// ("39.5644"); they are one figure, not a disagreement.
bool SameAtPrintedDigits(std::string_view a, std::string_view b) {
  auto va = ParseNumber(a);
  auto vb = ParseNumber(b);
  if (!va || !vb) return a == b;
  auto half_unit = [](std::string_view s) {
    size_t e = s.find_first_of("eE");
    int exp = 0;
    if (e != kNpos) {
      if (auto x = ParseNumber(s.substr(e + 1))) exp = static_cast<int>(*x);
      s = s.substr(0, e);
    }
    size_t dot = s.find('.');
    int decimals = dot == kNpos ? 0 : static_cast<int>(s.size() - dot - 1);
    return 0.5 * std::pow(10.0, -(decimals - exp));
  };
  double tolerance = half_unit(a) + half_unit(b);
  return std::fabs(*va - *vb) <= tolerance * (1 + 1e-9);
}

// The path's folders, and the '_'-pieces of its folders and file name: the names a path
// may give the benchmark and scenario by ("closed/NVIDIA/results/<system>/llama2-70b-99.9/
// Offline/...", or a copy kept as "v5.1_NVIDIA_<system>_llama3.1-405b_Interactive/...").
std::vector<std::string> PathNames(std::string_view path) {
  std::vector<std::string> out;
  auto pieces = [&](std::string_view part) {
    size_t p = 0;
    while (p <= part.size()) {
      size_t u = part.find('_', p);
      std::string_view piece = part.substr(p, u == kNpos ? kNpos : u - p);
      if (!piece.empty()) out.emplace_back(piece);
      if (u == kNpos) break;
      p = u + 1;
    }
  };
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    std::string_view part = path.substr(start, slash == kNpos ? kNpos : slash - start);
    if (slash == kNpos) {
      pieces(part);
      break;
    }
    if (!part.empty()) {
      out.emplace_back(part);
      if (part.find('_') != kNpos) pieces(part);
    }
    start = slash + 1;
  }
  return out;
}

// The folders of a path ("" and "." are none).
std::vector<std::string> Folders(std::string_view path) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t slash = path.find('/', start);
    if (slash == kNpos) break;
    std::string_view part = path.substr(start, slash - start);
    if (!part.empty() && part != ".") out.emplace_back(part);
    start = slash + 1;
  }
  return out;
}

// How well a systems or measurements JSON fits a run: it describes the runs under the folder
// that holds its `systems/` or `measurements/` folder (<submitter>/systems/X.json and
// <submitter>/results/X/...), or under its own folder; among several, the deepest such
// folder, then the most of its remaining folders and its name that the run's path names.
// nullopt: it cannot describe the run.
std::optional<std::pair<size_t, size_t>> Fit(std::string_view json_path, std::string_view run) {
  std::vector<std::string> folders = Folders(json_path);
  size_t scope = folders.size();
  for (size_t i = folders.size(); i-- > 0;) {
    if (folders[i] == "systems" || folders[i] == "measurements") {
      scope = i;
      break;
    }
  }
  std::vector<std::string> run_folders = Folders(run);
  if (scope > run_folders.size() ||
      !std::equal(folders.begin(), folders.begin() + scope, run_folders.begin())) {
    return std::nullopt;
  }
  std::string_view name = BaseName(json_path);
  if (name.ends_with(".json")) name.remove_suffix(5);
  size_t named = std::count(run_folders.begin(), run_folders.end(), std::string(name));
  for (size_t i = scope; i < folders.size(); ++i) {
    named += std::count(run_folders.begin(), run_folders.end(), folders[i]);
  }
  return std::pair{scope, named};
}

struct LatencyLine {
  std::string metric;     // ttft, tpot
  std::string statistic;  // mean, p50, p90, p99
  std::string label;      // as the file writes it
  std::string text;       // the value, in ns
  size_t offset = 0;
};

// "mean", "p50", "p90", "p99" of a percentile or mean token ("50.00 percentile", "99.00");
// "" for min and max, "skip" for a statistic the record format has no name for.
std::string StatisticOf(std::string_view stat) {
  if (stat.starts_with("mean")) return "mean";
  if (stat.starts_with("min") || stat.starts_with("max")) return "";
  if (stat.starts_with("50.00")) return "p50";
  if (stat.starts_with("90.00")) return "p90";
  if (stat.starts_with("99.00")) return "p99";
  return "skip";
}

// The summary's token latencies: "Mean First Token latency (ns)", "99.00 percentile time to
// output token (ns)" (v4.1) or "... time per output token (ns)" (later).
std::vector<LatencyLine> SummaryLatencies(const Summary& s, std::vector<std::string>& skipped) {
  std::vector<LatencyLine> out;
  for (const auto& [key, v] : s.values) {
    std::string metric;
    if (key.find("first token latency (ns)") != kNpos) metric = "ttft";
    if (key.find("time to output token (ns)") != kNpos ||
        key.find("time per output token (ns)") != kNpos) {
      metric = "tpot";
    }
    if (metric.empty()) continue;
    std::string stat = StatisticOf(key);
    if (stat == "skip") skipped.push_back(key);
    if (stat.empty() || stat == "skip") continue;
    out.push_back({metric, stat, key, v.text, v.offset});
  }
  return out;
}

// The detail log's token latencies, by their result_* keys.
std::vector<LatencyLine> DetailLatencies(const Detail& d, std::vector<std::string>& skipped) {
  std::vector<LatencyLine> out;
  for (const auto& [key, v] : d.values) {
    if (!TokenLatencyKey(key)) continue;
    std::string_view k = key;
    std::string metric = k.starts_with("result_first_token_") ? "ttft" : "tpot";
    k.remove_prefix(k.find("token_") + 6);
    std::string stat = StatisticOf(k);
    if (stat == "skip") skipped.push_back(key);
    if (stat.empty() || stat == "skip" || !v.value.is_number()) continue;
    out.push_back({metric, stat, key, v.text.empty() ? JsonText(v.value) : v.text, v.offset});
  }
  return out;
}

void SortLatencies(std::vector<LatencyLine>& v) {
  std::sort(v.begin(), v.end(), [](const LatencyLine& a, const LatencyLine& b) {
    return std::tie(a.metric, a.statistic) < std::tie(b.metric, b.statistic);
  });
}

// The directory part of a path ("" for a bare name).
std::string_view DirName(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return slash == kNpos ? std::string_view() : path.substr(0, slash);
}

// ----- One run to records -----

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
    main_path_ = f->path;
    src_.emplace(f->path, f->text);
    if (detail) detail_src_.emplace(detail->file->path, detail->file->text);
    if (system) system_src_.emplace(system->file->path, system->file->text);
  }

  void Run(ImportResult& out);

 private:
  // The sections of Run, in record order; a false return means an error was reported.
  bool ReadScenario();
  bool ReadThroughput();
  void ReadValidity();
  void ReadModel();
  void ReadPrecision();
  void ReadHardware();
  void ReadSystemNotes();
  void ReadEngine();
  void SetConditions();
  void CompareLatencies(const std::vector<LatencyLine>& summary_lines);
  void ReadFigures();
  void EmitAll(const DrivenRun& driven, ImportResult& out);
  // A diagnostic at a key of the run for the driver: a spot the reader named, a
  // "system:<key>" of the systems JSON, else the main file as a whole.
  Diagnostic Locate(std::string_view key, Severity sev, DiagnosticCode code, std::string msg,
                    std::string hint) const {
    if (key.starts_with("system:") && system_) {
      return SystemAt(key.substr(7), sev, std::move(code), std::move(msg), std::move(hint));
    }
    Diagnostic d = src_->At(kNpos, sev, "", "", "");
    if (auto it = spots_.find(key); it != spots_.end()) d = it->second;
    d.severity = sev;
    d.code = code.name();
    d.message = msg;
    d.hint = hint;
    return d;
  }

  Diagnostic SummaryAt(const SummaryValue* v, Severity sev, DiagnosticCode code, std::string msg,
                       std::string hint) const {
    return src_->At(v ? v->offset : kNpos, sev, std::move(code), std::move(msg), std::move(hint));
  }
  Diagnostic DetailAt(const DetailValue* v, Severity sev, DiagnosticCode code, std::string msg,
                      std::string hint) const {
    return detail_src_->At(v ? v->offset : kNpos, sev, std::move(code), std::move(msg),
                           std::move(hint));
  }
  Diagnostic SystemAt(std::string_view key, Severity sev, DiagnosticCode code, std::string msg,
                      std::string hint) const {
    JsonValueSpan span;
    span.begin = system_src_->text().find('{');
    span.end = system_src_->text().size();
    size_t at = span.begin == kNpos ? kNpos : FindJsonKey(system_src_->text(), span, key);
    return system_src_->At(at, sev, std::move(code), fmt::format("/{}: {}", PointerToken(key), msg),
                           std::move(hint));
  }
  const SummaryValue* SummaryFind(std::string_view key) const {
    return summary_ ? summary_->Find(key) : nullptr;
  }
  const DetailValue* DetailFind(const std::string& key) const {
    if (!detail_) return nullptr;
    auto it = detail_->values.find(key);
    return it == detail_->values.end() ? nullptr : &it->second;
  }
  std::string DetailString(const std::string& key) const {
    const DetailValue* d = DetailFind(key);
    return d && d->value.is_string() ? d->value.get<std::string>() : "";
  }
  // A number of the detail log as LoadGen printed it ("" when absent or not a number).
  std::string DetailNumber(const std::string& key) const {
    const DetailValue* d = DetailFind(key);
    if (!d || !d->value.is_number()) return "";
    return d->text.empty() ? JsonText(d->value) : d->text;
  }
  std::string SystemString(const char* key) const {
    if (!system_) return "";
    auto it = system_->value.find(key);
    return it != system_->value.end() && it->is_string() ? std::string(Trim(it->get<std::string>()))
                                                         : "";
  }
  // A figure both logs state: warns when they differ beyond the digits each prints.
  void Compare(std::string_view what, const std::string& summary_text,
               const DetailValue* detail_value, const std::string& detail_text) {
    if (summary_text.empty() || detail_text.empty() || detail_value == nullptr) return;
    if (SameAtPrintedDigits(summary_text, detail_text)) return;
    sink_.Add(DetailAt(detail_value, Severity::kWarning, "files-disagree",
                       fmt::format("the detail log's {} {} is not the summary's {} (compared at "
                                   "the digits each prints); the summary's is kept",
                                   what, detail_text, summary_text),
                       "import the summary and detail log of one run together"));
  }
  // The system as titles name it: the systems JSON's name, else LoadGen's SUT name.
  std::string TitleSystem() const {
    return !system_name_.empty() ? system_name_ : sut_.empty() ? "MLPerf SUT" : sut_;
  }
  void Fail(Diagnostic d) {
    sink_.Add(std::move(d));
    failed_ = true;
  }

  const Summary* summary_;
  const Detail* detail_;
  const JsonFile* system_;
  const JsonFile* measurements_;
  const Context& ctx_;
  Sink& sink_;
  std::string main_path_;
  std::optional<SourceText> src_;
  std::optional<SourceText> detail_src_;
  std::optional<SourceText> system_src_;
  bool failed_ = false;

  // What the sections find.
  std::vector<std::string>& notes_ = r_.notes;
  std::string scenario_text_;  // as LoadGen writes it ("Server")
  std::string scenario_;       // rooflint's name ("interactive")
  const SummaryValue* scenario_at_ = nullptr;
  std::string tps_text_, tps_label_;
  const SummaryValue* tps_at_ = nullptr;
  const DetailValue* tps_detail_ = nullptr;
  std::string sps_text_;  // samples per second, for the mean output length
  std::string validity_;
  std::string status_ = "verified";
  std::string system_name_;
  std::string sut_;
  CondValue engine_;
  uint64_t run_hash_ = 0;
  std::string source_id_;
  // What the run states, for the driver; the places its keys point at in the summary or the
  // detail log ("system:<key>" keys point into the systems JSON).
  StatedRun r_;
  std::map<std::string, Diagnostic, std::less<>> spots_;
};

void RunImporter::Run(ImportResult& out) {
  if (!ReadScenario() || !ReadThroughput()) return;
  // Identity: the summary's text (else the detail log's).
  run_hash_ = Fnv1a(summary_ ? summary_->file->text : detail_->file->text);
  source_id_ = ctx_.options().source.empty() ? fmt::format("mlperf-run-{}", ShortHash(run_hash_))
                                             : ctx_.options().source;
  r_.id_prefix = "mlperf";
  r_.hash = run_hash_;
  r_.source_id = source_id_;
  r_.at = [this](std::string_view key, Severity sev, DiagnosticCode code, std::string msg,
                 std::string hint) {
    return Locate(key, sev, std::move(code), std::move(msg), std::move(hint));
  };
  ReadValidity();
  ReadModel();
  ReadPrecision();
  ReadHardware();
  ReadSystemNotes();
  if (system_ != nullptr && system_->looked_up) {
    notes_.push_back(fmt::format(
        "Systems JSON {}: not given, but read from beside the results folder, where a "
        "submission keeps the description of its system (<submitter>/systems/<system>.json).",
        system_->file->path));
  }
  ReadEngine();
  SetConditions();
  ReadFigures();
  if (failed_) return;
  std::vector<Diagnostic> diags;
  Sink sink{diags};
  DrivenRun driven = DriveRun(r_, ctx_, sink);
  bool errors = false;
  for (Diagnostic& d : diags) {
    errors = errors || d.severity == Severity::kError;
    sink_.Add(std::move(d));
  }
  if (!errors) EmitAll(driven, out);
}

// Scenario: the summary's, else the detail log's. LoadGen logs an Interactive run as Server;
// the results path tells it apart.
bool RunImporter::ReadScenario() {
  scenario_at_ = SummaryFind("Scenario");
  if (scenario_at_) scenario_text_ = scenario_at_->text;
  if (const DetailValue* d = DetailFind("effective_scenario"); d && d->value.is_string()) {
    std::string ds = d->value.get<std::string>();
    if (scenario_text_.empty()) {
      scenario_text_ = ds;
    } else if (ToLower(ds) != ToLower(scenario_text_)) {
      sink_.Add(DetailAt(d, Severity::kWarning, "files-disagree",
                         fmt::format("the detail log's scenario '{}' is not the summary's '{}'; "
                                     "the summary's is kept",
                                     ds, scenario_text_),
                         "import the summary and detail log of one run together"));
    }
  }
  scenario_ = Scenario(scenario_text_);
  if (scenario_.empty()) {
    Fail(SummaryAt(scenario_at_, Severity::kError, "unknown-scenario",
                   scenario_text_.empty()
                       ? std::string("no 'Scenario' line")
                       : fmt::format("scenario '{}' has no rooflint equivalent", scenario_text_),
                   "rooflint records Offline, Server, SingleStream and Interactive runs"));
    return false;
  }
  if (scenario_ == "server") {
    for (const std::string& name : PathNames(DirName(main_path_))) {
      // The v5.0 round named it as a benchmark of its own ("llama2-70b-interactive-99", run
      // in the Server scenario folder); later rounds as a scenario folder ("Interactive").
      if (ToLower(name) != "interactive" && WithoutInteractive(name).empty()) continue;
      scenario_ = "interactive";
      std::string ttft = SummaryFind("ttft_latency (ns)")
                             ? SummaryFind("ttft_latency (ns)")->text
                             : DetailNumber("requested_server_ttft_latency");
      std::string tpot = SummaryFind("tpot_latency (ns)")
                             ? SummaryFind("tpot_latency (ns)")->text
                             : DetailNumber("requested_server_tpot_latency");
      notes_.push_back(fmt::format(
          "Scenario interactive: LoadGen logs the Interactive scenario as '{}'; the results "
          "path names it ('{}'), and the run's latency constraints are TTFT {} ns, TPOT {} ns.",
          scenario_text_, name, ttft.empty() ? "not stated" : ttft,
          tpot.empty() ? "not stated" : tpot));
      break;
    }
  }
  return true;
}

// Throughput: the summary's tokens per second, else the detail log's result_*; both are
// compared at the digits each prints.
bool RunImporter::ReadThroughput() {
  // A benchmark whose SUT reports no token counts (GPT-J) gets LoadGen's inferred figure:
  // samples per second x token_latency_scaling_factor, the output tokens per sample the
  // benchmark sets, not tokens counted.
  for (const char* label :
       {"Tokens per second", "Completed tokens per second", "Tokens per second (inferred)",
        "Completed tokens per second (inferred)"}) {
    if ((tps_at_ = SummaryFind(label))) {
      tps_text_ = tps_at_->text;
      tps_label_ = label;
      break;
    }
  }
  if (const SummaryValue* again = summary_ ? summary_->Repeat(tps_label_) : nullptr) {
    Fail(SummaryAt(
        again, Severity::kError, "inconsistent-value",
        fmt::format("a second '{}' line says {}, where line {} said {}: a summary "
                    "holds one run, and which of the two is this run's is unknown",
                    tps_label_, again->text, src_->LineColumn(tps_at_->offset).first, tps_text_),
        "import each run's own mlperf_log_summary.txt, as LoadGen wrote it"));
    return false;
  }
  if (tps_label_.ends_with("(inferred)")) {
    notes_.push_back(fmt::format(
        "'{}' is LoadGen's inference, not a count: samples per second x the benchmark's "
        "token_latency_scaling_factor (its output tokens per sample).",
        tps_label_));
  }
  std::string detail_key = "result_tokens_per_second";
  if (!DetailFind(detail_key)) detail_key = "result_completed_tokens_per_second";
  tps_detail_ = DetailFind(detail_key);
  std::string detail_tps = DetailNumber(detail_key);
  if (tps_text_.empty() && !detail_tps.empty()) {
    tps_text_ = detail_tps;
    tps_label_ = detail_key;
  } else {
    Compare("tokens per second", tps_text_, tps_detail_, detail_tps);
  }
  if (tps_text_.empty()) {
    Fail(SummaryAt(nullptr, Severity::kError, "no-tokens-per-second",
                   "no 'Tokens per second' (Offline) or 'Completed tokens per second' (Server) "
                   "line, inferred or counted, and no result_tokens_per_second or "
                   "result_completed_tokens_per_second event",
                   "only LLM benchmarks report tokens per second; rooflint imports those"));
    return false;
  }
  if (!ParseNumber(tps_text_)) {
    Fail(SummaryAt(tps_at_, Severity::kError, "not-a-number",
                   fmt::format("{}: '{}' is not a number", tps_label_, tps_text_),
                   "LoadGen writes a decimal number"));
    return false;
  }
  // Samples per second, for the mean output length only.
  const SummaryValue* sps = SummaryFind("Samples per second");
  if (!sps) sps = SummaryFind("Completed samples per second");
  std::string detail_sps_key = "result_samples_per_second";
  if (!DetailFind(detail_sps_key)) detail_sps_key = "result_completed_samples_per_sec";
  std::string detail_sps = DetailNumber(detail_sps_key);
  if (sps) Compare("samples per second", sps->text, DetailFind(detail_sps_key), detail_sps);
  sps_text_ = sps ? sps->text : detail_sps;
  return true;
}

// Validity: INVALID imports as a draft with a warning.
void RunImporter::ReadValidity() {
  const SummaryValue* valid_at = SummaryFind("Result is");
  if (valid_at) validity_ = valid_at->text;
  if (validity_.empty()) validity_ = DetailString("result_validity");
  if (validity_ == "INVALID") {
    status_ = "draft";
    Diagnostic d = valid_at ? SummaryAt(valid_at, Severity::kWarning, "invalid-result", "", "")
                            : DetailAt(DetailFind("result_validity"), Severity::kWarning,
                                       "invalid-result", "", "");
    d.message = "the result is INVALID: it is imported with status draft";
    d.hint =
        "an INVALID run broke a LoadGen rule (duration, query count, latency bound); its "
        "figures are not a result";
    sink_.Add(d);
    notes_.push_back("LoadGen marked this result INVALID.");
  } else if (validity_ != "VALID") {
    notes_.push_back("The logs state no result validity.");
  }
}

// Model: a folder or '_'-piece of the results path, or the SUT name, which the driver resolves
// (and weighs --model against); else a draft named after the benchmark folder (the one above
// the scenario's: results/<system>/<benchmark>/<Scenario>/performance/run_1/). Only a whole
// folder above a whole scenario folder is the benchmark: a '_'-piece of a folder a person
// named ("det_offline_vs_server") names no model a draft could be written for.
void RunImporter::ReadModel() {
  std::vector<std::string> names = PathNames(main_path_);
  std::string benchmark;
  std::vector<std::string> folders = Folders(main_path_);
  for (size_t i = 1; i < folders.size(); ++i) {
    std::string lower = ToLower(folders[i]);
    if (lower == ToLower(scenario_text_) || lower == scenario_) benchmark = folders[i - 1];
  }
  // "llama2-70b-interactive-99" is llama2-70b-99 in the interactive scenario.
  if (std::string plain = WithoutInteractive(benchmark); !plain.empty()) {
    names.insert(names.begin(), plain);
    benchmark = plain;
  }
  sut_ = SummaryFind("SUT name") ? SummaryFind("SUT name")->text : "";
  if (sut_.empty()) sut_ = DetailString("sut_name");
  if (!sut_.empty()) {
    names.push_back(sut_);
    size_t cut = ToLower(sut_).find("-" + ToLower(scenario_text_));
    if (cut != kNpos) names.push_back(sut_.substr(0, cut));
  }
  r_.model_names = std::move(names);
  r_.model_display = benchmark;
  r_.allow_draft = !benchmark.empty();
  r_.model_how_suffix = " (from the results path or the SUT name; MLPerf logs state no model)";
  r_.no_model = SummaryAt(SummaryFind("SUT name"), Severity::kError, "unknown-model",
                          "cannot tell the benchmark's model",
                          "pass --model ID; MLPerf names the benchmark (llama2-70b-99.9) only in "
                          "the results path");
}

// Precision: the measurements JSON's weight_data_types, else --precision, else absent.
void RunImporter::ReadPrecision() {
  std::string stated;
  if (measurements_) {
    auto it = measurements_->value.find("weight_data_types");
    if (it != measurements_->value.end() && it->is_string()) {
      // "fp8-E4M3" is fp8, "UINT4" int4: the width is what the roofs read.
      std::string p = ToLower(Trim(it->get<std::string>()));
      if (size_t dash = p.find('-'); dash != std::string::npos && !FindPrecision(p)) {
        p.resize(dash);
      }
      if (p.starts_with("uint") && FindPrecision(p.substr(1))) p = p.substr(1);
      if (FindPrecision(p)) stated = p;
    }
  }
  r_.precision = {stated, "weight_data_types of the measurements JSON", ""};
  r_.precision_absent =
      "the MLPerf logs do not state the weight format (the measurements JSON's "
      "weight_data_types does; pass --precision if you know it)";
}

// Hardware and count from the systems JSON; a CPU-only system's hardware is its host
// processors, never "N/A" x 1.
void RunImporter::ReadHardware() {
  std::string accel_name = SystemString("accelerator_model_name");
  std::string unstated = system_ ? "the systems JSON's accelerator_model_name is empty"
                                 : "no systems JSON was given (it is "
                                   "<division>/<submitter>/systems/<system>.json)";
  bool cpu_only = false;
  if (system_) {
    auto it = system_->value.find("accelerators_per_node");
    bool zero =
        it != system_->value.end() && ((it->is_number() && it->get<double>() == 0) ||
                                       (it->is_string() && Trim(it->get<std::string>()) == "0"));
    std::string lower = ToLower(Trim(accel_name));
    bool no_name = lower.empty() || lower == "n/a" || lower == "none";
    // A CPU-only system names no accelerator. Zero beside a named accelerator contradicts
    // itself: the part is kept, the count is left absent (below), and the file is told.
    cpu_only = no_name;
    if (zero && !no_name) {
      sink_.Add(SystemAt("accelerators_per_node", Severity::kWarning, "contradictory-count",
                         fmt::format("accelerators_per_node is 0 but accelerator_model_name "
                                     "names '{}': the count is left absent",
                                     accel_name),
                         "pass --count with the number of accelerators the run used"));
    }
  }
  // A CPU-only system runs on its host processors: when they name a CPU record of the corpus
  // (through the matcher every importer uses, and only CPU records), the record points at it,
  // one part per socket; otherwise no part runs it that the corpus knows.
  std::vector<std::string> cpu_parts;
  if (cpu_only) {
    std::string cpu = SystemString("host_processor_model_name");
    std::string per = SystemString("host_processors_per_node");
    r_.hardware.value = cpu.empty() ? "CPU-only system (host processor not named)"
                                    : (per.empty() ? cpu : fmt::format("{}x {}", per, cpu));
    cpu_parts = ctx_.CpuRecordsNamed(cpu);
    if (cpu_parts.empty()) {
      r_.no_accelerator = {"no-record",
                           fmt::format("a CPU-only system (accelerators_per_node 0, "
                                       "accelerator_model_name '{}'): no accelerator runs it",
                                       accel_name)};
      notes_.push_back(fmt::format("CPU-only system: the hardware is its host processors ({}).",
                                   r_.hardware.value));
    } else {
      r_.hardware.how = "the systems JSON";
      r_.hardware.key = "system:host_processor_model_name";
      notes_.push_back(fmt::format(
          "CPU-only system (accelerators_per_node 0, accelerator_model_name '{}'): the hardware "
          "is its host processors ({}), whose host_processor_model_name '{}' names the corpus "
          "CPU record {}; each socket is one part.",
          accel_name, r_.hardware.value, cpu, fmt::join(cpu_parts, ", ")));
    }
  } else {
    r_.hardware = {accel_name, "the systems JSON", "system:accelerator_model_name"};
    r_.hardware_unstated = unstated;
  }
  JsonCountRead per_node, nodes;
  if (system_) {
    per_node = ReadJsonCount(system_->value, "accelerators_per_node");
    nodes = ReadJsonCount(system_->value, "number_of_nodes");
  }
  r_.count_key = "system:accelerators_per_node";
  // A count beyond what a record holds is no reading of the system: the run is refused at
  // the number, never imported with a count cut down or an internal error.
  auto too_many = [&](const char* key, std::string what) {
    Fail(SystemAt(key, Severity::kError, "out-of-range",
                  fmt::format("{}: more than the {} accelerators a record's accelerator_count "
                              "holds",
                              what, NumberText(kMostAccelerators)),
                  "use the systems JSON of the submission as it was published, or pass "
                  "--count"));
  };
  if (cpu_only && !cpu_parts.empty()) {
    // The parts are CPU sockets: the count is the sockets the system states.
    JsonCountRead sockets = ReadJsonCount(system_->value, "host_processors_per_node");
    r_.count_key = "system:host_processors_per_node";
    r_.count_from_hardware_flag = false;
    if (sockets.too_large) {
      too_many("host_processors_per_node",
               fmt::format("host_processors_per_node is {}", sockets.text));
    } else if (nodes.too_large) {
      too_many("number_of_nodes", fmt::format("number_of_nodes is {}", nodes.text));
    } else if (sockets.value && nodes.value &&
               static_cast<double>(*sockets.value) * static_cast<double>(*nodes.value) >
                   kMostAccelerators) {
      too_many("number_of_nodes",
               fmt::format("host_processors_per_node {} x number_of_nodes {} is {}", *sockets.value,
                           *nodes.value,
                           NumberText(static_cast<double>(*sockets.value) *
                                      static_cast<double>(*nodes.value))));
    } else if (sockets.value && nodes.value) {
      r_.count = *sockets.value * *nodes.value;
      r_.count_how = fmt::format(
          "host_processors_per_node {} x number_of_nodes {}: the CPU sockets of a CPU-only "
          "system",
          *sockets.value, *nodes.value);
    } else {
      r_.count_absent = fmt::format(
          "a CPU-only system whose systems JSON states no whole number of {}: its sockets are "
          "not known",
          !sockets.value
              ? (sockets.present ? fmt::format("host_processors_per_node ('{}')", sockets.text)
                                 : std::string("host_processors_per_node"))
              : (nodes.present ? fmt::format("nodes (number_of_nodes '{}')", nodes.text)
                               : std::string("nodes (number_of_nodes)")));
    }
  } else if (cpu_only) {
    r_.count_absent =
        "a CPU-only system: it has no accelerators, and a CPU roof needs a CPU record with its "
        "own count";
    r_.count_from_hardware_flag = false;
  } else if (per_node.too_large) {
    too_many("accelerators_per_node", fmt::format("accelerators_per_node is {}", per_node.text));
  } else if (nodes.too_large) {
    too_many("number_of_nodes", fmt::format("number_of_nodes is {}", nodes.text));
  } else if (per_node.value && nodes.value &&
             static_cast<double>(*per_node.value) * static_cast<double>(*nodes.value) >
                 kMostAccelerators) {
    too_many("number_of_nodes", fmt::format("accelerators_per_node {} x number_of_nodes {} is {}",
                                            *per_node.value, *nodes.value,
                                            NumberText(static_cast<double>(*per_node.value) *
                                                       static_cast<double>(*nodes.value))));
  } else if (per_node.value && nodes.value) {
    r_.count = *per_node.value * *nodes.value;
    r_.count_how =
        fmt::format("accelerators_per_node {} x number_of_nodes {}", *per_node.value, *nodes.value);
  } else if (per_node.value && nodes.present) {
    r_.count_absent = fmt::format(
        "the systems JSON states accelerators_per_node {} but its number_of_nodes ({}) is not a "
        "whole number of nodes from 1 up",
        *per_node.value, nodes.text);
    sink_.Add(SystemAt("number_of_nodes", Severity::kWarning, "unreadable-count",
                       fmt::format("number_of_nodes '{}' is not a whole number of nodes from 1 "
                                   "up: the accelerator count is left absent, never read as "
                                   "one node",
                                   nodes.text),
                       "write the node count as an integer, or pass --count"));
  } else if (per_node.value) {
    r_.count_absent =
        fmt::format("the systems JSON states accelerators_per_node {} but not number_of_nodes",
                    *per_node.value);
  } else if (per_node.present) {
    const std::string& given = per_node.text;
    r_.count_absent = fmt::format(
        "the systems JSON's accelerators_per_node ({}) is not a whole number of accelerators "
        "from 1 up",
        given);
    if (given != "0" && given != "\"0\"") {
      sink_.Add(SystemAt("accelerators_per_node", Severity::kWarning, "unreadable-count",
                         fmt::format("accelerators_per_node '{}' is not a whole number of "
                                     "accelerators: it is not read as a count, never as 1",
                                     given),
                         "write the count as an integer, or pass --count"));
    }
  } else {
    r_.count_absent = "no systems JSON gives accelerators_per_node";
  }
}

// The system's name and its availability status, in the notes.
void RunImporter::ReadSystemNotes() {
  system_name_ = SystemString("system_name");
  if (!system_name_.empty()) notes_.push_back(fmt::format("System: {}.", system_name_));
  std::string status = SystemString("status");
  if (!status.empty()) {
    notes_.push_back(fmt::format(
        "System status '{}' (the systems JSON's availability category{}).", status,
        ToLower(status) == "preview"
            ? ": a Preview system was not yet generally available when the result was submitted"
            : ""));
  }
}

// A text a systems JSON writes where it states nothing ("N/A", "none", "-").
bool Placeholder(std::string_view text) {
  std::string l = ToLower(Trim(text));
  return l.empty() || l == "n/a" || l == "na" || l == "none" || l == "null" || l == "-" ||
         l == "--" || l == "unknown" || l == "tbd" || l == "not applicable";
}

// The toolkit a framework item names when it names no inference engine ("CUDA 12.2" is the
// GPU toolkit the engine was built with, not the engine): "" for any other item.
std::string ToolkitOf(std::string_view item) {
  std::string_view t = Trim(item);
  size_t end = 0;
  while (end < t.size() && t[end] != ' ' && t[end] != '\t' && !IsDigit(t[end])) ++end;
  std::string word = ToLower(Trim(t.substr(0, end)));
  if (!word.empty() && (word.back() == '-' || word.back() == '_' || word.back() == 'v')) {
    // "CUDA-12.2", "ROCm_6.2", "CUDAv12"
    std::string bare = word.substr(0, word.size() - 1);
    if (bare == "cuda" || bare == "rocm") word = bare;
  }
  static constexpr std::string_view kToolkits[] = {"cuda", "cudnn", "cublas", "nccl",   "rocm",
                                                   "hip",  "rccl",  "driver", "python", "gcc"};
  return std::find(std::begin(kToolkits), std::end(kToolkits), word) != std::end(kToolkits)
             ? std::string(Trim(t.substr(0, end)))
             : "";
}

// Engine and version: the systems JSON's framework and other_software_stack (free text, or
// an object of name: version), and LoadGen's version. A framework that names only GPU
// toolkits ("CUDA 12.2") or nothing ("N/A") is no engine, and "N/A" is no version: absent,
// with why.
void RunImporter::ReadEngine() {
  std::string framework = SystemString("framework");
  std::string stack = SystemString("other_software_stack");
  std::string placeholder_stack;
  if (Placeholder(stack)) {
    if (!stack.empty()) placeholder_stack = stack;
    stack.clear();
  }
  if (system_) {
    auto it = system_->value.find("other_software_stack");
    if (it != system_->value.end() && it->is_object()) {
      std::vector<std::string> items;
      for (const auto& [k, v] : it->items()) {
        std::string version(Trim(JsonText(v)));
        // {"vLLM": "N/A"} names the software but no version of it.
        items.push_back(Placeholder(version) ? fmt::format("{} (version not stated)", k)
                                             : fmt::format("{} {}", k, version));
      }
      stack = fmt::format("{}", fmt::join(items, ", "));
    }
  }
  std::string loadgen = DetailString("loadgen_version");
  std::vector<std::string> version_parts;
  if (!stack.empty()) version_parts.push_back(stack + " (other_software_stack)");
  if (!loadgen.empty()) version_parts.push_back("LoadGen " + loadgen);
  std::vector<std::string> toolkits;
  bool only_toolkits = !Placeholder(framework);
  for (size_t p = 0; only_toolkits && p <= framework.size();) {
    size_t sep = framework.find_first_of(",;", p);
    std::string_view item = std::string_view(framework).substr(p, sep == kNpos ? kNpos : sep - p);
    if (!Trim(item).empty()) {
      std::string toolkit = ToolkitOf(item);
      only_toolkits = !toolkit.empty();
      toolkits.push_back(toolkit);
    }
    if (sep == kNpos) break;
    p = sep + 1;
  }
  if (!system_) {
    engine_ = CondValue::Absent("no systems JSON was given");
  } else if (framework.empty()) {
    engine_ = CondValue::Absent("the systems JSON's framework is empty");
  } else if (Placeholder(framework)) {
    engine_ = CondValue::Absent(
        fmt::format("the systems JSON's framework is '{}', which names no engine", framework));
  } else if (only_toolkits) {
    engine_ = CondValue::Absent(fmt::format(
        "the systems JSON's framework '{}' names the GPU toolkit{} the system ran ({}), not "
        "the inference engine",
        framework, toolkits.size() > 1 ? "s" : "", fmt::join(toolkits, ", ")));
  } else {
    engine_ = CondValue::Str(framework);
  }
  r_.engine_version = {fmt::format("{}", fmt::join(version_parts, "; ")), "the files' software",
                       system_ ? "system:other_software_stack" : ""};
  r_.engine_version_absent =
      !placeholder_stack.empty()
          ? fmt::format(
                "the systems JSON's other_software_stack is '{}', which states no "
                "version, and no detail log gives LoadGen's",
                placeholder_stack)
          : "no systems JSON or detail log states the software";
}

// The load: Offline is one query; Server and Interactive a Poisson arrival process.
void RunImporter::SetConditions() {
  std::string spq = SummaryFind("samples_per_query") ? SummaryFind("samples_per_query")->text
                                                     : DetailNumber("effective_samples_per_query");
  std::string qps = SummaryFind("target_qps") ? SummaryFind("target_qps")->text
                                              : DetailNumber("effective_target_qps");
  CondValue batch;
  if (scenario_ == "offline") {
    batch = CondValue::Absent(fmt::format(
        "MLPerf Offline issues one query of {} samples; the SUT batches them as it likes and "
        "logs no batch size",
        spq.empty() ? "all the" : spq));
    notes_.push_back(
        "Offline: the latency lines are those of one query holding every sample, "
        "not per-request latencies; they are not imported.");
  } else if (scenario_ == "single-stream") {
    batch = CondValue::Int(1);
    notes_.push_back(
        "SingleStream: LoadGen issues the next one-sample query when the last "
        "completes, so one sequence is in flight.");
  } else {
    batch = CondValue::Absent(fmt::format(
        "MLPerf {}: Poisson arrivals at target_qps {}; the achieved concurrency is not logged",
        scenario_ == "interactive" ? "Interactive (LoadGen scenario " + scenario_text_ + ")"
                                   : scenario_text_,
        qps.empty() ? "(not stated)" : qps));
  }
  std::string mean_out = "not derivable";
  auto a = ParseNumber(tps_text_);
  auto b = ParseNumber(sps_text_);
  if (a && b && *b > 0) {
    mean_out = fmt::format("tokens/s / samples/s = {} / {} = {:.1f} output tokens per sample{}",
                           tps_text_, sps_text_, *a / *b,
                           tps_label_.ends_with("(inferred)")
                               ? " (LoadGen's scaling factor, not a measured length)"
                               : "");
  }
  r_.load_key = "batch";
  r_.load = batch;
  r_.input_tokens =
      CondValue::Absent("dataset-defined ({model}); per-sample lengths are not in the logs");
  r_.output_tokens =
      CondValue::Absent(fmt::format("dataset-defined; the logs give only the mean: {}", mean_out));
  r_.conditions.emplace_back("engine", engine_);
  r_.conditions.emplace_back(
      "warmup", CondValue::Absent("done by the SUT outside LoadGen; not recorded in the MLPerf "
                                  "logs"));
  r_.conditions.emplace_back("scenario", CondValue::Str(scenario_));
  r_.conditions.emplace_back(
      "speculative", CondValue::Absent("not stated in the MLPerf logs or the system description"));
  if (detail_) {
    for (size_t at : detail_->errors) {
      sink_.Add(detail_src_->At(at, Severity::kWarning, "logged-error",
                                "LoadGen logged an error in this run",
                                "read the event; the result may not stand"));
    }
  }
}

// A summary latency that the detail log also states must agree with it.
void RunImporter::CompareLatencies(const std::vector<LatencyLine>& summary_lines) {
  if (!detail_) return;
  std::vector<std::string> unused;
  for (const LatencyLine& d : DetailLatencies(*detail_, unused)) {
    for (const LatencyLine& s : summary_lines) {
      if (s.metric == d.metric && s.statistic == d.statistic) {
        Compare(fmt::format("{} {}", d.statistic, d.metric == "ttft" ? "TTFT" : "TPOT"), s.text,
                DetailFind(d.label), d.text);
      }
    }
  }
}

// The figures: aggregate output, then (not Offline) the TTFT and TPOT statistics, from the
// summary or, without one, the detail log.
void RunImporter::ReadFigures() {
  r_.load_slug = scenario_;
  std::string title_system = TitleSystem();
  std::string scenario_title = scenario_ == "interactive" ? "Interactive" : scenario_text_;
  auto figure = [&](std::string metric, std::string statistic, std::string text, std::string unit,
                    Dimension dim, std::string label, Diagnostic where) {
    StatedFigure f;
    f.metric = std::move(metric);
    f.statistic = std::move(statistic);
    f.value = ParseNumber(text).value_or(0);
    f.text = std::move(text);
    f.unit = std::move(unit);
    f.dimension = dim;
    f.status = status_;
    f.what = label;
    f.locator = fmt::format("{}, '{}'", BaseName(main_path_), label);
    spots_[label] = std::move(where);
    f.key = std::move(label);
    return f;
  };
  StatedFigure agg = figure("aggregate-output", "", tps_text_, "tok/s", Dimension::kTokenRate,
                            fmt::format("{}: {}", tps_label_, tps_text_),
                            tps_at_ ? SummaryAt(tps_at_, Severity::kError, "", "", "")
                                    : DetailAt(tps_detail_, Severity::kError, "", "", ""));
  agg.what = tps_label_;
  agg.title = fmt::format("MLPerf {{model}} {}, {}, tokens/s", scenario_title, title_system);
  agg.lead = fmt::format(
      "Aggregate output tokens/s over the whole system ({{accelerators}}); "
      "result {}.",
      validity_.empty() ? "validity not stated" : validity_);
  r_.figures.push_back(std::move(agg));
  if (scenario_ != "offline") {
    std::vector<std::string> skipped;
    std::vector<LatencyLine> lines;
    bool from_summary = summary_ != nullptr;
    if (summary_) {
      lines = SummaryLatencies(*summary_, skipped);
      CompareLatencies(lines);
    }
    if (lines.empty() && detail_) {
      skipped.clear();
      lines = DetailLatencies(*detail_, skipped);
      from_summary = false;
    }
    SortLatencies(lines);
    for (const LatencyLine& l : lines) {
      StatedFigure f =
          figure(l.metric, l.statistic, l.text, "ns", Dimension::kTime, l.label,
                 from_summary ? src_->At(l.offset, Severity::kError, "", "", "")
                              : detail_src_->At(l.offset, Severity::kError, "", "", ""));
      f.title = fmt::format("MLPerf {{model}} {}, {}, {} {}", scenario_title, title_system,
                            l.statistic, l.metric == "ttft" ? "TTFT" : "TPOT");
      f.lead = fmt::format("{} per request, as LoadGen measured it (ns).",
                           l.metric == "ttft" ? "Time to first token" : "Time per output token");
      r_.figures.push_back(std::move(f));
    }
    if (!skipped.empty()) {
      std::sort(skipped.begin(), skipped.end());
      r_.first_tail = UnnamedStatistics(skipped);
    }
  }
  // Titles, the lengths' reason and the aggregate's note name the resolved model and count.
  r_.finish = [](BenchmarkDraft& b) {
    auto fill = [](std::string& text, std::string_view hole, const std::string& with) {
      size_t at = text.find(hole);
      if (at != std::string::npos) text.replace(at, hole.size(), with);
    };
    fill(b.title, "{model}", b.model);
    fill(b.notes, "{accelerators}",
         b.accelerator_count > 0 ? fmt::format("{} accelerators", b.accelerator_count)
                                 : std::string("its accelerator count is not stated"));
    for (auto& [key, value] : b.conditions) {
      if (key == "input_tokens") fill(value.text, "{model}", b.model);
    }
  };
}

void RunImporter::EmitAll(const DrivenRun& driven, ImportResult& out) {
  if (driven.drafts.empty()) return;
  for (const auto& [b, f] : driven.drafts) {
    EmitBenchmark(b, main_path_, Locate(f->key, Severity::kError, "", "", ""), out);
  }
  if (driven.model) {
    EmitModel(*driven.model, main_path_,
              Locate(driven.drafts[0].second->key, Severity::kError, "", "", ""), out);
  }
  const std::string& model_ = driven.drafts[0].first.model;
  if (!ctx_.options().source.empty()) return;
  std::string title_system = TitleSystem();
  SourceDraft s;
  s.id = source_id_;
  s.title = fmt::format("MLPerf Inference result, {} {}, {}", model_,
                        scenario_ == "interactive" ? "Interactive" : scenario_text_, title_system);
  s.publisher = SystemString("submitter").empty()
                    ? "not stated: an MLPerf run imported from local files"
                    : SystemString("submitter");
  s.url = "https://github.com/mlcommons/inference";
  std::string date = DetailString("test_datetime").substr(0, 10);
  s.date = date.size() == 10 ? date : Today();
  s.kind = "mlperf";
  std::vector<std::string> files = {std::string(BaseName(main_path_))};
  if (detail_ && summary_) files.push_back(std::string(BaseName(detail_->file->path)));
  if (system_) files.push_back(std::string(BaseName(system_->file->path)));
  s.notes = fmt::format(
      "Imported by rooflint from {} (summary content hash {}). The url is LoadGen, the "
      "harness that wrote the logs: local files have no address; a published result's "
      "address is the round's inference_results repository.{}",
      fmt::join(files, ", "), ShortHash(run_hash_),
      date.size() == 10 ? "" : " The date is the import date: no detail log gave test_datetime.");
  EmitSource(s, main_path_, src_->At(0, Severity::kError, "", "", ""), out);
}

}  // namespace

bool LooksLikeMlperf(std::string_view text) {
  std::string_view head = text.substr(0, 1 << 16);
  return head.find("MLPerf Results Summary") != kNpos || head.starts_with(":::MLLOG") ||
         head.find("\n:::MLLOG") != kNpos || head.find("\"accelerator_model_name\"") != kNpos ||
         head.find("\"weight_data_types\"") != kNpos ||
         // A summary without results (an accuracy run's) still ends with LoadGen's footer.
         head.find("No errors encountered during test.") != kNpos ||
         // LoadGen's accuracy log: [{ "seq_id" : 0, "qsl_idx" : 4002, "data" : "..." }, ...]
         (head.find("\"seq_id\"") != kNpos && head.find("\"qsl_idx\"") != kNpos);
}

bool MlperfFolderFile(std::string_view name) {
  // LoadGen's accuracy log and trace hold no performance figure (and may be empty, or cut by
  // the submission tooling): a folder's are not read.
  if (name.ends_with("mlperf_log_accuracy.json") || name.ends_with("mlperf_log_trace.json")) {
    return false;
  }
  return name.ends_with("mlperf_log_summary.txt") || name.ends_with("mlperf_log_detail.txt") ||
         name.ends_with(".json");
}

namespace {

// The files of one import, sorted by what they are.
struct MlperfFiles {
  std::vector<Summary> summaries;
  std::vector<Detail> details;
  std::vector<JsonFile> systems;
  std::vector<JsonFile> measurements;
};

void Skip(const SourceText& src, Sink& sink, std::string why) {
  sink.Add(src.At(kNpos, Severity::kNote, "not-read", std::move(why),
                  "only summaries, detail logs, systems and measurements JSON files are read"));
}

// Sorts one file into `files`; what carries no performance figure is skipped with a note.
void Classify(const ImportFile& f, const SourceText& src, MlperfFiles& files, Sink& sink) {
  std::string_view name = BaseName(f.path);
  if (size_t bad = FirstInvalidUtf8(f.text); bad != kNpos) {
    sink.Add(src.At(bad, Severity::kError, "bad-utf8", "the file is not valid UTF-8 here",
                    "MLPerf logs and system descriptions are UTF-8"));
    return;
  }
  // A compliance run (<scenario>/TEST01/, TEST04, TEST06, TEST09, ..., or a submission's
  // compliance/ folder) audits a result with a changed setting: its figures are no result.
  for (const std::string& folder : Folders(f.path)) {
    bool test = folder.size() > 4 && folder.starts_with("TEST") &&
                std::all_of(folder.begin() + 4, folder.end(), [](char c) { return IsDigit(c); });
    if (test || folder == "compliance") {
      sink.Add(src.At(kNpos, Severity::kNote, "not-read",
                      fmt::format("a compliance run ({}): it audits a result with a changed "
                                  "setting and is not one: not read",
                                  folder),
                      "the result is in <scenario>/performance/run_1/"));
      return;
    }
  }
  if (name == "mlperf_log_accuracy.json" || name == "mlperf_log_trace.json" ||
      name == "accuracy.txt") {
    Skip(src, sink,
         fmt::format("{} holds no performance figure: not read",
                     name == "accuracy.txt" ? "the accuracy checker's score (accuracy.txt)"
                     : name == "mlperf_log_trace.json" ? "LoadGen's trace"
                                                       : "LoadGen's accuracy log"));
    return;
  }
  std::string_view head = std::string_view(f.text).substr(0, 1 << 16);
  if (head.find("MLPerf Results Summary") != kNpos) {
    Summary s = ParseSummary(f);
    if (const SummaryValue* mode = s.Find("Mode"); mode && mode->text != "PerformanceOnly") {
      sink.Add(src.At(mode->offset, Severity::kNote, "not-read",
                      fmt::format("mode '{}' is not a performance run: not read", mode->text),
                      "the figures are in performance/run_1/mlperf_log_summary.txt"));
      return;
    }
    files.summaries.push_back(std::move(s));
  } else if (head.starts_with(":::MLLOG") || head.find("\n:::MLLOG") != kNpos) {
    Detail d = ParseDetail(f, src, sink);
    auto mode = d.values.find("effective_test_mode");
    if (mode != d.values.end() && mode->second.value.is_string() &&
        mode->second.value.get<std::string>() != "PerformanceOnly") {
      sink.Add(src.At(mode->second.offset, Severity::kNote, "not-read",
                      fmt::format("test mode '{}' is not a performance run: not read",
                                  mode->second.value.get<std::string>()),
                      "the figures are in performance/run_1/mlperf_log_detail.txt"));
      return;
    }
    files.details.push_back(std::move(d));
  } else if (name == "mlperf_log_summary.txt" || name == "mlperf_log_detail.txt") {
    Skip(src, sink, "a LoadGen log with no results (an accuracy run's, or a cut one): not read");
  } else if (FirstNonSpace(head) == '{') {
    JsonFile j;
    j.file = &f;
    bool describes = head.find("\"accelerator_model_name\"") != kNpos ||
                     head.find("\"weight_data_types\"") != kNpos;
    try {
      j.value = json::parse(f.text);
    } catch (const json::out_of_range& e) {
      // A number beyond double's range ("1e400"): located at the number when it can be found.
      std::string msg = e.what();
      size_t q = msg.find('\''), q2 = q == std::string::npos ? q : msg.find('\'', q + 1);
      size_t at = q2 == std::string::npos ? kNpos : f.text.find(msg.substr(q + 1, q2 - q - 1));
      sink.Add(src.At(
          at, describes ? Severity::kError : Severity::kNote,
          describes ? DiagnosticCode("out-of-range") : DiagnosticCode("not-read"),
          fmt::format("a number out of range{}", describes ? "" : "; not a systems JSON: not read"),
          "use the systems JSON of the submission as it was published"));
      return;
    } catch (const json::parse_error& e) {
      std::string msg = e.what();
      size_t colon = msg.find(": ");
      Diagnostic d = src.At(std::min<size_t>(e.byte > 0 ? e.byte - 1 : 0, f.text.size()),
                            describes ? Severity::kError : Severity::kNote,
                            describes ? DiagnosticCode("bad-json") : DiagnosticCode("not-read"),
                            fmt::format("not valid JSON: {}{}",
                                        colon == std::string::npos ? msg : msg.substr(colon + 2),
                                        describes ? "" : "; not a systems JSON: not read"),
                            "use the systems JSON of the submission as it was published");
      sink.Add(d);
      return;
    }
    if (j.value.is_object() && j.value.contains("accelerator_model_name")) {
      files.systems.push_back(std::move(j));
    } else if (j.value.is_object() && j.value.contains("weight_data_types")) {
      files.measurements.push_back(std::move(j));
    } else {
      // metadata.json and harness outputs (results.json, ...) state nothing the records take.
      Skip(src, sink,
           "a JSON file that is neither a system description (accelerator_model_name) nor a "
           "measurements file (weight_data_types): not read");
    }
  } else {
    Skip(src, sink, "not an MLPerf summary, detail log or system description: not read");
  }
}

// Where a submission keeps the systems JSON of the run at `run_path`:
// ".../<submitter>/results/<system>/..." -> ".../<submitter>/systems/<system>.json"; "" when
// the path is not laid out so.
std::string SystemsJsonBeside(std::string_view run_path) {
  size_t at = run_path.starts_with("results/") ? 0 : run_path.rfind("/results/");
  if (at == kNpos) return "";
  size_t start = at == 0 && run_path.starts_with("results/") ? 8 : at + 9;
  size_t end = run_path.find('/', start);
  if (end == kNpos || end == start) return "";
  std::string_view system = run_path.substr(start, end - start);
  if (system == "." || system == "..") return "";
  return fmt::format("{}systems/{}.json", run_path.substr(0, start - 8), system);
}

// The systems or measurements JSON that describes the run at `run_path`: the only one given,
// or among several the one that fits it best (see Fit); nullptr when none does; an error when
// two fit equally well.
const JsonFile* ChooseJson(std::vector<JsonFile>& list, std::string_view run_path,
                           std::string_view what, Sink& sink, bool& ambiguous) {
  if (list.size() == 1) {  // one description given: it describes every run given
    list[0].used = true;
    return &list[0];
  }
  JsonFile* best = nullptr;
  std::pair<size_t, size_t> best_fit;
  bool tie = false;
  for (JsonFile& j : list) {
    auto fit = Fit(j.file->path, run_path);
    if (!fit) continue;
    if (best == nullptr || *fit > best_fit) {
      best = &j;
      best_fit = *fit;
      tie = false;
    } else if (*fit == best_fit) {
      tie = true;
    }
  }
  if (tie) {
    SourceText src(best->file->path, best->file->text);
    sink.Add(src.At(kNpos, Severity::kError, "ambiguous-files",
                    fmt::format("several {} files could describe the run in '{}'; rooflint "
                                "cannot tell which",
                                what, DirName(run_path)),
                    "import one system's results at a time, or keep the submission's layout "
                    "(<submitter>/systems/<system>.json beside <submitter>/results/<system>/)"));
    ambiguous = true;
    return nullptr;
  }
  if (best != nullptr) best->used = true;
  return best;
}

}  // namespace

void ImportMlperf(std::span<const ImportFile> files, const Context& ctx, ImportResult& out) {
  std::vector<Diagnostic> diags;
  Sink sink{diags};
  MlperfFiles sorted;
  sorted.summaries.reserve(files.size());
  sorted.details.reserve(files.size());
  std::vector<SourceText> texts;
  texts.reserve(files.size());
  for (const ImportFile& f : files) {
    texts.emplace_back(f.path, f.text);
    Classify(f, texts.back(), sorted, sink);
  }
  auto has_error = [&] {
    return std::any_of(diags.begin(), diags.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::kError; });
  };
  if (sorted.summaries.empty() && sorted.details.empty() && !has_error()) {
    std::string_view path = files.empty() ? std::string_view() : std::string_view(files[0].path);
    std::string_view text = files.empty() ? std::string_view() : std::string_view(files[0].text);
    SourceText src(path, text);
    sink.Add(src.At(kNpos, Severity::kError, "no-results",
                    "no mlperf_log_summary.txt or mlperf_log_detail.txt with results among the "
                    "files",
                    "the throughput is in performance/run_1/mlperf_log_summary.txt (or the "
                    "detail log's result_* events)"));
  }
  // A summary and a detail log in one folder are one run; each run takes the systems and
  // measurements JSON that describe it.
  struct Run {
    const Summary* summary;
    const Detail* detail;
  };
  std::vector<Run> runs;
  std::vector<bool> used(sorted.details.size(), false);
  for (const Summary& s : sorted.summaries) {
    const Detail* detail = nullptr;
    for (size_t i = 0; i < sorted.details.size(); ++i) {
      if (!used[i] && DirName(sorted.details[i].file->path) == DirName(s.file->path)) {
        detail = &sorted.details[i];
        used[i] = true;
        break;
      }
    }
    runs.push_back({&s, detail});
  }
  for (size_t i = 0; i < sorted.details.size(); ++i) {
    if (!used[i]) runs.push_back({nullptr, &sorted.details[i]});
  }
  // A run laid out as a submission lays it out (<submitter>/results/<system>/...) has its
  // description at <submitter>/systems/<system>.json: read from there when none was given.
  std::deque<ImportFile> looked_up;
  std::deque<SourceText> looked_up_texts;
  if (sorted.systems.empty()) {
    std::set<std::string> tried;
    for (const Run& run : runs) {
      std::string_view path = run.summary ? run.summary->file->path : run.detail->file->path;
      std::string json_path = SystemsJsonBeside(path);
      if (json_path.empty() || !tried.insert(json_path).second) continue;
      std::string text, error;
      if (!ReadRegularFile(json_path, size_t{64} << 20, text, error)) continue;
      looked_up.push_back({json_path, std::move(text)});
      looked_up.back().from_folder = true;
      looked_up_texts.emplace_back(looked_up.back().path, looked_up.back().text);
      size_t before = sorted.systems.size();
      Classify(looked_up.back(), looked_up_texts.back(), sorted, sink);
      if (sorted.systems.size() > before) sorted.systems.back().looked_up = true;
    }
  }
  if (!has_error()) {
    for (const Run& run : runs) {
      std::string_view path = run.summary ? run.summary->file->path : run.detail->file->path;
      bool ambiguous = false;
      const JsonFile* system = ChooseJson(sorted.systems, path, "systems JSON", sink, ambiguous);
      const JsonFile* meas =
          ChooseJson(sorted.measurements, path, "measurements JSON", sink, ambiguous);
      if (ambiguous) continue;
      RunImporter(run.summary, run.detail, system, meas, ctx, sink).Run(out);
    }
    for (const auto* list : {&sorted.systems, &sorted.measurements}) {
      for (const JsonFile& j : *list) {
        if (j.used) continue;
        SourceText src(j.file->path, j.file->text);
        sink.Add(src.At(kNpos, Severity::kNote, "not-used",
                        "no run given lies under this description's folder: not used",
                        "a systems JSON describes the runs of <submitter>/results/<system>/"));
      }
    }
  }
  for (auto& d : diags) out.diagnostics.push_back(std::move(d));
}

}  // namespace rooflint::import
