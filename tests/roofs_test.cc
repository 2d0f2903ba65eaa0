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

using testing::AuditOf;
using testing::Bench;
using testing::RoofFindings;
using testing::RoofOf;
using testing::RoofsTest;
using testing::TestCorpus;

TEST_F(RoofsTest, BatchOnePerUserIsFiftyOnePointNinePercentOfRoof) {
  Base().Add(RecordKind::kBenchmark,
             Bench("bs1", "per-user-decode", "57.6 tok/s", "batch = 1\nspeculative = false"));
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "bs1"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kWithin);
  EXPECT_NEAR(mem->bound, 111.07, 0.01);
  EXPECT_NEAR(mem->percent, 51.86, 0.01);
  EXPECT_EQ(mem->unit, "tok/s");
  EXPECT_EQ(mem->arithmetic, "1 x 1555e9 B/s / 14e9 B = 111.1 tok/s");
  EXPECT_TRUE(s.findings.empty());
}

TEST_F(RoofsTest, PerUserAtBatchSixtyFourStillUsesTheBatchOneRoof) {
  Base().Add(RecordKind::kBenchmark,
             Bench("bs64u", "per-user-decode", "12.5 tok/s", "batch = 64\nspeculative = false"));
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "bs64u"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 111.07, 0.01);
  EXPECT_NEAR(mem->percent, 11.25, 0.01);
  // The compute roof shares one step among 64 sequences.
  const InstrumentResult* comp = RoofOf(AuditOf(s, "bs64u"), "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_NEAR(comp->bound, 312e12 / (2 * 6.7e9 * 64), 0.01);
}

TEST_F(RoofsTest, AggregateAtBatchSixtyFourIsNeverComparedWithTheBatchOneRoof) {
  Base().Add(RecordKind::kBenchmark,
             Bench("bs64a", "aggregate-output", "800 tok/s", "batch = 64\nspeculative = false"));
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
  EXPECT_EQ(mem->arithmetic, "64 x 1 x 1555e9 B/s / 14e9 B = 7108.6 tok/s");
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kWithin);
  EXPECT_NEAR(comp->bound, 312e12 / (2 * 6.7e9), 0.1);
  EXPECT_NEAR(comp->percent, 3.44, 0.01);
  EXPECT_TRUE(s.findings.empty());
}

TEST_F(RoofsTest, AggregateWithUnknownBatchGetsOnlyTheComputeRoofAndSaysWhy) {
  Base().Add(RecordKind::kBenchmark,
             Bench("agg", "aggregate-output", "2000 tok/s",
                   "batch = { absent = \"Offline issues one query\" }\nspeculative = false"));
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "agg");
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kNotComputable);
  EXPECT_EQ(mem->reason,
            "batch unknown (absent: Offline issues one query): the batch-1 roof does not "
            "bound aggregate throughput at batch > 1; only batch-free bounds apply "
            "(compute-roof, and kv-roof's limit when the input length is stated)");
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kWithin);
  // The KV-aware roof has a batch-free form too: as B grows, B x n x BW / (W + B x KV(512))
  // tends to n x BW / KV(512) = 1555e9 / (512 x 131,072 B) = 23,170.5 tok/s (4-bit KV, the
  // least), just under the compute roof's 23,283.6: it binds.
  const InstrumentResult* kv = RoofOf(a, "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 1555e9 / (512 * 131072.0), 1e-6);
  ASSERT_NE(a.Binding(), nullptr);
  EXPECT_EQ(a.Binding()->instrument, "kv-roof");
}

TEST_F(RoofsTest, MoeUsesActiveWeightsNotTotal) {
  // q8_0 weights: 8.5 bits. Total-weight roof: 400e9 / (30e9 x 1.0625) = 12.5 tok/s; the
  // active-weight roof is ten times that. 38 tok/s is three times the total-weight roof.
  Base().Add(
      RecordKind::kBenchmark,
      "id = \"moe\"\ntitle = \"t\"\nstatus = \"verified\"\nmetric = \"per-user-decode\"\n"
      "value = \"38 tok/s\"\nmodel = \"moe-30b-a3b\"\nprecision = \"q8_0\"\n"
      "hardware = \"Test SoC 400\"\naccelerators = [\"soc-no-peak\"]\naccelerator_count = 1\n"
      "source = \"test-source\"\nlocator = \"l\"\n[conditions]\nbatch = 1\n"
      "speculative = false\n");
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "moe"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kWithin);
  double total_roof = 400e9 / (30e9 * 8.5 / 8);
  EXPECT_GT(38 / total_roof, 3.0);
  EXPECT_NEAR(mem->bound, 400e9 / (3e9 * 8.5 / 8), 0.01);
  EXPECT_NEAR(mem->percent, 38 / (400e9 / (3e9 * 8.5 / 8)) * 100, 1e-9);
  EXPECT_EQ(mem->reason,
            "W = 3e9 active params x 1.0625 B/weight (q8_0) = 3.188e9 B; per-user decode: every "
            "step streams the weights, whatever the batch");
  EXPECT_TRUE(RoofFindings(s).empty());
}

TEST_F(RoofsTest, MoeScalesStatedFileBytesToTheActiveShare) {
  Base().Add(
      RecordKind::kBenchmark,
      "id = \"moe-stated\"\ntitle = \"t\"\nstatus = \"verified\"\nmetric = \"per-user-decode\"\n"
      "value = \"37.6 tok/s\"\nmodel = \"moe-30b-a3b\"\nprecision = \"q8_0\"\n"
      "weights = \"30 GB\"\nhardware = \"Test SoC 400\"\naccelerators = [\"soc-no-peak\"]\n"
      "accelerator_count = 1\nsource = \"test-source\"\nlocator = \"l\"\n[conditions]\n"
      "batch = 1\nspeculative = false\n");
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "moe-stated"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 400e9 / 3e9, 1e-6);
  EXPECT_EQ(mem->arithmetic, "1 x 400e9 B/s / 3e9 B = 133.3 tok/s");
}

TEST_F(RoofsTest, PerUserAboveItsRoofIsAnExceedsFindingWithArithmetic) {
  Base().Add(RecordKind::kBenchmark,
             Bench("fast", "per-user-decode", "150 tok/s", "batch = 1\nspeculative = false"));
  const Corpus& corpus = corpus_.Build();
  Report report = BuildReport(corpus, Sweep(corpus));
  const InstrumentResult* mem = RoofOf(AuditOf(report.sweep, "fast"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kExceeds);
  ASSERT_EQ(report.sweep.findings.size(), 1u);
  const Finding& f = report.sweep.findings[0];
  EXPECT_EQ(f.record, "fast");
  EXPECT_EQ(f.instrument, "memory-roof");
  EXPECT_EQ(CodeName(f.code), "exceeds-roof");
  EXPECT_EQ(f.severity, Severity::kError);
  EXPECT_EQ(f.message, "150 tok/s is 135.0% of the memory roof (111.1 tok/s)");
  EXPECT_EQ(f.arithmetic, "1 x 1555e9 B/s / 14e9 B = 111.1 tok/s");
  EXPECT_EQ(f.where.path, "mem/benchmarks/fast.toml");
  EXPECT_EQ(f.where.line, 5);  // the `value` key
  EXPECT_EQ(ExitCodeFor(report, false), ExitCode::kFindings);
}

TEST_F(RoofsTest, DeprecatedRecordAboveItsRoofDoesNotFailTheSweep) {
  std::string text = Bench("old", "per-user-decode", "150 tok/s", "batch = 1\nspeculative = false");
  text.replace(text.find("verified"), 8, "deprecated");
  Base().Add(RecordKind::kBenchmark, text);
  const Corpus& corpus = corpus_.Build();
  Report report = BuildReport(corpus, Sweep(corpus));
  ASSERT_EQ(report.sweep.findings.size(), 1u);
  EXPECT_TRUE(report.sweep.findings[0].deprecated);
  EXPECT_EQ(report.summary.deprecated_findings, 1u);
  EXPECT_EQ(ExitCodeFor(report, false), ExitCode::kClean);
}

TEST_F(RoofsTest, AmbiguousHardwareIsComputedOverBothFortyGigabyteParts) {
  Base().Add(RecordKind::kBenchmark,
             Bench("amb", "per-user-decode", "57.6 tok/s", "batch = 1\nspeculative = false"));
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "amb"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->accelerators, (std::vector<std::string>{"a100-40gb-sxm4", "a100-40gb-pcie"}));
  EXPECT_NEAR(mem->bound, 111.07, 0.01);
  EXPECT_NE(mem->reason.find("no pointer; hardware text '1x NVIDIA A100 40GB' matches 2 parts: "
                             "a100-40gb-sxm4, a100-40gb-pcie; computed with every candidate "
                             "(a100-40gb-sxm4 111.1, a100-40gb-pcie 111.1): they agree"),
            std::string::npos)
      << mem->reason;
}

TEST_F(RoofsTest, CandidatesThatDisagreeUseTheMostGenerousAndSaySo) {
  Base().Add(RecordKind::kBenchmark,
             Bench("a100", "per-user-decode", "57.6 tok/s", "batch = 1\nspeculative = false", "",
                   "NVIDIA A100 SXM4"));
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "a100"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->accelerators, (std::vector<std::string>{"a100-40gb-sxm4", "a100-80gb-sxm4"}));
  EXPECT_NEAR(mem->bound, 2039e9 / 14e9, 0.01);
  EXPECT_NE(mem->reason.find("they differ, the most generous (a100-80gb-sxm4) is used"),
            std::string::npos)
      << mem->reason;
}

TEST_F(RoofsTest, HardwareTextThatMatchesNothingIsNotComputable) {
  Base().Add(RecordKind::kBenchmark,
             Bench("tpu", "per-user-decode", "57.6 tok/s", "batch = 1\nspeculative = false", "",
                   "1x Google TPU v4"));
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "tpu"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kNotComputable);
  EXPECT_EQ(mem->reason,
            "no pointer, and no accelerator in the corpus matches the hardware text '1x Google "
            "TPU v4'");
}

TEST_F(RoofsTest, SpeculativeDecodingEscapesTheMemoryRoofButNotTheComputeRoof) {
  Base().Add(RecordKind::kBenchmark,
             Bench("spec", "per-user-decode", "150 tok/s",
                   "batch = 1\nspeculative = { method = \"eagle3\", draft_tokens = 4 }"));
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "spec");
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kNotComputable);
  EXPECT_EQ(mem->reason,
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
             Bench("req", "requests", "0.9 req/s", "batch = 1\nspeculative = false"));
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "req"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->unit, "req/s");
  EXPECT_NEAR(mem->bound, 1555e9 / 14e9 / 64, 1e-9);
  EXPECT_NEAR(mem->percent, 51.86, 0.01);
  EXPECT_EQ(mem->arithmetic, "1 x 1 x 1555e9 B/s / 14e9 B / 64 tokens = 1.7 req/s");
}

TEST_F(RoofsTest, AggregateTotalCountsInputTokensInTheMemoryRoof) {
  Base().Add(RecordKind::kBenchmark,
             Bench("total", "aggregate-total", "7200 tok/s", "batch = 64\nspeculative = false"));
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "total"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 64 * 1555e9 / 14e9 * (512 + 64) / 64, 1e-6);
  EXPECT_EQ(mem->arithmetic, "64 x 1 x 1555e9 B/s / 14e9 B x (512 + 64) / 64 = 63977.1 tok/s");
}

TEST_F(RoofsTest, TpotFloorIsWeightBytesOverBandwidth) {
  Base().Add(RecordKind::kBenchmark,
             Bench("tpot", "tpot", "17.4 ms", "batch = 1\nspeculative = false"));
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "tpot");
  ASSERT_NE(RoofOf(a, "tpot-floor"), nullptr);
  const InstrumentResult& r = *RoofOf(a, "tpot-floor");
  EXPECT_EQ(RoofOf(a, "memory-roof")->verdict, Verdict::kNotApplicable);
  EXPECT_EQ(RoofOf(a, "memory-roof")->reason, "a latency metric: the time floors bound it");
  EXPECT_EQ(r.unit, "ms");
  EXPECT_NEAR(r.bound, 14e9 / 1555e9 * 1e3, 1e-9);
  EXPECT_NEAR(r.percent, 14e9 / 1555e9 * 1e3 / 17.4 * 100, 1e-9);
  EXPECT_EQ(r.verdict, Verdict::kWithin);
  EXPECT_EQ(r.arithmetic,
            "max(14e9 B / (1 x 1555e9 B/s) = 9.0 ms, 1 x 2 x 6.7e9 / (1 x 312e12 FLOP/s) = "
            "0.0429 ms) = 9.0 ms");
}

TEST_F(RoofsTest, TpotBelowItsFloorIsAFinding) {
  Base().Add(RecordKind::kBenchmark,
             Bench("tpot-fast", "tpot", "5 ms", "batch = 1\nspeculative = false"));
  SweepResult s = Run();
  ASSERT_EQ(s.findings.size(), 1u);
  EXPECT_EQ(CodeName(s.findings[0].code), "below-floor");
  EXPECT_EQ(s.findings[0].message,
            "5 ms is below the time-per-token floor of 9.0 ms: 180.1% of the floor");
}

TEST_F(RoofsTest, TtftFloorIncludesPrefillCompute) {
  Base().Add(RecordKind::kBenchmark,
             Bench("ttft", "ttft", "50 ms", "batch = 1\nspeculative = false"));
  SweepResult s = Run();
  const InstrumentResult* r = RoofOf(AuditOf(s, "ttft"), "ttft-floor");
  ASSERT_NE(r, nullptr);
  // max(9.0 ms, 2 x 6.7e9 x 512 / 312e12 = 22.0 ms)
  EXPECT_NEAR(r->bound, 2 * 6.7e9 * 512 / 312e12 * 1e3, 1e-9);
  EXPECT_EQ(r->verdict, Verdict::kWithin);
}

TEST_F(RoofsTest, EndToEndFloorAddsOneStepPerFurtherToken) {
  Base().Add(RecordKind::kBenchmark,
             Bench("e2e", "e2e-latency", "1.2 s", "batch = 1\nspeculative = false"));
  SweepResult s = Run();
  const InstrumentResult* r = RoofOf(AuditOf(s, "e2e"), "e2e-floor");
  ASSERT_NE(r, nullptr);
  double step = 14e9 / 1555e9;
  double prefill = 2 * 6.7e9 * 512 / 312e12;
  EXPECT_NEAR(r->bound, (prefill + 63 * step) * 1e3, 1e-9);
  EXPECT_EQ(RoofOf(AuditOf(s, "e2e"), "tpot-floor")->verdict, Verdict::kNotApplicable);
}

TEST_F(RoofsTest, PartWithoutAPeakHasNoComputeRoofAndSaysWhy) {
  Base().Add(RecordKind::kBenchmark,
             "id = \"soc\"\ntitle = \"t\"\nstatus = \"verified\"\nmetric = \"per-user-decode\"\n"
             "value = \"20 tok/s\"\nmodel = \"mpt-7b\"\nprecision = \"q4_0\"\n"
             "hardware = \"Test SoC 400\"\naccelerators = []\naccelerators_absent = { because = "
             "\"not-stated\", note = \"n\" }\naccelerator_count = 1\nsource = \"test-source\"\n"
             "locator = \"l\"\n[conditions]\nbatch = 1\nspeculative = false\n");
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "soc");
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kNotComputable);
  EXPECT_EQ(comp->reason, "soc-no-peak states no dense peak");
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  // q4_0 is 4.5 bits per weight: 6.7e9 x 0.5625 B.
  EXPECT_NEAR(mem->bound, 400e9 / (6.7e9 * 0.5625), 1e-9);
}

TEST_F(RoofsTest, IntegerWeightsUseTheMostGenerousPeakAndSaySo) {
  std::string text =
      Bench("int8", "aggregate-output", "800 tok/s", "batch = 64\nspeculative = false");
  text.replace(text.find("precision = \"fp16\""), 18, "precision = \"int8\"");
  Base().Add(RecordKind::kBenchmark, text);
  SweepResult s = Run();
  const InstrumentResult* comp = RoofOf(AuditOf(s, "int8"), "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_NEAR(comp->bound, 624e12 / (2 * 6.7e9), 0.1);
  EXPECT_NE(comp->arithmetic.find("int8 624e12 FLOP/s (compute precision not stated for int8 "
                                  "weights: the most generous peak the part states)"),
            std::string::npos)
      << comp->arithmetic;
}

TEST_F(RoofsTest, StatedComputePrecisionIsUsedAndAMissingPeakIsNotComputable) {
  Base().Add(RecordKind::kBenchmark,
             Bench("fp8", "aggregate-output", "800 tok/s", "batch = 64\nspeculative = false",
                   "compute_precision = \"fp8\""));
  SweepResult s = Run();
  const InstrumentResult* comp = RoofOf(AuditOf(s, "fp8"), "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_EQ(comp->verdict, Verdict::kNotComputable);
  EXPECT_EQ(comp->reason,
            "a100-40gb-sxm4 states no dense fp8 peak (candidate a100-40gb-sxm4; the most "
            "generous over all candidates is unknown)");
}

TEST_F(RoofsTest, MultiAcceleratorFigureScalesWithTheCount) {
  std::string text =
      Bench("tp8", "aggregate-output", "800 tok/s", "batch = 64\nspeculative = false");
  text.replace(text.find("accelerator_count = 1"), 21, "accelerator_count = 8");
  Base().Add(RecordKind::kBenchmark, text);
  SweepResult s = Run();
  const InstrumentResult* mem = RoofOf(AuditOf(s, "tp8"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 64 * 8 * 1555e9 / 14e9, 1e-6);
  EXPECT_EQ(mem->arithmetic, "64 x 8 x 1555e9 B/s / 14e9 B = 56868.6 tok/s");
}

TEST_F(RoofsTest, PrefillIsBoundedByComputeOnly) {
  Base().Add(RecordKind::kBenchmark,
             Bench("pp", "prefill", "7100 tok/s", "batch = 1\nspeculative = false"));
  SweepResult s = Run();
  const RecordAudit& a = AuditOf(s, "pp");
  const InstrumentResult* mem = RoofOf(a, "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_EQ(mem->verdict, Verdict::kNotComputable);
  const InstrumentResult* comp = RoofOf(a, "compute-roof");
  ASSERT_NE(comp, nullptr);
  EXPECT_NEAR(comp->bound, 312e12 / (2 * 6.7e9), 0.1);
  EXPECT_NEAR(comp->percent, 7100 / (312e12 / (2 * 6.7e9)) * 100, 1e-9);
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
            (std::vector<std::string>{"nvidia-a100-40gb-pcie", "nvidia-a100-40gb-sxm4"}));
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
