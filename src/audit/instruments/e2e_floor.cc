// The e2e-floor instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("e2e-floor"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/physics.h"

namespace rooflint {
namespace {

constexpr InstrumentInfo kE2eFloorInfo{
    .id = ids::kE2eFloor,
    .kind = InstrumentKind::kFloor,
    .summary = "a request takes at least its TTFT floor plus (O-1) decode steps",
    .doc = "e2e-floor",
    .metrics = MetricSet({Metric::kE2eLatency}),
    .codes = kFloorCodes,
};

class E2eFloor final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kE2eFloorInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const Conditions& c = b.conditions;
    if (c.UsesSpeculation()) {
      out.roofs.push_back(
          NotComputable(id(), "ms",
                        fmt::format("speculative decoding ({}) yields several tokens per step",
                                    c.speculative.text())));
      return;
    }
    if (!c.output_tokens.integer) {
      out.roofs.push_back(NotComputable(
          id(), "ms", "output_tokens is not stated: the number of decode steps is unknown"));
      return;
    }
    FloorTerms terms;
    terms.extra_steps = static_cast<double>(*c.output_tokens.integer - 1);
    std::string note = fmt::format("{} output tokens: one step for the first, then S more",
                                   *c.output_tokens.integer);
    AddPrefillTerm(b, terms, note);
    AuditTimeFloor(id(), "end-to-end latency floor", in, terms, note, out, findings,
                   SpeculationAssumption(b));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeE2eFloor() { return std::make_unique<E2eFloor>(); }

}  // namespace rooflint
