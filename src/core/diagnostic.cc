// Rendering and ordering of diagnostics.
#include "rooflint/diagnostic.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace rooflint {

std::string_view SeverityName(Severity s) {
  switch (s) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kNote: return "note";
  }
  return "?";
}

std::string Render(const Diagnostic& d) {
  std::string out;
  if (d.where.line > 0) {
    out = fmt::format("{}:{}:{}: {}[{}]: {}\n", d.where.path, d.where.line,
                      std::max(d.where.column, 1), SeverityName(d.severity), d.code, d.message);
  } else {
    out = fmt::format("{}: {}[{}]: {}\n", d.where.path, SeverityName(d.severity), d.code,
                      d.message);
  }
  if (d.where.line > 0 && !d.source_line.empty()) {
    std::string gutter = fmt::format("{}", d.where.line);
    out += fmt::format("  {} | {}\n", gutter, d.source_line);
    // The caret sits under the column; tabs in the line are kept so it lines up.
    std::string pad;
    int col = std::max(d.where.column, 1);
    for (int i = 0; i + 1 < col && i < static_cast<int>(d.source_line.size()); ++i) {
      pad += d.source_line[i] == '\t' ? '\t' : ' ';
    }
    out += fmt::format("  {} | {}^\n", std::string(gutter.size(), ' '), pad);
  }
  if (!d.hint.empty()) out += fmt::format("  hint: {}\n", d.hint);
  return out;
}

void SortDiagnostics(std::vector<Diagnostic>& ds) {
  std::stable_sort(ds.begin(), ds.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.where.path, a.where.line, a.where.column, a.code) <
           std::tie(b.where.path, b.where.line, b.where.column, b.code);
  });
}

}  // namespace rooflint
