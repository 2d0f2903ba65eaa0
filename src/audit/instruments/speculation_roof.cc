// The spec-roof and spec-floor instruments. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("spec-roof"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include "audit/physics.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

// What both instruments need: k, W and W_draft, or why they cannot be had.
struct SpeculationTerms {
  double k = 0;
  Bytes w;
  Bytes w_draft;
  std::string how;
  std::string problem;
};

SpeculationTerms Terms(const AuditInput& in) {
  SpeculationTerms t;
  const Benchmark& b = *in.benchmark;
  const auto& s = b.conditions.speculation;
  if (!s || !s->draft_tokens) {
    t.problem = fmt::format(
        "speculative decoding ({}) is stated without draft_tokens: the tokens a step can "
        "accept are unknown",
        b.conditions.speculative.text);
    return t;
  }
  t.k = static_cast<double>(*s->draft_tokens);
  KvTerms kv = ResolveKvTerms(in);
  if (!kv.problem.empty()) {
    t.problem = kv.problem;
    return t;
  }
  t.w = kv.w_min;  // the least W the record allows
  t.how = fmt::format("W = {}; k = {} draft tokens", kv.w_how, *s->draft_tokens);
  if (!s->draft_model.empty()) {
    const Model* d = in.corpus->FindModel(s->draft_model);
    if (d != nullptr && d->ParamsPerToken() > 0) {
      t.w_draft = Bytes(d->ParamsPerToken() * 0.5);
      t.how += fmt::format("; W_draft = {} params x 0.5 B (4 bits, the least it could be) = {} B",
                           FormatSi(d->ParamsPerToken()), FormatSi(t.w_draft.si()));
    } else {
      t.how += fmt::format(
          "; draft model '{}' has no parameter count in the corpus: W_draft "
          "taken as 0 (only loosens the bound)",
          s->draft_model);
    }
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
    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kCeiling, b.value.si, "tok/s", [&](const Accelerator& a) {
          PartBound pb;
          // Verification passes per second, each reading both models, times the k + 1
          // tokens a pass can accept per sequence.
          const PerSecond passes = (in.count * a.bandwidth) / (t.w + t.w_draft);
          pb.bound = batch * (t.k + 1) * passes.si();
          if (!Explaining()) return pb;
          pb.arithmetic = fmt::format("{}({:g} + 1) x {} x {} B/s / {} B = {} tok/s",
                                      per_user ? "" : fmt::format("{:g} x ", batch), t.k, in.count,
                                      FormatSi(a.bandwidth.si()), FormatSi((t.w + t.w_draft).si()),
                                      FormatNumber(pb.bound));
          return pb;
        });
    if (r.verdict != Verdict::kNotComputable && Explaining()) {
      r.reason = r.reason.empty() ? t.how : fmt::format("{}; {}", t.how, r.reason);
    }
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
    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kFloor, b.value.si * 1e3, "ms", [&](const Accelerator& a) {
          PartBound pb;
          const Seconds pass = (t.w + t.w_draft) / (in.count * a.bandwidth);
          pb.bound = Milliseconds(pass / (t.k + 1));
          if (!Explaining()) return pb;
          pb.arithmetic = fmt::format("{} B / ({} x {} B/s) / ({:g} + 1) = {} ms",
                                      FormatSi((t.w + t.w_draft).si()), in.count,
                                      FormatSi(a.bandwidth.si()), t.k, FormatNumber(pb.bound));
          return pb;
        });
    if (r.verdict != Verdict::kNotComputable && Explaining()) {
      r.reason = r.reason.empty() ? t.how : fmt::format("{}; {}", t.how, r.reason);
    }
    if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, "speculation floor", findings);
    out.roofs.push_back(std::move(r));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeSpeculationRoof() { return std::make_unique<SpeculationRoof>(); }
std::unique_ptr<Instrument> MakeSpeculationFloor() { return std::make_unique<SpeculationFloor>(); }

}  // namespace rooflint
