// A bound's formula is data: a static text naming its terms in braces and the terms, each a
// value with its unit and basis. The texts the reports print are made from it when printed.
#include <gtest/gtest.h>

#include <string>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"

namespace rooflint {
namespace {

InstrumentResult MemoryRoofOf(double bound) {
  InstrumentResult r;
  r.instrument = ids::kMemoryRoof;
  r.verdict = Verdict::kWithin;
  r.unit = "tok/s";
  r.bound = bound;
  r.formula.emplace();
  r.formula->text = "{B} x {n} x {BW} / {W}";
  r.formula->terms = {{"W", 14e9, TermUnit::kBytes, "14 GB stated by the record"},
                      {"n", 2, TermUnit::kCount, {}},
                      {"B", 64, TermUnit::kCount, "batch 64"},
                      {"BW", 1555e9, TermUnit::kBytesPerSecond, {}}};
  return r;
}

TEST(FormulaTest, ValuesArePutInEachInItsUnit) {
  InstrumentResult r = MemoryRoofOf(14217.1);
  EXPECT_EQ(FormulaText(*r.formula), "64 x 2 x 1.555 TB/s / 14 GB");
  EXPECT_EQ(ArithmeticText(r), "64 x 2 x 1.555 TB/s / 14 GB = 14217.1 tok/s");
  EXPECT_EQ(TermValueText({"F", 312e12, TermUnit::kFlopsPerSecond, {}}), "312 TFLOP/s");
  EXPECT_EQ(TermValueText({"P", 6.7e9, TermUnit::kParams, {}}), "6.7e9");
  EXPECT_EQ(TermValueText({"t", 9.003215, TermUnit::kMilliseconds, {}}), "9.0 ms");
}

TEST(FormulaTest, TheAccountSaysHowEachTermWasObtainedInTheOrderOfTheTerms) {
  InstrumentResult r = MemoryRoofOf(14217.1);
  r.formula->note = "aggregate decode";
  EXPECT_EQ(AccountText(r), "W = 14 GB stated by the record; B = batch 64; aggregate decode");
}

TEST(FormulaTest, ARemarkQuotesABasisWhichTheAccountThenLeavesOut) {
  InstrumentResult r = MemoryRoofOf(100);
  r.formula->remark = "  [W = {W.basis}]";
  EXPECT_EQ(ArithmeticText(r),
            "64 x 2 x 1.555 TB/s / 14 GB = 100.0 tok/s  [W = 14 GB stated by the record]");
  EXPECT_EQ(AccountText(r), "B = batch 64");
}

TEST(FormulaTest, ASymbolWithoutATermIsPrintedAsItselfAndAnOpenBraceAsText) {
  Formula f;
  f.text = "{x} + {n} {unclosed";
  f.terms = {{"n", 3, TermUnit::kTokens, {}}};
  EXPECT_EQ(FormulaText(f), "x + 3 {unclosed");
}

TEST(FormulaTest, CandidatesAreListedWithTheMostGenerousNamed) {
  InstrumentResult r = MemoryRoofOf(120);
  r.accelerators = {"a", "b"};
  r.formula->candidate_bounds = {100, 120};
  r.formula->candidates_basis = "hardware text 'x' matches 2 parts";
  EXPECT_EQ(AccountText(r),
            "W = 14 GB stated by the record; B = batch 64; hardware text 'x' matches 2 parts; "
            "computed with every candidate (a 100.0, b 120.0): they differ, the most generous "
            "(b) is used");
}

TEST(FormulaTest, AResultNotComputedHasItsReasonAndACheckItsEvidence) {
  InstrumentResult r = MemoryRoofOf(0);
  r.verdict = Verdict::kNotComputable;
  r.formula.reset();  // a bound not computed has no formula
  r.reason = "no weight bytes";
  EXPECT_EQ(AccountText(r), "no weight bytes");
  EXPECT_EQ(ArithmeticText(r), "");
  InstrumentResult check;
  check.verdict = Verdict::kPass;
  check.reason = "fits";
  check.arithmetic = "1 B needed vs 2 B";
  EXPECT_EQ(AccountText(check), "fits");
  EXPECT_EQ(ArithmeticText(check), "1 B needed vs 2 B");
}

TEST(FormulaTest, ACheckWithAFormulaSaysItsOwnResultAndItsReasonComesFirst) {
  // capacity: what must be resident against what the parts hold.
  InstrumentResult r;
  r.instrument = ids::kCapacity;
  r.verdict = Verdict::kFail;
  r.reason = "150 GB must be resident";
  r.formula.emplace();
  r.formula->text = "{W} weights = {W} needed vs {n} x {M} ({share})";
  r.formula->terms = {{"W", 150e9, TermUnit::kBytes, "stated"},
                      {"n", 1, TermUnit::kCount, {}},
                      {"M", 80e9, TermUnit::kBytes, "80 GB"},
                      {"share", 187.5, TermUnit::kPercent, {}}};
  EXPECT_EQ(ArithmeticText(r), "150 GB weights = 150 GB needed vs 1 x 80 GB (187.5%)");
  EXPECT_EQ(AccountText(r), "150 GB must be resident; W = stated; M = 80 GB");
}

TEST(FormulaSweepTest, EveryComputedBoundCarriesAFormulaWhoseTermsItNames) {
  // Every computed roof and floor of the bundled corpus: a formula whose every {symbol} is a
  // term it carries, so no printed arithmetic shows a bare symbol.
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  SweepResult s = Sweep(corpus);
  size_t computed = 0;
  for (const RecordAudit& a : s.records) {
    for (const InstrumentResult& r : a.roofs) {
      if (!r.Computed()) continue;
      ++computed;
      ASSERT_TRUE(r.formula && !r.formula->text.empty())
          << a.benchmark->header.id << " " << r.instrument;
      for (std::string_view text : {r.formula->text, r.formula->remark}) {
        for (size_t open = text.find('{'); open != std::string_view::npos;
             open = text.find('{', open + 1)) {
          std::string_view symbol = text.substr(open + 1, text.find('}', open) - open - 1);
          if (symbol.ends_with(".basis")) symbol.remove_suffix(6);
          EXPECT_NE(r.formula->Find(symbol), nullptr)
              << a.benchmark->header.id << " " << r.instrument << ": {" << symbol << "}";
        }
      }
    }
  }
  EXPECT_GT(computed, 150u);
}

}  // namespace
}  // namespace rooflint
