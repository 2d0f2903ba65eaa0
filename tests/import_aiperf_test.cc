// NVIDIA AIPerf and GenAI-Perf importers, against the real files in
// tests/import-samples/aiperf and tests/import-samples/genai-perf (SOURCES.md there says where
// each came from). Every expected figure below was copied by hand from the sample file.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "import_test_util.h"

namespace rooflint::testing {
namespace {

const char kRun1[] = "run1_gpt-oss-20b_c100_profile_export_aiperf.json";
const char kFixture[] = "aiperf-plot-fixture-vinhngx_qwen3-0.6b_c1_profile_export_aiperf.json";
const char kQwen36[] = "qwen36-vllm-aiperf-benchmark_5090_agent_c16_profile_export_aiperf.json";
const char kPre[] = "ajcasagrande-fork_2025-06-prerelease_profile_export_aiperf.json";
const char kGenaiStream[] =
    "perf_analyzer-issue298_trtllm-ensemble_c100_streaming_profile_export_genai_perf.json";
const char kGenaiNoStream[] =
    "perf_analyzer-issue298_trtllm-ensemble_c100_nonstreaming_profile_export_genai_perf.json";

// "status metric statistic value" of every benchmark, in emission order.
std::vector<std::string> Figures(const ImportResult& r) {
  std::vector<std::string> out;
  for (const Benchmark* b : Benchmarks(r)) {
    out.push_back(std::string(StatusName(b->header.status)) + " " +
                  std::string(MetricName(b->metric)) + " " + b->statistic + " " + b->value.text);
  }
  return out;
}

TEST(ImportAiperf, Run1EveryFigureFromTheRecordsWrapper) {
  ImportResult r = ImportFiles({Sample("aiperf", kRun1)});
  EXPECT_TRUE(r.diagnostics.empty()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Figures(r), (std::vector<std::string>{
                            "verified aggregate-output mean 2320.7222350404572 tok/s",
                            "verified requests mean 9.551622221540914 req/s",
                            "verified per-user-decode mean 36.68434853220158 tok/s",
                            "verified per-user-decode p50 36.21203256049328 tok/s",
                            "verified per-user-decode p90 43.86560286546022 tok/s",
                            "verified per-user-decode p99 45.08374026172235 tok/s",
                            "verified ttft mean 2343.219436988764 ms",
                            "verified ttft p50 2369.317693 ms",
                            "verified ttft p90 3796.9311679999996 ms",
                            "verified ttft p99 3833.3894000399996 ms",
                            "verified tpot mean 27.763065454471807 ms",
                            "verified tpot p50 27.615130366666666 ms",
                            "verified tpot p90 32.87232279340302 ms",
                            "verified tpot p99 33.73224787406911 ms",
                            "verified itl mean 27.755153106189347 ms",
                            "verified itl p50 22.673047999999998 ms",
                            "verified itl p90 24.875479600000002 ms",
                            "verified itl p99 140.53429476 ms",
                            "verified e2e-latency mean 9059.654633033708 ms",
                            "verified e2e-latency p50 9097.345014999999 ms",
                            "verified e2e-latency p90 9277.5984794 ms",
                            "verified e2e-latency p99 9297.609933759999 ms",
                        }));
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 22u);
  const Benchmark& agg = *bs[0];
  EXPECT_EQ(FieldsOf(agg),
            (std::vector<std::string>{
                "status = verified", "metric = aggregate-output", "statistic = mean",
                "value = 2320.7222350404572 tok/s", "model = gpt-oss-20b",
                "precision = absent: the file does not state the weight format (pass "
                "--precision if you know it)",
                "weights = -", "hardware = not stated by the file", "accelerators = ",
                "accelerators_absent = not-stated: the AIPerf summary records no hardware "
                "(AIPerf names GPUs only with GPU telemetry); pass --hardware or --accelerator",
                "accelerator_count = absent: the file states no accelerator count (pass "
                "--count)"}));
  EXPECT_EQ(agg.locator, "/records/output_token_throughput/avg");
  // ISL is 550 for every request (min = max); OSL varies and includes reasoning tokens.
  EXPECT_EQ(ConditionsOf(agg),
            (std::vector<std::string>{
                "concurrency = 100", "input_tokens = 550",
                "output_tokens = absent: the requests' lengths differ: output_sequence_length "
                "mean 242.96629213483146, min 193, max 247 (reasoning tokens included), counted "
                "by the client's tokenizer; the run asked for 250 "
                "(/input_config/input/prompt/output_tokens/mean)",
                "engine = absent: AIPerf is a client (type 'chat', url 'localhost:9000'); the "
                "serving engine is not recorded",
                "engine_version = absent: AIPerf records no server version",
                "warmup = absent: input_config states no warmup (AIPerf writes only the options "
                "set on the command line)",
                "scenario = absent: an online serving run (AIPerf, concurrency 100), not an "
                "MLPerf scenario",
                "speculative = absent: the server configuration is not recorded"}));
  for (const char* part :
       {"A reasoning model: the output sequence length counts reasoning tokens (mean "
        "222.38202247191012 per request); the visible output_token_count has mean "
        "61.06666666666667 over the 30 requests that produced any.",
        "89 requests completed. 11 requests ended in error (RequestCancellationError (code "
        "499) x 11); the figures are over the completed requests.",
        "request_cancellation_rate 10.0: the client cancelled that percentage of requests on "
        "purpose.",
        "Streaming (/input_config/endpoint/streaming).",
        "time_to_second_token mean 120.16625153932584 ms"}) {
    EXPECT_TRUE(Contains(agg.notes, part)) << part << "\n" << agg.notes;
  }
  // Per-user decode stands in the run's set: the sibling-set check tests aggregate = per-user
  // x B only at a stated batch, and the file states a concurrency.
  EXPECT_EQ(bs[2]->set, agg.set);
  EXPECT_EQ(Show(bs[2]->conditions.batch), "missing");
  EXPECT_EQ(bs[6]->set, agg.set);
  // The source: the run's start_time.
  ASSERT_EQ(r.records.back().kind, RecordKind::kSource);
  EXPECT_EQ(std::get<Source>(r.records.back().record).date, "2025-10-03");
  ExpectRoundTrip(r);
  // Ids come from the content: a renamed copy gives the same ids.
  ImportFile renamed = Sample("aiperf", kRun1);
  renamed.path = "renamed.json";
  ImportResult again = ImportFiles({renamed});
  ASSERT_EQ(again.records.size(), r.records.size());
  for (size_t i = 0; i < r.records.size(); ++i) EXPECT_EQ(again.records[i].id, r.records[i].id);
}

TEST(ImportAiperf, FlatLayoutWithTelemetryNamesTheGpuButNotTheCount) {
  ImportResult r = ImportFiles({Sample("aiperf", kFixture)});
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  // Newer AIPerf names the arrival mode `arrival_pattern` (older: request_rate_mode).
  ASSERT_FALSE(r.records.empty());
  EXPECT_NE(
      std::get<Benchmark>(r.records[0].record).notes.find("arrival_pattern concurrency_burst."),
      std::string::npos);
  EXPECT_EQ(Figures(r), (std::vector<std::string>{
                            "verified aggregate-output mean 50.08213863971112 tok/s",
                            "verified requests mean 0.2504302580624667 req/s",
                            "verified per-user-decode mean 54.96763210350922 tok/s",
                            "verified per-user-decode p50 55.07214394940726 tok/s",
                            "verified per-user-decode p90 55.91977457039054 tok/s",
                            "verified per-user-decode p99 57.049527064680746 tok/s",
                            "verified ttft mean 30.814987671875 ms",
                            "verified ttft p50 30.668547999999998 ms",
                            "verified ttft p90 32.5407818 ms",
                            "verified ttft p99 34.344268879999994 ms",
                            "verified tpot mean 18.19909533160138 ms",
                            "verified tpot p50 18.158001085427134 ms",
                            "verified tpot p90 18.501767488944722 ms",
                            "verified tpot p99 19.481766498241203 ms",
                            "verified itl mean 18.197640450062813 ms",
                            "verified itl p50 18.063869 ms",
                            "verified itl p90 19.216330499999998 ms",
                            "verified itl p99 20.8811646 ms",
                            "verified e2e-latency mean 3652.1454372343746 ms",
                            "verified e2e-latency p50 3644.0809205 ms",
                            "verified e2e-latency p90 3710.542044 ms",
                            "verified e2e-latency p99 3909.3341161199996 ms",
                        }));
  const Benchmark& b = *Benchmarks(r)[0];
  EXPECT_EQ(b.hardware, "NVIDIA RTX 6000 Ada Generation");
  EXPECT_EQ(b.accelerators, std::vector<std::string>{"nvidia-rtx-6000-ada"});
  EXPECT_EQ(b.accelerator_count, 0);
  EXPECT_EQ(b.accelerator_count_absent,
            "AIPerf GPU telemetry watched 2 GPU(s) (NVIDIA RTX 6000 Ada Generation) on 2 "
            "endpoint(s); which of them served the model is not recorded (pass --count)");
  EXPECT_EQ(Show(b.conditions.concurrency), "1");
  EXPECT_EQ(Show(b.conditions.input_tokens), "100");
  EXPECT_EQ(Show(b.conditions.output_tokens),
            "absent: the requests' lengths differ: output_sequence_length mean 199.984375, min "
            "199, max 201, counted by the client's tokenizer; the run asked for 200 "
            "(/input_config/input/prompt/output_tokens/mean)");
  EXPECT_EQ(Show(b.conditions.warmup),
            "1 warmup request, not in the figures (/input_config/loadgen/warmup_request_count)");
  EXPECT_EQ(b.model, "qwen-qwen3-0.6b");  // a draft model record: the corpus lacks it
  ExpectRoundTrip(r);
}

TEST(ImportAiperf, SchemaOneThreeReadsPhasesAndTheToolVersion) {
  ImportResult r = ImportFiles({Sample("aiperf", kQwen36)});
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Figures(r), (std::vector<std::string>{
                            "verified aggregate-output mean 1172.145991694937 tok/s",
                            "verified aggregate-total mean 9282.317251916027 tok/s",
                            "verified requests mean 2.156207775934887 req/s",
                            "verified per-user-decode mean 85.65691328980826 tok/s",
                            "verified per-user-decode p50 81.65940861335487 tok/s",
                            "verified per-user-decode p90 94.7979353893142 tok/s",
                            "verified per-user-decode p99 131.4556432264988 tok/s",
                            "verified ttft mean 230.13715230208334 ms",
                            "verified ttft p50 177.785533 ms",
                            "verified ttft p90 396.7312765 ms",
                            "verified ttft p99 687.6198782499999 ms",
                            "verified tpot mean 11.847342175364519 ms",
                            "verified tpot p50 12.245986588621273 ms",
                            "verified tpot p90 12.802306835360358 ms",
                            "verified tpot p99 13.272469915788289 ms",
                            "verified itl mean 11.988285643080944 ms",
                            "verified itl p50 9.08178129458742 ms",
                            "verified itl p90 9.938820066705969 ms",
                            "verified itl p99 117.98615575276864 ms",
                            "verified e2e-latency mean 6726.664069072916 ms",
                            "verified e2e-latency p50 6478.6263245 ms",
                            "verified e2e-latency p90 12053.176363499999 ms",
                            "verified e2e-latency p99 18625.4480323 ms",
                        }));
  const Benchmark& b = *Benchmarks(r)[0];
  EXPECT_EQ(b.model, "qwen3.6-nvfp4");
  EXPECT_EQ(Show(b.conditions.concurrency), "16");
  EXPECT_EQ(Show(b.conditions.warmup),
            "16 warmup requests, not in the figures (phase 'warmup', excluded from the results)");
  EXPECT_EQ(Show(b.conditions.input_tokens),
            "absent: the requests' lengths differ: input_sequence_length mean 3761.3125, min "
            "394, max 12554, counted by the client's tokenizer");
  EXPECT_TRUE(Contains(b.notes,
                       "aiperf_version 0.10.0, schema_version 1.3, benchmark_id "
                       "108f93f90b09."))
      << b.notes;
  EXPECT_TRUE(Contains(b.notes, "concurrency 16 (/input_config/phases/1/concurrency)")) << b.notes;
  EXPECT_TRUE(Contains(b.notes,
                       "e2e_output_token_throughput mean 80.68939076235593 "
                       "tokens/sec/user"))
      << b.notes;
  EXPECT_EQ(std::get<Source>(r.records.back().record).date, "2026-07-03");
}

TEST(ImportAiperf, PreReleaseWithoutAModelNameNeedsTheModelFlag) {
  ImportResult r = ImportFiles({Sample("aiperf", kPre)});
  EXPECT_EQ(RenderAll(r.diagnostics),
            std::string(kPre) +
                ":2:19: error[missing-field]: /input_config: the file names no model (no model "
                "name in input_config or the command line)\n"
                "  2 |   \"input_config\": {\n"
                "    |                   ^\n"
                "  hint: pass --model ID to say which model the run served\n");
  EXPECT_TRUE(Benchmarks(r).empty());
  ImportOptions o;
  o.model = "llama-3.1-8b";
  r = ImportFiles({Sample("aiperf", kPre)}, o);
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  // Records keyed by header name; no throughput, count or length metrics in this build.
  EXPECT_EQ(Figures(r), (std::vector<std::string>{
                            "verified ttft mean 30.4630958 ms",
                            "verified ttft p50 22.508355 ms",
                            "verified ttft p90 32.51291139999997 ms",
                            "verified ttft p99 94.68910594000002 ms",
                            "verified tpot mean 4.9662255272727265 ms",
                            "verified tpot p50 4.997382368686869 ms",
                            "verified tpot p90 5.00160013939394 ms",
                            "verified tpot p99 5.00526255030303 ms",
                        }));
  const Benchmark& b = *Benchmarks(r)[0];
  EXPECT_EQ(b.model, "llama-3.1-8b");
  EXPECT_EQ(b.locator, "/records/Time to First Token/avg");
  EXPECT_EQ(Show(b.conditions.concurrency),
            "absent: input_config states no concurrency or request rate (AIPerf writes only "
            "the options set on the command line; the default is not recorded)");
  EXPECT_EQ(Show(b.conditions.input_tokens),
            "absent: the file states no input_sequence_length; the run asked for 550 "
            "(/input_config/input/prompt/input_tokens/mean)");
  EXPECT_TRUE(Contains(b.notes, "time_to_last_token mean 522.1955348 ms")) << b.notes;
}

TEST(ImportAiperf, CsvAndPerRequestFilesAreRefusedWithAHint) {
  for (const char* f : {"run1_gpt-oss-20b_c100_profile_export_aiperf.csv",
                        "qwen36-vllm-aiperf-benchmark_5090_agent_c16_profile_export_aiperf.csv",
                        "qwen36-vllm-aiperf-benchmark_h100_chatbot_r1.0_profile_export_aiperf"
                        ".csv"}) {
    ImportResult r = ImportFiles({Sample("aiperf", f)});
    ASSERT_EQ(r.diagnostics.size(), 1u) << f;
    const Diagnostic& d = r.diagnostics[0];
    EXPECT_EQ(d.code, "csv-not-imported");
    EXPECT_EQ(d.where.line, 1);
    EXPECT_EQ(d.where.column, 1);
    EXPECT_EQ(d.message,
              "an AIPerf CSV summary: it states no model, no concurrency or request rate and not "
              "whether the run streamed, and rounds every figure to 2 decimals");
    EXPECT_EQ(d.hint,
              "import profile_export_aiperf.json from the same artifacts folder: the same "
              "statistics, unrounded, with the run's configuration");
    EXPECT_TRUE(r.records.empty());
  }
  ImportResult r = ImportFiles(
      {Sample("genai-perf", "perf_analyzer-issue393_c144_profile_export_genai_perf.csv")});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "csv-not-imported");
  EXPECT_TRUE(Contains(r.diagnostics[0].message, "a GenAI-Perf CSV summary"));
  r = ImportFiles({Sample("aiperf", "run1_gpt-oss-20b_c100_profile_export.head20.jsonl")});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "per-request-file");
  EXPECT_EQ(r.diagnostics[0].where.line, 1);
  EXPECT_EQ(r.diagnostics[0].hint,
            "import profile_export_aiperf.json from the same artifacts folder: it summarises "
            "these requests with the run's configuration");
}

TEST(ImportAiperf, BrokenFilesAreLocatedErrors) {
  std::string run1 = Sample("aiperf", kRun1).text;
  // Cut in half: the summary object never closes.
  ImportResult r = ImportFiles({{"cut.json", run1.substr(0, run1.size() / 2)}});
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, "truncated");
  EXPECT_EQ(r.diagnostics[0].where.line, 1);
  EXPECT_EQ(r.diagnostics[0].message, "the object at line 1 is cut off: the file ends inside it");
  EXPECT_TRUE(r.records.empty());
  // A statistic that is not a number: line 367, the value of "avg".
  r = ImportFiles(
      {{"bad.json", Replace(run1, "\"avg\": 2320.7222350404572", "\"avg\": \"fast\"")}});
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, "not-a-number");
  EXPECT_EQ(r.diagnostics[0].where.line, 367);
  EXPECT_EQ(r.diagnostics[0].where.column, 14);
  EXPECT_EQ(r.diagnostics[0].message,
            "/records/output_token_throughput/avg: \"fast\" is not a number");
  EXPECT_TRUE(r.records.empty());
  // A unit rooflint does not read: line 239, the value of "unit".
  r = ImportFiles({{"unit.json", Replace(run1, "\"unit\": \"tokens/sec/user\"",
                                         "\"unit\": \"tokens/min/user\"")}});
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, "unknown-unit");
  EXPECT_EQ(r.diagnostics[0].where.line, 239);
  EXPECT_EQ(r.diagnostics[0].where.column, 15);
  EXPECT_EQ(r.diagnostics[0].message,
            "/records/output_token_throughput_per_user/unit: unit 'tokens/min/user' is not one "
            "rooflint reads for output_token_throughput_per_user");
  // A cancelled run: a warning, and every record is a draft.
  r = ImportFiles(
      {{"cancelled.json", Replace(run1, "\"was_cancelled\": false", "\"was_cancelled\": true")}});
  EXPECT_FALSE(r.HasErrors());
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "run-cancelled");
  EXPECT_EQ(r.diagnostics[0].where.line, 406);
  for (const Benchmark* b : Benchmarks(r)) EXPECT_EQ(b->header.status, Status::kDraft);
}

TEST(ImportGenaiPerf, NonStreamingRunHasNoTtftRecord) {
  ImportResult r = ImportFiles({Sample("genai-perf", kGenaiNoStream)});
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Figures(r), (std::vector<std::string>{
                            "verified aggregate-output mean 12277.70340876071 tok/s",
                            "verified requests mean 21.621765653636075 req/s",
                            "verified e2e-latency mean 4610.6156361171425 ms",
                            "verified e2e-latency p50 4355.8502165 ms",
                            "verified e2e-latency p90 6099.6698079 ms",
                            "verified e2e-latency p99 6156.11159006 ms",
                        }));
  const Benchmark& b = *Benchmarks(r)[0];
  EXPECT_EQ(b.model, "ensemble");
  EXPECT_EQ(ConditionsOf(b),
            (std::vector<std::string>{
                "concurrency = 100",
                "input_tokens = absent: the requests' lengths differ: input_sequence_length mean "
                "200.85, min 151, max 255, counted by the client's tokenizer; the run asked for "
                "200 (/input_config/synthetic_input_tokens_mean)",
                "output_tokens = absent: the requests' lengths differ: output_sequence_length "
                "mean 567.84, min 531, max 622, counted by the client's tokenizer; the run asked "
                "for 500 (/input_config/output_tokens_mean)",
                "engine = absent: GenAI-Perf is a client (endpoint_type 'kserve', service_kind "
                "'triton', backend 'tensorrtllm', u 'localhost:8001'); the serving engine is not "
                "recorded",
                "engine_version = absent: GenAI-Perf records no server version", "warmup = false",
                "scenario = absent: an online serving run (GenAI-Perf, concurrency 100), not an "
                "MLPerf scenario",
                "speculative = absent: the server configuration is not recorded"}));
  EXPECT_TRUE(Contains(b.notes,
                       "Not imported: time_to_first_token: the run did not stream "
                       "(/input_config/streaming is false) (its time_to_first_token equals its "
                       "request_latency: the whole response arrives at once)."))
      << b.notes;
  EXPECT_TRUE(Contains(b.notes,
                       "output_token_throughput_per_request mean 124.9297556181573 "
                       "tokens/sec"))
      << b.notes;
  // The Triton model name says nothing of the weights.
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "served-name");
  EXPECT_EQ(r.diagnostics[0].where.line, 77);
  ExpectRoundTrip(r);
}

TEST(ImportGenaiPerf, InflatedStreamingOutputLengthMakesItsFiguresDraft) {
  ImportResult r = ImportFiles({Sample("genai-perf", kGenaiStream)});
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Figures(r), (std::vector<std::string>{
                            "draft aggregate-output mean 44190.56002502682 tok/s",
                            "verified requests mean 17.222547659562533 req/s",
                            "verified ttft mean 184.63779366666665 ms",
                            "verified ttft p50 172.8093975 ms",
                            "verified ttft p90 302.80112349999996 ms",
                            "verified ttft p99 425.02943662 ms",
                            "draft tpot mean 2.1767344516666665 ms",
                            "draft tpot p50 2.1787205 ms",
                            "draft tpot p90 2.2333102 ms",
                            "draft tpot p99 2.2631232999999997 ms",
                            "verified e2e-latency mean 5767.434807386666 ms",
                            "verified e2e-latency p50 5778.654798 ms",
                            "verified e2e-latency p90 5882.4496025 ms",
                            "verified e2e-latency p99 5910.154859249999 ms",
                        }));
  std::vector<std::string> warnings;
  for (const auto& d : r.diagnostics) {
    if (d.severity == Severity::kWarning) warnings.push_back(Render(d));
  }
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0],
            std::string(kGenaiStream) +
                ":64:12: warning[osl-exceeds-request]: /output_sequence_length/avg: the mean "
                "output length 2565.855 is 5.13x the 500 tokens asked "
                "(/input_config/output_tokens_mean)\n"
                "  64 |     \"avg\": 2565.855,\n"
                "     |            ^\n"
                "  hint: a streaming token-count defect (GenAI-Perf 24.11-24.12) or a wrong "
                "--tokenizer inflates it; the figures computed from it are imported as draft\n");
}

TEST(ImportAiperf, DetectsItsFilesAndNoOtherFormatsSamples) {
  const std::vector<std::pair<std::string, std::string>> mine = {
      {"aiperf", kRun1},
      {"aiperf", kFixture},
      {"aiperf", kQwen36},
      {"aiperf", kPre},
      {"aiperf", "run1_gpt-oss-20b_c100_profile_export_aiperf.csv"},
      {"aiperf", "run1_gpt-oss-20b_c100_profile_export.head20.jsonl"},
      {"genai-perf", kGenaiStream},
      {"genai-perf", kGenaiNoStream},
      {"genai-perf", "perf_analyzer-issue393_c144_profile_export_genai_perf.csv"}};
  for (const auto& [tool, name] : mine) {
    ImportFile f = Sample(tool, name);
    f.path = "no-extension";
    EXPECT_EQ(DetectFormat(std::vector<ImportFile>{f}), tool) << name;
  }
  for (const auto& [tool, name] : std::vector<std::pair<std::string, std::string>>{
           {"vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl"},
           {"llama-bench", "b5163_rtx4080_qwen2.5-7b.csv"},
           {"llama-bench", "b5163_rtx4080_qwen2.5-7b.json"}}) {
    ImportFile f = Sample(tool, name);
    EXPECT_NE(DetectFormat(std::vector<ImportFile>{f}), "aiperf") << name;
    EXPECT_NE(DetectFormat(std::vector<ImportFile>{f}), "genai-perf") << name;
  }
}

TEST(ImportAiperf, ImportedRecordsSweepWithNoInputError) {
  ImportedCorpus c;
  c.Add(ImportFiles({Sample("aiperf", kRun1)}), kRun1);
  c.Add(ImportFiles({Sample("aiperf", kFixture)}), kFixture);
  c.Add(ImportFiles({Sample("aiperf", kQwen36)}), kQwen36);
  c.Add(ImportFiles({Sample("aiperf", kPre)}, WithModel("llama-3.1-8b")), kPre);
  c.Add(ImportFiles({Sample("genai-perf", kGenaiStream)}), kGenaiStream);
  c.Add(ImportFiles({Sample("genai-perf", kGenaiNoStream)}), kGenaiNoStream);
  EXPECT_EQ(c.ids().size(), 22u + 22u + 23u + 8u + 14u + 6u);
  c.SweepWithNoError();
}

}  // namespace
}  // namespace rooflint::testing
