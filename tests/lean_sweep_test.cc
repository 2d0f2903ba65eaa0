// A sweep that keeps only what its report reads (SweepOptions::keep, findings_arithmetic;
// ReportFormat::reads) must agree with the full sweep on everything that report reads.
// Differential, on the bundled corpus, every test corpus and a synthetic corpus, at the default
// near-roof threshold and at one that makes near-roof quote many memory roofs: the same
// findings field by field, each record's binding roof and roofs not computed with their bounds
// and reasons (without their formulas, which those reports do not print), and every report,
// whole and concise, byte for byte.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "../bench/synthetic_corpus.h"
#include "fixtures.h"
#include "rooflint/report.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

namespace fs = std::filesystem;

bool SameNumber(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

// Differences between the findings and calibration counts of two sweeps (their arithmetic
// only when `arithmetic`).
std::vector<std::string> FindingDifferences(const SweepResult& full, const SweepResult& lean,
                                            bool arithmetic = true) {
  std::vector<std::string> out;
  if (full.findings.size() != lean.findings.size()) {
    out.push_back("finding counts differ");
    return out;
  }
  for (size_t i = 0; i < full.findings.size(); ++i) {
    const Finding& a = full.findings[i];
    const Finding& b = lean.findings[i];
    if (arithmetic ? a.arithmetic != b.arithmetic : !b.arithmetic.empty()) {
      out.push_back("arithmetic differs: " + b.arithmetic.str() + "\nvs\n" + a.arithmetic.str());
    }
    Finding without = a;
    if (!arithmetic) without.arithmetic = SharedText();
    if (Render(without) != Render(b) || a.hint != b.hint || a.record != b.record ||
        a.instrument != b.instrument || a.severity != b.severity || a.waived != b.waived ||
        a.waiver_reason != b.waiver_reason) {
      out.push_back("finding differs: " + Render(b) + "\nvs\n" + Render(a));
    }
  }
  if (full.calibration_failures != lean.calibration_failures ||
      full.calibration_records != lean.calibration_records) {
    out.push_back("calibration counts differ");
  }
  return out;
}

// The lines around the first byte where `a` and `b` differ, each as it is in both.
std::string FirstDifference(const std::string& a, const std::string& b) {
  size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  size_t from = at < 200 ? 0 : at - 200;
  return "full: ..." + a.substr(from, 400) + "\nlean: ..." + b.substr(from, 400);
}

// Every report, whole and concise, one after the other: each printed from `full` when it is
// given, else from a sweep of `options` that keeps only what the report reads.
std::string EveryReport(const Corpus& corpus, const Report* full, const SweepOptions& options) {
  std::ostringstream out;
  for (const ReportFormat& format : ReportFormats()) {
    for (bool verbose : {true, false}) {
      PrintOptions print;
      print.verbose = verbose;
      out << "--- " << format.name << (verbose ? "" : " concise") << "\n";
      if (full != nullptr) {
        format.print(*full, print, out);
        continue;
      }
      SweepOptions narrow = options;
      format.reads(print).Narrow(narrow);
      format.print(BuildReport(corpus, Sweep(corpus, narrow)), print, out);
    }
  }
  return out.str();
}

// Sweeps `corpus` fully and lean (without keeping every result), at the default threshold and
// at `near`; returns how many results the lean sweep did not keep.
size_t ExpectLeanSweepAgrees(const Corpus& corpus, const std::string& name, double near = 50) {
  size_t left_out = 0;
  for (double threshold : {SweepOptions{}.near_roof_percent, near}) {
    SweepOptions full_options, lean_options;
    full_options.near_roof_percent = lean_options.near_roof_percent = threshold;
    lean_options.keep = KeptResults::kBinding;
    SweepResult full = Sweep(corpus, full_options);
    SweepResult lean = Sweep(corpus, lean_options);
    // Keeping nothing, and no arithmetic: the same findings but for that.
    SweepOptions none_options = lean_options;
    none_options.keep = KeptResults::kNone;
    none_options.findings_arithmetic = false;
    SweepResult none = Sweep(corpus, none_options);
    const std::string where = name + ", near-roof at " + std::to_string(threshold) + "%: ";
    // The same findings, and each record keeps its binding roof and the roofs not computed, as
    // the full sweep has them, or its first roof.
    for (const std::string& d : FindingDifferences(full, lean)) ADD_FAILURE() << where << d;
    for (const std::string& d : FindingDifferences(full, none, false)) {
      ADD_FAILURE() << where << "keeping nothing: " << d;
    }
    for (const RecordAudit& a : none.records) {
      EXPECT_TRUE(a.benchmark != nullptr && a.roofs.empty() && a.checks.empty()) << where;
    }
    for (size_t i = 0; i < full.records.size(); ++i) {
      const RecordAudit& all = full.records[i];
      const RecordAudit& kept = lean.records[i];
      std::vector<const InstrumentResult*> want;
      for (const InstrumentResult& r : all.roofs) {
        if (&r == all.Binding() || r.verdict == Verdict::kNotComputable) want.push_back(&r);
      }
      if (want.empty() && !all.roofs.empty()) want.push_back(&all.roofs[0]);
      left_out += all.roofs.size() + all.checks.size() - want.size();
      EXPECT_TRUE(kept.checks.empty()) << where << kept.benchmark->header.id;
      if (kept.roofs.size() != want.size()) {
        ADD_FAILURE() << where << kept.benchmark->header.id << ": " << kept.roofs.size()
                      << " roofs kept, " << want.size() << " wanted";
        continue;
      }
      for (size_t k = 0; k < want.size(); ++k) {
        const InstrumentResult& a = *want[k];
        const InstrumentResult& b = kept.roofs[k];
        EXPECT_TRUE(a.instrument == b.instrument && a.verdict == b.verdict &&
                    SameNumber(a.bound, b.bound) && SameNumber(a.percent, b.percent) &&
                    a.reason.view() == b.reason.view() &&
                    a.assumption.view() == b.assumption.view() && !b.formula)
            << where << kept.benchmark->header.id << " " << a.instrument;
      }
    }
    const Report full_report = BuildReport(corpus, std::move(full));
    const std::string reports = EveryReport(corpus, &full_report, full_options);
    const std::string narrow_reports = EveryReport(corpus, nullptr, full_options);
    EXPECT_TRUE(reports == narrow_reports)
        << where << "a report differs when its sweep keeps only what it reads, first at\n"
        << FirstDifference(reports, narrow_reports);
  }
  return left_out;
}

TEST(LeanSweep, AgreesWithTheFullSweepOnTheBundledCorpus) {
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  ASSERT_GT(corpus.benchmarks.size(), 100u);
  // It must leave something out, or it saves nothing.
  EXPECT_GT(ExpectLeanSweepAgrees(corpus, "bundled"), corpus.benchmarks.size());
}

TEST(LeanSweep, AgreesWhenEveryCalibrationFails) {
  // A failed calibration quotes its roof's arithmetic in its finding.
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  size_t moved = 0;
  for (Benchmark& b : corpus.benchmarks) {
    if (!b.calibration) continue;
    b.calibration->expected_percent += 30;
    ++moved;
  }
  ASSERT_GT(moved, 0u);
  SweepResult full = Sweep(corpus);
  EXPECT_EQ(full.calibration_failures, moved);
  ExpectLeanSweepAgrees(corpus, "bundled, calibrations moved");
}

TEST(LeanSweep, AgreesWithTheFullSweepOnEveryTestCorpus) {
  for (const auto& entry : fs::directory_iterator(ROOFLINT_TEST_CORPORA)) {
    if (!entry.is_directory()) continue;
    // Each beside the base corpus, whose parts and models its benchmarks point at.
    std::vector<std::string> roots = {(fs::path(ROOFLINT_TEST_CORPORA) / "base").string()};
    if (entry.path().filename() != "base") roots.push_back(entry.path().string());
    Corpus corpus = LoadCorpus(roots);
    ExpectLeanSweepAgrees(corpus, entry.path().filename().string());
  }
}

using testing::AddTrio;
using testing::BenchRecord;
using testing::RoofsTest;
using testing::TestCorpus;
using LeanSweepSortTest = RoofsTest;

TEST_F(LeanSweepSortTest, FindingsComeInPathLineAndInstrumentOrder) {
  // The corpus instruments' findings come after the records' and are sorted into place along
  // the permutation's cycles: a sibling-set finding on bs64a goes between aa's and zz's.
  TestCorpus& c = Base();
  c.Add(RecordKind::kBenchmark, BenchRecord{.id = "aa", .value = "3000 tok/s"}.Toml());
  AddTrio(c, "900 tok/s", "");
  c.Add(RecordKind::kBenchmark, BenchRecord{.id = "zz", .value = "3000 tok/s"}.Toml());
  const Corpus& corpus = c.Build();
  for (bool lean : {false, true}) {
    SweepOptions options;
    options.keep = lean ? KeptResults::kBinding : KeptResults::kEvery;
    SweepResult s = Sweep(corpus, options);
    std::vector<std::string> order;
    for (const Finding& f : s.findings) order.push_back(f.record + " " + f.instrument);
    ASSERT_GE(order.size(), 3u);
    EXPECT_EQ(order.front().rfind("aa ", 0), 0u) << ::testing::PrintToString(order);
    EXPECT_EQ(order.back().rfind("zz ", 0), 0u) << ::testing::PrintToString(order);
    EXPECT_NE(std::find(order.begin(), order.end(), "bs64a sibling-set"), order.end())
        << ::testing::PrintToString(order);
    EXPECT_TRUE(std::is_sorted(s.findings.begin(), s.findings.end(),
                               [](const Finding& a, const Finding& b) {
                                 return std::tie(a.where.path, a.where.line, a.instrument) <
                                        std::tie(b.where.path, b.where.line, b.instrument);
                               }))
        << ::testing::PrintToString(order);
  }
}

TEST(LeanSweep, AgreesWithTheFullSweepOnASyntheticCorpus) {
  // Every metric, batch, pointer and hardware-text shape of the benchmark generator, with
  // values on both sides of the roofs.
  fs::path root = fs::temp_directory_path() / ("rooflint-lean-sweep-" + std::to_string(getpid()));
  fs::remove_all(root);
  WriteSyntheticCorpus(root.string(), 3000);
  Corpus corpus = LoadCorpus(std::vector<std::string>{root.string()});
  fs::remove_all(root);
  ASSERT_EQ(corpus.benchmarks.size(), 3000u);
  EXPECT_GT(ExpectLeanSweepAgrees(corpus, "synthetic"), corpus.benchmarks.size());
}

}  // namespace
}  // namespace rooflint
