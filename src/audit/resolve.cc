// Resolving a benchmark's inputs, and combining a bound over candidate parts.
#include "audit/resolve.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/text_util.h"
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

// The bytes of the lookup-only embedding table inside a stated weight size: at the record's
// own width (a checkpoint stores its table at the format's width), and at the widest it may be
// stored at (16 bits, or the record's width when wider; 32 bits when the precision is
// unstated), which lowers W the most and so is the assumption-free side.
struct EmbeddingShare {
  double bytes = 0;
  double widest = 0;
  std::string how;
};
EmbeddingShare EmbeddingBytes(const Model& m, const Benchmark& b) {
  EmbeddingShare e;
  double lookup = m.LookupOnlyParams();
  if (lookup <= 0) return e;
  const PrecisionInfo* p = b.precision.empty() ? nullptr : FindPrecision(b.precision);
  double bits = p != nullptr ? p->bits_per_weight : 32.0;
  double widest = std::max(bits, p != nullptr ? 16.0 : 32.0);
  e.bytes = lookup * bits / 8;
  e.widest = lookup * widest / 8;
  e.how = fmt::format(
      "{} input-embedding params x {:g} B ({}; read one row per token, not "
      "streamed)",
      FormatSi(lookup), bits / 8,
      m.tied_embeddings.has_value() ? "untied" : "tie not stated, taken as untied");
  return e;
}

void ResolveWeights(const Benchmark& b, AuditInput& in) {
  const Model* m = in.model;
  if (b.weights && m != nullptr && m->ActiveUnknown()) {
    in.weights_problem = fmt::format(
        "{} stated, but model {} may be a mixture of experts (params_active absent: {}): the "
        "bytes read per token are unknown",
        b.weights->text, m->header.id, m->AbsentReason("params_active"));
    return;
  }
  if (b.weights) {
    double stated = b.weights->si;
    EmbeddingShare share = m != nullptr ? EmbeddingBytes(*m, b) : EmbeddingShare{};
    if (share.widest >= stated) share = {};  // a stated size smaller than the table: keep it
    double embedding = share.bytes;
    std::string minus =
        embedding > 0 ? fmt::format(" - {} B ({})", FormatSi(embedding), share.how) : "";
    double scale = 1;
    if (m != nullptr && m->IsMoe() && m->params_total > 0) {
      scale = m->ParamsPerToken() / (m->params_total - m->LookupOnlyParams());
    }
    if (share.widest > share.bytes) {
      in.weight_bytes_min = (stated - share.widest) * scale;
      in.weights_assumption = fmt::format(
          "the untied input-embedding table is stored at the {} width inside the stated size "
          "(at 16 bits W would be {} B)",
          b.precision.empty() ? "widest" : b.precision, FormatSi(in.weight_bytes_min));
    }
    if (m != nullptr && m->IsMoe() && m->params_total > 0) {
      double active = m->ParamsPerToken();
      double total = m->params_total - m->LookupOnlyParams();
      in.weight_bytes = (stated - embedding) * active / total;
      in.weights_how = fmt::format(
          "({} stated ({} B){}) x {} active / {} total params = {} B (MoE: only the active "
          "experts are read per token)",
          b.weights->text, FormatSi(stated), minus, FormatSi(active), FormatSi(total),
          FormatSi(in.weight_bytes));
    } else if (embedding > 0) {
      in.weight_bytes = stated - embedding;
      in.weights_how = fmt::format("{} stated ({} B){} = {} B", b.weights->text, FormatSi(stated),
                                   minus, FormatSi(in.weight_bytes));
    } else {
      in.weight_bytes = stated;
      in.weights_how =
          fmt::format("{} B ({} stated by the record)", FormatSi(stated), b.weights->text);
    }
    return;
  }
  if (m == nullptr) {
    in.weights_problem =
        "no weight bytes: the record states no `weights` and its model is "
        "not in the corpus";
    return;
  }
  if (b.precision.empty()) {
    in.weights_problem = fmt::format(
        "no weight bytes: the record states neither `weights` nor the precision (absent: {})",
        b.precision_absent);
    return;
  }
  const PrecisionInfo* p = FindPrecision(b.precision);
  if (p == nullptr) {
    in.weights_problem = fmt::format("no bytes per weight for precision '{}'", b.precision);
    return;
  }
  if (in.params <= 0) {
    in.weights_problem = fmt::format("no weight bytes: {}", in.model_problem);
    return;
  }
  double params = in.params;
  double bytes_per_weight = p->bits_per_weight / 8.0;
  in.weight_bytes = params * bytes_per_weight;
  in.weights_how = fmt::format("{} {}params x {} B/weight ({}) = {} B", FormatSi(params),
                               m->IsMoe() ? "active " : "", fmt::format("{:g}", bytes_per_weight),
                               p->name, FormatSi(in.weight_bytes));
  if (m->LookupOnlyParams() > 0) {
    in.weights_how += fmt::format(" (without the {} lookup-only input-embedding params)",
                                  FormatSi(m->LookupOnlyParams()));
  }
}

void ResolveBatch(const Benchmark& b, AuditInput& in) {
  const Conditions& c = b.conditions;
  if (c.batch.stated() && c.batch.integer) {
    in.batch = *c.batch.integer;
    in.stated_batch = in.batch;
    in.batch_how = fmt::format("batch {}", in.batch);
  } else if (c.concurrency.stated() && c.concurrency.integer) {
    in.batch = *c.concurrency.integer;
    in.batch_how = fmt::format("concurrency {} caps the sequences per step", in.batch);
  } else if (c.batch.absent()) {
    in.batch_problem = fmt::format("batch unknown (absent: {})", c.batch.absent_reason);
  } else if (c.concurrency.absent()) {
    in.batch_problem = fmt::format("concurrency unknown (absent: {})", c.concurrency.absent_reason);
  } else {
    in.batch_problem = "batch unknown (the record states neither batch nor concurrency)";
  }
}

// n: the record's accelerator_count; when absent, the count its hardware text states; never 1
// by default.
void ResolveCount(const Benchmark& b, AuditInput& in) {
  if (b.accelerator_count > 0) {
    in.count = static_cast<double>(b.accelerator_count);
    in.count_how = fmt::format("accelerator_count {}", b.accelerator_count);
    return;
  }
  if (in.text_match != nullptr && in.text_match->count) {
    in.count = static_cast<double>(*in.text_match->count);
    in.count_how = fmt::format("{} from the hardware text '{}' (accelerator_count absent)",
                               *in.text_match->count, b.hardware);
    in.count_assumption = fmt::format(
        "the hardware text's count ({}) is of accelerators, not of nodes, packages or machines "
        "(accelerator_count is absent)",
        *in.text_match->count);
    return;
  }
  in.count = 0;
  in.count_problem =
      fmt::format("accelerator count unknown (absent: {}), and the hardware text states none",
                  b.accelerator_count_absent);
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
  ResolveCount(b, in);

  in.model = corpus_.FindModel(b.model);
  if (in.model == nullptr) {
    in.model_problem = fmt::format("model '{}' is not in the corpus", b.model);
  } else if (in.model->ActiveUnknown()) {
    in.model_problem = fmt::format(
        "model '{}' may be a mixture of experts (params_active absent: {}): the parameters "
        "used per token are unknown",
        b.model, in.model->AbsentReason("params_active"));
  } else if (in.model->ParamsPerToken() <= 0) {
    in.model_problem = fmt::format("model '{}' states no parameter count (absent: {})", b.model,
                                   in.model->AbsentReason("params_total"));
  } else {
    in.params = in.model->ParamsPerToken();
    in.params_how = in.model->IsMoe()
                        ? fmt::format("{} active of {} total params ({})", FormatSi(in.params),
                                      FormatSi(in.model->params_total), in.model->header.id)
                        : fmt::format("{} params ({})", FormatSi(in.params), in.model->header.id);
    if (in.model->LookupOnlyParams() > 0) {
      in.params_how += fmt::format(", without {} lookup-only input-embedding params",
                                   FormatSi(in.model->LookupOnlyParams()));
    }
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
      in.parts_how = in.parts.size() == 1 ? fmt::format("pointer {}", in.parts[0]->header.id)
                                          : fmt::format("pointer to {} candidate parts: {}",
                                                        in.parts.size(), JoinIds(in.parts));
    }
  } else {
    const HardwareMatch& m = *in.text_match;
    in.parts = m.candidates;
    if (in.parts.empty() && m.cpu_only) {
      in.parts_problem = fmt::format(
          "the hardware text '{}' names a CPU-only system: no accelerator record applies (a "
          "CPU part needs an accelerator record of its own and a pointer)",
          b.hardware);
    } else if (in.parts.empty()) {
      in.parts_problem =
          fmt::format("no pointer, and no accelerator in the corpus matches the hardware text '{}'",
                      b.hardware);
    } else {
      in.parts_how = fmt::format(
          "no pointer; hardware text '{}' matches {}", b.hardware,
          in.parts.size() == 1 ? in.parts[0]->header.id
                               : fmt::format("{} parts: {}", in.parts.size(), JoinIds(in.parts)));
    }
  }

  ResolveWeights(b, in);
  if (in.weights_assumption.empty()) in.weight_bytes_min = in.weight_bytes;
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

Finding MakeFinding(const Benchmark& b, std::string_view instrument, FindingCode code,
                    std::string message, std::string_view key, std::string arithmetic,
                    std::string hint) {
  Finding f;
  f.record = b.header.id;
  f.instrument = std::string(instrument);
  SetCode(f, code);
  f.message = std::move(message);
  f.arithmetic = std::move(arithmetic);
  f.hint = std::move(hint);
  f.where = b.header.keys.Find(key, b.header.path);
  f.deprecated = b.header.status == Status::kDeprecated;
  return f;
}

InstrumentResult NotComputable(std::string_view instrument, std::string_view unit,
                               std::string reason) {
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
  if (in.count <= 0) return NotComputable(instrument, unit, in.count_problem);
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
  r.assumption = bounds[best].assumption;
  if (!r.assumption.empty()) {
    // The most generous assumption-free bound over the candidates.
    for (const PartBound& pb : bounds) {
      double safe = pb.assumption_free_bound;
      if (std::isnan(safe)) continue;
      if (std::isnan(r.assumption_free_bound) ||
          (kind == BoundKind::kCeiling ? safe > r.assumption_free_bound
                                       : safe < r.assumption_free_bound)) {
        r.assumption_free_bound = safe;
      }
    }
  }
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
  // n read from the hardware text is an assumption for every bound that uses it.
  AddAssumption(r, in.count_assumption);
  return r;
}

bool AlreadyExceeds(const RecordAudit& out, std::string_view instrument) {
  for (const InstrumentResult& r : out.roofs) {
    if (r.instrument == instrument && r.verdict == Verdict::kExceeds) return true;
  }
  return false;
}

void AddExceedsFinding(const AuditInput& in, const InstrumentResult& r, std::string_view what,
                       std::vector<Finding>& findings) {
  const Benchmark& b = *in.benchmark;
  bool floor = IsFloor(r.instrument);
  // Past a bound that rests on an unstated fact: an error only when also past the bound
  // without it; otherwise a warning that names the assumption.
  bool assumed = !r.assumption.empty();
  if (assumed && !std::isnan(r.assumption_free_bound)) {
    double v = floor ? b.value.si * 1e3 : b.value.si;
    bool past_safe = floor ? v < r.assumption_free_bound * (1 - 1e-11)
                           : v > r.assumption_free_bound * (1 + 1e-11);
    if (past_safe) assumed = false;
  }
  std::string message =
      floor ? fmt::format("{} is below the {} of {} {}: {}% of the floor", b.value.text, what,
                          FormatNumber(r.bound), r.unit, FormatNumber(r.percent))
            : fmt::format("{} is {}% of the {} ({} {})", b.value.text, FormatNumber(r.percent),
                          what, FormatNumber(r.bound), r.unit);
  if (!r.assumption.empty() && assumed) {
    message += fmt::format(", if {}", r.assumption);
  } else if (!r.assumption.empty()) {
    message += fmt::format(", and past {} {} even without assuming {}",
                           FormatNumber(r.assumption_free_bound), r.unit, r.assumption);
  }
  FindingCode code =
      floor ? (assumed ? FindingCode::kBelowFloorAssuming : FindingCode::kBelowFloor)
            : (assumed ? FindingCode::kExceedsRoofAssuming : FindingCode::kExceedsRoof);
  findings.push_back(
      MakeFinding(b, r.instrument, code, std::move(message), "value", r.arithmetic,
                  assumed ? fmt::format("the bound assumes {}; state it in the record to make this "
                                        "finding definite",
                                        r.assumption)
                          : ""));
}

PeakChoice ChoosePeak(const Benchmark& b, const Accelerator& part) {
  PeakChoice c;
  auto describe = [](std::string_view key, double flops) {
    return fmt::format("{} {} FLOP/s", key, FormatSi(flops));
  };
  // The fastest of `keys` the part states.
  auto best_of = [&](std::initializer_list<std::string_view> keys) {
    for (auto k : keys) {
      if (auto f = part.Peak(k); f && f->si() > c.flops) {
        c.flops = f->si();
        c.how = describe(k, c.flops);
      }
    }
  };
  // A peak is the fastest legal path at a precision: fp16 and bf16 share tensor units, and
  // GeForce cards double them with FP16 accumulation (llama.cpp's cuBLAS path uses it); fp8
  // likewise; fp32 weights are cast down and multiplied on TF32 or 16-bit tensor cores.
  auto fastest_for = [&](std::string_view compute) {
    if (compute == "fp16" || compute == "bf16") {
      best_of({"fp16", "bf16", "fp16_acc16"});
    } else if (compute == "fp8") {
      best_of({"fp8", "fp8_acc16"});
    } else if (compute == "fp32" || compute == "tf32") {
      best_of({"fp32", "tf32", "fp16", "bf16", "fp16_acc16"});
    } else {
      best_of({compute});
    }
  };
  if (!b.compute_precision.empty()) {
    fastest_for(b.compute_precision);
    if (c.flops > 0) {
      c.how += fmt::format(" (compute_precision {} stated: its fastest rate)", b.compute_precision);
    } else {
      c.problem = fmt::format("{} states no dense {} peak", part.header.id, b.compute_precision);
    }
    return c;
  }
  const PrecisionInfo* p = b.precision.empty() ? nullptr : FindPrecision(b.precision);
  std::string_view compute = p != nullptr ? p->compute : "";
  if (!compute.empty()) {
    fastest_for(compute);
    if (c.flops > 0) {
      c.how += fmt::format(" ({} weights are multiplied in {})", b.precision, compute);
      return c;
    }
  }
  // The compute precision is not determined (integer and GGUF formats, an unstated precision,
  // or a part without the weights' own format): the most generous peak the part states.
  for (const auto& [k, f] : part.peak_dense) {
    if (k == "fp64") continue;
    if (f.si() > c.flops) {
      c.flops = f.si();
      c.how = describe(k, c.flops);
    }
  }
  if (c.flops > 0) {
    c.how += b.precision.empty() ? " (precision not stated: the most generous peak the part states)"
                                 : fmt::format(
                                       " (compute precision not stated for {} weights: the most "
                                       "generous peak the part states)",
                                       b.precision);
  } else {
    c.problem = fmt::format("{} states no dense peak", part.header.id);
  }
  return c;
}

PartBound TimeFloorForPart(const AuditInput& in, const Accelerator& part, const FloorTerms& t) {
  PartBound pb;
  const double step = in.weight_bytes / (in.count * part.bandwidth.si());
  const double step_min = in.weight_bytes_min / (in.count * part.bandwidth.si());
  std::string step_text = fmt::format("{} B / ({} x {} B/s)", FormatSi(in.weight_bytes), in.count,
                                      FormatSi(part.bandwidth.si()));
  double first = step;
  std::string first_text = step_text;
  if (t.compute_tokens > 0 && in.params > 0) {
    PeakChoice peak = ChoosePeak(*in.benchmark, part);
    if (peak.problem.empty()) {
      double compute = t.compute_tokens * 2.0 * in.params / (in.count * peak.flops);
      std::string compute_text =
          fmt::format("{} x 2 x {} / ({} x {} FLOP/s)", t.compute_tokens_text, FormatSi(in.params),
                      in.count, FormatSi(peak.flops));
      first_text = fmt::format("max({} = {} ms, {} = {} ms)", step_text, FormatNumber(step * 1e3),
                               compute_text, FormatNumber(compute * 1e3));
      first = std::max(step, compute);
      if (!t.compute_assumption.empty() && compute > step) {
        pb.assumption = t.compute_assumption;
        pb.assumption_free_bound = (step_min + t.extra_steps * step_min) * 1e3;
      }
    }
  }
  pb.bound = (first + t.extra_steps * step) * 1e3;
  // W itself may rest on an assumption (the width of an untied embedding table).
  if (!in.weights_assumption.empty() && step_min < step) {
    double free_first = first == step ? step_min : first;
    double free_bound = (free_first + t.extra_steps * step_min) * 1e3;
    if (pb.assumption.empty()) {
      pb.assumption = in.weights_assumption;
      pb.assumption_free_bound = free_bound;
    } else {
      pb.assumption = fmt::format("{}, and {}", pb.assumption, in.weights_assumption);
      pb.assumption_free_bound = std::min(pb.assumption_free_bound, free_bound);
    }
  }
  if (t.extra_steps > 0) {
    pb.arithmetic = fmt::format("{} + {} x {} = {} ms", first_text, t.extra_steps, step_text,
                                FormatNumber(pb.bound));
  } else {
    pb.arithmetic = fmt::format("{} = {} ms", first_text, FormatNumber(pb.bound));
  }
  return pb;
}

void AddPrefillTerm(const Benchmark& b, FloorTerms& terms, std::string& note) {
  const Conditions& c = b.conditions;
  const Condition& input = c.input_tokens;
  if (!input.integer || *input.integer <= 0) return;
  // Only uncached input tokens are prefilled.
  double tokens = static_cast<double>(*input.integer);
  std::string text = fmt::format("{} input tokens", *input.integer);
  if (c.prefix && c.prefix->enabled) {
    if (c.prefix->cached_tokens) {
      tokens = std::max(0.0, tokens - static_cast<double>(*c.prefix->cached_tokens));
      text = fmt::format("({} - {} cached) input tokens", *input.integer, *c.prefix->cached_tokens);
    } else if (c.prefix->hit_rate) {
      tokens *= 1 - *c.prefix->hit_rate;
      text =
          fmt::format("{} input tokens x (1 - {:g} hit rate)", *input.integer, *c.prefix->hit_rate);
    } else {
      tokens = 0;  // cached, amount unknown: no prefill term can be stated
      note += "; prefix cache used, share not stated: no prefill term";
    }
  }
  if (tokens > 0) {
    terms.compute_tokens = tokens;
    terms.compute_tokens_text = text;
    if (c.NoPrefixCache()) {
      note += "; prefill of every uncached input token (no prefix cache, stated)";
    } else if (c.prefix) {
      note += "; prefill of every uncached input token";
    } else {
      note += "; prefill of every input token, assuming no prefix cache (not stated)";
      terms.compute_assumption =
          "no prefix cache skips prefill (the record does not state prefix_cache)";
    }
  }
}

double KvElementBytes(const Benchmark& b, std::string* how) {
  if (!b.kv_precision.empty()) {
    if (const PrecisionInfo* p = FindPrecision(b.kv_precision)) {
      *how = fmt::format("KV elements {} ({:g} B, stated)", p->name, p->bits_per_weight / 8);
      return p->bits_per_weight / 8;
    }
  }
  const Condition& engine = b.conditions.engine;
  if (engine.stated() && ToLower(engine.text).find("llama.cpp") != std::string::npos) {
    *how = "KV elements 0.5625 B (kv_precision not stated: q4_0, the smallest llama.cpp stores)";
    return 4.5 / 8;
  }
  *how = "KV elements 0.5 B (kv_precision not stated: 4 bits, the smallest any engine stores)";
  return 0.5;
}

double KvBytes(const Model& m, double tokens, double element, std::string* how,
               std::string* problem) {
  double per_layer = m.kv_latent_dim > 0 ? static_cast<double>(m.kv_latent_dim)
                                         : 2.0 * static_cast<double>(m.kv_heads * m.head_dim);
  if (m.layers <= 0 || per_layer <= 0) {
    *problem =
        fmt::format("model {} states no KV geometry (layers, kv_heads, head_dim)", m.header.id);
    return 0;
  }
  std::string per_layer_text = m.kv_latent_dim > 0
                                   ? fmt::format("{} latent", m.kv_latent_dim)
                                   : fmt::format("2 x {} x {}", m.kv_heads, m.head_dim);
  double full = static_cast<double>(m.layers - m.sliding_window_layers);
  double sliding = static_cast<double>(m.sliding_window_layers);
  double window = std::min(tokens, static_cast<double>(m.sliding_window));
  double bytes = element * per_layer * (full * tokens + sliding * window);
  if (sliding > 0) {
    *how =
        fmt::format("{:g} B x {} x ({:g} full layers x {:g} + {:g} sliding layers x {:g}) = {} B",
                    element, per_layer_text, full, tokens, sliding, window, FormatSi(bytes));
  } else {
    *how = fmt::format("{:g} B x {} x {} layers x {:g} tokens = {} B", element, per_layer_text,
                       m.layers, tokens, FormatSi(bytes));
  }
  return bytes;
}

namespace {

const PrecisionInfo* ComponentPrecision(const std::string& own, const Benchmark& b) {
  if (!own.empty()) return FindPrecision(own);
  return b.precision.empty() ? nullptr : FindPrecision(b.precision);
}

}  // namespace

double ComponentWeightBytes(const Model& m, const Benchmark& b, std::string* how) {
  if (m.experts <= 0 || m.params_routed_experts <= 0 || m.params_total <= 0) return 0;
  const PrecisionInfo* shared_p = ComponentPrecision(m.shared_precision, b);
  const PrecisionInfo* expert_p = ComponentPrecision(m.experts_precision, b);
  if (shared_p == nullptr || expert_p == nullptr) return 0;
  // The component precisions describe the checkpoint as published. Another file of the model
  // (a GGUF conversion) may store the components otherwise: use them only for a record in the
  // published format whose stated size can hold them.
  if (!m.experts_precision.empty() && !b.precision.empty() && b.precision != m.experts_precision &&
      b.precision != m.shared_precision) {
    *how = fmt::format(
        "per-component bytes not used: the record's {} weights are not the "
        "published {}/{} layout",
        b.precision, m.experts_precision, shared_p->name);
    return 0;
  }
  if (b.weights) {
    double resident = (m.params_total - m.params_routed_experts) * shared_p->bits_per_weight / 8 +
                      m.params_routed_experts * expert_p->bits_per_weight / 8;
    if (resident > b.weights->si * 1.02) {
      *how = fmt::format(
          "per-component bytes not used: the stated {} cannot hold the published "
          "layout ({} B), so this file stores its components otherwise",
          b.weights->text, FormatSi(resident));
      return 0;
    }
  }
  double shared = m.params_total - m.params_routed_experts - m.LookupOnlyParams();
  double routed = m.params_routed_experts * static_cast<double>(m.experts_per_token) /
                  static_cast<double>(m.experts);
  double bytes = shared * shared_p->bits_per_weight / 8 + routed * expert_p->bits_per_weight / 8;
  *how = fmt::format(
      "{} shared params x {:g} B ({}) + {} routed params x {} / {} experts x {:g} B ({}) = {} B",
      FormatSi(shared), shared_p->bits_per_weight / 8, shared_p->name,
      FormatSi(m.params_routed_experts), m.experts_per_token, m.experts,
      expert_p->bits_per_weight / 8, expert_p->name, FormatSi(bytes));
  return bytes;
}

double GenerousMemory(const Accelerator& a, std::string* how) {
  const std::string& t = a.memory_text;
  bool decimal = t.ends_with(" GB") || t.ends_with(" TB") || t.ends_with(" MB");
  double bytes = a.memory.si();
  if (decimal) {
    bytes *= 1.073741824;
    *how = fmt::format("{} {} read as binary ({} B)", a.header.id, t, FormatSi(bytes));
  } else {
    *how =
        fmt::format("{} {} ({} B)", a.header.id, t.empty() ? FormatSi(bytes) : t, FormatSi(bytes));
  }
  return bytes;
}

double ResidentWeightBytes(const Model& m, const Benchmark& b, std::string* how,
                           std::string* problem) {
  if (b.weights) {
    *how = fmt::format("{} stated (the whole checkpoint: every expert, the embedding)",
                       b.weights->text);
    return b.weights->si;
  }
  if (m.params_total <= 0) {
    *problem = fmt::format("model {} states no parameter count", m.header.id);
    return 0;
  }
  // The published component layout applies to a record in the published format only.
  bool published = m.experts_precision.empty() || b.precision.empty() ||
                   b.precision == m.experts_precision || b.precision == m.shared_precision;
  if (m.experts > 0 && m.params_routed_experts > 0 && published) {
    const PrecisionInfo* shared_p = ComponentPrecision(m.shared_precision, b);
    const PrecisionInfo* expert_p = ComponentPrecision(m.experts_precision, b);
    if (shared_p != nullptr && expert_p != nullptr) {
      double shared = m.params_total - m.params_routed_experts;
      double bytes = shared * shared_p->bits_per_weight / 8 +
                     m.params_routed_experts * expert_p->bits_per_weight / 8;
      *how = fmt::format("{} shared params x {:g} B + {} routed params x {:g} B = {} B",
                         FormatSi(shared), shared_p->bits_per_weight / 8,
                         FormatSi(m.params_routed_experts), expert_p->bits_per_weight / 8,
                         FormatSi(bytes));
      return bytes;
    }
  }
  const PrecisionInfo* p = b.precision.empty() ? nullptr : FindPrecision(b.precision);
  if (p == nullptr) {
    *problem = fmt::format("the record states neither `weights` nor the precision (absent: {})",
                           b.precision_absent);
    return 0;
  }
  double bytes = m.params_total * p->bits_per_weight / 8;
  *how = fmt::format("{} params x {:g} B ({}) = {} B (every expert is resident)",
                     FormatSi(m.params_total), p->bits_per_weight / 8, p->name, FormatSi(bytes));
  return bytes;
}

KvTerms ResolveKvTerms(const AuditInput& in) {
  KvTerms t;
  const Benchmark& b = *in.benchmark;
  if (in.model == nullptr) {
    t.problem = in.model_problem;
    return t;
  }
  const Model& m = *in.model;
  std::string why_not;
  t.w = ComponentWeightBytes(m, b, &why_not);
  t.components = t.w > 0;
  if (t.components) {
    t.w_min = t.w;
    t.w_how = fmt::format("{} (per-component bytes)", why_not);
  } else {
    if (!in.weights_problem.empty()) {
      t.problem = in.weights_problem;
      return t;
    }
    t.w = in.weight_bytes;
    t.w_min = in.weight_bytes_min;
    t.w_how = why_not.empty() ? in.weights_how : fmt::format("{} ({})", in.weights_how, why_not);
    t.w_assumption = in.weights_assumption;
  }
  const Condition& input = b.conditions.input_tokens;
  if (input.integer && *input.integer > 0) {
    std::string element_how;
    double element = KvElementBytes(b, &element_how);
    t.kv = KvBytes(m, static_cast<double>(*input.integer), element, &t.kv_how, &t.kv_problem);
    if (t.kv > 0) t.kv_how = fmt::format("{} ({})", t.kv_how, element_how);
  }
  return t;
}

std::string SpeculationAssumption(const Benchmark& b) {
  const Condition& s = b.conditions.speculative;
  if (!b.conditions.MayUseSpeculation()) return "";
  return s.absent() ? fmt::format("no speculative decoding (unknown: {})", s.absent_reason)
                    : "no speculative decoding (the record does not state it)";
}

void AddAssumption(InstrumentResult& r, const std::string& assumption) {
  if (assumption.empty() || r.verdict == Verdict::kNotComputable) return;
  r.assumption =
      r.assumption.empty() ? assumption : fmt::format("{}, and {}", assumption, r.assumption);
  r.assumption_free_bound = std::numeric_limits<double>::quiet_NaN();
}

void AuditTimeFloor(std::string_view instrument, std::string_view what, const AuditInput& in,
                    const FloorTerms& terms, std::string note, RecordAudit& out,
                    std::vector<Finding>& findings, std::string assumption) {
  const Benchmark& b = *in.benchmark;
  if (!in.weights_problem.empty()) {
    out.roofs.push_back(NotComputable(instrument, "ms", in.weights_problem));
    return;
  }
  InstrumentResult r =
      CombineOverParts(instrument, in, BoundKind::kFloor, b.value.si * 1e3, "ms",
                       [&](const Accelerator& a) { return TimeFloorForPart(in, a, terms); });
  if (r.verdict != Verdict::kNotComputable) {
    std::string detail = fmt::format("W = {}; {}", in.weights_how, note);
    r.reason = r.reason.empty() ? detail : fmt::format("{}; {}", detail, r.reason);
  }
  AddAssumption(r, assumption);
  if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, what, findings);
  out.roofs.push_back(std::move(r));
}

}  // namespace rooflint
