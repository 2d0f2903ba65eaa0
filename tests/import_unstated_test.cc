// Importers never invent a fact: an unknown model becomes a draft model record and
// blocks nothing; a parameter count the file states is checked; a generic type string never
// beats --model silently; vLLM's spec_decode_* metrics become a speculative condition and its
// measured peak in flight a concurrency. The lines below are faithful excerpts of the real
// samples in tests/import-samples (same keys, same shapes), with the field under test changed.
#include <gtest/gtest.h>

#include <string>

#include "import_test_util.h"

namespace rooflint {
namespace {

using namespace rooflint::testing;

// One llama-bench tg128 line in the 2025 JSON schema (b5163_rtx4080_qwen2.5-7b.jsonl).
const std::string kTg =
    R"({"build_commit": "8cf427ff", "build_number": 5163, "gpu_info": "NVIDIA GeForce RTX 4080", "model_filename": "qwen2.5-7b-instruct-q4_k_m.gguf", "model_type": "qwen2 7B Q4_K - Medium", "model_size": 4677120000, "model_n_params": 7615616512, "n_prompt": 0, "n_gen": 128, "avg_ts": 118.8})";

TEST(ImportUnstated, AnUnknownModelBecomesADraftAndBlocksNoOtherRow) {
  std::string falcon = Replace(Replace(Replace(kTg, "qwen2 7B Q4_K - Medium", "falcon 180B Q4_0"),
                                       "qwen2.5-7b-instruct-q4_k_m.gguf", "falcon-180b.Q4_0.gguf"),
                               "7615616512", "179522000000");
  ImportResult r = ImportFiles({{"two.jsonl", kTg + "\n" + falcon + "\n"}});
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(bs[0]->model, "qwen2.5-7b");
  EXPECT_EQ(bs[1]->model, "falcon-180b");  // the file name without .Q4_0.gguf
  auto ms = Models(r);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0]->header.id, "falcon-180b");
  EXPECT_EQ(ms[0]->header.status, Status::kDraft);
  EXPECT_EQ(ms[0]->params_total, 179522000000.0);
  // Whether it is a mixture of experts is not in the file: per-token parameters unknown.
  EXPECT_TRUE(ms[0]->ActiveUnknown());
  EXPECT_EQ(ms[0]->ParamsPerToken(), 0);
  EXPECT_FALSE(ms[0]->AbsentReason("layers").empty());
  ExpectRoundTrip(r);
}

TEST(ImportUnstated, AStatedParameterCountThatDisagreesIsAWarning) {
  // The file says 3.09e9 parameters; qwen2.5-7b has 7.62e9: 59% apart.
  ImportResult r = ImportFiles({{"p.jsonl", Replace(kTg, "7615616512", "3090000000") + "\n"}});
  EXPECT_NE(RenderAll(r.diagnostics).find("warning[params-disagree]"), std::string::npos)
      << RenderAll(r.diagnostics);
}

TEST(ImportUnstated, ModelFlagBeatsAGenericTypeStringWithAWarning) {
  // "llama 7B Q4_0" names LLaMA, Llama 2, CodeLlama alike; the file name says nothing.
  std::string line = Replace(Replace(Replace(kTg, "qwen2 7B Q4_K - Medium", "llama 7B Q4_0"),
                                     "qwen2.5-7b-instruct-q4_k_m.gguf", "m.gguf"),
                             "7615616512", "6738415616");
  ImportOptions o;
  o.model = "llama-2-7b";
  ImportResult r = ImportFiles({{"l.jsonl", line + "\n"}}, o);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 1u);
  EXPECT_EQ(bs[0]->model, "llama-2-7b");
  EXPECT_NE(RenderAll(r.diagnostics).find("warning[weak-model-name]"), std::string::npos)
      << RenderAll(r.diagnostics);
}

// One vLLM bench serve result (bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl keys), with the
// spec_decode_* metrics newer versions add when the server ran speculative decoding.
const std::string kSpec =
    R"({"model_id": "meta-llama/Llama-3.2-3B-Instruct", "request_rate": "inf", "max_concurrency": null, "completed": 100, "total_input_tokens": 100000, "total_output_tokens": 25600, "output_throughput": 2249.2, "max_concurrent_requests": 64, "spec_decode_acceptance_rate": 45.0, "spec_decode_acceptance_length": 2.8, "spec_decode_num_drafts": 9000, "spec_decode_draft_tokens": 36000, "spec_decode_accepted_tokens": 16200})";

TEST(ImportUnstated, VllmSpecDecodeMetricsAreASpeculativeCondition) {
  ImportResult r = ImportFiles({{"s.json", kSpec}});
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_FALSE(bs.empty());
  const Conditions& c = bs[0]->conditions;
  ASSERT_TRUE(c.speculation.has_value());
  // k = 36000 drafted / 9000 drafting steps = 4 tokens per step.
  EXPECT_EQ(c.speculation->draft_tokens, 4);
  EXPECT_EQ(c.speculation->acceptance_length, 2.8);
  EXPECT_TRUE(c.UsesSpeculation());
  // No cap was set: the measured peak in flight bounds the batch as a concurrency.
  EXPECT_EQ(c.concurrency.integer, 64);
  EXPECT_EQ(c.batch.state, Condition::State::kMissing);
  ExpectRoundTrip(r);
}

TEST(ImportUnstated, VllmWithoutSpecDecodeMetricsLeavesSpeculationAbsent) {
  std::string plain = kSpec.substr(0, kSpec.find(", \"spec_decode_acceptance_rate\"")) + "}";
  ImportResult r = ImportFiles({{"p.json", plain}});
  auto bs = Benchmarks(r);
  ASSERT_FALSE(bs.empty());
  EXPECT_TRUE(bs[0]->conditions.speculative.absent());
}

TEST(ImportUnstated, AnAbsurdCompletedCountIsALocatedErrorNotAWrongValue) {
  // Issue 12: completed = 1e308 was cast to int64 and imported as -9223372036854775808.
  std::string line = Replace(kSpec, "\"completed\": 100", "\"completed\": 1e308");
  ImportResult r = ImportFiles({{"c.json", line}});
  EXPECT_TRUE(r.HasErrors());
  EXPECT_TRUE(Benchmarks(r).empty());
  EXPECT_NE(RenderAll(r.diagnostics).find("error[out-of-range]: /completed: 1e+308 completed"),
            std::string::npos)
      << RenderAll(r.diagnostics);
}

}  // namespace
}  // namespace rooflint
