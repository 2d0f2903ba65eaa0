// The derivation instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("derivation"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include <cmath>

#include "audit/instrument.h"
#include "audit/results.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

std::optional<ParsedQuantity> ParseBasis(std::string_view text) {
  for (Dimension d : {Dimension::kTokenRate, Dimension::kRequestRate, Dimension::kTime}) {
    auto q = ParseQuantity(text, d);
    if (auto* p = std::get_if<ParsedQuantity>(&q)) return *p;
  }
  return std::nullopt;
}

std::string G(double v) { return fmt::format("{:.6g}", v); }

double RoundTo(double v, int decimals) {
  double k = std::pow(10.0, decimals);
  return std::round(v * k) / k;
}

struct Derived {
  double value = 0;  // in the record's unit as written (tok/s, req/s or ms)
  std::string arithmetic;
  std::string problem;
};

Derived Derive(const Benchmark& b, const ParsedQuantity& basis) {
  const Conditions& c = b.conditions;
  auto stated = [](const Condition& k) { return k.integer.has_value(); };
  auto out_tokens = [&] { return static_cast<double>(*c.output_tokens.integer); };
  auto in_tokens = [&] { return static_cast<double>(*c.input_tokens.integer); };
  std::optional<double> batch;
  if (auto bound = c.BatchBound()) batch = static_cast<double>(*bound);
  Derived d;
  const double x = basis.si;  // tok/s, req/s, or seconds
  const std::string& bt = basis.text;
  switch (basis.dimension) {
    case Dimension::kRequestRate:
      if (!stated(c.output_tokens)) {
        d.problem = "converting req/s to tokens needs output_tokens";
        return d;
      }
      if (b.metric == Metric::kAggregateOutput) {
        d.value = x * out_tokens();
        d.arithmetic = fmt::format("{} x {} output tokens = {}", bt, out_tokens(), G(d.value));
      } else if (b.metric == Metric::kPerUserDecode) {
        if (!batch) {
          d.problem = "per-user tok/s from req/s needs the batch";
          return d;
        }
        d.value = x * out_tokens() / *batch;
        d.arithmetic = fmt::format("{} x {} output tokens / batch {} = {}", bt, out_tokens(),
                                   *batch, G(d.value));
      } else if (b.metric == Metric::kAggregateTotal) {
        if (!stated(c.input_tokens)) {
          d.problem = "total tok/s from req/s needs input_tokens";
          return d;
        }
        d.value = x * (in_tokens() + out_tokens());
        d.arithmetic =
            fmt::format("{} x ({} + {}) tokens = {}", bt, in_tokens(), out_tokens(), G(d.value));
      }
      break;
    case Dimension::kTokenRate:
      if (b.metric == Metric::kPerUserDecode) {
        if (!batch) {
          d.problem = "per-user tok/s from an aggregate tok/s needs the batch";
          return d;
        }
        d.value = x / *batch;
        d.arithmetic = fmt::format("{} / batch {} = {}", bt, *batch, G(d.value));
      } else if (b.metric == Metric::kRequests) {
        if (!stated(c.output_tokens)) {
          d.problem = "req/s from tok/s needs output_tokens";
          return d;
        }
        d.value = x / out_tokens();
        d.arithmetic = fmt::format("{} / {} output tokens = {}", bt, out_tokens(), G(d.value));
      } else if (b.metric == Metric::kTpot || b.metric == Metric::kItl) {
        d.value = 1000.0 / x;
        d.arithmetic = fmt::format("1000 / {} = {} ms", bt, G(d.value));
      }
      break;
    case Dimension::kTime:
      if (b.metric == Metric::kPerUserDecode) {
        d.value = 1.0 / x;
        d.arithmetic = fmt::format("1000 / {} = {}", bt, G(d.value));
      } else if (b.metric == Metric::kAggregateOutput) {
        if (!batch) {
          d.problem = "aggregate tok/s from a time per token needs the batch";
          return d;
        }
        d.value = *batch / x;
        d.arithmetic = fmt::format("batch {} x 1000 / {} = {}", *batch, bt, G(d.value));
      }
      break;
    default:
      break;
  }
  if (d.arithmetic.empty() && d.problem.empty()) {
    d.problem = fmt::format("a {} value cannot be derived from a {} basis ({})",
                            MetricName(b.metric), DimensionName(basis.dimension), bt);
  }
  return d;
}

constexpr FindingCode kDerivationCodes[] = {FindingCode::kBadDerivationBasis,
                                            FindingCode::kUnderivableValue,
                                            FindingCode::kDerivationMismatch};
constexpr InstrumentInfo kDerivationInfo{
    .id = ids::kDerivation,
    .kind = InstrumentKind::kCheck,
    .summary = "a derived value is recomputed from derived_from and agrees to its precision",
    .doc = "derivation",
    .codes = kDerivationCodes,
};

class Derivation final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kDerivationInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    if (b.derived_from.empty()) {
      out.checks.push_back(NotApplicable(id(), "the value is not derived (no derived_from)"));
      return;
    }
    auto basis = ParseBasis(b.derived_from);
    if (!basis) {
      std::string msg =
          fmt::format("derived_from '{}' is not a rate or time with its unit", b.derived_from);
      findings.push_back(MakeFinding(b, id(), FindingCode::kBadDerivationBasis, msg, "derived_from",
                                     "", "write the basis as a quantity, e.g. \"0.9 req/s\""));
      out.checks.push_back(CheckResult(id(), false, msg));
      return;
    }
    Derived d = Derive(b, *basis);
    if (!d.problem.empty()) {
      findings.push_back(MakeFinding(
          b, id(), FindingCode::kUnderivableValue,
          fmt::format("{} cannot be derived from {}: {}", b.value.text, b.derived_from, d.problem),
          "derived_from"));
      out.checks.push_back(CheckResult(id(), false, d.problem));
      return;
    }
    // Compare in the unit the value is written in.
    double written = b.value.number;
    double factor = b.value.si / b.value.number;  // SI per written unit (1e-3 for ms)
    double derived_written = b.metric == Metric::kTpot || b.metric == Metric::kItl
                                 ? d.value  // already ms
                                 : d.value / factor;
    double rounded = RoundTo(derived_written, b.value.decimals);
    std::string evidence = fmt::format("{} -> {} at {} decimal{}", d.arithmetic,
                                       fmt::format("{:.{}f}", rounded, b.value.decimals),
                                       b.value.decimals, b.value.decimals == 1 ? "" : "s");
    bool holds = std::fabs(rounded - written) <= 1e-9 * std::max(1.0, std::fabs(written));
    if (!holds) {
      findings.push_back(MakeFinding(
          b, id(), FindingCode::kDerivationMismatch,
          fmt::format("{} does not follow from {}: {}", b.value.text, b.derived_from, evidence),
          "value", evidence, "recompute the value from its basis, or correct derived_from"));
    }
    out.checks.push_back(
        CheckResult(id(), holds,
                    holds ? fmt::format("{} follows from {}", b.value.text, b.derived_from)
                          : fmt::format("{} does not follow from {}", b.value.text, b.derived_from),
                    evidence));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeDerivation() { return std::make_unique<Derivation>(); }

}  // namespace rooflint
