// The Markdown report, for a code-hosting site: calibration status, a summary, the findings
// with their arithmetic, and the table of benchmarks (deprecated ones apart).
#include <fmt/format.h>

#include "report/escape.h"
#include "rooflint/report.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

std::string Md(std::string_view s) { return EscapeMarkdown(s); }

// Text in a code span: backticks cannot be escaped inside one, so they are replaced.
std::string Code(std::string_view s) {
  std::string t = SanitizeUtf8(s);
  for (char& c : t) {
    if (c == '`') c = '\'';
    if (c == '\n' || c == '\r' || c == '|') c = c == '|' ? '/' : ' ';
  }
  return "`" + t + "`";
}

void PrintTable(const std::vector<const RecordAudit*>& records, std::ostream& out) {
  out << "| Record | Metric | Value | Binding roof | Bound | % of roof | Verdict |\n"
         "|---|---|---:|---|---:|---:|---|\n";
  for (const RecordAudit* a : records) {
    const Benchmark& b = *a->benchmark;
    const InstrumentResult* r = a->Binding();
    out << fmt::format(
        "| {} | {} | {} | {} | {} | {} | {} |\n", Code(b.header.id), Md(MetricName(b.metric)),
        Md(b.value.text), r ? Md(r->instrument) : "-",
        r ? fmt::format("{} {}", FormatNumber(r->bound), Md(r->unit)) : "-",
        r ? fmt::format("{}%", FormatNumber(r->percent)) : "-",
        r ? (r->verdict == Verdict::kExceeds ? "**exceeds**" : Md(VerdictName(r->verdict)))
          : "not-computable");
  }
}

void PrintFinding(const Finding& f, std::ostream& out) {
  out << fmt::format("- **{}** {} on {} ({}:{}): {}\n", SeverityName(f.severity),
                     Code(CodeName(f.code)), Code(f.record), Md(f.where.path), f.where.line,
                     Md(f.message));
  if (!f.arithmetic.empty()) out << "  - arithmetic: " << Code(f.arithmetic) << "\n";
  if (!f.hint.empty()) out << "  - hint: " << Md(f.hint) << "\n";
  if (f.waived) out << "  - waived: " << Md(f.waiver_reason) << "\n";
  out << "  - instrument: " << Code(f.instrument) << "\n";
}

}  // namespace

void PrintMarkdown(const Report& report, std::ostream& out) {
  const ReportSummary& s = report.summary;
  out << "# rooflint report\n\n";
  if (s.calibration_records == 0) {
    out << "> Calibration: no calibration records in this corpus: the instruments are "
           "unvalidated.\n\n";
  } else if (s.calibration_failures == 0) {
    out << fmt::format("> Calibration: {} records, all inside their bands.\n\n",
                       s.calibration_records);
  } else {
    out << fmt::format(
        "> **CALIBRATION FAILED**: {} of {} calibration records landed outside their bands: "
        "no finding of this sweep is to be trusted.\n\n",
        s.calibration_failures, s.calibration_records);
  }
  out << "## Summary\n\n";
  out << fmt::format(
      "| Records | Benchmarks | Deprecated | Rejected | Input errors | Errors | "
      "Warnings | Notes | Waived | Baselined | Exceeding roofs |\n"
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
      "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n\n",
      s.records, s.benchmarks, s.deprecated, s.rejected, s.invalid_input, s.errors, s.warnings,
      s.notes, s.waived, s.baselined, s.exceeds);

  const Corpus& corpus = *report.corpus;
  if (!corpus.diagnostics.empty()) {
    out << fmt::format("## Input diagnostics ({})\n\n", corpus.diagnostics.size());
    for (const auto& d : corpus.diagnostics) {
      out << fmt::format("- **{}** {} ({}:{}:{}): {}\n", SeverityName(d.severity), Code(d.code),
                         Md(d.where.path), d.where.line, d.where.column, Md(d.message));
      if (!d.hint.empty()) out << "  - hint: " << Md(d.hint) << "\n";
    }
    out << "\n";
  }
  std::vector<const Finding*> live, old;
  for (const auto& f : report.sweep.findings) {
    if (f.baselined) continue;
    (f.deprecated ? old : live).push_back(&f);
  }
  out << fmt::format("## Findings ({})\n\n", live.size());
  if (live.empty()) out << "None.\n";
  for (const Finding* f : live) PrintFinding(*f, out);
  out << "\n";
  if (!old.empty()) {
    out << fmt::format("## Findings on deprecated records ({}): reported, not failing\n\n",
                       old.size());
    for (const Finding* f : old) PrintFinding(*f, out);
    out << "\n";
  }
  std::vector<const RecordAudit*> current, deprecated;
  for (const auto& a : report.sweep.records) {
    (a.benchmark->header.status == Status::kDeprecated ? deprecated : current).push_back(&a);
  }
  out << fmt::format("## Benchmarks ({})\n\n", current.size());
  PrintTable(current, out);
  if (!deprecated.empty()) {
    out << fmt::format("\n## Deprecated benchmarks ({}): swept, never fail the sweep\n\n",
                       deprecated.size());
    PrintTable(deprecated, out);
  }
  if (s.rejected > 0) {
    out << fmt::format("\n## Rejected records ({})\n\n", s.rejected);
    for (const auto& f : corpus.files) {
      if (f.rejected)
        out << fmt::format("- {} {} ({})\n", KindName(f.kind), Code(f.id), Md(f.path));
    }
  }
}

}  // namespace rooflint
