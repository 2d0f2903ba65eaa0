// The near-roof instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("near-roof"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include <cmath>

#include "audit/instrument.h"
#include "audit/physics.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

struct Guess {
  double bytes;
  std::string_view name;
};
constexpr Guess kGuesses[] = {
    {2.0, "2 B (fp16)"},          {1.0, "1 B (8-bit)"},           {0.5, "0.5 B (4-bit)"},
    {4.5 / 8, "0.5625 B (q4_0)"}, {4.84 / 8, "0.605 B (q4_k_m)"}, {8.5 / 8, "1.0625 B (q8_0)"}};

// True when the value, as written, is the quotient rounded to the digits written, and is
// written with at least three significant digits. A guessed quotient is evidence only as an
// exact match: a real measurement lands within 0.5% of one of a dozen guessed roofs often
// enough (one in a few dozen), but matches one to three or more printed digits rarely.
bool AgreesToTheDigitsWritten(const Benchmark& b, double roof_si) {
  if (b.value.si <= 0 || b.value.number <= 0) return false;
  double in_unit = roof_si * (b.value.number / b.value.si);
  int whole_digits =
      b.value.number >= 1 ? static_cast<int>(std::floor(std::log10(b.value.number))) + 1 : 0;
  if (whole_digits + b.value.decimals < 3) return false;
  double k = std::pow(10.0, b.value.decimals);
  return std::fabs(std::round(in_unit * k) / k - b.value.number) <=
         1e-9 * std::max(1.0, b.value.number);
}

constexpr FindingCode kNearRoofCodes[] = {FindingCode::kNearRoof,
                                          FindingCode::kComputedNotMeasured};
constexpr InstrumentInfo kNearRoofInfo{
    .id = ids::kNearRoof,
    .kind = InstrumentKind::kCheck,
    .summary = "a value at or near its memory roof is more likely computed than measured",
    .doc = "near-roof",
    .metrics = kDecodeMetrics,
    .codes = kNearRoofCodes,
};

class NearRoof final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kNearRoofInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const InstrumentResult* mem = nullptr;
    for (const auto& r : out.roofs) {
      if (r.instrument == ids::kMemoryRoof) mem = &r;
    }
    if (mem == nullptr || mem->verdict == Verdict::kNotApplicable ||
        mem->verdict == Verdict::kNotComputable) {
      out.checks.push_back(NotApplicable(
          id(), mem == nullptr ? "no memory roof for this record"
                               : fmt::format("no memory roof was computed: {}", mem->reason)));
      return;
    }
    if (mem->verdict == Verdict::kExceeds) {
      out.checks.push_back(
          NotApplicable(id(), "the value is above its memory roof: the roof reports it"));
      return;
    }
    std::vector<std::string> problems;
    const double threshold = in.options->near_roof_percent;
    if (mem->percent >= threshold) {
      std::string msg = fmt::format(
          "{} is {}% of its memory roof ({} {}): real stacks reach roughly 35-85%, so a figure "
          "this close is suspect",
          b.value.text, FormatNumber(mem->percent), FormatNumber(mem->bound), mem->unit);
      problems.push_back(msg);
      findings.push_back(MakeFinding(
          b, id(), FindingCode::kNearRoof, msg, "value", FindingArithmetic(in, *mem),
          "check that the source measured it rather than dividing bandwidth by a byte count"));
    }
    // A roof from a guessed bytes-per-weight, per candidate part.
    double factor = b.metric == Metric::kAggregateOutput ? static_cast<double>(in.batch) : 1.0;
    std::vector<double> params;
    if (in.model != nullptr) {
      // A guess divides by the parameter count as published, embedding table included.
      double published = in.model->params_active.value_or(in.model->params_total);
      if (published > 0) params.push_back(published);
      if (in.model->IsMoe()) params.push_back(in.model->params_total);
    }
    bool guessed = false;  // one guess is enough evidence
    for (const Accelerator* part : in.parts) {
      for (double p : params) {
        for (const Guess& g : kGuesses) {
          if (guessed) break;
          double roof = factor * in.count * part->bandwidth.si() / (p * g.bytes);
          if (!AgreesToTheDigitsWritten(b, roof)) continue;
          std::string arithmetic = fmt::format("{}{} x {} / ({} params x {}) = {} tok/s",
                                               factor == 1.0 ? "" : fmt::format("{} x ", factor),
                                               in.count, FormatBandwidth(part->bandwidth.si()),
                                               FormatSi(p), g.name, FormatNumber(roof));
          std::string msg = fmt::format(
              "{} is, to every digit written, a roof computed from a guessed {} per weight: likely "
              "computed, not measured",
              b.value.text, g.name);
          problems.push_back(msg);
          findings.push_back(
              MakeFinding(b, id(), FindingCode::kComputedNotMeasured, msg, "value", arithmetic));
          guessed = true;
        }
      }
    }
    out.checks.push_back(CheckResult(
        id(), problems.empty(),
        problems.empty() ? fmt::format("{}% of the memory roof, below the {}% threshold, and "
                                       "no guessed-bytes roof equal to it",
                                       FormatNumber(mem->percent), FormatNumber(threshold))
                         : fmt::format("{}", fmt::join(problems, "; "))));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeNearRoof() { return std::make_unique<NearRoof>(); }

}  // namespace rooflint
