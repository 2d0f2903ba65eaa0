// Honest runs as the world writes them (issue 8): each states a serving condition, or leaves a
// fact unstated, that a careless roof would turn into a false "exceeds". Each test gives its
// hand arithmetic; none may be flagged with an error, and each bound says what it used.
#include <gtest/gtest.h>

#include <string>

#include "rooflint/audit.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::AuditOf;
using testing::RoofFindings;
using testing::RoofOf;
using testing::TestCorpus;

constexpr char kSource[] = R"(id = "s"
title = "t"
publisher = "p"
url = "https://example.org"
date = 2026-01-01
kind = "paper"
)";

std::string Part(const std::string& id, const std::string& name, const std::string& memory,
                 const std::string& bandwidth, const std::string& peaks,
                 const std::string& extra = "") {
  return "id = \"" + id + "\"\nname = \"" + name + "\"\nvendor = \"V\"\nform_factor = \"" +
         (extra.find("superchip") != std::string::npos ? "superchip" : "pcie") +
         "\"\naliases = []\nmemory = \"" + memory + "\"\nbandwidth = \"" + bandwidth + "\"\n" +
         (extra.find("gpus_per_package") != std::string::npos ? extra + "\n" : "") +
         "[peak_dense]\n" + peaks +
         "\n[sources]\nmemory = \"s\"\nbandwidth = \"s\"\npeak_dense = \"s\"\n";
}

std::string Model(const std::string& id, const std::string& params, const std::string& extra) {
  return "id = \"" + id + "\"\nname = \"" + id + "\"\naliases = []\nparams_total = " + params +
         "\nlayers = 32\nkv_heads = 8\nhead_dim = 128\nnative_precision = \"bf16\"\nsource = "
         "\"s\"\n" +
         extra;
}

// A benchmark: `top` holds model, precision, weights, hardware, pointer and count lines.
std::string Bench(const std::string& id, const std::string& metric, const std::string& value,
                  const std::string& top, const std::string& conditions) {
  return "id = \"" + id + "\"\ntitle = \"t\"\nmetric = \"" + metric + "\"\nvalue = \"" + value +
         "\"\n" + top + "\nsource = \"s\"\nlocator = \"l\"\n\n[conditions]\n" + conditions +
         "\nengine = \"e\"\nengine_version = { absent = \"x\" }\nwarmup = { absent = \"x\" }\n"
         "scenario = { absent = \"x\" }\n";
}

class RealClaims : public ::testing::Test {
 protected:
  RealClaims() {
    corpus_.Add(RecordKind::kSource, kSource)
        .Add(RecordKind::kAccelerator,
             Part("a100", "Test A100 40GB", "40 GB", "1555 GB/s",
                  "fp32 = \"19.5 TFLOPS\"\ntf32 = \"156 TFLOPS\"\nfp16 = \"312 TFLOPS\"\n"
                  "bf16 = \"312 TFLOPS\""))
        .Add(RecordKind::kAccelerator,
             Part("geforce", "Test GeForce 4090", "24 GB", "1008 GB/s",
                  "fp16 = \"165.2 TFLOPS\"\nfp16_acc16 = \"330.3 TFLOPS\""))
        .Add(RecordKind::kAccelerator,
             Part("h100", "Test H100 SXM", "80 GB", "3350 GB/s",
                  "bf16 = \"989 TFLOPS\"\nfp16 = \"989 TFLOPS\"\nfp8 = \"1979 TFLOPS\""))
        .Add(RecordKind::kAccelerator,
             Part("gb200", "NVIDIA GB200", "186 GB", "8000 GB/s", "bf16 = \"2500 TFLOPS\"",
                  "gpus_per_package = 2 # superchip"))
        .Add(RecordKind::kModel, Model("mpt-7b", "6.7e9", "tied_embeddings = true\n"))
        .Add(RecordKind::kModel,
             Model("qwen-7b", "7.62e9", "embedding_params = 5.45e8\ntied_embeddings = false\n"))
        .Add(RecordKind::kModel, Model("llama-70b", "70e9", ""));
  }

  // Sweeps the corpus and expects no error finding at all.
  SweepResult SweepWithoutErrors() {
    SweepResult s = Sweep(corpus_.Build());
    for (const Finding& f : s.findings) {
      EXPECT_NE(f.severity, Severity::kError)
          << f.record << ": " << CodeName(f.code) << ": " << f.message;
    }
    return s;
  }

  TestCorpus corpus_;
};

constexpr char kMptOnA100[] =
    "model = \"mpt-7b\"\nprecision = \"fp16\"\nweights = \"14 GB\"\nhardware = \"A100\"\n"
    "accelerators = [\"a100\"]\naccelerator_count = 1";

TEST_F(RealClaims, SpeculationWithKDraftsIsNotCalledFasterThanPhysics) {
  // 1555e9 / 14e9 = 111.1 tok/s without speculation; with k = 4 a step may accept up to 5
  // tokens, so 200 tok/s per user is honest. The memory roof does not bound it (the
  // speculation bound of issue 9 will); the compute roof does: 312e12 / (2 x 6.7e9) =
  // 23283.6 tok/s, 0.9%.
  corpus_.Add(RecordKind::kBenchmark,
              Bench("spec", "per-user-decode", "200 tok/s", kMptOnA100,
                    "batch = 1\ninput_tokens = 512\noutput_tokens = 64\n"
                    "speculative = { method = \"eagle3\", draft_tokens = 4 }"));
  SweepResult s = SweepWithoutErrors();
  const RecordAudit& a = AuditOf(s, "spec");
  EXPECT_EQ(RoofOf(a, "memory-roof")->verdict, Verdict::kNotComputable);
  EXPECT_NEAR(RoofOf(a, "compute-roof")->percent, 200 / 23283.58 * 100, 0.01);
  EXPECT_TRUE(RoofFindings(s).empty());
}

TEST_F(RealClaims, ConcurrencyAboveTheServersBatchNeverTightensABound) {
  // A client capped at 256 in flight; the server's batch is not stated. Taken as a batch, the
  // per-user compute roof would be 312e12 / (2 x 6.7e9 x 256) = 90.95 tok/s and 100 tok/s
  // would be 110%; the TPOT compute term 256 x 2 x 6.7e9 / 312e12 = 11.0 ms would put a
  // 10 ms TPOT below its floor. Only the memory terms apply: 111.1 tok/s (90%), 9.0 ms.
  corpus_
      .Add(RecordKind::kBenchmark,
           Bench("conc-rate", "per-user-decode", "100 tok/s", kMptOnA100,
                 "concurrency = 256\ninput_tokens = 512\noutput_tokens = 64\n"
                 "speculative = false"))
      .Add(RecordKind::kBenchmark,
           Bench("conc-tpot", "tpot", "10 ms", kMptOnA100,
                 "concurrency = 256\ninput_tokens = 512\noutput_tokens = 64\n"
                 "speculative = false"));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "conc-rate"), "compute-roof");
  EXPECT_NEAR(compute->bound, 312e12 / (2 * 6.7e9), 0.01);
  const InstrumentResult* tpot = RoofOf(AuditOf(s, "conc-tpot"), "tpot-floor");
  EXPECT_NEAR(tpot->bound, 14e9 / 1555e9 * 1e3, 1e-9);
  EXPECT_EQ(tpot->verdict, Verdict::kWithin);
  EXPECT_TRUE(RoofFindings(s).empty());
}

TEST_F(RealClaims, PrefixCachingUnknownMakesThePrefillTermAWarningAndStatedCacheCountsOnly) {
  // 4000 input tokens: prefill 4000 x 2 x 6.7e9 / 312e12 = 171.8 ms; one weight pass 9.0 ms.
  // A 50 ms TTFT is honest with a prefix cache. Unstated caching: a warning naming the
  // assumption, not an error (50 ms is above the 9.0 ms assumption-free floor). With 3900
  // tokens cached: 100 x 2 x 6.7e9 / 312e12 = 4.3 ms, so the floor is max(9.0, 4.3) = 9.0 ms.
  corpus_
      .Add(RecordKind::kBenchmark,
           Bench("ttft-unknown", "ttft", "50 ms", kMptOnA100,
                 "batch = 1\ninput_tokens = 4000\noutput_tokens = 64\nspeculative = false"))
      .Add(RecordKind::kBenchmark,
           Bench("ttft-cached", "ttft", "50 ms", kMptOnA100,
                 "batch = 1\ninput_tokens = 4000\noutput_tokens = 64\nspeculative = false\n"
                 "prefix_cache = { cached_tokens = 3900 }"));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* unknown = RoofOf(AuditOf(s, "ttft-unknown"), "ttft-floor");
  EXPECT_NEAR(unknown->bound, 4000 * 2 * 6.7e9 / 312e12 * 1e3, 1e-6);
  EXPECT_NE(unknown->assumption.find("no prefix cache"), std::string::npos);
  const InstrumentResult* cached = RoofOf(AuditOf(s, "ttft-cached"), "ttft-floor");
  EXPECT_NEAR(cached->bound, 14e9 / 1555e9 * 1e3, 1e-9);
  EXPECT_EQ(cached->verdict, Verdict::kWithin);
  std::vector<Finding> f = RoofFindings(s);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].record, "ttft-unknown");
  EXPECT_EQ(f[0].severity, Severity::kWarning);
  EXPECT_EQ(CodeName(f[0].code), "below-floor-assuming");
}

TEST_F(RealClaims, GeForceFp16TakesTheFasterAccumulateRate) {
  // llama-bench pp512 of a 7B fp16 model: 14000 tok/s. At the FP32-accumulate rate the roof is
  // 165.2e12 / (2 x 6.7e9) = 12328.4 (113.6%); llama.cpp's cuBLAS path accumulates in FP16 at
  // 330.3e12: 24649.3 tok/s, 56.8%.
  corpus_.Add(RecordKind::kBenchmark,
              Bench("pp", "prefill", "14000 tok/s",
                    "model = \"mpt-7b\"\nprecision = \"fp16\"\ncompute_precision = \"fp16\"\n"
                    "weights = \"14 GB\"\nhardware = \"4090\"\naccelerators = [\"geforce\"]\n"
                    "accelerator_count = 1",
                    "batch = 1\ninput_tokens = 512\noutput_tokens = { absent = \"pp test\" }\n"
                    "speculative = false"));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "pp"), "compute-roof");
  EXPECT_NEAR(compute->bound, 330.3e12 / (2 * 6.7e9), 0.01);
  EXPECT_NE(compute->arithmetic.find("fp16_acc16"), std::string::npos) << compute->arithmetic;
}

TEST_F(RealClaims, Fp32WeightsAreMultipliedOnTensorCores) {
  // fp32 weights: at the fp32 rate the roof is 19.5e12 / (2 x 6.7e9) = 1455.2 tok/s, so a
  // 2000 tok/s prefill would be 137%; weights are cast down and run at fp16 312e12: 23283.6.
  corpus_.Add(RecordKind::kBenchmark,
              Bench("f32", "prefill", "2000 tok/s",
                    "model = \"mpt-7b\"\nprecision = \"fp32\"\nweights = \"26.8 GB\"\n"
                    "hardware = \"A100\"\naccelerators = [\"a100\"]\naccelerator_count = 1",
                    "batch = 1\ninput_tokens = 512\noutput_tokens = { absent = \"pp test\" }\n"
                    "speculative = false"));
  SweepResult s = SweepWithoutErrors();
  EXPECT_NEAR(RoofOf(AuditOf(s, "f32"), "compute-roof")->bound, 312e12 / (2 * 6.7e9), 0.01);
}

TEST_F(RealClaims, SuperchipPackagesAreCountedAsGpus) {
  // "2x GB200 Superchip" with the count unstated: two packages of two GPUs = 4 GPUs. A bf16
  // 70B at 40000 tok/s aggregate: 4 x 2500e12 / (2 x 70e9) = 71428.6 tok/s, 56%. With n = 2 it
  // would be 35714.3, and 112%.
  corpus_.Add(RecordKind::kBenchmark,
              Bench("gb", "aggregate-output", "40000 tok/s",
                    "model = \"llama-70b\"\nprecision = \"bf16\"\nhardware = \"2x GB200 "
                    "Superchip\"\naccelerators = [\"gb200\"]\naccelerator_count = { absent = "
                    "\"the source counts superchips\" }",
                    "batch = { absent = \"x\" }\ninput_tokens = 512\noutput_tokens = 64\n"
                    "speculative = false"));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "gb"), "compute-roof");
  EXPECT_NEAR(compute->bound, 4 * 2500e12 / (2 * 70e9), 0.01);
}

TEST_F(RealClaims, UntiedEmbeddingsAreNotStreamed) {
  // Qwen2.5-7B Q4_K_M, 4677120000 B stated, on a 1008 GB/s part. The untied input table
  // (545e6 params) is read one row per token, not streamed: at the file's own width (4.84 bits,
  // 0.605 B) W = 4.67712e9 - 0.329725e9 = 4.347395e9 B and the roof is 1008e9 / 4.347395e9 =
  // 231.9 tok/s, so 225 tok/s is 97.0%. With the whole file as W the roof would be 215.5 and
  // 225 tok/s 104.4%: a false error. Stored at 16 bits the table would leave W = 3.58712e9 B
  // (roof 281.0): that is the assumption-free bound the result carries.
  corpus_.Add(RecordKind::kBenchmark,
              Bench("emb", "per-user-decode", "225 tok/s",
                    "model = \"qwen-7b\"\nprecision = \"q4_k_m\"\nweights = \"4677120000 B\"\n"
                    "hardware = \"4080\"\naccelerators = [\"geforce\"]\naccelerator_count = 1",
                    "batch = 1\ninput_tokens = 512\noutput_tokens = 128\nspeculative = false"));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "emb"), "memory-roof");
  EXPECT_NEAR(mem->bound, 1008e9 / (4677120000.0 - 5.45e8 * 4.84 / 8), 1e-6);
  EXPECT_EQ(mem->verdict, Verdict::kWithin);
  EXPECT_NEAR(mem->assumption_free_bound, 1008e9 / (4677120000.0 - 5.45e8 * 2), 1e-6);
  EXPECT_NE(mem->assumption.find("input-embedding table"), std::string::npos);
  // P leaves the lookup-only table out too: 7.62e9 - 0.545e9 = 7.075e9.
  const InstrumentResult* compute = RoofOf(AuditOf(s, "emb"), "compute-roof");
  EXPECT_NEAR(compute->bound, 330.3e12 / (2 * 7.075e9), 0.01);
}

TEST_F(RealClaims, PastTheEmbeddingWidthAssumptionOnlyIsAWarning) {
  // 250 tok/s: past the 231.9 tok/s roof at the file's own width, within the 281.0 tok/s roof
  // with the table at 16 bits: a warning naming the assumption, not an error. 300 tok/s is past
  // both: an error.
  corpus_
      .Add(RecordKind::kBenchmark,
           Bench("between", "per-user-decode", "250 tok/s",
                 "model = \"qwen-7b\"\nprecision = \"q4_k_m\"\nweights = \"4677120000 B\"\n"
                 "hardware = \"4080\"\naccelerators = [\"geforce\"]\naccelerator_count = 1",
                 "batch = 1\ninput_tokens = 512\noutput_tokens = 128\nspeculative = false"))
      .Add(RecordKind::kBenchmark,
           Bench("beyond", "per-user-decode", "300 tok/s",
                 "model = \"qwen-7b\"\nprecision = \"q4_k_m\"\nweights = \"4677120000 B\"\n"
                 "hardware = \"4080\"\naccelerators = [\"geforce\"]\naccelerator_count = 1",
                 "batch = 1\ninput_tokens = 512\noutput_tokens = 128\nspeculative = false"));
  SweepResult s = Sweep(corpus_.Build());
  std::vector<Finding> f = RoofFindings(s);
  ASSERT_EQ(f.size(), 2u);
  for (const Finding& x : f) {
    if (x.record == "between") {
      EXPECT_EQ(x.severity, Severity::kWarning);
      EXPECT_EQ(CodeName(x.code), "exceeds-roof-assuming");
    } else {
      EXPECT_EQ(x.severity, Severity::kError);
      EXPECT_EQ(CodeName(x.code), "exceeds-roof");
      EXPECT_NE(x.message.find("even without assuming"), std::string::npos) << x.message;
    }
  }
}

TEST_F(RealClaims, UnknownCountMakesTheRoofsNotComputableNeverOne) {
  // An 87-GPU system with the count unstated: as 1 GPU, 24524.9 tok/s would be thousands of
  // percent of a one-part roof. Unknown n: no bound, with the reason.
  corpus_.Add(RecordKind::kBenchmark,
              Bench("count", "aggregate-output", "24524.9 tok/s",
                    "model = \"llama-70b\"\nprecision = \"fp8\"\nhardware = \"H100 cluster\"\n"
                    "accelerators = [\"h100\"]\naccelerator_count = { absent = \"the system "
                    "description is not published\" }",
                    "batch = { absent = \"x\" }\ninput_tokens = 512\noutput_tokens = 64\n"
                    "speculative = false"));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "count"), "compute-roof");
  EXPECT_EQ(compute->verdict, Verdict::kNotComputable);
  EXPECT_NE(compute->reason.find("accelerator count unknown"), std::string::npos)
      << compute->reason;
}

TEST_F(RealClaims, UnknownPrecisionTakesTheMostGenerousPeakAndNoWeightBytes) {
  // Llama-2-70B on 8 H100 at 70000 tok/s, precision unstated. Taken as bf16: 8 x 989e12 /
  // (2 x 70e9) = 56514.3 tok/s, 124%. The part's fastest dense peak is fp8 1979e12: 113085.7
  // tok/s, 61.9%. Without weights or precision there is no W, so no memory roof.
  corpus_.Add(RecordKind::kBenchmark,
              Bench("prec", "aggregate-output", "70000 tok/s",
                    "model = \"llama-70b\"\nprecision = { absent = \"not stated\" }\nhardware = "
                    "\"8x H100\"\naccelerators = [\"h100\"]\naccelerator_count = 8",
                    "batch = { absent = \"x\" }\ninput_tokens = 512\noutput_tokens = 64\n"
                    "speculative = false"));
  SweepResult s = SweepWithoutErrors();
  const RecordAudit& a = AuditOf(s, "prec");
  EXPECT_EQ(RoofOf(a, "memory-roof")->verdict, Verdict::kNotComputable);
  EXPECT_NE(RoofOf(a, "memory-roof")->reason.find("neither `weights` nor the precision"),
            std::string::npos);
  EXPECT_NEAR(RoofOf(a, "compute-roof")->bound, 8 * 1979e12 / (2 * 70e9), 0.01);
}

TEST_F(RealClaims, UnstatedSpeculationMakesAnExceedsAWarningNamingIt) {
  // 150 tok/s per user over the 111.1 tok/s roof, speculation not stated: the roof holds
  // only without speculation, so this is a warning that says so; stated false, an error.
  corpus_
      .Add(RecordKind::kBenchmark, Bench("unstated", "per-user-decode", "150 tok/s", kMptOnA100,
                                         "batch = 1\ninput_tokens = 512\noutput_tokens = 64"))
      .Add(RecordKind::kBenchmark,
           Bench("stated", "per-user-decode", "150 tok/s", kMptOnA100,
                 "batch = 1\ninput_tokens = 512\noutput_tokens = 64\nspeculative = false"));
  SweepResult s = Sweep(corpus_.Build());
  std::vector<Finding> f = RoofFindings(s);
  ASSERT_EQ(f.size(), 2u);
  for (const Finding& x : f) {
    if (x.record == "unstated") {
      EXPECT_EQ(x.severity, Severity::kWarning);
      EXPECT_EQ(CodeName(x.code), "exceeds-roof-assuming");
      EXPECT_NE(x.message.find("if no speculative decoding"), std::string::npos) << x.message;
    } else {
      EXPECT_EQ(x.severity, Severity::kError);
      EXPECT_EQ(CodeName(x.code), "exceeds-roof");
    }
  }
}

TEST_F(RealClaims, ACountInTheHardwareTextIsCrossCheckedAndFillsAnAbsentCount) {
  // "8x H100" with accelerator_count absent: n = 8 from the text. With accelerator_count = 4
  // the two disagree: a warning.
  corpus_
      .Add(RecordKind::kBenchmark,
           Bench("from-text", "aggregate-output", "20000 tok/s",
                 "model = \"llama-70b\"\nprecision = \"fp8\"\nhardware = \"8x Test H100 SXM\"\n"
                 "accelerators = [\"h100\"]\naccelerator_count = { absent = \"x\" }",
                 "batch = { absent = \"x\" }\ninput_tokens = 512\noutput_tokens = 64\n"
                 "speculative = false"))
      .Add(RecordKind::kBenchmark,
           Bench("disagree", "aggregate-output", "20000 tok/s",
                 "model = \"llama-70b\"\nprecision = \"fp8\"\nhardware = \"8x Test H100 SXM\"\n"
                 "accelerators = [\"h100\"]\naccelerator_count = 4",
                 "batch = { absent = \"x\" }\ninput_tokens = 512\noutput_tokens = 64\n"
                 "speculative = false"));
  SweepResult s = SweepWithoutErrors();
  EXPECT_NEAR(RoofOf(AuditOf(s, "from-text"), "compute-roof")->bound, 8 * 1979e12 / (2 * 70e9),
              0.01);
  bool warned = false;
  for (const Finding& f : s.findings) {
    if (f.record == "disagree" && f.code == FindingCode::kCountDisagrees) warned = true;
  }
  EXPECT_TRUE(warned);
  // n read from the text rests on the text counting accelerators (not machines): said.
  EXPECT_NE(RoofOf(AuditOf(s, "from-text"), "compute-roof")->assumption.find("hardware text"),
            std::string::npos);
}

TEST_F(RealClaims, ACountReadFromTheTextNeverMakesAnError) {
  // "Standard_ND96asr_v4 x 1" counts one VM of eight GPUs. With accelerator_count absent, n = 1
  // from the text would put 20000 tok/s at 8 x 1979e12 / (2 x 70e9) / 8 = 14137.1 tok/s, 141%:
  // a false error. The count is read, but a value past its bound is a warning naming it.
  corpus_.Add(RecordKind::kBenchmark,
              Bench("vm", "aggregate-output", "20000 tok/s",
                    "model = \"llama-70b\"\nprecision = \"fp8\"\nhardware = "
                    "\"Standard_ND96asr_v4 x 1\"\naccelerators = [\"h100\"]\n"
                    "accelerator_count = { absent = \"the source names the VM\" }",
                    "batch = { absent = \"x\" }\ninput_tokens = 512\noutput_tokens = 64\n"
                    "speculative = false"));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "vm"), "compute-roof");
  EXPECT_NEAR(compute->bound, 1979e12 / (2 * 70e9), 0.01);
  EXPECT_EQ(compute->verdict, Verdict::kExceeds);
  bool warned = false;
  for (const Finding& f : s.findings) {
    if (f.record == "vm" && f.code == FindingCode::kExceedsRoofAssuming) warned = true;
  }
  EXPECT_TRUE(warned);
}

}  // namespace
}  // namespace rooflint
