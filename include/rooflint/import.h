// Importers: the output files of other benchmark tools (llama-bench, vLLM `bench serve
// --save-result`, MLPerf Inference, ...) become benchmark records (and the source record they
// cite), with every load condition the file states captured and every condition it does not
// state marked absent. The importers are one table (src/import/registry.cc): a row holds a
// format's name, help line, detection by content, the files it takes from a folder and its
// entry point.
#ifndef ROOFLINT_IMPORT_H_
#define ROOFLINT_IMPORT_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/diagnostic.h"
#include "rooflint/diagnostic_cap.h"
#include "rooflint/records.h"

namespace rooflint {

// The format name that detects the format of each file from its content.
inline constexpr std::string_view kAutoFormat = "auto";

// What the CLI and the docs show of one importer.
struct ImporterInfo {
  std::string_view name;  // the FORMAT argument of `rooflint import`: "llama-bench"
  std::string_view help;  // one line: the tool and the files it reads
};
// Every importer, in the order `auto` tries them on a file's content.
std::span<const ImporterInfo> Importers();
// "auto" and the name of every importer, in table order.
std::vector<std::string> ImportFormatNames();
// True when `name` is "auto" or an importer's name.
bool IsImportFormat(std::string_view name);

// One input file: the path it is reported under and its bytes.
struct ImportFile {
  std::string path;
  std::string text;
  // Read from a folder the user named (ReadImportPaths), not named itself: under `auto`, a file
  // of no known format there is skipped with a note (a results folder holds other files).
  bool from_folder = false;
};

// What the user states on the command line. Every flag is recorded as user-stated, apart
// from what the file states; where the file states the same condition, the file wins and
// the conflict is a warning.
struct ImportOptions {
  std::string hardware;          // --hardware: free hardware text
  std::string accelerator;       // --accelerator: an accelerator id of the corpus
  std::optional<int64_t> count;  // --count: accelerators the figure is summed over
  std::string engine_version;    // --engine-version
  std::string model;             // --model: a model id of the corpus
  std::string precision;         // --precision: the weight format (rooflint precisions)
  std::string source;            // --source: a source id of the corpus to cite
};

// One record an import produced: its TOML text (which re-parses with ParseRecord without a
// diagnostic) and the parsed record.
struct ImportedRecord {
  RecordKind kind = RecordKind::kBenchmark;
  std::string id;
  std::string toml;
  AnyRecord record;
  std::string from;  // the input file it came from
};

struct ImportResult {
  std::vector<ImportedRecord> records;  // benchmarks first, then sources, in input order
  std::vector<Diagnostic> diagnostics;  // pointing into the input files, sorted
  // What the importers' per-file cap counted and did not keep while importing; Import folds it
  // into each file's summary diagnostic (CapPerFile) and leaves it empty.
  DroppedByFile dropped;
  bool HasErrors() const;
};

// Reads the names in `options` as names.h reads them: a model's name, alias or Hugging Face id
// as its id (with the weight format its name states when --precision is not given), a dtype or
// quantization name as a weight format ("auto": the model's native one), an accelerator name
// that is not an id as that part's id, or as hardware text when it names several parts or a
// count ("h100", "8x H100"). False, with `problem` naming the flag and the nearest known name,
// when one cannot be read. Import itself takes ids only.
bool ReadImportNames(const Corpus& corpus, ImportOptions& options, std::string& problem);

// The name of the first importer whose detection recognises one of `files` by its content
// (never by its file name), trying the files in order; "auto" when none does.
std::string_view DetectFormat(std::span<const ImportFile> files);

// Imports `files` as the importer named `format` ("auto" detects each file's format from its
// content). Model, accelerator and source ids are resolved against `corpus`. A file with an
// error yields no record; every problem is a diagnostic pointing into the foreign file (a
// line, and a JSON pointer in the message for JSON). Ids are deterministic from the content,
// not the path. An unknown format name is error[unknown-format]. Never throws.
ImportResult Import(std::string_view format, std::span<const ImportFile> files,
                    const ImportOptions& options, const Corpus& corpus);

// Reads the files the arguments name: a file as it is, and a folder by every file under it
// that some importer takes from a folder (an MLPerf results folder: its LoadGen logs and
// JSON files), sorted by path. Errors (unreadable paths, a folder holding nothing to import)
// are diagnostics.
std::vector<ImportFile> ReadImportPaths(std::span<const std::string> paths,
                                        std::vector<Diagnostic>& diagnostics);

}  // namespace rooflint

#endif  // ROOFLINT_IMPORT_H_
