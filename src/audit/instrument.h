// What an instrument author writes against: the record an instrument reads (AuditInput,
// resolved once per record by resolve.cc), the instrument base classes and the registry.
// Callers of the library see only the declarations (InstrumentInfo, audit.h).
#ifndef ROOFLINT_AUDIT_INSTRUMENT_H_
#define ROOFLINT_AUDIT_INSTRUMENT_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/hardware_match.h"
#include "rooflint/records.h"
#include "rooflint/shared_text.h"
#include "rooflint/units.h"

namespace rooflint {

// What every instrument needs about one record, resolved once: the model, the parts, n, W, P,
// the batch. Each field says why it is missing when it is.
struct AuditInput {
  const Corpus* corpus = nullptr;
  const SweepOptions* options = nullptr;
  const Benchmark* benchmark = nullptr;
  const Model* model = nullptr;
  std::string model_problem;
  std::vector<const Accelerator*> parts;  // candidates; every one is computed
  SharedText parts_how;                   // how the parts were found (pointer, or hardware text)
  std::string parts_problem;              // why there are none
  const HardwareMatch* text_match = nullptr;  // what the hardware text alone resolves to
  double count = 1;           // n, accelerators the figure is summed over (0: unknown)
  Basis count_how;            // "accelerator_count 8", "8 from the hardware text '8x H100'"
  std::string count_problem;  // why n is unknown
  // Set when n comes from the hardware text because accelerator_count is absent: a text may
  // count nodes, packages or VMs, so every bound that uses n rests on that reading.
  std::string count_assumption;
  // Set when the record's accelerator_count and its hardware text's GPU count disagree: n is
  // the larger (errors rest on no reading of either), and the smaller is bounded as well, as an
  // assumption that gives warnings only (count_smaller_assumption names it).
  double count_smaller = 0;
  std::string count_smaller_assumption;
  // Parts the hardware text names a slice of (a MIG profile, a compute partition): each slice
  // stands in `parts` for its part, with how its share was read, the basis of BW and F.
  std::vector<std::pair<const Accelerator*, std::string>> slices;
  // How `a`'s share was read when it is a slice; "" for a whole part.
  std::string_view SliceHow(const Accelerator& a) const {
    for (const auto& [part, how] : slices) {
      if (part == &a) return how;
    }
    return {};
  }
  // The quantities carry their units (units.h), so a roof that divides bandwidth by FLOPs
  // does not compile. P is a count of parameters, n and B plain counts.
  Bytes weight_bytes;  // W, bytes streamed per decode step (0: unknown)
  Basis weights_how;   // "14e9 B (stated by the record)", or the derivation
  std::string weights_problem;
  // The least W the record allows when W rests on an assumption (the width an untied
  // embedding table is stored at inside a stated file size), with the assumption; equal to
  // weight_bytes, and "", otherwise.
  Bytes weight_bytes_min;
  std::string weights_assumption;
  // The weight format W assumes when the record states none (the model's native one, with
  // `bound_unknowns`): its compute rate goes with it in the floors' W-side bound.
  const PrecisionInfo* assumed_format = nullptr;
  double params = 0;  // P, parameters used per token (active for MoE; 0: unknown)
  Basis params_how;
  // B, sequences per decode step, as an upper bound: a stated batch, or a concurrency cap
  // (requests in flight bound the sequences in one step). Only bounds that loosen as B grows
  // (the aggregate memory roof) may use it. 0: unknown.
  int64_t batch = 0;
  Basis batch_how;            // "batch 64", "concurrency 32 caps the sequences in flight"
  std::string batch_problem;  // why the batch is unknown
  // B as stated by the record's `batch`: bounds that tighten as B grows (the per-user compute
  // roof, the compute term of the TPOT floor) use this one only. 0: not stated as a batch.
  int64_t stated_batch = 0;
};

// An instrument is one of two kinds by what it looks at: a RecordInstrument audits one
// benchmark at a time (the roofs and most checks); a CorpusInstrument compares records with
// each other, from facts it gathers over the corpus first, or audits other kinds of record.
class Instrument {
 public:
  virtual ~Instrument() = default;
  virtual const InstrumentInfo& info() const = 0;
  std::string_view id() const { return info().id; }
  std::string_view summary() const { return info().summary; }
  InstrumentKind kind() const { return info().kind; }
  bool Emits(FindingCode code) const { return info().Emits(code); }
};

class RecordInstrument : public Instrument {
 public:
  // Audits one record: a record whose metric the instrument does not apply to gets the
  // not-applicable result its declaration gives; any other goes to Audit.
  void Run(const AuditInput& in, RecordAudit& out, std::vector<Finding>& findings) const;

 private:
  // Appends its result to out.roofs (a roof or floor) or out.checks, and any findings; it
  // applies to the record's metric. Not applicable for another reason: a result saying why.
  virtual void Audit(const AuditInput& in, RecordAudit& out,
                     std::vector<Finding>& findings) const = 0;
  mutable std::once_flag not_applicable_once_;
  mutable SharedText not_applicable_;  // the reason for another metric, made on first use
};

// What a corpus instrument knows of the whole corpus before any record is audited (its own
// subclass: sibling-set's index of sets), so that it can judge each record as the record's
// thread finishes it.
class CorpusFacts {
 public:
  virtual ~CorpusFacts() = default;
};

class CorpusInstrument : public Instrument {
 public:
  // The facts AuditRecord reads, built once per sweep before the records are audited; nullptr
  // when the instrument judges no benchmark record.
  virtual std::unique_ptr<CorpusFacts> Prepare(const Corpus&) const { return nullptr; }
  // Appends its result for one benchmark record to out.checks, and its findings, after the
  // record instruments have run on it; called from any auditing thread, with Prepare's facts.
  virtual void AuditRecord(const CorpusFacts&, RecordAudit&, std::vector<Finding>&) const {}
  // Runs once after every record: appends what the instrument judges other than benchmark
  // records (spec-lint's accelerator checks), and its findings, to `result`.
  virtual void AuditCorpus(const Corpus&, SweepResult&) const {}
};

// Every instrument, in the order they run: the record instruments in their order (roofs
// first: near-roof and calibration read the roofs' results), then the corpus instruments.
// registry.cc is the one place instruments are registered.
std::span<const std::unique_ptr<Instrument>> Instruments();
std::span<const RecordInstrument* const> RecordInstruments();
std::span<const CorpusInstrument* const> CorpusInstruments();
// The instrument with this id, or nullptr.
const Instrument* FindInstrument(std::string_view id);

}  // namespace rooflint

#endif  // ROOFLINT_AUDIT_INSTRUMENT_H_
