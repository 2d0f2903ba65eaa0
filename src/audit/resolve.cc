// Resolving a benchmark's inputs, and combining a bound over candidate parts.
#include "audit/resolve.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "rooflint/precision.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

std::string JoinIds(const std::vector<const Accelerator*>& parts) {
  std::string out;
  for (const auto* p : parts) {
    if (!out.empty()) out += ", ";
    out += p->header.id;
  }
  return out;
}

void ResolveWeights(const Benchmark& b, AuditInput& in) {
  const Model* m = in.model;
  if (b.weights) {
    double stated = b.weights->si;
    if (m != nullptr && m->IsMoe()) {
      double active = *m->params_active;
      in.weight_bytes = stated * active / m->params_total;
      in.weights_how = fmt::format(
          "{} stated ({} B) x {} active / {} total params = {} B (MoE: only the active "
          "experts are read per token)",
          b.weights->text, FormatSi(stated), FormatSi(active), FormatSi(m->params_total),
          FormatSi(in.weight_bytes));
    } else {
      in.weight_bytes = stated;
      in.weights_how = fmt::format("{} B ({} stated by the record)", FormatSi(stated),
                                   b.weights->text);
    }
    return;
  }
  if (m == nullptr) {
    in.weights_problem = "no weight bytes: the record states no `weights` and its model is "
                         "not in the corpus";
    return;
  }
  const PrecisionInfo* p = FindPrecision(b.precision);
  if (p == nullptr) {
    in.weights_problem = fmt::format("no bytes per weight for precision '{}'", b.precision);
    return;
  }
  double params = m->ParamsPerToken();
  double bytes_per_weight = p->bits_per_weight / 8.0;
  in.weight_bytes = params * bytes_per_weight;
  in.weights_how = fmt::format("{} {}params x {} B/weight ({}) = {} B", FormatSi(params),
                               m->IsMoe() ? "active " : "", fmt::format("{:g}", bytes_per_weight),
                               p->name, FormatSi(in.weight_bytes));
}

void ResolveBatch(const Benchmark& b, AuditInput& in) {
  const Conditions& c = b.conditions;
  if (c.batch.stated() && c.batch.integer) {
    in.batch = *c.batch.integer;
    in.batch_how = fmt::format("batch {}", in.batch);
  } else if (c.concurrency.stated() && c.concurrency.integer) {
    in.batch = *c.concurrency.integer;
    in.batch_how = fmt::format("concurrency {} caps the sequences per step", in.batch);
  } else if (c.batch.absent()) {
    in.batch_problem = fmt::format("batch unknown (absent: {})", c.batch.absent_reason);
  } else if (c.concurrency.absent()) {
    in.batch_problem = fmt::format("concurrency unknown (absent: {})",
                                   c.concurrency.absent_reason);
  } else {
    in.batch_problem = "batch unknown (the record states neither batch nor concurrency)";
  }
}

}  // namespace

Resolver::Resolver(const Corpus& corpus, const SweepOptions& options)
    : corpus_(corpus), options_(options), hardware_(corpus.accelerators) {}

const HardwareMatch& Resolver::Match(const std::string& hardware) {
  auto it = matches_.find(hardware);
  if (it == matches_.end()) it = matches_.emplace(hardware, hardware_.Match(hardware)).first;
  return it->second;
}

AuditInput Resolver::Resolve(const Benchmark& b) {
  AuditInput in;
  in.corpus = &corpus_;
  in.options = &options_;
  in.benchmark = &b;
  in.text_match = &Match(b.hardware);
  in.count = static_cast<double>(b.accelerator_count);

  in.model = corpus_.FindModel(b.model);
  if (in.model == nullptr) {
    in.model_problem = fmt::format("model '{}' is not in the corpus", b.model);
  } else {
    in.params = in.model->ParamsPerToken();
    in.params_how = in.model->IsMoe()
                        ? fmt::format("{} active of {} total params ({})", FormatSi(in.params),
                                      FormatSi(in.model->params_total), in.model->header.id)
                        : fmt::format("{} params ({})", FormatSi(in.params), in.model->header.id);
  }

  if (!b.accelerators.empty()) {
    for (const auto& id : b.accelerators) {
      if (const Accelerator* a = corpus_.FindAccelerator(id)) {
        in.parts.push_back(a);
      } else {
        in.parts_problem = fmt::format("accelerator '{}' is not in the corpus", id);
      }
    }
    if (!in.parts_problem.empty()) {
      in.parts.clear();
    } else {
      in.parts_how = in.parts.size() == 1
                         ? fmt::format("pointer {}", in.parts[0]->header.id)
                         : fmt::format("pointer to {} candidate parts: {}", in.parts.size(),
                                       JoinIds(in.parts));
    }
  } else {
    const HardwareMatch& m = *in.text_match;
    in.parts = m.candidates;
    if (in.parts.empty()) {
      in.parts_problem = fmt::format(
          "no pointer, and no accelerator in the corpus matches the hardware text '{}'",
          b.hardware);
    } else {
      in.parts_how = fmt::format("no pointer; hardware text '{}' matches {}", b.hardware,
                                 in.parts.size() == 1
                                     ? in.parts[0]->header.id
                                     : fmt::format("{} parts: {}", in.parts.size(),
                                                   JoinIds(in.parts)));
    }
  }

  ResolveWeights(b, in);
  ResolveBatch(b, in);
  return in;
}

InstrumentResult NotApplicable(std::string_view instrument, std::string reason) {
  InstrumentResult r;
  r.instrument = std::string(instrument);
  r.verdict = Verdict::kNotApplicable;
  r.reason = std::move(reason);
  return r;
}

InstrumentResult CheckResult(std::string_view instrument, bool pass, std::string reason,
                             std::string evidence) {
  InstrumentResult r;
  r.instrument = std::string(instrument);
  r.verdict = pass ? Verdict::kPass : Verdict::kFail;
  r.reason = std::move(reason);
  r.arithmetic = std::move(evidence);
  return r;
}

Finding MakeFinding(const Benchmark& b, std::string_view instrument, Severity severity,
                    std::string code, std::string message, std::string_view key,
                    std::string arithmetic, std::string hint) {
  Finding f;
  f.record = b.header.id;
  f.instrument = std::string(instrument);
  f.severity = severity;
  f.code = std::move(code);
  f.message = std::move(message);
  f.arithmetic = std::move(arithmetic);
  f.hint = std::move(hint);
  f.where = b.header.keys.Find(key, b.header.path);
  f.deprecated = b.header.status == Status::kDeprecated;
  return f;
}

InstrumentResult NotComputable(std::string_view instrument, std::string_view unit, std::string reason) {
  InstrumentResult r;
  r.instrument = std::string(instrument);
  r.verdict = Verdict::kNotComputable;
  r.unit = std::string(unit);
  r.reason = std::move(reason);
  return r;
}

InstrumentResult CombineOverParts(std::string_view instrument, const AuditInput& in, BoundKind kind,
                            double value, std::string_view unit,
                            const std::function<PartBound(const Accelerator&)>& per_part) {
  if (in.parts.empty()) return NotComputable(instrument, unit, in.parts_problem);
  std::vector<PartBound> bounds;
  bounds.reserve(in.parts.size());
  for (const Accelerator* p : in.parts) {
    bounds.push_back(per_part(*p));
    if (!bounds.back().problem.empty()) {
      std::string why = bounds.back().problem;
      if (in.parts.size() > 1) {
        why = fmt::format("{} (candidate {}; the most generous over all candidates is unknown)",
                          why, p->header.id);
      }
      return NotComputable(instrument, unit, why);
    }
  }
  size_t best = 0;
  for (size_t i = 1; i < bounds.size(); ++i) {
    bool better = kind == BoundKind::kCeiling ? bounds[i].bound > bounds[best].bound
                                              : bounds[i].bound < bounds[best].bound;
    if (better) best = i;
  }
  InstrumentResult r;
  r.instrument = std::string(instrument);
  r.unit = std::string(unit);
  r.bound = bounds[best].bound;
  r.arithmetic = bounds[best].arithmetic;
  r.percent = kind == BoundKind::kCeiling ? value / r.bound * 100.0 : r.bound / value * 100.0;
  // A hair of tolerance so a value printed at the roof's own rounding is not "over".
  r.verdict = r.percent > 100.0 + 1e-9 ? Verdict::kExceeds : Verdict::kWithin;
  for (const Accelerator* p : in.parts) r.accelerators.push_back(p->header.id);
  if (in.parts.size() > 1) {
    bool agree = std::all_of(bounds.begin(), bounds.end(), [&](const PartBound& pb) {
      return std::fabs(pb.bound - r.bound) <= 1e-9 * std::fabs(r.bound);
    });
    std::string each;
    for (size_t i = 0; i < bounds.size(); ++i) {
      if (!each.empty()) each += ", ";
      each += fmt::format("{} {}", in.parts[i]->header.id, FormatNumber(bounds[i].bound));
    }
    r.reason = fmt::format("{}; computed with every candidate ({}): {}", in.parts_how, each,
                           agree ? "they agree"
                                 : fmt::format("they differ, the most generous ({}) is used",
                                               in.parts[best]->header.id));
  }
  return r;
}

void AddExceedsFinding(const AuditInput& in, const InstrumentResult& r, std::string_view what,
                       std::vector<Finding>& findings) {
  const Benchmark& b = *in.benchmark;
  bool floor = r.instrument.ends_with("floor");
  findings.push_back(MakeFinding(
      b, r.instrument, Severity::kError, floor ? "below-floor" : "exceeds-roof",
      floor ? fmt::format("{} is below the {} of {} {}: {}% of the floor", b.value.text, what,
                          FormatNumber(r.bound), r.unit, FormatNumber(r.percent))
            : fmt::format("{} is {}% of the {} ({} {})", b.value.text, FormatNumber(r.percent),
                          what, FormatNumber(r.bound), r.unit),
      "value", r.arithmetic));
}

PeakChoice ChoosePeak(const Benchmark& b, const Accelerator& part) {
  PeakChoice c;
  auto describe = [](std::string_view key, double flops) {
    return fmt::format("{} {} FLOP/s", key, FormatSi(flops));
  };
  if (!b.compute_precision.empty()) {
    if (auto f = part.Peak(b.compute_precision)) {
      c.flops = f->si();
      c.how = fmt::format("{} (compute_precision stated)", describe(b.compute_precision, c.flops));
    } else {
      c.problem = fmt::format("{} states no dense {} peak", part.header.id, b.compute_precision);
    }
    return c;
  }
  const PrecisionInfo* p = FindPrecision(b.precision);
  std::string_view compute = p != nullptr ? p->compute : "";
  if (!compute.empty()) {
    // 16-bit weights run at the part's best 16-bit rate: fp16 and bf16 share tensor units,
    // and GeForce cards double it with FP16 accumulation. A roof is generous by design.
    std::vector<std::string_view> keys = {compute};
    if (compute == "fp16" || compute == "bf16") keys = {"fp16", "bf16", "fp16_acc16"};
    for (auto k : keys) {
      if (auto f = part.Peak(k); f && f->si() > c.flops) {
        c.flops = f->si();
        c.how = describe(k, c.flops);
      }
    }
    if (c.flops > 0) {
      c.how += fmt::format(" ({} weights are multiplied in {})", b.precision, compute);
      return c;
    }
  }
  // The compute precision is not determined (integer and GGUF formats, or a part without the
  // weights' own format): the most generous peak the part states, said as such.
  for (const auto& [k, f] : part.peak_dense) {
    if (k == "fp64") continue;
    if (f.si() > c.flops) {
      c.flops = f.si();
      c.how = describe(k, c.flops);
    }
  }
  if (c.flops > 0) {
    c.how += fmt::format(" (compute precision not stated for {} weights: the most generous "
                         "peak the part states)",
                         b.precision);
  } else {
    c.problem = fmt::format("{} states no dense peak", part.header.id);
  }
  return c;
}

PartBound TimeFloorForPart(const AuditInput& in, const Accelerator& part, const FloorTerms& t) {
  PartBound pb;
  const double step = in.weight_bytes / (in.count * part.bandwidth.si());
  std::string step_text = fmt::format("{} B / ({} x {} B/s)", FormatSi(in.weight_bytes),
                                      in.count, FormatSi(part.bandwidth.si()));
  double first = step;
  std::string first_text = step_text;
  if (t.compute_tokens > 0 && in.params > 0) {
    PeakChoice peak = ChoosePeak(*in.benchmark, part);
    if (peak.problem.empty()) {
      double compute = t.compute_tokens * 2.0 * in.params / (in.count * peak.flops);
      std::string compute_text =
          fmt::format("{} x 2 x {} / ({} x {} FLOP/s)", t.compute_tokens_text,
                      FormatSi(in.params), in.count, FormatSi(peak.flops));
      first_text = fmt::format("max({} = {} ms, {} = {} ms)", step_text,
                               FormatNumber(step * 1e3), compute_text,
                               FormatNumber(compute * 1e3));
      first = std::max(step, compute);
    }
  }
  pb.bound = (first + t.extra_steps * step) * 1e3;
  if (t.extra_steps > 0) {
    pb.arithmetic = fmt::format("{} + {} x {} = {} ms", first_text, t.extra_steps, step_text,
                                FormatNumber(pb.bound));
  } else {
    pb.arithmetic = fmt::format("{} = {} ms", first_text, FormatNumber(pb.bound));
  }
  return pb;
}

void AuditTimeFloor(std::string_view instrument, std::string_view what, const AuditInput& in,
                    const FloorTerms& terms, std::string note, RecordAudit& out,
                    std::vector<Finding>& findings) {
  const Benchmark& b = *in.benchmark;
  if (!in.weights_problem.empty()) {
    out.roofs.push_back(NotComputable(instrument, "ms", in.weights_problem));
    return;
  }
  InstrumentResult r = CombineOverParts(instrument, in, BoundKind::kFloor, b.value.si * 1e3, "ms",
                                  [&](const Accelerator& a) {
                                    return TimeFloorForPart(in, a, terms);
                                  });
  if (r.verdict != Verdict::kNotComputable) {
    std::string detail = fmt::format("W = {}; {}", in.weights_how, note);
    r.reason = r.reason.empty() ? detail : fmt::format("{}; {}", detail, r.reason);
  }
  if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, what, findings);
  out.roofs.push_back(std::move(r));
}

}  // namespace rooflint
