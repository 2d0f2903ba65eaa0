// The compute-roof instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("compute-roof"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
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
    Formula formula;
    formula.text = "{n} x {F} / (2 x {P})";
    formula.remark = "  [F = {F.basis}]";
    formula.terms.push_back({"P", in.params, TermUnit::kParams, in.params_how});
    std::string note, assumption;
    if (b.metric == Metric::kPerUserDecode) {
      // A larger B tightens this bound: only a batch stated as a batch enters it.
      if (in.stated_batch > 1) {
        tokens *= static_cast<double>(in.stated_batch);
        formula.text = "{n} x {F} / (2 x {P} x {B})";
        formula.terms.push_back({"B", tokens, TermUnit::kCount, in.batch_how});
        note = "per-user share of one step";
      } else if (in.stated_batch == 0 && in.batch > 0) {
        note = fmt::format("{}, not a batch: taken as 1 (which can only loosen the bound)",
                           in.batch_how);
      } else if (in.stated_batch == 0) {
        note = "batch unknown, taken as 1 (which can only loosen the bound)";
      }
    } else if (b.metric == Metric::kPrefill) {
      note = "every prompt token costs 2*P FLOPs";
    } else if (b.metric == Metric::kAggregateTotal) {
      if (b.conditions.NoPrefixCache()) {
        note = "counts input tokens at 2*P each (no prefix cache, stated)";
      } else {
        note = "counts input tokens at 2*P each";
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
      formula.text = "{n} x {F} / (2 x {P} x {O} tokens)";
      formula.terms.push_back({"O", static_cast<double>(*o.integer), TermUnit::kTokens, {}});
    } else {
      note = "batch-invariant";
    }
    formula.note = note;
    formula.terms.push_back({"n", in.count, TermUnit::kCount, {}});
    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kCeiling, b.value.si, unit, [&](const Accelerator& a) {
          PartBound pb;
          PeakChoice peak = ChoosePeak(b, a);
          if (!peak.problem.empty()) {
            pb.problem = peak.problem;
            return pb;
          }
          pb.bound = ((in.count * peak.flops) / MatmulFlops(in.params, tokens)).si();
          if (peak.headroom > 1) {
            // Rated clocks: an error rests only on the clock the card may reach.
            pb.assumption = peak.headroom_assumption;
            pb.assumption_free_bound = pb.bound * peak.headroom;
          }
          pb.formula = formula;
          pb.formula.terms.push_back({"F", peak.flops.si(), TermUnit::kFlopsPerSecond,
                                      in.SliceHow(a).empty()
                                          ? peak.how
                                          : fmt::format("{} ({})", peak.how, in.SliceHow(a))});
          return pb;
        });
    AddAssumption(r, assumption);
    if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, "compute roof", findings);
    out.roofs.push_back(std::move(r));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeComputeRoof() { return std::make_unique<ComputeRoof>(); }

}  // namespace rooflint
