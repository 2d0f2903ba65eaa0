// The calibration instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("calibration"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include <cmath>

#include "audit/instrument.h"
#include "audit/results.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr FindingCode kCalibrationCheckCodes[] = {FindingCode::kCalibrationFailed};
constexpr InstrumentInfo kCalibrationCheckInfo{
    .id = ids::kCalibration,
    .kind = InstrumentKind::kCheck,
    .summary = "validation records land in their stated band, or no finding is to be trusted",
    .doc = "calibration",
    .codes = kCalibrationCheckCodes,
};

class CalibrationCheck final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kCalibrationCheckInfo; }

 private:
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
                              roof != nullptr ? ArithmeticText(*roof) : "",
                              "the instruments disagree with the hand arithmetic: fix the "
                              "instrument (or the record's figures) before trusting any finding");
      f.where.line = cal.line > 0 ? cal.line : f.where.line;
      findings.push_back(std::move(f));
      out.checks.push_back(
          CheckResult(id(), false, message, roof != nullptr ? ArithmeticText(*roof) : ""));
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
                                     ArithmeticText(*roof)));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeCalibration() { return std::make_unique<CalibrationCheck>(); }

}  // namespace rooflint
