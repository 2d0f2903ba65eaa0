// The ttft-floor instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("ttft-floor"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/physics.h"

namespace rooflint {
namespace {

constexpr InstrumentInfo kTtftFloorInfo{
    .id = ids::kTtftFloor,
    .kind = InstrumentKind::kFloor,
    .summary = "the first token needs one weight pass and 2*P*I FLOPs of prefill",
    .doc = "ttft-floor",
    .metrics = MetricSet({Metric::kTtft}),
    .codes = kFloorCodes,
};

class TtftFloor final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kTtftFloorInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    FloorTerms terms;
    std::string note = "one weight pass";
    if (KvInputLength(b).tokens > 0) {
      AddPrefillTerm(b, terms, note);
    } else {
      note += "; input length not stated, so no prefill term";
    }
    AuditTimeFloor(id(), "time-to-first-token floor", in, terms, note, out, findings);
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeTtftFloor() { return std::make_unique<TtftFloor>(); }

}  // namespace rooflint
