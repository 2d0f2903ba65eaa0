// Building the report model and deciding the exit code.
#include "rooflint/report.h"

namespace rooflint {

Report BuildReport(const Corpus& corpus, SweepResult sweep) {
  Report r;
  r.corpus = &corpus;
  r.sweep = std::move(sweep);
  ReportSummary& s = r.summary;
  s.records = corpus.files.size();
  s.benchmarks = corpus.benchmarks.size();
  for (const auto& b : corpus.benchmarks) {
    if (b.header.status == Status::kDeprecated) ++s.deprecated;
  }
  for (const auto& f : corpus.files) {
    if (f.rejected) ++s.rejected;
  }
  for (const auto& d : corpus.diagnostics) {
    if (d.severity == Severity::kError) ++s.invalid_input;
  }
  s.calibration_records = r.sweep.calibration_records;
  s.calibration_failures = r.sweep.calibration_failures;
  for (const auto& f : r.sweep.findings) {
    if (f.deprecated) {
      ++s.deprecated_findings;
      continue;
    }
    if (f.waived) {
      ++s.waived;
      continue;
    }
    if (f.baselined) {
      ++s.baselined;
      continue;
    }
    if (f.severity == Severity::kError) ++s.errors;
    if (f.severity == Severity::kWarning) ++s.warnings;
    if (f.severity == Severity::kNote) ++s.notes;
    if (f.code == FindingCode::kExceedsRoof || f.code == FindingCode::kBelowFloor) ++s.exceeds;
  }
  return r;
}

ExitCode ExitCodeFor(const Report& report, bool strict) {
  const ReportSummary& s = report.summary;
  if (s.invalid_input > 0) return ExitCode::kInvalidInput;
  if (s.errors > 0 || (strict && (s.warnings > 0 || s.notes > 0))) return ExitCode::kFindings;
  return ExitCode::kClean;
}

}  // namespace rooflint
