// The finding-code catalogue: every code an instrument can emit, with its severity, the
// instruments that emit it and one line of documentation (ruff's and cppcheck's rule
// catalogues). A finding carries a FindingCode, so a misspelt code does not compile;
// `rooflint codes` prints the table, docs/instruments.md carries it (a test checks that the
// two agree), and a test sweeps the test corpora to see every code emitted at least once.
#ifndef ROOFLINT_FINDING_CODES_H_
#define ROOFLINT_FINDING_CODES_H_

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "rooflint/diagnostic.h"

namespace rooflint {

enum class FindingCode {
  // Roofs and floors.
  kExceedsRoof,
  kExceedsRoofAssuming,
  kBelowFloor,
  kBelowFloorAssuming,
  // conditions
  kMissingCondition,
  kNoScenario,
  kSpeculationUnstated,
  // capacity
  kExceedsCapacity,
  kExceedsCapacityAssuming,
  // pointers
  kPointerContradictsHardware,
  kStalePointerReason,
  kCountDisagrees,
  kSliceCountedAsPart,
  // derivation
  kBadDerivationBasis,
  kUnderivableValue,
  kDerivationMismatch,
  // sibling-set
  kSetMismatch,
  kSetAggregateMismatch,
  kSetRatioUnknownRecord,
  kSetRatioMismatch,
  // near-roof
  kNearRoof,
  kComputedNotMeasured,
  // calibration
  kCalibrationFailed,
  // status
  kReliesOnDraft,
  // spec-lint
  kSparseLookingPeak,
  kSparseSource,
  kNonMonotonicPeaks,
  kBinaryBandwidth,
  kGbGibConfusion,
  kDuplicateName,
  // waivers
  kUnknownInstrument,
  kUnknownCode,
  kUnusedWaiver,
};

struct FindingCodeInfo {
  FindingCode code;
  std::string_view name;  // "exceeds-roof": what reports, waivers and baselines write
  Severity severity;      // every finding of this code has this severity
  // Who emits it when no instrument does ("waivers"); "" for the codes instruments declare
  // (InstrumentInfo::codes, audit.h).
  std::string_view emitter;
  std::string_view doc;  // one line
};

// Every code, in enum order.
std::span<const FindingCodeInfo> FindingCodes();
const FindingCodeInfo& Describe(FindingCode code);
inline std::string_view CodeName(FindingCode code) { return Describe(code).name; }
// Gives `d` this catalogue code and the code's severity.
inline void SetCode(Diagnostic& d, FindingCode code) {
  d.code = std::string(CodeName(code));
  d.severity = Describe(code).severity;
}
// True when `d` is a finding with this catalogue code.
inline bool HasCode(const Diagnostic& d, FindingCode code) {
  return d.IsFinding() && d.code == CodeName(code);
}
// Who emits the code: the instruments that declare it, in run order ("memory-roof,
// compute-roof, kv-roof, spec-roof"), or its emitter.
std::string EmittersOf(const FindingCodeInfo& c);
// The code named `name`, or nullopt.
std::optional<FindingCode> FindFindingCode(std::string_view name);
// The whole catalogue as a Markdown table (code, severity, who emits it, meaning): the finding
// codes, then the loader's, the importers' and check's (diagnostic_codes.h), as
// docs/instruments.md carries it and `rooflint codes --markdown` prints it.
std::string CodesMarkdown();
// Prints the code's name (for test failure messages and logs).
inline std::ostream& operator<<(std::ostream& out, FindingCode code) {
  return out << CodeName(code);
}

}  // namespace rooflint

#endif  // ROOFLINT_FINDING_CODES_H_
