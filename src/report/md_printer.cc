// The Markdown report, for a pull-request comment: calibration status, a summary, the errors
// and warnings with their arithmetic, the counts per code, then, collapsed, the notes, waived
// findings and the table of benchmarks; never over 60,000 characters.
#include <fmt/format.h>

#include <map>
#include <sstream>

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

// One row of the benchmarks table.
std::string TableRow(const RecordAudit& a) {
  const Benchmark& b = *a.benchmark;
  const InstrumentResult* r = a.Binding();
  return fmt::format(
      "| {} | {} | {} | {} | {} | {} | {} |\n", Code(b.header.id), Md(MetricName(b.metric)),
      Md(b.value.text), r ? Md(r->instrument) : "-",
      r ? fmt::format("{} {}", FormatNumber(r->bound), Md(r->unit)) : "-",
      r ? fmt::format("{}%", FormatNumber(r->percent)) : "-",
      r ? (r->verdict == Verdict::kExceeds ? "**exceeds**" : Md(VerdictName(r->verdict)))
        : "not-computable");
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

// A comment body is refused past 65,536 characters (GitHub's limit): the report stops adding
// items below this, keeping room for the lines that close it, and says what it left out.
constexpr size_t kMaxChars = 60000;
constexpr size_t kClosingRoom = 1200;

// The report text with its size limit: items that do not fit are counted, not written.
class Budget {
 public:
  std::string text;
  size_t left_out = 0;  // items (diagnostics, table rows) not written
  // Appends `piece` when it fits; else counts it as left out.
  bool Add(std::string_view piece) {
    if (text.size() + piece.size() + kClosingRoom > kMaxChars) {
      ++left_out;
      return false;
    }
    text += piece;
    return true;
  }
  // Appends text that must be there (headings, the closing of a <details>).
  void Must(std::string_view piece) { text += piece; }
};

std::string DiagnosticItem(const Diagnostic& d) {
  std::ostringstream out;
  PrintDiagnostic(d, out);
  return out.str();
}

bool NeedsAction(const Diagnostic& d) {
  return !d.waived && !d.baselined && !d.deprecated &&
         (d.severity == Severity::kError || d.severity == Severity::kWarning);
}

}  // namespace

void PrintMarkdown(const Report& report, std::ostream& out) {
  const ReportSummary& s = report.summary;
  Budget md;
  md.Must("# rooflint report\n\n");
  if (s.calibration_records == 0) {
    md.Must(
        "> Calibration: no calibration records in this corpus: the instruments are "
        "unvalidated.\n\n");
  } else if (s.calibration_failures == 0) {
    md.Must(fmt::format("> Calibration: {} records, all inside their bands.\n\n",
                        s.calibration_records));
  } else {
    md.Must(fmt::format(
        "> **CALIBRATION FAILED**: {} of {} calibration records landed outside their bands: "
        "no finding of this sweep is to be trusted.\n\n",
        s.calibration_failures, s.calibration_records));
  }
  md.Must("## Summary\n\n");
  md.Must(
      fmt::format("| Records | Benchmarks | Deprecated | Rejected | Input errors | Errors | "
                  "Warnings | Notes | Waived | Baselined | Exceeding roofs |\n"
                  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                  "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n\n",
                  s.records, s.benchmarks, s.deprecated, s.rejected, s.invalid_input, s.errors,
                  s.warnings, s.notes, s.waived, s.baselined, s.exceeds));

  // What needs action first: the errors and warnings (input diagnostics and findings on
  // current records, neither waived nor baselined), in the report's order.
  size_t action = 0;
  for (const Diagnostic* d : report.diagnostics) action += NeedsAction(*d);
  md.Must(fmt::format("## Errors and warnings ({})\n\n", action));
  if (action == 0) md.Must("None.\n\n");
  for (const Diagnostic* d : report.diagnostics) {
    if (NeedsAction(*d)) md.Add(DiagnosticItem(*d));
  }
  if (action > 0) md.Must("\n");

  // Counts per code, of every diagnostic listed (baselined ones are counted in the summary),
  // and of them the waived ones.
  std::map<std::pair<std::string_view, std::string_view>, std::pair<size_t, size_t>> per_code;
  for (const Diagnostic* d : report.diagnostics) {
    if (d->baselined) continue;
    auto& [n, waived] = per_code[{SeverityName(d->severity), d->code.view()}];
    ++n;
    waived += d->waived;
  }
  if (!per_code.empty()) {
    md.Must(
        "## Diagnostics per code\n\n| Severity | Code | Count | Waived |\n|---|---|---:|---:|\n");
    for (const auto& [key, counts] : per_code) {
      md.Add(fmt::format("| {} | {} | {} | {} |\n", key.first, Code(key.second), counts.first,
                         counts.second));
    }
    md.Must("\n");
  }

  // The rest, collapsed: notes, waived findings, findings on deprecated records.
  auto details = [&](std::string_view title, auto&& wanted) {
    size_t n = 0;
    for (const Diagnostic* d : report.diagnostics) n += wanted(*d);
    if (n == 0) return;
    md.Must(fmt::format("<details><summary>{} ({})</summary>\n\n", title, n));
    for (const Diagnostic* d : report.diagnostics) {
      if (wanted(*d)) md.Add(DiagnosticItem(*d));
    }
    md.Must("\n</details>\n\n");
  };
  details("Notes", [](const Diagnostic& d) {
    return !d.waived && !d.baselined && !d.deprecated && d.severity == Severity::kNote;
  });
  details("Waived findings", [](const Diagnostic& d) { return d.waived && !d.baselined; });
  details("Findings on deprecated records: reported, not failing",
          [](const Diagnostic& d) { return d.deprecated && !d.waived && !d.baselined; });

  const Corpus& corpus = *report.corpus;
  std::vector<const RecordAudit*> current, deprecated;
  for (const auto& a : report.sweep.records) {
    (a.benchmark->header.status == Status::kDeprecated ? deprecated : current).push_back(&a);
  }
  auto table = [&](std::string_view title, const std::vector<const RecordAudit*>& records) {
    if (records.empty()) return;
    md.Must(fmt::format("<details><summary>{} ({})</summary>\n\n", title, records.size()));
    md.Must(
        "| Record | Metric | Value | Binding roof | Bound | % of roof | Verdict |\n"
        "|---|---|---:|---|---:|---:|---|\n");
    for (const RecordAudit* a : records) md.Add(TableRow(*a));
    md.Must("\n</details>\n\n");
  };
  table("Benchmarks", current);
  table("Deprecated benchmarks: swept, never fail the sweep", deprecated);
  if (s.rejected > 0) {
    md.Must(fmt::format("<details><summary>Rejected records ({})</summary>\n\n", s.rejected));
    for (const auto& f : corpus.files) {
      if (f.rejected) {
        md.Add(fmt::format("- {} {} ({})\n", KindName(f.kind), Code(f.id), Md(f.path)));
      }
    }
    md.Must("\n</details>\n\n");
  }
  if (md.left_out > 0) {
    md.Must(fmt::format(
        "**{} items left out** to keep this report under {} characters: `rooflint sweep` (text) "
        "or `--format json` lists every one.\n",
        md.left_out, kMaxChars));
  }
  out << md.text;
}

}  // namespace rooflint
