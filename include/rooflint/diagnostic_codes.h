// The codes of the diagnostics that are not an instrument's findings: what the corpus loader
// finds in a record or a folder (unknown-key, wrong-type, dangling-id, ...), what an importer
// finds in a tool's output or in its flags (bad-json, missing-field, conflicting-flag, ...) and
// what `check` says of a claim. With the finding codes (finding_codes.h) they make one
// catalogue: `rooflint codes` prints it, docs/instruments.md carries it (a test keeps the two
// equal) and a test sees every code asserted by some test. A code is named through
// DiagnosticCode, whose constructor runs at compile time: a code this table lacks, or a
// misspelt one, does not compile.
#ifndef ROOFLINT_DIAGNOSTIC_CODES_H_
#define ROOFLINT_DIAGNOSTIC_CODES_H_

#include <span>
#include <string_view>

namespace rooflint {

struct DiagnosticCodeInfo {
  std::string_view name;        // "unknown-key": what the diagnostic prints in brackets
  std::string_view severities;  // what it is raised at: "error", "warning", "error, warning"
  std::string_view emitter;     // "loader", "import", "check", or several
  std::string_view doc;         // one line
};

// Every code, by emitter, then in the order a reader meets them.
inline constexpr DiagnosticCodeInfo kDiagnosticCodes[] = {
    {"toml-syntax", "error", "loader, config", "the file is not valid TOML"},
    {"io-error", "error", "loader, config",
     "a corpus folder, a record file or a settings file cannot be listed or read"},
    {"not-a-file", "error", "loader, config",
     "a record path is not a regular file (a folder, a device, a FIFO): not read"},
    {"file-too-large", "error", "loader, config",
     "a record file is larger than a record can be (1 MiB): not read"},
    {"not-a-corpus", "error", "loader",
     "a corpus path is not a folder, or holds none of the record kinds' folders"},
    {"not-a-folder", "error", "loader",
     "a record kind's folder (benchmarks/, models/, ...) is not a folder: none of it is read"},
    {"symlink-outside-corpus", "error", "loader, import",
     "a symbolic link leaves the corpus folder (or the folder import --write writes into): not "
     "followed"},
    {"unknown-key", "error", "loader, config",
     "a key the record kind (or the settings file) does not take (a did-you-mean when one is "
     "near)"},
    {"missing-key", "error", "loader, import",
     "a key the record must state, or a key that goes with another, is missing"},
    {"wrong-type", "error", "loader, import, config",
     "a value has the wrong TOML or JSON type (a string for a number, ...)"},
    {"empty-value", "error", "loader", "a string value is empty"},
    {"unknown-value", "error", "loader, config",
     "a value is not one the key takes (a metric, a status, a scenario, a settings value, ...)"},
    {"not-a-number", "error", "loader, import",
     "a number is not finite, or a field that holds a number holds something else"},
    {"non-positive", "error", "loader", "a quantity that must be greater than zero is not"},
    {"absurd-value", "error", "loader, import",
     "a quantity is outside the plausible range of its dimension"},
    {"unknown-unit", "error", "loader, import", "a quantity's unit is not one rooflint reads"},
    {"wrong-dimension", "error", "loader",
     "a quantity's unit has the wrong dimension for its key (a rate where bytes are due)"},
    {"missing-absent-reason", "error", "loader", "a fact is marked absent without saying why"},
    {"absent-in-verified", "error", "loader",
     "a verified model record leaves a fact absent that only a draft may leave out"},
    {"unknown-precision", "error", "loader, import, check",
     "a weight, KV or compute precision is not in the precision table"},
    {"bad-id", "error", "loader, import", "an id is not kebab-case"},
    {"id-mismatch", "error", "loader", "a record's id is not its file name"},
    {"conflicting-keys", "error", "loader",
     "two keys say contradicting things (batch and concurrency, accelerators and "
     "accelerators_absent)"},
    {"inconsistent-value", "error", "loader, import",
     "a value contradicts another of the same record (params_active above params_total, ...)"},
    {"bad-url", "error", "loader", "a source's url is not an http(s) address"},
    {"duplicate-id", "error", "loader", "two records of one kind share an id"},
    {"dangling-id", "error", "loader",
     "an id points at a record the corpus lacks (or one it rejected)"},
    {"more-diagnostics", "error, warning", "loader, import",
     "a file gave more diagnostics than are shown; the rest are counted"},
    {"internal", "error", "loader, import",
     "an internal error: a library threw, or an imported record does not re-parse"},
    {"unknown-format", "error", "import",
     "no importer has that name, or none recognises the file's content"},
    {"cannot-read", "error", "import", "a file or folder given to import cannot be read"},
    {"unknown-id", "error", "import", "an id given by a flag is not in the corpus"},
    {"empty-file", "error", "import", "the file is empty"},
    {"too-large", "error", "import", "the file is larger than the importer reads"},
    {"bad-utf8", "error", "import", "the file is not valid UTF-8"},
    {"bad-json", "error", "import", "the file, or a line of it, is not valid JSON"},
    {"truncated", "error, warning", "import",
     "the file ends inside a value, a row or an array: it was cut"},
    {"not-an-object", "error", "import", "a JSON value that must be an object is not"},
    {"not-a-run", "error", "import",
     "a JSON value is not a run of the tool (not an object, or nested too deeply)"},
    {"not-a-test", "error", "import", "a llama-bench JSON value is not a test object"},
    {"no-runs", "error", "import", "the file holds no run of the tool"},
    {"no-tests", "error", "import", "the file holds no llama-bench test"},
    {"no-header", "error", "import", "a llama-bench CSV file has no header line"},
    {"column-count", "error", "import",
     "a table row has another number of values than its header has columns"},
    {"duplicate-column", "error", "import",
     "a table's header names one column twice, so which value is that field's is unknown"},
    {"bad-csv", "error", "import",
     "a CSV table holds a quoted value that is never closed: the rest of it cannot be read"},
    {"bad-sql", "error", "import",
     "a llama-bench SQL statement is refused (not a CREATE TABLE or an INSERT of values), or "
     "SQLite does not read it"},
    {"row-outside-table", "warning", "import",
     "a llama-bench table row after a line that ended the table: not read"},
    {"unknown-test", "error", "import",
     "a llama-bench Markdown row's test label is not pp, tg or pp+tg"},
    {"empty-test", "error", "import", "a llama-bench test has neither prompt nor generated tokens"},
    {"not-a-date", "warning", "import", "a llama-bench test_time is not a date"},
    {"missing-field", "error", "import", "a field the importer needs is not in the file"},
    {"out-of-range", "error", "import",
     "a number is outside what the field can hold (a negative count, a zero rate)"},
    {"not-an-integer", "error", "import", "a field that holds a count holds a fraction"},
    {"bad-unit", "error", "import", "an AIPerf metric's unit is not a string"},
    {"unsupported-schema", "error", "import",
     "an AIPerf schema_version this importer does not read"},
    {"no-metrics", "error", "import", "an AIPerf or GenAI-Perf summary holds no metric to import"},
    {"csv-not-imported", "error", "import",
     "an AIPerf or GenAI-Perf CSV summary, which states too little to import"},
    {"per-request-file", "error", "import", "an AIPerf per-request export, not a run's summary"},
    {"several-models", "error", "import",
     "a run sent requests to several models: its figures are not one model's"},
    {"served-name", "note", "import",
     "the model is named by a serving name (a Triton model), not by its weights"},
    {"run-cancelled", "warning", "import", "the run was cancelled: its figures cover part of it"},
    {"osl-exceeds-request", "warning", "import",
     "the mean output length is well above the length the requests asked for"},
    {"no-requests", "error", "import", "no request completed: nothing was measured"},
    {"failed-requests", "warning", "import",
     "requests failed: the figures cover those that completed"},
    {"inconsistent-figures", "warning", "import",
     "two figures of the file do not agree with each other"},
    {"metadata-disagrees", "note", "import",
     "the run's metadata states another length than the run measured"},
    {"duplicate-run", "note", "import",
     "a line repeats an earlier one byte for byte: imported once"},
    {"gpu-count-disagrees", "warning", "import",
     "a trtllm-bench per-GPU figure implies another GPU count than TP x PP"},
    {"bad-event", "error", "import", "an MLPerf :::MLLOG event is malformed"},
    {"logged-error", "warning", "import", "LoadGen logged an error in the run"},
    {"invalid-result", "warning", "import", "LoadGen marked the run INVALID"},
    {"unknown-scenario", "error", "import",
     "an MLPerf summary's scenario is missing or not one rooflint reads"},
    {"no-tokens-per-second", "error", "import", "an MLPerf summary states no tokens per second"},
    {"files-disagree", "warning", "import", "an MLPerf detail log and summary disagree"},
    {"contradictory-count", "warning", "import",
     "an MLPerf systems JSON states its accelerator count two ways that disagree"},
    {"unreadable-count", "warning", "import",
     "an MLPerf systems JSON's accelerator count is not a whole number"},
    {"ambiguous-files", "error", "import", "several files could describe one MLPerf run"},
    {"no-results", "error", "import",
     "no MLPerf summary or detail log with results among the files"},
    {"not-read", "note", "import",
     "a file read from a folder, or among an MLPerf run's files, that holds no result: not read"},
    {"not-used", "note", "import", "an MLPerf systems JSON that describes no run given: not used"},
    {"conflicting-flag", "warning", "import",
     "a flag contradicts what the file states: the file's value is kept"},
    {"weak-model-name", "warning", "import",
     "the file names the model only by a type string several models share"},
    {"params-disagree", "warning", "import",
     "the file's parameter count is not the named model's: it may be another model"},
    {"offered-load", "note", "import",
     "a request rate was offered: the figures are the server's at that load, not its capacity"},
    {"missing-flag", "error", "check",
     "a claim lacks a fact it needs (the model, the hardware, the value)"},
    {"bad-flag", "error", "check", "a flag's value cannot be read"},
    {"conflicting-flags", "error", "check",
     "two flags say contradicting things (--batch and --concurrency)"},
    {"flag-disagrees", "warning", "check",
     "a condition flag given with files disagrees with what a file states: the file's value is "
     "kept"},
    {"unknown-model", "error", "check, import", "a model name matches no model of the corpus"},
    {"unknown-hardware", "error", "check", "a hardware name matches no part of the corpus"},
    {"unknown-name", "error", "check", "a name given to check matches nothing in the corpus"},
    {"unreadable-value", "error", "check",
     "a claimed value cannot be read as a figure with its unit"},
    {"no-bound", "warning", "check",
     "no figure of a file can be bounded: its model is not in the corpus"},
};

std::span<const DiagnosticCodeInfo> DiagnosticCodes();
// The row of the code named `name`, or nullptr.
const DiagnosticCodeInfo* FindDiagnosticCode(std::string_view name);

// A code of the table above, checked when the program is compiled; "" is a location whose
// code its user sets (an importer's place to report a value's problems at).
class DiagnosticCode {
 public:
  consteval DiagnosticCode(const char* name)  // NOLINT: implicit, as the literal it checks
      : name_(name) {
    bool known = name_.empty();
    for (const DiagnosticCodeInfo& c : kDiagnosticCodes) known = known || c.name == name_;
    // Not a constant expression, so not compiled, when the table lacks the code.
    if (!known) throw "not a code of the catalogue in diagnostic_codes.h";
  }
  constexpr std::string_view name() const { return name_; }
  friend constexpr bool operator==(DiagnosticCode a, std::string_view b) { return a.name_ == b; }

 private:
  std::string_view name_;
};

}  // namespace rooflint

#endif  // ROOFLINT_DIAGNOSTIC_CODES_H_
