// The models served today are in the bundled corpus: each resolves from the names people write
// (hub ids with or without their organisation, variant suffixes, short names) through the same
// reader `rooflint check --model` uses, and each mixture of experts states fewer parameters per
// token than in all, with its routed experts inside its total.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/names.h"

namespace rooflint {
namespace {

const Corpus& Bundled() {
  static const Corpus corpus = [] {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    return LoadCorpus(roots);
  }();
  return corpus;
}

struct Typed {
  const char* text;
  const char* id;
  const char* precision;  // the weight format the name states, "" for none
};

// Every name here must read as exactly one model, the one named.
const std::vector<Typed>& ServedNames() {
  static const std::vector<Typed> names = {
      {"Qwen/Qwen3-8B", "qwen3-8b", ""},
      {"Qwen3-8B", "qwen3-8b", ""},
      {"qwen3:8b", "qwen3-8b", ""},
      {"Qwen/Qwen3-8B-FP8", "qwen3-8b", "fp8"},
      {"Qwen/Qwen3-32B", "qwen3-32b", ""},
      {"Qwen3-32B-AWQ", "qwen3-32b", "int4"},
      {"Qwen/Qwen3-30B-A3B", "qwen3-30b-a3b", ""},
      {"Qwen/Qwen3-30B-A3B-Instruct-2507", "qwen3-30b-a3b", ""},
      {"Qwen/Qwen3-235B-A22B", "qwen3-235b-a22b", ""},
      {"Qwen3-235B-A22B-Instruct-2507-FP8", "qwen3-235b-a22b", "fp8"},
      {"meta-llama/Llama-4-Scout-17B-16E-Instruct", "llama-4-scout-17b-16e", ""},
      {"Llama-4-Scout-17B-16E-Instruct", "llama-4-scout-17b-16e", ""},
      {"Llama-4-Maverick-17B-128E-Instruct", "llama-4-maverick-17b-128e", ""},
      {"meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8", "llama-4-maverick-17b-128e", "fp8"},
      {"deepseek-ai/DeepSeek-V3", "deepseek-v3", ""},
      {"DeepSeek-V3", "deepseek-v3", ""},
      {"nvidia/DeepSeek-V3.1-NVFP4", "deepseek-v3", "nvfp4"},
      {"deepseek-ai/DeepSeek-V3.2-Exp", "deepseek-v3.2", ""},
      {"DeepSeek-V3.2", "deepseek-v3.2", ""},
      {"moonshotai/Kimi-K2-Instruct", "kimi-k2", ""},
      {"Kimi-K2-Instruct", "kimi-k2", ""},
      {"google/gemma-3-27b-it", "gemma-3-27b", ""},
      {"gemma-3-27b-it", "gemma-3-27b", ""},
      {"gemma3:12b", "gemma-3-12b", ""},
      {"google/gemma-3-4b-it", "gemma-3-4b", ""},
      {"mistralai/Mistral-Small-3.1-24B-Instruct-2503", "mistral-small-3.1-24b", ""},
      {"Mistral-Small-3.2-24B-Instruct-2506", "mistral-small-3.1-24b", ""},
      {"microsoft/phi-4", "phi-4", ""},
      {"phi-4", "phi-4", ""},
  };
  return names;
}

TEST(ServedModels, ResolveFromTheirCommonNames) {
  for (const Typed& t : ServedNames()) {
    ModelName m = ReadModelName(Bundled(), t.text);
    ASSERT_NE(m.model, nullptr) << t.text << ": " << m.problem;
    EXPECT_EQ(m.model->header.id, t.id) << t.text;
    EXPECT_EQ(m.precision, t.precision) << t.text;
  }
}

TEST(ServedModels, AMixtureOfExpertsReadsFewerParametersThanItHolds) {
  size_t moe = 0;
  for (const Typed& t : ServedNames()) {
    const Model* m = Bundled().FindModel(t.id);
    ASSERT_NE(m, nullptr) << t.id;
    EXPECT_GT(m->params_total, 0) << t.id;
    EXPECT_GT(m->embedding_params, 0) << t.id;
    EXPECT_LT(m->embedding_params, m->params_total) << t.id;
    if (!m->params_active) {
      EXPECT_EQ(m->experts, 0) << t.id << ": experts without an active count";
      continue;
    }
    ++moe;
    EXPECT_LT(*m->params_active, m->params_total) << t.id;
    EXPECT_GT(*m->params_active, m->embedding_params) << t.id;
    if (m->experts > 0) {
      EXPECT_LT(m->experts_per_token, m->experts) << t.id;
      EXPECT_LT(m->params_routed_experts, m->params_total) << t.id;
      // What a token reads of the routed experts is at most its share of them.
      const double shared = m->params_total - m->params_routed_experts;
      const double routed_share = m->params_routed_experts *
                                  static_cast<double>(m->experts_per_token) /
                                  static_cast<double>(m->experts);
      EXPECT_LE(*m->params_active, shared + routed_share + 1) << t.id;
    }
  }
  EXPECT_GE(moe, 2u);
}

// Llama 4's chunked layers and Gemma 3's local layers are windows that bound what a layer reads;
// DeepSeek-V3.2's sparse attention is not one (every token stays cached), and its record states
// no KV geometry rather than one that counts more than it reads.
TEST(ServedModels, WindowsAreStatedOnlyWhereTheyBoundTheRead) {
  struct Window {
    const char* id;
    int64_t window;
    int64_t layers;  // of the layers that cache K and V
  };
  for (const Window& w :
       {Window{"llama-4-scout-17b-16e", 8192, 36}, Window{"llama-4-maverick-17b-128e", 8192, 36},
        Window{"gemma-3-27b", 1024, 52}, Window{"gemma-3-12b", 1024, 40},
        Window{"gemma-3-4b", 1024, 29}, Window{"qwen3-8b", 0, 0}, Window{"deepseek-v3.2", 0, 0}}) {
    const Model* m = Bundled().FindModel(w.id);
    ASSERT_NE(m, nullptr) << w.id;
    EXPECT_EQ(m->sliding_window, w.window) << w.id;
    EXPECT_EQ(m->sliding_window_layers, w.layers) << w.id;
    EXPECT_LT(m->sliding_window_layers, m->layers) << w.id;
  }
  const Model* mla = Bundled().FindModel("deepseek-v3");
  const Model* dsa = Bundled().FindModel("deepseek-v3.2");
  ASSERT_NE(mla, nullptr);
  ASSERT_NE(dsa, nullptr);
  EXPECT_EQ(mla->kv_latent_dim, 576);
  EXPECT_EQ(dsa->kv_latent_dim, 0);
  EXPECT_EQ(dsa->kv_heads, 0);
}

}  // namespace
}  // namespace rooflint
