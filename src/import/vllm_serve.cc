// vLLM `bench serve --save-result` results (one JSON object per run; a JSONL file holds
// several) to records: output_throughput is aggregate output, the TTFT/TPOT/ITL/E2EL
// statistics are per-user latency records. Lengths come from the measured totals, never from
// the user's --metadata; per-request arrays are skipped without being kept in memory.
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

// Keys vLLM writes itself; any other string-valued key is the user's --metadata.
const std::set<std::string, std::less<>>& KnownKeys() {
  static const auto* const kKeys = new std::set<std::string, std::less<>>{"date",
                                                                          "endpoint_type",
                                                                          "backend",
                                                                          "label",
                                                                          "model_id",
                                                                          "tokenizer_id",
                                                                          "num_prompts",
                                                                          "best_of",
                                                                          "use_beam_search",
                                                                          "request_rate",
                                                                          "burstiness",
                                                                          "max_concurrency",
                                                                          "ramp_up_strategy",
                                                                          "ramp_up_start_rps",
                                                                          "ramp_up_end_rps",
                                                                          "duration",
                                                                          "completed",
                                                                          "failed",
                                                                          "total_input_tokens",
                                                                          "total_output_tokens",
                                                                          "request_throughput",
                                                                          "request_goodput",
                                                                          "request_goodput:",
                                                                          "output_throughput",
                                                                          "total_token_throughput",
                                                                          "max_output_tokens_per_s",
                                                                          "max_concurrent_requests",
                                                                          "input_lens",
                                                                          "output_lens",
                                                                          "ttfts",
                                                                          "itls",
                                                                          "generated_texts",
                                                                          "errors",
                                                                          "start_times",
                                                                          "latencies",
                                                                          "queue_times",
                                                                          "rps_change_events"};
  return *kKeys;
}

class RunImporter : public JsonRun {
 public:
  RunImporter(const SourceText& src, const JsonValueSpan& span, const json& run, std::string what,
              Sink& sink)
      : JsonRun(src, span, run, std::move(what), "is this a vLLM bench serve --save-result file?",
                "vLLM writes this field as a number", sink) {}

  // What one run states (nullopt if it has an error).
  std::optional<StatedRun> Run(const std::string& source_id, std::string& date);

 private:
  // The sections of Run, in record order; a false return means an error was reported.
  bool ReadMeasurements();
  void ReadModel();
  void ReadHardware();
  bool ReadLoad();
  void ReadLengths();
  void AddRunNotes(std::string& date);
  void SetConditions();
  void ReadFigures();

  // The speculative condition from the spec_decode_* metrics vLLM writes when the server
  // ran speculative decoding; absent when there are none (older versions write none either,
  // so their absence does not show that none ran).
  CondValue SpeculativeCondition(std::vector<std::string>& notes) {
    auto number = [&](std::string_view key) -> std::optional<double> {
      const json* v = Get(key);
      if (v == nullptr || !v->is_number()) return std::nullopt;
      double d = v->get<double>();
      return std::isfinite(d) ? std::optional<double>(d) : std::nullopt;
    };
    auto drafts = number("spec_decode_num_drafts");
    auto draft_tokens = number("spec_decode_draft_tokens");
    auto length = number("spec_decode_acceptance_length");
    const json* per_position = Get("spec_decode_per_position_acceptance_rates");
    bool any =
        drafts || draft_tokens || length || (per_position != nullptr && per_position->is_array());
    if (!any) return CondValue::Absent("the server configuration is not recorded");
    // k, the tokens drafted per step: the per-position list has one rate per draft position;
    // else total drafted / drafting steps, rounded up (a larger k only loosens a bound).
    std::optional<int64_t> k;
    std::string k_how;
    if (per_position != nullptr && per_position->is_array() && !per_position->empty() &&
        per_position->size() <= 1000) {
      k = static_cast<int64_t>(per_position->size());
      k_how = fmt::format("{} per-position acceptance rates", *k);
    } else if (drafts && draft_tokens && *drafts >= 1 && *draft_tokens >= *drafts &&
               *draft_tokens / *drafts <= 1000) {
      k = static_cast<int64_t>(std::ceil(*draft_tokens / *drafts - 1e-9));
      k_how = fmt::format("spec_decode_draft_tokens {} / spec_decode_num_drafts {}",
                          NumberText(*draft_tokens), NumberText(*drafts));
    }
    TomlMembers table = {{"method", std::string("not recorded (vLLM spec_decode_* metrics)")}};
    if (k) table.emplace_back("draft_tokens", *k);
    if (length && *length >= 1 && (!k || *length <= static_cast<double>(*k) + 1)) {
      table.emplace_back("acceptance_length", *length);
    }
    notes.push_back(
        fmt::format("Speculative decoding ran: the file holds spec_decode_* metrics{}{}.",
                    k ? fmt::format("; k = {} draft tokens per step ({})", *k, k_how) : "",
                    length ? fmt::format("; mean acceptance length {}", NumberText(*length)) : ""));
    return CondValue::Table(std::move(table));
  }

  // What the sections find.
  StatedRun r_;
  std::vector<std::string>& notes_ = r_.notes;
  std::optional<double> throughput_, completed_, total_in_, total_out_, duration_;
  int64_t n_done_ = 0;
  std::string model_text_;             // model_id as the file writes it
  std::vector<std::string> metadata_;  // --metadata key=value pairs
  std::string rate_text_ = "not stated";
  CondValue concurrency_;
  int64_t input_tokens_ = 0, output_tokens_ = 0;
  bool input_is_mean_ = false;
};

std::optional<StatedRun> RunImporter::Run(const std::string& source_id, std::string& date) {
  r_.source_id = source_id;
  r_.id_prefix = "vllm-serve";
  r_.load_slug = "rate-unknown";
  // Identity: the run's content, without the per-request arrays.
  r_.hash = Fnv1a(run_.dump());
  r_.at = Locator();
  if (!ReadMeasurements()) return std::nullopt;
  ReadModel();
  ReadHardware();
  if (!ReadLoad()) return std::nullopt;
  ReadLengths();
  AddRunNotes(date);
  SetConditions();
  ReadFigures();
  if (failed_) return std::nullopt;
  return std::move(r_);
}

// Required measurements: output_throughput, completed and the token totals.
bool RunImporter::ReadMeasurements() {
  throughput_ = Number("output_throughput", true);
  completed_ = Number("completed", true);
  total_in_ = Number("total_input_tokens", true);
  total_out_ = Number("total_output_tokens", true);
  duration_ = Number("duration", false);
  const json* model_id = Get("model_id");
  if (model_id == nullptr || !model_id->is_string()) {
    Error("model_id", "missing-field", "no model_id string", "vLLM writes --model as model_id");
  }
  if (failed_) return false;
  model_text_ = model_id->get<std::string>();
  if (*completed_ > 1e12) {
    Error("completed", "out-of-range",
          fmt::format("{} completed requests is not a count a benchmark run has",
                      Get("completed")->dump()),
          "completed is the number of requests that finished, a whole number");
    return false;
  }
  if (*completed_ < 1 || *completed_ != std::floor(*completed_)) {
    Error("completed", "no-requests",
          fmt::format("{} completed requests: nothing was measured", Get("completed")->dump()),
          "a run with no completed request has no throughput or latency to import");
    return false;
  }
  for (auto [key, v] : {std::pair{"total_input_tokens", *total_in_},
                        std::pair{"total_output_tokens", *total_out_}}) {
    if (!WholeNumberIn(v, 0, kMaxTokenTotal)) {
      Error(key, "out-of-range", fmt::format("{} is not a token count", NumberText(v)),
            "token totals are whole numbers from 0 to 10^15");
    }
  }
  n_done_ = *WholeNumberIn(*completed_, 1, 1e12);
  return !failed_;
}

// Model (the driver weighs --model against model_id); the weight format is never stated.
void RunImporter::ReadModel() {
  r_.model_names = {model_text_, std::string(BaseName(model_text_))};
  r_.model_display = model_text_;
  r_.model_key = "model_id";
}

// Hardware and count: never in the file (a --metadata gpu= is a user assertion, quoted).
void RunImporter::ReadHardware() {
  std::string metadata_gpu;
  for (auto& [key, v] : run_.items()) {
    if (KnownKeys().count(key) || ParseLatencyKey(key) || key.starts_with("spec_decode_") ||
        key.starts_with("probe_")) {
      continue;
    }
    if (v.is_string()) {
      metadata_.push_back(fmt::format("{}={}", key, v.get<std::string>()));
      if (key == "gpu") metadata_gpu = v.get<std::string>();
    }
  }
  // The user's --metadata gpu= ("4xNVIDIA_L40S", as llm-d's harness writes it) is what the file
  // says of its hardware: used, and said to be the user's word, recorded with the run.
  if (!metadata_gpu.empty()) {
    r_.hardware.value = fmt::format("{} (--metadata gpu, user-asserted in the file)", metadata_gpu);
    notes_.push_back(fmt::format(
        "Hardware '{}' is the file's --metadata gpu: the user's word, recorded with the run.",
        metadata_gpu));
  }
  r_.hardware.key = "model_id";
  r_.hardware_unstated = "vLLM bench serve records no hardware";
  // Replicas: --metadata decode_replicas (llm-d) counts the decode instances, each serving its
  // own requests. With a prefill pool beside them, TTFT ran elsewhere: then no replica count.
  auto meta_int = [&](const char* key) -> std::optional<int64_t> {
    const json* v = Get(key);
    if (v == nullptr || !v->is_string()) return std::nullopt;
    auto n = ParseNumber(v->get<std::string>());
    return n ? WholeNumberIn(*n, 0, 100000) : std::nullopt;
  };
  auto decode = meta_int("decode_replicas");
  auto prefill = meta_int("prefill_replicas");
  if (decode && *decode >= 1 && (!prefill || *prefill == 0)) {
    r_.replicas = *decode;
    r_.replicas_how = "--metadata decode_replicas (user-asserted)";
  }
}

// The load: the concurrency cap (max_concurrency), else the peak in flight the client
// measured (max_concurrent_requests), else absent with the arrival rate that drove the load.
bool RunImporter::ReadLoad() {
  const json* rate = Get("request_rate");
  if (rate != nullptr && rate->is_string() && rate->get<std::string>() == "inf") {
    rate_text_ = "'inf' (every request sent at t=0: a burst)";
    r_.load_slug = "burst";
  } else if (rate != nullptr && rate->is_number()) {
    double r = rate->get<double>();
    r_.request_rate = r;
    if (!(r > 0)) {
      Error("request_rate", "out-of-range", fmt::format("{} is not a request rate", rate->dump()),
            "request_rate is a positive number of requests per second, or \"inf\"");
      return false;
    }
    rate_text_ = fmt::format("{} req/s", NumberText(r));
    r_.load_slug = fmt::format("{}qps", Slug(NumberText(r)));
  } else if (rate != nullptr) {
    Error("request_rate", "not-a-number",
          fmt::format("{} is neither a number nor \"inf\"", rate->dump()),
          "request_rate is a number of requests per second, or \"inf\"");
    return false;
  }
  std::string burstiness;
  if (const json* bu = Get("burstiness"); bu && bu->is_number()) {
    burstiness = fmt::format(", burstiness {}{}", NumberText(bu->get<double>()),
                             bu->get<double>() == 1.0 ? " (Poisson)" : " (gamma arrivals)");
  }
  const json* cap = Get("max_concurrency");
  const json* peak = Get("max_concurrent_requests");
  bool peak_ok = peak != nullptr && peak->is_number() && peak->get<double>() >= 1 &&
                 peak->get<double>() <= 1e9 &&
                 peak->get<double>() == std::floor(peak->get<double>());
  if (cap != nullptr && cap->is_number_integer() && cap->get<int64_t>() >= 1) {
    concurrency_ = CondValue::Int(cap->get<int64_t>());
    notes_.push_back(
        fmt::format("max_concurrency {} caps the requests in flight; request_rate "
                    "{}{}.",
                    cap->get<int64_t>(), rate_text_, burstiness));
    if (peak != nullptr && peak->is_number()) {
      notes_.push_back(
          fmt::format("max_concurrent_requests {}: the peak in flight measured.", peak->dump()));
    }
  } else if (cap != nullptr && !cap->is_null()) {
    Error("max_concurrency", "out-of-range",
          fmt::format("{} is not a concurrency cap", cap->dump()),
          "max_concurrency is an integer >= 1, or null");
    return false;
  } else if (peak_ok) {
    // The peak in flight the client measured bounds the sequences in any one step, so it
    // may loosen a bound as a concurrency does (never tighten one as a batch would).
    int64_t p = static_cast<int64_t>(peak->get<double>());
    concurrency_ = CondValue::Int(p);
    notes_.push_back(fmt::format(
        "concurrency {} is max_concurrent_requests, the peak in flight the client measured "
        "(no cap was set: open-loop arrivals at request_rate {}{}).",
        p, rate_text_, burstiness));
  } else {
    concurrency_ = CondValue::Absent(fmt::format(
        "max_concurrency is null: open-loop arrivals at request_rate {}{}; the achieved "
        "concurrency is not reported",
        rate_text_, burstiness));
  }
  return true;
}

// Measured lengths: totals / completed; --metadata lengths that disagree are reported.
void RunImporter::ReadLengths() {
  double mean_in = *total_in_ / *completed_;
  double mean_out = *total_out_ / *completed_;
  auto length = [&](double total, double mean, const char* name) {
    if (mean == std::floor(mean)) {
      notes_.push_back(fmt::format("{}: {} total / {} completed = {} per request (measured).", name,
                                   NumberText(total), n_done_, NumberText(mean)));
    } else {
      notes_.push_back(
          fmt::format("{}: {} total / {} completed = {:.2f} per request (measured "
                      "mean, rounded down: the generous side for the roofs).",
                      name, NumberText(total), n_done_, mean));
    }
    return static_cast<int64_t>(std::floor(mean));
  };
  input_tokens_ = length(*total_in_, mean_in, "input_tokens");
  // The lengths are one fixed length only when the mean is the length asked for (--metadata
  // input_len or random_input_len); else they may have varied (ShareGPT, a random range), and
  // the mean is written as one.
  input_is_mean_ = true;
  for (const char* key : {"input_len", "random_input_len"}) {
    const json* v = Get(key);
    if (v == nullptr) continue;
    std::optional<double> asked =
        v->is_string() ? ParseNumber(v->get<std::string>())
                       : (v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt);
    if (asked && *asked == mean_in) input_is_mean_ = false;
  }
  if (input_is_mean_) {
    notes_.push_back(
        "input_tokens_mean: the run does not state that every request had this length (no "
        "--metadata input_len equal to it), so it is written as a mean.");
  }
  output_tokens_ = length(*total_out_, mean_out, "output_tokens");
  r_.mean_output = mean_out;
  for (auto [key, mean] :
       {std::pair{"input_len", mean_in}, std::pair{"output_len", mean_out},
        std::pair{"random_input_len", mean_in}, std::pair{"random_output_len", mean_out}}) {
    const json* v = Get(key);
    if (v == nullptr) continue;
    std::optional<double> asked =
        v->is_string() ? ParseNumber(v->get<std::string>())
                       : (v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt);
    if (asked && std::fabs(*asked - mean) > 0.5) {
      std::string said = v->is_string() ? v->get<std::string>() : v->dump();
      sink_.Add(At(key, Severity::kNote, "metadata-disagrees",
                   fmt::format("{} says {} but the run measured {:.2f} tokens per request; the "
                               "measurement is recorded",
                               key, said, mean),
                   std::string_view(key).find("output") != std::string_view::npos
                       ? "--metadata values are what the user asked for; requests that stop at "
                         "EOS (ignore_eos false) generate fewer tokens"
                       : "--metadata values are what the user asked for, not what ran"));
      notes_.push_back(
          fmt::format("--metadata {}={} disagrees with the measured {:.2f}.", key, said, mean));
    }
  }
}

// Failed and planned requests, goodput, the user's --metadata, and the run's date.
void RunImporter::AddRunNotes(std::string& date) {
  const json* failed = Get("failed");
  if (failed != nullptr && failed->is_number() && failed->get<double>() > 0) {
    notes_.push_back(fmt::format("{} requests failed; the figures are over the {} completed.",
                                 failed->dump(), n_done_));
  }
  const json* planned = Get("num_prompts");
  if (failed == nullptr && planned != nullptr && planned->is_number() &&
      planned->get<double>() > *completed_) {
    notes_.push_back(
        fmt::format("{} of {} planned requests completed (this version writes no "
                    "'failed').",
                    n_done_, planned->dump()));
  }
  if (const json* goodput = Get("request_goodput:")) {
    notes_.push_back(
        fmt::format("request_goodput (spelled 'request_goodput:' by this vLLM "
                    "version): {}.",
                    goodput->dump()));
  }
  if (!metadata_.empty()) {
    notes_.push_back(fmt::format("--metadata (user-asserted, not used as conditions): {}.",
                                 fmt::join(metadata_, ", ")));
  }
  if (const json* d = Get("date"); d && d->is_string()) {
    std::string s = d->get<std::string>();
    if (s.size() >= 8 && std::all_of(s.begin(), s.begin() + 8, ::isdigit)) {
      date = fmt::format("{}-{}-{}", s.substr(0, 4), s.substr(4, 2), s.substr(6, 2));
    }
  }
}

// Conditions shared by every record of the run.
void RunImporter::SetConditions() {
  std::string backend = "not stated";
  if (const json* bk = Get("backend"); bk && bk->is_string()) backend = bk->get<std::string>();
  auto& conditions = r_.conditions;
  r_.load = concurrency_;
  r_.input_tokens = CondValue::Int(input_tokens_);
  r_.input_tokens_is_mean = input_is_mean_;
  r_.output_tokens = CondValue::Int(output_tokens_);
  conditions.emplace_back(
      "engine", CondValue::Absent(fmt::format("the file's backend '{}' is the client's request "
                                              "protocol; the serving engine is not recorded",
                                              backend)));
  r_.engine_version_absent = "vLLM bench serve records no server engine or version";
  conditions.emplace_back(
      "warmup", CondValue::Absent("vLLM bench serve records no warmup (older versions send one "
                                  "connectivity-check request; --num-warmups is not written)"));
  conditions.emplace_back("scenario",
                          CondValue::Absent(fmt::format("an online serving run (vLLM bench "
                                                        "serve, request_rate {}), not an MLPerf "
                                                        "scenario",
                                                        rate_text_)));
  conditions.emplace_back("speculative", SpeculativeCondition(notes_));
}

// The figures: aggregate output (mean over the run, and its one-second peak when the file
// states it), then one per latency statistic, in ms as the file states them.
void RunImporter::ReadFigures() {
  std::string run_where = what_;
  if (const json* d = Get("date"); d && d->is_string()) {
    run_where += fmt::format(", date {}", d->get<std::string>());
  }
  // The file's name is in the source record: a renamed copy gives the same record.
  r_.locator_prefix = fmt::format("{} (request_rate {}), ", run_where, rate_text_);

  // Aggregate output throughput.
  StatedFigure agg = Figure("aggregate-output", "mean", *throughput_, "tok/s",
                            Dimension::kTokenRate, "output_throughput", "output throughput");
  agg.title = fmt::format("vLLM bench serve output throughput, {}, request_rate {}", model_text_,
                          rate_text_);
  agg.lead = fmt::format(
      "Aggregate output tokens/s over every request of the run: {} output tokens{}.",
      NumberText(*total_out_), duration_ ? fmt::format(" / {} s", NumberText(*duration_)) : "");
  r_.figures.push_back(std::move(agg));

  // Its peak: max_output_tokens_per_s is the most output tokens any one-second window of the
  // run saw, over every request (vLLM's calculate_metrics buckets each token's arrival time,
  // start + TTFT + the inter-token gaps, into whole seconds and takes the largest bucket).
  if (auto peak = Number("max_output_tokens_per_s", false); peak && *peak > 0) {
    StatedFigure f = Figure("aggregate-output", "peak", *peak, "tok/s", Dimension::kTokenRate,
                            "max_output_tokens_per_s", "peak output throughput");
    f.title = fmt::format("vLLM bench serve peak output throughput (1 s), {}, request_rate {}",
                          model_text_, rate_text_);
    f.lead =
        "Peak aggregate output tokens/s: max_output_tokens_per_s, the largest count of output "
        "tokens, over all requests, that arrived within one whole second of the run (each "
        "streamed chunk counts as one token, so a chunk of several tokens is undercounted).";
    r_.figures.push_back(std::move(f));
  }

  // Latency statistics.
  std::vector<std::string> skipped;
  std::map<std::string, std::string> spread;  // metric -> std
  for (auto& [key, value] : run_.items()) {
    auto lk = ParseLatencyKey(key);
    if (lk && !value.is_null() && lk->statistic == "std" && value.is_number()) {
      spread[lk->metric] = NumberText(value.get<double>());
    }
  }
  for (auto& [key, value] : run_.items()) {
    auto lk = ParseLatencyKey(key);
    if (!lk || value.is_null() || lk->statistic == "std") continue;
    if (!IsRecordStatistic(lk->statistic)) {
      skipped.push_back(key);
      continue;
    }
    if (!value.is_number()) {
      Error(key, "not-a-number", fmt::format("{} is not a number", value.dump()),
            "vLLM writes latency statistics as numbers of milliseconds");
      continue;
    }
    StatedFigure f =
        Figure(std::string(LatencyMetric(lk->metric)), lk->statistic, value.get<double>(), "ms",
               Dimension::kTime, key, LatencyName(lk->metric));
    f.title = fmt::format("vLLM bench serve {} {}, {}, request_rate {}", lk->statistic,
                          LatencyName(lk->metric), model_text_, rate_text_);
    std::string_view what = LatencyMeaning(lk->metric);
    f.lead = fmt::format(
        "{} {} over {} completed requests: {}{}.", lk->statistic, LatencyName(lk->metric), n_done_,
        what, spread.count(lk->metric) ? fmt::format(" (std {} ms)", spread[lk->metric]) : "");
    r_.figures.push_back(std::move(f));
  }
  r_.first_tail = UnnamedStatistics(skipped);
}

}  // namespace

bool LooksLikeVllmServe(std::string_view text) {
  std::string_view head = text.substr(0, 1 << 16);
  if (char first = FirstNonSpace(head); first != '{' && first != '[') return false;
  // The setup fields come first; the throughput may stand after megabytes of per-request
  // arrays, so look for either.
  return head.find("\"output_throughput\"") != kNpos ||
         (head.find("\"model_id\"") != kNpos && head.find("\"request_rate\"") != kNpos);
}

void ImportVllmServe(const ImportFile& file, const Context& ctx, ImportResult& out) {
  FileImport fi(file, out);
  const SourceText& src = fi.src();
  Sink& sink = fi.sink();
  // vLLM writes strict JSON: a bare NaN or Infinity is an error, never read.
  auto results = SplitResults(src, false, "no JSON object: a vLLM result is one object per run",
                              "import the file vLLM bench serve --save-result writes; a pasted "
                              "console summary is `rooflint import serving-console`",
                              sink);
  if (!results) return;
  const JsonSplit& split = results->split;
  std::string date;
  std::string source_id = SourceIdOf(ctx, "vllm-serve-run", fi.file_hash());
  for (size_t i = 0; i < split.values.size(); ++i) {
    const JsonValueSpan& span = split.values[i];
    std::string what = RunName(src, split, i);
    // Per-request arrays (ttfts, itls, generated_texts, ...) are parsed but not kept.
    auto run = ParseRunSpan(src, results->text(), span, what, {"vLLM bench serve", "result", true},
                            Nested::kDropped, sink);
    if (!run || fi.RepeatsAnEarlierRun(run->dump(), span.begin)) continue;
    RunImporter importer(src, span, *run, what, sink);
    std::string run_date;
    if (auto stated = importer.Run(source_id, run_date)) {
      AddRun(std::move(*stated), ctx, fi, span.begin);
    }
    if (date.empty()) date = run_date;
  }
  std::optional<SourceDraft> source;
  if (ctx.options().source.empty()) {
    source = LocalRunSource(
        source_id, fmt::format("vLLM bench serve result, {}", BaseName(file.path)),
        "a vLLM bench serve run",
        "https://github.com/vllm-project/vllm/blob/main/vllm/benchmarks/serve.py", date,
        fmt::format(
            "Imported by rooflint from '{}' ({} bytes, content hash {}, {} run(s)). The url is the "
            "tool that wrote the file, not the file: a local run has no address.{}",
            BaseName(file.path), file.text.size(), fi.file_hash(), split.values.size(),
            date.empty() ? " The date is the import date: the file states none." : ""));
  }
  fi.Emit(source);
}

}  // namespace rooflint::import
