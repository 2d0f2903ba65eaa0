// Building instrument results and findings: a bound combined over the candidate parts, the
// not-computable, not-applicable and check results, and the findings they give.
#include "audit/results.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "rooflint/units.h"

namespace rooflint {

InstrumentResult NotApplicable(std::string_view instrument, SharedText reason) {
  InstrumentResult r;
  r.instrument = instrument;
  r.verdict = Verdict::kNotApplicable;
  r.reason = std::move(reason);
  return r;
}

InstrumentResult CheckResult(std::string_view instrument, bool pass, SharedText reason,
                             SharedText evidence) {
  InstrumentResult r;
  r.instrument = instrument;
  r.verdict = pass ? Verdict::kPass : Verdict::kFail;
  r.reason = std::move(reason);
  r.arithmetic = std::move(evidence);
  return r;
}

Finding MakeFinding(const Benchmark& b, std::string_view instrument, FindingCode code,
                    std::string message, std::string_view key, std::string arithmetic,
                    std::string hint) {
  Finding f;
  f.record = b.header.id;
  f.instrument = std::string(instrument);
  SetCode(f, code);
  f.message = message;
  f.arithmetic = arithmetic;
  f.hint = hint;
  f.where = b.header.keys.Find(key, b.header.path);
  // The value's line was kept when the record was read: the reports that show it need not
  // read the file again.
  if (key == "value") SetSourceLine(f, ValueLine(b));
  f.deprecated = b.header.status == Status::kDeprecated;
  return f;
}

InstrumentResult NotComputable(std::string_view instrument, std::string_view unit,
                               SharedText reason) {
  InstrumentResult r;
  r.instrument = instrument;
  r.verdict = Verdict::kNotComputable;
  r.unit = unit;
  r.reason = std::move(reason);
  return r;
}

InstrumentResult CombineOverParts(std::string_view instrument, const AuditInput& in, BoundKind kind,
                                  double value, std::string_view unit,
                                  const std::function<PartBound(const Accelerator&)>& per_part) {
  if (in.parts.empty()) return NotComputable(instrument, unit, in.parts_problem);
  if (in.count <= 0) return NotComputable(instrument, unit, in.count_problem);
  std::vector<PartBound> bounds;
  bounds.reserve(in.parts.size());
  for (const Accelerator* p : in.parts) {
    bounds.push_back(per_part(*p));
    if (!bounds.back().problem.empty()) {
      std::string why = bounds.back().problem;
      if (in.parts.size() > 1) {
        why = fmt::format("{} (candidate {}; the most generous over all candidates is unknown)",
                          why, p->header.id);
      }
      return NotComputable(instrument, unit, why);
    }
  }
  size_t best = 0;
  for (size_t i = 1; i < bounds.size(); ++i) {
    bool better = kind == BoundKind::kCeiling ? bounds[i].bound > bounds[best].bound
                                              : bounds[i].bound < bounds[best].bound;
    if (better) best = i;
  }
  InstrumentResult r;
  r.instrument = instrument;
  r.unit = unit;
  r.bound = bounds[best].bound;
  r.formula = std::move(bounds[best].formula);
  Formula& formula = *r.formula;
  r.percent = kind == BoundKind::kCeiling ? value / r.bound * 100.0 : r.bound / value * 100.0;
  r.assumption = bounds[best].assumption;
  if (!r.assumption.empty()) {
    // The most generous assumption-free bound over the candidates.
    for (const PartBound& pb : bounds) {
      double safe = pb.assumption_free_bound;
      if (std::isnan(safe)) continue;
      if (std::isnan(r.assumption_free_bound) ||
          (kind == BoundKind::kCeiling ? safe > r.assumption_free_bound
                                       : safe < r.assumption_free_bound)) {
        r.assumption_free_bound = safe;
      }
    }
  }
  // A hair of tolerance so a value printed at the roof's own rounding is not "over".
  r.verdict = r.percent > 100.0 + 1e-9 ? Verdict::kExceeds : Verdict::kWithin;
  for (const Accelerator* p : in.parts) r.accelerators.push_back(p->header.id.str());
  if (in.parts.size() > 1) {
    formula.candidate_bounds.reserve(bounds.size());
    for (const PartBound& pb : bounds) formula.candidate_bounds.push_back(pb.bound);
    formula.candidates_basis = in.parts_how;
  }
  // n read from the hardware text is an assumption for every bound that uses it.
  AddAssumption(r, in.count_assumption);
  return r;
}

bool AlreadyExceeds(const RecordAudit& out, std::string_view instrument) {
  for (const InstrumentResult& r : out.roofs) {
    if (r.instrument == instrument && r.verdict == Verdict::kExceeds) return true;
  }
  return false;
}

std::string FindingArithmetic(const AuditInput& in, const InstrumentResult& r) {
  if (!in.options->findings_arithmetic) return {};  // Resolve sets options on every input
  return ArithmeticText(r);
}

void AddExceedsFinding(const AuditInput& in, const InstrumentResult& r, std::string_view what,
                       std::vector<Finding>& findings) {
  const Benchmark& b = *in.benchmark;
  bool floor = IsFloor(r.instrument);
  // Past a bound that rests on an unstated fact: an error only when also past the bound
  // without it; otherwise a warning that names the assumption.
  bool assumed = !r.assumption.empty();
  if (assumed && !std::isnan(r.assumption_free_bound)) {
    double v = floor ? b.value.si * 1e3 : b.value.si;
    bool past_safe = floor ? v < r.assumption_free_bound * (1 - 1e-11)
                           : v > r.assumption_free_bound * (1 + 1e-11);
    if (past_safe) assumed = false;
  }
  std::string message =
      floor ? fmt::format("{} is below the {} of {} {}: {}% of the floor", b.value.text, what,
                          FormatNumber(r.bound), r.unit, FormatNumber(r.percent))
            : fmt::format("{} is {}% of the {} ({} {})", b.value.text, FormatNumber(r.percent),
                          what, FormatNumber(r.bound), r.unit);
  if (!r.assumption.empty() && assumed) {
    message += fmt::format(", if {}", r.assumption);
  } else if (!r.assumption.empty()) {
    message += fmt::format(", and past {} {} even without assuming {}",
                           FormatNumber(r.assumption_free_bound), r.unit, r.assumption);
  }
  FindingCode code =
      floor ? (assumed ? FindingCode::kBelowFloorAssuming : FindingCode::kBelowFloor)
            : (assumed ? FindingCode::kExceedsRoofAssuming : FindingCode::kExceedsRoof);
  findings.push_back(
      MakeFinding(b, r.instrument, code, std::move(message), "value", FindingArithmetic(in, r),
                  assumed ? fmt::format("the bound assumes {}; state it in the record to make this "
                                        "finding definite",
                                        r.assumption)
                          : ""));
}

void AddAssumption(InstrumentResult& r, const std::string& assumption) {
  if (assumption.empty() || r.verdict == Verdict::kNotComputable) return;
  r.assumption =
      r.assumption.empty() ? assumption : fmt::format("{}, and {}", assumption, r.assumption);
  r.assumption_free_bound = std::numeric_limits<double>::quiet_NaN();
}

}  // namespace rooflint
