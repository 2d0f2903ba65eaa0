// LLMPerf importer, against the real *_summary.json files in tests/import-samples/llmperf/
// (see its SOURCES.md). Every expected figure was read off the files by hand.
#include <gtest/gtest.h>

#include <set>

#include "import_test_util.h"

namespace rooflint::testing {
namespace {

const char kLlmperfTool[] = "llmperf";
const char kGroq[] = "llmperf-leaderboard_groq_llama2-70b_550_150_summary.json";
const char kAnyscale[] = "llmperf-leaderboard_anyscale_llama2-70b_550_150_summary.json";
const char kBedrock[] = "llmperf-leaderboard_bedrock_llama2-13b_550_150_errors_summary.json";

TEST(ImportLlmperf, SummaryGivesAggregateTtftAndLatencyRecords) {
  ImportResult r = ImportFiles({Sample(kLlmperfTool, kGroq)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  // The aggregate, and mean/p50/p90/p99 of TTFT and of end-to-end latency, and the source.
  // Groq's "llama2-70b-4096" is Llama 2 70B with its context length appended (names.h), not a
  // model the corpus lacks.
  ASSERT_EQ(Benchmarks(r).size(), 9u);
  ASSERT_EQ(r.records.size(), 10u);
  ASSERT_EQ(r.records[9].kind, RecordKind::kSource);
  // timestamp 1704851704 = 2024-01-10 01:55:04 UTC.
  EXPECT_EQ(std::get<Source>(r.records[9].record).date, "2024-01-10");
  const Benchmark* agg = Find(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_EQ(FieldsOf(*agg),
            (std::vector<std::string>{
                "status = verified", "metric = aggregate-output", "statistic = mean",
                "value = 441.84737788500206 tok/s", "model = llama-2-70b",
                "precision = absent: the file does not state the weight format (pass "
                "--precision if you know it)",
                "weights = -", "hardware = not stated by the file", "accelerators = ",
                "accelerators_absent = not-stated: LLMPerf records no hardware (user "
                "--metadata: framework=groq; not used); pass --hardware or --accelerator",
                "accelerator_count = absent: the file states no accelerator count (pass "
                "--count)"}));
  EXPECT_EQ(ConditionsOf(*agg),
            (std::vector<std::string>{
                "concurrency = 5", "input_tokens = 550", "output_tokens = 150",
                "engine = absent: LLMPerf calls an API endpoint (a hosted service or any "
                "OpenAI-compatible server) and records no engine",
                "engine_version = absent: LLMPerf records no engine or version",
                "warmup = absent: LLMPerf records none",
                "scenario = absent: an online closed-loop run (5 concurrent clients, each "
                "sending its next request when the last one ends), not an MLPerf scenario",
                "speculative = absent: the server configuration is not recorded"}));
  // Seconds, as written.
  EXPECT_EQ(Find(r, "ttft", "mean")->value.text, "0.22786034579078357 s");
  EXPECT_EQ(Find(r, "ttft", "p50")->value.text, "0.2218883791938424 s");
  EXPECT_EQ(Find(r, "ttft", "p90")->value.text, "0.298818383552134 s");
  EXPECT_EQ(Find(r, "ttft", "p99")->value.text, "0.3500269545800982 s");
  EXPECT_EQ(Find(r, "e2e-latency", "mean")->value.text, "0.8151081097126007 s");
  EXPECT_EQ(Find(r, "e2e-latency", "p99")->value.text, "0.9922714155726133 s");
  // ITL here is e2e / output tokens (TTFT included): never an itl or tpot record.
  for (const Benchmark* b : Benchmarks(r)) {
    EXPECT_NE(b->metric, Metric::kItl);
    EXPECT_NE(b->metric, Metric::kTpot);
    EXPECT_NE(b->metric, Metric::kPerUserDecode);
  }
  EXPECT_NE(agg->notes.find("Not imported: results_inter_token_latency_s_*"), std::string::npos)
      << agg->notes;
  ExpectRoundTrip(r);
}

TEST(ImportLlmperf, MeasuredLengthsWinOverRequestedOnes) {
  ImportResult r = ImportFiles({Sample(kLlmperfTool, kAnyscale)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* agg = Find(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_EQ(agg->value.text, "207.52121071152493 tok/s");
  // "meta-llama/Llama-2-70b-chat-hf" is an alias of the corpus's llama-2-70b.
  EXPECT_EQ(agg->model, "llama-2-70b");
  // 150 requested, 146.95 generated on average (min 22).
  EXPECT_EQ(agg->conditions.output_tokens.integer, 146);
  EXPECT_EQ(agg->conditions.input_tokens.integer, 550);
  EXPECT_NE(agg->notes.find("results_number_output_tokens_mean 146.95 (rounded down: the "
                            "generous side for the roofs); mean_output_tokens 150 was requested"),
            std::string::npos)
      << agg->notes;
  // timestamp 1703136129 = 2023-12-21 UTC.
  EXPECT_EQ(std::get<Source>(r.records.back().record).date, "2023-12-21");
  EXPECT_EQ(Find(r, "ttft", "mean")->value.text, "0.24890269464666667 s");
  EXPECT_EQ(Find(r, "e2e-latency", "p90")->value.text, "2.941864069399986 s");
}

TEST(ImportLlmperf, FailedRequestsAreAWarningAtTheCount) {
  ImportResult r = ImportFiles({Sample(kLlmperfTool, kBedrock)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_NE(RenderAll(r.diagnostics)
                .find(std::string(kBedrock) +
                      ":72:30: warning[failed-requests]: /results_number_errors: 97 requests of "
                      "150 started failed (error codes {-100.0: 97}): the figures are over the "
                      "53 that completed"),
            std::string::npos)
      << RenderAll(r.diagnostics);
  const Benchmark* agg = Find(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_EQ(agg->value.text, "58.01992465211603 tok/s");
  EXPECT_EQ(agg->model, "meta.llama2-13b-chat-v1");
  // 147.79 measured over the 53 completed requests.
  EXPECT_EQ(agg->conditions.output_tokens.integer, 147);
  EXPECT_EQ(Find(r, "e2e-latency", "mean")->value.text, "3.984834760792474 s");
}

TEST(ImportLlmperf, NonStreamingClientHasNoTtftRecord) {
  // LLMPerf's non-streaming clients (vertexai) write a TTFT of -1.
  std::string text = Sample(kLlmperfTool, kGroq).text;
  text = Replace(text, "\"results_ttft_s_mean\": 0.22786034579078357",
                 "\"results_ttft_s_mean\": -1.0");
  ImportResult r = ImportFiles({{kGroq, text}});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  for (const Benchmark* b : Benchmarks(r)) EXPECT_NE(b->metric, Metric::kTtft);
  EXPECT_EQ(Benchmarks(r).size(), 5u);
}

TEST(ImportLlmperf, BrokenFilesAreRefusedWithLocatedDiagnostics) {
  std::string text = Sample(kLlmperfTool, kGroq).text;
  ImportResult cut = ImportFiles({{kGroq, text.substr(0, text.size() / 2)}});
  EXPECT_TRUE(cut.HasErrors());
  EXPECT_TRUE(cut.records.empty());
  EXPECT_NE(RenderAll(cut.diagnostics)
                .find(std::string(kGroq) +
                      ":1:1: error[truncated]: the summary is cut off: the file ends inside it"),
            std::string::npos)
      << RenderAll(cut.diagnostics);

  ImportResult bad = ImportFiles({{kGroq, Replace(text, "441.84737788500206", "\"fast\"")}});
  EXPECT_TRUE(bad.HasErrors());
  EXPECT_TRUE(bad.records.empty());
  EXPECT_NE(RenderAll(bad.diagnostics)
                .find(std::string(kGroq) +
                      ":74:51: error[not-a-number]: /results_mean_output_throughput_token_per_s: "
                      "\"fast\" is not a number"),
            std::string::npos)
      << RenderAll(bad.diagnostics);
}

TEST(ImportLlmperf, ImportedRecordsSweepWithTheBundledCorpus) {
  ImportedCorpus c;
  for (const char* name : {kGroq, kAnyscale, kBedrock})
    c.Add(ImportFiles({Sample(kLlmperfTool, name)}), name);
  EXPECT_EQ(c.ids().size(), 27u);
  c.SweepWithNoError();
}

}  // namespace
}  // namespace rooflint::testing
