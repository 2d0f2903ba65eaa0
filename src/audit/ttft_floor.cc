// ttft-floor: the first token needs the prompt prefilled and one pass over the weights:
//
//   TTFT >= max(W / (n * BW), 2 * P * I / (n * F))      (the compute term when I is known)
//
// Units: seconds, reported in ms. The compute term assumes no prefix cache skips prefill; a
// record that used one should say so in its notes. Does not apply to other metrics. Example:
// a 70B fp16 model (140 GB) on 8x H100 SXM (3350 GB/s, 989 TFLOPS) with 2048 input tokens:
// max(5.2 ms, 2 x 70e9 x 2048 / (8 x 989e12) = 36.2 ms) = 36.2 ms.
#include <fmt/format.h>

#include "audit/instruments.h"
#include "audit/resolve.h"

namespace rooflint {
namespace {

class TtftFloor final : public Instrument {
 public:
  std::string_view id() const override { return "ttft-floor"; }
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
      terms.compute_tokens = static_cast<double>(*input.integer);
      terms.compute_tokens_text = fmt::format("{} input tokens", *input.integer);
      note += "; prefill of every input token (assumes no prefix cache)";
    } else {
      note += "; input length not stated, so no prefill term";
    }
    AuditTimeFloor(id(), "time-to-first-token floor", in, terms, note, out, findings);
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeTtftFloor() { return std::make_unique<TtftFloor>(); }

}  // namespace rooflint
