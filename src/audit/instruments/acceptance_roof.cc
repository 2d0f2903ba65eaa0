// The accept-roof instrument. The rule, the cases it does not apply to and a worked example are
// written once, in docs/instruments.md ("accept-roof"), and its InstrumentInfo below gives the
// summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/physics.h"
#include "audit/results.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr InstrumentInfo kAcceptRoofInfo{
    .id = "accept-roof",
    .kind = InstrumentKind::kRoof,
    .summary = "a mean of a tokens accepted per weight pass: tok/s <= B*a*n*BW/W",
    .doc = "accept-roof",
    .metrics = kDecodeMetrics,
    .codes = kRoofCodes,
};

// A stated mean acceptance length a bounds what speculative decoding yields: every
// verification pass streams the target's weights and accepts a tokens per sequence on average
// over the run. spec-roof bounds one pass at k + 1 tokens and needs k; this bound needs only a,
// which is what the engines report (and what a claim quotes), and is tighter whenever a < k + 1.
class AcceptRoof final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kAcceptRoofInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const auto& s = b.conditions.speculation;
    if (!b.conditions.UsesSpeculation() || !s || !s->acceptance_length) {
      out.roofs.push_back(NotApplicable(
          id(), "the record states no mean acceptance length of speculative decoding"));
      return;
    }
    const double a = *s->acceptance_length;
    KvTerms kv = ResolveKvTerms(in);
    if (!kv.problem.empty()) {
      out.roofs.push_back(NotComputable(id(), "tok/s", kv.problem));
      return;
    }
    const bool per_user = b.metric == Metric::kPerUserDecode;
    double batch = 1;
    if (!per_user) {
      if (in.batch <= 0) {
        out.roofs.push_back(NotComputable(id(), "tok/s", in.batch_problem));
        return;
      }
      batch = static_cast<double>(in.batch);
    }

    Formula formula;
    formula.terms = {{"a", a, TermUnit::kCount, "mean tokens accepted per step, as stated"},
                     {"n", in.count, TermUnit::kCount, {}},
                     {"W", kv.w_min.si(), TermUnit::kBytes, kv.w_how}};
    if (per_user) {
      formula.text = "{a} x {n} x {BW} / {W}";
      formula.note = "the draft's own reads are left out, which only loosens the bound";
    } else {
      formula.text = "{B} x {a} x {n} x {BW} / {W}";
      formula.terms.push_back({"B", batch, TermUnit::kCount, in.batch_how});
      formula.note =
          "every step streams W and yields at most B sequences' tokens, a per sequence on the "
          "run's average (a prefill step yields 1 <= a); the draft's reads are left out";
    }
    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kCeiling, b.value.si, "tok/s", [&](const Accelerator& part) {
          PartBound pb;
          pb.problem = SingleTierProblem(part);
          if (!pb.problem.empty()) return pb;
          const PerSecond passes = (in.count * part.bandwidth) / kv.w_min;
          pb.bound = batch * a * passes.si();
          pb.formula = formula;
          pb.formula.terms.push_back(
              {"BW", part.bandwidth.si(), TermUnit::kBytesPerSecond, in.SliceHow(part)});
          return pb;
        });
    // The run's total is bounded by its mean acceptance; one user's rate is not: a request
    // that accepts more than the mean runs faster than the bound, and a per-user figure may be
    // a median or one request. Past it, the figure is a warning that names this.
    if (per_user) {
      AddAssumption(r, fmt::format("every request accepts the run's mean of {} tokens per step "
                                   "(a request that accepts more runs faster)",
                                   FormatNumber(a)));
    }
    // With k stated too, spec-roof ran first: a figure past k + 1 per pass is past a as well,
    // and is reported once, by spec-roof.
    if (r.verdict == Verdict::kExceeds && !AlreadyExceeds(out, ids::kSpecRoof)) {
      AddExceedsFinding(in, r, "acceptance roof", findings);
    }
    out.roofs.push_back(std::move(r));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeAcceptRoof() { return std::make_unique<AcceptRoof>(); }

}  // namespace rooflint
