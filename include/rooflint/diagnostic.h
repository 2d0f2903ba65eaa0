// One shape for everything rooflint says about a file, whether the loader found it (a load
// diagnostic) or an instrument did (a finding): `path:line:col: error[code]: message`, the
// offending source line, a caret, a hint, and for a finding its record, instrument and
// arithmetic. Every printer has one loop over them.
#ifndef ROOFLINT_DIAGNOSTIC_H_
#define ROOFLINT_DIAGNOSTIC_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/diagnostic_codes.h"
#include "rooflint/shared_text.h"

namespace rooflint {

class FolderReader;  // core/file_io.h

enum class Severity : uint8_t { kError, kWarning, kNote };
std::string_view SeverityName(Severity s);  // "error", "warning", "note"

// A place in a file. Lines and columns are 1-based; 0 means "the whole file".
struct SourceLocation {
  // A finding's is its record's path, shared with the record (a large sweep makes a hundred
  // thousand findings).
  SharedText path;
  int line = 0;
  int column = 0;
};

struct Diagnostic {
  // A large sweep makes a hundred thousand: the texts are SharedText, one pointer each (the
  // sweep's threads share the copies of texts findings repeat, such as a code or a hint), and
  // the small fields are last, packed into 8 bytes.
  // Stable kebab-case id: unknown-key, wrong-dimension, ... (a load diagnostic's); an
  // instrument's codes are the catalogue's (finding_codes.h: exceeds-roof, ...).
  SharedText code;
  SharedText message;  // what is wrong, in one sentence
  SourceLocation where;
  SharedText source_line;  // the text of where.line, for the caret display ("" if none)
  SharedText hint;         // how to fix it ("" if nothing useful to say)

  // What a finding adds; empty for a load diagnostic.
  SharedText instrument;  // the instrument id (audit.h ids::k...), "" for the loader
  SharedText record;      // the record the finding is about (a benchmark, or a part)
  SharedText arithmetic;  // the calculation or the evidence, checkable by hand
  SharedText waiver_reason;

  int caret_column = 0;  // the caret's column in source_line when it was cut (0: where.column)
  Severity severity = Severity::kError;
  bool deprecated = false;  // on a deprecated record: reported apart, never fails a sweep
  bool waived = false;      // matched a [[waivers]] entry of its record: shown, never fails
  bool baselined = false;   // listed in the --baseline file: counted, not shown

  // True for an instrument's finding, false for a load diagnostic.
  bool IsFinding() const { return !instrument.empty(); }
  // True when a finding counts towards the exit code (an error, or under --strict any
  // severity). Load diagnostics decide the exit code on their own (exit 2 on an error).
  bool Counts(bool strict) const {
    return !deprecated && !waived && !baselined && (strict || severity == Severity::kError);
  }
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

// Gives each diagnostic of `ds` with a line but no source line the text of that line, read
// again from its file (a regular file of at most `max_bytes`; nothing when it cannot be read).
// Each file is read once for a run of diagnostics on it: sort by path first.
void AttachSourceLines(std::span<Diagnostic> ds, size_t max_bytes);
// The same one diagnostic at a time, for a printer that shows source lines: it keeps the last
// file it read, so diagnostics in path order read each file once. Only the reports that print
// a source line (text, HTML) pay for reading the files again.
class SourceLineReader {
 public:
  explicit SourceLineReader(size_t max_bytes);
  ~SourceLineReader();
  SourceLineReader(const SourceLineReader&) = delete;
  SourceLineReader& operator=(const SourceLineReader&) = delete;
  void Attach(Diagnostic& d);

 private:
  size_t max_bytes_;
  bool read_ = false;
  std::string path_, text_;
  std::vector<size_t> starts_;           // where each line of text_ begins
  std::unique_ptr<FolderReader> files_;  // a report reads the file of each finding's record
};

// The full multi-line rendering:
//   data/benchmarks/x.toml:7:9: error[unknown-unit]: unknown unit 'GBs'
//       7 | weights = "14 GBs"
//         |              ^
//     hint: did you mean 'GB'? ...
// A finding names its record before the message and adds its arithmetic, waiver and
// instrument under the caret:
//   data/benchmarks/y.toml:4:1: error[exceeds-roof]: y: 300 tok/s is 270% of the memory roof ...
//       4 | value = "300 tok/s"
//         | ^
//     arithmetic: 1 x 1555e9 B/s / 14e9 B = 111.1 tok/s
//     instrument: memory-roof
// `width` > 0 wraps the lines under the first at that many columns (the first line stays
// whole, for editors and CI logs to parse).
std::string Render(const Diagnostic& d, size_t width = 0);

// Orders diagnostics by path, line, column, then code, for stable output.
void SortDiagnostics(std::vector<Diagnostic>& ds);

}  // namespace rooflint

#endif  // ROOFLINT_DIAGNOSTIC_H_
