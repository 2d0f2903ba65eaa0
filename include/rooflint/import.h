// Importers: the output files of llama-bench, vLLM `bench serve --save-result` and MLPerf
// Inference become benchmark records (and the source record they cite), with every load
// condition the file states captured and every condition it does not state marked absent.
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
#include "rooflint/records.h"

namespace rooflint {

enum class ImportFormat { kAuto, kLlamaBench, kVllmServe, kMlperf };
// "auto", "llama-bench", "vllm-serve", "mlperf".
std::string_view ImportFormatName(ImportFormat f);
// The format named `name` (as ImportFormatName prints it), or nullopt.
std::optional<ImportFormat> ParseImportFormat(std::string_view name);

// One input file: the path it is reported under and its bytes.
struct ImportFile {
  std::string path;
  std::string text;
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
  bool HasErrors() const;
};

// The format of `files`, from their content only (never from the file names): llama-bench
// (json, jsonl, csv, sql, markdown), a vLLM result (an object with output_throughput), or
// MLPerf (a LoadGen summary or detail log, or a systems JSON). kAuto when nothing fits.
ImportFormat DetectFormat(std::span<const ImportFile> files);

// Imports `files` as `format` (kAuto detects it from the first file). Model, accelerator and
// source ids are resolved against `corpus`. A file with an error yields no record; every
// problem is a diagnostic pointing into the foreign file (a line, and a JSON pointer in the
// message for JSON). Ids are deterministic from the content, not the path. Never throws.
ImportResult Import(ImportFormat format, std::span<const ImportFile> files,
                    const ImportOptions& options, const Corpus& corpus);

// Reads the files an MLPerf argument names: a file as it is, a folder by every
// mlperf_log_summary.txt, mlperf_log_detail.txt and *.json under it (sorted by path), and
// any other path as itself. Errors (unreadable paths) are diagnostics.
std::vector<ImportFile> ReadImportPaths(std::span<const std::string> paths,
                                        std::vector<Diagnostic>& diagnostics);

}  // namespace rooflint

#endif  // ROOFLINT_IMPORT_H_
