// vLLM `vllm bench throughput` / benchmarks/benchmark_throughput.py --output-json results to
// records. The file holds five numbers of one offline run: every request handed to the engine
// at once, so the batch is the scheduler's (max_num_seqs, max_num_batched_tokens), which the
// file does not record. tokens_per_second counts prompt AND output tokens
// (total_num_tokens / elapsed_time): an aggregate-total record, never aggregate-output. No
// model, hardware, engine version or length split is written; the model must come from
// --model.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "import/common.h"
#include "import/driver.h"
#include "import/json_results.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;
constexpr std::string_view kTool = "vLLM bench throughput";
using json = nlohmann::json;

const std::set<std::string, std::less<>>& KnownKeys() {
  static const auto* const kKeys =
      new std::set<std::string, std::less<>>{"elapsed_time", "num_requests", "total_num_tokens",
                                             "requests_per_second", "tokens_per_second"};
  return *kKeys;
}

}  // namespace

bool LooksLikeVllmThroughput(std::string_view text) {
  std::string_view head = text.substr(0, 1 << 16);
  if (FirstNonSpace(head) != '{') return false;
  return head.find("\"elapsed_time\"") != kNpos && head.find("\"total_num_tokens\"") != kNpos &&
         head.find("\"tokens_per_second\"") != kNpos;
}

void ImportVllmThroughput(const ImportFile& file, const Context& ctx, ImportResult& out) {
  FileImport fi(file, out);
  const SourceText& src = fi.src();
  Sink& sink = fi.sink();
  auto one = ReadOneRun(
      src,
      {"the result", "no JSON object: a vLLM bench throughput --output-json file holds one",
       "import the file --output-json writes; the console line is not importable",
       "more than one JSON value: vLLM bench throughput writes one object per file",
       "import each --output-json file on its own"},
      {kTool}, sink);
  if (!one) return;
  const json& run = one->run;
  const JsonValueSpan& span = one->span();
  JsonRun fields(src, span, run, "the result",
                 "is this a vLLM bench throughput --output-json file?",
                 "vLLM writes this field as a number", sink);
  auto at = [&](std::string_view key, Severity severity, DiagnosticCode code, std::string message,
                std::string hint) {
    return fields.At(key, severity, std::move(code), std::move(message), std::move(hint));
  };
  auto number = [&](std::string_view key) -> std::optional<double> {
    const json* v = fields.Get(key);
    if (v == nullptr || v->is_null()) {
      fields.Missing(key);
      return std::nullopt;
    }
    if (!v->is_number() || !std::isfinite(v->get<double>()) || v->get<double>() <= 0) {
      fields.Error(key,
                   v->is_number() ? DiagnosticCode("out-of-range") : DiagnosticCode("not-a-number"),
                   fmt::format("{} is not a positive number", fields.Raw(key)),
                   "vLLM writes this field as a positive number");
      return std::nullopt;
    }
    return v->get<double>();
  };
  auto elapsed = number("elapsed_time");
  auto requests = number("num_requests");
  auto tokens = number("total_num_tokens");
  auto rps = number("requests_per_second");
  auto tps = number("tokens_per_second");
  if (!elapsed || !requests || !tokens || !rps || !tps) return;
  for (auto [key, v] :
       {std::pair{"num_requests", *requests}, std::pair{"total_num_tokens", *tokens}}) {
    if (v != std::floor(v) || v > 1e15) {
      fields.Error(key, "out-of-range", fmt::format("{} is not a count", fields.Raw(key)),
                   "a whole number of requests or tokens");
    }
  }
  if (fields.failed()) return;

  std::vector<std::string> notes;
  // The two rates are totals / elapsed_time in throughput.py; a file where they are not was
  // edited or written by another tool.
  for (auto [key, rate, total] : {std::tuple{"requests_per_second", *rps, *requests},
                                  std::tuple{"tokens_per_second", *tps, *tokens}}) {
    double expect = total / *elapsed;
    if (std::fabs(rate - expect) > 1e-6 * expect + 1e-9) {
      sink.Add(at(key, Severity::kWarning, "inconsistent-figures",
                  fmt::format("{} is not {} / elapsed_time {} = {}", NumberText(rate),
                              std::string_view(key) == "requests_per_second" ? "num_requests"
                                                                             : "total_num_tokens",
                              NumberText(*elapsed), NumberText(expect)),
                  "vLLM computes both rates from the totals; the file may have been edited"));
      notes.push_back(
          fmt::format("{} disagrees with its total / elapsed_time ({}).", key, NumberText(expect)));
    }
  }
  std::vector<std::string> extra;
  for (auto& [key, v] : run.items()) {
    if (!KnownKeys().count(key)) extra.push_back(key);
  }
  if (!extra.empty()) {
    notes.push_back(fmt::format("Keys vLLM does not write, not read: {}.", fmt::join(extra, ", ")));
  }

  const std::string& file_hash = fi.file_hash();
  StatedRun r;
  r.id_prefix = "vllm-throughput";
  r.hash = Fnv1a(run.dump());
  r.at = [&fields](std::string_view key, Severity severity, DiagnosticCode code,
                   std::string message, std::string hint) {
    return fields.At(key, severity, std::move(code), std::move(message), std::move(hint));
  };
  r.source_id = SourceIdOf(ctx, "vllm-throughput-run", file_hash);
  // The file names no model: --model, or this error.
  r.no_model = src.At(span.begin, Severity::kError, "unknown-model",
                      "the result names no model: vLLM bench throughput writes only "
                      "elapsed_time, num_requests, total_num_tokens and the two rates",
                      "pass --model ID with the model the run loaded (its --model argument)");
  r.hardware_unstated = "vLLM bench throughput records no hardware";
  r.engine_version_absent = "vLLM bench throughput records no version";
  r.notes = std::move(notes);
  r.load_key = "batch";
  r.load = CondValue::Absent(
      fmt::format("an offline run: all {} requests are handed to the engine at once and its "
                  "scheduler (max_num_seqs, max_num_batched_tokens, not recorded) sets the batch",
                  NumberText(*requests)));
  r.input_tokens =
      CondValue::Absent(fmt::format("the file gives only total_num_tokens {} (prompt + output) "
                                    "over {} requests, not the split",
                                    NumberText(*tokens), NumberText(*requests)));
  r.output_tokens = CondValue::Absent("not recorded (--output-len, when given, is in no file)");
  r.conditions.emplace_back(
      "engine", CondValue::Absent("the benchmark runs vLLM unless --backend hf or mii, and the "
                                  "file does not record the backend"));
  r.conditions.emplace_back("warmup", CondValue::Absent("vLLM bench throughput records none"));
  r.conditions.emplace_back("scenario", CondValue::Str("offline"));
  r.conditions.emplace_back("speculative",
                            CondValue::Absent("the engine configuration is not recorded"));
  r.conditions.emplace_back("prefix_cache",
                            CondValue::Absent("the engine configuration is not recorded"));

  std::string shared = fmt::format(
      "Offline run (vLLM bench throughput): {} requests in elapsed_time {} s, total_num_tokens "
      "{}.",
      NumberText(*requests), NumberText(*elapsed), NumberText(*tokens));
  std::string model = ctx.options().model;
  {
    StatedFigure f = fields.Figure("aggregate-total", "mean", *tps, "tok/s", Dimension::kTokenRate,
                                   "tokens_per_second", "token throughput");
    f.statistic_in_id = false;
    f.title = fmt::format("vLLM bench throughput, prompt + output tokens/s, {}, {} requests", model,
                          NumberText(*requests));
    f.lead = fmt::format(
        "Aggregate prompt + output tokens/s: tokens_per_second = total_num_tokens / "
        "elapsed_time, and total_num_tokens counts every prompt token and every output token "
        "(some versions count each request's requested output length; requests ignore EOS, so "
        "they run to it). The output-only rate is printed on the console, not written. {}",
        shared);
    r.figures.push_back(std::move(f));
  }
  {
    StatedFigure f = fields.Figure("requests", "mean", *rps, "req/s", Dimension::kRequestRate,
                                   "requests_per_second", "request throughput");
    f.statistic_in_id = false;
    f.title = fmt::format("vLLM bench throughput, requests/s, {}, {} requests", model,
                          NumberText(*requests));
    f.lead = fmt::format("Completed requests per second: num_requests / elapsed_time. {}", shared);
    r.figures.push_back(std::move(f));
  }
  std::string source_id = r.source_id;
  AddRun(std::move(r), ctx, fi, span.begin);
  std::optional<SourceDraft> source;
  if (ctx.options().source.empty()) {
    source = LocalRunSource(
        source_id, fmt::format("vLLM bench throughput result (content hash {})", file_hash),
        "a vLLM bench throughput run",
        "https://github.com/vllm-project/vllm/blob/main/vllm/benchmarks/throughput.py", "",
        fmt::format("Imported by rooflint ({} bytes, content hash {}). The url is the tool that "
                    "wrote the file, not the file: a local run has no address. The date is the "
                    "import date: "
                    "the file states none.",
                    file.text.size(), file_hash));
  }
  fi.Emit(source);
}

}  // namespace rooflint::import
