// Building the report model and deciding the exit code.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "rooflint/diagnostic_cap.h"
#include "rooflint/report.h"

namespace rooflint {

DiagnosticGroup GroupOf(const Diagnostic& d) {
  if (!d.IsFinding()) return DiagnosticGroup::kInput;
  return d.deprecated ? DiagnosticGroup::kDeprecated : DiagnosticGroup::kFinding;
}

const Diagnostic& WithSourceLine(const Diagnostic& d, SourceLineReader& lines,
                                 Diagnostic& scratch) {
  if (d.where.line <= 0 || !d.source_line.empty()) return d;
  scratch = d;
  lines.Attach(scratch);
  return scratch;
}

namespace {

// A record may hold 50,000 failing statements in one note: as the loader does with its
// diagnostics, each file lists its first kDiagnosticsPerFile findings shown (not baselined) and
// one summary counting the rest, in the findings' group. The summary counts above, and the
// exit code, still count every finding.
void CapFindingsPerFile(Report& r) {
  // Each file's findings so far, looked up once per run of its findings (one run a file, as
  // the sweep sorts its findings by path; a caller's own order may give a file several).
  struct PerFile {
    size_t kept = 0;
    DroppedDiagnostics dropped;
  };
  std::unordered_map<std::string_view, PerFile> files;
  std::vector<const Diagnostic*> kept;
  kept.reserve(r.diagnostics.size());
  for (size_t i = 0; i < r.diagnostics.size();) {
    const Diagnostic* first = r.diagnostics[i];
    size_t end = i;
    while (end < r.diagnostics.size() && r.diagnostics[end]->where.path == first->where.path &&
           GroupOf(*r.diagnostics[end]) == GroupOf(*first)) {
      ++end;
    }
    if (GroupOf(*first) == DiagnosticGroup::kInput) {  // capped by the loader already
      kept.insert(kept.end(), r.diagnostics.begin() + i, r.diagnostics.begin() + end);
      i = end;
      continue;
    }
    PerFile& file = files[first->where.path.view()];
    // The dropped findings' instruments and records, named in the summary.
    std::vector<std::string_view> instruments, records;
    for (; i < end; ++i) {
      const Diagnostic* d = r.diagnostics[i];
      if (d->baselined || file.kept < kDiagnosticsPerFile) {
        file.kept += d->baselined ? 0 : 1;
        kept.push_back(d);
        continue;
      }
      ++file.dropped.count;
      file.dropped.errors += d->severity == Severity::kError;
      instruments.push_back(d->instrument.view());
      records.push_back(d->record.view());
    }
    if (file.dropped.count == 0) continue;
    auto named = [](std::vector<std::string_view>& v) {
      std::sort(v.begin(), v.end());
      v.erase(std::unique(v.begin(), v.end()), v.end());
      return fmt::format("{}", fmt::join(v, ", "));
    };
    Diagnostic& more = r.capped.emplace_back(
        DiagnosticCap::Summary(first->where.path, file.dropped, kDiagnosticsPerFile));
    more.instrument = named(instruments);
    more.record = named(records);
    more.deprecated = first->deprecated;
    kept.push_back(&more);
  }
  r.diagnostics = std::move(kept);
}

}  // namespace

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
    if (HasCode(f, FindingCode::kExceedsRoof) || HasCode(f, FindingCode::kBelowFloor)) ++s.exceeds;
  }
  r.diagnostics.reserve(corpus.diagnostics.size() + r.sweep.findings.size());
  for (const auto& d : corpus.diagnostics) r.diagnostics.push_back(&d);
  for (const auto& f : r.sweep.findings) r.diagnostics.push_back(&f);
  std::stable_sort(
      r.diagnostics.begin(), r.diagnostics.end(),
      [](const Diagnostic* a, const Diagnostic* b) { return GroupOf(*a) < GroupOf(*b); });
  CapFindingsPerFile(r);
  for (const Diagnostic* d : r.diagnostics) {
    if (!d->baselined) ++r.shown[static_cast<size_t>(GroupOf(*d))];
  }
  return r;
}

ExitCode ExitCodeFor(const Report& report, bool strict) {
  const ReportSummary& s = report.summary;
  if (s.invalid_input > 0) return ExitCode::kInvalidInput;
  // Notes inform (a record resting on a draft, a scenario not stated): they never fail a sweep.
  if (s.errors > 0 || (strict && s.warnings > 0)) return ExitCode::kFindings;
  return ExitCode::kClean;
}

}  // namespace rooflint
