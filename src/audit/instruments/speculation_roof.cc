// The spec-roof and spec-floor instruments. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("spec-roof"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/physics.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

// What both instruments need: k, W and W_draft, or why they cannot be had.
struct SpeculationTerms {
  double k = 0;
  double n = 0;
  Bytes w;
  Bytes w_draft;
  Basis w_how, w_draft_how;
  std::string problem;
  // The terms both formulas share: k, n, W and W_draft.
  rooflint::Formula Formula() const {
    rooflint::Formula f;
    f.terms = {{"k", k, TermUnit::kCount, "draft tokens"},
               {"n", n, TermUnit::kCount, {}},
               {"W", w.si(), TermUnit::kBytes, w_how},
               {"W_draft", w_draft.si(), TermUnit::kBytes, w_draft_how}};
    return f;
  }
};

SpeculationTerms Terms(const AuditInput& in) {
  SpeculationTerms t;
  const Benchmark& b = *in.benchmark;
  const auto& s = b.conditions.speculation;
  if (!s || (!s->draft_tokens && !s->draft_depth)) {
    t.problem = fmt::format(
        "speculative decoding ({}) is stated without draft_tokens: the tokens a step can "
        "accept are unknown",
        b.conditions.speculative.text());
    return t;
  }
  // A draft tree accepts at most one path: its depth, not its size, bounds a step.
  t.k = static_cast<double>(s->draft_depth ? *s->draft_depth : *s->draft_tokens);
  t.n = in.count;
  KvTerms kv = ResolveKvTerms(in);
  if (!kv.problem.empty()) {
    t.problem = kv.problem;
    return t;
  }
  t.w = kv.w_min;  // the least W the record allows
  t.w_how = kv.w_how;
  if (!s->draft_model.empty()) {
    const Model* d = in.corpus->FindModel(s->draft_model);
    if (d != nullptr && d->ParamsPerToken() > 0) {
      t.w_draft = Bytes(d->ParamsPerToken() * 0.5);
      t.w_draft_how = fmt::format("{} params x 0.5 B (4 bits, the least it could be)",
                                  FormatSi(d->ParamsPerToken()));
    } else {
      t.w_draft_how = fmt::format(
          "taken as 0: draft model '{}' has no parameter count in the corpus (only loosens the "
          "bound)",
          s->draft_model);
    }
  } else {
    t.w_draft_how = "taken as 0: no draft model is stated (only loosens the bound)";
  }
  return t;
}

constexpr InstrumentInfo kSpeculationRoofInfo{
    .id = ids::kSpecRoof,
    .kind = InstrumentKind::kRoof,
    .summary = "k draft tokens accept at most k+1 per weight pass: tok/s <= (k+1)*n*BW/W",
    .doc = "spec-roof and spec-floor",
    .metrics = kDecodeMetrics,
    .codes = kRoofCodes,
};

class SpeculationRoof final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kSpeculationRoofInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const bool per_user = b.metric == Metric::kPerUserDecode;
    if (!b.conditions.UsesSpeculation()) {
      out.roofs.push_back(NotApplicable(id(), "the record does not state speculative decoding"));
      return;
    }
    SpeculationTerms t = Terms(in);
    if (!t.problem.empty()) {
      out.roofs.push_back(NotComputable(id(), "tok/s", t.problem));
      return;
    }
    double batch = 1;
    if (!per_user) {
      if (in.batch <= 0) {
        out.roofs.push_back(NotComputable(id(), "tok/s", in.batch_problem));
        return;
      }
      batch = static_cast<double>(in.batch);
    }
    Formula formula = t.Formula();
    if (per_user) {
      formula.text = "({k} + 1) x {n} x {BW} / ({W} + {W_draft})";
    } else {
      formula.text = "{B} x ({k} + 1) x {n} x {BW} / ({W} + {W_draft})";
      formula.terms.push_back({"B", batch, TermUnit::kCount, in.batch_how});
    }
    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kCeiling, b.value.si, "tok/s", [&](const Accelerator& a) {
          PartBound pb;
          pb.problem = SingleTierProblem(a);
          if (!pb.problem.empty()) return pb;
          // Verification passes per second, each reading both models, times the k + 1
          // tokens a pass can accept per sequence.
          const PerSecond passes = (in.count * a.bandwidth) / (t.w + t.w_draft);
          pb.bound = batch * (t.k + 1) * passes.si();
          pb.formula = formula;
          pb.formula.terms.push_back(
              {"BW", a.bandwidth.si(), TermUnit::kBytesPerSecond, in.SliceHow(a)});
          return pb;
        });
    if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, "speculation roof", findings);
    out.roofs.push_back(std::move(r));
  }
};

constexpr InstrumentInfo kSpeculationFloorInfo{
    .id = ids::kSpecFloor,
    .kind = InstrumentKind::kFloor,
    .summary = "k draft tokens per step: TPOT >= W/(n*BW)/(k+1)",
    .doc = "spec-roof and spec-floor",
    .metrics = kStepMetrics,
    .codes = kFloorCodes,
};

class SpeculationFloor final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kSpeculationFloorInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    if (!b.conditions.UsesSpeculation()) {
      out.roofs.push_back(NotApplicable(id(), "the record does not state speculative decoding"));
      return;
    }
    SpeculationTerms t = Terms(in);
    if (!t.problem.empty()) {
      out.roofs.push_back(NotComputable(id(), "ms", t.problem));
      return;
    }
    Formula formula = t.Formula();
    formula.text = "({W} + {W_draft}) / ({n} x {BW}) / ({k} + 1)";
    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kFloor, b.value.si * 1e3, "ms", [&](const Accelerator& a) {
          PartBound pb;
          pb.problem = SingleTierProblem(a);
          if (!pb.problem.empty()) return pb;
          const Seconds pass = (t.w + t.w_draft) / (in.count * a.bandwidth);
          pb.bound = Milliseconds(pass / (t.k + 1));
          pb.formula = formula;
          pb.formula.terms.push_back(
              {"BW", a.bandwidth.si(), TermUnit::kBytesPerSecond, in.SliceHow(a)});
          return pb;
        });
    if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, "speculation floor", findings);
    out.roofs.push_back(std::move(r));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeSpeculationRoof() { return std::make_unique<SpeculationRoof>(); }
std::unique_ptr<Instrument> MakeSpeculationFloor() { return std::make_unique<SpeculationFloor>(); }

}  // namespace rooflint
