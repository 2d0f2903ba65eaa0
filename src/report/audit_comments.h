// The audit of an imported record as TOML comment lines: what `rooflint import` prints under
// each record, so that its output stays TOML a user can save as a record file. The audit's
// reasons quote input text (a file's hardware string, --hardware), so every piece of text is
// written inside its comment visibly (CommentText), never as a line of its own.
#ifndef ROOFLINT_REPORT_AUDIT_COMMENTS_H_
#define ROOFLINT_REPORT_AUDIT_COMMENTS_H_

#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "rooflint/audit.h"

namespace rooflint {

// Text inside a `# ` comment line. A newline would end the comment and start a TOML line of its
// own, an escape sequence would reach the terminal: every control character (a tab too), bidi
// override and line separator is written visibly (EscapeTerminal, and tabs as \t).
std::string CommentText(std::string_view text);

// The audit of one benchmark (its roofs, failed checks and findings), every line a comment.
void PrintAuditComments(const RecordAudit& audit, std::span<const Finding* const> findings,
                        std::ostream& out);

}  // namespace rooflint

#endif  // ROOFLINT_REPORT_AUDIT_COMMENTS_H_
