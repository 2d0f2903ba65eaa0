// What-if roofs: the same instruments a sweep runs, on a configuration instead of a record.
// Each metric is audited as a synthetic benchmark, so the bounds and their arithmetic are
// exactly the ones a record of that configuration would get.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/physics.h"
#include "audit/resolve.h"
#include "rooflint/audit.h"
#include "rooflint/precision.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

Condition Stated(int64_t v) {
  Condition c;
  c.integer = v;
  c.SetStated(fmt::format("{}", v));
  return c;
}

}  // namespace

WhatIfResult WhatIf(const Corpus& corpus, const WhatIfQuery& q) {
  WhatIfResult out;
  const Model* model = corpus.FindModel(q.model);
  const Accelerator* part = corpus.FindAccelerator(q.accelerator);
  if (model == nullptr) {
    out.problem = fmt::format("model '{}' is not in the corpus", q.model);
    return out;
  }
  if (part == nullptr) {
    out.problem = fmt::format("accelerator '{}' is not in the corpus", q.accelerator);
    return out;
  }
  std::string precision = q.precision.empty() ? model->native_precision : q.precision;
  if (FindPrecision(precision) == nullptr) {
    out.problem = fmt::format("unknown precision '{}' (see `rooflint precisions`)", precision);
    return out;
  }

  Benchmark base;
  base.header.id = "what-if";
  base.header.path = "(what-if)";
  base.model = q.model;
  base.precision = precision;
  base.hardware = part->name;
  base.accelerators = {q.accelerator};
  base.accelerator_count = q.count;
  base.conditions.batch = Stated(q.batch);
  if (q.input_tokens > 0) base.conditions.input_tokens = Stated(q.input_tokens);
  if (q.output_tokens > 0) base.conditions.output_tokens = Stated(q.output_tokens);
  base.conditions.speculative.state = Condition::State::kStated;
  base.conditions.speculative.boolean = false;
  base.kv_precision = q.kv_precision;

  SweepOptions options;
  Resolver resolver(corpus, options);
  struct Case {
    Metric metric;
    double value;  // any positive figure: only the bound is reported
  };
  std::vector<Case> cases = {
      {Metric::kPerUserDecode, 1}, {Metric::kAggregateOutput, 1}, {Metric::kTpot, 1}};
  if (q.input_tokens > 0) cases.push_back({Metric::kTtft, 1});
  if (q.output_tokens > 0) {
    cases.push_back({Metric::kRequests, 1});
    cases.push_back({Metric::kE2eLatency, 1});
  }
  for (const Case& c : cases) {
    Benchmark b = base;
    b.metric = c.metric;
    b.value.si = c.value;
    b.value.number = c.value;
    AuditInput in = resolver.Resolve(b);
    if (out.inputs.empty()) {
      out.inputs = fmt::format("W = {}; P = {}; {}", in.weights_how, in.params_how, in.batch_how);
    }
    RecordAudit audit;
    audit.benchmark = &b;
    std::vector<Finding> ignored;
    for (const auto* instrument : RecordInstruments()) {
      if (ComputesBound(instrument->kind())) instrument->Run(in, audit, ignored);
    }
    for (auto& r : audit.roofs) {
      if (r.verdict == Verdict::kNotApplicable) continue;
      r.percent = 0;
      // The bases read `b`, which ends with this case: their words go with the result.
      if (r.formula) SettleBases(*r.formula);
      out.roofs.emplace_back(c.metric, std::move(r));
    }
  }

  // Do the weights alone fit? Said first: every roof assumes they are resident.
  {
    Basis how;
    std::string problem, memory_how;
    const Bytes resident = ResidentWeightBytes(*model, base, &how, &problem);
    const Bytes capacity = static_cast<double>(q.count) * GenerousMemory(*part, &memory_how);
    if (resident > Bytes(0) && capacity > Bytes(0)) {
      out.weights_fit_known = true;
      out.weights_fit_ok = resident <= capacity * (1 + 1e-12);
      out.weights_fit = fmt::format(
          "{} of weights {} {} x {} = {} ({}%){}", FormatBytes(resident.si()),
          out.weights_fit_ok ? "fit in" : "do NOT fit in", q.count, part->memory_text,
          FormatBytes(capacity.si()), FormatNumber(resident / capacity * 100),
          out.weights_fit_ok ? ""
                             : ": the roofs below are of a run that cannot happen without "
                               "offloading (more accelerators, or a narrower --precision)");
    } else {
      out.weights_fit = fmt::format("not computable: {}", problem);
    }
  }

  // Capacity and the KV-aware aggregate roof at the query's context.
  const double context = static_cast<double>(q.input_tokens + q.output_tokens);
  if (context > 0) {
    std::string kv_how, kv_problem, weights_problem;
    Basis weights_how;
    const KvElement chosen = ChooseKvElement(base);
    const Bytes element = chosen.bytes;
    const std::string element_how = KvElementText(chosen);
    const Bytes kv = KvBytes(*model, context, element, &kv_how, &kv_problem);
    const Bytes resident = ResidentWeightBytes(*model, base, &weights_how, &weights_problem);
    std::string memory_how;
    const Bytes memory = GenerousMemory(*part, &memory_how);
    const Bytes capacity = static_cast<double>(q.count) * memory;
    if (kv <= Bytes(0)) {
      out.kv_lines.push_back(fmt::format("KV cache: not computable: {}", kv_problem));
    } else {
      out.kv_lines.push_back(fmt::format("KV cache of one sequence at {:g} tokens: {} ({})",
                                         context, kv_how, element_how));
      if (const std::string tiers = SingleTierProblem(*part); !tiers.empty()) {
        out.kv_lines.push_back(fmt::format("aggregate roof as B grows: not computable: {}", tiers));
      } else {
        const BytesPerSecond bw = static_cast<double>(q.count) * part->bandwidth;
        out.kv_saturation = (bw / kv).si();
        out.kv_lines.push_back(
            fmt::format("aggregate roof as B grows: B x {} / (W + B x {}) -> {} / {} = {} tok/s",
                        FormatBandwidth(bw.si()), FormatBytes(kv.si()), FormatBandwidth(bw.si()),
                        FormatBytes(kv.si()), FormatNumber(out.kv_saturation)));
      }
      if (resident <= Bytes(0)) {
        out.kv_lines.push_back(fmt::format("largest batch: not computable: {}", weights_problem));
      } else if (resident > capacity) {
        out.kv_lines.push_back(fmt::format(
            "largest batch: none: the weights alone ({}) exceed {} x {} = {}",
            FormatBytes(resident.si()), q.count, part->memory_text, FormatBytes(capacity.si())));
      } else {
        out.largest_batch = static_cast<int64_t>((capacity - resident) / kv);
        out.kv_lines.push_back(fmt::format(
            "largest batch that fits: floor(({} - {} weights) / {}) = {}  [memory {} x {}]",
            FormatBytes(capacity.si()), FormatBytes(resident.si()), FormatBytes(kv.si()),
            out.largest_batch, q.count, memory_how));
      }
    }
  }

  // B* = F x W / (2 x P x BW): the batch where a step's compute time equals its weight stream.
  AuditInput in = resolver.Resolve([&] {
    Benchmark b = base;
    b.metric = Metric::kAggregateOutput;
    return b;
  }());
  PeakChoice peak = ChoosePeak(base, *part);
  if (!peak.problem.empty()) {
    out.crossover_arithmetic = fmt::format("not computable: {}", peak.problem);
  } else if (in.weight_bytes > Bytes(0) && in.params > 0) {
    // A step's weight stream over one token's compute: the tokens a step can carry before
    // compute takes longer than the stream.
    const Seconds stream = in.weight_bytes / part->bandwidth;
    const Seconds per_token = MatmulFlops(in.params, 1) / peak.flops;
    out.crossover_batch = stream / per_token;
    out.crossover_arithmetic = fmt::format(
        "B* = F x W / (2 x P x BW) = {} x {} / (2 x {} x {}) = {}  [F = {}]",
        FormatFlops(peak.flops.si()), FormatBytes(in.weight_bytes.si()), FormatSi(in.params),
        FormatBandwidth(part->bandwidth.si()), FormatNumber(out.crossover_batch), peak.how);
  }
  return out;
}

}  // namespace rooflint
