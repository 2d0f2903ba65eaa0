// Loading a corpus: every TOML file under <root>/<kind>/ is parsed into a record, every problem
// is collected as a diagnostic, and the records are indexed by id. A file that fails to parse
// is kept as a rejected entry, never dropped.
#ifndef ROOFLINT_CORPUS_H_
#define ROOFLINT_CORPUS_H_

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "rooflint/diagnostic.h"
#include "rooflint/records.h"

namespace rooflint {

using AnyRecord = std::variant<std::monostate, Accelerator, Model, Benchmark, Source, Gotcha>;

// A record is a few kilobytes; a file past this is not a record (and must not be read whole).
inline constexpr size_t kMaxRecordBytes = size_t{1} << 20;

// The outcome of parsing one record file.
struct ParseResult {
  AnyRecord record;  // monostate when the file had an error
  std::string id;    // the id key if readable, else the file stem
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return record.index() != 0; }
};

// Parses the text of one record of kind `kind`. `path` is used in diagnostics; `stem` is the
// file name without ".toml", which the `id` key must equal. Never throws; every problem is a
// diagnostic with the offending line and a hint.
ParseResult ParseRecord(RecordKind kind, std::string_view text, std::string_view path,
                        std::string_view stem);

// One file the loader saw, valid or not.
struct FileEntry {
  RecordKind kind = RecordKind::kBenchmark;
  SharedText id;          // shared with the record's header, when it was read
  SharedText path;        // likewise
  bool rejected = false;  // it had an error and is not in the record vectors
};

class Corpus {
 public:
  Corpus() = default;
  // A copy indexes its own records (the indexes point into the record vectors).
  Corpus(const Corpus& other);
  Corpus& operator=(const Corpus& other);
  Corpus(Corpus&&) noexcept = default;
  Corpus& operator=(Corpus&&) noexcept = default;

  std::vector<Accelerator> accelerators;
  std::vector<Model> models;
  std::vector<Benchmark> benchmarks;
  std::vector<Source> sources;
  std::vector<Gotcha> gotchas;
  std::vector<FileEntry> files;         // every record file, sorted by path
  std::vector<Diagnostic> diagnostics;  // from loading and cross-record checks, sorted

  // Lookups by id; nullptr when absent (or rejected).
  const Accelerator* FindAccelerator(std::string_view id) const;
  const Model* FindModel(std::string_view id) const;
  const Source* FindSource(std::string_view id) const;
  // True when a file of `kind` with this id, or this file name, exists but was rejected.
  bool IsRejected(RecordKind kind, std::string_view id) const;
  // True when loading produced at least one error-severity diagnostic.
  bool HasInvalidInput() const;

  // Builds the id indexes and runs the cross-record checks (duplicate and dangling ids).
  // Called by LoadCorpus; call it again after adding records by hand (tests, benchmarks).
  void Index();

 private:
  std::unordered_map<std::string_view, size_t> accelerator_index_;
  std::unordered_map<std::string_view, size_t> model_index_;
  std::unordered_map<std::string_view, size_t> source_index_;
};

// Loads every record under each root (a folder with accelerators/, models/, benchmarks/,
// sources/, gotchas/). Files are read and parsed on `threads` threads (0: one per hardware
// thread; 1: the calling thread alone, none started); the result does not depend on the order
// they finish in, nor on `threads`.
Corpus LoadCorpus(std::span<const std::string> roots, unsigned threads = 0);

}  // namespace rooflint

#endif  // ROOFLINT_CORPUS_H_
