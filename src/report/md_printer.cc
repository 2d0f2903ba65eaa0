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

// One list item for a diagnostic, the loader's or an instrument's.
void PrintDiagnostic(const Diagnostic& d, std::ostream& out) {
  out << fmt::format("- **{}** {}{} ({}:{}:{}): {}\n", SeverityName(d.severity), Code(d.code),
                     d.record.empty() ? "" : " on " + Code(d.record), Md(d.where.path),
                     d.where.line, d.where.column, Md(d.message));
  if (!d.arithmetic.empty()) out << "  - arithmetic: " << Code(d.arithmetic) << "\n";
  if (!d.hint.empty()) out << "  - hint: " << Md(d.hint) << "\n";
  if (d.waived) out << "  - waived: " << Md(d.waiver_reason) << "\n";
  if (d.IsFinding()) out << "  - instrument: " << Code(d.instrument) << "\n";
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

  // One loop over every diagnostic, by group (the findings' heading always shows);
  // baselined findings are counted in the summary, not listed.
  const auto& count = report.shown;
  constexpr std::string_view kTitles[3] = {
      "## Input diagnostics ({})", "## Findings ({})",
      "## Findings on deprecated records ({}): reported, not failing"};
  int group = -1;
  auto open = [&](int g) {  // closes the open group and opens those up to g
    for (int k = group + 1; k <= g; ++k) {
      if (count[k] == 0 && k != static_cast<int>(DiagnosticGroup::kFinding)) continue;
      out << fmt::format(fmt::runtime(kTitles[k]), count[k]) << "\n\n";
      out << (count[k] == 0 ? "None.\n\n" : "");
    }
    group = g;
  };
  for (const Diagnostic* d : report.diagnostics) {
    if (d->baselined) continue;
    int g = static_cast<int>(GroupOf(*d));
    if (g != group) {
      if (group >= 0) out << "\n";
      open(g);
    }
    PrintDiagnostic(*d, out);
  }
  if (group >= 0) out << "\n";
  open(2);

  const Corpus& corpus = *report.corpus;
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
