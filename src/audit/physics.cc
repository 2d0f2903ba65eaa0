// The physics the roofs share: the peak a record's math runs at, the time floors' terms, the
// KV cache, per-component and resident weight bytes, and a part's memory read generously.
#include "audit/physics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/text_util.h"
#include "rooflint/precision.h"
#include "rooflint/units.h"

namespace rooflint {

namespace {

// How a peak was chosen (the basis of the term F), by which of ChooseDensePeak's rules.
enum PeakRule { kComputeStated = 1, kWeightsMultiplied, kAssumedWeights, kMostGenerous };

// F's basis: words = {the peak's key, the compute precision (kWeightsMultiplied) or the
// assumed format (kAssumedWeights)}, x = {the dense peak, the rule, 1 when 2:4 sparse doubles
// it}. A key read from the part's own table (kMostGenerous) is kept as `text`: a slice's table
// lives only as long as the sweep's resolver.
void SayPeak(const Basis& basis, std::string& out) {
  const Benchmark& b = *basis.record;
  out = fmt::format("{} {}", basis.text.empty() ? basis.words[0] : basis.text.view(),
                    FormatFlops(basis.x[0]));
  switch (static_cast<int>(basis.x[1])) {
    case kComputeStated:
      out += fmt::format(" (compute_precision {} stated: its fastest rate)", b.compute_precision);
      break;
    case kWeightsMultiplied:
      out += fmt::format(" ({} weights are multiplied in {})", b.precision, basis.words[1]);
      break;
    case kAssumedWeights:
      out += fmt::format(" ({} weights, as assumed, are multiplied in {})", basis.words[1],
                         FindPrecision(basis.words[1])->compute);
      break;
    default:
      out += b.precision.empty()
                 ? " (precision not stated: the most generous peak the part states)"
                 : fmt::format(
                       " (compute precision not stated for {} weights: the most generous peak "
                       "the part states)",
                       b.precision);
  }
  if (basis.x[2] != 0) {
    out += " x 2 (2:4 structured sparsity: sparse tensor cores run twice the dense rate)";
  }
}

PeakChoice ChooseDensePeak(const Benchmark& b, const Accelerator& part,
                           const PrecisionInfo* assumed) {
  PeakChoice c;
  std::string_view key;  // the chosen peak's
  // The fastest of `keys` the part states.
  auto best_of = [&](std::initializer_list<std::string_view> keys) {
    for (auto k : keys) {
      if (auto f = part.Peak(k); f && *f > c.flops) {
        c.flops = *f;
        key = k;
      }
    }
  };
  auto said = [&](PeakRule rule, std::string_view word = {}) {
    c.how = Basis(SayPeak, {c.flops.si(), static_cast<double>(rule), 0}, &b, nullptr, key, word);
    return c;
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
    if (c.flops > FlopsPerSecond(0)) return said(kComputeStated);
    c.problem = fmt::format("{} states no dense {} peak", part.header.id, b.compute_precision);
    return c;
  }
  const PrecisionInfo* p = b.precision.empty() ? assumed : FindPrecision(b.precision);
  std::string_view compute = p != nullptr ? p->compute : "";
  if (!compute.empty()) {
    fastest_for(compute);
    if (c.flops > FlopsPerSecond(0)) {
      return b.precision.empty() ? said(kAssumedWeights, p->name)
                                 : said(kWeightsMultiplied, compute);
    }
  }
  // The compute precision is not determined (integer and GGUF formats, an unstated precision,
  // or a part without the weights' own format): the most generous peak the part states.
  for (const auto& [k, f] : part.peak_dense) {
    if (k == "fp64") continue;
    if (f > c.flops) {
      c.flops = f;
      key = k;
    }
  }
  if (c.flops > FlopsPerSecond(0)) {
    said(kMostGenerous);
    c.how.words[0] = {};
    c.how.text = key;
    return c;
  }
  c.problem = fmt::format("{} states no dense peak", part.header.id);
  return c;
}

}  // namespace

PeakChoice ChoosePeak(const Benchmark& b, const Accelerator& part, const PrecisionInfo* assumed) {
  PeakChoice c = ChooseDensePeak(b, part, assumed);
  if (c.flops > FlopsPerSecond(0) && part.name.find("GeForce") != std::string::npos) {
    c.headroom = kGeForceClockHeadroom;
    c.headroom_assumption = fmt::format(
        "{} runs at its rated boost clock (GeForce cards boost past it, by up to {:g}%)",
        part.header.id, (kGeForceClockHeadroom - 1) * 100);
  }
  // 2:4 structured sparsity: sparse tensor cores skip the pruned half, twice the dense rate
  // (the sparse figure vendor sheets print), taken for every part as the generous side.
  if (b.Sparse24() && c.flops > FlopsPerSecond(0)) {
    c.flops = c.flops * 2.0;
    c.how.x[2] = 1;
  }
  return c;
}

PartBound TimeFloorForPart(const AuditInput& in, const Accelerator& part, const FloorTerms& t) {
  PartBound pb;
  pb.problem = SingleTierProblem(part);
  if (!pb.problem.empty()) return pb;
  const BytesPerSecond bandwidth = in.count * part.bandwidth;
  const Seconds step = in.weight_bytes / bandwidth;
  const Seconds step_min = in.weight_bytes_min / bandwidth;
  std::vector<Term>& terms = pb.formula.terms;
  terms = {{"W", in.weight_bytes.si(), TermUnit::kBytes, in.weights_how},
           {"n", in.count, TermUnit::kCount, {}},
           {"BW", part.bandwidth.si(), TermUnit::kBytesPerSecond, in.SliceHow(part)}};
  Seconds first = step;
  bool compute_term = false;
  // The first step at the least W: with W at an assumed format, its compute runs at the most
  // generous peak, as the bound that rests on no assumption must.
  Seconds first_min = step_min;
  if (t.compute_tokens > 0 && in.params > 0) {
    PeakChoice peak = ChoosePeak(*in.benchmark, part, in.assumed_format);
    PeakChoice generous = in.assumed_format != nullptr ? ChoosePeak(*in.benchmark, part) : peak;
    if (peak.problem.empty() && generous.problem.empty()) {
      const Seconds compute = MatmulFlops(in.params, t.compute_tokens) / (in.count * peak.flops);
      // A GeForce card may run past its rated clock: the least compute time an error rests on
      // takes the headroom.
      first_min = std::max(step_min, MatmulFlops(in.params, t.compute_tokens) /
                                         (in.count * generous.flops * generous.headroom));
      compute_term = true;
      terms.push_back({"T", t.compute_tokens, TermUnit::kTokens, t.compute_tokens_basis});
      terms.push_back({"P", in.params, TermUnit::kParams, in.params_how});
      terms.push_back({"F", peak.flops.si(), TermUnit::kFlopsPerSecond,
                       in.SliceHow(part).empty()
                           ? peak.how
                           : Basis(fmt::format("{} ({})", peak.how, in.SliceHow(part)))});
      terms.push_back({"t_W", Milliseconds(step), TermUnit::kMilliseconds, {}});
      terms.push_back({"t_F", Milliseconds(compute), TermUnit::kMilliseconds, {}});
      first = std::max(step, compute);
      if (!t.compute_assumption.empty() && compute > step) {
        pb.assumption = t.compute_assumption;
        pb.assumption_free_bound = Milliseconds(step_min + t.extra_steps * step_min);
      } else if (generous.headroom > 1 && compute > step) {
        pb.assumption = generous.headroom_assumption;
        pb.assumption_free_bound = Milliseconds(first_min + t.extra_steps * step_min);
      }
    }
  }
  pb.bound = Milliseconds(first + t.extra_steps * step);
  // W itself may rest on an assumption (the width of an untied embedding table).
  if (!in.weights_assumption.empty() && step_min < step) {
    double free_bound = Milliseconds(first_min + t.extra_steps * step_min);
    if (pb.assumption.empty()) {
      pb.assumption = in.weights_assumption;
      pb.assumption_free_bound = free_bound;
    } else {
      pb.assumption = fmt::format("{}, and {}", pb.assumption, in.weights_assumption);
      pb.assumption_free_bound = std::min(pb.assumption_free_bound, free_bound);
    }
  }
  // The formula's text, by its shape: [compute term][prefill][further steps].
  static constexpr std::string_view kTexts[2][2][2] = {
      {{"{W} / ({n} x {BW})", "{W} / ({n} x {BW}) + {S} x {W} / ({n} x {BW})"},
       {"{W} / ({n} x {BW})", "{W} / ({n} x {BW}) + {S} x {W} / ({n} x {BW})"}},
      {{"max({W} / ({n} x {BW}) = {t_W}, {T} x 2 x {P} / ({n} x {F}) = {t_F})",
        "max({W} / ({n} x {BW}) = {t_W}, {T} x 2 x {P} / ({n} x {F}) = {t_F}) + {S} x {W} / "
        "({n} x {BW})"},
       {"max({W} / ({n} x {BW}) = {t_W}, {T} input tokens x 2 x {P} / ({n} x {F}) = {t_F})",
        "max({W} / ({n} x {BW}) = {t_W}, {T} input tokens x 2 x {P} / ({n} x {F}) = {t_F}) + "
        "{S} x {W} / ({n} x {BW})"}}};
  if (t.extra_steps > 0) terms.push_back({"S", t.extra_steps, TermUnit::kCount, {}});
  pb.formula.text = kTexts[compute_term][t.prefill][t.extra_steps > 0];
  return pb;
}

InputLength KvInputLength(const Benchmark& b) {
  const Conditions& c = b.conditions;
  InputLength out;
  if (c.input_tokens.integer && *c.input_tokens.integer > 0) {
    out.tokens = *c.input_tokens.integer;
  } else if (c.input_tokens_mean.integer && *c.input_tokens_mean.integer > 0) {
    out.tokens = *c.input_tokens_mean.integer;
    out.assumption = fmt::format(
        "every request had the run's mean input length, {} tokens (input_tokens_mean: the "
        "lengths varied, and a mean is no length every request had)",
        out.tokens);
  }
  return out;
}

void AddPrefillTerm(const Benchmark& b, FloorTerms& terms, std::string& note) {
  const Conditions& c = b.conditions;
  const InputLength input = KvInputLength(b);
  if (input.tokens <= 0) return;
  // Only uncached input tokens are prefilled.
  double tokens = static_cast<double>(input.tokens);
  std::string text = input.assumption.empty() ? "every input token" : "the mean input tokens";
  if (c.prefix && c.prefix->enabled) {
    if (c.prefix->cached_tokens) {
      tokens = std::max(0.0, tokens - static_cast<double>(*c.prefix->cached_tokens));
      text = fmt::format("({} - {} cached) input tokens", input.tokens, *c.prefix->cached_tokens);
    } else if (c.prefix->hit_rate) {
      tokens *= 1 - *c.prefix->hit_rate;
      text =
          fmt::format("{} input tokens x (1 - {:g} hit rate)", input.tokens, *c.prefix->hit_rate);
    } else {
      tokens = 0;  // cached, amount unknown: no prefill term can be stated
      note += "; prefix cache used, share not stated: no prefill term";
    }
  }
  if (tokens > 0) {
    terms.compute_tokens = tokens;
    terms.compute_tokens_basis = text;
    terms.prefill = true;
    if (c.NoPrefixCache()) {
      note += "; prefill of every uncached input token (no prefix cache, stated)";
    } else if (c.prefix) {
      note += "; prefill of every uncached input token";
    } else {
      note += "; prefill of every input token, assuming no prefix cache (not stated)";
      terms.compute_assumption =
          "no prefix cache skips prefill (the record does not state prefix_cache)";
    }
    if (!input.assumption.empty()) {
      note += fmt::format("; {} input tokens is a mean (input_tokens_mean)", input.tokens);
      terms.compute_assumption = JoinAssumptions(terms.compute_assumption, input.assumption);
    }
  }
}

namespace {
enum KvElementRule { kKvStated, kKvLlamaCpp, kKvAssumed };
}  // namespace

KvElement ChooseKvElement(const Benchmark& b) {
  KvElement e;
  if (!b.kv_precision.empty()) {
    if (const PrecisionInfo* p = FindPrecision(b.kv_precision)) {
      e.bytes = e.least = p->element();
      e.rule = kKvStated;
      e.stated = p->name;
      return e;
    }
  }
  const Condition& engine = b.conditions.engine;
  if (engine.stated() && ToLower(engine.text()).find("llama.cpp") != std::string::npos) {
    e.bytes = e.least = Bytes(4.5 / 8);
    e.rule = kKvLlamaCpp;
    return e;
  }
  e.bytes = Bytes(0.5);
  e.least = Bytes(0.25);
  e.rule = kKvAssumed;
  e.assumption =
      "KV-cache elements of at least 4 bits (kv_precision is not stated, and KIVI-style caches "
      "store 2)";
  return e;
}

std::string KvElementText(const KvElement& e) {
  switch (e.rule) {
    case kKvStated:
      return fmt::format("KV elements {} ({:g} B, stated)", e.stated, e.bytes.si());
    case kKvLlamaCpp:
      return "KV elements 0.5625 B (kv_precision not stated: q4_0, the smallest llama.cpp stores)";
    default:
      return "KV elements 0.5 B (kv_precision not stated: 4 bits; 2-bit caches exist)";
  }
}

KvContext KvContextTokens(const Benchmark& b, double tokens) {
  KvContext c;
  c.tokens = tokens;
  const Condition& w = b.conditions.attention_window;
  if (w.integer && static_cast<double>(*w.integer) < tokens) {
    c.tokens = static_cast<double>(*w.integer);
  }
  if (!w.stated()) {
    c.assumption = w.absent()
                       ? fmt::format(
                             "the whole context is kept in the KV cache (attention_window "
                             "unknown: {})",
                             w.absent_reason())
                       : "the whole context is kept in the KV cache (attention_window is not "
                         "stated; an engine may keep fewer tokens, as TensorRT-LLM's "
                         "max_attention_window_size does)";
  }
  return c;
}

Bytes KvBytes(const Model& m, double tokens, Bytes element, std::string* how,
              std::string* problem) {
  double per_layer = m.kv_latent_dim > 0 ? static_cast<double>(m.kv_latent_dim)
                                         : 2.0 * static_cast<double>(m.kv_heads * m.head_dim);
  if (m.layers <= 0 || per_layer <= 0) {
    *problem =
        fmt::format("model {} states no KV geometry (layers, kv_heads, head_dim)", m.header.id);
    return Bytes(0);
  }
  // A hybrid model's linear-attention and state-space layers keep a state of fixed size: only
  // its kv_layers cache K and V per token.
  const int64_t kv_layers = m.KvLayers();
  double full = static_cast<double>(kv_layers - m.sliding_window_layers);
  double sliding = static_cast<double>(m.sliding_window_layers);
  double window = std::min(tokens, static_cast<double>(m.sliding_window));
  const Bytes bytes = element * (per_layer * (full * tokens + sliding * window));
  if (how == nullptr) return bytes;
  std::string per_layer_text = m.kv_latent_dim > 0
                                   ? fmt::format("{} latent", m.kv_latent_dim)
                                   : fmt::format("2 x {} x {}", m.kv_heads, m.head_dim);
  if (sliding > 0) {
    *how = fmt::format("{:g} B x {} x ({:g} full layers x {:g} + {:g} sliding layers x {:g}) = {}",
                       element.si(), per_layer_text, full, tokens, sliding, window,
                       FormatBytes(bytes.si()));
  } else {
    *how = fmt::format("{:g} B x {} x {} {}layers x {:g} tokens = {}", element.si(), per_layer_text,
                       kv_layers, m.kv_layers > 0 ? "KV " : "", tokens, FormatBytes(bytes.si()));
  }
  return bytes;
}

namespace {

// KV(I)'s basis: x = {element bytes, tokens counted, KV bytes, the context's tokens, the
// element's rule, 1 at a mean input length}, words[0] the stated element format.
void SayKv(const Basis& basis, std::string& out) {
  std::string problem;
  KvBytes(*basis.model, basis.x[1], Bytes(basis.x[0]), &out, &problem);
  if (basis.x[1] < basis.x[3]) {
    const auto window = static_cast<int64_t>(basis.x[1]);
    out += fmt::format(" (attention_window {}: the engine kept {} of the {:g} tokens)", window,
                       window, basis.x[3]);
  }
  if (basis.x[5] != 0) out += " at the mean input length";
  KvElement e;
  e.bytes = Bytes(basis.x[0]);
  e.rule = static_cast<int>(basis.x[4]);
  e.stated = basis.words[0];
  out += fmt::format(" ({})", KvElementText(e));
}

}  // namespace

Basis KvBasis(const Benchmark& b, const Model& m, const KvElement& element, double context,
              double tokens, Bytes kv, bool mean) {
  return Basis(SayKv,
               {element.bytes.si(), tokens, kv.si(), context, static_cast<double>(element.rule),
                mean ? 1.0 : 0.0},
               &b, &m, element.stated);
}

namespace {

const PrecisionInfo* ComponentPrecision(const std::string& own, const Benchmark& b) {
  if (!own.empty()) return FindPrecision(own);
  return b.precision.empty() ? nullptr : FindPrecision(b.precision);
}

// The fewest bits a weight of the record can have in any component: its stated precision's
// width, else the narrowest format its engine loads (NarrowestWeightsFor), said in `how`.
double NarrowestComponentBits(const Benchmark& b, std::string* how) {
  if (const PrecisionInfo* p = b.precision.empty() ? nullptr : FindPrecision(b.precision)) {
    *how = fmt::format("{}, the record's precision", p->name);
    return p->bits_per_weight;
  }
  const Condition& engine = b.conditions.engine;
  const Condition& version = b.conditions.engine_version;
  const NarrowestWeights narrow = NarrowestWeightsFor(
      engine.stated() ? engine.text().view() : "", version.stated() ? version.text().view() : "");
  *how = fmt::format("{}, the narrowest {} loads", narrow.format, narrow.engine);
  return narrow.bits;
}

// `params` at the narrower of `p` and `bits`.
Bytes AtNarrower(const PrecisionInfo& p, double bits, double params) {
  return Bytes(params * std::min(p.bits_per_weight, bits) / 8);
}

}  // namespace

Bytes ComponentWeightBytes(const Model& m, const Benchmark& b, std::string* how, Bytes* least,
                           std::string* assumption) {
  if (least != nullptr) *least = Bytes(0);
  if (m.experts <= 0 || m.params_routed_experts <= 0 || m.params_total <= 0) return Bytes(0);
  const PrecisionInfo* shared_p = ComponentPrecision(m.shared_precision, b);
  const PrecisionInfo* expert_p = ComponentPrecision(m.experts_precision, b);
  if (shared_p == nullptr || expert_p == nullptr) return Bytes(0);
  if (b.Sparse24()) {
    *how = "per-component bytes not used: the record's weights are 2:4 sparse";
    return Bytes(0);
  }
  // The component precisions describe the checkpoint as published. Another file of the model
  // (a GGUF conversion) may store the components otherwise: use them only for a record in the
  // published format whose stated size can hold them.
  if (!m.experts_precision.empty() && !b.precision.empty() && b.precision != m.experts_precision &&
      b.precision != m.shared_precision) {
    *how = fmt::format(
        "per-component bytes not used: the record's {} weights are not the "
        "published {}/{} layout",
        b.precision, m.experts_precision, shared_p->name);
    return Bytes(0);
  }
  if (b.weights) {
    const Bytes resident = shared_p->BytesOf(m.params_total - m.params_routed_experts) +
                           expert_p->BytesOf(m.params_routed_experts);
    if (resident > Bytes(b.weights->si * 1.02)) {
      *how = fmt::format(
          "per-component bytes not used: the stated {} cannot hold the published "
          "layout ({}), so this file stores its components otherwise",
          b.weights->text, FormatBytes(resident.si()));
      return Bytes(0);
    }
  }
  double shared = m.params_total - m.params_routed_experts - m.LookupOnlyParams();
  double routed = m.params_routed_experts * static_cast<double>(m.experts_per_token) /
                  static_cast<double>(m.experts);
  const Bytes bytes = shared_p->BytesOf(shared) + expert_p->BytesOf(routed);
  *how = fmt::format(
      "{} shared params x {:g} B ({}) + {} routed params x {} / {} experts x {:g} B ({}) = {}",
      FormatSi(shared), shared_p->element().si(), shared_p->name, FormatSi(m.params_routed_experts),
      m.experts_per_token, m.experts, expert_p->element().si(), expert_p->name,
      FormatBytes(bytes.si()));
  if (least == nullptr) return bytes;
  *least = bytes;
  // Only a stated file that holds the published layout says the components are stored so; a
  // file converted without one may store the shared part as narrow as its weights go.
  if (!b.weights) {
    std::string narrow_how;
    const double bits = NarrowestComponentBits(b, &narrow_how);
    const Bytes narrowest =
        AtNarrower(*shared_p, bits, shared) + AtNarrower(*expert_p, bits, routed);
    if (narrowest < bytes) {
      *least = narrowest;
      if (assumption != nullptr) {
        *assumption = fmt::format(
            "the components are stored in the published layout ({} shared, {} experts; no "
            "stated file size holds it, and at {:g} bit{} ({}) they are {})",
            shared_p->name, expert_p->name, bits, bits == 1 ? "" : "s", narrow_how,
            FormatBytes(narrowest.si()));
      }
    }
  }
  return bytes;
}

double SparseFraction(const PrecisionInfo& p) {
  return (p.bits_per_weight / 2 + 1) / p.bits_per_weight;
}

namespace {

// One tier's capacity, a decimal figure read as binary; `text` gets how it was read.
Bytes GenerousTier(Bytes stated, const std::string& t, std::string* text) {
  const bool decimal = t.ends_with(" GB") || t.ends_with(" TB") || t.ends_with(" MB");
  Bytes bytes = stated;
  if (decimal) bytes = bytes * 1.073741824;  // 2^30 / 10^9
  *text = decimal ? fmt::format("{} read as binary ({})", t, FormatBytes(bytes.si()))
                  : fmt::format("{} ({})", t.empty() ? FormatBytes(bytes.si()) : t,
                                FormatBytes(bytes.si()));
  return bytes;
}

}  // namespace

Bytes GenerousMemory(const Accelerator& a, std::string* how) {
  std::string text;
  Bytes bytes = GenerousTier(a.memory, a.memory_text, &text);
  if (!a.Tiered()) {
    if (how != nullptr) *how = fmt::format("{} {}", a.header.id, text);
    return bytes;
  }
  // Every tier may hold weights: the on-chip SRAM, the memory, the capacity tier behind it.
  std::vector<std::string> parts = {fmt::format("{} memory", text)};
  if (a.on_chip_memory > Bytes(0)) {
    bytes = bytes + GenerousTier(a.on_chip_memory, a.on_chip_memory_text, &text);
    parts.push_back(fmt::format("{} on chip", text));
  }
  if (a.capacity_memory > Bytes(0)) {
    bytes = bytes + GenerousTier(a.capacity_memory, a.capacity_memory_text, &text);
    parts.push_back(fmt::format("{} capacity tier", text));
  }
  if (how != nullptr) {
    *how = fmt::format("{} {} = {}", a.header.id, fmt::join(parts, " + "), FormatBytes(bytes.si()));
  }
  return bytes;
}

WeightStream StreamFor(const Accelerator& a, double n, Bytes bytes) {
  WeightStream s;
  s.on_chip = n * a.on_chip_memory;
  s.streamed = bytes - s.on_chip;
  s.bandwidth = n * (a.bandwidth + a.capacity_bandwidth);
  return s;
}

std::string SingleTierProblem(const Accelerator& a) {
  if (!a.Tiered()) return {};
  return fmt::format(
      "{} holds weights in more than one memory tier (on-chip SRAM, {}, a capacity tier): this "
      "bound reads one memory and would be tighter than physics; memory-roof reads the tiers",
      a.header.id, a.memory_type.empty() ? std::string("its memory") : a.memory_type);
}

UnstatedFormatBytes BytesAtUnstatedFormat(const Benchmark& b, const Model& m, double params) {
  UnstatedFormatBytes u;
  const Condition& engine = b.conditions.engine;
  const Condition& version = b.conditions.engine_version;
  const NarrowestWeights narrow = NarrowestWeightsFor(
      engine.stated() ? engine.text().view() : "", version.stated() ? version.text().view() : "");
  u.native_format = m.native_precision.empty() ? nullptr : FindPrecision(m.native_precision);
  u.least_bits = u.native_format != nullptr
                     ? std::min(narrow.bits, u.native_format->bits_per_weight)
                     : narrow.bits;
  u.least = Bytes(params * u.least_bits / 8);
  u.native = u.native_format != nullptr ? u.native_format->BytesOf(params) : u.least;
  if (b.Sparse24()) {
    // 2:4 sparse: half the weights at each width, with a 2-bit index each.
    u.least = u.least * ((u.least_bits / 2 + 1) / u.least_bits);
    u.native = u.native_format != nullptr ? u.native * SparseFraction(*u.native_format) : u.least;
  }
  const std::string bits = fmt::format("{:g} bit{}", u.least_bits, u.least_bits == 1 ? "" : "s");
  u.least_how = fmt::format("{} params x {} ({}, the narrowest {} loads{}){} = {}",
                            FormatSi(params), bits, narrow.format, narrow.engine,
                            narrow.versions.empty() ? "" : fmt::format(" {}", narrow.versions),
                            b.Sparse24() ? ", 2:4 sparse" : "", FormatBytes(u.least.si()));
  if (u.native > u.least) {
    u.assumption = fmt::format(
        "the weights are in the model's native {} (the precision is not stated; at {}, the "
        "narrowest {} loads, they are {})",
        u.native_format->name, bits, narrow.engine, FormatBytes(u.least.si()));
  }
  return u;
}

namespace {

// Resident W at the record's precision: x = {bytes per weight, the 2:4-sparse share or 1, W},
// words[0] the format.
void SayResidentWeights(const Basis& basis, std::string& out) {
  const double sparse = basis.x[1];
  out = fmt::format("{} params x {:g} B ({}){} = {} (every expert is resident)",
                    FormatSi(basis.model->params_total), basis.x[0], basis.words[0],
                    sparse != 1 ? fmt::format(" x {:g} (2:4 sparse)", sparse) : "",
                    FormatBytes(basis.x[2]));
}

// A part's memory read generously (one tier): words = {the part's id, its memory as written},
// x = {its memory, as read}.
void SayMemory(const Basis& basis, std::string& out) {
  std::string text;
  GenerousTier(Bytes(basis.x[0]), std::string(basis.words[1]), &text);
  out = fmt::format("{} {}", basis.words[0], text);
}

}  // namespace

Basis MemoryBasis(const Accelerator& a) {
  if (a.Tiered()) {
    std::string how;
    GenerousMemory(a, &how);
    return how;
  }
  return Basis(SayMemory, {a.memory.si()}, nullptr, nullptr, a.header.id.view(), a.memory_text);
}

Bytes ResidentWeightBytes(const Model& m, const Benchmark& b, Basis* how, std::string* problem,
                          Bytes* least, std::string* assumption) {
  if (least != nullptr) *least = Bytes(0);
  if (b.weights) {
    *how = fmt::format("{} stated (the whole checkpoint: every expert, the embedding)",
                       b.weights->text);
    if (least != nullptr) *least = Bytes(b.weights->si);
    return Bytes(b.weights->si);
  }
  if (m.params_total <= 0) {
    *problem = fmt::format("model {} states no parameter count", m.header.id);
    return Bytes(0);
  }
  // The published component layout applies to a record in the published format only.
  bool published = m.experts_precision.empty() || b.precision.empty() ||
                   b.precision == m.experts_precision || b.precision == m.shared_precision;
  if (m.experts > 0 && m.params_routed_experts > 0 && published && !b.Sparse24()) {
    const PrecisionInfo* shared_p = ComponentPrecision(m.shared_precision, b);
    const PrecisionInfo* expert_p = ComponentPrecision(m.experts_precision, b);
    if (shared_p != nullptr && expert_p != nullptr) {
      double shared = m.params_total - m.params_routed_experts;
      const Bytes bytes = shared_p->BytesOf(shared) + expert_p->BytesOf(m.params_routed_experts);
      *how =
          fmt::format("{} shared params x {:g} B + {} routed params x {:g} B = {}",
                      FormatSi(shared), shared_p->element().si(), FormatSi(m.params_routed_experts),
                      expert_p->element().si(), FormatBytes(bytes.si()));
      if (least != nullptr) {
        // No stated file holds the published layout: the components may be stored as narrow
        // as the record's weights go.
        std::string narrow_how;
        const double bits = NarrowestComponentBits(b, &narrow_how);
        *least = AtNarrower(*shared_p, bits, shared) +
                 AtNarrower(*expert_p, bits, m.params_routed_experts);
        if (*least < bytes && assumption != nullptr) {
          *assumption = fmt::format(
              "the components are stored in the published layout ({} shared, {} experts; no "
              "stated file size holds it, and at {:g} bit{} ({}) they are {})",
              shared_p->name, expert_p->name, bits, bits == 1 ? "" : "s", narrow_how,
              FormatBytes(least->si()));
        }
        if (*least > bytes) *least = bytes;
      }
      return bytes;
    }
  }
  const PrecisionInfo* p = b.precision.empty() ? nullptr : FindPrecision(b.precision);
  if (p == nullptr) {
    *problem = fmt::format("the record states neither `weights` nor the precision (absent: {})",
                           b.precision_absent);
    return Bytes(0);
  }
  const double sparse = b.Sparse24() ? SparseFraction(*p) : 1.0;
  const Bytes bytes = p->BytesOf(m.params_total) * sparse;
  *how = Basis(SayResidentWeights, {p->element().si(), sparse, bytes.si()}, &b, &m, p->name);
  if (least != nullptr) *least = bytes;
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
  Bytes w_least;
  std::string layout_assumption;
  t.w = ComponentWeightBytes(m, b, &why_not, &w_least, &layout_assumption);
  t.components = t.w > Bytes(0);
  if (t.components) {
    t.w_min = w_least < t.w ? w_least : t.w;
    if (t.w_min < t.w) t.w_assumption = layout_assumption;
    t.w_how = fmt::format("{} (per-component bytes)", why_not);
  } else {
    if (!in.weights_problem.empty()) {
      t.problem = in.weights_problem;
      return t;
    }
    t.w = in.weight_bytes;
    t.w_min = in.weight_bytes_min;
    t.w_how =
        why_not.empty() ? in.weights_how : Basis(fmt::format("{} ({})", in.weights_how, why_not));
    t.w_assumption = in.weights_assumption;
  }
  const InputLength input = KvInputLength(b);
  if (input.tokens > 0) {
    std::string least_problem;
    const KvContext context = KvContextTokens(b, static_cast<double>(input.tokens));
    const double tokens = context.tokens;
    KvElement element = ChooseKvElement(b);
    t.kv_assumption = std::move(element.assumption);
    t.kv = KvBytes(m, tokens, element.bytes, nullptr, &t.kv_problem);
    t.kv_min = t.kv;
    if (element.least < element.bytes) {
      t.kv_min = KvBytes(m, tokens, element.least, nullptr, &least_problem);
    } else {
      t.kv_assumption.clear();
    }
    if (!input.assumption.empty()) {
      // A mean length: the bound an error may rest on counts no cache at all.
      t.kv_min = Bytes(0);
      t.kv_assumption = JoinAssumptions(input.assumption, t.kv_assumption);
    }
    if (!context.assumption.empty()) {
      // An engine's window may have kept fewer tokens: nor does it count one.
      t.kv_min = Bytes(0);
      t.kv_assumption = JoinAssumptions(t.kv_assumption, context.assumption);
    }
    if (t.kv > Bytes(0)) {
      t.kv_how = KvBasis(b, m, element, static_cast<double>(input.tokens), tokens, t.kv,
                         !input.assumption.empty());
    }
  }
  return t;
}

std::string SpeculationAssumption(const Benchmark& b) {
  const Condition& s = b.conditions.speculative;
  if (!b.conditions.MayUseSpeculation()) return "";
  return s.absent() ? fmt::format("no speculative decoding (unknown: {})", s.absent_reason())
                    : "no speculative decoding (the record does not state it)";
}

std::string PrivateKvAssumption(const Benchmark& b) {
  const Conditions& c = b.conditions;
  if (c.PrivateKvCaches()) return "";
  const std::optional<int64_t>& samples = c.samples_per_prompt.integer;
  std::string why;
  if (c.prefix && c.prefix->enabled) {
    why = "the record states a prefix cache";
  } else if (samples && *samples > 1) {
    why = fmt::format("the record states {} samples per prompt", *samples);
  } else {
    // One text whichever of the two is missing: stating one alone removes no assumption.
    why = "prefix_cache = false and samples_per_prompt = 1 are not both stated";
  }
  return fmt::format(
      "each sequence reads its own copy of its prompt's KV cache ({}; a shared prefix is read "
      "once per step)",
      why);
}

std::string JoinAssumptions(std::string_view first, std::string_view second) {
  if (first.empty()) return std::string(second);
  if (second.empty()) return std::string(first);
  return fmt::format("{}, and {}", first, second);
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
  if (r.formula) r.formula->note = note;
  AddAssumption(r, assumption);
  if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, what, findings);
  out.roofs.push_back(std::move(r));
}

}  // namespace rooflint
