// The e2e-floor instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("e2e-floor"), and summary() is its one line
// (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include "audit/physics.h"

namespace rooflint {
namespace {

class E2eFloor final : public RecordInstrument {
 public:
  std::string_view id() const override { return ids::kE2eFloor; }
  std::string_view summary() const override {
    return "a request takes at least its TTFT floor plus (O-1) decode steps";
  }
  InstrumentKind kind() const override { return InstrumentKind::kRoof; }

  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    if (b.metric != Metric::kE2eLatency) {
      out.roofs.push_back(NotApplicable(id(), "applies to e2e-latency records only"));
      return;
    }
    const Conditions& c = b.conditions;
    if (c.UsesSpeculation()) {
      out.roofs.push_back(
          NotComputable(id(), "ms",
                        fmt::format("speculative decoding ({}) yields several tokens per step",
                                    c.speculative.text)));
      return;
    }
    if (!c.output_tokens.integer) {
      out.roofs.push_back(NotComputable(
          id(), "ms", "output_tokens is not stated: the number of decode steps is unknown"));
      return;
    }
    FloorTerms terms;
    terms.extra_steps = static_cast<double>(*c.output_tokens.integer - 1);
    std::string note =
        Explaining() ? fmt::format("{} output tokens", *c.output_tokens.integer) : std::string();
    AddPrefillTerm(b, terms, note);
    AuditTimeFloor(id(), "end-to-end latency floor", in, terms, note, out, findings,
                   SpeculationAssumption(b));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeE2eFloor() { return std::make_unique<E2eFloor>(); }

}  // namespace rooflint
