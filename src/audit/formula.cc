// Formatting a bound's formula: its values put in, each in its unit, and the account of how
// its terms were obtained. The instruments build formulas as data; these texts are made only
// when a report prints them.
#include <fmt/format.h>

#include <cassert>
#include <cmath>

#include "rooflint/audit.h"
#include "rooflint/units.h"

namespace rooflint {

std::string BasisText(const Basis& b) {
  if (b.rule == nullptr) return b.text.str();
  std::string out;
  b.rule(b, out);
  return out;
}

void SettleBases(Formula& f) {
  for (Term& t : f.terms) {
    if (t.basis.rule != nullptr) t.basis = Basis(BasisText(t.basis));
  }
}

const Term* Formula::Find(std::string_view symbol) const {
  for (const Term& t : terms) {
    if (t.symbol == symbol) return &t;
  }
  return nullptr;
}

std::string_view TermUnitName(TermUnit unit) {
  switch (unit) {
    case TermUnit::kCount:
      return "count";
    case TermUnit::kTokens:
      return "tokens";
    case TermUnit::kParams:
      return "params";
    case TermUnit::kBytes:
      return "B";
    case TermUnit::kBytesPerSecond:
      return "B/s";
    case TermUnit::kFlopsPerSecond:
      return "FLOP/s";
    case TermUnit::kMilliseconds:
      return "ms";
    case TermUnit::kPercent:
      return "%";
  }
  return "?";
}

std::string TermValueText(const Term& t) {
  switch (t.unit) {
    case TermUnit::kCount:
    case TermUnit::kTokens:
      return fmt::format("{:g}", t.value);
    case TermUnit::kParams:
      return FormatSi(t.value);
    case TermUnit::kBytes:
      return FormatBytes(t.value);
    case TermUnit::kBytesPerSecond:
      return FormatBandwidth(t.value);
    case TermUnit::kFlopsPerSecond:
      return FormatFlops(t.value);
    case TermUnit::kMilliseconds:
      return fmt::format("{} ms", FormatNumber(t.value));
    case TermUnit::kPercent:
      return fmt::format("{}%", FormatNumber(t.value));
  }
  return FormatSi(t.value);
}

namespace {

// `text` with each {X} put in as term X's value and each {X.basis} as its basis.
std::string PutIn(const Formula& f, std::string_view text) {
  std::string out;
  out.reserve(text.size() + 16 * f.terms.size());
  while (!text.empty()) {
    const size_t open = text.find('{');
    const size_t close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) {
      out += text;
      break;
    }
    out += text.substr(0, open);
    std::string_view symbol = text.substr(open + 1, close - open - 1);
    const bool basis = symbol.ends_with(".basis");
    if (basis) symbol.remove_suffix(6);
    if (const Term* t = f.Find(symbol)) {
      out += basis ? BasisText(t->basis) : TermValueText(*t);
    } else {
      out += symbol;  // a symbol the formula names but does not carry: printed as itself
    }
    text.remove_prefix(close + 1);
  }
  return out;
}

}  // namespace

std::string FormulaText(const Formula& f) { return PutIn(f, f.text); }

std::string ArithmeticText(const InstrumentResult& r) {
  if (!r.formula) return r.arithmetic.str();
  const Formula& f = *r.formula;
  // A bound's formula gives its value; a check's (capacity) says its own result.
  const std::string result =
      r.Computed() ? fmt::format(" = {} {}", FormatNumber(r.bound), r.unit) : std::string();
  return fmt::format("{}{}{}", FormulaText(f), result, PutIn(f, f.remark));
}

std::string AccountText(const InstrumentResult& r) {
  if (!r.formula) return r.reason.str();
  std::vector<std::string> bases;
  bases.reserve(r.formula->terms.size());
  for (const Term& t : r.formula->terms) bases.push_back(BasisText(t.basis));
  return AccountText(r, bases);
}

std::string AccountText(const InstrumentResult& r, std::span<const std::string> bases) {
  if (!r.formula) return r.reason.str();
  const Formula& f = *r.formula;
  std::string out(r.reason.view());  // a check's finding, before its account; "" for a bound
  auto add = [&out](std::string_view piece) {
    if (piece.empty()) return;
    if (!out.empty()) out += "; ";
    out += piece;
  };
  const std::vector<Term>& terms = f.terms;
  // One basis a term (a mismatch is a caller's bug: the tests stop on it, a release build
  // leaves the unmatched terms' bases out rather than read past `bases`).
  assert(bases.size() == terms.size());
  for (size_t i = 0; i < terms.size(); ++i) {
    if (terms[i].basis.empty() || i >= bases.size()) continue;
    // A basis the arithmetic's remark quotes is not said twice.
    if (!f.remark.empty() &&
        f.remark.find(fmt::format("{{{}.basis}}", terms[i].symbol)) != std::string_view::npos) {
      continue;
    }
    bool repeat = false;
    for (size_t j = 0; j < i; ++j) repeat = repeat || terms[j].symbol == terms[i].symbol;
    if (!repeat) {
      add(terms[i].symbol);
      out += " = ";
      out += bases[i];
    }
  }
  add(f.note);
  const std::vector<double>& candidates = f.candidate_bounds;
  if (candidates.size() > 1 && candidates.size() == r.accelerators.size()) {
    std::string each;
    size_t best = 0;
    bool agree = true;
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (!each.empty()) each += ", ";
      each += fmt::format("{} {}", r.accelerators[i], FormatNumber(candidates[i]));
      agree = agree && std::fabs(candidates[i] - r.bound) <= 1e-9 * std::fabs(r.bound);
      if (candidates[i] == r.bound && candidates[best] != r.bound) best = i;
    }
    add(fmt::format(
        "{}; computed with every candidate ({}): {}", f.candidates_basis.view(), each,
        agree ? "they agree"
              : fmt::format("they differ, the most generous ({}) is used", r.accelerators[best])));
  }
  return out;
}

}  // namespace rooflint
