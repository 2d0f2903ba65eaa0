// The kv-roof instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("kv-roof"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/physics.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr InstrumentInfo kKvMemoryRoofInfo{
    .id = ids::kKvRoof,
    .kind = InstrumentKind::kRoof,
    .summary =
        "a step reads the weights and every sequence's KV cache: tok/s <= B*n*BW/(W+B*KV(I))",
    .doc = "kv-roof",
    .metrics = kDecodeMetrics,
    .codes = kRoofCodes,
};

class KvMemoryRoof final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kKvMemoryRoofInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const bool per_user = b.metric == Metric::kPerUserDecode;
    if (b.conditions.UsesSpeculation()) {
      out.roofs.push_back(NotApplicable(
          id(), "speculative decoding emits several tokens per step: spec-roof bounds it"));
      return;
    }
    KvTerms t = ResolveKvTerms(in);
    if (!t.problem.empty()) {
      out.roofs.push_back(NotComputable(id(), "tok/s", t.problem));
      return;
    }
    if (!t.components && t.kv <= Bytes(0)) {
      out.roofs.push_back(NotApplicable(
          id(), t.kv_problem.empty()
                    ? "adds nothing to memory-roof: no input length and no per-component bytes"
                    : fmt::format("adds nothing to memory-roof: {}", t.kv_problem)));
      return;
    }
    const Bytes w = t.w, w_min = t.w_min, kv = t.kv, kv_min = t.kv_min;
    double batch = 1;
    Basis batch_basis;  // how B was found; the saturated limit has no B
    bool saturated = false;
    if (per_user) {
      if (in.stated_batch > 0) {
        batch = static_cast<double>(in.stated_batch);
        batch_basis = in.batch_how;
      } else {
        batch_basis = "taken as 1: a batch is not stated (only loosens the bound)";
      }
    } else if (in.batch > 0) {
      batch = static_cast<double>(in.batch);
      batch_basis = in.batch_how;
    } else if (kv > Bytes(0)) {
      saturated = true;
    } else {
      out.roofs.push_back(
          NotComputable(id(), "tok/s",
                        fmt::format("{}: without KV(I) only the memory roof's batch form applies",
                                    in.batch_problem)));
      return;
    }
    // A KV term under 1% of W adds nothing a reader needs: the memory roof is the bound to
    // within 1%, and reporting both would only repeat it.
    if (!t.components && !saturated && batch * kv < 0.01 * w) {
      out.roofs.push_back(NotApplicable(
          id(), fmt::format("the KV cache ({:g} x {}) adds under 1% to W ({}): memory-roof "
                            "is the bound",
                            batch, FormatBytes(kv.si()), FormatBytes(w.si()))));
      return;
    }
    Formula formula;
    const Basis kv_basis = kv > Bytes(0) ? t.kv_how : Basis("not counted (no input length)");
    if (saturated) {
      // One token per step of a sequence that reads only its own cache.
      formula.text = "{n} x {BW} / {KV(I)}";
      formula.terms = {{"KV(I)", kv.si(), TermUnit::kBytes, kv_basis},
                       {"n", in.count, TermUnit::kCount, {}}};
      formula.note = fmt::format("{}: the limit as B grows, n x BW / KV(I)", in.batch_problem);
    } else {
      // Decode steps per second, each reading W and B caches, times the tokens a step yields
      // (B for aggregate, 1 per user).
      formula.text = per_user ? "{n} x {BW} / ({W} + {B} x {KV(I)})"
                              : "{B} x {n} x {BW} / ({W} + {B} x {KV(I)})";
      formula.terms = {{"W", w.si(), TermUnit::kBytes, t.w_how},
                       {"KV(I)", kv.si(), TermUnit::kBytes, kv_basis},
                       {"B", batch, TermUnit::kCount, batch_basis},
                       {"n", in.count, TermUnit::kCount, {}}};
    }
    // B caches are B reads only when no two sequences can share a prompt's cache; else the
    // bound an error may rest on reads the prompt's cache once (the limit as B grows is then
    // no bound at all).
    const std::string private_kv = saturated || batch > 1 ? PrivateKvAssumption(b) : "";
    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kCeiling, b.value.si, "tok/s", [&](const Accelerator& a) {
          PartBound pb;
          pb.problem = SingleTierProblem(a);
          if (!pb.problem.empty()) return pb;
          const BytesPerSecond bw = in.count * a.bandwidth;
          pb.formula = formula;
          pb.formula.terms.push_back(
              {"BW", a.bandwidth.si(), TermUnit::kBytesPerSecond, in.SliceHow(a)});
          if (saturated) {
            pb.bound = (bw / kv).si();
            pb.assumption = JoinAssumptions(private_kv, t.kv_assumption);
            if (private_kv.empty() && kv_min < kv && kv_min > Bytes(0)) {
              pb.assumption_free_bound = (bw / kv_min).si();
            }
            return pb;
          }
          double factor = per_user ? 1 : batch;
          pb.bound = factor * (bw / (w + batch * kv)).si();
          if (w_min < w || !private_kv.empty() || kv_min < kv) {
            pb.assumption =
                JoinAssumptions(JoinAssumptions(w_min < w ? t.w_assumption : "", private_kv),
                                kv_min < kv ? t.kv_assumption : "");
            const double caches = private_kv.empty() ? batch : 1;
            pb.assumption_free_bound = factor * (bw / (w_min + caches * kv_min)).si();
          }
          return pb;
        });
    AddAssumption(r, SpeculationAssumption(b));
    if (r.verdict == Verdict::kExceeds && !AlreadyExceeds(out, ids::kMemoryRoof)) {
      AddExceedsFinding(in, r, "KV-aware memory roof", findings);
    }
    out.roofs.push_back(std::move(r));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeKvMemoryRoof() { return std::make_unique<KvMemoryRoof>(); }

}  // namespace rooflint
