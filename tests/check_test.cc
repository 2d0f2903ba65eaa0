// `rooflint check` as a library: the names people type (names.h), a value's metric read from its
// words, and claims audited against the bundled corpus with their hand arithmetic: an
// impossible vendor claim, an unknown count and an unknown weight format each giving a bound
// with its assumption, and what each missing fact would add.
#include "rooflint/check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>

#include "import/common.h"
#include "rooflint/names.h"
#include "rooflint/precision.h"

namespace rooflint {
namespace {

const Corpus& Bundled() {
  static const Corpus corpus = [] {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    return LoadCorpus(roots);
  }();
  return corpus;
}

TEST(PrecisionNames, DtypeAndQuantizationNamesAreRead) {
  struct Case {
    const char* typed;
    const char* name;
  };
  for (const Case& c :
       {Case{"bfloat16", "bf16"}, Case{"BF16", "bf16"}, Case{"float16", "fp16"},
        Case{"half", "fp16"}, Case{"FP8", "fp8"}, Case{"fp8_e4m3", "fp8"}, Case{"fp8-e4m3", "fp8"},
        Case{"awq", "int4"}, Case{"GPTQ", "int4"}, Case{"w4a16", "int4"}, Case{"int4", "int4"},
        Case{"w8a8", "int8"}, Case{"w4a8", "int4"}, Case{"nvfp4", "nvfp4"}, Case{"MXFP4", "mxfp4"},
        Case{"Q4_K_M", "q4_k_m"}, Case{"float32", "fp32"}}) {
    PrecisionName p = ReadPrecisionName(c.typed);
    EXPECT_EQ(p.name, c.name) << c.typed;
    EXPECT_TRUE(p.problem.empty()) << c.typed;
    EXPECT_NE(FindPrecision(p.name), nullptr) << c.typed;
  }
  PrecisionName automatic = ReadPrecisionName("auto");
  EXPECT_TRUE(automatic.native);
  EXPECT_TRUE(automatic.name.empty());
}

TEST(PrecisionNames, AnUnknownNameGetsTheNearestOne) {
  PrecisionName p = ReadPrecisionName("bfloat61");
  EXPECT_TRUE(p.name.empty());
  EXPECT_NE(p.problem.find("did you mean 'bfloat16'?"), std::string::npos) << p.problem;
}

// The weight format a command was given: the flag first, "auto" as the model's native one,
// else the format the model's name states.
TEST(PrecisionNames, AWeightFormatFlagBeatsTheNameAndAutoIsTheNativeOne) {
  const Model* llama = Bundled().FindModel("llama-3.1-8b");
  ASSERT_NE(llama, nullptr);
  ASSERT_EQ(llama->native_precision, "bf16");
  EXPECT_EQ(ReadWeightFormat("awq", llama, "fp8", "x").name, "int4");
  EXPECT_EQ(ReadWeightFormat("", llama, "fp8", "Llama-3.1-8B-FP8").name, "fp8");
  EXPECT_EQ(ReadWeightFormat("", llama, "fp8", "Llama-3.1-8B-FP8").how,
            "the weight format fp8 from the model name 'Llama-3.1-8B-FP8'");
  EXPECT_EQ(ReadWeightFormat("", llama, "", "x").name, "");
  WeightFormat native = ReadWeightFormat("auto", llama, "", "x");
  EXPECT_EQ(native.name, "bf16");
  EXPECT_FALSE(native.native_unknown);
  Model unstated = *llama;
  unstated.native_precision.clear();
  WeightFormat unknown = ReadWeightFormat("auto", &unstated, "", "x");
  EXPECT_EQ(unknown.name, "");
  EXPECT_TRUE(unknown.native_unknown);
  EXPECT_NE(unknown.how.find("does not state: the precision is unknown"), std::string::npos);
  EXPECT_NE(ReadWeightFormat("bfloat61", llama, "", "x").problem.find("did you mean"),
            std::string::npos);
}

TEST(ModelNames, HubIdsWithOrWithoutTheirOrganisationAndVariants) {
  struct Case {
    const char* typed;
    const char* id;
    const char* precision;
  };
  for (const Case& c :
       {Case{"meta-llama/Llama-3.1-70B-Instruct", "llama-3.1-70b", ""},
        Case{"Llama-3.1-70B-Instruct", "llama-3.1-70b", ""},
        Case{"LLAMA-3.1-70B", "llama-3.1-70b", ""}, Case{"llama 3.1 70b", "llama-3.1-70b", ""},
        Case{"meta-llama/Llama-3.1-8B-Instruct-FP8", "llama-3.1-8b", "fp8"},
        Case{"Llama-3.1-70B-Instruct-AWQ", "llama-3.1-70b", "int4"},
        Case{"meta-llama/Llama-2-7b-chat-hf", "llama-2-7b", ""}}) {
    ModelName m = ReadModelName(Bundled(), c.typed);
    ASSERT_NE(m.model, nullptr) << c.typed << ": " << m.problem;
    EXPECT_EQ(m.model->header.id, c.id) << c.typed;
    EXPECT_EQ(m.precision, c.precision) << c.typed;
  }
}

TEST(ModelNames, AnUnknownModelGetsTheNearestId) {
  ModelName m = ReadModelName(Bundled(), "llama-3.1-7b");
  EXPECT_EQ(m.model, nullptr);
  EXPECT_NE(m.problem.find("did you mean llama-3.1-"), std::string::npos) << m.problem;
  EXPECT_EQ(ReadModelName(Bundled(), "").model, nullptr);
  // A long word is compared with nothing (bounded cost), and matches nothing.
  EXPECT_EQ(ReadModelName(Bundled(), std::string(100000, 'x')).model, nullptr);
}

// The models served today resolve from the names people write (hub ids with or without their
// organisation, variant suffixes, short names), and each mixture of experts states fewer
// parameters per token than in all, with its routed experts inside its total.
struct ServedName {
  const char* text;
  const char* id;
  const char* precision;  // the weight format the name states, "" for none
};

// Every name here must read as exactly one model, the one named.
const std::vector<ServedName>& ServedNames() {
  static const std::vector<ServedName> names = {
      {"Qwen/Qwen3-8B", "qwen3-8b", ""},
      {"Qwen3-8B", "qwen3-8b", ""},
      {"qwen3:8b", "qwen3-8b", ""},
      {"Qwen/Qwen3-8B-FP8", "qwen3-8b", "fp8"},
      {"Qwen/Qwen3-32B", "qwen3-32b", ""},
      {"Qwen/Qwen3-14B", "qwen3-14b", ""},
      {"qwen3:4b", "qwen3-4b", ""},
      {"Qwen/Qwen3-4B-Instruct-2507", "qwen3-4b", ""},
      {"Qwen/Qwen3-4B-Thinking-2507", "qwen3-4b", ""},
      {"Qwen3-4B-AWQ", "qwen3-4b", "int4"},
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
      {"mistralai/Mistral-Large-Instruct-2407", "mistral-large-2407", ""},
      {"Mistral-Large-Instruct-2407", "mistral-large-2407", ""},
      {"microsoft/phi-4", "phi-4", ""},
      {"phi-4", "phi-4", ""},
      {"zai-org/GLM-4.5", "glm-4.5", ""},
      {"zai-org/GLM-4.5-FP8", "glm-4.5", "fp8"},
      {"zai-org/GLM-4.5-Air", "glm-4.5-air", ""},
      {"GLM-4.5-Air-FP8", "glm-4.5-air", "fp8"},
      {"ibm-granite/granite-4.0-h-small", "granite-4.0-h-small", ""},
      {"granite-4.0-h-small", "granite-4.0-h-small", ""},
      {"nvidia/Nemotron-H-8B-Base-8K", "nemotron-h-8b", ""},
      {"Nemotron-H-8B-Base-8K", "nemotron-h-8b", ""},
      {"tiiuae/Falcon-H1-0.5B-Instruct", "falcon-h1-0.5b", ""},
      {"Falcon-H1-0.5B-Base", "falcon-h1-0.5b", ""},
  };
  return names;
}

TEST(ServedModels, ResolveFromTheirCommonNames) {
  for (const ServedName& t : ServedNames()) {
    ModelName m = ReadModelName(Bundled(), t.text);
    ASSERT_NE(m.model, nullptr) << t.text << ": " << m.problem;
    EXPECT_EQ(m.model->header.id, t.id) << t.text;
    EXPECT_EQ(m.precision, t.precision) << t.text;
  }
}

TEST(ServedModels, AMixtureOfExpertsReadsFewerParametersThanItHolds) {
  size_t moe = 0;
  for (const ServedName& t : ServedNames()) {
    const Model* m = Bundled().FindModel(t.id);
    ASSERT_NE(m, nullptr) << t.id;
    // A draft whose count no source gives (Nemotron-H 8B: the name's "8B" is rounded) states
    // none, and says why, rather than a guess that could make a roof tighter than physics.
    if (m->header.status == Status::kDraft && m->params_total == 0) {
      EXPECT_FALSE(m->AbsentReason("params_total").empty()) << t.id;
      continue;
    }
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

TEST(HardwareNames, ShortNamesIdsAndTypos) {
  HardwareIndex index(Bundled().accelerators);
  HardwareName h100 = ReadHardwareName(Bundled(), index, "h100");
  EXPECT_GE(h100.parts.size(), 3u);  // SXM5, PCIe, NVL: every candidate, the generous bound
  HardwareName id = ReadHardwareName(Bundled(), index, "NVIDIA-H200-SXM");
  ASSERT_EQ(id.parts.size(), 1u);
  EXPECT_EQ(id.parts[0]->header.id, "nvidia-h200-sxm");
  HardwareName counted = ReadHardwareName(Bundled(), index, "8x MI300X");
  ASSERT_FALSE(counted.parts.empty());
  EXPECT_EQ(counted.count, 8);
  HardwareName typo = ReadHardwareName(Bundled(), index, "nvidia-rtx-480");
  EXPECT_TRUE(typo.parts.empty());
  EXPECT_NE(typo.problem.find("did you mean nvidia-rtx-4080?"), std::string::npos) << typo.problem;
}

TEST(Suggestions, PrefixesAndTypos) {
  std::vector<std::string> commands = {"check", "sweep", "show", "roof", "import", "list"};
  EXPECT_EQ(Suggest("swep", commands), "sweep");
  EXPECT_EQ(Suggest("chek", commands), "check");
  EXPECT_EQ(Suggest("zzzzzz", commands), "");
  std::vector<std::string> formats = {"auto", "llama-bench", "vllm-serve", "vllm-throughput"};
  EXPECT_EQ(Suggest("vllm", formats), "vllm-serve");
  EXPECT_EQ(Suggest(std::string(1000, 'v'), formats), "");
}

TEST(ValueReading, MetricsFromWordsAndUnits) {
  auto metrics = [](const char* value) { return ReadValueAndMetric(value, "").metrics; };
  EXPECT_EQ(metrics("250 tok/s per user"), std::vector<Metric>{Metric::kPerUserDecode});
  EXPECT_EQ(metrics("3,000 tokens/s aggregate"), std::vector<Metric>{Metric::kAggregateOutput});
  EXPECT_EQ(metrics("35 ms TTFT"), std::vector<Metric>{Metric::kTtft});
  EXPECT_EQ(metrics("12ms/token"), std::vector<Metric>{Metric::kTpot});
  EXPECT_EQ(metrics("1.2 s e2e"), std::vector<Metric>{Metric::kE2eLatency});
  EXPECT_EQ(metrics("4 req/s"), std::vector<Metric>{Metric::kRequests});
  // A bare token rate is read both ways: the figure does not say which it is.
  EXPECT_EQ(metrics("250 tok/s"),
            (std::vector<Metric>{Metric::kPerUserDecode, Metric::kAggregateOutput}));
  EXPECT_EQ(ReadValueAndMetric("3,000 tokens/s", "").value, "3000 tok/s");
  EXPECT_FALSE(ReadValueAndMetric("35 ms", "").problem.empty());  // a time of what?
  EXPECT_FALSE(ReadValueAndMetric("fast", "").problem.empty());
  EXPECT_FALSE(ReadValueAndMetric("250 furlongs", "").problem.empty());
  EXPECT_NE(ReadValueAndMetric("250 tok/s", "per-user-decod").problem.find("per-user-decode"),
            std::string::npos);
}

const CheckBound* BoundNamed(const CheckedFigure& f, std::string_view instrument) {
  for (const CheckBound& b : f.bounds) {
    if (b.instrument == instrument) return &b;
  }
  return nullptr;
}

bool Missing(const CheckedFigure& f, std::string_view flag_start) {
  return std::any_of(f.missing.begin(), f.missing.end(),
                     [&](const MissingFact& m) { return m.flag.starts_with(flag_start); });
}

// "250 tok/s per user, Llama-3.1-70B, fp8, 1x H200", no speculation: each decode step streams
// W = (70,553,706,496 - 1,050,673,152 untied lookup-only embedding params) x 1 B = 69.5 GB;
// the H200 SXM reads 4.8 TB/s: 4.8e12 / 69.503e9 = 69.06 tok/s, and 250 is 362.0% of it.
TEST(CheckClaim, AnImpossibleVendorClaimIsAnErrorWithItsArithmetic) {
  Claim c;
  c.model = "meta-llama/Llama-3.1-70B-Instruct";
  c.hardware = "1x H200";
  c.value = "250 tok/s per user";
  c.precision = "FP8";
  c.speculative = "false";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_FALSE(r.HasErrors());
  ASSERT_EQ(r.figures.size(), 1u);
  const CheckedFigure& f = r.figures[0];
  EXPECT_EQ(f.verdict, "exceeds");
  ASSERT_TRUE(f.binding.has_value());
  EXPECT_EQ(f.binding->instrument, "memory-roof");
  EXPECT_NEAR(f.binding->bound, 4.8e12 / (70553706496.0 - 1050673152.0), 0.01);
  EXPECT_NEAR(f.binding->percent, 362.0, 0.05);
  EXPECT_TRUE(f.binding->assumption.empty());
  EXPECT_NE(f.binding->arithmetic.find("4.8 TB/s"), std::string::npos);
  EXPECT_TRUE(r.HasErrorFindings());
  ASSERT_TRUE(f.capacity.has_value());
  EXPECT_EQ(f.capacity->verdict, "fits");
}

// The same claim without --speculative: past the memory roof only if decoding was not
// speculative, so a warning naming that, and --speculative false is what would make it definite.
TEST(CheckClaim, UnstatedSpeculationMakesTheSameClaimAWarning) {
  Claim c;
  c.model = "llama-3.1-70b";
  c.hardware = "1x H200";
  c.value = "250 tok/s per user";
  c.precision = "fp8";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_EQ(r.figures.size(), 1u);
  EXPECT_EQ(r.figures[0].verdict, "exceeds-assuming");
  EXPECT_FALSE(r.HasErrorFindings());
  EXPECT_TRUE(Missing(r.figures[0], "--speculative"));
}

// A speculative run's mean acceptance length, as vLLM and SGLang report it, without k:
// "9000 tok/s aggregate, Llama-3.1-70B fp8, 8x H100 SXM, batch 8, acceptance length 2.5".
// W = 69.503e9 B as above; 8 x 2.5 x 8 x 3.35e12 / 69.503e9 = 7711.9 tok/s, 9000 is 116.7%.
TEST(CheckClaim, AMeanAcceptanceLengthBoundsAnAggregateClaim) {
  Claim c;
  c.model = "llama-3.1-70b";
  c.hardware = "8x H100 SXM";
  c.value = "9000 tok/s aggregate";
  c.precision = "fp8";
  c.batch = 8;
  c.acceptance_length = "2.5";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_FALSE(r.HasErrors());
  ASSERT_EQ(r.figures.size(), 1u);
  const CheckedFigure& f = r.figures[0];
  EXPECT_EQ(f.verdict, "exceeds");
  ASSERT_TRUE(f.binding.has_value());
  EXPECT_EQ(f.binding->instrument, "accept-roof");
  EXPECT_NEAR(f.binding->bound, 8 * 2.5 * 8 * 3.35e12 / (70553706496.0 - 1050673152.0), 0.01);
  EXPECT_TRUE(r.HasErrorFindings());
}

// More accepted per step than k + 1 cannot be: the flags are refused, with why.
TEST(CheckClaim, AnAcceptanceLengthPastKPlusOneIsRefused) {
  Claim c;
  c.model = "llama-3.1-70b";
  c.hardware = "8x H100 SXM";
  c.value = "1000 tok/s per user";
  c.speculative = "2";
  c.acceptance_length = "3.5";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_TRUE(r.HasErrors());
  EXPECT_NE(r.diagnostics[0].message.find("more than k + 1 = 3"), std::string::npos)
      << r.diagnostics[0].message;
  c.speculative = "false";
  c.acceptance_length = "2";
  EXPECT_TRUE(CheckClaim(c, Bundled()).HasErrors());
}

// No count anywhere ("H200" alone): the bounds are computed at one accelerator, each naming
// that assumption; the claim is past them only if it ran on one.
TEST(CheckClaim, AnUnknownCountBoundsAtOneWithTheAssumptionNamed) {
  Claim c;
  c.model = "llama-3.1-70b";
  c.hardware = "H200";
  c.value = "250 tok/s per user";
  c.precision = "fp8";
  c.speculative = "false";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_EQ(r.figures.size(), 1u);
  const CheckedFigure& f = r.figures[0];
  EXPECT_EQ(f.verdict, "exceeds-assuming");
  const CheckBound* memory = BoundNamed(f, "memory-roof");
  ASSERT_NE(memory, nullptr);
  EXPECT_NE(memory->assumption.find("one accelerator"), std::string::npos) << memory->assumption;
  EXPECT_NEAR(memory->bound, 69.06, 0.01);
  EXPECT_TRUE(Missing(f, "--count"));
  EXPECT_FALSE(r.HasErrorFindings());
}

// Llama-2-7B (6,738,415,616 params, of which 131,072,000 untied lookup-only embedding:
// P = 6.607e9) on 4x A10G (600 GB/s, 280 TFLOP/s at its most generous peak), vLLM 0.2.0,
// 2000 tokens in, 128 out, batch 1, no precision stated. vLLM 0.2.0 loads 4-bit weights at its
// narrowest: W = 6.607e9 x 0.5 B = 3.304 GB, a step 3.304e9 / 2.4e12 = 1.376 ms; prefill
// max(1.376 ms, 2000 x 2 x 6.607e9 / 1.12e15 = 23.6 ms); floor 23.6 + 127 x 1.376 = 198.4 ms:
// 462 ms is within. At the native fp16, W = 13.21 GB, a step 5.506 ms, and fp16 weights are
// multiplied at the fastest 16-bit peak (fp16 with FP16 accumulate, 140e12): prefill
// 2000 x 2 x 6.607e9 / (4 x 140e12) = 47.2 ms, the floor 47.2 + 127 x 5.506 = 746.5 ms,
// 161.6% of 462 ms, a warning naming the fp16 assumption.
TEST(CheckClaim, AnUnknownPrecisionBoundsAtTheEnginesNarrowestAndWarnsAtNative) {
  Claim c;
  c.model = "Llama-2-7B";
  c.hardware = "4x A10G";
  c.value = "462 ms e2e";
  c.input_tokens = 2000;
  c.output_tokens = 128;
  c.batch = 1;
  c.engine = "vllm";
  c.engine_version = "0.2.0";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_FALSE(r.HasErrors());
  ASSERT_EQ(r.figures.size(), 1u);
  const CheckedFigure& f = r.figures[0];
  EXPECT_EQ(f.verdict, "exceeds-assuming");
  const CheckBound* floor = BoundNamed(f, "e2e-floor");
  ASSERT_NE(floor, nullptr);
  EXPECT_NEAR(floor->bound, 746.5, 0.1);
  EXPECT_NEAR(floor->percent, 161.6, 0.1);
  EXPECT_NE(floor->assumption.find("native fp16"), std::string::npos) << floor->assumption;
  EXPECT_NE(floor->assumption.find("4 bits, the narrowest vllm loads"), std::string::npos);
  EXPECT_FALSE(r.HasErrorFindings());
  // Below even the 4-bit floor (198.4 ms), with speculation and prefix caching excluded, it is
  // an error.
  c.value = "150 ms e2e";
  c.speculative = "false";
  c.prefix_cache = "false";
  CheckReport impossible = CheckClaim(c, Bundled());
  ASSERT_EQ(impossible.figures.size(), 1u);
  EXPECT_EQ(impossible.figures[0].verdict, "exceeds");
  EXPECT_TRUE(impossible.HasErrorFindings());
}

TEST(CheckClaim, NarrowestWeightsFollowTheEngineAndItsVersion) {
  EXPECT_EQ(NarrowestWeightsFor("vllm", "0.1.7").bits, 16);
  EXPECT_EQ(NarrowestWeightsFor("vLLM", "v0.2.0").bits, 4);
  EXPECT_EQ(NarrowestWeightsFor("vllm", "0.6.3.post1").bits, 1);
  EXPECT_EQ(NarrowestWeightsFor("vllm", "").bits, 1);  // any version: its narrowest ever
  EXPECT_EQ(NarrowestWeightsFor("TensorRT-LLM", "0.16.0").bits, 4);
  EXPECT_EQ(NarrowestWeightsFor("llama.cpp", "b5163").bits, 1.125);
  EXPECT_EQ(NarrowestWeightsFor("", "").bits, 1);
  EXPECT_EQ(NarrowestWeightsFor("an engine nobody knows", "").bits, 1);
  for (const NarrowestWeights& n : NarrowestWeightsTable()) {
    EXPECT_FALSE(n.source.empty()) << n.engine;
    EXPECT_GT(n.bits, 0) << n.engine;
  }
}

TEST(CheckClaim, BadFlagsAreDiagnosticsNamingTheFlag) {
  Claim c;
  c.model = "llama-3.1-7b";
  c.hardware = "nvidia-rtx-480";
  c.value = "35 ms";
  c.precision = "fp9";
  CheckReport r = CheckClaim(c, Bundled());
  EXPECT_TRUE(r.HasErrors());
  EXPECT_TRUE(r.figures.empty());
  std::string all;
  for (const Diagnostic& d : r.diagnostics) all += d.message.str() + "\n";
  EXPECT_NE(all.find("--model"), std::string::npos) << all;
  EXPECT_NE(all.find("--hardware"), std::string::npos) << all;
  EXPECT_NE(all.find("--precision"), std::string::npos) << all;
  EXPECT_NE(all.find("--value"), std::string::npos) << all;
}

// A bare token rate is checked both ways: as per-user decode it is past the 1x H200 memory
// roof; as an aggregate with no batch, only batch-free bounds apply.
TEST(CheckClaim, ABareTokenRateIsCheckedAsPerUserAndAsAggregate) {
  Claim c;
  c.model = "llama-3.1-70b";
  c.hardware = "1x H200";
  c.value = "250 tok/s";
  c.precision = "fp8";
  c.speculative = "false";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_EQ(r.figures.size(), 2u);
  EXPECT_EQ(r.figures[0].metric, "per-user-decode");
  EXPECT_EQ(r.figures[0].verdict, "exceeds");
  EXPECT_EQ(r.figures[1].metric, "aggregate-output");
  EXPECT_EQ(r.figures[1].verdict, "within");
  EXPECT_TRUE(Missing(r.figures[1], "--batch"));
}

// A 70B model in bf16 (141.1 GB of weights) cannot be resident on one 24 GB card: the capacity
// verdict says so whatever the figure.
TEST(CheckClaim, CapacityLeads) {
  Claim c;
  c.model = "llama-3.1-70b";
  c.hardware = "1x RTX 4090";
  c.value = "10 tok/s per user";
  c.precision = "bf16";
  c.offload = "false";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_EQ(r.figures.size(), 1u);
  ASSERT_TRUE(r.figures[0].capacity.has_value());
  EXPECT_EQ(r.figures[0].capacity->verdict, "does-not-fit");
}

}  // namespace
}  // namespace rooflint

namespace rooflint {
namespace {

// Four single-GPU replicas (llm-d's decode_replicas=4) on 4x L40S: a request ran on one L40S, so
// its TPOT floor is four times the floor of one model spread over all four.
TEST(CheckClaim, ReplicasBoundARequestByOneReplicasAccelerators) {
  Claim c;
  c.model = "llama-3.2-3b";
  c.hardware = "4x L40S";
  c.value = "13.6 ms TPOT";
  c.precision = "bf16";
  CheckReport spread = CheckClaim(c, Bundled());
  c.replicas = 4;
  CheckReport replicated = CheckClaim(c, Bundled());
  ASSERT_EQ(spread.figures.size(), 1u);
  ASSERT_EQ(replicated.figures.size(), 1u);
  const CheckBound* one = BoundNamed(replicated.figures[0], "tpot-floor");
  const CheckBound* all = BoundNamed(spread.figures[0], "tpot-floor");
  ASSERT_NE(one, nullptr);
  ASSERT_NE(all, nullptr);
  EXPECT_NEAR(one->bound / all->bound, 4.0, 1e-9);
  // An aggregate over the four replicas keeps all four accelerators (a looser bound only).
  c.value = "5000 tok/s aggregate";
  c.concurrency = 64;
  CheckReport aggregate = CheckClaim(c, Bundled());
  c.replicas.reset();
  CheckReport aggregate_spread = CheckClaim(c, Bundled());
  ASSERT_EQ(aggregate.figures.size(), 1u);
  ASSERT_EQ(aggregate_spread.figures.size(), 1u);
  const CheckBound* a1 = BoundNamed(aggregate.figures[0], "compute-roof");
  const CheckBound* a2 = BoundNamed(aggregate_spread.figures[0], "compute-roof");
  ASSERT_NE(a1, nullptr);
  ASSERT_NE(a2, nullptr);
  EXPECT_EQ(a1->bound, a2->bound);
}

// 10 req/s x 270.17 output tokens offered 2701.7 tok/s; 2249.2 served is 83% of it: the load,
// not the capacity. 1000 tok/s of it is not near; a burst (infinite rate) offers no limit.
TEST(OfferedLoad, ARunNearTheLoadItWasOfferedIsNotASaturationFigure) {
  std::string note = import::OfferedLoadNote(10, 270.17, 2249.2);
  EXPECT_NE(note.find("2701.7 tok/s"), std::string::npos) << note;
  EXPECT_NE(note.find("83%"), std::string::npos) << note;
  EXPECT_EQ(import::OfferedLoadNote(10, 270.17, 1000), "");
  EXPECT_EQ(import::OfferedLoadNote(std::numeric_limits<double>::infinity(), 270, 2249), "");
  EXPECT_EQ(import::OfferedLoadNote(0, 270, 2249), "");
}

}  // namespace
}  // namespace rooflint

namespace rooflint {
namespace {

// Every serving-tool sample, checked with --hardware as the only flag: some figure of it gets a
// computed bound, or the file gets a diagnostic at its path with a hint saying what would give
// one (a model the corpus lacks, a file that is not a result).
TEST(CheckFiles, EveryServingSampleGetsABoundOrALocatedRefusal) {
  namespace fs = std::filesystem;
  size_t bounded = 0, refused = 0;
  for (const char* tool :
       {"aiperf", "genai-perf", "llmperf", "sglang", "trtllm-bench", "vllm", "vllm-throughput"}) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(fs::path(ROOFLINT_IMPORT_SAMPLES) / tool)) {
      if (e.path().filename() != "SOURCES.md") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& path : files) {
      std::vector<Diagnostic> read_errors;
      std::vector<std::string> paths = {path.string()};
      std::vector<ImportFile> input = ReadImportPaths(paths, read_errors);
      ImportOptions options;
      options.hardware = "1x H100";
      CheckReport r = CheckFiles("auto", input, options, Bundled());
      bool bound = std::any_of(r.figures.begin(), r.figures.end(),
                               [](const CheckedFigure& f) { return f.binding.has_value(); });
      bool located = std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const auto& d) {
        return d.where.path == path.string() && !d.hint.empty() && d.severity != Severity::kNote;
      });
      EXPECT_TRUE(bound || located) << path;
      bounded += bound ? 1 : 0;
      refused += bound ? 0 : 1;
    }
  }
  EXPECT_GE(bounded, 7u);
  EXPECT_GE(refused, 1u);
}

bool HasMissing(const CheckedFigure& f, std::string_view flag) {
  return std::any_of(f.missing.begin(), f.missing.end(),
                     [&](const MissingFact& m) { return m.flag == flag; });
}

// A condition stated with a file's figures fills in what the file does not say, with a note,
// and never overrides what it says. The trtllm-bench v0.16 log prints no dataset table, so its
// average input length is a mean and input_tokens is absent: --input-tokens 8192 states it, and
// the missing list stops asking for it. Its output length, 1024, is the file's own: --output-
// tokens 1000 disagrees, gets one warning at the file, and the figures keep 1024.
TEST(CheckFiles, StatedConditionsFillWhatTheFileLacksAndNeverOverrideIt) {
  const std::string path =
      std::string(ROOFLINT_IMPORT_SAMPLES) +
      "/trtllm-bench/shaamil101_v0.16.0_llama3.1-70b-fp8_tp8_isl8192_osl1024_n400_throughput_"
      "stdout.txt";
  std::vector<Diagnostic> read_errors;
  std::vector<std::string> paths = {path};
  std::vector<ImportFile> input = ReadImportPaths(paths, read_errors);
  ASSERT_TRUE(read_errors.empty());
  ImportOptions import;
  import.hardware = "8x H100 SXM";
  CheckReport before = CheckFiles("auto", input, import, Bundled());
  ASSERT_FALSE(before.figures.empty());
  EXPECT_TRUE(std::any_of(before.figures.begin(), before.figures.end(), [](const CheckedFigure& f) {
    return HasMissing(f, "--input-tokens I");
  }));
  for (const CheckedFigure& f : before.figures) EXPECT_TRUE(f.notes.empty()) << f.id;
  CheckOptions options;
  options.stated.input_tokens = 8192;
  options.stated.output_tokens = 1000;
  CheckReport after = CheckFiles("auto", input, import, Bundled(), options);
  ASSERT_EQ(after.figures.size(), before.figures.size());
  for (const CheckedFigure& f : after.figures) {
    EXPECT_FALSE(HasMissing(f, "--input-tokens I")) << f.id;
    ASSERT_EQ(f.notes.size(), 1u) << f.id;
    EXPECT_EQ(f.notes[0],
              "input_tokens 8192 stated on the command line (--input-tokens): the file does not "
              "say");
  }
  size_t warnings = 0;
  for (const Diagnostic& d : after.diagnostics) {
    if (d.code != "flag-disagrees") continue;
    ++warnings;
    EXPECT_EQ(d.severity, Severity::kWarning);
    EXPECT_EQ(d.where.path, path);
    EXPECT_NE(d.message.view().find("--output-tokens 1000 disagrees"), std::string_view::npos)
        << d.message;
    EXPECT_NE(d.message.view().find("output_tokens = 1024"), std::string_view::npos) << d.message;
  }
  EXPECT_EQ(warnings, 1u);
  // A value no record could hold is the flag's error, named as the flags'.
  options.stated = {};
  options.stated.prefix_cache = "2";
  CheckReport bad = CheckFiles("auto", input, import, Bundled(), options);
  EXPECT_TRUE(bad.figures.empty());
  ASSERT_FALSE(bad.diagnostics.empty());
  EXPECT_EQ(bad.diagnostics.back().code, "bad-flag");
  EXPECT_EQ(bad.diagnostics.back().where.path, "<flags>");
}

}  // namespace
}  // namespace rooflint

namespace rooflint {
namespace {

// No weight format stated, nothing offloaded, one RTX 4090 (24 GiB = 25.77 GB): Llama 3.1 70B
// (70.55e9 params) is 141.1 GB in its native bf16 but 8.82 GB at 1 bit, the narrowest any
// engine loads: a misfit only if bf16 (a warning). Llama 3.1 405B is 50.7 GB even at 1 bit: a
// misfit whatever the format (an error).
TEST(CheckClaim, CapacityWithAnUnknownPrecisionBoundsAtTheFewestBits) {
  Claim c;
  c.model = "llama-3.1-70b";
  c.hardware = "1x RTX 4090";
  c.value = "10 tok/s per user";
  c.offload = "false";
  CheckReport r70 = CheckClaim(c, Bundled());
  ASSERT_EQ(r70.figures.size(), 1u);
  ASSERT_TRUE(r70.figures[0].capacity.has_value());
  EXPECT_EQ(r70.figures[0].capacity->verdict, "does-not-fit-assuming");
  c.model = "llama-3.1-405b";
  CheckReport r405 = CheckClaim(c, Bundled());
  ASSERT_EQ(r405.figures.size(), 1u);
  ASSERT_TRUE(r405.figures[0].capacity.has_value());
  EXPECT_EQ(r405.figures[0].capacity->verdict, "does-not-fit");
  EXPECT_TRUE(r405.HasErrorFindings());
}

}  // namespace
}  // namespace rooflint

namespace rooflint {
namespace {

// "1000 tok/s aggregate, Llama-3.1-8B bf16, TPU v5p-8, batch 8": v5p-8 names 8 TensorCores,
// two a chip, so 4 chips. W = (8,030,261,248 - 525,336,576 lookup-only input embedding) x 2 B
// = 15.0098 GB; 8 x 4 x 2765e9 / 15.0098e9 = 5894.8 tok/s (read as 8 chips: 11789.6).
TEST(CheckClaim, ATpuSliceNameCountsChipsNotTensorCores) {
  Claim c;
  c.model = "llama-3.1-8b";
  c.hardware = "TPU v5p-8";
  c.value = "1000 tok/s aggregate";
  c.precision = "bf16";
  c.batch = 8;
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_EQ(r.figures.size(), 1u);
  const CheckedFigure& f = r.figures[0];
  EXPECT_EQ(f.accelerators, (std::vector<std::string>{"google-tpu-v5p"}));
  auto mem = std::find_if(f.bounds.begin(), f.bounds.end(),
                          [](const CheckBound& b) { return b.instrument == "memory-roof"; });
  ASSERT_NE(mem, f.bounds.end());
  const double w = (8030261248.0 - 525336576.0) * 2;
  EXPECT_NEAR(mem->bound, 8 * 4 * 2765e9 / w, 0.05);  // 5894.8
  EXPECT_TRUE(std::any_of(f.notes.begin(), f.notes.end(), [](const std::string& n) {
    return n.find("8 TensorCores = 4 chips") != std::string::npos;
  }));
}

// "20 tok/s per user, Llama-3.1-8B bf16, 1x NVIDIA A100 80GB SXM4 1g.10gb": a MIG slice holds
// 1/8 of the part's memory slices and so of its bandwidth (10 GB of 80 GiB = 85.9 GB, 0.93
// eighths, rounded up). W = 15.0098 GB as above; 2039e9 / 8 / 15.0098e9 = 16.98 tok/s, so 20 is
// 117.8% of it, where the whole part's roof (135.8 tok/s) would pass it at 14.7%.
TEST(CheckClaim, AMigSliceGetsItsShareOfThePart) {
  Claim c;
  c.model = "llama-3.1-8b";
  c.hardware = "1x NVIDIA A100 80GB SXM4 1g.10gb";
  c.value = "20 tok/s per user";
  c.precision = "bf16";
  c.speculative = "false";
  c.batch = 1;
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_EQ(r.figures.size(), 1u);
  const CheckedFigure& f = r.figures[0];
  EXPECT_EQ(f.accelerators, (std::vector<std::string>{"nvidia-a100-80gb-sxm4"}));
  auto mem = std::find_if(f.bounds.begin(), f.bounds.end(),
                          [](const CheckBound& b) { return b.instrument == "memory-roof"; });
  ASSERT_NE(mem, f.bounds.end());
  const double w = (8030261248.0 - 525336576.0) * 2;
  EXPECT_NEAR(mem->bound, 2039e9 / 8 / w, 0.01);  // 16.98
  EXPECT_EQ(mem->verdict, "exceeds");
  EXPECT_NE(mem->reason.find("1g.10gb"), std::string::npos) << mem->reason;
  // The same claim on the whole part is within its roof.
  c.hardware = "1x NVIDIA A100 80GB SXM4";
  CheckReport whole = CheckClaim(c, Bundled());
  auto mem_whole = std::find_if(whole.figures[0].bounds.begin(), whole.figures[0].bounds.end(),
                                [](const CheckBound& b) { return b.instrument == "memory-roof"; });
  ASSERT_NE(mem_whole, whole.figures[0].bounds.end());
  EXPECT_NEAR(mem_whole->bound, 2039e9 / w, 0.01);  // 135.8
  EXPECT_EQ(mem_whole->verdict, "within");
}

TEST(CheckClaim, TheKvFormatIsReadAsAName) {
  Claim c;
  c.model = "llama-3.1-8b";
  c.hardware = "1x H100 SXM";
  c.value = "3000 tok/s aggregate";
  c.precision = "bf16";
  c.batch = 64;
  c.input_tokens = 4000;
  c.kv_precision = "float16";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_FALSE(r.HasErrors()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].message.str());
  ASSERT_EQ(r.figures.size(), 1u);
  c.kv_precision = "fp9";
  EXPECT_TRUE(CheckClaim(c, Bundled()).HasErrors());
}

}  // namespace
}  // namespace rooflint

namespace rooflint {
namespace {

// Shared KV caches. Llama-3.1-8B bf16 on one H100 SXM5 (3.35 TB/s): W = (8,030,261,248 -
// 525,336,576 lookup-only embedding params) x 2 B = 15,009,849,344 B; KV per token at 4 bits (the
// smallest any engine stores) = 0.5 B x 2 x 8 KV heads x 128 x 32 layers = 32,768 B.
constexpr double kBw = 3.35e12, kW = 15009849344.0, kKvPerToken = 32768;

Claim Llama8bOnH100(const char* value, int64_t concurrency, int64_t input) {
  Claim c;
  c.model = "llama-3.1-8b";
  c.hardware = "1x H100 SXM5";
  c.value = value;
  c.precision = "bf16";
  c.concurrency = concurrency;
  c.input_tokens = input;
  c.output_tokens = 256;
  c.engine = "vllm";
  c.speculative = "false";
  c.attention_window = "false";
  return c;
}

// A shared-prefix run: 9000 tok/s aggregate at concurrency 128 with 16,100 input tokens and a
// 99% prefix-cache hit rate. 128 private caches: 128 x 3.35e12 / (15.01e9 + 128 x 527.56e6) =
// 5195.2 tok/s, which it is 173% of; but the caches share one prefix, read once per step:
// 128 x 3.35e12 / (15.01e9 + 527.56e6) = 27,597.9 tok/s, 32.6%. A warning naming the
// assumption, never an error.
TEST(SharedKv, AHonestSharedPrefixRunIsAWarningNamingPrivateCaches) {
  Claim c = Llama8bOnH100("9000 tok/s aggregate", 128, 16100);
  c.prefix_cache = "0.99";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_FALSE(r.HasErrors());
  ASSERT_EQ(r.figures.size(), 1u);
  const CheckedFigure& f = r.figures[0];
  EXPECT_FALSE(r.HasErrorFindings());
  EXPECT_EQ(f.verdict, "exceeds-assuming");
  const CheckBound* kv = BoundNamed(f, "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 128 * kBw / (kW + 128 * kKvPerToken * 16100), 0.1);
  EXPECT_NEAR(kv->bound, 5195.2, 0.05);
  EXPECT_NE(kv->assumption.find("own copy of its prompt's KV cache (the record states a prefix "
                                "cache"),
            std::string::npos)
      << kv->assumption;
}

// Past even the shared form: 25,000 tok/s at 128,000 input tokens. KV(128000) = 4.194 GB; one
// shared prefix gives 128 x 3.35e12 / (15.01e9 + 4.194e9) = 22,328.5 tok/s, and 25,000 is past
// it: an error, whatever is shared. (The weights-only memory roof, 28,567.9, passes it.) The
// KV precision is stated (int4): unstated, the error-level bound would take 2 bits.
TEST(SharedKv, PastTheSharedFormIsAnErrorWhateverIsShared) {
  Claim c = Llama8bOnH100("25000 tok/s aggregate", 128, 128000);
  c.kv_precision = "int4";
  CheckReport r = CheckClaim(c, Bundled());
  ASSERT_EQ(r.figures.size(), 1u);
  const CheckedFigure& f = r.figures[0];
  EXPECT_TRUE(r.HasErrorFindings());
  EXPECT_EQ(f.verdict, "exceeds");
  const double shared = 128 * kBw / (kW + kKvPerToken * 128000);
  EXPECT_NEAR(shared, 22328.5, 0.05);
  bool named = false;
  for (const Finding& finding : f.findings) {
    if (finding.instrument == "kv-roof" && finding.severity == Severity::kError) {
      named =
          finding.message.find("and past 22328.5 tok/s even without assuming") != std::string::npos;
    }
  }
  EXPECT_TRUE(named);
  const CheckBound* memory = BoundNamed(f, "memory-roof");
  ASSERT_NE(memory, nullptr);
  EXPECT_EQ(memory->verdict, "within");
}

// 1000 tok/s at 128,000 tokens: within the shared form (22,328.5) but 128.7% of 128 private
// caches (128 x 3.35e12 / (15.01e9 + 128 x 4.194e9) = 777.0 tok/s). An error only when the
// record rules sharing out with both facts; prefix_cache = false alone leaves parallel sampling.
// The KV precision is stated (int4), as an unstated one is 4 bits only as an assumption.
TEST(SharedKv, PrivateCachesAreDefiniteOnlyWithBothFactsStated) {
  Claim c = Llama8bOnH100("1000 tok/s aggregate", 128, 128000);
  c.kv_precision = "int4";
  c.prefix_cache = "false";
  CheckReport one = CheckClaim(c, Bundled());
  ASSERT_EQ(one.figures.size(), 1u);
  EXPECT_FALSE(one.HasErrorFindings());
  EXPECT_EQ(one.figures[0].verdict, "exceeds-assuming");
  EXPECT_TRUE(Missing(one.figures[0], "--samples-per-prompt 1"));
  c.samples_per_prompt = 1;
  CheckReport both = CheckClaim(c, Bundled());
  ASSERT_EQ(both.figures.size(), 1u);
  EXPECT_TRUE(both.HasErrorFindings());
  const CheckBound* kv = BoundNamed(both.figures[0], "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 128 * kBw / (kW + 128 * kKvPerToken * 128000), 0.01);
  EXPECT_NEAR(kv->bound, 777.0, 0.05);
  EXPECT_TRUE(kv->assumption.empty()) << kv->assumption;
  // Several samples per prompt share it even with the prefix cache off.
  c.samples_per_prompt = 4;
  CheckReport sampled = CheckClaim(c, Bundled());
  ASSERT_EQ(sampled.figures.size(), 1u);
  EXPECT_FALSE(sampled.HasErrorFindings());
  const CheckBound* kv4 = BoundNamed(sampled.figures[0], "kv-roof");
  ASSERT_NE(kv4, nullptr);
  EXPECT_NE(kv4->assumption.find("the record states 4 samples per prompt"), std::string::npos);
}

// The same claim with 128,000 tokens stated only as the run's mean (--input-tokens-mean): no
// request is sure to have had that length, so the 777.0 tok/s KV roof is an assumption (a
// warning), and the error-capable bound counts no KV cache.
TEST(SharedKv, AMeanInputLengthBoundsOnlyAsAnAssumption) {
  Claim c = Llama8bOnH100("1000 tok/s aggregate", 128, 128000);
  c.kv_precision = "int4";
  c.prefix_cache = "false";
  c.samples_per_prompt = 1;
  c.input_tokens.reset();
  c.input_tokens_mean = 128000;
  CheckReport mean = CheckClaim(c, Bundled());
  ASSERT_EQ(mean.figures.size(), 1u);
  EXPECT_FALSE(mean.HasErrorFindings());
  EXPECT_EQ(mean.figures[0].verdict, "exceeds-assuming");
  const CheckBound* kv = BoundNamed(mean.figures[0], "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 777.0, 0.05);
  EXPECT_NE(kv->assumption.find("mean input length"), std::string::npos) << kv->assumption;
}

// An engine may keep fewer tokens of the context than it holds (TensorRT-LLM's
// max_attention_window_size): with attention_window unstated, the 777.0 tok/s KV roof of the
// claim above is an assumption (a warning) and the error-capable bound counts no KV cache. A
// stated window of 4096 tokens counts 4096: 128 x 3.35e12 / (15.01e9 + 128 x 32,768 x 4096) =
// 128 x 3.35e12 / 32.19e9 = 13,321.0 tok/s, which 1000 tok/s is within.
TEST(SharedKv, AnUnstatedAttentionWindowBoundsOnlyAsAnAssumption) {
  Claim c = Llama8bOnH100("1000 tok/s aggregate", 128, 128000);
  c.kv_precision = "int4";
  c.prefix_cache = "false";
  c.samples_per_prompt = 1;
  c.attention_window.clear();
  CheckReport unstated = CheckClaim(c, Bundled());
  ASSERT_EQ(unstated.figures.size(), 1u);
  EXPECT_FALSE(unstated.HasErrorFindings());
  EXPECT_EQ(unstated.figures[0].verdict, "exceeds-assuming");
  const CheckBound* kv = BoundNamed(unstated.figures[0], "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 777.0, 0.05);
  EXPECT_NE(kv->assumption.find("the whole context is kept in the KV cache"), std::string::npos)
      << kv->assumption;
  EXPECT_TRUE(Missing(unstated.figures[0], "--attention-window false"));
  c.attention_window = "4096";
  CheckReport window = CheckClaim(c, Bundled());
  ASSERT_EQ(window.figures.size(), 1u);
  const CheckBound* kv4096 = BoundNamed(window.figures[0], "kv-roof");
  ASSERT_NE(kv4096, nullptr);
  EXPECT_NEAR(kv4096->bound, 128 * kBw / (kW + 128 * kKvPerToken * 4096), 0.01);
  EXPECT_NEAR(kv4096->bound, 13321.0, 0.05);
  EXPECT_EQ(window.figures[0].verdict, "within");
  c.attention_window = "0";
  EXPECT_TRUE(CheckClaim(c, Bundled()).HasErrors());
}

// Capacity: batch 64 at 128,000 tokens needs 16.06 GB + 64 x 4.194 GB = 284.5 GB, past the
// 85.9 GB an H100 holds; one shared copy (16.06 + 4.194 = 20.25 GB) fits. A misfit only with
// 64 private caches: does-not-fit-assuming, and does-not-fit once sharing is ruled out.
TEST(SharedKv, CapacityCountsOneCopyUnlessSharingIsRuledOut) {
  Claim c = Llama8bOnH100("10 tok/s per user", 1, 128000);
  c.concurrency.reset();
  c.batch = 64;
  c.offload = "false";
  CheckReport shared = CheckClaim(c, Bundled());
  ASSERT_EQ(shared.figures.size(), 1u);
  ASSERT_TRUE(shared.figures[0].capacity.has_value());
  EXPECT_EQ(shared.figures[0].capacity->verdict, "does-not-fit-assuming");
  EXPECT_FALSE(shared.HasErrorFindings());
  c.prefix_cache = "false";
  c.samples_per_prompt = 1;
  CheckReport private_caches = CheckClaim(c, Bundled());
  ASSERT_EQ(private_caches.figures.size(), 1u);
  ASSERT_TRUE(private_caches.figures[0].capacity.has_value());
  EXPECT_EQ(private_caches.figures[0].capacity->verdict, "does-not-fit");
  EXPECT_TRUE(private_caches.HasErrorFindings());
}

}  // namespace
}  // namespace rooflint
