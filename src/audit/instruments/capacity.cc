// The capacity instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("capacity"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include <algorithm>

#include "audit/instrument.h"
#include "audit/physics.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr FindingCode kCapacityCodes[] = {FindingCode::kExceedsCapacity,
                                          FindingCode::kExceedsCapacityAssuming};
constexpr InstrumentInfo kCapacityInfo{
    .id = ids::kCapacity,
    .kind = InstrumentKind::kCheck,
    .summary = "resident weights (every expert) + B x KV(I) must fit in n x memory",
    .doc = "capacity",
    .codes = kCapacityCodes,
};

class Capacity final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kCapacityInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const Condition& offload = b.conditions.offload;
    if (offload.stated() && !(offload.boolean && !*offload.boolean)) {
      out.checks.push_back(NotApplicable(
          id(), fmt::format("the record states offload to host memory ({}): the host link, "
                            "not capacity, bounds it",
                            offload.text())));
      return;
    }
    auto not_computable = [&](std::string why) {
      InstrumentResult r = NotApplicable(id(), fmt::format("not computable: {}", why));
      out.checks.push_back(std::move(r));
    };
    if (in.model == nullptr) return not_computable(in.model_problem);
    if (in.parts.empty()) return not_computable(in.parts_problem);
    if (in.count <= 0) return not_computable(in.count_problem);
    const Model& m = *in.model;
    Basis weights_how;
    std::string problem;
    // The least the weights can take: the same, unless a published component layout no stated
    // file holds is assumed, or the weight format is unknown (below).
    Bytes weights_least;
    std::string weights_assumption;
    Bytes weights =
        ResidentWeightBytes(m, b, &weights_how, &problem, &weights_least, &weights_assumption);
    if (weights_least <= Bytes(0) || weights_least > weights) weights_least = weights;
    if (weights <= Bytes(0) && b.precision.empty() && !b.weights && m.params_total > 0 &&
        in.options != nullptr && in.options->bound_unknowns) {
      // An unknown format (check and import): resident at the fewest bits the engine loads,
      // the misfit an error may rest on, and at the model's native precision, an assumption.
      const UnstatedFormatBytes u = BytesAtUnstatedFormat(b, m, m.params_total);
      weights_least = u.least;
      weights = u.native;
      weights_assumption = u.assumption;
      weights_how =
          u.native_format != nullptr
              ? fmt::format("{} params x {:g} B ({}, the precision not being stated) = {}",
                            FormatSi(m.params_total), u.native_format->element().si(),
                            u.native_format->name, FormatBytes(weights.si()))
              : u.least_how;
    }
    if (weights <= Bytes(0)) return not_computable(problem);
    Bytes kv, kv_least;
    std::string kv_assumption;
    double batch = in.stated_batch > 0 ? static_cast<double>(in.stated_batch) : 1;
    std::string kv_problem;
    Basis kv_how;
    const InputLength input = KvInputLength(b);
    if (input.tokens > 0) {
      const KvContext context = KvContextTokens(b, static_cast<double>(input.tokens));
      KvElement element = ChooseKvElement(b);
      kv_assumption = std::move(element.assumption);
      kv = KvBytes(m, context.tokens, element.bytes, nullptr, &kv_problem);
      kv_how = KvBasis(b, m, element, static_cast<double>(input.tokens), context.tokens, kv, false);
      kv_least = kv * (element.least / element.bytes);
      if (!input.assumption.empty()) {
        kv_least = Bytes(0);  // a mean length: no request is sure to hold a cache that long
        kv_assumption = JoinAssumptions(input.assumption, kv_assumption);
      }
      if (!context.assumption.empty()) {
        kv_least = Bytes(0);  // an engine's window may have kept fewer tokens
        kv_assumption = JoinAssumptions(kv_assumption, context.assumption);
      }
    }
    Bytes memory;
    const Accelerator* largest = nullptr;
    for (const Accelerator* a : in.parts) {
      const Bytes bytes = GenerousMemory(*a, nullptr);
      if (bytes > memory) {
        memory = bytes;
        largest = a;
      }
    }
    Basis memory_how;
    if (largest != nullptr) {
      // A slice's texts are the resolver's, which ends with the sweep: its basis is said now.
      std::string sliced;
      if (!in.SliceHow(*largest).empty()) GenerousMemory(*largest, &sliced);
      memory_how = sliced.empty() ? MemoryBasis(*largest) : Basis(sliced);
      if (in.parts.size() > 1) {
        memory_how = fmt::format("{} (the largest candidate)", memory_how);
      }
    }
    const Bytes needed = weights + batch * kv;
    const Bytes available = in.count * memory;
    bool fits = needed <= available * (1 + 1e-12);
    // The arithmetic as a formula: its text is made only when a report prints it.
    Formula formula;
    formula.text = kv > Bytes(0) ? "{W} weights + {B} x {KV(I)} KV = {needed} needed vs {n} x "
                                   "{M} = {available} ({share})"
                                 : "{W} weights = {needed} needed vs {n} x {M} = {available} "
                                   "({share})";
    formula.terms = {{"W", weights.si(), TermUnit::kBytes, weights_how},
                     {"n", in.count, TermUnit::kCount, {}},
                     {"M", memory.si(), TermUnit::kBytes, memory_how},
                     {"needed", needed.si(), TermUnit::kBytes, {}},
                     {"available", available.si(), TermUnit::kBytes, {}},
                     {"share", needed / available * 100, TermUnit::kPercent, {}}};
    if (kv > Bytes(0)) {
      formula.terms.push_back({"KV(I)", kv.si(), TermUnit::kBytes, kv_how});
      formula.terms.push_back(
          {"B", batch, TermUnit::kCount,
           in.stated_batch > 0 ? in.batch_how : Basis("a batch is not stated: 1")});
    } else {
      formula.note = "KV(I) not counted (no input length or KV geometry)";
    }
    if (fits) {
      InstrumentResult r = CheckResult(id(), true, SharedText());
      r.formula = std::move(formula);
      out.checks.push_back(std::move(r));
      return;
    }
    std::vector<std::string> assumptions;
    // Each fact the misfit may rest on: the weights at the native precision (the fewest bits
    // might have fit), and B private caches (the sequences may share one prompt's cache).
    const std::string private_kv =
        batch > 1 && kv > Bytes(0) ? PrivateKvAssumption(b) : std::string();
    auto fit = [&](Bytes w, double caches) { return w + caches * kv <= available * (1 + 1e-12); };
    const bool least_fits = fit(weights_least, batch), shared_fits = fit(weights, 1),
               both_fit = fit(weights_least, 1);
    if (!weights_assumption.empty() && (least_fits || (both_fit && !private_kv.empty()))) {
      assumptions.push_back(weights_assumption);
    }
    if (!private_kv.empty() && (shared_fits || (both_fit && !weights_assumption.empty()))) {
      assumptions.push_back(private_kv);
    }
    // KV elements at 2 bits when their width is not stated: a misfit that fits so rests on 4.
    if (kv_least < kv &&
        weights_least + (private_kv.empty() ? batch : 1) * kv_least <= available * (1 + 1e-12)) {
      if (!weights_assumption.empty() && std::find(assumptions.begin(), assumptions.end(),
                                                   weights_assumption) == assumptions.end()) {
        assumptions.push_back(weights_assumption);
      }
      if (!private_kv.empty() &&
          std::find(assumptions.begin(), assumptions.end(), private_kv) == assumptions.end()) {
        assumptions.push_back(private_kv);
      }
      assumptions.push_back(kv_assumption);
    }
    if (!offload.stated()) {
      assumptions.push_back(
          "nothing is offloaded to host memory (the record does not state offload)");
    }
    if (!in.count_assumption.empty()) assumptions.push_back(in.count_assumption);
    const bool assumed = !assumptions.empty();
    std::string message = fmt::format(
        "{} must be resident but {} x {} holds at most {}{}", FormatBytes(needed.si()), in.count,
        in.parts.size() == 1 ? in.parts[0]->header.id : std::string("the candidates"),
        FormatBytes(available.si()),
        assumed ? fmt::format(", if {}", fmt::join(assumptions, ", and ")) : "");
    InstrumentResult failed = CheckResult(id(), false, message);
    failed.formula = std::move(formula);
    std::string arithmetic = FindingArithmetic(in, failed);
    // The facts the misfit rests on, as a roof names its own (empty: a misfit as stated).
    if (assumed) failed.assumption = fmt::format("{}", fmt::join(assumptions, ", and "));
    out.checks.push_back(std::move(failed));
    findings.push_back(MakeFinding(
        b, id(), assumed ? FindingCode::kExceedsCapacityAssuming : FindingCode::kExceedsCapacity,
        message, "value", arithmetic,
        assumed ? "state offload = false if the run kept everything on the accelerators, or "
                  "say what was offloaded"
                : "check the count, the precision and the part: the figure cannot have run "
                  "as recorded"));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeCapacity() { return std::make_unique<Capacity>(); }

}  // namespace rooflint
