// Honest runs as the world writes them: each states a serving condition, or leaves a
// fact unstated, that a careless roof would turn into a false "exceeds". Each test gives its
// hand arithmetic; none may be flagged with an error, and each bound says what it used.
#include <gtest/gtest.h>

#include <string>

#include "fixtures.h"
#include "rooflint/audit.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::Absent;
using testing::AuditOf;
using testing::BenchRecord;
using testing::PartRecord;
using testing::PointTo;
using testing::Raw;
using testing::RoofFindings;
using testing::RoofOf;
using testing::TestCorpus;

constexpr char kSourceToml[] = R"(id = "s"
title = "t"
publisher = "p"
url = "https://example.org"
date = 2026-01-01
kind = "paper"
)";

// A test part by vendor V citing source s.
std::string Part(PartRecord p) {
  p.vendor = "V";
  p.memory_source = "s";
  p.bandwidth_source = "s";
  p.peak_dense_source = "s";
  return p.Toml();
}

std::string ModelToml(const std::string& id, const std::string& params, const std::string& extra) {
  return "id = \"" + id + "\"\nname = \"" + id + "\"\naliases = []\nparams_total = " + params +
         "\nlayers = 32\nkv_heads = 8\nhead_dim = 128\nnative_precision = \"bf16\"\nsource = "
         "\"s\"\n" +
         extra;
}

// A benchmark as this corpus writes them: citing source s, with no status and the scenario
// absent.
std::string Claim(BenchRecord b) {
  b.status = std::nullopt;
  b.source = "s";
  b.locator = "l";
  b.scenario = Absent("x");
  return b.Toml();
}

// A claim on MPT-7B in fp16 (14 GB) on one test A100.
std::string MptOnA100(BenchRecord b) {
  b.hardware = "A100";
  b.pointer = PointTo({"a100"});
  return Claim(b);
}

// A claim on Qwen2.5-7B Q4_K_M (4677120000 B stated) on the GeForce, 128 output tokens.
std::string QwenOnGeForce(BenchRecord b) {
  b.model = "qwen-7b";
  b.precision = "q4_k_m";
  b.weights = "4677120000 B";
  b.hardware = "4080";
  b.pointer = PointTo({"geforce"});
  b.output_tokens = 128;
  return Claim(b);
}

// An aggregate claim on Llama-70B on test H100s, the batch absent; a test states the precision,
// the hardware text and the count.
std::string LlamaOnH100(BenchRecord b) {
  b.metric = "aggregate-output";
  b.model = "llama-70b";
  b.weights = std::nullopt;
  b.pointer = PointTo({"h100"});
  b.batch = Absent("x");
  return Claim(b);
}

class RealClaims : public ::testing::Test {
 protected:
  RealClaims() {
    corpus_.Add(RecordKind::kSource, kSourceToml)
        .Add(RecordKind::kAccelerator,
             Part({.id = "a100",
                   .name = "Test A100 40GB",
                   .form_factor = "pcie",
                   .peaks = "fp32 = \"19.5 TFLOPS\"\ntf32 = \"156 TFLOPS\"\nfp16 = \"312 TFLOPS\"\n"
                            "bf16 = \"312 TFLOPS\""}))
        .Add(RecordKind::kAccelerator,
             Part({.id = "geforce",
                   .name = "Test GeForce 4090",
                   .form_factor = "pcie",
                   .memory = "24 GB",
                   .bandwidth = "1008 GB/s",
                   .peaks = "fp16 = \"165.2 TFLOPS\"\nfp16_acc16 = \"330.3 TFLOPS\""}))
        .Add(RecordKind::kAccelerator,
             Part({.id = "h100",
                   .name = "Test H100 SXM",
                   .form_factor = "pcie",
                   .memory = "80 GB",
                   .bandwidth = "3350 GB/s",
                   .peaks = "bf16 = \"989 TFLOPS\"\nfp16 = \"989 TFLOPS\"\nfp8 = \"1979 TFLOPS\""}))
        .Add(RecordKind::kAccelerator, Part({.id = "gb200",
                                             .name = "NVIDIA GB200",
                                             .form_factor = "superchip",
                                             .memory = "186 GB",
                                             .bandwidth = "8000 GB/s",
                                             .extra = "gpus_per_package = 2",
                                             .peaks = "bf16 = \"2500 TFLOPS\""}))
        .Add(RecordKind::kModel, ModelToml("mpt-7b", "6.7e9", "tied_embeddings = true\n"))
        .Add(RecordKind::kModel,
             ModelToml("qwen-7b", "7.62e9", "embedding_params = 5.45e8\ntied_embeddings = false\n"))
        .Add(RecordKind::kModel, ModelToml("llama-70b", "70e9", ""));
  }

  // Sweeps the corpus and expects no error finding at all.
  SweepResult SweepWithoutErrors() {
    SweepResult s = Sweep(corpus_.Build());
    for (const Finding& f : s.findings) {
      EXPECT_NE(f.severity, Severity::kError) << f.record << ": " << f.code << ": " << f.message;
    }
    return s;
  }

  TestCorpus corpus_;
};

TEST_F(RealClaims, SpeculationWithKDraftsIsNotCalledFasterThanPhysics) {
  // 1555e9 / 14e9 = 111.1 tok/s without speculation; with k = 4 a step may accept up to 5
  // tokens, so 200 tok/s per user is honest. The memory roof does not bound it (the
  // speculation roof does); the compute roof does: 312e12 / (2 x 6.7e9) =
  // 23283.6 tok/s, 0.9%.
  corpus_.Add(RecordKind::kBenchmark,
              MptOnA100({.id = "spec",
                         .value = "200 tok/s",
                         .speculative = Raw("{ method = \"eagle3\", draft_tokens = 4 }")}));
  SweepResult s = SweepWithoutErrors();
  const RecordAudit& a = AuditOf(s, "spec");
  EXPECT_EQ(RoofOf(a, "memory-roof")->verdict, Verdict::kNotComputable);
  EXPECT_NEAR(RoofOf(a, "compute-roof")->percent, 0.86, 0.01);  // 200 / 23283.58 = 0.86%
  EXPECT_TRUE(RoofFindings(s).empty());
}

TEST_F(RealClaims, ConcurrencyAboveTheServersBatchNeverTightensABound) {
  // A client capped at 256 in flight; the server's batch is not stated. Taken as a batch, the
  // per-user compute roof would be 312e12 / (2 x 6.7e9 x 256) = 90.95 tok/s and 100 tok/s
  // would be 110%; the TPOT compute term 256 x 2 x 6.7e9 / 312e12 = 11.0 ms would put a
  // 10 ms TPOT below its floor. Only the memory terms apply: 111.1 tok/s (90%), 9.0 ms.
  corpus_
      .Add(
          RecordKind::kBenchmark,
          MptOnA100(
              {.id = "conc-rate", .value = "100 tok/s", .batch = std::nullopt, .concurrency = 256}))
      .Add(RecordKind::kBenchmark, MptOnA100({.id = "conc-tpot",
                                              .metric = "tpot",
                                              .value = "10 ms",
                                              .batch = std::nullopt,
                                              .concurrency = 256}));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "conc-rate"), "compute-roof");
  EXPECT_NEAR(compute->bound, 23283.582, 0.01);  // 312e12 / (2 x 6.7e9) = 23283.582
  const InstrumentResult* tpot = RoofOf(AuditOf(s, "conc-tpot"), "tpot-floor");
  EXPECT_NEAR(tpot->bound, 9.003215434084, 1e-9);  // 14e9 / 1555e9 = 9.003215434084 ms
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
           MptOnA100(
               {.id = "ttft-unknown", .metric = "ttft", .value = "50 ms", .input_tokens = 4000}))
      .Add(RecordKind::kBenchmark,
           MptOnA100({.id = "ttft-cached",
                      .metric = "ttft",
                      .value = "50 ms",
                      .conditions = "prefix_cache = { cached_tokens = 3900 }",
                      .input_tokens = 4000}));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* unknown = RoofOf(AuditOf(s, "ttft-unknown"), "ttft-floor");
  EXPECT_NEAR(unknown->bound, 171.79487179, 1e-6);  // 4000 x 2 x 6.7e9 / 312e12 s
  EXPECT_NE(unknown->assumption.find("no prefix cache"), std::string::npos);
  const InstrumentResult* cached = RoofOf(AuditOf(s, "ttft-cached"), "ttft-floor");
  EXPECT_NEAR(cached->bound, 9.003215434084, 1e-9);  // 14e9 / 1555e9 s
  EXPECT_EQ(cached->verdict, Verdict::kWithin);
  std::vector<Finding> f = RoofFindings(s);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].record, "ttft-unknown");
  EXPECT_EQ(f[0].severity, Severity::kWarning);
  EXPECT_EQ(f[0].code, "below-floor-assuming");
}

TEST_F(RealClaims, GeForceFp16TakesTheFasterAccumulateRate) {
  // llama-bench pp512 of a 7B fp16 model: 14000 tok/s. At the FP32-accumulate rate the roof is
  // 165.2e12 / (2 x 6.7e9) = 12328.4 (113.6%); llama.cpp's cuBLAS path accumulates in FP16 at
  // 330.3e12: 24649.3 tok/s, 56.8%.
  corpus_.Add(RecordKind::kBenchmark, Claim({.id = "pp",
                                             .metric = "prefill",
                                             .value = "14000 tok/s",
                                             .compute_precision = "fp16",
                                             .hardware = "4090",
                                             .pointer = PointTo({"geforce"}),
                                             .output_tokens = Absent("pp test")}));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "pp"), "compute-roof");
  EXPECT_NEAR(compute->bound, 24649.254, 0.01);  // 330.3e12 / (2 x 6.7e9) = 24649.254
  EXPECT_NE(ArithmeticText(*compute).find("fp16_acc16"), std::string::npos)
      << ArithmeticText(*compute);
}

TEST_F(RealClaims, Fp32WeightsAreMultipliedOnTensorCores) {
  // fp32 weights: at the fp32 rate the roof is 19.5e12 / (2 x 6.7e9) = 1455.2 tok/s, so a
  // 2000 tok/s prefill would be 137%; weights are cast down and run at fp16 312e12: 23283.6.
  corpus_.Add(RecordKind::kBenchmark, MptOnA100({.id = "f32",
                                                 .metric = "prefill",
                                                 .value = "2000 tok/s",
                                                 .precision = "fp32",
                                                 .weights = "26.8 GB",
                                                 .output_tokens = Absent("pp test")}));
  SweepResult s = SweepWithoutErrors();
  EXPECT_NEAR(RoofOf(AuditOf(s, "f32"), "compute-roof")->bound, 23283.582, 0.01);
}

TEST_F(RealClaims, SuperchipPackagesAreCountedAsGpus) {
  // "2x GB200 Superchip" with the count unstated: two packages of two GPUs = 4 GPUs. A bf16
  // 70B at 40000 tok/s aggregate: 4 x 2500e12 / (2 x 70e9) = 71428.6 tok/s, 56%. With n = 2 it
  // would be 35714.3, and 112%.
  corpus_.Add(RecordKind::kBenchmark,
              Claim({.id = "gb",
                     .metric = "aggregate-output",
                     .value = "40000 tok/s",
                     .model = "llama-70b",
                     .precision = "bf16",
                     .weights = std::nullopt,
                     .hardware = "2x GB200 Superchip",
                     .pointer = PointTo({"gb200"}),
                     .accelerator_count = Absent("the source counts superchips"),
                     .batch = Absent("x")}));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "gb"), "compute-roof");
  EXPECT_NEAR(compute->bound, 71428.571, 0.01);  // 4 x 2500e12 / (2 x 70e9) = 71428.571
}

TEST_F(RealClaims, UntiedEmbeddingsAreNotStreamed) {
  // Qwen2.5-7B Q4_K_M, 4677120000 B stated, on a 1008 GB/s part. The untied input table
  // (545e6 params) is read one row per token, not streamed: at the file's own width (4.84 bits,
  // 0.605 B) W = 4.67712e9 - 0.329725e9 = 4.347 GB and the roof is 1008e9 / 4.347395e9 =
  // 231.9 tok/s, so 225 tok/s is 97.0%. With the whole file as W the roof would be 215.5 and
  // 225 tok/s 104.4%: a false error. Stored at 16 bits the table would leave W = 3.587 GB
  // (roof 281.0): that is the assumption-free bound the result carries.
  corpus_.Add(RecordKind::kBenchmark, QwenOnGeForce({.id = "emb", .value = "225 tok/s"}));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "emb"), "memory-roof");
  EXPECT_NEAR(mem->bound, 231.86298922, 1e-6);  // 1008e9 / 4.347 GB
  EXPECT_EQ(mem->verdict, Verdict::kWithin);
  EXPECT_NEAR(mem->assumption_free_bound, 281.00537479, 1e-6);  // 1008e9 / 3.587 GB
  EXPECT_NE(mem->assumption.find("input-embedding table"), std::string::npos);
  // P leaves the lookup-only table out too: 7.62e9 - 0.545e9 = 7.075e9.
  const InstrumentResult* compute = RoofOf(AuditOf(s, "emb"), "compute-roof");
  EXPECT_NEAR(compute->bound, 23342.756, 0.01);  // 330.3e12 / (2 x 7.075e9) = 23342.756
}

TEST_F(RealClaims, PastTheEmbeddingWidthAssumptionOnlyIsAWarning) {
  // 250 tok/s: past the 231.9 tok/s roof at the file's own width, within the 281.0 tok/s roof
  // with the table at 16 bits: a warning naming the assumption, not an error. 300 tok/s is past
  // both: an error.
  corpus_.Add(RecordKind::kBenchmark, QwenOnGeForce({.id = "between", .value = "250 tok/s"}))
      .Add(RecordKind::kBenchmark, QwenOnGeForce({.id = "beyond", .value = "300 tok/s"}));
  SweepResult s = Sweep(corpus_.Build());
  std::vector<Finding> f = RoofFindings(s);
  ASSERT_EQ(f.size(), 2u);
  for (const Finding& x : f) {
    if (x.record == "between") {
      EXPECT_EQ(x.severity, Severity::kWarning);
      EXPECT_EQ(x.code, "exceeds-roof-assuming");
    } else {
      EXPECT_EQ(x.severity, Severity::kError);
      EXPECT_EQ(x.code, "exceeds-roof");
      EXPECT_NE(x.message.find("even without assuming"), std::string::npos) << x.message;
    }
  }
}

TEST_F(RealClaims, UnknownCountMakesTheRoofsNotComputableNeverOne) {
  // An 87-GPU system with the count unstated: as 1 GPU, 24524.9 tok/s would be thousands of
  // percent of a one-part roof. Unknown n: no bound, with the reason.
  corpus_.Add(
      RecordKind::kBenchmark,
      LlamaOnH100({.id = "count",
                   .value = "24524.9 tok/s",
                   .precision = "fp8",
                   .hardware = "H100 cluster",
                   .accelerator_count = Absent("the system description is not published")}));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "count"), "compute-roof");
  EXPECT_EQ(compute->verdict, Verdict::kNotComputable);
  EXPECT_NE(AccountText(*compute).find("accelerator count unknown"), std::string::npos)
      << AccountText(*compute);
}

TEST_F(RealClaims, UnknownPrecisionTakesTheMostGenerousPeakAndNoWeightBytes) {
  // Llama-2-70B on 8 H100 at 70000 tok/s, precision unstated. Taken as bf16: 8 x 989e12 /
  // (2 x 70e9) = 56514.3 tok/s, 124%. The part's fastest dense peak is fp8 1979e12: 113085.7
  // tok/s, 61.9%. Without weights or precision there is no W, so no memory roof.
  corpus_.Add(RecordKind::kBenchmark, LlamaOnH100({.id = "prec",
                                                   .value = "70000 tok/s",
                                                   .precision = Absent("not stated"),
                                                   .hardware = "8x H100",
                                                   .accelerator_count = 8}));
  SweepResult s = SweepWithoutErrors();
  const RecordAudit& a = AuditOf(s, "prec");
  EXPECT_EQ(RoofOf(a, "memory-roof")->verdict, Verdict::kNotComputable);
  EXPECT_NE(RoofOf(a, "memory-roof")->reason.find("neither `weights` nor the precision"),
            std::string::npos);
  EXPECT_NEAR(RoofOf(a, "compute-roof")->bound, 113085.714, 0.01);  // 8 x 1979e12 / 140e9
}

TEST_F(RealClaims, UnstatedSpeculationMakesAnExceedsAWarningNamingIt) {
  // 150 tok/s per user over the 111.1 tok/s roof, speculation not stated: the roof holds
  // only without speculation, so this is a warning that says so; stated false, an error.
  corpus_
      .Add(RecordKind::kBenchmark,
           MptOnA100({.id = "unstated", .value = "150 tok/s", .speculative = std::nullopt}))
      .Add(RecordKind::kBenchmark, MptOnA100({.id = "stated", .value = "150 tok/s"}));
  SweepResult s = Sweep(corpus_.Build());
  std::vector<Finding> f = RoofFindings(s);
  ASSERT_EQ(f.size(), 2u);
  for (const Finding& x : f) {
    if (x.record == "unstated") {
      EXPECT_EQ(x.severity, Severity::kWarning);
      EXPECT_EQ(x.code, "exceeds-roof-assuming");
      EXPECT_NE(x.message.find("if no speculative decoding"), std::string::npos) << x.message;
    } else {
      EXPECT_EQ(x.severity, Severity::kError);
      EXPECT_EQ(x.code, "exceeds-roof");
    }
  }
}

TEST_F(RealClaims, ACountInTheHardwareTextIsCrossCheckedAndFillsAnAbsentCount) {
  // "8x H100" with accelerator_count absent: n = 8 from the text. With accelerator_count = 4
  // the two disagree: a warning.
  corpus_
      .Add(RecordKind::kBenchmark, LlamaOnH100({.id = "from-text",
                                                .value = "20000 tok/s",
                                                .precision = "fp8",
                                                .hardware = "8x Test H100 SXM",
                                                .accelerator_count = Absent("x")}))
      .Add(RecordKind::kBenchmark, LlamaOnH100({.id = "disagree",
                                                .value = "20000 tok/s",
                                                .precision = "fp8",
                                                .hardware = "8x Test H100 SXM",
                                                .accelerator_count = 4}));
  SweepResult s = SweepWithoutErrors();
  // 8 x 1979e12 / (2 x 70e9) = 113085.714
  EXPECT_NEAR(RoofOf(AuditOf(s, "from-text"), "compute-roof")->bound, 113085.714, 0.01);
  bool warned = false;
  for (const Finding& f : s.findings) {
    if (f.record == "disagree" && HasCode(f, FindingCode::kCountDisagrees)) warned = true;
  }
  EXPECT_TRUE(warned);
  // n read from the text rests on the text counting accelerators (not machines): said.
  EXPECT_NE(RoofOf(AuditOf(s, "from-text"), "compute-roof")->assumption.find("hardware text"),
            std::string::npos);
}

TEST_F(RealClaims, ACountReadFromTheTextNeverMakesAnError) {
  // "H100 node x 1" counts one node of eight GPUs. With accelerator_count absent, n = 1 from the
  // text would put 20000 tok/s at 8 x 1979e12 / (2 x 70e9) / 8 = 14135.7 tok/s, 141%: a false
  // error. The count is read, but a value past its bound is a warning naming it.
  corpus_.Add(RecordKind::kBenchmark,
              LlamaOnH100({.id = "vm",
                           .value = "20000 tok/s",
                           .precision = "fp8",
                           .hardware = "H100 node x 1",
                           .accelerator_count = Absent("the source names the VM")}));
  SweepResult s = SweepWithoutErrors();
  const InstrumentResult* compute = RoofOf(AuditOf(s, "vm"), "compute-roof");
  EXPECT_NEAR(compute->bound, 14135.714, 0.01);  // 1979e12 / (2 x 70e9) = 14135.714
  EXPECT_EQ(compute->verdict, Verdict::kExceeds);
  bool warned = false;
  for (const Finding& f : s.findings) {
    if (f.record == "vm" && HasCode(f, FindingCode::kExceedsRoofAssuming)) warned = true;
  }
  EXPECT_TRUE(warned);
}

}  // namespace
}  // namespace rooflint
