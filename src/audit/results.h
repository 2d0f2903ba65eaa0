// Building instrument results and findings: a bound computed per candidate part and combined
// into one result (the most generous), the not-computable, not-applicable and check results,
// and the findings a result gives. Every instrument builds its results with these.
#ifndef ROOFLINT_AUDIT_RESULTS_H_
#define ROOFLINT_AUDIT_RESULTS_H_

#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "audit/instrument.h"
#include "rooflint/audit.h"

namespace rooflint {

// What roofs and floors share in their declarations (InstrumentInfo, audit.h): the codes of a
// value past a bound, and the metrics the rate roofs and the step floors apply to.
inline constexpr FindingCode kRoofCodes[] = {FindingCode::kExceedsRoof,
                                             FindingCode::kExceedsRoofAssuming};
inline constexpr FindingCode kFloorCodes[] = {FindingCode::kBelowFloor,
                                              FindingCode::kBelowFloorAssuming};
// Every metric but the latencies, which the time floors bound.
inline constexpr MetricSet kRateMetrics({Metric::kPerUserDecode, Metric::kAggregateOutput,
                                         Metric::kAggregateTotal, Metric::kRequests,
                                         Metric::kPrefill});
inline constexpr std::string_view kLatencyNotApplicable =
    "a latency metric: the time floors bound it";
// Output-token rates, which a decode step bounds.
inline constexpr MetricSet kDecodeMetrics({Metric::kPerUserDecode, Metric::kAggregateOutput});
// Times per output token, which a decode step floors.
inline constexpr MetricSet kStepMetrics({Metric::kTpot, Metric::kItl});

// A bound computed for one candidate part: a value, or why it cannot be computed.
struct PartBound {
  double bound = 0;
  Formula formula;
  std::string problem;     // non-empty: not computable for this part
  std::string assumption;  // an unstated fact the bound takes (see InstrumentResult)
  double assumption_free_bound = std::numeric_limits<double>::quiet_NaN();
};

enum class BoundKind {
  kCeiling,  // a rate roof: the value must be at most the bound; larger bounds are generous
  kFloor,    // a time floor: the value must be at least the bound; smaller bounds are generous
};

// Computes `per_part` for every candidate and combines them into one result: the most
// generous bound when every candidate is computable, saying which parts were used and whether
// they agree; not-computable when any is not. Sets percent and verdict against `value` (in
// `unit`).
InstrumentResult CombineOverParts(std::string_view instrument, const AuditInput& in, BoundKind kind,
                                  double value, std::string_view unit,
                                  const std::function<PartBound(const Accelerator&)>& per_part);

// A not-computable result with its reason.
InstrumentResult NotComputable(std::string_view instrument, std::string_view unit,
                               SharedText reason);
// A result for an instrument that does not apply to the record, saying why.
InstrumentResult NotApplicable(std::string_view instrument, SharedText reason);
// A check's result: pass or fail, with what it found.
InstrumentResult CheckResult(std::string_view instrument, bool pass, SharedText reason,
                             SharedText evidence = {});
// A finding of `instrument` on benchmark `b`, located at `key` in its file; its severity is
// the code's (finding_codes.h).
Finding MakeFinding(const Benchmark& b, std::string_view instrument, FindingCode code,
                    std::string message, std::string_view key, std::string arithmetic = "",
                    std::string hint = "");

// The arithmetic a finding on `r` carries: ArithmeticText(r), or "" when the sweep's report
// prints none (SweepOptions::findings_arithmetic).
std::string FindingArithmetic(const AuditInput& in, const InstrumentResult& r);

// True when `instrument` already put an exceeds verdict in `out` (a tighter instrument then
// reports no second finding for the same figure; its own verdict still says exceeds).
bool AlreadyExceeds(const RecordAudit& out, std::string_view instrument);

// Appends the finding for a result that exceeds its bound.
void AddExceedsFinding(const AuditInput& in, const InstrumentResult& r, std::string_view what,
                       std::vector<Finding>& findings);

// Makes `r` rest on `assumption` as a whole (no assumption-free bound), unless it is empty.
void AddAssumption(InstrumentResult& r, const std::string& assumption);

}  // namespace rooflint

#endif  // ROOFLINT_AUDIT_RESULTS_H_
