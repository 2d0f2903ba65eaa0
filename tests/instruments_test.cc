// The check instruments, each where it applies and passes, applies and fails, and does not
// apply (saying why); then waivers, baselines and the JSON shape of checks.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "fixtures.h"
#include "rooflint/audit.h"
#include "rooflint/baseline.h"
#include "rooflint/report.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::Absent;
using testing::AddTrio;
using testing::AuditOf;
using testing::BenchRecord;
using testing::FindingsOf;
using testing::List;
using testing::NoPointer;
using testing::PartRecord;
using testing::PointTo;
using testing::RoofsTest;
using testing::TestCorpus;

const InstrumentResult* CheckOf(const RecordAudit& a, const std::string& instrument) {
  for (const auto& c : a.checks) {
    if (c.instrument == instrument) return &c;
  }
  return nullptr;
}

// --- conditions ---------------------------------------------------------------------------

using ConditionsTest = RoofsTest;

TEST_F(ConditionsTest, CountsAbsentConditionsAndNamesEachWithItsReason) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "conditions");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->verdict, Verdict::kPass);
  EXPECT_EQ(c->reason,
            "ABSENT CONDITIONS (2 of 7): engine version (x), warmup (x); scenario offline");
  EXPECT_TRUE(FindingsOf(s, "conditions").empty());
}

TEST_F(ConditionsTest, AConditionNeitherStatedNorAbsentIsAnError) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.warmup = std::nullopt}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "conditions");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->verdict, Verdict::kFail);
  auto f = FindingsOf(s, "conditions");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "missing-condition");
  EXPECT_EQ(f[0].severity, Severity::kError);
  EXPECT_EQ(f[0].message, "the warmup is neither stated nor marked absent");
  EXPECT_EQ(f[0].hint,
            "add to [conditions]: warmup = <value>, or warmup = { absent = \"why it is not "
            "known\" }");
}

TEST_F(ConditionsTest, NoScenarioIsNotedAsNotComparableWithMlperf) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.scenario = Absent("not stated")}.Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "conditions");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "no-scenario");
  EXPECT_EQ(f[0].severity, Severity::kNote);
  EXPECT_EQ(f[0].message,
            "scenario absent (not stated): not comparable with MLPerf Offline or Server figures");
}

TEST_F(ConditionsTest, UnstatedSpeculationIsAWarning) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.speculative = std::nullopt}.Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "conditions");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "speculation-unstated");
  EXPECT_EQ(f[0].severity, Severity::kWarning);
}

// --- pointers -----------------------------------------------------------------------------

using PointersTest = RoofsTest;

TEST_F(PointersTest, NoRecordReasonIsStaleOnceMatchingPartsExist) {
  std::string text = BenchRecord{.pointer = NoPointer("no-record", "no 40GB A100 record")}.Toml();
  Base().Add(RecordKind::kBenchmark, text);
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "pointers");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->verdict, Verdict::kFail);
  auto f = FindingsOf(s, "pointers");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "stale-pointer-reason");
  EXPECT_EQ(f[0].severity, Severity::kWarning);
  EXPECT_EQ(f[0].message,
            "the empty pointer says no-record (\"no 40GB A100 record\"), but the corpus now holds "
            "parts matching '1x NVIDIA A100 40GB': a100-40gb-sxm4, a100-40gb-pcie");
  EXPECT_EQ(f[0].hint,
            "the candidates differ in form factor: keep the pointer empty with because = "
            "\"ambiguous\"; the roof is exact anyway: the candidates agree on bandwidth (1555 "
            "GB/s)");
}

TEST_F(PointersTest, AmbiguousReasonIsStaleWhenTheTextNamesOnePart) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.hardware = "NVIDIA A100-SXM4-40GB",
                                                 .pointer = NoPointer("ambiguous", "n")}
                                         .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "pointers");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].message,
            "the empty pointer says ambiguous, but only a100-40gb-sxm4 matches "
            "'NVIDIA A100-SXM4-40GB' now");
  EXPECT_EQ(f[0].hint, "point at it: accelerators = [\"a100-40gb-sxm4\"]");
}

TEST_F(PointersTest, PointerThatContradictsTheHardwareTextIsAnError) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.pointer = PointTo({"a100-80gb-sxm4"})}.Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "pointers");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "pointer-contradicts-hardware");
  EXPECT_EQ(f[0].severity, Severity::kError);
  EXPECT_EQ(f[0].message,
            "the pointer a100-80gb-sxm4 contradicts the hardware text '1x NVIDIA A100 40GB', "
            "which names a100-40gb-sxm4, a100-40gb-pcie");
}

TEST_F(PointersTest, PointerThatAgreesWithTheTextPasses) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.hardware = "NVIDIA A100-SXM4-40GB",
                                                 .pointer = PointTo({"a100-40gb-sxm4"})}
                                         .Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "pointers");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->verdict, Verdict::kPass);
  EXPECT_EQ(c->reason, "the pointer agrees with the hardware text 'NVIDIA A100-SXM4-40GB'");
}

TEST_F(PointersTest, TextThatNamesNoPartCannotBeCheckedAndSaysSo) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.hardware = "our lab's box", .pointer = PointTo({"a100-40gb-sxm4"})}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "pointers");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->verdict, Verdict::kPass);
  EXPECT_EQ(c->reason,
            "the hardware text 'our lab's box' names no part, so the pointer cannot be checked "
            "against it");
  EXPECT_TRUE(FindingsOf(s, "pointers").empty());
}

// --- derivation ---------------------------------------------------------------------------

using DerivationTest = RoofsTest;

TEST_F(DerivationTest, RequestsTimesOutputTokensHolds) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.extra = "derived_from = \"0.9 req/s\""}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "derivation");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->verdict, Verdict::kPass);
  EXPECT_EQ(c->arithmetic, "0.9 req/s x 64 output tokens / batch 1 = 57.6 -> 57.6 at 1 decimal");
}

TEST_F(DerivationTest, AWrongDerivedValueFails) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.value = "57.0 tok/s", .extra = "derived_from = \"0.9 req/s\""}.Toml());
  SweepResult s = Run();
  EXPECT_EQ(CheckOf(AuditOf(s, "r"), "derivation")->verdict, Verdict::kFail);
  auto f = FindingsOf(s, "derivation");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "derivation-mismatch");
  EXPECT_EQ(f[0].message,
            "57.0 tok/s does not follow from 0.9 req/s: 0.9 req/s x 64 output tokens / batch 1 = "
            "57.6 -> 57.6 at 1 decimal");
}

TEST_F(DerivationTest, PerUserFromAggregateDividesByTheBatch) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.value = "12.5 tok/s", .extra = "derived_from = \"800 tok/s\"", .batch = 64}
          .Toml());
  SweepResult s = Run();
  EXPECT_EQ(CheckOf(AuditOf(s, "r"), "derivation")->verdict, Verdict::kPass);
}

TEST_F(DerivationTest, TpotFromTokensPerSecond) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.metric = "tpot", .value = "17.4 ms", .extra = "derived_from = \"57.6 tok/s\""}
          .Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "derivation");
  EXPECT_EQ(c->verdict, Verdict::kPass);
  EXPECT_EQ(c->arithmetic, "1000 / 57.6 tok/s = 17.3611 ms -> 17.4 at 1 decimal");
}

TEST_F(DerivationTest, ABasisThatIsNoQuantityIsAnError) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.extra = "derived_from = \"about one request a second\""}.Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "derivation");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, CodeName(FindingCode::kBadDerivationBasis));
  EXPECT_EQ(f[0].severity, Severity::kError);
  EXPECT_EQ(f[0].message,
            "derived_from 'about one request a second' is not a rate or time with its unit");
  EXPECT_EQ(CheckOf(AuditOf(s, "r"), "derivation")->verdict, Verdict::kFail);
}

TEST_F(DerivationTest, AMetricThatCannotComeFromItsBasisIsAnError) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.metric = "ttft", .value = "50 ms", .extra = "derived_from = \"0.9 req/s\""}
          .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "derivation");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "underivable-value");
  EXPECT_EQ(f[0].message,
            "50 ms cannot be derived from 0.9 req/s: a ttft value cannot be derived from a "
            "request rate basis (0.9 req/s)");
}

TEST_F(DerivationTest, DoesNotApplyWithoutDerivedFrom) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "derivation");
  EXPECT_EQ(c->verdict, Verdict::kNotApplicable);
  EXPECT_EQ(c->reason, "the value is not derived (no derived_from)");
}

// --- sibling-set --------------------------------------------------------------------------

using SiblingSetTest = RoofsTest;

TEST_F(SiblingSetTest, TrioAgreesOnAggregateAndStatedRatios) {
  AddTrio(Base(), "800 tok/s", "ratio(bs64a / bs1) = 13.9x and ratio(bs1 / bs64u) = 4.6x");
  SweepResult s = Run();
  EXPECT_TRUE(FindingsOf(s, "sibling-set").empty());
  const InstrumentResult* a = CheckOf(AuditOf(s, "bs64a"), "sibling-set");
  EXPECT_EQ(a->verdict, Verdict::kPass);
  EXPECT_EQ(a->reason,
            "set 'trio' (3 records): same setup as bs1; aggregate = per-user x batch: 12.5 tok/s "
            "x 64 = 800 tok/s");
  const InstrumentResult* u = CheckOf(AuditOf(s, "bs64u"), "sibling-set");
  EXPECT_EQ(u->reason,
            "set 'trio' (3 records): same setup as bs1; ratio 13.9x: 800 tok/s / 57.6 tok/s = "
            "13.89; ratio 4.6x: 57.6 tok/s / 12.5 tok/s = 4.608");
}

TEST_F(SiblingSetTest, AggregateThatIsNotPerUserTimesBatchFails) {
  AddTrio(Base(), "900 tok/s", "");
  SweepResult s = Run();
  auto f = FindingsOf(s, "sibling-set");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "set-aggregate-mismatch");
  EXPECT_EQ(f[0].record, "bs64a");
}

// A per-user p99 times the batch is not the aggregate: 12.5 x 64 = 800 would fail against 900,
// but the two state different statistics and are not compared.
TEST_F(SiblingSetTest, APerUserOfAnotherStatisticIsNotComparedWithTheAggregate) {
  Base()
      .Add(RecordKind::kBenchmark, BenchRecord{.id = "agg",
                                               .metric = "aggregate-output",
                                               .value = "900 tok/s",
                                               .extra = "set = \"s\"",
                                               .batch = 64}
                                       .Toml())
      .Add(RecordKind::kBenchmark, BenchRecord{.id = "p99",
                                               .value = "12.5 tok/s",
                                               .extra = "set = \"s\"\nstatistic = \"p99\"",
                                               .batch = 64}
                                       .Toml());
  SweepResult s = Run();
  EXPECT_TRUE(FindingsOf(s, "sibling-set").empty());
  const InstrumentResult* a = CheckOf(AuditOf(s, "agg"), "sibling-set");
  EXPECT_EQ(a->verdict, Verdict::kPass);
  EXPECT_EQ(a->reason,
            "set 's' (2 records): 1 per-user member at batch 64 states another statistic than "
            "this record's (unstated): not compared");
}

TEST_F(SiblingSetTest, AStatedRatioThatDoesNotHoldFails) {
  AddTrio(Base(), "800 tok/s", "ratio(bs64a / bs1) = 12.0x");
  SweepResult s = Run();
  auto f = FindingsOf(s, "sibling-set");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "set-ratio-mismatch");
  EXPECT_EQ(f[0].message,
            "the notes state 12.0x for bs64a / bs1, but 800 tok/s / 57.6 tok/s = 13.89");
}

TEST_F(SiblingSetTest, ARatioNamingARecordOutsideTheSetFails) {
  AddTrio(Base(), "800 tok/s", "ratio(bs64a / bs2) = 13.9x");
  SweepResult s = Run();
  auto f = FindingsOf(s, "sibling-set");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, CodeName(FindingCode::kSetRatioUnknownRecord));
  EXPECT_EQ(f[0].message, "the notes state ratio(bs64a / bs2), but bs2 is not in the set 'trio'");
}

TEST_F(SiblingSetTest, AHugeIdInARatioNoteIsNoRatioAndNoCrash) {
  // Hostile input: a 200,000-character id in a ratio note overflowed the stack of the
  // backtracking regex that read these notes. It is now read by one forward scan: an id over
  // 200 characters is not a ratio note; so is a figure of 25 digits.
  std::string huge = "ratio(" + std::string(200000, 'a') +
                     " / bs1) = 13.9x; ratio(bs64a / bs1) "
                     "= 1234567890123456789012345x";
  AddTrio(Base(), "800 tok/s", huge + "; ratio(bs64a / bs1) = 13.9x");
  SweepResult s = Run();
  EXPECT_TRUE(FindingsOf(s, "sibling-set").empty());
  const InstrumentResult* u = CheckOf(AuditOf(s, "bs64u"), "sibling-set");
  EXPECT_NE(u->reason.find("ratio 13.9x: 800 tok/s / 57.6 tok/s = 13.89"), std::string::npos)
      << u->reason;
}

TEST_F(SiblingSetTest, DifferentEngineFailsUnlessSetDiffersSaysWhy) {
  BenchRecord other{.id = "b", .value = "50 tok/s", .extra = "set = \"pair\"", .engine = "f"};
  Base()
      .Add(RecordKind::kBenchmark, BenchRecord{.id = "a", .extra = "set = \"pair\""}.Toml())
      .Add(RecordKind::kBenchmark, other.Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "sibling-set");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "set-mismatch");
  EXPECT_EQ(f[0].message, "engine is 'f' here but 'e' in a of the same set 'pair'");

  BenchRecord why = other;
  why.extra = "set = \"pair\"\nset_differs = { engine = \"the same run on the next release\" }";
  corpus_ = TestCorpus();
  Base()
      .Add(RecordKind::kBenchmark, BenchRecord{.id = "a", .extra = "set = \"pair\""}.Toml())
      .Add(RecordKind::kBenchmark, why.Toml());
  EXPECT_TRUE(FindingsOf(Run(), "sibling-set").empty());
}

TEST_F(SiblingSetTest, DoesNotApplyOutsideASet) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "sibling-set");
  EXPECT_EQ(c->verdict, Verdict::kNotApplicable);
  EXPECT_EQ(c->reason, "the record is in no sibling set");
}

// --- near-roof ----------------------------------------------------------------------------

using NearRoofTest = RoofsTest;

TEST_F(NearRoofTest, AFigureAtBandwidthOverBytesIsFlaggedAsComputed) {
  // No stated weights: W = 6.7e9 x 2 B = 13.4 GB, roof 1555e9 / 13.4e9 = 116.04 tok/s.
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.value = "116.0 tok/s", .weights = std::nullopt}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "near-roof");
  EXPECT_EQ(c->verdict, Verdict::kFail);
  auto f = FindingsOf(s, "near-roof");
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].code, "near-roof");
  EXPECT_EQ(f[0].message,
            "116.0 tok/s is 100.0% of its memory roof (116.0 tok/s): real stacks reach roughly "
            "35-85%, so a figure this close is suspect");
  EXPECT_EQ(f[1].code, "computed-not-measured");
  EXPECT_EQ(f[1].arithmetic, "1 x 1.555 TB/s / (6.7e9 params x 2 B (fp16)) = 116.0 tok/s");
}

TEST_F(NearRoofTest, AMeasurementNearAGuessedRoofButNotOnItIsNoEvidence) {
  // Stated weights of 6 GB on an A100 40GB: the memory roof is 1555e9 / 6e9 = 259.17 tok/s.
  // The 8-bit guess for MPT-7B is 1555e9 / (6.7e9 x 1 B) = 232.09 tok/s. A measured 231.5
  // tok/s (89.3% of the roof) is 0.25% off the guess: near, not equal to the digit written
  // (232.1). A guess is no evidence by nearness.
  Base().Add(RecordKind::kBenchmark, BenchRecord{.value = "231.5 tok/s", .weights = "6 GB"}.Toml());
  SweepResult s = Run();
  EXPECT_TRUE(FindingsOf(s, "near-roof").empty());
  EXPECT_EQ(CheckOf(AuditOf(s, "r"), "near-roof")->verdict, Verdict::kPass);
}

TEST_F(NearRoofTest, AFigureEqualToAGuessedRoofToEveryDigitIsFlagged) {
  // The same record at 232.1 tok/s: the 8-bit guess 232.09 rounds to it at one decimal.
  Base().Add(RecordKind::kBenchmark, BenchRecord{.value = "232.1 tok/s", .weights = "6 GB"}.Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "near-roof");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, CodeName(FindingCode::kComputedNotMeasured));
  EXPECT_EQ(f[0].arithmetic, "1 x 1.555 TB/s / (6.7e9 params x 1 B (8-bit)) = 232.1 tok/s");
}

TEST_F(NearRoofTest, AnOrdinaryFractionOfRoofPasses) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{}.Toml());
  SweepResult s = Run();
  EXPECT_EQ(CheckOf(AuditOf(s, "r"), "near-roof")->verdict, Verdict::kPass);
  EXPECT_TRUE(FindingsOf(s, "near-roof").empty());
}

TEST_F(NearRoofTest, TheThresholdIsConfigurable) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{}.Toml());
  SweepOptions options;
  options.near_roof_percent = 50;
  SweepResult s = Run(options);
  auto f = FindingsOf(s, "near-roof");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "near-roof");
}

TEST_F(NearRoofTest, DoesNotApplyWithoutAMemoryRoof) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.metric = "aggregate-output",
                                                 .value = "900 tok/s",
                                                 .batch = Absent("not published")}
                                         .Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "near-roof");
  EXPECT_EQ(c->verdict, Verdict::kNotApplicable);
  EXPECT_EQ(c->reason.rfind("no memory roof was computed: batch unknown", 0), 0u) << c->reason;
}

// --- calibration --------------------------------------------------------------------------

using CalibrationTest = RoofsTest;

TEST_F(CalibrationTest, ARecordInsideItsBandPasses) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.extra = "calibration = { expected_percent = 51.9, tolerance = 0.5 }"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "calibration");
  EXPECT_EQ(c->verdict, Verdict::kPass);
  EXPECT_EQ(c->reason, "lands at 51.9% of the memory-roof, inside its band 51.9 +- 0.5%");
  EXPECT_EQ(s.calibration_records, 1u);
  EXPECT_TRUE(s.Trusted());
}

TEST_F(CalibrationTest, ARecordOutsideItsBandMakesTheSweepUntrusted) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.extra = "calibration = { expected_percent = 60, tolerance = 0.5 }"}.Toml());
  const Corpus& corpus = corpus_.Build();
  Report report = BuildReport(corpus, Sweep(corpus));
  EXPECT_FALSE(report.sweep.Trusted());
  auto f = FindingsOf(report.sweep, "calibration");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "calibration-failed");
  EXPECT_EQ(f[0].message, "lands at 51.9% of the memory-roof, outside its band 60.0 +- 0.5%");
  std::ostringstream text;
  PrintText(report, TextOptions{}, text);
  EXPECT_EQ(text.str().rfind("CALIBRATION FAILED: 1 of 1 calibration records landed outside "
                             "their bands.",
                             0),
            0u)
      << text.str();
  EXPECT_EQ(ExitCodeFor(report, false), ExitCode::kFindings);
}

TEST_F(CalibrationTest, DoesNotApplyWithoutABand) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{}.Toml());
  SweepResult s = Run();
  EXPECT_EQ(CheckOf(AuditOf(s, "r"), "calibration")->verdict, Verdict::kNotApplicable);
  EXPECT_EQ(s.calibration_records, 0u);
}

// --- status -------------------------------------------------------------------------------

using StatusTest = RoofsTest;

TEST_F(StatusTest, VerifiedFigureOnADraftPartIsNoted) {
  Base()
      .Add(RecordKind::kAccelerator, PartRecord{.id = "draft-gpu",
                                                .name = "Draft GPU 9000",
                                                .status = "draft",
                                                .bandwidth = "1000 GB/s",
                                                .peaks = "fp16 = \"100 TFLOPS\""}
                                         .Toml())
      .Add(RecordKind::kBenchmark,
           BenchRecord{
               .value = "20 tok/s", .hardware = "Draft GPU 9000", .pointer = PointTo({"draft-gpu"})}
               .Toml());
  SweepResult s = Run();
  EXPECT_EQ(CheckOf(AuditOf(s, "r"), "status")->verdict, Verdict::kFail);
  auto f = FindingsOf(s, "status");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "relies-on-draft");
  EXPECT_EQ(f[0].severity, Severity::kNote);
  EXPECT_EQ(f[0].message,
            "a verified figure whose roofs rest on draft records: accelerator draft-gpu");
}

TEST_F(StatusTest, DeprecatedRecordsAreReportedApart) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.status = "deprecated"}.Toml());
  SweepResult s = Run();
  const InstrumentResult* c = CheckOf(AuditOf(s, "r"), "status");
  EXPECT_EQ(c->verdict, Verdict::kPass);
  EXPECT_EQ(c->reason, "deprecated: swept and reported apart; its findings never fail a sweep");
}

// --- spec-lint ----------------------------------------------------------------------------

using SpecLintTest = RoofsTest;

const InstrumentResult* PartCheck(const SweepResult& s, const std::string& id) {
  for (const auto& p : s.parts) {
    if (p.part->header.id == id) return &p.checks.at(0);
  }
  return nullptr;
}

TEST_F(SpecLintTest, SixteenBitPeakEqualToEightBitLooksSparse) {
  Base().Add(RecordKind::kAccelerator,
             PartRecord{.id = "h",
                        .name = "Hopper-ish",
                        .bandwidth = "3350 GB/s",
                        .peaks = "fp16 = \"1979 TFLOPS\"\nfp8 = \"1979 TFLOPS\""}
                 .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "spec-lint");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].record, "h");
  EXPECT_EQ(f[0].code, "sparse-looking-peak");
  EXPECT_EQ(f[0].where.path, "mem/accelerators/h.toml");
  EXPECT_EQ(PartCheck(s, "h")->verdict, Verdict::kFail);
}

TEST_F(SpecLintTest, APeakCitedFromASparseSourceIsFlagged) {
  corpus_.Add(RecordKind::kSource,
              "id = \"sparse-sheet\"\ntitle = \"A sheet of sparse peaks\"\npublisher = "
              "\"p\"\nurl = \"https://example.invalid/s\"\ndate = 2026-01-01\nkind = "
              "\"vendor-sheet\"\npeaks = \"sparse\"\n");
  Base().Add(RecordKind::kAccelerator, PartRecord{.id = "s",
                                                  .name = "Sparse-cited",
                                                  .bandwidth = "3350 GB/s",
                                                  .peaks = "fp16 = \"989 TFLOPS\"",
                                                  .peak_dense_source = "sparse-sheet"}
                                           .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "spec-lint");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, CodeName(FindingCode::kSparseSource));
  EXPECT_EQ(f[0].record, "s");
}

TEST_F(SpecLintTest, NarrowerPrecisionBelowAWiderOneIsNonMonotonic) {
  Base().Add(RecordKind::kAccelerator,
             PartRecord{.id = "h",
                        .name = "Odd part",
                        .bandwidth = "3350 GB/s",
                        .peaks = "fp16 = \"989 TFLOPS\"\nfp8 = \"500 TFLOPS\""}
                 .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "spec-lint");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "non-monotonic-peaks");
  EXPECT_EQ(f[0].message,
            "fp8 (500 TFLOP/s) is below fp16 (989 TFLOP/s): a narrower precision should not "
            "compute slower");
}

TEST_F(SpecLintTest, BinaryBandwidthUnitsAreFlagged) {
  Base().Add(RecordKind::kAccelerator, PartRecord{.id = "t",
                                                  .name = "Tensor chip",
                                                  .bandwidth = "800 GiB/s",
                                                  .peaks = "bf16 = \"197 TFLOPS\""}
                                           .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "spec-lint");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "binary-bandwidth");
}

TEST_F(SpecLintTest, AGigabyteFigureConvertedAsGibibytesIsFlagged) {
  Base().Add(RecordKind::kAccelerator,
             PartRecord{.id = "x", .name = "Converted part", .bandwidth = "2189.359 GB/s"}.Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "spec-lint");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "gb-gib-confusion");
  EXPECT_EQ(f[0].hint, "the vendor figure is likely 2039 GB/s");
}

TEST_F(SpecLintTest, TwoPartsSharingAnAliasAreFlagged) {
  Base().Add(
      RecordKind::kAccelerator,
      PartRecord{.id = "dup", .name = "Another A100", .aliases = List({"NVIDIA A100-SXM4-40GB"})}
          .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "spec-lint");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "duplicate-name");
  EXPECT_EQ(f[0].message,
            "'NVIDIA A100-SXM4-40GB' also names a100-40gb-sxm4: hardware text with it cannot "
            "tell the two apart");
}

TEST_F(SpecLintTest, ACleanPartPassesAndAPartWithoutPeaksSaysThePeakRulesDoNotApply) {
  Base();
  SweepResult s = Run();
  EXPECT_TRUE(FindingsOf(s, "spec-lint").empty());
  EXPECT_EQ(PartCheck(s, "a100-40gb-sxm4")->verdict, Verdict::kPass);
  EXPECT_EQ(PartCheck(s, "soc-no-peak")->reason,
            "no peaks stated: the peak rules do not apply; bandwidth 400 GB/s");
}

// --- waivers and baselines ----------------------------------------------------------------

using WaiversTest = RoofsTest;

TEST_F(WaiversTest, AWaivedFindingIsShownMarkedAndDoesNotFail) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{
          .value = "150 tok/s",
          .tail =
              "[[waivers]]\ninstrument = \"memory-roof\"\nreason = \"known to be speculative\"\n"}
          .Toml());
  const Corpus& corpus = corpus_.Build();
  Report report = BuildReport(corpus, Sweep(corpus));
  auto f = FindingsOf(report.sweep, "memory-roof");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(f[0].waived);
  EXPECT_EQ(f[0].waiver_reason, "known to be speculative");
  EXPECT_EQ(report.summary.waived, 1u);
  EXPECT_EQ(report.summary.errors, 0u);
  EXPECT_EQ(ExitCodeFor(report, false), ExitCode::kClean);
}

TEST_F(WaiversTest, AWaiverThatMatchesNothingIsAFinding) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.tail = "[[waivers]]\ninstrument = \"near-roof\"\nreason = \"was close once\"\n"}
          .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "waivers");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "unused-waiver");
  EXPECT_EQ(f[0].message, "the waiver for near-roof matches no finding");
}

TEST_F(WaiversTest, AWaiverNamingNoInstrumentIsAnError) {
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{.tail = "[[waivers]]\ninstrument = \"near-rof\"\nreason = \"typo\"\n"}.Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "waivers");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "unknown-instrument");
  EXPECT_EQ(f[0].hint, "did you mean 'near-roof'?");
}

TEST_F(WaiversTest, AWaiverNamingNoFindingCodeIsAnError) {
  // A misspelt code would otherwise waive nothing, silently, while the finding it meant to
  // accept fails the sweep.
  Base().Add(
      RecordKind::kBenchmark,
      BenchRecord{
          .tail =
              "[[waivers]]\ninstrument = \"near-roof\"\ncode = \"near-rof\"\nreason = \"typo\"\n"}
          .Toml());
  SweepResult s = Run();
  auto f = FindingsOf(s, "waivers");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, CodeName(FindingCode::kUnknownCode));
  EXPECT_EQ(f[0].severity, Severity::kError);
  EXPECT_EQ(f[0].message, "the waiver names finding code 'near-rof', which does not exist");
  EXPECT_EQ(f[0].hint, "did you mean 'near-roof'?");
}

TEST_F(WaiversTest, BaselineHidesKnownFindingsAndRefusesForeignFiles) {
  Base().Add(RecordKind::kBenchmark, BenchRecord{.value = "150 tok/s"}.Toml());
  const Corpus& corpus = corpus_.Build();
  SweepResult s = Sweep(corpus);
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() /
                 ("rooflint-baseline-test-" +
                  std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::create_directories(dir);
  std::string path = (dir / "baseline.tsv").string();
  std::string error;
  ASSERT_TRUE(WriteBaseline(path, s.findings, false, error)) << error;
  Baseline baseline;
  ASSERT_TRUE(ReadBaseline(path, baseline, error)) << error;
  EXPECT_EQ(baseline.keys.count({"r", "memory-roof", "exceeds-roof"}), 1u);
  ApplyBaseline(baseline, s.findings);
  Report report = BuildReport(corpus, std::move(s));
  EXPECT_EQ(report.summary.errors, 0u);
  EXPECT_EQ(report.summary.baselined, 1u);
  EXPECT_EQ(ExitCodeFor(report, false), ExitCode::kClean);

  std::string foreign = (dir / "notes.txt").string();
  std::ofstream(foreign) << "my notes\n";
  EXPECT_FALSE(WriteBaseline(foreign, report.sweep.findings, false, error));
  EXPECT_EQ(error, foreign +
                       ": error[baseline]: refusing to replace a file that is not a rooflint "
                       "baseline\n  hint: choose another path, or pass --force to replace it");
  std::ifstream kept(foreign);
  std::string line;
  std::getline(kept, line);
  EXPECT_EQ(line, "my notes");
  EXPECT_TRUE(WriteBaseline(foreign, report.sweep.findings, true, error)) << error;
  EXPECT_FALSE(ReadBaseline((dir / "missing.tsv").string(), baseline, error));
  fs::remove_all(dir);
}

// A baseline line of tabs (60 MiB of them passed the 64 MiB cap) is refused once its fourth
// field begins, never split whole first: reading it takes about as long as reading a line of
// the same length with no tab (it made 63 million strings).
TEST(BaselineHostile, ALineOfTabsIsRefusedWithoutSplittingItWhole) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("rooflint-tabs-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const size_t bytes = 4'000'000;
  auto read = [&](char filler) {
    const std::string path = (dir / "b.tsv").string();
    std::ofstream(path, std::ios::binary) << "# rooflint baseline v1\n"
                                          << std::string(bytes, filler) << "\n";
    Baseline baseline;
    std::string error;
    auto start = std::chrono::steady_clock::now();
    EXPECT_FALSE(ReadBaseline(path, baseline, error));
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::pair{seconds, error};
  };
  read('x');  // warm the page cache and the allocator
  double plain = 1e300, tabs = 1e300;
  std::string error;
  for (int run = 0; run < 3; ++run) {
    plain = std::min(plain, read('x').first);
    auto [t, e] = read('\t');
    tabs = std::min(tabs, t);
    error = e;
  }
  EXPECT_NE(error.find(":2: error[baseline]: expected 3 tab-separated fields (record, "
                       "instrument, code), found 4000001"),
            std::string::npos)
      << error;
  EXPECT_LT(tabs, 4 * plain + 0.01) << tabs << " s against " << plain << " s";
  fs::remove_all(dir);
}

// --- the JSON shape and the bundled corpus -------------------------------------------------

TEST_F(RoofsTest, JsonCarriesChecksInTheShapeOfRoofsAndFindingsWithTheirInstrument) {
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.value = "57.0 tok/s", .extra = "derived_from = \"0.9 req/s\""}.Toml());
  const Corpus& corpus = corpus_.Build();
  Report report = BuildReport(corpus, Sweep(corpus));
  std::ostringstream out;
  PrintJson(report, out);
  auto j = nlohmann::json::parse(out.str());
  const auto& checks = j["records"][0]["checks"];
  size_t per_record_checks = 0;  // every check but spec-lint, which audits accelerators
  for (const InstrumentInfo* i : InstrumentInfos()) {
    if (i->kind == InstrumentKind::kCheck && i->id != ids::kSpecLint) ++per_record_checks;
  }
  ASSERT_EQ(checks.size(), per_record_checks);
  for (const auto& c : checks) {
    for (const char* key : {"instrument", "verdict", "bound", "unit", "percent", "reason",
                            "arithmetic", "accelerators"}) {
      EXPECT_TRUE(c.contains(key)) << key;
    }
  }
  bool derivation = false;
  for (const auto& f : j["findings"]) {
    EXPECT_TRUE(f.contains("instrument"));
    derivation = derivation || f["instrument"] == "derivation";
  }
  EXPECT_TRUE(derivation);
  EXPECT_EQ(j["parts"].size(), 4u);
  EXPECT_EQ(j["calibration"]["trusted"], true);
}

TEST(BundledCorpus, TrioConditionsPointersAndCalibration) {
  std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
  Corpus corpus = LoadCorpus(roots);
  SweepResult s = Sweep(corpus);
  const RecordAudit& bs1 = AuditOf(s, "mpt7b-a100-bs1-per-user-decode-tps");
  const InstrumentResult* c = CheckOf(bs1, "conditions");
  ASSERT_NE(c, nullptr);
  // The reasons in parentheses are the record's own prose, which people edit: this asserts the
  // count, the conditions named and the finding code (the wording is pinned by
  // ConditionsTest on a fixture record).
  EXPECT_EQ(c->verdict, Verdict::kPass);
  EXPECT_EQ(c->reason.rfind("ABSENT CONDITIONS (2 of 7): engine version (", 0), 0u) << c->reason;
  EXPECT_NE(c->reason.find("), warmup ("), std::string::npos) << c->reason;
  EXPECT_NE(c->reason.find("); scenario absent ("), std::string::npos) << c->reason;
  size_t no_scenario = 0;
  for (const Finding& f : FindingsOf(s, "conditions")) {
    if (f.record == "mpt7b-a100-bs1-per-user-decode-tps") {
      EXPECT_EQ(f.code, CodeName(FindingCode::kNoScenario)) << f.message;
      ++no_scenario;
    }
  }
  EXPECT_EQ(no_scenario, 1u);
  const InstrumentResult* p = CheckOf(bs1, "pointers");
  ASSERT_NE(p, nullptr);
  // The source's "1x A100 40GB" names no form factor: the pointer names both candidates.
  EXPECT_EQ(p->verdict, Verdict::kPass);
  EXPECT_NE(p->reason.find("the pointer agrees with the hardware text '1x NVIDIA A100 40GB'"),
            std::string::npos)
      << p->reason;
  EXPECT_EQ(CheckOf(bs1, "derivation")->verdict, Verdict::kPass);
  EXPECT_GE(s.calibration_records, 6u);
  EXPECT_TRUE(s.Trusted());
  for (const auto& a : s.records) {
    for (const auto& r : a.checks) {
      if (r.instrument == "sibling-set") {
        EXPECT_NE(r.verdict, Verdict::kFail) << a.benchmark->header.id << ": " << r.reason;
      }
    }
  }
}

}  // namespace
}  // namespace rooflint
