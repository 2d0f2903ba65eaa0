// Auditing a corpus: every instrument is run on every benchmark record, each result carries
// its arithmetic, and everything that fails becomes a finding.
#ifndef ROOFLINT_AUDIT_H_
#define ROOFLINT_AUDIT_H_

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/diagnostic.h"
#include "rooflint/records.h"

namespace rooflint {

enum class Verdict { kWithin, kExceeds, kNotComputable };
std::string_view VerdictName(Verdict v);  // "within", "exceeds", "not-computable"

// One physical bound applied to one record.
struct RoofResult {
  std::string instrument;  // memory-roof, compute-roof, tpot-floor, ttft-floor, e2e-floor
  Verdict verdict = Verdict::kNotComputable;
  double bound = 0;        // in `unit`; meaningful unless not-computable
  std::string unit;        // tok/s, req/s or ms
  // value / bound x 100 for rates, bound / value x 100 for time floors: over 100 is impossible.
  double percent = 0;
  std::string reason;      // why it is not computable, or what it assumed
  std::string arithmetic;  // the calculation, checkable by hand
  std::vector<std::string> accelerators;  // the accelerator ids the bound was computed with
};

// Something a reader must look at, from an instrument.
struct Finding {
  std::string record;      // the benchmark id
  std::string instrument;  // the instrument id
  Severity severity = Severity::kError;
  std::string code;        // exceeds-roof, below-floor, ...
  std::string message;
  std::string arithmetic;
  SourceLocation where;    // the record file and the line of the key at fault
  bool deprecated = false; // on a deprecated record: reported apart, never fails a sweep
};

struct RecordAudit {
  const Benchmark* benchmark = nullptr;
  std::vector<RoofResult> roofs;
  // The roof that binds: the computed result with the highest percent (nullptr if none).
  const RoofResult* Binding() const;
};

// What every instrument needs about one record, resolved once: the model, the parts, n, W, P,
// the batch. Each field says why it is missing when it is.
struct AuditInput {
  const Benchmark* benchmark = nullptr;
  const Model* model = nullptr;
  std::string model_problem;
  std::vector<const Accelerator*> parts;  // candidates; every one is computed
  std::string parts_how;      // how the parts were found (pointer, or hardware text)
  std::string parts_problem;  // why there are none
  double count = 1;           // n, accelerators the figure is summed over
  double weight_bytes = 0;    // W, bytes streamed per decode step (0: unknown)
  std::string weights_how;    // "14e9 B (stated by the record)", or the derivation
  std::string weights_problem;
  double params = 0;          // P, parameters used per token (active for MoE; 0: unknown)
  std::string params_how;
  int64_t batch = 0;          // B, sequences per decode step (0: unknown)
  std::string batch_how;      // "batch 64", "concurrency 32 caps the sequences in flight"
  std::string batch_problem;  // why the batch is unknown
};

class Instrument {
 public:
  virtual ~Instrument() = default;
  virtual std::string_view id() const = 0;       // stable kebab-case id
  virtual std::string_view summary() const = 0;  // one line for help and reports
  // Appends the roof results that apply to the record (none if it does not apply) and any
  // findings.
  virtual void Audit(const AuditInput& in, RecordAudit& out,
                     std::vector<Finding>& findings) const = 0;
};

// Every instrument, in the order they run. The one place instruments are registered.
std::span<const std::unique_ptr<Instrument>> Instruments();

struct SweepResult {
  std::vector<RecordAudit> records;  // one per valid benchmark, in corpus order
  std::vector<Finding> findings;     // sorted by path and line
};

// Runs every instrument on every benchmark of the corpus.
SweepResult Sweep(const Corpus& corpus);

}  // namespace rooflint

#endif  // ROOFLINT_AUDIT_H_
