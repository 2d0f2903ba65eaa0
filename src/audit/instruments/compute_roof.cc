// The compute-roof instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("compute-roof"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include "audit/physics.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr InstrumentInfo kComputeRoofInfo{
    .id = ids::kComputeRoof,
    .kind = InstrumentKind::kRoof,
    .summary = "each token costs 2*P FLOPs: aggregate tok/s <= n*F/(2P), batch-invariant",
    .doc = "compute-roof",
    .metrics = kRateMetrics,
    .other_metrics = kLatencyNotApplicable,
    .codes = kRoofCodes,
};

class ComputeRoof final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kComputeRoofInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const bool requests = b.metric == Metric::kRequests;
    const std::string_view unit = requests ? "req/s" : "tok/s";
    if (in.params <= 0) {
      out.roofs.push_back(NotComputable(id(), unit, in.model_problem));
      return;
    }

    // Each counted unit (a token, a user's token, a request) costs the FLOPs of `tokens` tokens.
    double tokens = 1;
    // The texts are written when Explaining(); the assumption always (a finding rests on it).
    const bool explain = Explaining();
    std::string divisor_text, note, assumption;
    if (explain) {
      divisor_text = fmt::format("2 x {}", FormatSi(in.params));
      note = fmt::format("P = {}", in.params_how);
    }
    if (b.metric == Metric::kPerUserDecode) {
      // A larger B tightens this bound: only a batch stated as a batch enters it.
      if (in.stated_batch > 1) {
        tokens *= static_cast<double>(in.stated_batch);
        if (explain) {
          divisor_text += fmt::format(" x {}", in.stated_batch);
          note += fmt::format("; per-user share of one step at {}", in.batch_how);
        }
      } else if (in.stated_batch == 0 && in.batch > 0) {
        if (explain)
          note += fmt::format("; {}, not a batch: taken as 1 (which can only loosen the bound)",
                              in.batch_how);
      } else if (in.stated_batch == 0) {
        note += "; batch unknown, taken as 1 (which can only loosen the bound)";
      }
    } else if (b.metric == Metric::kPrefill) {
      note += "; every prompt token costs 2*P FLOPs";
    } else if (b.metric == Metric::kAggregateTotal) {
      if (b.conditions.NoPrefixCache()) {
        note += "; counts input tokens at 2*P each (no prefix cache, stated)";
      } else {
        note += "; counts input tokens at 2*P each";
        assumption = b.conditions.prefix
                         ? "every input token is prefilled (a prefix cache was used)"
                         : "no prefix cache skips prefill (the record does not state "
                           "prefix_cache)";
      }
    } else if (requests) {
      const auto& o = b.conditions.output_tokens;
      if (!o.integer) {
        out.roofs.push_back(NotComputable(
            id(), unit, "requests/s needs output_tokens to convert from tokens per second"));
        return;
      }
      tokens *= static_cast<double>(*o.integer);
      if (explain) divisor_text += fmt::format(" x {} tokens", *o.integer);
    } else {
      note += "; batch-invariant";
    }

    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kCeiling, b.value.si, unit, [&](const Accelerator& a) {
          PartBound pb;
          PeakChoice peak = ChoosePeak(b, a);
          if (!peak.problem.empty()) {
            pb.problem = peak.problem;
            return pb;
          }
          pb.bound = ((in.count * peak.flops) / MatmulFlops(in.params, tokens)).si();
          if (!explain) return pb;
          pb.arithmetic = fmt::format("{} x {} FLOP/s / ({}) = {} {}  [F = {}]", in.count,
                                      FormatSi(peak.flops.si()), divisor_text,
                                      FormatNumber(pb.bound), unit, peak.how);
          return pb;
        });
    if (r.verdict != Verdict::kNotComputable && explain) {
      r.reason = r.reason.empty() ? note : fmt::format("{}; {}", note, r.reason);
    }
    AddAssumption(r, assumption);
    if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, "compute roof", findings);
    out.roofs.push_back(std::move(r));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeComputeRoof() { return std::make_unique<ComputeRoof>(); }

}  // namespace rooflint
