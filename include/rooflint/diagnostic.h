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
  std::string code;         // stable kebab-case id: unknown-key, wrong-dimension, ...
  std::string message;      // what is wrong, in one sentence
  SourceLocation where;
  std::string source_line;  // the text of where.line, for the caret display ("" if none)
  std::string hint;         // how to fix it ("" if nothing useful to say)
};

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
