#include "report/audit_comments.h"

#include <fmt/format.h>

#include "report/escape.h"
#include "rooflint/units.h"

namespace rooflint {

std::string CommentText(std::string_view text) {
  std::string out = EscapeTerminal(text);
  for (size_t tab = out.find('\t'); tab != std::string::npos; tab = out.find('\t', tab + 2)) {
    out.replace(tab, 1, "\\t");
  }
  return out;
}

void PrintAuditComments(const RecordAudit& audit, std::span<const Finding* const> findings,
                        std::ostream& out) {
  out << "# audit:\n";
  for (const InstrumentResult& r : audit.roofs) {
    if (r.Computed()) {
      out << fmt::format("#   {:<13} {:<7} {:.1f}% of {} {}\n", r.instrument,
                         VerdictName(r.verdict), r.percent, FormatNumber(r.bound, 5), r.unit);
      if (const std::string a = ArithmeticText(r); !a.empty()) {
        out << fmt::format("#     {}\n", CommentText(a));
      }
      if (const std::string why = AccountText(r); !why.empty()) {
        out << fmt::format("#     {}\n", CommentText(why));
      }
    } else {
      out << fmt::format("#   {:<13} {}: {}\n", r.instrument, VerdictName(r.verdict),
                         CommentText(r.reason));
    }
  }
  for (const InstrumentResult& r : audit.checks) {
    if (r.verdict != Verdict::kFail) continue;
    out << fmt::format("#   {:<13} fail: {}\n", r.instrument, CommentText(r.reason));
  }
  for (const Finding* f : findings) {
    out << fmt::format("#   {}[{}]: {}\n", SeverityName(f->severity), f->code,
                       CommentText(f->message));
  }
}

}  // namespace rooflint
