// The tpot-floor instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("tpot-floor"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/physics.h"

namespace rooflint {
namespace {

constexpr InstrumentInfo kTpotFloorInfo{
    .id = ids::kTpotFloor,
    .kind = InstrumentKind::kFloor,
    .summary = "a decode step takes at least W/(n*BW): TPOT and ITL cannot be shorter",
    .doc = "tpot-floor",
    .metrics = kStepMetrics,
    .codes = kFloorCodes,
};

class TpotFloor final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kTpotFloorInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    if (b.conditions.UsesSpeculation()) {
      out.roofs.push_back(NotComputable(
          id(), "ms",
          fmt::format("speculative decoding ({}) yields several tokens per step, so the mean "
                      "time per token can be below one step",
                      b.conditions.speculative.text())));
      return;
    }
    FloorTerms terms;
    std::string note = "one decode step per output token";
    // The compute term tightens as B grows: only a batch the record states as a batch may
    // enter it, never a client's concurrency cap.
    if (in.stated_batch > 0) {
      terms.compute_tokens = static_cast<double>(in.stated_batch);
      terms.compute_tokens_basis = in.batch_how;
      note += "; the batch's tokens are computed in each step";
    } else if (in.batch > 0) {
      note += fmt::format("; {}: not a batch, so no compute term", in.batch_how);
    }
    AuditTimeFloor(id(), "time-per-token floor", in, terms, note, out, findings,
                   SpeculationAssumption(b));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeTpotFloor() { return std::make_unique<TpotFloor>(); }

}  // namespace rooflint
