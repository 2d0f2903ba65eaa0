// One shape for everything rooflint says about a file: `path:line:col: error[code]: message`,
// the offending source line, a caret, and a hint.
#ifndef ROOFLINT_DIAGNOSTIC_H_
#define ROOFLINT_DIAGNOSTIC_H_

#include <string>
#include <string_view>
#include <vector>

namespace rooflint {

enum class Severity { kError, kWarning, kNote };
std::string_view SeverityName(Severity s);  // "error", "warning", "note"

// A place in a file. Lines and columns are 1-based; 0 means "the whole file".
struct SourceLocation {
  std::string path;
  int line = 0;
  int column = 0;
};

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string code;     // stable kebab-case id: unknown-key, wrong-dimension, ...
  std::string message;  // what is wrong, in one sentence
  SourceLocation where;
  std::string source_line;  // the text of where.line, for the caret display ("" if none)
  int caret_column = 0;     // the caret's column in source_line when it was cut (0: where.column)
  std::string hint;         // how to fix it ("" if nothing useful to say)
};

// Sets d.source_line from `line`, the whole text of line d.where.line: a line longer than a
// terminal line is cut to a window around the column ("..." marks each cut, caret_column
// follows); a line that is not valid UTF-8 is not echoed; control characters are shown as '?'
// so that a file cannot drive the terminal or forge output lines.
void SetSourceLine(Diagnostic& d, std::string_view line);

// Keeps at most `per_file` diagnostics of each file (in order) and replaces the rest with
// one summary diagnostic that counts them ("... and 19,950 more"; an error when any dropped
// one was). Expects `ds` sorted by path.
void CapPerFile(std::vector<Diagnostic>& ds, size_t per_file);
inline constexpr size_t kDiagnosticsPerFile = 50;

// The full multi-line rendering:
//   data/benchmarks/x.toml:7:9: error[unknown-unit]: unknown unit 'GBs'
//       7 | weights = "14 GBs"
//         |              ^
//     hint: did you mean 'GB'? ...
std::string Render(const Diagnostic& d);

// Orders diagnostics by path, line, column, then code, for stable output.
void SortDiagnostics(std::vector<Diagnostic>& ds);

}  // namespace rooflint

#endif  // ROOFLINT_DIAGNOSTIC_H_
