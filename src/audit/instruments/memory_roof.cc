// The memory-roof instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("memory-roof"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include <limits>

#include "audit/instrument.h"
#include "audit/physics.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr InstrumentInfo kMemoryRoofInfo{
    .id = ids::kMemoryRoof,
    .kind = InstrumentKind::kRoof,
    .summary = "weights stream once per decode step: per-user <= n*BW/W, aggregate <= B*n*BW/W",
    .doc = "memory-roof",
    .metrics = kRateMetrics,
    .other_metrics = kLatencyNotApplicable,
    .codes = kRoofCodes,
};

class MemoryRoof final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kMemoryRoofInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const bool requests = b.metric == Metric::kRequests;
    const std::string_view unit = requests ? "req/s" : "tok/s";
    const Conditions& c = b.conditions;

    if (!in.weights_problem.empty()) {
      out.roofs.push_back(NotComputable(id(), unit, in.weights_problem));
      return;
    }
    if (b.metric == Metric::kPrefill) {
      out.roofs.push_back(NotComputable(
          id(), unit,
          "prefill processes many prompt tokens per pass over the weights: the memory roof does "
          "not bound it; the compute roof does"));
      return;
    }
    if (c.UsesSpeculation()) {
      out.roofs.push_back(NotComputable(
          id(), unit,
          fmt::format("speculative decoding ({}) emits several tokens per weight pass, so the "
                      "memory roof does not bound it",
                      c.speculative.text())));
      return;
    }

    // factor x n x BW / W: decode steps per second times what each step yields in `unit`,
    // with the factor, the formula's shape and its terms depending on the metric.
    double factor = 1;
    Formula formula;
    // W first: the account says how each term was obtained, in the order of the terms.
    formula.terms.push_back({"W", in.weight_bytes.si(), TermUnit::kBytes, in.weights_how});
    formula.terms.push_back({"n", in.count, TermUnit::kCount, {}});
    bool batched = false;
    std::string_view tail;  // the formula's conversion to `unit`
    switch (b.metric) {
      case Metric::kPerUserDecode:
        formula.note = "per-user decode: every step streams the weights, whatever the batch";
        break;
      case Metric::kAggregateOutput:
      case Metric::kAggregateTotal:
      case Metric::kRequests:
        if (in.batch == 0) {
          out.roofs.push_back(NotComputable(
              id(), unit,
              fmt::format("{}: the batch-1 roof does not bound aggregate throughput at batch "
                          "> 1; only batch-free bounds apply (compute-roof, and kv-roof's limit "
                          "when the input length is stated)",
                          in.batch_problem)));
          return;
        }
        factor = static_cast<double>(in.batch);
        batched = true;
        formula.terms.push_back({"B", factor, TermUnit::kCount, in.batch_how});
        break;
      default:
        return;
    }
    if (b.metric == Metric::kAggregateTotal) {
      // Totals over requests convert at the mean lengths: a varied run's mean input is exact.
      const Condition& i = c.input_tokens.integer ? c.input_tokens : c.input_tokens_mean;
      const Condition& o = c.output_tokens;
      if (!i.integer || !o.integer) {
        out.roofs.push_back(NotComputable(
            id(), unit,
            "aggregate total tok/s counts input tokens too: the memory roof needs input_tokens "
            "and output_tokens to convert"));
        return;
      }
      factor *= static_cast<double>(*i.integer + *o.integer) / static_cast<double>(*o.integer);
      formula.terms.push_back({"I", static_cast<double>(*i.integer), TermUnit::kTokens, {}});
      formula.terms.push_back({"O", static_cast<double>(*o.integer), TermUnit::kTokens, {}});
      tail = " x ({I} + {O}) / {O}";
    }
    if (requests) {
      if (!c.output_tokens.integer) {
        out.roofs.push_back(NotComputable(
            id(), unit, "requests/s needs output_tokens to convert from tokens per second"));
        return;
      }
      factor /= static_cast<double>(*c.output_tokens.integer);
      formula.terms.push_back(
          {"O", static_cast<double>(*c.output_tokens.integer), TermUnit::kTokens, {}});
      tail = " / {O} tokens";
    }
    // The formula's text is static: one per shape, [tiered part][shape]. A tiered part's
    // SRAM holds n x S of the weights, read at no bound; the rest streams from its HBM and DDR
    // at once (docs/physics.md, "Where the weights live").
    static constexpr std::string_view kTexts[2][4] = {
        {"{n} x {BW} / {W}", "{B} x {n} x {BW} / {W}", "{B} x {n} x {BW} / {W} / {O} tokens",
         "{B} x {n} x {BW} / {W} x ({I} + {O}) / {O}"},
        {"{n} x ({BW} + {BW_c}) / ({W} - {n} x {S})",
         "{B} x {n} x ({BW} + {BW_c}) / ({W} - {n} x {S})",
         "{B} x {n} x ({BW} + {BW_c}) / ({W} - {n} x {S}) / {O} tokens",
         "{B} x {n} x ({BW} + {BW_c}) / ({W} - {n} x {S}) x ({I} + {O}) / {O}"}};
    const int shape = !batched ? 0 : tail.empty() ? 1 : requests ? 2 : 3;

    InstrumentResult r = CombineOverParts(
        id(), in, BoundKind::kCeiling, b.value.si, unit, [&](const Accelerator& a) {
          PartBound pb;
          // Decode steps per second: every step streams what the parts' SRAM cannot hold.
          const WeightStream s = StreamFor(a, in.count, in.weight_bytes);
          if (s.streamed <= Bytes(0)) {
            pb.problem = fmt::format(
                "{} of weights fit in the on-chip SRAM of {} x {} ({}), whose bandwidth no "
                "figure bounds: no memory roof",
                FormatBytes(in.weight_bytes.si()), in.count, a.header.id,
                FormatBytes(s.on_chip.si()));
            return pb;
          }
          pb.bound = factor * (s.bandwidth / s.streamed).si();
          if (in.weight_bytes_min < in.weight_bytes) {
            pb.assumption = in.weights_assumption;
            const WeightStream least = StreamFor(a, in.count, in.weight_bytes_min);
            // The narrower weights may all sit on chip: then nothing bounds the value.
            pb.assumption_free_bound = least.streamed > Bytes(0)
                                           ? factor * (least.bandwidth / least.streamed).si()
                                           : std::numeric_limits<double>::infinity();
          }
          pb.formula = formula;
          pb.formula.text = kTexts[a.Tiered()][shape];
          pb.formula.terms.push_back(
              {"BW", a.bandwidth.si(), TermUnit::kBytesPerSecond, in.SliceHow(a)});
          if (a.Tiered()) {
            pb.formula.terms.push_back({"BW_c", a.capacity_bandwidth.si(),
                                        TermUnit::kBytesPerSecond,
                                        SharedText("the capacity tier, read at once with BW")});
            pb.formula.terms.push_back({"S", a.on_chip_memory.si(), TermUnit::kBytes,
                                        SharedText("on-chip SRAM per part, read at no bound")});
          }
          return pb;
        });
    AddAssumption(r, SpeculationAssumption(b));
    if (r.verdict == Verdict::kExceeds) AddExceedsFinding(in, r, "memory roof", findings);
    out.roofs.push_back(std::move(r));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeMemoryRoof() { return std::make_unique<MemoryRoof>(); }

}  // namespace rooflint
