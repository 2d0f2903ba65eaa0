// vLLM bench throughput importer, against the real --output-json files in
// tests/import-samples/vllm-throughput/ (see its SOURCES.md). Every expected figure was read
// off the files by hand.
#include <gtest/gtest.h>

#include <set>

#include "import_test_util.h"

namespace rooflint::testing {
namespace {

const char kThroughputTool[] = "vllm-throughput";
const char kNightlyA[] =
    "zhangxinyuehfad_vllm-ascend-nightly_throughput_llama8B_tp1_dummy-weights_85d19684.json";
const char kNightlyB[] =
    "zhangxinyuehfad_vllm-ascend-nightly_throughput_llama8B_tp1_dummy-weights_9f135ec7.json";
const char kRocm[] = "kyuz0_strix-halo-x2_tp2_minimax-m2.7-awq_sharegpt200_out512_rocm-attn.json";
const char kAiter[] = "kyuz0_strix-halo-x2_tp2_minimax-m2.7-awq_sharegpt200_out512_aiter-attn.json";
const char kTriton[] =
    "kyuz0_strix-halo-x2_tp2_minimax-m2.7-awq_sharegpt200_out512_triton-attn.json";

// The nightly config names the model only through an environment variable (a Llama 3 8B);
// llama-3.1-8b has the same geometry. The files name no model, so --model is required.
ImportOptions Llama() { return WithModel("llama-3.1-8b"); }

TEST(ImportVllmThroughput, TokensPerSecondIsAggregateTotal) {
  ImportResult r = ImportFiles({Sample(kThroughputTool, kNightlyA)}, Llama());
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  ASSERT_EQ(r.records.size(), 3u);
  EXPECT_EQ(r.records[2].kind, RecordKind::kSource);
  // tokens_per_second = total_num_tokens (prompt + output) / elapsed_time.
  EXPECT_EQ(FieldsOf(*bs[0]),
            (std::vector<std::string>{
                "status = verified", "metric = aggregate-total", "statistic = mean",
                "value = 1190.9743920852 tok/s", "model = llama-3.1-8b",
                "precision = absent: the file does not state the weight format (pass "
                "--precision if you know it)",
                "weights = -", "hardware = not stated by the file", "accelerators = ",
                "accelerators_absent = not-stated: vLLM bench throughput records no hardware; "
                "pass --hardware or --accelerator",
                "accelerator_count = absent: the file states no accelerator count (pass "
                "--count)"}));
  EXPECT_EQ(ConditionsOf(*bs[0]),
            (std::vector<std::string>{
                "batch = absent: an offline run: all 200 requests are handed to the engine at "
                "once and its scheduler (max_num_seqs, max_num_batched_tokens, not recorded) "
                "sets the batch",
                "input_tokens = absent: the file gives only total_num_tokens 86204 (prompt + "
                "output) over 200 requests, not the split",
                "output_tokens = absent: not recorded (--output-len, when given, is in no file)",
                "engine = absent: the benchmark runs vLLM unless --backend hf or mii, and the "
                "file does not record the backend",
                "engine_version = absent: vLLM bench throughput records no version",
                "warmup = absent: vLLM bench throughput records none", "scenario = offline",
                "speculative = absent: the engine configuration is not recorded"}));
  EXPECT_EQ(bs[1]->metric, Metric::kRequests);
  EXPECT_EQ(bs[1]->value.text, "2.7631534315929653 req/s");
  EXPECT_EQ(bs[0]->set, bs[1]->set);
  EXPECT_EQ(bs[0]->locator, "tokens_per_second");
  // Renamed, the file gives the same records: identity comes from the content.
  ImportResult renamed =
      ImportFiles({{"renamed.json", Sample(kThroughputTool, kNightlyA).text}}, Llama());
  ASSERT_EQ(renamed.records.size(), r.records.size());
  for (size_t i = 0; i < r.records.size(); ++i) {
    EXPECT_EQ(renamed.records[i].toml, r.records[i].toml);
  }
  ExpectRoundTrip(r);
}

TEST(ImportVllmThroughput, SameWorkloadDifferentRunsStayApart) {
  ImportResult a = ImportFiles({Sample(kThroughputTool, kNightlyA)}, Llama());
  ImportResult b = ImportFiles({Sample(kThroughputTool, kNightlyB)}, Llama());
  ASSERT_FALSE(b.HasErrors()) << RenderAll(b.diagnostics);
  auto bb = Benchmarks(b);
  ASSERT_EQ(bb.size(), 2u);
  EXPECT_EQ(bb[0]->value.text, "1198.996134490826 tok/s");
  EXPECT_EQ(bb[1]->value.text, "2.781764499305893 req/s");
  EXPECT_NE(Benchmarks(a)[0]->header.id, bb[0]->header.id);
}

TEST(ImportVllmThroughput, ThreeAttentionBackendsOfOneWorkload) {
  // The model (MiniMax-M2.7-AWQ, from the path only) is not in the corpus: --model only lets
  // the figures through; they are what is under test. total_num_tokens is 146523 in all three.
  for (const auto& [name, tps, rps] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {kRocm, "85.28594554049253 tok/s", "0.1164130485186524 req/s"},
           {kAiter, "85.45836944535691 tok/s", "0.11664840256527223 req/s"},
           {kTriton, "84.60784966744727 tok/s", "0.11548746567767146 req/s"}}) {
    ImportResult r = ImportFiles({Sample(kThroughputTool, name)}, Llama());
    ASSERT_FALSE(r.HasErrors()) << name << "\n" << RenderAll(r.diagnostics);
    auto bs = Benchmarks(r);
    ASSERT_EQ(bs.size(), 2u);
    EXPECT_EQ(bs[0]->value.text, tps) << name;
    EXPECT_EQ(bs[1]->value.text, rps) << name;
    EXPECT_EQ(Show(bs[0]->conditions.input_tokens),
              "absent: the file gives only total_num_tokens 146523 (prompt + output) over 200 "
              "requests, not the split");
  }
}

TEST(ImportVllmThroughput, NoModelInTheFileIsALocatedError) {
  ImportResult r = ImportFiles({Sample(kThroughputTool, kRocm)});
  EXPECT_TRUE(r.HasErrors());
  EXPECT_TRUE(r.records.empty());
  EXPECT_NE(RenderAll(r.diagnostics)
                .find(std::string(kRocm) +
                      ":1:1: error[unknown-model]: the result names no model: vLLM bench "
                      "throughput writes only elapsed_time, num_requests, total_num_tokens and "
                      "the two rates"),
            std::string::npos)
      << RenderAll(r.diagnostics);
}

TEST(ImportVllmThroughput, BrokenFilesAreRefusedWithLocatedDiagnostics) {
  std::string text = Sample(kThroughputTool, kNightlyA).text;
  // Cut, the file no longer holds the keys auto detects it by: the format is named.
  ImportResult cut =
      ImportFiles({{kNightlyA, text.substr(0, text.size() / 2)}}, Llama(), "vllm-throughput");
  EXPECT_TRUE(cut.HasErrors());
  EXPECT_TRUE(cut.records.empty());
  EXPECT_NE(RenderAll(cut.diagnostics)
                .find(std::string(kNightlyA) +
                      ":1:1: error[truncated]: the result is cut off: the file ends inside it"),
            std::string::npos)
      << RenderAll(cut.diagnostics);

  ImportResult neg = ImportFiles(
      {{kNightlyA, Replace(text, "\"elapsed_time\": 72.", "\"elapsed_time\": -72.")}}, Llama());
  EXPECT_TRUE(neg.HasErrors());
  EXPECT_TRUE(neg.records.empty());
  EXPECT_NE(RenderAll(neg.diagnostics)
                .find(std::string(kNightlyA) +
                      ":2:21: error[out-of-range]: /elapsed_time: -72.38106929324567 is not a "
                      "positive number"),
            std::string::npos)
      << RenderAll(neg.diagnostics);
}

TEST(ImportVllmThroughput, RatesThatAreNotTotalsOverTimeAreAWarning) {
  std::string text = Sample(kThroughputTool, kNightlyA).text;
  ImportResult r =
      ImportFiles({{kNightlyA, Replace(text, "1190.9743920852", "1290.9743920852")}}, Llama());
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_NE(RenderAll(r.diagnostics).find("warning[inconsistent-figures]: /tokens_per_second: "),
            std::string::npos)
      << RenderAll(r.diagnostics);
}

TEST(ImportVllmThroughput, ImportedRecordsSweepWithTheBundledCorpus) {
  ImportedCorpus c;
  for (const char* name : {kNightlyA, kNightlyB, kRocm, kAiter, kTriton}) {
    c.Add(ImportFiles({Sample(kThroughputTool, name)}, Llama()), name);
  }
  EXPECT_EQ(c.ids().size(), 10u);
  c.SweepWithNoError();
}

}  // namespace
}  // namespace rooflint::testing
