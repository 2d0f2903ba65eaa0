// The report model: everything a sweep knows, in one structure, and the printers over it.
// Each output format is a small printer that reads this model and nothing else.
#ifndef ROOFLINT_REPORT_H_
#define ROOFLINT_REPORT_H_

#include <ostream>
#include <string>
#include <vector>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/exit_codes.h"

namespace rooflint {

struct ReportSummary {
  size_t records = 0;            // every record file of every kind
  size_t benchmarks = 0;         // valid benchmark records swept
  size_t deprecated = 0;         // of which deprecated
  size_t rejected = 0;           // files rejected at load
  size_t invalid_input = 0;      // error diagnostics from loading
  size_t errors = 0;             // error findings on non-deprecated records
  size_t warnings = 0;           // warning findings on non-deprecated records
  size_t notes = 0;
  size_t deprecated_findings = 0;
  size_t exceeds = 0;            // roofs exceeded on non-deprecated records
};

struct Report {
  const Corpus* corpus = nullptr;
  SweepResult sweep;
  ReportSummary summary;
};

// Builds the model; `corpus` must outlive the report.
Report BuildReport(const Corpus& corpus, SweepResult sweep);

// 0 clean, 1 findings (warnings too under `strict`), 2 invalid input.
ExitCode ExitCodeFor(const Report& report, bool strict);

struct TextOptions {
  bool color = false;
};
// The terminal report: the benchmark table (deprecated records apart), rejected files, the
// load diagnostics with their carets, the findings with their arithmetic, and a summary line.
void PrintText(const Report& report, const TextOptions& options, std::ostream& out);

// One JSON object: records[] with every roof, findings[] with every finding and load
// diagnostic (instrument "loader"), rejected[], summary.
void PrintJson(const Report& report, std::ostream& out);

}  // namespace rooflint

#endif  // ROOFLINT_REPORT_H_
