// ttft-floor: the first token needs the prompt prefilled and one pass over the weights:
//
//   TTFT >= max(W / (n * BW), 2 * P * I / (n * F))      (the compute term when I is known)
//
// Units: seconds, reported in ms. Only uncached input tokens are prefilled: the compute term
// uses prefix_cache when stated; while it is unknown the term is an assumption, so a TTFT
// below it alone is a warning, and an error only below the weight-pass term. Does not apply to
// other metrics. Example: a 70B fp16 model (140 GB) on 8x H100 SXM (3350 GB/s, 989 TFLOPS) with
// 2048 input tokens: max(5.2 ms, 2 x 70e9 x 2048 / (8 x 989e12) = 36.2 ms) = 36.2 ms.
#include <fmt/format.h>

#include "audit/instruments.h"
#include "audit/physics.h"

namespace rooflint {
namespace {

class TtftFloor final : public RecordInstrument {
 public:
  std::string_view id() const override { return ids::kTtftFloor; }
  std::string_view summary() const override {
    return "the first token needs one weight pass and 2*P*I FLOPs of prefill";
  }
  InstrumentKind kind() const override { return InstrumentKind::kRoof; }

  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    if (b.metric != Metric::kTtft) {
      out.roofs.push_back(NotApplicable(id(), "applies to ttft records only"));
      return;
    }
    FloorTerms terms;
    std::string note = "one weight pass";
    const Condition& input = b.conditions.input_tokens;
    if (input.integer && *input.integer > 0) {
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
