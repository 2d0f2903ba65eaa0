// calibration: instrument validation. Records that carry `calibration = { expected_percent,
// tolerance }` state, by hand arithmetic from bytes their source states verbatim, where their
// roof percent must land; if the instruments put them elsewhere, the instruments are wrong and
// no finding of the sweep is to be trusted (docs/physics.md section 4).
//
// Rule: |percent of the named roof (default memory-roof) - expected_percent| <= tolerance.
// A miss is an error, reported at the top of every report. Does not apply to records without a
// calibration band.
// Example: mpt7b-a100-bs1-per-user-decode-tps expects 51.9 +- 0.5: 57.6 / (1555e9 / 14e9) =
// 51.86% lands inside.
#include <fmt/format.h>

#include <cmath>

#include "audit/instruments.h"
#include "audit/results.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

class CalibrationCheck final : public RecordInstrument {
 public:
  std::string_view id() const override { return ids::kCalibration; }
  std::string_view summary() const override {
    return "validation records land in their stated band, or no finding is to be trusted";
  }
  InstrumentKind kind() const override { return InstrumentKind::kCheck; }

  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    if (!b.calibration) {
      out.checks.push_back(NotApplicable(id(), "the record carries no calibration band"));
      return;
    }
    const Calibration& cal = *b.calibration;
    const InstrumentResult* roof = nullptr;
    for (const auto& r : out.roofs) {
      if (r.instrument == cal.instrument) roof = &r;
    }
    std::string band =
        fmt::format("{} +- {}%", FormatNumber(cal.expected_percent), FormatNumber(cal.tolerance));
    auto fail = [&](std::string message) {
      Finding f = MakeFinding(b, id(), FindingCode::kCalibrationFailed, message, "calibration",
                              roof != nullptr ? roof->arithmetic : "",
                              "the instruments disagree with the hand arithmetic: fix the "
                              "instrument (or the record's figures) before trusting any finding");
      f.where.line = cal.line > 0 ? cal.line : f.where.line;
      findings.push_back(std::move(f));
      out.checks.push_back(
          CheckResult(id(), false, std::move(message), roof != nullptr ? roof->arithmetic : ""));
    };
    if (roof == nullptr) {
      fail(
          fmt::format("the calibration names instrument '{}', which computed nothing for this "
                      "record",
                      cal.instrument));
      return;
    }
    if (!roof->Computed()) {
      fail(fmt::format("expected {} of the {}, but it is not computable: {}", band, cal.instrument,
                       roof->reason));
      return;
    }
    double off = roof->percent - cal.expected_percent;
    if (std::fabs(off) > cal.tolerance + 1e-9) {
      fail(fmt::format("lands at {}% of the {}, outside its band {}", FormatNumber(roof->percent),
                       cal.instrument, band));
      return;
    }
    out.checks.push_back(CheckResult(id(), true,
                                     fmt::format("lands at {}% of the {}, inside its band {}",
                                                 FormatNumber(roof->percent), cal.instrument, band),
                                     roof->arithmetic));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeCalibration() { return std::make_unique<CalibrationCheck>(); }

}  // namespace rooflint
