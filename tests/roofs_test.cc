// The roofs and floors, on small corpora: the seed's numbers (111.1 tok/s, 51.9%, no 720%),
// unknown batch, MoE active weights, ambiguous hardware, speculation, the time floors.
#include <gtest/gtest.h>

#include <string>

#include "fixtures.h"
#include "rooflint/audit.h"
#include "rooflint/report.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::Absent;
using testing::AuditOf;
using testing::BenchRecord;
using testing::NoPointer;
using testing::PointTo;
using testing::Raw;
using testing::RoofFindings;
using testing::RoofOf;
using testing::RoofsTest;
using testing::TestCorpus;

TEST_F(RoofsTest, BatchOnePerUserIsFiftyOnePointNinePercentOfRoof) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "bs1"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "bs1"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kWithin);
  EXPECT_NEAR(mem->bound, 111.07, 0.01);
  EXPECT_NEAR(mem->percent, 51.86, 0.01);
  EXPECT_EQ(mem->unit, "tok/s");
  EXPECT_EQ(ArithmeticText(*mem), "1 x 1.555 TB/s / 14 GB = 111.1 tok/s");
  EXPECT_TRUE(s.findings.empty());
}

TEST_F(RoofsTest, PerUserAtBatchSixtyFourStillUsesTheBatchOneRoof) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "bs64u", .value = "12.5 tok/s", .batch = 64}.Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "bs64u"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 111.07, 0.01);
  EXPECT_NEAR(mem->percent, 11.25, 0.01);
  // The compute roof shares one step among 64 sequences.
  const InstrumentResult* comp = RoofOf(AuditOf(s, "bs64u"), "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_NEAR(comp->bound, 363.806, 0.01);  // 312e12 / (2 x 6.7e9 x 64) = 363.806
}

TEST_F(RoofsTest, AggregateAtBatchSixtyFourIsNeverComparedWithTheBatchOneRoof) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.id = "bs64a", .metric = "aggregate-output", .value = "800 tok/s", .batch = 64}
          .Toml());
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "bs64a");
  for (const auto& r : a.roofs) {
    EXPECT_LT(r.percent, 100.0) << r.instrument << " " << r.arithmetic;
    EXPECT_NE(static_cast<int>(r.percent), 720) << "the seed's false positive";
  }
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 7108.57, 0.01);
  EXPECT_NEAR(mem->percent, 11.25, 0.01);
  EXPECT_EQ(ArithmeticText(*mem), "64 x 1 x 1.555 TB/s / 14 GB = 7108.6 tok/s");
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kWithin);
  EXPECT_NEAR(comp->bound, 23283.58, 0.1);  // 312e12 / (2 x 6.7e9) = 23283.58
  EXPECT_NEAR(comp->percent, 3.44, 0.01);
  EXPECT_TRUE(s.findings.empty());
}

TEST_F(RoofsTest, AggregateWithUnknownBatchGetsOnlyTheComputeRoofAndSaysWhy) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "agg",
                                                 .metric = "aggregate-output",
                                                 .value = "2000 tok/s",
                                                 .batch = Absent("Offline issues one query")}
                                         .Toml());
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "agg");
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kNotComputable);
  EXPECT_EQ(AccountText(*mem),
            "batch unknown (absent: Offline issues one query): the batch-1 roof does not "
            "bound aggregate throughput at batch > 1; only batch-free bounds apply "
            "(compute-roof, and kv-roof's limit when the input length is stated)");
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kWithin);
  // The KV-aware roof has a batch-free form too: as B grows, B x n x BW / (W + B x KV(512))
  // tends to n x BW / KV(512) = 1555e9 / (512 x 131,072 B) = 23,171.3 tok/s (4-bit KV, the
  // least), just under the compute roof's 23,283.6: it binds.
  const InstrumentResult* kv = RoofOf(a, "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 23171.305656433, 1e-6);  // 1555e9 / 67,108,864 B
  ASSERT_NE(a.Binding(), nullptr);
  EXPECT_EQ(a.Binding()->instrument, "kv-roof");
}

TEST_F(RoofsTest, MoeUsesActiveWeightsNotTotal) {
  // q8_0 weights: 8.5 bits. Total-weight roof: 400e9 / (30e9 x 1.0625) = 12.5 tok/s; the
  // active-weight roof is ten times that. 38 tok/s is three times the total-weight roof.
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "moe",
                                                 .value = "38 tok/s",
                                                 .model = "moe-30b-a3b",
                                                 .precision = "q8_0",
                                                 .weights = std::nullopt,
                                                 .hardware = "Test SoC 400",
                                                 .pointer = PointTo({"soc-no-peak"})}
                                         .Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "moe"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kWithin);
  // Total-weight roof 12.549 tok/s: 38 tok/s would be 302.8% of it. Active-weight roof:
  // 400e9 / (3e9 x 1.0625) = 125.490196 tok/s; 38 / 125.490196 = 30.28125%.
  EXPECT_NEAR(mem->bound, 125.490196, 1e-6);
  EXPECT_NEAR(mem->percent, 30.28125, 1e-9);
  EXPECT_EQ(AccountText(*mem),
            "W = 3e9 active params x 1.0625 B/weight (q8_0) = 3.188 GB; per-user decode: every "
            "step streams the weights, whatever the batch");
  EXPECT_TRUE(RoofFindings(s).empty());
}

TEST_F(RoofsTest, MoeScalesStatedFileBytesToTheActiveShare) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "moe-stated",
                                                 .value = "37.6 tok/s",
                                                 .model = "moe-30b-a3b",
                                                 .precision = "q8_0",
                                                 .weights = "30 GB",
                                                 .hardware = "Test SoC 400",
                                                 .pointer = PointTo({"soc-no-peak"})}
                                         .Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "moe-stated"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 133.3333333, 1e-6);  // 400e9 / 3e9
  EXPECT_EQ(ArithmeticText(*mem), "1 x 400 GB/s / 3 GB = 133.3 tok/s");
}

TEST_F(RoofsTest, PerUserAboveItsRoofIsAnExceedsFindingWithArithmetic) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "fast", .value = "150 tok/s"}.Toml());
  const Corpus& corpus = corpus_.Build();
  Report report = BuildReport(corpus, Sweep(corpus));
  const InstrumentResult* mem = RoofOf(AuditOf(report.sweep, "fast"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kExceeds);
  ASSERT_EQ(report.sweep.findings.size(), 1u);
  const Finding& f = report.sweep.findings[0];
  EXPECT_EQ(f.record, "fast");
  EXPECT_EQ(f.instrument, "memory-roof");
  EXPECT_EQ(f.code, "exceeds-roof");
  EXPECT_EQ(f.severity, Severity::kError);
  EXPECT_EQ(f.message, "150 tok/s is 135.0% of the memory roof (111.1 tok/s)");
  EXPECT_EQ(f.arithmetic, "1 x 1.555 TB/s / 14 GB = 111.1 tok/s");
  EXPECT_EQ(f.where.path, "mem/benchmarks/fast.toml");
  EXPECT_EQ(f.where.line, 5);  // the `value` key
  EXPECT_EQ(ExitCodeFor(report, false), ExitCode::kFindings);
}

TEST_F(RoofsTest, DeprecatedRecordAboveItsRoofDoesNotFailTheSweep) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "old", .status = "deprecated", .value = "150 tok/s"}.Toml());
  const Corpus& corpus = corpus_.Build();
  Report report = BuildReport(corpus, Sweep(corpus));
  ASSERT_EQ(report.sweep.findings.size(), 1u);
  EXPECT_TRUE(report.sweep.findings[0].deprecated);
  EXPECT_EQ(report.summary.deprecated_findings, 1u);
  EXPECT_EQ(ExitCodeFor(report, false), ExitCode::kClean);
}

TEST_F(RoofsTest, AmbiguousHardwareIsComputedOverBothFortyGigabyteParts) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "amb"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "amb"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->accelerators, (std::vector<SharedText>{"a100-40gb-sxm4", "a100-40gb-pcie"}));
  EXPECT_NEAR(mem->bound, 111.07, 0.01);
  EXPECT_NE(
      AccountText(*mem).find("no pointer; hardware text '1x NVIDIA A100 40GB' matches 2 parts: "
                             "a100-40gb-sxm4, a100-40gb-pcie; computed with every candidate "
                             "(a100-40gb-sxm4 111.1, a100-40gb-pcie 111.1): they agree"),
      std::string::npos)
      << AccountText(*mem);
}

TEST_F(RoofsTest, CandidatesThatDisagreeUseTheMostGenerousAndSaySo) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "a100", .hardware = "NVIDIA A100 SXM4"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "a100"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->accelerators, (std::vector<SharedText>{"a100-40gb-sxm4", "a100-80gb-sxm4"}));
  EXPECT_NEAR(mem->bound, 145.643, 0.01);  // 2039e9 / 14e9 = 145.643
  EXPECT_NE(AccountText(*mem).find("they differ, the most generous (a100-80gb-sxm4) is used"),
            std::string::npos)
      << AccountText(*mem);
}

TEST_F(RoofsTest, HardwareTextThatMatchesNothingIsNotComputable) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "tpu", .hardware = "1x Google TPU v4"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "tpu"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kNotComputable);
  EXPECT_EQ(AccountText(*mem),
            "no pointer, and no accelerator in the corpus matches the hardware text '1x Google "
            "TPU v4'");
}

TEST_F(RoofsTest, SpeculativeDecodingEscapesTheMemoryRoofButNotTheComputeRoof) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "spec",
                         .value = "150 tok/s",
                         .speculative = Raw("{ method = \"eagle3\", draft_tokens = 4 }")}
                 .Toml());
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "spec");
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kNotComputable);
  EXPECT_EQ(AccountText(*mem),
            "speculative decoding (eagle3, 4 draft tokens) emits several tokens per weight pass, "
            "so the memory roof does not bound it");
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kWithin);
  EXPECT_TRUE(s.findings.empty());
}

TEST_F(RoofsTest, RequestsPerSecondAreConvertedWithOutputTokens) {
  // 0.9 req/s x 64 tokens at batch 1: the roof is 111.1 / 64 = 1.74 req/s.
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "req", .metric = "requests", .value = "0.9 req/s"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "req"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->unit, "req/s");
  EXPECT_NEAR(mem->bound, 1.7354910714, 1e-9);  // 1555e9 / 14e9 / 64
  EXPECT_NEAR(mem->percent, 51.86, 0.01);
  EXPECT_EQ(ArithmeticText(*mem), "1 x 1 x 1.555 TB/s / 14 GB / 64 tokens = 1.7 req/s");
}

TEST_F(RoofsTest, AggregateTotalCountsInputTokensInTheMemoryRoof) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.id = "total", .metric = "aggregate-total", .value = "7200 tok/s", .batch = 64}
          .Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "total"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 63977.14285714, 1e-6);  // 64 x 1555e9 / 14e9 x 576 / 64
  EXPECT_EQ(ArithmeticText(*mem), "64 x 1 x 1.555 TB/s / 14 GB x (512 + 64) / 64 = 63977.1 tok/s");
}

TEST_F(RoofsTest, TpotFloorIsWeightBytesOverBandwidth) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "tpot", .metric = "tpot", .value = "17.4 ms"}.Toml());
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "tpot");
  ASSERT_NE(RoofOf(a, "tpot-floor"), nullptr);
  const InstrumentResult& r = *RoofOf(a, "tpot-floor");
  EXPECT_EQ(RoofOf(a, "memory-roof")->verdict, Verdict::kNotApplicable);
  EXPECT_EQ(RoofOf(a, "memory-roof")->reason, "a latency metric: the time floors bound it");
  EXPECT_EQ(r.unit, "ms");
  // 14e9 / 1555e9 = 9.003215434084 ms; / 17.4 ms = 51.742617437262%.
  EXPECT_NEAR(r.bound, 9.003215434084, 1e-9);
  EXPECT_NEAR(r.percent, 51.742617437262, 1e-9);
  EXPECT_EQ(r.verdict, Verdict::kWithin);
  EXPECT_EQ(ArithmeticText(r),
            "max(14 GB / (1 x 1.555 TB/s) = 9.0 ms, 1 x 2 x 6.7e9 / (1 x 312 TFLOP/s) = "
            "0.0429 ms) = 9.0 ms");
}

TEST_F(RoofsTest, TpotBelowItsFloorIsAFinding) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "tpot-fast", .metric = "tpot", .value = "5 ms"}.Toml());
  SweepResult s = Run();
  ASSERT_EQ(s.findings.size(), 1u);
  EXPECT_EQ(s.findings[0].code, "below-floor");
  EXPECT_EQ(s.findings[0].message,
            "5 ms is below the time-per-token floor of 9.0 ms: 180.1% of the floor");
}

TEST_F(RoofsTest, TtftFloorIncludesPrefillCompute) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "ttft", .metric = "ttft", .value = "50 ms"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* r = RoofOf(AuditOf(s, "ttft"), "ttft-floor");
  ASSERT_NE(r, nullptr);
  // max(9.0 ms, 2 x 6.7e9 x 512 / 312e12 = 21.989743589744 ms)
  EXPECT_NEAR(r->bound, 21.989743589744, 1e-9);
  EXPECT_EQ(r->verdict, Verdict::kWithin);
}

TEST_F(RoofsTest, EndToEndFloorAddsOneStepPerFurtherToken) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "e2e", .metric = "e2e-latency", .value = "1.2 s"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* r = RoofOf(AuditOf(s, "e2e"), "e2e-floor");
  ASSERT_NE(r, nullptr);
  // prefill 21.989743589744 ms + 63 steps x 9.003215434084 ms = 589.192315937010 ms
  EXPECT_NEAR(r->bound, 589.19231593701, 1e-9);
  EXPECT_EQ(RoofOf(AuditOf(s, "e2e"), "tpot-floor")->verdict, Verdict::kNotApplicable);
}

TEST_F(RoofsTest, PartWithoutAPeakHasNoComputeRoofAndSaysWhy) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "soc",
                                                 .value = "20 tok/s",
                                                 .precision = "q4_0",
                                                 .weights = std::nullopt,
                                                 .hardware = "Test SoC 400",
                                                 .pointer = NoPointer("not-stated", "n")}
                                         .Toml());
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "soc");
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kNotComputable);
  EXPECT_EQ(AccountText(*comp), "soc-no-peak states no dense peak");
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  // q4_0 is 4.5 bits per weight: 6.7e9 x 0.5625 B.
  EXPECT_NEAR(mem->bound, 106.135986733002, 1e-9);  // 400e9 / 3.769 GB
}

TEST_F(RoofsTest, IntegerWeightsUseTheMostGenerousPeakAndSaySo) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "int8",
                                                 .metric = "aggregate-output",
                                                 .value = "800 tok/s",
                                                 .precision = "int8",
                                                 .batch = 64}
                                         .Toml());
  SweepResult s = Run();
  const InstrumentResult* comp = RoofOf(AuditOf(s, "int8"), "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_NEAR(comp->bound, 46567.16, 0.1);  // 624e12 / (2 x 6.7e9) = 46567.16
  EXPECT_NE(ArithmeticText(*comp).find("int8 624 TFLOP/s (compute precision not stated for int8 "
                                       "weights: the most generous peak the part states)"),
            std::string::npos)
      << ArithmeticText(*comp);
}

TEST_F(RoofsTest, StatedComputePrecisionIsUsedAndAMissingPeakIsNotComputable) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "fp8",
                                                 .metric = "aggregate-output",
                                                 .value = "800 tok/s",
                                                 .compute_precision = "fp8",
                                                 .batch = 64}
                                         .Toml());
  SweepResult s = Run();
  const InstrumentResult* comp = RoofOf(AuditOf(s, "fp8"), "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kNotComputable);
  EXPECT_EQ(AccountText(*comp),
            "a100-40gb-sxm4 states no dense fp8 peak (candidate a100-40gb-sxm4; the most "
            "generous over all candidates is unknown)");
}

TEST_F(RoofsTest, MultiAcceleratorFigureScalesWithTheCount) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.id = "tp8",
                                                 .metric = "aggregate-output",
                                                 .value = "800 tok/s",
                                                 .accelerator_count = 8,
                                                 .batch = 64}
                                         .Toml());
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "tp8"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 56868.57142857, 1e-6);  // 64 x 8 x 1555e9 / 14e9
  EXPECT_EQ(ArithmeticText(*mem), "64 x 8 x 1.555 TB/s / 14 GB = 56868.6 tok/s");
}

TEST_F(RoofsTest, PrefillIsBoundedByComputeOnly) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.id = "pp", .metric = "prefill", .value = "7100 tok/s"}.Toml());
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "pp");
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kNotComputable);
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  // 312e12 / (2 x 6.7e9) = 23283.582089552 tok/s; 7100 / 23283.582089552 = 30.493589743590%
  EXPECT_NEAR(comp->bound, 23283.58, 0.1);
  EXPECT_NEAR(comp->percent, 30.49358974359, 1e-9);
  EXPECT_EQ(a.Binding(), comp);
}

// The seed corpus itself: the numbers docs/physics.md and the seed records state.
TEST(BundledCorpus, MptTrioLandsWhereTheSeedSays) {
  std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
  Corpus corpus = LoadCorpus(roots);
  SweepResult s = Sweep(corpus);
  const InstrumentResult* bs1 =
      RoofOf(AuditOf(s, "mpt7b-a100-bs1-per-user-decode-tps"), "memory-roof");
  ASSERT_NE(bs1, nullptr);
  EXPECT_EQ(FormatNumber(bs1->bound), "111.1");
  EXPECT_EQ(FormatNumber(bs1->percent), "51.9");
  EXPECT_EQ(bs1->accelerators,
            (std::vector<SharedText>{"nvidia-a100-40gb-pcie", "nvidia-a100-40gb-sxm4"}));
  const InstrumentResult* bs64u =
      RoofOf(AuditOf(s, "mpt7b-a100-bs64-per-user-decode-tps"), "memory-roof");
  ASSERT_NE(bs64u, nullptr);
  EXPECT_EQ(FormatNumber(bs64u->percent), "11.3");
  const RecordAudit& agg = AuditOf(s, "mpt7b-a100-bs64-aggregate-output-tps");
  const InstrumentResult* bs64a = RoofOf(agg, "memory-roof");
  ASSERT_NE(bs64a, nullptr);
  EXPECT_EQ(FormatNumber(bs64a->bound), "7108.6");
  EXPECT_EQ(FormatNumber(bs64a->percent), "11.3");
  ASSERT_NE(RoofOf(agg, "compute-roof"), nullptr);
  EXPECT_EQ(RoofOf(agg, "compute-roof")->verdict, Verdict::kWithin);
  for (const auto& f : RoofFindings(s)) {
    EXPECT_NE(f.record.rfind("mpt7b-", 0), 0u) << f.record << ": " << f.message;
  }
}

}  // namespace
}  // namespace rooflint
