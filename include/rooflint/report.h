// The report model: everything a sweep knows, in one structure, and the printers over it.
// Each output format is a small printer that reads this model and nothing else.
#ifndef ROOFLINT_REPORT_H_
#define ROOFLINT_REPORT_H_

#include <array>
#include <deque>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/exit_codes.h"

namespace rooflint {

struct ReportSummary {
  size_t records = 0;        // every record file of every kind
  size_t benchmarks = 0;     // valid benchmark records swept
  size_t deprecated = 0;     // of which deprecated
  size_t rejected = 0;       // files rejected at load
  size_t invalid_input = 0;  // error diagnostics from loading
  // Findings on non-deprecated records that are neither waived nor in the baseline.
  size_t errors = 0;
  size_t warnings = 0;
  size_t notes = 0;
  size_t deprecated_findings = 0;
  size_t waived = 0;
  size_t baselined = 0;
  size_t exceeds = 0;  // roofs exceeded on non-deprecated records
  size_t calibration_records = 0;
  size_t calibration_failures = 0;
};

// The three groups a report lists diagnostics in, in this order.
enum class DiagnosticGroup {
  kInput,       // the loader's: a file that is not a valid record, or a dangling pointer
  kFinding,     // an instrument's finding on a current record
  kDeprecated,  // an instrument's finding on a deprecated record: reported, never failing
};
DiagnosticGroup GroupOf(const Diagnostic& d);
// `d` as a report that prints source lines shows it: a finding (made after parsing) gets its
// line read again from its file through `lines`, into `scratch`; `d` itself otherwise.
const Diagnostic& WithSourceLine(const Diagnostic& d, SourceLineReader& lines, Diagnostic& scratch);
// `d` rendered for a terminal or a log: every field a file can set escaped (EscapeTerminal), so
// a hostile record or input file sends no escape sequence and forges no line; wrapped to
// `width` columns under its first line (0: not wrapped).
std::string RenderForTerminal(const Diagnostic& d, size_t width = 0);

struct Report {
  Report() = default;
  Report(Report&&) = default;  // `diagnostics` points into `sweep`: moves keep it, copies would not
  Report& operator=(Report&&) = default;
  Report(const Report&) = delete;
  Report& operator=(const Report&) = delete;

  const Corpus* corpus = nullptr;
  SweepResult sweep;
  ReportSummary summary;
  // Every diagnostic of the corpus and the sweep, grouped (DiagnosticGroup order), each group
  // in path and line order; a printer has one loop over it. Points into corpus and sweep.
  std::vector<const Diagnostic*> diagnostics;
  // How many of `diagnostics` each group shows (baselined findings are counted in the summary,
  // not shown), by DiagnosticGroup.
  std::array<size_t, 3> shown = {};
  // At most this many threads render a report (0: one per hardware thread; 1: the calling
  // thread alone, none started). The bytes do not depend on it.
  unsigned threads = 0;
  // The summaries of the per-file cap on findings (DiagnosticCap: a file shows its first
  // kDiagnosticsPerFile findings and a count of the rest), which `diagnostics` points into.
  std::deque<Diagnostic> capped;
};

// Builds the model; `corpus` must outlive the report. Findings already marked baselined are
// counted apart (see baseline.h).
Report BuildReport(const Corpus& corpus, SweepResult sweep);

// 0 clean, 1 findings (errors; warnings too under `strict`; never notes, nor waived, baselined
// or deprecated ones), 2 invalid input.
ExitCode ExitCodeFor(const Report& report, bool strict);

// The width of a terminal report when the terminal's is not known (a file, a pipe).
inline constexpr size_t kDefaultColumns = 100;

struct TextOptions {
  bool color = false;
  // The whole report (the table, every diagnostic with its source line, caret, hint and
  // arithmetic); else the concise one `rooflint sweep` prints by default.
  bool verbose = true;
  bool show_waived = false;  // the concise report lists waived findings too
  bool quiet = false;        // the concise report without the notes and what it leaves out
  // The width lines are wrapped to and the table fits (the terminal's, when it is one).
  size_t columns = kDefaultColumns;
};
// The terminal report. Verbose: the benchmark table (deprecated records apart), rejected
// files, the load diagnostics with their carets, the findings with their arithmetic, and a
// summary line. Concise: calibration, one line per error and warning that needs action
// (`path:line:col: severity[code]: record: message`), the notes grouped by code with a count and
// an example, the counts of what it leaves out and how to see it, and the summary line.
void PrintText(const Report& report, const TextOptions& options, std::ostream& out);

// `rooflint show`: one benchmark record in full: what it says, how it was resolved, every
// roof and check with its arithmetic, its findings, the records it points at, its siblings,
// and the gotchas whose concepts match it. Returns false when no benchmark has this id.
bool PrintRecord(const Report& report, std::string_view id, std::ostream& out);

// The concept tags a benchmark's audit touches ("batch-size", "mixture-of-experts", ...), for
// matching gotchas.
std::vector<std::string> ConceptsOf(const Report& report, const RecordAudit& audit);

// One JSON object: records[] with every roof, findings[] with every finding and load
// diagnostic (instrument "loader"), rejected[], summary.
void PrintJson(const Report& report, std::ostream& out);

// A report written while the sweep runs: its records as the sweep audits them
// (SweepOptions::on_block), then the rest from the report. The bytes are those its format's
// print function writes from the whole report; the memory is that of the blocks in flight,
// where the report of a whole sweep keeps every result of every record.
class RecordStream {
 public:
  virtual ~RecordStream() = default;
  // The records begin, begin + 1, ... with their whole audits. Thread-safe: blocks may come
  // in any order from several threads; each is written once the blocks before it are.
  virtual void Records(size_t begin, std::span<const RecordAudit> audits) = 0;
  // What follows the records, from the report of the sweep that gave every record above.
  virtual void Finish(const Report& report) = 0;
};

// The JSON report as a RecordStream (PrintJson's bytes).
std::unique_ptr<RecordStream> StreamJson(std::ostream& out);

// Markdown for a code-hosting site: calibration status, a summary table, the findings with
// their arithmetic, and the benchmark table (deprecated records apart).
void PrintMarkdown(const Report& report, std::ostream& out);

// SARIF 2.1.0: one rule per instrument (its summary as help text) plus "loader", one result
// per finding and load diagnostic, located at the record file and line; waived and baselined
// findings carry suppressions.
void PrintSarif(const Report& report, std::ostream& out);

// One self-contained HTML file (no network, scripts or fonts), in the order a reader needs it:
// the errors and warnings (repeated ones, by code and message pattern, in one <details>), the
// counts per code, the notes collapsed; the serving plane (tok/s per user against tok/s per
// accelerator, every serving record a point or a stated reason: serving_plane.h); the
// batch-space rooflines of the configurations beyond batch 1; and every record's roof with a %
// of roof strip and calibration bands, grouped by model and hardware. Findings carry their
// arithmetic and link to their record.
void PrintHtml(const Report& report, std::ostream& out);

// The report formats of `rooflint sweep --format`, one row each: adding a format is its
// printer above, its file under src/report/, a row in src/report/formats.cc, CMakeLists.txt
// and a test.
struct PrintOptions {
  bool color = false;  // ANSI colour (the text report only)
  // The text report only: whole, or concise (TextOptions).
  bool verbose = true;
  bool show_waived = false;
  bool quiet = false;
  size_t columns = kDefaultColumns;  // the text report's width
};
// What a report reads of a sweep: of each record's audit (SweepOptions::keep), and whether the
// findings' arithmetic (SweepOptions::findings_arithmetic).
struct SweepReads {
  KeptResults results = KeptResults::kEvery;
  bool arithmetic = true;
  // `options` set to keep no more than this.
  void Narrow(SweepOptions& options) const {
    options.keep = results;
    options.findings_arithmetic = arithmetic;
  }
};
struct ReportFormat {
  std::string_view name;  // the --format value: "text"
  std::string_view help;  // one line for --help
  void (*print)(const Report& report, const PrintOptions& options, std::ostream& out);
  // What it reads of a sweep, printed with `options`: a sweep for it keeps no more.
  SweepReads (*reads)(const PrintOptions& options);
  // Set for a format that can write its records while the sweep runs (RecordStream).
  std::unique_ptr<RecordStream> (*stream)(std::ostream& out) = nullptr;
};
// Every format, the default ("text") first.
std::span<const ReportFormat> ReportFormats();
// The version the reports name as their tool's ("0.1.0"), the project's.
std::string_view ToolVersion();
// The format named `name`, or nullptr.
const ReportFormat* FindReportFormat(std::string_view name);

// The JSON Schema (draft-07) of a record of `kind`, made from the record schema
// (rooflint/schema.h), for editors that check TOML against one (`rooflint schema KIND`).
std::string RecordJsonSchema(RecordKind kind);

}  // namespace rooflint

#endif  // ROOFLINT_REPORT_H_
