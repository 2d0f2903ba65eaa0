// Impossible claims planted on purpose: each passes the weights-only memory roof and
// the compute roof, and each is caught, as an error, by the instrument that should catch it:
// capacity, the KV-aware memory roof and TPOT floor, the speculation roof and floor, and
// per-component bytes. Every entry gives its hand arithmetic; the test checks the bound to 0.1%.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "rooflint/audit.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::AuditOf;
using testing::TestCorpus;

constexpr char kPlantedSource[] = R"(id = "s"
title = "t"
publisher = "p"
url = "https://example.org"
date = 2026-01-01
kind = "paper"
)";

std::string Part(const std::string& id, const std::string& memory, const std::string& bandwidth,
                 const std::string& peaks) {
  return "id = \"" + id + "\"\nname = \"Planted " + id +
         "\"\nvendor = \"V\"\nform_factor = "
         "\"sxm\"\naliases = []\nmemory = \"" +
         memory + "\"\nbandwidth = \"" + bandwidth + "\"\n[peak_dense]\n" + peaks +
         "\n[sources]\nmemory = \"s\"\nbandwidth = \"s\"\npeak_dense = \"s\"\n";
}

std::string ModelToml(const std::string& id, const std::string& body) {
  return "id = \"" + id + "\"\nname = \"" + id +
         "\"\naliases = []\nnative_precision = "
         "\"bf16\"\nsource = \"s\"\n" +
         body;
}

struct Planted {
  std::string id;
  std::string metric;
  std::string value;
  std::string top;         // model, precision, weights, hardware, pointer, count
  std::string conditions;  // the [conditions] lines under test
  std::string instrument;  // the instrument that must catch it
  double bound;            // by hand, in the instrument's unit (B for capacity)
};

std::string Bench(const Planted& p) {
  return "id = \"" + p.id + "\"\ntitle = \"t\"\nmetric = \"" + p.metric + "\"\nvalue = \"" +
         p.value + "\"\n" + p.top + "\nsource = \"s\"\nlocator = \"l\"\n\n[conditions]\n" +
         p.conditions +
         "\nengine = \"vllm\"\nengine_version = { absent = \"x\" }\nwarmup = { absent = \"x\" }\n"
         "scenario = { absent = \"x\" }\nattention_window = false\n";
}

const std::string kMptA100 =
    "model = \"mpt-7b\"\nprecision = \"fp16\"\nhardware = \"A100\"\naccelerators = [\"a100\"]\n"
    "accelerator_count = 1";
const std::string kMptA100Fp16Kv = kMptA100 + "\nkv_precision = \"fp16\"";
const std::string kLlamaH100x8 =
    "model = \"llama-70b\"\nprecision = \"fp8\"\nhardware = \"8x H100\"\naccelerators = "
    "[\"h100\"]\naccelerator_count = 8";
const std::string kNoSpec = "speculative = false\noffload = false\n";
// B private caches: no prefix cache and one completion per prompt, so no two sequences of a
// step share a prompt's cache (without it the KV terms an error rests on count one cache).
const std::string kPrivateKv = "prefix_cache = false\nsamples_per_prompt = 1\n";

// MPT-7B: 6.7e9 params, fp16 W = 13.4 GB; KV fp16 per token 2 x 32 x 128 x 32 layers x 2 B =
// 524,288 B; KV(4000) = 2.097 GB, KV(8000) = 4.194 GB. A100 40GB: 1555 GB/s, "40 GB"
// read as 40 GiB = 42.95 GB. Llama-70B: 70e9 params, 80 layers, 8 KV heads x 128; fp8 W =
// 70 GB; 8 H100 (80 GiB, 3350 GB/s each): 26.8 TB/s, 687.2 GB.
std::vector<Planted> Claims() {
  return {
      // ---- capacity ----
      // Mixtral bf16 on one H100: 46.7e9 x 2 B = 93.4 GB > 80 GiB = 85.9 GB.
      {"cap-mixtral-1xh100", "per-user-decode", "100 tok/s",
       "model = \"mixtral\"\nprecision = \"bf16\"\nhardware = \"H100\"\naccelerators = "
       "[\"h100\"]\naccelerator_count = 1",
       "batch = 1\ninput_tokens = 128\noutput_tokens = 128\n" + kNoSpec, "capacity", 93.4e9},
      // Llama-70B fp16 on one H100: 140 GB > 85.9 GB.
      {"cap-llama70-fp16-1xh100", "per-user-decode", "20 tok/s",
       "model = \"llama-70b\"\nprecision = \"fp16\"\nhardware = \"H100\"\naccelerators = "
       "[\"h100\"]\naccelerator_count = 1",
       "batch = 1\ninput_tokens = 128\noutput_tokens = 128\n" + kNoSpec, "capacity", 140e9},
      // Llama-70B bf16 on 2 A100 40GB: 140 GB > 2 x 42.95e9 = 85.9 GB.
      {"cap-llama70-2xa100", "per-user-decode", "10 tok/s",
       "model = \"llama-70b\"\nprecision = \"bf16\"\nhardware = \"2x A100\"\naccelerators = "
       "[\"a100\"]\naccelerator_count = 2",
       "batch = 1\ninput_tokens = 128\noutput_tokens = 128\n" + kNoSpec, "capacity", 140e9},
      // MPT-7B fp16, batch 64 x 4000 tokens, fp16 KV: 13.4e9 + 64 x 2.097152e9 = 147.6 GB >
      // 42.95 GB.
      {"cap-mpt-b64-4k", "aggregate-output", "500 tok/s", kMptA100Fp16Kv,
       kPrivateKv + "batch = 64\ninput_tokens = 4000\noutput_tokens = 64\n" + kNoSpec, "capacity",
       147.617728e9},
      // Llama-70B fp8 on 8 H100, batch 4 x 1,000,000 tokens at fp16 KV (2 x 8 x 128 x 80 x 2 B
      // = 327,680 B per token): 70e9 + 4 x 327.68e9 = 1.381 TB > 687.2 GB.
      {"cap-llama70-long", "aggregate-output", "100 tok/s",
       kLlamaH100x8 + "\nkv_precision = \"fp16\"",
       kPrivateKv + "batch = 4\ninput_tokens = 1000000\noutput_tokens = 64\n" + kNoSpec, "capacity",
       1380.72e9},
      // Every expert resident: 96e9 routed params at mxfp4 (4.25 bits) = 51 GB + 4e9 shared
      // bf16 = 8 GB: 59 GB > a 48 GiB part (51.5 GB).
      {"cap-moe-all-experts", "per-user-decode", "50 tok/s",
       "model = \"moe-mixed\"\nprecision = \"mxfp4\"\nhardware = \"L\"\naccelerators = "
       "[\"l48\"]\naccelerator_count = 1",
       "batch = 1\ninput_tokens = 128\noutput_tokens = 128\n" + kNoSpec, "capacity", 59e9},

      // ---- kv-roof ----
      // The issue's example: 64 x 1555e9 / (13.4e9 + 64 x 2.097152e9) = 674.1 tok/s; 3000 is
      // 445%. (Weights only: 64 x 116.0 = 7427 tok/s, 40%.)
      {"kv-mpt-b64-4k", "aggregate-output", "3000 tok/s", kMptA100Fp16Kv,
       kPrivateKv + "batch = 64\ninput_tokens = 4000\noutput_tokens = 64\nspeculative = false",
       "kv-roof", 674.1738},
      // Per-user at batch 32 with 8000 tokens: 1555e9 / (13.4e9 + 32 x 4.194304e9) = 10.53
      // tok/s; 80 tok/s (69% of the weights-only 116.0) is 760%.
      {"kv-mpt-peruser-b32-8k", "per-user-decode", "80 tok/s", kMptA100Fp16Kv,
       kPrivateKv + "batch = 32\ninput_tokens = 8000\noutput_tokens = 64\nspeculative = false",
       "kv-roof", 10.53397},
      // Long context at batch 1, KV not stated (engine vllm: 4-bit elements, the smallest):
      // 2 x 8 x 128 x 80 x 0.5 B = 81,920 B per token x 128,000 = 10.49 GB; 26.8e12 /
      // (70e9 + 10.486e9) = 333.0 tok/s. 360 tok/s is 94% of the weights-only 382.9.
      {"kv-llama70-128k", "per-user-decode", "360 tok/s", kLlamaH100x8,
       "batch = 1\ninput_tokens = 128000\noutput_tokens = 64\nspeculative = false", "kv-roof",
       332.9782},
      // Batch unknown: as B grows the roof tends to n x BW / KV(I) = 1555e9 / 2.097152e9 =
      // 741.5 tok/s; 1000 tok/s aggregate is 135%. (The memory roof needs a batch.)
      {"kv-mpt-saturated", "aggregate-output", "1000 tok/s", kMptA100Fp16Kv,
       kPrivateKv +
           "batch = { absent = \"continuous batching\" }\ninput_tokens = 4000\noutput_tokens = 64\n"
           "speculative = false",
       "kv-roof", 741.4818},
      // A concurrency cap may loosen: 32 x 1555e9 / (13.4e9 + 32 x 2.097152e9) = 618.1 tok/s;
      // 800 tok/s is 129% (weights only: 3712 tok/s).
      {"kv-mpt-conc32", "aggregate-output", "800 tok/s", kMptA100Fp16Kv,
       kPrivateKv +
           "concurrency = 32\ninput_tokens = 4000\noutput_tokens = 64\nspeculative = false",
       "kv-roof", 618.0686},
      // Sliding windows hold at most their window: a 7.24e9-param model, all 32 layers with a
      // 4096 window, fp16 KV: 2 B x 2 x 8 x 128 x 32 x 4096 = 536.9 MB per sequence at 32000
      // tokens; 64 x 1555e9 / (14.48e9 + 64 x 536.87e6) = 2037.7 tok/s; 2500 is 123%.
      {"kv-sliding-b64", "aggregate-output", "2500 tok/s",
       "model = \"slider\"\nprecision = \"fp16\"\nkv_precision = \"fp16\"\nhardware = \"A100\"\n"
       "accelerators = [\"a100\"]\naccelerator_count = 1",
       kPrivateKv + "batch = 64\ninput_tokens = 32000\noutput_tokens = 64\nspeculative = false",
       "kv-roof", 2037.685},
      // MLA caches one 576-element latent per token per layer: 61 x 576 x 1 B (fp8 KV) =
      // 35,136 B per token x 128,000 = 4.497 GB; 37e9 active params at fp8; 8 H200 (4800
      // GB/s): 38.4e12 / (37e9 + 4.497e9) = 925.4 tok/s; 1000 is 108% (weights only: 1037.8).
      {"kv-mla-128k", "per-user-decode", "1000 tok/s",
       "model = \"mla\"\nprecision = \"fp8\"\nkv_precision = \"fp8\"\nhardware = \"8x H200\"\n"
       "accelerators = [\"h200\"]\naccelerator_count = 8",
       "batch = 1\ninput_tokens = 128000\noutput_tokens = 64\nspeculative = false", "kv-roof",
       925.359},
      // Per-component bytes: 4e9 shared params at bf16 (8 GB) + 96e9 x 4 / 64 routed params at
      // mxfp4 (6e9 x 0.53125 = 3.188 GB) = 11.19 GB per token; on one B200 (8000 GB/s):
      // 715.0 tok/s, so 1000 tok/s is 140%. Scaling the 60 GB file by active / total
      // (10e9 / 100e9) gives 6 GB and a roof of 1333 tok/s: 75%, a pass. (The model states no
      // embedding table, tied or not, so memory-roof cannot take the idle experts off the file:
      // 60e9 - 96e9 x 60/64 x 0.53125 would give 12.19 GB and catch it there.)
      {"comp-mixed-precision", "per-user-decode", "1000 tok/s",
       "model = \"moe-mixed\"\nprecision = \"mxfp4\"\nweights = \"60 GB\"\nhardware = \"B200\"\n"
       "accelerators = [\"b200\"]\naccelerator_count = 1",
       "batch = 1\ninput_tokens = 0\noutput_tokens = 128\nspeculative = false", "kv-roof",
       715.0838},

      // ---- kv-floor ----
      // (13.4e9 + 64 x 2.097152e9) / 1555e9 = 94.93 ms; a 20 ms TPOT is 475% of... below it.
      {"kvtpot-mpt-b64-4k", "tpot", "20 ms", kMptA100Fp16Kv,
       kPrivateKv + "batch = 64\ninput_tokens = 4000\noutput_tokens = 64\nspeculative = false",
       "kv-floor", 94.93101},
      // Llama-70B fp8 on 8 H100 at 128k tokens: (70e9 + 10.486e9) / 26.8e12 = 3.003 ms; 2.7 ms
      // is above the weights-only 2.612 ms but below this floor.
      {"kvtpot-llama70-128k", "tpot", "2.7 ms", kLlamaH100x8,
       "batch = 1\ninput_tokens = 128000\noutput_tokens = 64\nspeculative = false", "kv-floor",
       3.0032},

      // ---- spec-roof and spec-floor ----
      // k = 4: 5 x 26.8e12 / 70e9 = 1914.3 tok/s per user; 2000 is 104.5%.
      {"spec-llama70-k4", "per-user-decode", "2000 tok/s", kLlamaH100x8,
       "batch = 1\ninput_tokens = 512\noutput_tokens = 256\nspeculative = { method = "
       "\"eagle3\", draft_tokens = 4 }",
       "spec-roof", 1914.286},
      // k = 2 on MPT-7B: 3 x 1555e9 / 13.4e9 = 348.1 tok/s; 400 is 115%.
      {"spec-mpt-k2", "per-user-decode", "400 tok/s", kMptA100,
       "batch = 1\ninput_tokens = 512\noutput_tokens = 256\nspeculative = { method = "
       "\"medusa\", draft_tokens = 2 }",
       "spec-roof", 348.1343},
      // A separate draft model (6.7e9 params, at 4 bits at least 3.35 GB) with k = 8 on one
      // H100: 9 x 3350e9 / (13.4e9 + 3.35e9) = 1800 tok/s; 1900 is 105.6%.
      {"spec-draft-model-k8", "per-user-decode", "1900 tok/s",
       "model = \"mpt-7b\"\nprecision = \"fp16\"\nhardware = \"H100\"\naccelerators = "
       "[\"h100\"]\naccelerator_count = 1",
       "batch = 1\ninput_tokens = 512\noutput_tokens = 256\nspeculative = { method = "
       "\"draft-model\", draft_tokens = 8, draft_model = \"mpt-7b\" }",
       "spec-roof", 1800.0},
      // Aggregate at batch 8 with k = 3: 8 x 4 x 1555e9 / 13.4e9 = 3713.4 tok/s; 4000 is 108%.
      {"spec-mpt-b8-k3", "aggregate-output", "4000 tok/s", kMptA100,
       "batch = 8\ninput_tokens = 512\noutput_tokens = 256\nspeculative = { method = "
       "\"eagle\", draft_tokens = 3 }",
       "spec-roof", 3713.433},
      // TPOT with k = 4: 70e9 / 26.8e12 / 5 = 0.5224 ms; 0.4 ms is below it.
      {"specfloor-llama70-k4", "tpot", "0.4 ms", kLlamaH100x8,
       "batch = 1\ninput_tokens = 512\noutput_tokens = 256\nspeculative = { method = "
       "\"eagle3\", draft_tokens = 4 }",
       "spec-floor", 0.5223881},
  };
}

class PlantedTest : public ::testing::Test {
 protected:
  PlantedTest() {
    corpus_.Add(RecordKind::kSource, kPlantedSource)
        .Add(RecordKind::kAccelerator,
             Part("a100", "40 GB", "1555 GB/s", "fp16 = \"312 TFLOPS\"\nbf16 = \"312 TFLOPS\""))
        .Add(RecordKind::kAccelerator,
             Part("h100", "80 GiB", "3350 GB/s",
                  "bf16 = \"989 TFLOPS\"\nfp16 = \"989 TFLOPS\"\nfp8 = \"1979 TFLOPS\""))
        .Add(RecordKind::kAccelerator,
             Part("h200", "141 GiB", "4800 GB/s", "bf16 = \"989 TFLOPS\"\nfp8 = \"1979 TFLOPS\""))
        .Add(RecordKind::kAccelerator,
             Part("b200", "180 GiB", "8000 GB/s",
                  "bf16 = \"2250 TFLOPS\"\nfp8 = \"4500 TFLOPS\"\nfp4 = \"9000 TFLOPS\""))
        .Add(RecordKind::kAccelerator, Part("l48", "48 GiB", "864 GB/s", "fp4 = \"733 TFLOPS\""))
        .Add(RecordKind::kModel, ModelToml("mpt-7b",
                                           "params_total = 6.7e9\nlayers = 32\nkv_heads = 32\n"
                                           "head_dim = 128\ntied_embeddings = true\n"))
        .Add(RecordKind::kModel,
             ModelToml("mixtral",
                       "params_total = 46.7e9\nparams_active = 12.9e9\nlayers = 32\n"
                       "kv_heads = 8\nhead_dim = 128\ntied_embeddings = true\n"))
        .Add(RecordKind::kModel, ModelToml("llama-70b",
                                           "params_total = 70e9\nlayers = 80\nkv_heads = 8\n"
                                           "head_dim = 128\ntied_embeddings = true\n"))
        .Add(RecordKind::kModel,
             ModelToml("slider",
                       "params_total = 7.24e9\nlayers = 32\nkv_heads = 8\nhead_dim = 128\n"
                       "sliding_window = 4096\nsliding_window_layers = 32\n"
                       "tied_embeddings = true\n"))
        .Add(RecordKind::kModel,
             ModelToml("mla",
                       "params_total = 671e9\nparams_active = 37e9\nlayers = 61\n"
                       "kv_heads = 128\nhead_dim = 128\nkv_latent_dim = 576\n"
                       "tied_embeddings = true\n"))
        .Add(RecordKind::kModel,
             ModelToml("moe-mixed",
                       "params_total = 100e9\nparams_active = 10e9\nlayers = 24\nkv_heads = 8\n"
                       "head_dim = 64\nexperts = 64\nexperts_per_token = 4\n"
                       "params_routed_experts = 96e9\nexperts_precision = \"mxfp4\"\n"
                       "shared_precision = \"bf16\"\n"));
    for (const Planted& p : Claims()) corpus_.Add(RecordKind::kBenchmark, Bench(p));
  }
  TestCorpus corpus_;
};

TEST_F(PlantedTest, AtLeastTwentyClaims) { EXPECT_GE(Claims().size(), 20u); }

TEST_F(PlantedTest, EachIsCaughtByItsInstrumentAsAnError) {
  SweepResult s = Sweep(corpus_.Build());
  for (const Planted& p : Claims()) {
    SCOPED_TRACE(p.id);
    const RecordAudit& a = AuditOf(s, p.id);
    // The weights-only memory roof lets every one of them through.
    for (const auto& r : a.roofs) {
      if (r.instrument == "memory-roof" || r.instrument == "compute-roof" ||
          r.instrument == "tpot-floor") {
        EXPECT_NE(r.verdict, Verdict::kExceeds) << r.instrument << " " << r.arithmetic;
      }
    }
    const Finding* caught = nullptr;
    for (const Finding& f : s.findings) {
      if (f.record == p.id && f.instrument == p.instrument) caught = &f;
    }
    ASSERT_NE(caught, nullptr) << "not caught by " << p.instrument;
    EXPECT_EQ(caught->severity, Severity::kError) << caught->code << ": " << caught->message;
    if (p.instrument == "capacity") {
      // With `offload = false` stated, nothing rests on an assumption: the error.
      EXPECT_EQ(caught->code, CodeName(FindingCode::kExceedsCapacity)) << p.id;
      // The arithmetic starts with the bytes that must be resident.
      EXPECT_NE(caught->arithmetic.find("B needed"), std::string::npos) << caught->arithmetic;
      for (const auto& c : a.checks) {
        if (c.instrument == "capacity") {
          EXPECT_EQ(c.verdict, Verdict::kFail);
        }
      }
      continue;
    }
    const InstrumentResult* r = nullptr;
    for (const auto& x : a.roofs) {
      if (x.instrument == p.instrument) r = &x;
    }
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->verdict, Verdict::kExceeds);
    EXPECT_NEAR(r->bound, p.bound, std::fabs(p.bound) * 1e-3) << r->arithmetic << "; " << r->reason;
  }
}

TEST_F(PlantedTest, CapacityNeedsCheckedByHand) {
  // The capacity arithmetic for two entries, to the byte count the check prints.
  SweepResult s = Sweep(corpus_.Build());
  int seen = 0;  // both findings must exist: a missing one must fail, not pass vacuously
  for (const Finding& f : s.findings) {
    if (f.record == "cap-mixtral-1xh100" && f.instrument == "capacity") {
      ++seen;
      EXPECT_NE(f.arithmetic.find("93.4 GB weights"), std::string::npos) << f.arithmetic;
    }
    if (f.record == "cap-mpt-b64-4k" && f.instrument == "capacity") {
      ++seen;
      EXPECT_NE(f.arithmetic.find("+ 64 x 2.097 GB KV"), std::string::npos) << f.arithmetic;
    }
  }
  EXPECT_EQ(seen, 2);
}

TEST_F(PlantedTest, UnstatedOffloadMakesACapacityFailureAWarning) {
  // The same Mixtral run without `offload = false`: the weights may have lived in host memory.
  corpus_.Add(RecordKind::kBenchmark,
              Bench({"cap-unstated", "per-user-decode", "10 tok/s",
                     "model = \"mixtral\"\nprecision = \"bf16\"\nhardware = \"H100\"\n"
                     "accelerators = [\"h100\"]\naccelerator_count = 1",
                     "batch = 1\ninput_tokens = 128\noutput_tokens = 128\nspeculative = false",
                     "capacity", 0}));
  SweepResult s = Sweep(corpus_.Build());
  bool warned = false;
  for (const Finding& f : s.findings) {
    if (f.record == "cap-unstated" && f.instrument == "capacity") {
      EXPECT_EQ(f.severity, Severity::kWarning);
      EXPECT_EQ(f.code, "exceeds-capacity-assuming");
      warned = true;
    }
  }
  EXPECT_TRUE(warned);
}

TEST_F(PlantedTest, SpeculationWithoutDraftLengthIsNotComputable) {
  corpus_.Add(RecordKind::kBenchmark,
              Bench({"spec-no-k", "per-user-decode", "300 tok/s", kMptA100,
                     "batch = 1\ninput_tokens = 512\noutput_tokens = 256\nspeculative = { method "
                     "= \"eagle3\" }",
                     "spec-roof", 0}));
  SweepResult s = Sweep(corpus_.Build());
  const RecordAudit& a = AuditOf(s, "spec-no-k");
  for (const auto& r : a.roofs) {
    if (r.instrument == "spec-roof") {
      EXPECT_EQ(r.verdict, Verdict::kNotComputable);
      EXPECT_NE(r.reason.find("without draft_tokens"), std::string::npos) << r.reason;
    }
  }
}

}  // namespace
}  // namespace rooflint
