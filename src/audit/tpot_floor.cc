// tpot-floor: each output token after the first needs a decode step, and a step streams the
// weights and computes one token per sequence:
//
//   TPOT (or ITL) >= max(W / (n * BW), B * 2 * P / (n * F))     (the compute term when B known)
//
// Units: seconds, reported in ms. Does not apply to rate metrics, nor to speculative decoding
// (several tokens per step make the mean TPOT smaller than one step). The compute term uses a
// batch the record states as a batch, never a concurrency cap (a larger B only tightens it).
// A record that does not state whether speculation was used gets a warning, not an error. Example:
// MPT-7B fp16 (14 GB) on one A100 40GB: 14e9 / 1555e9 = 9.0 ms, so the batch-1 TPOT of 17.4 ms is
// at 51.7% of its floor (floor / value).
#include <fmt/format.h>

#include "audit/instruments.h"
#include "audit/physics.h"

namespace rooflint {
namespace {

class TpotFloor final : public RecordInstrument {
 public:
  std::string_view id() const override { return ids::kTpotFloor; }
  std::string_view summary() const override {
    return "a decode step takes at least W/(n*BW): TPOT and ITL cannot be shorter";
  }
  InstrumentKind kind() const override { return InstrumentKind::kRoof; }

  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    if (b.metric != Metric::kTpot && b.metric != Metric::kItl) {
      out.roofs.push_back(NotApplicable(id(), "applies to tpot and itl records only"));
      return;
    }
    if (b.conditions.UsesSpeculation()) {
      out.roofs.push_back(NotComputable(
          id(), "ms",
          fmt::format("speculative decoding ({}) yields several tokens per step, so the mean "
                      "time per token can be below one step",
                      b.conditions.speculative.text)));
      return;
    }
    FloorTerms terms;
    std::string note = "one decode step per output token";
    // The compute term tightens as B grows: only a batch the record states as a batch may
    // enter it, never a client's concurrency cap.
    if (in.stated_batch > 0) {
      terms.compute_tokens = static_cast<double>(in.stated_batch);
      terms.compute_tokens_text = fmt::format("{}", in.stated_batch);
      note += fmt::format("; {} tokens computed per step ({})", in.stated_batch, in.batch_how);
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
