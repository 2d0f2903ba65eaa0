// The report format table of `rooflint sweep --format` (see report.h).
#include "rooflint/report.h"

namespace rooflint {
namespace {

constexpr ReportFormat kFormats[] = {
    {"text", "the terminal report: benchmark table, diagnostics with carets, findings",
     [](const Report& r, const PrintOptions& o, std::ostream& out) {
       PrintText(r, TextOptions{o.color, o.verbose, o.show_waived, o.quiet, o.columns}, out);
     },
     // The concise report prints each finding's line and the counts; the whole one, also each
     // record's binding roof and each finding's arithmetic.
     [](const PrintOptions& o) {
       return o.verbose ? SweepReads{KeptResults::kBinding, true}
                        : SweepReads{KeptResults::kNone, false};
     }},
    {"json", "one JSON object: records, findings, rejected files, summary",
     [](const Report& r, const PrintOptions&, std::ostream& out) { PrintJson(r, out); },
     [](const PrintOptions&) { return SweepReads{}; }, StreamJson},
    {"md", "Markdown for a pull-request comment or a job summary",
     [](const Report& r, const PrintOptions&, std::ostream& out) { PrintMarkdown(r, out); },
     [](const PrintOptions&) {
       return SweepReads{KeptResults::kBinding, true};
     }},
    {"sarif", "SARIF 2.1.0 for code-scanning annotations",
     [](const Report& r, const PrintOptions&, std::ostream& out) { PrintSarif(r, out); },
     [](const PrintOptions&) {
       return SweepReads{KeptResults::kBinding, true};
     }},
    {"html", "one self-contained HTML file: findings, the serving plane, roofline charts",
     [](const Report& r, const PrintOptions&, std::ostream& out) { PrintHtml(r, out); },
     [](const PrintOptions&) { return SweepReads{}; }},
};

}  // namespace

std::span<const ReportFormat> ReportFormats() { return kFormats; }

std::string_view ToolVersion() { return ROOFLINT_VERSION; }

const ReportFormat* FindReportFormat(std::string_view name) {
  for (const ReportFormat& f : kFormats) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

}  // namespace rooflint
