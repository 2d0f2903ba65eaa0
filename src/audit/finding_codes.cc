// The finding-code catalogue (see finding_codes.h). Rows are in enum order; a static check
// below keeps them so.
#include "rooflint/finding_codes.h"

#include <fmt/format.h>

#include "rooflint/audit.h"

namespace rooflint {
namespace {

using C = FindingCode;
constexpr Severity kE = Severity::kError, kW = Severity::kWarning, kN = Severity::kNote;
// An instrument's code names no emitter here: the instruments declare the codes they emit.
constexpr std::string_view kByInstruments = "";

constexpr FindingCodeInfo kCodes[] = {
    {C::kExceedsRoof, "exceeds-roof", kE, kByInstruments,
     "the value is above a roof computed from stated facts only: it cannot be true as written"},
    {C::kExceedsRoofAssuming, "exceeds-roof-assuming", kW, kByInstruments,
     "the value is above a roof only if a fact the record does not state holds (named)"},
    {C::kBelowFloor, "below-floor", kE, kByInstruments,
     "the time is below a floor computed from stated facts only: it cannot be true as written"},
    {C::kBelowFloorAssuming, "below-floor-assuming", kW, kByInstruments,
     "the time is below a floor only if a fact the record does not state holds (named)"},
    {C::kMissingCondition, "missing-condition", kE, kByInstruments,
     "a load condition is neither stated nor marked absent"},
    {C::kNoScenario, "no-scenario", kN, kByInstruments,
     "no scenario is stated: the figure is not comparable with MLPerf Offline or Server ones"},
    {C::kSpeculationUnstated, "speculation-unstated", kW, kByInstruments,
     "the record does not say whether decoding was speculative: roofs assume it was not"},
    {C::kExceedsCapacity, "exceeds-capacity", kE, kByInstruments,
     "the weights (and caches) cannot fit in the accelerators' memory, and nothing was offloaded"},
    {C::kExceedsCapacityAssuming, "exceeds-capacity-assuming", kW, kByInstruments,
     "the weights cannot fit unless something was offloaded, which the record does not say"},
    {C::kPointerContradictsHardware, "pointer-contradicts-hardware", kE, kByInstruments,
     "the accelerator pointer names a part the hardware text excludes"},
    {C::kStalePointerReason, "stale-pointer-reason", kW, kByInstruments,
     "accelerators_absent gives a reason the corpus no longer bears out"},
    {C::kCountDisagrees, "count-disagrees", kW, kByInstruments,
     "the hardware text counts other accelerators than accelerator_count"},
    {C::kSliceCountedAsPart, "slice-counted-as-part", kW, kByInstruments,
     "the hardware text names a slice of a part (a MIG profile, a compute partition) that the "
     "record counts as whole parts"},
    {C::kBadDerivationBasis, "bad-derivation-basis", kE, kByInstruments,
     "derived_from cannot be read as a quantity to derive the value from"},
    {C::kUnderivableValue, "underivable-value", kE, kByInstruments,
     "the value's metric cannot be derived from derived_from's dimension"},
    {C::kDerivationMismatch, "derivation-mismatch", kE, kByInstruments,
     "the value does not follow from derived_from and the stated conditions"},
    {C::kSetMismatch, "set-mismatch", kE, kByInstruments,
     "a member of a sibling set differs from the set's first member in its setup"},
    {C::kSetAggregateMismatch, "set-aggregate-mismatch", kE, kByInstruments,
     "aggregate and per-user members at one batch break aggregate = per-user x B"},
    {C::kSetRatioUnknownRecord, "set-ratio-unknown-record", kE, kByInstruments,
     "a ratio note names a record that is not in the set"},
    {C::kSetRatioMismatch, "set-ratio-mismatch", kE, kByInstruments,
     "a ratio the notes state between two members does not hold"},
    {C::kNearRoof, "near-roof", kW, kByInstruments,
     "the value is at or above the near-roof threshold of its memory roof: rarely measured"},
    {C::kComputedNotMeasured, "computed-not-measured", kW, kByInstruments,
     "the value equals a bandwidth / size quotient: a calculation, not a measurement"},
    {C::kCalibrationFailed, "calibration-failed", kE, kByInstruments,
     "a calibration record landed outside its band: the instruments are not to be trusted"},
    {C::kReliesOnDraft, "relies-on-draft", kN, kByInstruments,
     "the record's roofs rest on a draft model or accelerator record"},
    {C::kSparseLookingPeak, "sparse-looking-peak", kW, kByInstruments,
     "a peak looks like a 2:4-sparse figure (16-bit equal to fp8, fp16 and bf16 2x apart)"},
    {C::kSparseSource, "sparse-source", kW, kByInstruments,
     "a peak is cited from a source marked as giving sparse figures"},
    {C::kNonMonotonicPeaks, "non-monotonic-peaks", kW, kByInstruments,
     "a narrower precision has a lower peak than a wider one"},
    {C::kBinaryBandwidth, "binary-bandwidth", kW, kByInstruments,
     "a bandwidth is written in GiB/s or TiB/s, where vendors state GB/s"},
    {C::kGbGibConfusion, "gb-gib-confusion", kW, kByInstruments,
     "a capacity looks like a GiB figure written as GB, or the reverse"},
    {C::kDuplicateName, "duplicate-name", kW, kByInstruments, "two parts share a name or alias"},
    {C::kUnknownInstrument, "unknown-instrument", kE, "waivers",
     "a waiver names an instrument that does not exist"},
    {C::kUnknownCode, "unknown-code", kE, "waivers",
     "a waiver names a finding code that does not exist"},
    {C::kUnusedWaiver, "unused-waiver", kW, "waivers",
     "a waiver matches no finding: what it waived is gone"},
};

constexpr bool InEnumOrder() {
  for (size_t i = 0; i < std::size(kCodes); ++i) {
    if (static_cast<size_t>(kCodes[i].code) != i) return false;
  }
  return static_cast<size_t>(FindingCode::kUnusedWaiver) + 1 == std::size(kCodes);
}
static_assert(InEnumOrder(), "kCodes must list every FindingCode once, in enum order");

}  // namespace

std::span<const FindingCodeInfo> FindingCodes() { return kCodes; }

const FindingCodeInfo& Describe(FindingCode code) { return kCodes[static_cast<size_t>(code)]; }

std::optional<FindingCode> FindFindingCode(std::string_view name) {
  for (const FindingCodeInfo& c : kCodes) {
    if (c.name == name) return c.code;
  }
  return std::nullopt;
}

std::string EmittersOf(const FindingCodeInfo& c) {
  if (!c.emitter.empty()) return std::string(c.emitter);
  std::string out;
  for (const InstrumentInfo* i : InstrumentInfos()) {
    if (i->Emits(c.code)) out += (out.empty() ? "" : ", ") + std::string(i->id);
  }
  return out;
}

std::string CodesMarkdown() {
  std::string out = "| code | severity | emitted by | meaning |\n|---|---|---|---|\n";
  for (const FindingCodeInfo& c : kCodes) {
    out += fmt::format("| `{}` | {} | {} | {} |\n", c.name, SeverityName(c.severity), EmittersOf(c),
                       c.doc);
  }
  for (const DiagnosticCodeInfo& c : DiagnosticCodes()) {
    out += fmt::format("| `{}` | {} | {} | {} |\n", c.name, c.severities, c.emitter, c.doc);
  }
  return out;
}

}  // namespace rooflint
