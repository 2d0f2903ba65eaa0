// Resolving a benchmark's inputs, and combining a bound over candidate parts.
#include "audit/resolve.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "audit/physics.h"
#include "audit/results.h"
#include "core/text_util.h"
#include "rooflint/precision.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

// The words of the bases Resolve makes, each from what it stored (Basis).
// B: x = {B, 0 for a stated batch or 1 for a concurrency cap}.
void SayBatch(const Basis& b, std::string& out) {
  const auto batch = static_cast<int64_t>(b.x[0]);
  out = b.x[1] == 0 ? fmt::format("batch {}", batch)
                    : fmt::format("concurrency {} caps the sequences per step", batch);
}

// n from accelerator_count: x = {n}.
void SayCount(const Basis& b, std::string& out) {
  out = fmt::format("accelerator_count {}", static_cast<int64_t>(b.x[0]));
}

// P of the model: x = {P}.
void SayParams(const Basis& b, std::string& out) {
  const Model& m = *b.model;
  out = m.IsMoe() ? fmt::format("{} active of {} total params ({})", FormatSi(b.x[0]),
                                FormatSi(m.params_total), m.header.id)
                  : fmt::format("{} params ({})", FormatSi(b.x[0]), m.header.id);
  if (m.LookupOnlyParams() > 0) {
    out += fmt::format(", without {} lookup-only input-embedding params",
                       FormatSi(m.LookupOnlyParams()));
  }
}

// W = P x the bytes of a weight: x = {P, bytes per weight, W, the 2:4-sparse share or 0},
// words[0] the format.
void SayWeightsOfParams(const Basis& b, std::string& out) {
  const Model& m = *b.model;
  const std::string_view active = m.IsMoe() ? "active " : "";
  if (b.x[3] > 0) {
    out = fmt::format(
        "{} {}params x {:g} B/weight ({}) x {:g} (2:4 sparse: half the weights "
        "plus a 2-bit index each) = {}",
        FormatSi(b.x[0]), active, b.x[1], b.words[0], b.x[3], FormatBytes(b.x[2]));
  } else {
    out = fmt::format("{} {}params x {:g} B/weight ({}) = {}", FormatSi(b.x[0]), active, b.x[1],
                      b.words[0], FormatBytes(b.x[2]));
  }
  if (m.LookupOnlyParams() > 0) {
    out += fmt::format(" (without the {} lookup-only input-embedding params)",
                       FormatSi(m.LookupOnlyParams()));
  }
}

// W as the record states it: x = {W}. "14 GB stated by the record", or "4.677 GB
// (4677120000 B stated by the record)".
void SayStatedWeights(const Basis& b, std::string& out) {
  const std::string bytes = FormatBytes(b.x[0]);
  const std::string_view text = b.record->weights->text;
  out = bytes == text ? fmt::format("{} stated by the record", bytes)
                      : fmt::format("{} ({} stated by the record)", bytes, text);
}

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
  Bytes bytes;
  Bytes widest;
  std::string how;
};
EmbeddingShare EmbeddingBytes(const Model& m, const Benchmark& b) {
  EmbeddingShare e;
  double lookup = m.LookupOnlyParams();
  if (lookup <= 0) return e;
  const PrecisionInfo* p = b.precision.empty() ? nullptr : FindPrecision(b.precision);
  double bits = p != nullptr ? p->bits_per_weight : 32.0;
  double widest = std::max(bits, p != nullptr ? 16.0 : 32.0);
  e.bytes = Bytes(lookup * bits / 8);
  e.widest = Bytes(lookup * widest / 8);
  e.how = fmt::format(
      "{} input-embedding params x {:g} B ({}; read one row per token, not "
      "streamed)",
      FormatSi(lookup), bits / 8,
      m.tied_embeddings.has_value() ? "untied" : "tie not stated, taken as untied");
  return e;
}

// W when the record states neither `weights` nor the precision: at the fewest bits the
// record's engine loads (the bound that may err), and at the model's native precision as an
// assumption (a warning). A model whose native precision is unknown gives the first alone.
void ResolveUnknownPrecision(const Benchmark& b, const Model& m, AuditInput& in) {
  const UnstatedFormatBytes u = BytesAtUnstatedFormat(b, m, in.params);
  in.weight_bytes = u.native;
  if (u.assumption.empty()) {
    in.weights_how = fmt::format("{} (the precision is not stated)", u.least_how);
    return;
  }
  in.weight_bytes_min = u.least;
  in.weights_assumption = u.assumption;
  in.assumed_format = u.native_format;
  in.weights_how = fmt::format(
      "{} params x {:g} B ({}, the model's native precision: the record does not state one){} = "
      "{}; at the narrowest weights, {}",
      FormatSi(in.params), u.native_format->element().si(), u.native_format->name,
      b.Sparse24() ? fmt::format(" x {:g} (2:4 sparse)", SparseFraction(*u.native_format)) : "",
      FormatBytes(in.weight_bytes.si()), u.least_how);
}

// The tighter W of an MoE from a stated file: the file holds the input-embedding table, the
// shared part and every routed expert, and a token reads the shared part and k / E of the
// experts, so W = file - embedding - (1 - k/E) x routed params x expert width. It needs every
// term: the embedding table's size (or a tied table, which is streamed), the routed experts and
// their width, which is known when the record's precision is the published expert format (a
// file whose experts were wider would make W smaller than this). Returns false, changing
// nothing, when a term is missing; else sets W (the table at the record's width) and, when the
// table may be wider, the least W with the table at its widest, as an assumption.
bool ResolveFileLessIdleExperts(const Benchmark& b, const Model& m, Bytes stated,
                                const EmbeddingShare& share, AuditInput& in) {
  if (!m.IsMoe() || m.experts <= 0 || m.experts_per_token <= 0 || m.params_routed_experts <= 0) {
    return false;
  }
  if (m.experts_precision.empty() || b.precision != m.experts_precision) return false;
  const PrecisionInfo* width = FindPrecision(m.experts_precision);
  const bool table_known = m.embedding_params > 0 || m.tied_embeddings.value_or(false);
  if (width == nullptr || !table_known) return false;
  const double idle = m.params_routed_experts * (1.0 - static_cast<double>(m.experts_per_token) /
                                                           static_cast<double>(m.experts));
  const Bytes idle_bytes = width->BytesOf(idle);
  const Bytes w = stated - share.bytes - idle_bytes;
  const Bytes w_min = stated - share.widest - idle_bytes;
  if (w <= Bytes(0) || (share.widest > share.bytes && w_min <= Bytes(0))) return false;
  in.weight_bytes = w;
  const std::string minus =
      share.bytes > Bytes(0) ? fmt::format(" - {} ({})", FormatBytes(share.bytes.si()), share.how)
                             : "";
  in.weights_how = fmt::format(
      "{} stated ({}){} - {} idle routed params ({} x (1 - {} / {} experts)) x {:g} B ({}) = {} "
      "(MoE: the file holds every expert, a token reads {} of {})",
      b.weights->text, FormatBytes(stated.si()), minus, FormatSi(idle),
      FormatSi(m.params_routed_experts), m.experts_per_token, m.experts, width->element().si(),
      width->name, FormatBytes(w.si()), m.experts_per_token, m.experts);
  if (share.widest > share.bytes) {
    in.weight_bytes_min = w_min;
    in.weights_assumption = fmt::format(
        "the untied input-embedding table is stored at the {} width inside the stated size "
        "(at 16 bits W would be {})",
        b.precision, FormatBytes(w_min.si()));
  }
  return true;
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
    const Bytes stated(b.weights->si);
    EmbeddingShare share = m != nullptr ? EmbeddingBytes(*m, b) : EmbeddingShare{};
    if (share.widest >= stated) share = {};  // a stated size smaller than the table: keep it
    const Bytes embedding = share.bytes;
    // How W was obtained: the basis of the term W in every formula that uses it.
    std::string minus = embedding > Bytes(0)
                            ? fmt::format(" - {} ({})", FormatBytes(embedding.si()), share.how)
                            : "";
    double scale = 1;
    if (m != nullptr && m->IsMoe() && m->params_total > 0) {
      scale = m->ParamsPerToken() / (m->params_total - m->LookupOnlyParams());
    }
    if (share.widest > share.bytes) {
      in.weight_bytes_min = (stated - share.widest) * scale;
      in.weights_assumption = fmt::format(
          "the untied input-embedding table is stored at the {} width inside the stated size "
          "(at 16 bits W would be {})",
          b.precision.empty() ? "widest" : b.precision, FormatBytes(in.weight_bytes_min.si()));
    }
    if (m != nullptr && ResolveFileLessIdleExperts(b, *m, stated, share, in)) return;
    if (m != nullptr && m->IsMoe() && m->params_total > 0) {
      double active = m->ParamsPerToken();
      double total = m->params_total - m->LookupOnlyParams();
      in.weight_bytes = (stated - embedding) * active / total;
      in.weights_how = fmt::format(
          "({} stated ({}){}) x {} active / {} total params = {} (MoE: only the active "
          "experts are read per token)",
          b.weights->text, FormatBytes(stated.si()), minus, FormatSi(active), FormatSi(total),
          FormatBytes(in.weight_bytes.si()));
    } else if (embedding > Bytes(0)) {
      in.weight_bytes = stated - embedding;
      in.weights_how =
          fmt::format("{} stated ({}){} = {}", b.weights->text, FormatBytes(stated.si()), minus,
                      FormatBytes(in.weight_bytes.si()));
    } else {
      in.weight_bytes = stated;
      in.weights_how = Basis(SayStatedWeights, {stated.si()}, &b);
    }
    return;
  }
  if (m == nullptr) {
    in.weights_problem =
        "no weight bytes: the record states no `weights` and its model is "
        "not in the corpus";
    return;
  }
  if (b.precision.empty() && in.options->bound_unknowns && in.params > 0) {
    ResolveUnknownPrecision(b, *m, in);
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
  in.weight_bytes = p->BytesOf(params);
  double sparse = 0;
  if (b.Sparse24()) {
    // Two of every four weights kept at full width, each with a 2-bit index: (bits / 2 + 1)
    // bits a weight, 5/8 of the dense bytes at 8 bits (9/16 at 16), taken for every weight
    // (the generous side: a model that leaves its embedding or head dense reads more).
    sparse = SparseFraction(*p);
    in.weight_bytes = in.weight_bytes * sparse;
  }
  in.weights_how = Basis(SayWeightsOfParams,
                         {params, p->element().si(), in.weight_bytes.si(), sparse}, &b, m, p->name);
}

void ResolveBatch(const Benchmark& b, AuditInput& in) {
  const Conditions& c = b.conditions;
  if (auto batch = c.StatedBatch()) {
    in.batch = in.stated_batch = *batch;
    in.batch_how = Basis(SayBatch, {static_cast<double>(in.batch), 0});
  } else if (auto cap = c.BatchBound()) {
    in.batch = *cap;
    in.batch_how = Basis(SayBatch, {static_cast<double>(in.batch), 1});
  } else if (c.batch.absent()) {
    in.batch_problem = fmt::format("batch unknown (absent: {})", c.batch.absent_reason());
  } else if (c.concurrency.absent()) {
    in.batch_problem =
        fmt::format("concurrency unknown (absent: {})", c.concurrency.absent_reason());
  } else {
    in.batch_problem = "batch unknown (the record states neither batch nor concurrency)";
  }
}

// Replicas: R independent copies of the model, each on n / R accelerators. A figure of one
// request (a per-user rate, a latency, a prefill) ran on one replica: its bounds take n / R.
// An aggregate over every replica keeps n: R x (B / R) sequences on n / R each is at most B on
// n, so the bound stays a true one, only looser.
void ApplyReplicas(const Benchmark& b, AuditInput& in) {
  const Condition& r = b.conditions.replicas;
  if (!r.integer || *r.integer <= 1 || in.count <= 0) return;
  switch (b.metric) {
    case Metric::kAggregateOutput:
    case Metric::kAggregateTotal:
    case Metric::kRequests:
      in.count_how = BasisText(in.count_how) +
                     fmt::format(" ({} replicas: the aggregate over all of them)", *r.integer);
      return;
    default:
      break;
  }
  in.count /= static_cast<double>(*r.integer);
  in.count_smaller /= static_cast<double>(*r.integer);
  in.count_how = BasisText(in.count_how) +
                 fmt::format(" / {} replicas = {} per replica, the accelerators one request ran on",
                             *r.integer, FormatNumber(in.count));
}

// n: the record's accelerator_count; when absent, the count its hardware text states; never 1
// by default. When both are stated and disagree ("2x GB200 Grace Blackwell Superchip" is 4
// GPUs, a record may count the 2 packages), n is the larger, and the smaller an assumption.
void ResolveCount(const Benchmark& b, AuditInput& in) {
  if (b.accelerator_count > 0) {
    in.count = static_cast<double>(b.accelerator_count);
    in.count_how = Basis(SayCount, {static_cast<double>(b.accelerator_count)});
    const HardwareMatch* m = in.text_match;
    if (m != nullptr && m->count && *m->count != b.accelerator_count) {
      const int64_t text = *m->count;
      if (text > b.accelerator_count) {
        in.count = static_cast<double>(text);
        in.count_how = fmt::format(
            "{} GPUs from the hardware text '{}' ({}), the larger of it and accelerator_count {}",
            text, b.hardware, m->count_how, b.accelerator_count);
        in.count_smaller = static_cast<double>(b.accelerator_count);
        in.count_smaller_assumption =
            fmt::format("accelerator_count {} counts every GPU (the hardware text states {}: {})",
                        b.accelerator_count, text, m->count_how);
      } else {
        in.count_how =
            fmt::format("accelerator_count {}, the larger of it and the hardware text's {} ({})",
                        b.accelerator_count, text, m->count_how);
        in.count_smaller = static_cast<double>(text);
        in.count_smaller_assumption = fmt::format(
            "the hardware text's {} GPUs ({}) are all there are (accelerator_count states {})",
            text, m->count_how, b.accelerator_count);
      }
    }
    return;
  }
  if (in.text_match != nullptr && in.text_match->count) {
    const HardwareMatch& m = *in.text_match;
    in.count = static_cast<double>(*m.count);
    in.count_how =
        m.count_note.empty()
            ? fmt::format("{} from the hardware text '{}' (accelerator_count absent)", *m.count,
                          b.hardware)
            : fmt::format("{} from the hardware text '{}' ({}; accelerator_count absent)", *m.count,
                          b.hardware, m.count_note);
    in.count_assumption = fmt::format(
        "the hardware text's count ({}) is of accelerators, not of nodes, packages or machines "
        "(accelerator_count is absent)",
        *m.count);
    if (m.count_assumed && *m.count > 1) {
      // A slice name whose unit no source states (TPU7x): errors rest on the larger reading,
      // warnings on the smaller one, two TensorCores a chip.
      in.count_smaller = static_cast<double>((*m.count + 1) / 2);
      in.count_smaller_assumption =
          fmt::format("the slice name in '{}' counts TensorCores, 2 per chip ({} chips, not {})",
                      b.hardware, (*m.count + 1) / 2, *m.count);
    }
    return;
  }
  if (in.options->bound_unknowns) {
    in.count = 1;
    in.count_how = "1 (the count is not stated: assumed)";
    in.count_assumption =
        "one accelerator (the count is not stated, and a figure summed over more has "
        "looser bounds)";
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

const HardwareMatch& Resolver::Match(std::string_view hardware) {
  auto it = matches_.find(hardware);
  if (it == matches_.end()) {
    it = matches_.emplace(std::string(hardware), hardware_.Match(hardware)).first;
  }
  return it->second;
}

const Accelerator* Resolver::Slice(const Accelerator& part, const PartitionText& p,
                                   std::string* how) {
  auto key = std::make_pair(&part, p.text);
  auto it = slice_index_.find(key);
  if (it == slice_index_.end()) {
    const PartitionShare share = ShareOf(p, part);
    Accelerator& a = slices_.emplace_back(part);
    a.bandwidth = part.bandwidth * share.bandwidth;
    a.bandwidth_text = FormatBandwidth(a.bandwidth.si());
    a.memory = part.memory * share.memory;
    // The capacity check reads "GB" as possibly GiB: keep the part's unit.
    const bool binary = part.memory_text.ends_with("GiB");
    a.memory_text =
        fmt::format("{} {}", FormatNumber(a.memory.si() / (binary ? 1073741824.0 : 1e9)),
                    binary ? "GiB" : "GB");
    for (auto& [precision, peak] : a.peak_dense) peak = peak * share.compute;
    it = slice_index_.emplace(key, std::make_pair(&a, share.how)).first;
  }
  *how = it->second.second;
  return it->second.first;
}

AuditInput Resolver::Resolve(const Benchmark& b) {
  AuditInput in;
  in.corpus = &corpus_;
  in.options = &options_;
  in.benchmark = &b;
  in.text_match = &Match(b.hardware);
  ResolveCount(b, in);
  ApplyReplicas(b, in);

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
  }
  // How P and the parts were found: the bases of the terms P and the candidates' account.
  if (in.params > 0) in.params_how = Basis(SayParams, {in.params}, &b, in.model);

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

  // A figure on a slice of a part (a MIG profile, a compute partition) is bounded by the
  // slice's share of the part: every part is replaced by its slice, and n counts slices.
  if (const auto& partition = in.text_match->partition; partition && !in.parts.empty()) {
    std::vector<std::string> hows;
    for (const Accelerator*& p : in.parts) {
      std::string how;
      p = Slice(*p, *partition, &how);
      in.slices.emplace_back(p, how);
      hows.push_back(std::move(how));
    }
    in.count_how =
        BasisText(in.count_how) +
        fmt::format(" (slices of the part, each with its share: {})", fmt::join(hows, "; "));
    if (!in.parts_how.empty()) in.parts_how += fmt::format(", as slices '{}'", partition->text);
  }

  ResolveWeights(b, in);
  if (in.weights_assumption.empty()) in.weight_bytes_min = in.weight_bytes;
  ResolveBatch(b, in);
  return in;
}

}  // namespace rooflint
