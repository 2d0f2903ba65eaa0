// SGLang `python -m sglang.bench_serving --output-file X.jsonl` results (one JSON object per
// run, appended as a line) to records: output_throughput is aggregate output over the run; the
// TTFT/TPOT/ITL/E2E statistics are per-request latency records, imported only when the file
// shows that the run streamed. Lengths come from the measured totals, never from the
// random_*_len arguments. Since late 2025 a line carries `server_info` (the server's own
// arguments, from SGLang's /get_server_info): the model, engine version, TP/PP and the radix
// cache and speculative settings are read there; older lines name no model at all.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/text_util.h"
#include "import/common.h"
#include "import/driver.h"
#include "import/json_results.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;
constexpr std::string_view kTool = "SGLang bench_serving";
using json = nlohmann::json;

// SGLang's --quantization names that fix the weight width, in rooflint's precision names:
// "wXaY" names the weights' width X and the activations' Y, and only the weights' bytes are
// read each step ("w4a8_int8": 4-bit integer weights, 8-bit integer activations; "w4afp8":
// 4-bit integer weights, FP8 activations).
std::string PrecisionOfQuantization(std::string_view q) {
  if (q == "fp8" || q == "w8a8_fp8") return "fp8";
  if (q == "w8a8_int8") return "int8";
  if (q == "w4a8_int8" || q == "w4afp8") return "int4";
  if (q == "mxfp4") return "mxfp4";
  return "";
}

// The server argument dicts of `server_info`: the one dict of a single server, or every
// entry of the `prefill` and `decode` lists of a prefill/decode-disaggregated deployment.
struct Servers {
  bool present = false;
  bool disaggregated = false;
  std::vector<const json*> args;
  std::vector<std::string> roles;  // "prefill", "decode", or "" for a single server
};

Servers ReadServers(const json& run) {
  Servers s;
  auto it = run.find("server_info");
  if (it == run.end() || !it->is_object()) return s;
  const json& si = *it;
  bool lists = false;
  for (const char* role : {"prefill", "decode"}) {
    auto r = si.find(role);
    if (r == si.end() || !r->is_array()) continue;
    lists = true;
    for (const json& e : *r) {
      if (e.is_object()) {
        s.args.push_back(&e);
        s.roles.emplace_back(role);
      }
    }
  }
  if (lists) {
    s.disaggregated = true;
  } else {
    s.args.push_back(&si);
    s.roles.emplace_back("");
  }
  s.present = !s.args.empty();
  return s;
}

class RunImporter : public JsonRun {
 public:
  RunImporter(const SourceText& src, const JsonValueSpan& span, const json& run, std::string what,
              const Context& ctx, Sink& sink)
      : JsonRun(src, span, run, std::move(what),
                "is this an SGLang bench_serving --output-file line?",
                "SGLang writes this field as a finite number", sink),
        ctx_(ctx) {}

  // What one run states (nullopt if it has an error).
  std::optional<StatedRun> Run(const std::string& source_id);

 private:
  // A string every server dict states the same way; "" when none states it. Different
  // values are joined with their roles ("0.5.5.post3 (prefill), 0.5.6 (decode)").
  std::string ServerString(const Servers& s, const char* key) const {
    std::vector<std::string> values;
    std::vector<std::string> labelled;
    for (size_t i = 0; i < s.args.size(); ++i) {
      auto it = s.args[i]->find(key);
      if (it == s.args[i]->end() || !it->is_string() || it->get<std::string>().empty()) continue;
      std::string v = it->get<std::string>();
      if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
      labelled.push_back(s.roles[i].empty() ? v : fmt::format("{} ({})", v, s.roles[i]));
    }
    if (values.empty()) return "";
    if (values.size() == 1) return values[0];
    return fmt::format("{}", fmt::join(labelled, ", "));
  }

  const Context& ctx_;
};

std::optional<StatedRun> RunImporter::Run(const std::string& source_id) {
  const std::nullopt_t out = std::nullopt;
  StatedRun r;
  std::vector<std::string>& notes = r.notes;
  r.id_prefix = "sglang-serving";
  r.source_id = source_id;
  // Identity: the run's content, without per-request arrays.
  r.hash = Fnv1a(run_.dump());
  r.at = Locator();

  // Required measurements.
  auto throughput = Number("output_throughput", true);
  auto completed = Number("completed", true);
  auto total_in = Number("total_input_tokens", true);
  auto total_out = Number("total_output_tokens", true);
  auto retokenized = Number("total_output_tokens_retokenized", false);
  auto duration = Number("duration", false);
  if (failed_) return out;
  if (*completed > 1e12) {
    Error("completed", "out-of-range",
          fmt::format("{} completed requests is not a count a benchmark run has", Raw("completed")),
          "completed is the number of requests that finished, a whole number");
    return out;
  }
  if (*completed < 1 || *completed != std::floor(*completed)) {
    Error("completed", "no-requests",
          fmt::format("{} completed requests: nothing was measured", Raw("completed")),
          "a run with no completed request has no throughput or latency to import");
    return out;
  }
  for (auto [key, v] :
       {std::pair{"total_input_tokens", *total_in}, std::pair{"total_output_tokens", *total_out},
        std::pair{"total_output_tokens_retokenized", retokenized.value_or(0)}}) {
    if (!WholeNumberIn(v, 0, kMaxTokenTotal)) {
      Error(key, "out-of-range", fmt::format("{} is not a token count", Raw(key)),
            "token totals are whole numbers from 0 to 10^15");
    }
  }
  if (failed_) return out;
  int64_t n_done = *WholeNumberIn(*completed, 1, 1e12);

  // What the server said about itself (newer versions only).
  Servers servers = ReadServers(run_);
  if (const json* si = Get("server_info"); si != nullptr && !servers.present && !si->is_null()) {
    notes.push_back("server_info is not a dict of server arguments: not read.");
  }

  // Model: server_info's model_path, else --model; older lines name none.
  std::string model_text = ServerString(servers, "model_path");
  if (model_text.find(", ") != std::string::npos) {
    Error("server_info", "unknown-model",
          fmt::format("the servers name different models ({})", model_text),
          "pass --model ID to say which model the run measured");
    return out;
  }
  if (!model_text.empty()) {
    r.model_names = {model_text, std::string(BaseName(model_text))};
    std::string served = ServerString(servers, "served_model_name");
    if (!served.empty() && served.find(", ") == std::string::npos && served != model_text) {
      r.model_names.push_back(served);
    }
    r.model_display = model_text;
    r.model_key = "server_info";
  } else {
    model_text = ctx_.options().model;
  }
  r.no_model = src_.At(span_.begin, Severity::kError, "unknown-model",
                       fmt::format("{} names no model: bench_serving writes none before "
                                   "server_info (SGLang 2025)",
                                   what_),
                       "pass --model ID with the model the server ran");

  // Precision: a --quantization that fixes the width, else the flag, else absent.
  std::string quantization = ServerString(servers, "quantization");
  std::string dtype = ServerString(servers, "dtype");
  std::string kv_dtype = ServerString(servers, "kv_cache_dtype");
  if (quantization.find(", ") == std::string::npos) {
    r.precision.value = PrecisionOfQuantization(quantization);
    r.precision.how = fmt::format("server_info quantization '{}'", quantization);
    r.precision.key = "server_info";
  }
  if (servers.present) {
    notes.push_back(fmt::format(
        "server_info: dtype '{}', quantization {}, kv_cache_dtype '{}' (dtype 'auto' takes the "
        "checkpoint's own type, which the file does not state).",
        dtype.empty() ? "not stated" : dtype,
        quantization.empty() ? "none" : fmt::format("'{}'", quantization),
        kv_dtype.empty() ? "not stated" : kv_dtype));
  }

  // Hardware: never in the file.
  r.hardware_unstated = "SGLang bench_serving records no hardware (server_info has no device name)";

  // Count: TP x PP of a single server, when no data-parallel replicas multiply it.
  if (servers.present && !servers.disaggregated) {
    const json& a = *servers.args[0];
    auto int_arg = [&](const char* key) -> std::optional<int64_t> {
      auto it = a.find(key);
      if (it == a.end() || !it->is_number_integer()) return std::nullopt;
      int64_t v = it->get<int64_t>();
      return v >= 1 && v <= 1000000 ? std::optional<int64_t>(v) : std::nullopt;
    };
    auto tp = int_arg("tp_size");
    auto pp = int_arg("pp_size");
    auto dp = int_arg("dp_size");
    auto dp_attention = a.find("enable_dp_attention");
    bool dp_inside_tp =
        dp_attention != a.end() && dp_attention->is_boolean() && dp_attention->get<bool>();
    r.count_key = "server_info";
    if (tp && (!dp || *dp == 1 || dp_inside_tp)) {
      r.count = *tp * pp.value_or(1);
      r.count_how = fmt::format("server_info tp_size {} x pp_size {}{}", *tp, pp.value_or(1),
                                dp && *dp > 1 ? fmt::format(" (dp_size {} runs inside the TP "
                                                            "group: enable_dp_attention)",
                                                            *dp)
                                              : "");
    } else if (tp && dp) {
      // dp_size replicas, each a TP x PP group of its own: the GPUs are all of them, and a
      // request runs on one replica's.
      r.count = *tp * pp.value_or(1) * *dp;
      r.count_how =
          fmt::format("server_info tp_size {} x pp_size {} x dp_size {}", *tp, pp.value_or(1), *dp);
      r.replicas = *dp;
      r.replicas_how = "server_info dp_size (data-parallel replicas)";
    }
  } else if (servers.disaggregated) {
    r.count_absent =
        "a prefill/decode-disaggregated run: server_info lists the servers that answered, not "
        "every GPU of the deployment";
  }

  // Load: the arrival rate and the concurrency cap.
  const json* rate = Get("request_rate");
  double rate_value = 0;
  std::string rate_text = "not stated";
  std::string rate_slug = "rate-unknown";
  if (rate != nullptr && rate->is_string() && rate->get<std::string>() == kJsonInfinity) {
    rate_text = "Infinity (every request sent at t=0)";
    rate_slug = "burst";
  } else if (rate != nullptr && rate->is_number()) {
    double rr = rate->get<double>();
    if (!(rr > 0) || !std::isfinite(rr)) {
      Error("request_rate", "out-of-range",
            fmt::format("{} is not a request rate", Raw("request_rate")),
            "request_rate is a positive number of requests per second, or Infinity");
      return out;
    }
    rate_value = rr;
    rate_text = fmt::format("{} req/s (Poisson arrivals)", NumberText(rr));
    rate_slug = fmt::format("{}qps", Slug(NumberText(rr)));
  } else if (rate != nullptr && !rate->is_null()) {
    Error("request_rate", "not-a-number",
          fmt::format("{} is neither a number nor Infinity", Raw("request_rate")),
          "request_rate is a number of requests per second, or Infinity");
    return out;
  }
  CondValue concurrency;
  const json* cap = Get("max_concurrency");
  std::string achieved;
  if (const json* c = Get("concurrency"); c != nullptr && c->is_number()) {
    achieved = fmt::format(
        "the achieved mean in flight (sum of request latencies / duration) "
        "was {}",
        NumberText(c->get<double>()));
  }
  if (cap != nullptr && cap->is_number_integer() && cap->get<int64_t>() >= 1 &&
      cap->get<int64_t>() <= 100000000) {
    concurrency = CondValue::Int(cap->get<int64_t>());
    rate_slug += fmt::format("-c{}", cap->get<int64_t>());
    notes.push_back(
        fmt::format("max_concurrency {} caps the requests in flight (request_rate "
                    "{}){}.",
                    cap->get<int64_t>(), rate_text, achieved.empty() ? "" : "; " + achieved));
  } else if (cap != nullptr && !cap->is_null()) {
    Error("max_concurrency", "out-of-range",
          fmt::format("{} is not a concurrency cap", Raw("max_concurrency")),
          "max_concurrency is an integer >= 1, or null");
    return out;
  } else {
    concurrency = CondValue::Absent(fmt::format(
        "max_concurrency is null: open-loop arrivals at request_rate {}; the server's batch is "
        "not recorded{}",
        rate_text, achieved.empty() ? "" : " (" + achieved + ")"));
  }

  // Measured lengths: totals / completed. The output count is the smaller of the server's
  // (older versions: the requested lengths) and the client's re-tokenized count.
  double out_total = retokenized ? std::min(*total_out, *retokenized) : *total_out;
  double mean_in = *total_in / *completed;
  double mean_out = out_total / *completed;
  auto per_request = [&](double total, double mean, const char* name, const char* from) {
    if (mean == std::floor(mean)) {
      notes.push_back(fmt::format("{}: {} {} / {} completed = {} per request (measured).", name,
                                  from, NumberText(total), n_done, NumberText(mean)));
    } else {
      notes.push_back(fmt::format(
          "{}: {} {} / {} completed = {:.2f} per request (measured mean, rounded down: the "
          "generous side for the roofs).",
          name, from, NumberText(total), n_done, mean));
    }
    return static_cast<int64_t>(std::floor(mean));
  };
  int64_t input_tokens = per_request(*total_in, mean_in, "input_tokens", "total_input_tokens");
  int64_t output_tokens =
      per_request(out_total, mean_out, "output_tokens",
                  retokenized && *retokenized < *total_out ? "total_output_tokens_retokenized"
                                                           : "total_output_tokens");
  r.request_rate = rate_value;
  r.mean_output = mean_out;
  if (retokenized && *retokenized != *total_out) {
    notes.push_back(fmt::format(
        "total_output_tokens {} (the server's count; older versions write the requested "
        "lengths) vs total_output_tokens_retokenized {} (the client re-tokenizes the text); "
        "output_throughput counts the first.",
        NumberText(*total_out), NumberText(*retokenized)));
  }
  std::string dataset = "not stated";
  if (const json* d = Get("dataset_name"); d && d->is_string()) dataset = d->get<std::string>();
  {
    std::vector<std::string> asked;
    for (const char* key :
         {"random_input_len", "random_output_len", "random_range_ratio", "sharegpt_output_len"}) {
      const json* v = Get(key);
      if (v != nullptr && v->is_number()) asked.push_back(fmt::format("{} {}", key, v->dump()));
    }
    notes.push_back(fmt::format(
        "dataset_name '{}'{}{}: arguments, not measurements (SGLang samples random lengths in "
        "[L x range_ratio, L], and writes random_*_len even for other datasets); the lengths "
        "above are measured.",
        dataset, asked.empty() ? "" : ", ", fmt::join(asked, ", ")));
  }

  // Engine: the server that answered /get_server_info is SGLang; the backend is the client's
  // request protocol.
  std::string backend = "not stated";
  if (const json* bk = Get("backend"); bk && bk->is_string()) backend = bk->get<std::string>();
  std::string version = ServerString(servers, "version");
  CondValue engine = servers.present
                         ? CondValue::Str("sglang")
                         : CondValue::Absent(fmt::format(
                               "the line has no server_info; its backend '{}' is the client's "
                               "request protocol, not the serving engine",
                               backend));
  r.engine_version = {version, "server_info version", "server_info"};
  r.engine_version_absent =
      "bench_serving records the server's version only in server_info, which this line does not "
      "have";

  // Speculative decoding: the servers' speculative_algorithm, and accept_length.
  CondValue speculative;
  {
    std::string algorithm = ServerString(servers, "speculative_algorithm");
    bool all_state = servers.present;
    for (const json* a : servers.args) {
      auto it = a->find("speculative_algorithm");
      if (it == a->end() || !(it->is_null() || it->is_string())) all_state = false;
    }
    const json* accept = Get("accept_length");
    std::optional<double> length;
    if (accept != nullptr && accept->is_number() && std::isfinite(accept->get<double>()) &&
        accept->get<double>() >= 1 && accept->get<double>() <= 1000) {
      length = accept->get<double>();
    }
    if (!algorithm.empty() || length) {
      TomlMembers table = {{"method", algorithm.empty()
                                          ? std::string("not recorded (SGLang accept_length)")
                                          : ToLower(algorithm)}};
      if (length) table.emplace_back("acceptance_length", *length);
      speculative = CondValue::Table(std::move(table));
      notes.push_back(
          fmt::format("Speculative decoding: {}{}.",
                      algorithm.empty() ? "the algorithm is not recorded"
                                        : "server_info speculative_algorithm " + algorithm,
                      length ? fmt::format(", mean accept length {}", NumberText(*length)) : ""));
    } else if (all_state) {
      speculative = CondValue::Bool(false);
      notes.push_back("speculative = false: server_info speculative_algorithm is null.");
    } else {
      speculative = CondValue::Absent("the server configuration is not recorded (no server_info)");
    }
  }

  // Prefix cache: SGLang's radix cache, from disable_radix_cache.
  CondValue prefix_cache = CondValue::Absent(
      "the server configuration is not recorded (no server_info); SGLang's radix cache is on by "
      "default and bench_serving flushes it only in CI or with --flush-cache");
  if (servers.present) {
    bool any_on = false;
    bool all_known = true;
    for (const json* a : servers.args) {
      auto it = a->find("disable_radix_cache");
      if (it == a->end() || !it->is_boolean()) {
        all_known = false;
      } else if (!it->get<bool>()) {
        any_on = true;
      }
    }
    if (any_on) {
      prefix_cache = CondValue::Bool(true);
      notes.push_back(
          "prefix_cache = true: a server ran with its radix cache on "
          "(disable_radix_cache false); the share of cached tokens is not recorded.");
    } else if (all_known) {
      prefix_cache = CondValue::Bool(false);
      notes.push_back("prefix_cache = false: every server ran with disable_radix_cache true.");
    }
  }

  std::string tag;
  if (const json* t = Get("tag"); t && t->is_string()) tag = t->get<std::string>();

  std::vector<std::pair<std::string, CondValue>>& conditions = r.conditions;
  r.load = concurrency;
  r.input_tokens = CondValue::Int(input_tokens);
  // One fixed length only for the random dataset at range ratio 1 (SGLang samples in
  // [L x ratio, L]) whose measured mean is L; any other dataset's lengths vary.
  {
    const json* ratio = Get("random_range_ratio");
    const json* asked = Get("random_input_len");
    const bool fixed = dataset == "random" && ratio != nullptr && ratio->is_number() &&
                       ratio->get<double>() == 1.0 && asked != nullptr && asked->is_number() &&
                       asked->get<double>() == mean_in;
    r.input_tokens_is_mean = !fixed;
    if (!fixed) {
      notes.push_back(fmt::format(
          "input_tokens_mean: dataset '{}' {}, so the measured {} is a mean, not a length every "
          "request had.",
          dataset,
          dataset == "random" ? "samples lengths below random_input_len unless its range ratio is 1"
                              : "varies the input length",
          input_tokens));
    }
  }
  r.output_tokens = CondValue::Int(output_tokens);
  conditions.emplace_back("engine", engine);
  conditions.emplace_back(
      "warmup", CondValue::Absent("bench_serving sends --warmup-requests (default 1, at most 32 "
                                  "output tokens) before timing and does not write how many"));
  conditions.emplace_back(
      "scenario", CondValue::Absent(fmt::format("an online serving run (SGLang bench_serving, "
                                                "request_rate {}), not an MLPerf scenario",
                                                rate_text)));
  conditions.emplace_back("speculative", speculative);
  conditions.emplace_back("prefix_cache", prefix_cache);

  r.load_slug = rate_slug;
  std::string run_where = tag.empty() ? what_ : fmt::format("{} (tag '{}')", what_, tag);
  r.locator_prefix = fmt::format("{}, ", run_where);
  std::string title_load =
      fmt::format("request_rate {}{}", rate_text,
                  concurrency.kind == CondValue::Kind::kInt
                      ? fmt::format(", max_concurrency {}", concurrency.integer)
                      : "");

  // Aggregate output throughput.
  {
    StatedFigure f = Figure("aggregate-output", "mean", *throughput, "tok/s", Dimension::kTokenRate,
                            "output_throughput", "output throughput");
    f.title = fmt::format("SGLang bench_serving output throughput, {}, {}", model_text, title_load);
    f.lead = fmt::format(
        "Aggregate output tokens/s over every request of the run: total_output_tokens {}{}.",
        NumberText(*total_out),
        duration ? fmt::format(" / duration {} s", NumberText(*duration)) : "");
    r.figures.push_back(std::move(f));
  }
  // Its peak, as vLLM's importer keeps it: max_output_tokens_per_s is the most output tokens
  // that arrived within one whole second of the run, over all requests.
  if (auto peak = Number("max_output_tokens_per_s", false); peak && *peak > 0) {
    StatedFigure f = Figure("aggregate-output", "peak", *peak, "tok/s", Dimension::kTokenRate,
                            "max_output_tokens_per_s", "peak output throughput");
    f.title = fmt::format("SGLang bench_serving peak output throughput (1 s), {}, {}", model_text,
                          title_load);
    f.lead =
        "Peak aggregate output tokens/s: max_output_tokens_per_s, the largest count of output "
        "tokens, over all requests, that arrived within one whole second of the run.";
    r.figures.push_back(std::move(f));
  }

  // Latency statistics. TTFT, TPOT and ITL mean something only when the run streamed: a
  // non-streaming request has no ITL (bench_serving then writes 0) and its TTFT is its latency.
  bool any_itl = false;
  bool streamed = false;
  std::map<std::string, std::string> spread;
  for (auto& [key, v] : run_.items()) {
    auto sk = ParseLatencyKey(key);
    if (!sk || !v.is_number()) continue;
    if (sk->metric == "itl") {
      any_itl = true;
      if (v.get<double>() > 0) streamed = true;
    }
    if (sk->statistic == "std") spread[sk->metric] = NumberText(v.get<double>());
  }
  std::vector<std::string> skipped;
  std::vector<std::string> zero;
  for (auto& [key, v] : run_.items()) {
    auto sk = ParseLatencyKey(key);
    if (!sk || v.is_null() || sk->statistic == "std") continue;
    if (!IsRecordStatistic(sk->statistic)) {
      skipped.push_back(key);
      continue;
    }
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
      Error(key, "not-a-number", fmt::format("{} is not a number", Raw(key)),
            "SGLang writes latency statistics as numbers of milliseconds");
      continue;
    }
    if (sk->metric != "e2e_latency" && !streamed) continue;
    if (v.get<double>() <= 0) {
      zero.push_back(key);
      continue;
    }
    StatedFigure f = Figure(std::string(LatencyMetric(sk->metric)), sk->statistic, v.get<double>(),
                            "ms", Dimension::kTime, key, LatencyName(sk->metric));
    f.title = fmt::format("SGLang bench_serving {} {}, {}, {}", sk->statistic,
                          LatencyName(sk->metric), model_text, title_load);
    std::string meaning(LatencyMeaning(sk->metric));
    if (LatencyMetric(sk->metric) == "e2e-latency") meaning += ", client-side";
    f.lead = fmt::format(
        "{} {} over {} completed requests: {}{}.", sk->statistic, LatencyName(sk->metric), n_done,
        meaning, spread.count(sk->metric) ? fmt::format(" (std {} ms)", spread[sk->metric]) : "");
    r.figures.push_back(std::move(f));
  }
  if (failed_) return out;
  if (!streamed) {
    r.first_tail +=
        any_itl ? " TTFT, TPOT and ITL not imported: every ITL statistic is 0, so the run did "
                  "not stream (--disable-stream, or a backend that does not stream) and its "
                  "TTFT is the whole request latency."
                : " TTFT, TPOT and ITL not imported: the line has no ITL statistic to show that "
                  "the run streamed.";
  }
  if (!zero.empty()) {
    r.first_tail += fmt::format(
        " Not imported: {} (0 ms: bench_serving writes 0 for a statistic with no sample).",
        fmt::join(zero, ", "));
  }
  r.first_tail += UnnamedStatistics(skipped);
  return r;
}

}  // namespace

bool LooksLikeSglangServing(std::string_view text) {
  std::string_view head = text.substr(0, 1 << 17);
  if (FirstNonSpace(head) != '{') return false;
  // Keys only bench_serving writes: vLLM's serving benchmark spells the end-to-end latency
  // "e2el" and has no retokenized count; the offline throughput files have neither.
  bool sglang_keys = head.find("\"total_output_tokens_retokenized\"") != kNpos ||
                     head.find("_e2e_latency_ms\"") != kNpos;
  return sglang_keys && head.find("\"output_throughput\"") != kNpos &&
         head.find("\"completed\"") != kNpos;
}

void ImportSglangServing(const ImportFile& file, const Context& ctx, ImportResult& out) {
  FileImport fi(file, out);
  const SourceText& src = fi.src();
  Sink& sink = fi.sink();
  // bench_serving writes float("inf") as the bare token Infinity, which is not JSON.
  auto results = SplitResults(
      src, true, "no JSON object: an SGLang bench_serving --output-file holds one per run",
      "import the .jsonl file bench_serving --output-file writes; the console summary is not "
      "importable",
      sink);
  if (!results) return;
  const JsonSplit& split = results->split;
  std::string source_id = SourceIdOf(ctx, "sglang-serving-run", fi.file_hash());
  for (size_t i = 0; i < split.values.size(); ++i) {
    const JsonValueSpan& span = split.values[i];
    std::string what = RunName(src, split, i);
    auto run =
        ParseRunSpan(src, results->text(), span, what, {kTool}, Nested::kMemberArraysDropped, sink);
    if (!run) continue;
    if (fi.RepeatsAnEarlierRun(run->dump(), span.begin)) continue;
    RunImporter importer(src, span, *run, what, ctx, sink);
    if (auto stated = importer.Run(source_id)) AddRun(std::move(*stated), ctx, fi, span.begin);
  }
  std::optional<SourceDraft> source;
  if (ctx.options().source.empty()) {
    source = LocalRunSource(
        source_id, fmt::format("SGLang bench_serving result (content hash {})", fi.file_hash()),
        "an SGLang bench_serving run",
        "https://github.com/sgl-project/sglang/blob/main/python/sglang/bench_serving.py", "",
        fmt::format(
            "Imported by rooflint ({} bytes, content hash {}, {} run(s)). The url is the "
            "tool that wrote the file, not the file: a local run has no address. The date is the "
            "import date: bench_serving writes none.",
            file.text.size(), fi.file_hash(), split.values.size()));
  }
  fi.Emit(source);
}

}  // namespace rooflint::import
