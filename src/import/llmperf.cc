// ray-project LLMPerf `token_benchmark_ray.py` summaries (`<model>_<in>_<out>_summary.json`, one
// flat JSON object) to records: results_mean_output_throughput_token_per_s is aggregate output
// over the run; the TTFT and end-to-end latency statistics (seconds) are per-request latency
// records. LLMPerf's "inter token latency" is each request's end-to-end time divided by its
// output tokens (TTFT included), which is neither ITL nor TPOT, and its per-request "output
// throughput" counted streamed chunks before 2024-04: neither is imported. Token counts come
// from the client's tokenizer (a hard-coded Llama-2 tokenizer in ray-project/llmperf).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "import/common.h"
#include "import/driver.h"
#include "import/json_results.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;
constexpr std::string_view kTool = "LLMPerf";
using json = nlohmann::json;

struct StatKey {
  std::string metric;     // ttft_s, end_to_end_latency_s, ...
  std::string statistic;  // mean, p50, min, max, stddev
};

std::optional<StatKey> ParseStatKey(const std::string& key) {
  static const std::regex kRe(
      "^results_(ttft_s|end_to_end_latency_s|inter_token_latency_s|request_output_throughput_"
      "token_per_s|number_input_tokens|number_output_tokens)_(?:quantiles_(p[0-9]+)|(mean|min|"
      "max|stddev))$");
  // The longest key it names is 64 bytes; a longer one (a file may hold a key of any length)
  // never reaches the backtracking matcher, whose recursion grows with the input.
  if (key.size() > 80) return std::nullopt;
  std::smatch m;
  if (!std::regex_match(key, m, kRe)) return std::nullopt;
  return StatKey{m[1].str(), m[2].matched ? m[2].str() : m[3].str()};
}

// Keys token_benchmark_ray.py writes itself; any other top-level key is the user's --metadata.
bool KnownKey(const std::string& key) {
  static const std::set<std::string, std::less<>> kKeys = {"version",
                                                           "name",
                                                           "model",
                                                           "mean_input_tokens",
                                                           "stddev_input_tokens",
                                                           "mean_output_tokens",
                                                           "stddev_output_tokens",
                                                           "num_concurrent_requests",
                                                           "timestamp"};
  return kKeys.count(key) || key.starts_with("results_") ||
         key.starts_with("additional_sampling_params");
}

// A number that token_benchmark_ray.py may write as a string ("550": pandas min/max through
// json.dump(default=str)).
std::optional<double> Numeric(const json& v) {
  if (v.is_number()) {
    double d = v.get<double>();
    return std::isfinite(d) ? std::optional<double>(d) : std::nullopt;
  }
  if (v.is_string()) return ParseNumber(v.get<std::string>());
  return std::nullopt;
}

std::string UtcDate(int64_t unix_seconds) {
  std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  if (gmtime_r(&t, &tm) == nullptr) return "";
  return fmt::format("{:04}-{:02}-{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

}  // namespace

bool LooksLikeLlmperf(std::string_view text) {
  std::string_view head = text.substr(0, 1 << 16);
  if (FirstNonSpace(head) != '{') return false;
  return head.find("\"results_mean_output_throughput_token_per_s\"") != kNpos ||
         (head.find("\"num_concurrent_requests\"") != kNpos &&
          head.find("\"results_ttft_s_mean\"") != kNpos);
}

void ImportLlmperf(const ImportFile& file, const Context& ctx, ImportResult& out) {
  FileImport fi(file, out);
  const SourceText& src = fi.src();
  Sink& sink = fi.sink();
  // pandas writes NaN for a statistic with no sample; json.dump passes it through.
  auto one = ReadOneRun(src,
                        {"the summary", "no JSON object: an LLMPerf summary is one object",
                         "import the *_summary.json file token_benchmark_ray.py writes",
                         "more than one JSON value: an LLMPerf summary is one object (the "
                         "*_individual_responses.json list is not a summary)",
                         "import the *_summary.json file"},
                        {kTool}, sink);
  if (!one) return;
  const json& run = one->run;
  const JsonValueSpan& span = one->span();
  JsonRun fields(src, span, run, "the summary", "is this an LLMPerf *_summary.json file?",
                 "LLMPerf writes this field as a number", sink);
  auto where = [&](std::string_view key) { return fields.Where(key); };
  auto at = [&](std::string_view key, Severity severity, DiagnosticCode code, std::string message,
                std::string hint) {
    return fields.At(key, severity, std::move(code), std::move(message), std::move(hint));
  };
  auto get = [&](std::string_view key) { return fields.Get(key); };
  auto number = [&](std::string_view key, bool required) -> std::optional<double> {
    const json* v = get(key);
    if (v == nullptr || v->is_null()) {
      if (required) fields.Missing(key);
      return std::nullopt;
    }
    // A number that token_benchmark_ray.py may write as a string (Numeric).
    auto d = Numeric(*v);
    if (!d) {
      fields.Error(key, "not-a-number", fmt::format("{} is not a number", fields.Raw(key)),
                   "LLMPerf writes this field as a number");
    }
    return d;
  };

  auto throughput = number("results_mean_output_throughput_token_per_s", true);
  auto completed = number("results_num_completed_requests", true);
  auto concurrent = number("num_concurrent_requests", true);
  const json* model_v = get("model");
  if (model_v == nullptr || !model_v->is_string() || model_v->get<std::string>().empty()) {
    if (model_v == nullptr) {
      fields.Missing("model");
    } else {
      sink.Add(at("model", Severity::kError, "missing-field", "the model is not a name",
                  "LLMPerf writes --model as a string"));
    }
  }
  if (fields.failed()) return;
  if (*completed < 1 || *completed != std::floor(*completed) || *completed > 1e12) {
    sink.Add(at("results_num_completed_requests", Severity::kError, "no-requests",
                fmt::format("{} completed requests: nothing was measured",
                            RawJsonValue(file.text, where("results_num_completed_requests"))),
                "a run with no completed request has no throughput or latency to import"));
    return;
  }
  if (*concurrent < 1 || *concurrent != std::floor(*concurrent) || *concurrent > 1e8) {
    sink.Add(at("num_concurrent_requests", Severity::kError, "out-of-range",
                fmt::format("{} is not a number of concurrent requests",
                            RawJsonValue(file.text, where("num_concurrent_requests"))),
                "num_concurrent_requests is an integer >= 1"));
    return;
  }
  int64_t n_done = *WholeNumberIn(*completed, 1, 1e12);
  int64_t clients = *WholeNumberIn(*concurrent, 1, 1e8);

  const std::string& file_hash = fi.file_hash();
  StatedRun r;
  std::vector<std::string>& notes = r.notes;
  r.id_prefix = "llmperf";
  r.load_slug = fmt::format("c{}", clients);
  r.hash = Fnv1a(run.dump());
  r.at = [&fields](std::string_view key, Severity severity, DiagnosticCode code,
                   std::string message, std::string hint) {
    return fields.At(key, severity, std::move(code), std::move(message), std::move(hint));
  };
  r.source_id = SourceIdOf(ctx, "llmperf-run", file_hash);

  // Model: the name the client sent (LiteLLM's "huggingface/" provider prefix dropped).
  std::string model_text = model_v->get<std::string>();
  std::string bare = model_text.starts_with("huggingface/") ? model_text.substr(12) : model_text;
  r.model_names = {bare, std::string(BaseName(bare))};
  r.model_display = model_text;
  r.model_key = "model";

  // User metadata (framework, api, ...): quoted, never used as conditions.
  std::vector<std::string> metadata;
  for (auto& [key, v] : run.items()) {
    if (KnownKey(key)) continue;
    metadata.push_back(fmt::format("{}={}", key, v.is_string() ? v.get<std::string>() : v.dump()));
  }
  r.hardware_unstated = "LLMPerf records no hardware";
  if (!metadata.empty()) {
    r.hardware_unstated +=
        fmt::format(" (user --metadata: {}; not used)", fmt::join(metadata, ", "));
  }
  r.hardware.key = "model";
  r.engine_version_absent = "LLMPerf records no engine or version";

  // Lengths: the measured means, never the requested ones.
  auto measured = [&](const char* key, const char* requested, const char* name) -> CondValue {
    const json* v = get(key);
    std::optional<double> mean = v != nullptr ? Numeric(*v) : std::nullopt;
    std::optional<double> asked;
    if (const json* q = get(requested)) asked = Numeric(*q);
    if (!mean) {
      return CondValue::Absent(fmt::format(
          "the summary has no measured {}{}", key,
          asked ? fmt::format(" ({} {} is what was requested)", requested, NumberText(*asked))
                : ""));
    }
    if (*mean < (std::string_view(name) == "output_tokens" ? 1 : 0) || *mean > 1e9) {
      return CondValue::Absent(
          fmt::format("{} {} is not a per-request token count", key, NumberText(*mean)));
    }
    notes.push_back(fmt::format(
        "{}: {} {}{}{}.", name, key,
        *mean == std::floor(*mean) ? NumberText(*mean) : fmt::format("{:.2f}", *mean),
        *mean == std::floor(*mean) ? "" : " (rounded down: the generous side for the roofs)",
        asked ? fmt::format("; {} {} was requested", requested, NumberText(*asked)) : ""));
    return CondValue::Int(static_cast<int64_t>(std::floor(*mean)));
  };
  CondValue input_tokens =
      measured("results_number_input_tokens_mean", "mean_input_tokens", "input_tokens");
  CondValue output_tokens =
      measured("results_number_output_tokens_mean", "mean_output_tokens", "output_tokens");
  notes.push_back(
      "LLMPerf counts tokens with its own client tokenizer, not the model's "
      "(ray-project/llmperf's token_benchmark_ray.py loads hf-internal-testing/llama-tokenizer "
      "whatever the model): for a model with another tokenizer every token figure, the "
      "throughput included, is in Llama-2 tokens.");

  // Failed requests.
  auto errors = number("results_number_errors", false);
  auto started = number("results_num_requests_started", false);
  if (errors && *errors > 0) {
    std::string freq;
    if (const json* f = get("results_error_code_frequency"); f && f->is_string()) {
      freq = fmt::format(" (error codes {})", f->get<std::string>());
    }
    std::string of = started ? fmt::format(" of {} started", NumberText(*started)) : "";
    sink.Add(at("results_number_errors", Severity::kWarning, "failed-requests",
                fmt::format("{} requests{} failed{}: the figures are over the {} that completed",
                            NumberText(*errors), of, freq, n_done),
                "a run where requests fail measures the failures too; check the endpoint"));
    notes.push_back(fmt::format("{} requests{} failed{}; the figures are over the {} completed.",
                                NumberText(*errors), of, freq, n_done));
  }
  if (!metadata.empty()) {
    notes.push_back(fmt::format("--metadata (user-asserted, not used as conditions): {}.",
                                fmt::join(metadata, ", ")));
  }
  if (const json* v = get("version"); v && v->is_string()) {
    notes.push_back(
        fmt::format("version '{}' is LLMPerf's results-schema tag, not a tool or "
                    "engine version.",
                    v->get<std::string>()));
  }

  r.load = CondValue::Int(clients);
  r.input_tokens = input_tokens;
  // LLMPerf samples input lengths around mean_input_tokens with stddev_input_tokens: the mean is
  // one fixed length only when the measured spread is 0; else the measured minimum is the
  // length every request had.
  if (input_tokens.kind == CondValue::Kind::kInt) {
    const json* spread = get("results_number_input_tokens_stddev");
    std::optional<double> sd = spread != nullptr ? Numeric(*spread) : std::nullopt;
    if (!sd || *sd > 0) {
      r.input_tokens_is_mean = true;
      const json* least = get("results_number_input_tokens_min");
      std::optional<double> min = least != nullptr ? Numeric(*least) : std::nullopt;
      if (min && *min >= 0 && *min <= 1e9) {
        r.input_tokens_least = static_cast<int64_t>(std::floor(*min));
      }
      notes.push_back(fmt::format(
          "input_tokens_mean: the measured input lengths {}, so their mean is written as one{}.",
          sd ? fmt::format("spread (stddev {})", NumberText(*sd)) : "have no stated spread",
          r.input_tokens_least
              ? fmt::format(", and input_tokens is their minimum {}", *r.input_tokens_least)
              : ""));
    }
  }
  r.output_tokens = output_tokens;
  r.conditions.emplace_back(
      "engine", CondValue::Absent("LLMPerf calls an API endpoint (a hosted service or any "
                                  "OpenAI-compatible server) and records no engine"));
  r.conditions.emplace_back("warmup", CondValue::Absent("LLMPerf records none"));
  r.conditions.emplace_back(
      "scenario",
      CondValue::Absent(fmt::format("an online closed-loop run ({} concurrent clients, each "
                                    "sending its next request when the last one ends), not an "
                                    "MLPerf scenario",
                                    clients)));
  r.conditions.emplace_back("speculative",
                            CondValue::Absent("the server configuration is not recorded"));
  r.conditions.emplace_back("prefix_cache",
                            CondValue::Absent("the server configuration is not recorded"));

  std::string date;
  if (auto ts = number("timestamp", false); ts && *ts > 0 && *ts < 1e11) {
    date = UtcDate(static_cast<int64_t>(*ts));
  }
  {
    StatedFigure f =
        fields.Figure("aggregate-output", "mean", *throughput, "tok/s", Dimension::kTokenRate,
                      "results_mean_output_throughput_token_per_s", "output throughput");
    f.title =
        fmt::format("LLMPerf output throughput, {}, {} concurrent requests", model_text, clients);
    f.lead = fmt::format(
        "Aggregate output tokens/s: the output tokens of the {} completed requests / the run's "
        "wall time (token_benchmark_ray.py metrics_summary).",
        n_done);
    r.figures.push_back(std::move(f));
  }

  // Latency statistics, in seconds as written.
  std::map<std::string, std::string> spread;
  std::optional<double> ttft_mean;
  for (auto& [key, v] : run.items()) {
    auto sk = ParseStatKey(key);
    if (!sk) continue;
    if (sk->statistic == "stddev") {
      if (auto d = Numeric(v)) spread[sk->metric] = NumberText(*d);
    }
    if (sk->metric == "ttft_s" && sk->statistic == "mean") ttft_mean = Numeric(v);
  }
  bool streamed = ttft_mean && *ttft_mean > 0;
  std::vector<std::string> skipped;
  for (auto& [key, v] : run.items()) {
    auto sk = ParseStatKey(key);
    if (!sk || (sk->metric != "ttft_s" && sk->metric != "end_to_end_latency_s")) continue;
    if (sk->statistic == "stddev") continue;
    if (sk->statistic != "mean" && sk->statistic != "p50" && sk->statistic != "p90" &&
        sk->statistic != "p99") {
      skipped.push_back(key);
      continue;
    }
    if (sk->metric == "ttft_s" && !streamed) continue;
    auto d = Numeric(v);
    if (!d) {
      sink.Add(at(key, Severity::kError, "not-a-number",
                  fmt::format("{} is not a number", RawJsonValue(file.text, where(key))),
                  "LLMPerf writes latency statistics as numbers of seconds"));
      continue;
    }
    bool ttft = sk->metric == "ttft_s";
    StatedFigure f = fields.Figure(ttft ? "ttft" : "e2e-latency", sk->statistic, *d, "s",
                                   Dimension::kTime, key, ttft ? "TTFT" : "end-to-end latency");
    f.title = fmt::format("LLMPerf {} {}, {}, {} concurrent requests", sk->statistic,
                          ttft ? "TTFT" : "end-to-end latency", model_text, clients);
    f.lead = fmt::format(
        "{} {} over the {} completed requests, client-side{}.", sk->statistic,
        ttft ? "time to first token" : "end-to-end request latency", n_done,
        spread.count(sk->metric) ? fmt::format(" (stddev {} s)", spread[sk->metric]) : "");
    r.figures.push_back(std::move(f));
  }
  if (fi.failed()) return;
  if (!streamed) {
    r.first_tail +=
        " TTFT not imported: results_ttft_s_mean is not positive, so the client did not "
        "stream (LLMPerf's non-streaming clients write a TTFT of -1).";
  }
  r.first_tail +=
      " Not imported: results_inter_token_latency_s_* (each request's end-to-end time / "
      "its output tokens, TTFT included: neither ITL nor TPOT) and "
      "results_request_output_throughput_token_per_s_* (streamed chunks per second before "
      "ray-project/llmperf afd137a, output tokens / end-to-end time after; the file does "
      "not say which).";
  r.first_tail += UnnamedStatistics(skipped);
  std::string source_id = r.source_id;
  if (AddRun(std::move(r), ctx, fi, where("model")) == 0) return;
  std::optional<SourceDraft> source;
  if (ctx.options().source.empty()) {
    std::string name;
    if (const json* nm = get("name"); nm && nm->is_string()) name = nm->get<std::string>();
    source = LocalRunSource(
        source_id,
        fmt::format("LLMPerf summary{} (content hash {})", name.empty() ? "" : " '" + name + "'",
                    file_hash),
        "an LLMPerf run", "https://github.com/ray-project/llmperf/blob/main/token_benchmark_ray.py",
        date,
        fmt::format("Imported by rooflint ({} bytes, content hash {}). The url is the tool that "
                    "wrote the file, not the file: a local run has no address.{}",
                    file.text.size(), file_hash,
                    date.empty() ? " The date is the import date: the file states no timestamp."
                                 : " The date is the file's timestamp (UTC)."));
  }
  fi.Emit(source);
}

}  // namespace rooflint::import
