// The kv-floor instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("kv-floor"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/physics.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr InstrumentInfo kKvTpotFloorInfo{
    .id = ids::kKvFloor,
    .kind = InstrumentKind::kFloor,
    .summary = "a step reads the weights and every KV cache: TPOT >= (W + B*KV(I))/(n*BW)",
    .doc = "kv-floor",
    .metrics = kStepMetrics,
    .codes = kFloorCodes,
};

class KvTpotFloor final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kKvTpotFloorInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    if (b.conditions.UsesSpeculation()) {
      out.roofs.push_back(
          NotApplicable(id(), "speculative decoding yields several tokens per step: spec-floor"));
      return;
    }
    KvTerms t = ResolveKvTerms(in);
    if (!t.problem.empty()) {
      out.roofs.push_back(NotComputable(id(), "ms", t.problem));
      return;
    }
    if (!t.components && t.kv <= Bytes(0)) {
      out.roofs.push_back(NotApplicable(
          id(), "adds nothing to tpot-floor: no input length and no per-component bytes"));
      return;
    }
    const Bytes w = t.w, w_min = t.w_min, kv = t.kv, kv_min = t.kv_min;
    double batch = in.stated_batch > 0 ? static_cast<double>(in.stated_batch) : 1;
    if (!t.components && batch * kv < 0.01 * w) {
      out.roofs.push_back(NotApplicable(
          id(), fmt::format("the KV cache ({:g} x {}) adds under 1% to W ({}): tpot-floor "
                            "is the bound",
                            batch, FormatBytes(kv.si()), FormatBytes(w.si()))));
      return;
    }
    Formula formula;
    formula.text = "({W} + {B} x {KV(I)}) / ({n} x {BW})";
    formula.terms = {
        {"W", w.si(), TermUnit::kBytes, t.w_how},
        {"B", batch, TermUnit::kCount,
         in.stated_batch > 0 ? in.batch_how : Basis("taken as 1: a batch is not stated")},
        {"KV(I)", kv.si(), TermUnit::kBytes,
         kv > Bytes(0) ? t.kv_how : Basis("not counted (no input length)")},
        {"n", in.count, TermUnit::kCount, {}}};
    // As in kv-roof: B private caches unless sharing is ruled out; else the prompt's cache once.
    const std::string private_kv = batch > 1 ? PrivateKvAssumption(b) : "";
    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kFloor, b.value.si * 1e3, "ms", [&](const Accelerator& a) {
          PartBound pb;
          pb.problem = SingleTierProblem(a);
          if (!pb.problem.empty()) return pb;
          const BytesPerSecond bw = in.count * a.bandwidth;
          pb.bound = Milliseconds((w + batch * kv) / bw);
          if (w_min < w || !private_kv.empty() || kv_min < kv) {
            pb.assumption =
                JoinAssumptions(JoinAssumptions(w_min < w ? t.w_assumption : "", private_kv),
                                kv_min < kv ? t.kv_assumption : "");
            const double caches = private_kv.empty() ? batch : 1;
            pb.assumption_free_bound = Milliseconds((w_min + caches * kv_min) / bw);
          }
          pb.formula = formula;
          pb.formula.terms.push_back(
              {"BW", a.bandwidth.si(), TermUnit::kBytesPerSecond, in.SliceHow(a)});
          return pb;
        });
    AddAssumption(r, SpeculationAssumption(b));
    if (r.verdict == Verdict::kExceeds && !AlreadyExceeds(out, ids::kTpotFloor)) {
      AddExceedsFinding(in, r, "KV-aware time-per-token floor", findings);
    }
    out.roofs.push_back(std::move(r));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeKvTpotFloor() { return std::make_unique<KvTpotFloor>(); }

}  // namespace rooflint
