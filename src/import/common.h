// Pieces every importer shares: locating byte offsets in a foreign file for diagnostics,
// content hashes for ids, resolving models, parts and precisions against the corpus, and
// building the benchmark and source records that are written as TOML.
#ifndef ROOFLINT_IMPORT_COMMON_H_
#define ROOFLINT_IMPORT_COMMON_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "import/record_writer.h"
#include "rooflint/corpus.h"
#include "rooflint/diagnostic.h"
#include "rooflint/hardware_match.h"
#include "rooflint/import.h"
#include "rooflint/units.h"

namespace rooflint::import {

// Line and column of byte offsets in one file, and diagnostics pointing at them.
// At most 40 printable characters of `line` from 1-based `column` (others as '?'): a file's
// text quoted in a message or a record, whatever the line holds.
std::string Excerpt(std::string_view line, size_t column = 1);

class SourceText {
 public:
  SourceText(std::string_view path, std::string_view text);
  // The same, and Fnv1a(text) into `fnv1a`: one pass over the text for both (the hash's
  // multiply chain leaves the line scan free).
  SourceText(std::string_view path, std::string_view text, uint64_t& fnv1a);
  std::string_view path() const { return path_; }
  std::string_view text() const { return text_; }
  // 1-based line and column (in bytes) of `offset`.
  std::pair<int, int> LineColumn(size_t offset) const;
  // The text of 1-based `line`, without its line break.
  std::string_view Line(int line) const;
  // A diagnostic at `offset` (npos: the whole file). Lines too long to show (a one-line JSON
  // file) get no source line; the message then quotes the text near the offset.
  Diagnostic At(size_t offset, Severity severity, DiagnosticCode code, std::string message,
                std::string hint) const;

 private:
  std::string_view path_;
  std::string_view text_;
  std::vector<size_t> line_starts_;
};

// Where a problem was found, for the diagnostics of one importer. With a cap (a file's
// import), a file's diagnostics past the first kDiagnosticsPerFile are counted, not kept: a
// hostile file may hold millions of faults.
struct Sink {
  std::vector<Diagnostic>& out;
  std::optional<DiagnosticCap> cap = std::nullopt;
  void Add(Diagnostic d) {
    if (!cap || cap->Keep(d)) out.push_back(std::move(d));
  }
};

// 64-bit FNV-1a, the content hash behind ids.
uint64_t Fnv1a(std::string_view bytes, uint64_t seed = 14695981039346656037ull);
// Eight hex digits of a hash, for ids.
std::string ShortHash(uint64_t h);
// Lowercase kebab-case of free text for ids: "Llama-3.2-3B" -> "llama-3.2-3b".
std::string Slug(std::string_view text, size_t max_length = 40);
// The file name of a path.
std::string_view BaseName(std::string_view path);
// Today's date (UTC) as YYYY-MM-DD, for a source whose file states no date.
std::string Today();
// A number as the shortest text that reads back as the same double ("118.881588", "1e+20"
// is written "1e20"); ParseQuantity accepts it.
std::string NumberText(double v);
// True when `text` is a plain decimal number ParseQuantity accepts, and the value.
std::optional<double> ParseNumber(std::string_view text);
// `v` as an integer when it is a whole number from `min` to `max`, else nullopt: the one way an
// importer turns a number it read into a count. A double past int64_t's range cast to it is
// undefined behaviour (a file's 1e308 tokens), so `max` is at most 2^53, where doubles still
// hold every integer.
std::optional<int64_t> WholeNumberIn(double v, double min, double max);
// The most tokens a run's total may state: far past any benchmark run, well inside int64_t.
inline constexpr double kMaxTokenTotal = 1e15;

// A JSON file split into its top-level values, each parsed on its own so memory stays
// bounded by the largest value; `[...]` at the top is split into its elements.
struct JsonValueSpan {
  size_t begin = 0;
  size_t end = 0;              // one past the closing bracket
  bool truncated = false;      // the file ends inside it
  bool too_deep = false;       // nested deeper than the importers read
  std::string pointer_prefix;  // "/3" for the fourth element of a top-level array, else ""
};
struct JsonSplit {
  std::vector<JsonValueSpan> values;
  std::vector<size_t> skipped_lines;  // offsets of lines that are not JSON (log lines)
  bool top_array = false;
};
JsonSplit SplitJson(std::string_view text);
// How deep the JSON scans nest before a value is too deep to read (JsonValueSpan::too_deep).
inline constexpr int kMaxJsonDepth = 64;
// The span of the one JSON value that starts at `begin` of `text`, as SplitJson finds each
// (its end found without validating it, truncated and too_deep set the same way).
JsonValueSpan ScanJsonValue(std::string_view text, size_t begin);
// The offset of the value of `key` in the object spanning `span` (its direct members only),
// or npos. Used to point diagnostics at a field.
size_t FindJsonKey(std::string_view text, const JsonValueSpan& span, std::string_view key);
// FindJsonKey for many keys of one object: one forward scan that stops at the key asked for
// and resumes there for the next, so the keys of a run cost one pass over its text however
// long its arrays are, and none past the last key asked for.
class JsonKeyScan {
 public:
  JsonKeyScan(std::string_view text, const JsonValueSpan& span);
  // FindJsonKey(text, span, key).
  size_t Find(std::string_view key);

 private:
  std::string_view text_;
  size_t end_;
  size_t pos_;  // where the scan resumes
  int depth_ = 0;
  bool in_string_ = false;
  size_t string_start_ = 0;
  bool done_ = false;
  std::map<std::string, size_t, std::less<>> seen_;  // keys passed: the first of each
};
// Where the number a JSON library's range error quotes ("number overflow parsing '1e400'")
// stands in text[begin, end), or `begin` when it cannot be found: a number beyond double's
// range is pointed at, never an unlocated internal error.
size_t OutOfRangeOffset(std::string_view text, size_t begin, size_t end, std::string_view error);
// One value of a CSV record: its text (unquoted, doubled quotes undone; an unquoted value
// trimmed) and the offset of its first character (inside the quotes, or after leading blanks).
struct CsvCell {
  std::string text;
  size_t offset = 0;
};
// Reads one CSV record of `t` from `pos` into `out`, values split at `sep` (quoted values may
// hold `sep` and line breaks; text after a closing quote up to the separator is dropped).
// Returns where the next record starts, or npos for a quote not closed before the end (its
// offset in `bad`).
size_t ReadCsvRecord(std::string_view t, size_t pos, char sep, std::vector<CsvCell>& out,
                     size_t& bad);
// The benchmark a v5.0 MLPerf interactive benchmark name names without its "-interactive"
// ("llama2-70b-interactive-99.9" -> "llama2-70b-99.9"); "" for any other name.
std::string WithoutInteractive(std::string_view name);
// A latency statistic key as vLLM's and SGLang's serving benchmarks write it ("mean_ttft_ms",
// "p99.9_tpot_ms", "median_e2el_ms", "p99_e2e_latency_ms"): the metric as written (ttft, tpot,
// itl, e2el, e2e_latency) and the statistic (mean, median, std, pNN). Read by one forward scan
// (no backtracking regex on a key a file chose); nullopt for any other key.
struct LatencyKey {
  std::string metric;
  std::string statistic;
};
std::optional<LatencyKey> ParseLatencyKey(std::string_view key);
// The rooflint metric of a latency key's metric ("ttft", "tpot", "itl", else "e2e-latency"),
// and its name in prose ("TTFT", ..., "E2E latency").
std::string_view LatencyMetric(std::string_view metric);
std::string_view LatencyName(std::string_view metric);
// What the serving benchmarks' statistic of a latency key's metric measures, for notes ("TPOT:
// per request (latency - TTFT) / (output tokens - 1), ...").
std::string_view LatencyMeaning(std::string_view metric);
// True for a latency key's statistic the record format names: mean, median, p50, p90, p99.
bool IsRecordStatistic(std::string_view statistic);
// The sentence a record's notes give for statistics a file holds that the record format has no
// name for (" Not imported: p95_itl_ms (the record format's statistic is ...)."); "" for none.
std::string UnnamedStatistics(const std::vector<std::string>& skipped);
// The first character of `text` that is not white space ('\0' when there is none), for
// detection: '{' for a JSON object, '[' for an array.
char FirstNonSpace(std::string_view text);
// Escapes a key for a JSON pointer ("~" -> "~0", "/" -> "~1").
std::string PointerToken(std::string_view key);

// One [conditions] value of a record being built.
struct CondValue {
  enum class Kind { kInt, kString, kBool, kAbsent, kTable };
  Kind kind = Kind::kAbsent;
  int64_t integer = 0;
  bool boolean = false;
  std::string text;     // the string value, or the absent reason
  TomlMembers members;  // a table's ({ method = "eagle3", draft_tokens = 4 })
  static CondValue Int(int64_t v) { return {Kind::kInt, v, false, "", {}}; }
  static CondValue Str(std::string s) { return {Kind::kString, 0, false, std::move(s), {}}; }
  static CondValue Bool(bool b) { return {Kind::kBool, 0, b, "", {}}; }
  static CondValue Absent(std::string why) { return {Kind::kAbsent, 0, false, std::move(why), {}}; }
  static CondValue Table(TomlMembers members) {
    return {Kind::kTable, 0, false, "", std::move(members)};
  }
};

// A benchmark record being built; rendered as TOML in the order of record-format.md.
struct BenchmarkDraft {
  std::string id;
  std::string title;
  std::string status = "verified";
  std::string metric;
  std::string statistic;
  std::string value;
  std::string derived_from;
  std::string model;
  std::string precision;
  std::string precision_absent;  // why, when precision is "" (the file does not state it)
  std::string weights;
  std::string kv_precision;  // "" when the file does not state it
  std::string hardware;
  std::vector<std::string> accelerators;
  std::optional<std::pair<std::string, std::string>> accelerators_absent;  // because, note
  int64_t accelerator_count = 0;  // 0: unknown, written absent with count_absent
  std::string count_absent;
  std::string source;
  std::string locator;
  std::string set;
  std::string notes;
  std::vector<std::pair<std::string, CondValue>> conditions;
};

// A draft model record for a model the corpus lacks, from what the file states: the name,
// and where stated the parameter count. Every other fact is written absent with why.
struct ModelDraft {
  std::string id;
  std::string name;
  std::vector<std::string> aliases;
  double params_total = 0;  // 0: not stated
  std::string params_how;   // where the count comes from
  std::string source;       // the source record of the import
  std::string notes;
};

struct SourceDraft {
  std::string id;
  std::string title;
  std::string publisher;
  std::string url;
  std::string date;
  std::string kind;
  std::string notes;
};

// A TOML basic string, quoted and escaped (control characters as \uXXXX).
std::string TomlString(std::string_view s);
std::string RenderBenchmark(const BenchmarkDraft& b);
std::string RenderSource(const SourceDraft& s);
std::string RenderModel(const ModelDraft& m);

// The corpus and the user's flags, with the lookups every importer needs.
class Context {
 public:
  Context(const Corpus& corpus, const ImportOptions& options);
  const Corpus& corpus() const { return corpus_; }
  const ImportOptions& options() const { return options_; }

  // The model that one of `names` (tried in order: ids, names, aliases, case-insensitive)
  // names, or --model. `how` says which text matched. Empty id when none matches; `problem`
  // then says why (no match, or several).
  struct ModelMatch {
    std::string id;
    std::string how;
    std::string problem;
    size_t matched = 0;  // the index in `names` of the name that matched
  };
  // Then, for the names before `weak_from`, the names people write beyond the corpus's own
  // (ReadModelName: a hub id without its organisation, a variant suffix).
  ModelMatch ResolveModel(const std::vector<std::string>& names,
                          size_t weak_from = static_cast<size_t>(-1)) const;

  // The accelerator pointer for hardware text stated by the file (or --hardware when the file
  // states none), with --accelerator taking the pointer when given.
  struct Parts {
    std::string hardware;  // the text the record keeps
    std::vector<std::string> ids;
    std::optional<std::pair<std::string, std::string>> absent;  // because, note
    std::vector<std::string> notes;  // what was user-stated, and conflicts
  };
  // The CPU records of the corpus (form factor "cpu") that a host processor's name names
  // through the hardware matcher, by id; empty when it names none, or names any part that is
  // not a CPU.
  std::vector<std::string> CpuRecordsNamed(std::string_view processor) const;

  // `stated` is the file's hardware text ("" when the file states none); `unstated_why` says
  // why it does not. Conflicts with the flags become warnings at `where`.
  Parts ResolveParts(const std::string& stated, const std::string& unstated_why,
                     const Diagnostic& where, Sink& sink) const;

  // The weight format `stated` by the file (already mapped to rooflint's names), else the
  // flag; else none (absent).
  // `name` is "" when nothing states it: it is then written absent, with `how` as the
  // reason, never filled in from the model's native precision.
  struct PrecisionChoice {
    std::string name;
    std::string how;
  };
  PrecisionChoice ResolvePrecision(const std::string& stated) const;

  // The model a file names, or a draft model record for it when the corpus lacks it (so one
  // unknown model never blocks a file): `names` as for ResolveModel, `display` the name as the
  // file writes it, `params` the parameter count the file states (0: none). --model wins over
  // a draft but never over a model the file names that the corpus has (a warning at `where`).
  // A stated count that disagrees with the model record by more than 5% is a warning.
  struct ModelChoice {
    std::string id;  // "" only when no draft is allowed and nothing names a model
    std::string how;
    std::optional<ModelDraft> draft;  // set when a draft record is to be written
    std::string problem;              // why no name matched ("" when one did)
  };
  // This is the one place --model is weighed against the file: every importer calls it.
  // Names from `weak_from` on are generic type strings that several models share (llama.cpp
  // prints "llama 7B" for LLaMA, Llama 2, Mistral and CodeLlama alike): --model wins over a
  // match on one of them, with a warning that says so. Without `allow_draft` (the file names
  // nothing a draft could be called), an unmatched name gives an empty id and the caller
  // reports `problem`.
  ModelChoice ChooseModel(const std::vector<std::string>& names, const std::string& display,
                          double params, std::string_view params_how, const std::string& source,
                          const Diagnostic& where, Sink& sink,
                          size_t weak_from = static_cast<size_t>(-1),
                          bool allow_draft = true) const;

  // The engine_version condition when the file states no version: --engine-version, written
  // user-stated, else absent with `why`.
  CondValue EngineVersionFromFlag(std::string why) const;

  // Checks that the value text parses as a quantity of `dim`; otherwise a diagnostic.
  std::optional<std::string> Quantity(const std::string& text, Dimension dim,
                                      const Diagnostic& where, std::string_view what,
                                      Sink& sink) const;

 private:
  const Corpus& corpus_;
  const ImportOptions& options_;
  // The hardware matcher, built the first time a file states (or a flag gives) hardware: a file
  // that fails before then costs no index.
  const HardwareIndex& Hardware() const;
  mutable std::optional<HardwareIndex> hardware_;
};

// A run driven at a fixed arrival rate can serve at most `rate` x `mean_output` output tokens
// per second, however fast the server: the load it was offered. A measured aggregate at 70% of
// that or more says the server kept up with the load rather than ran at its capacity, so the
// figure says little of what the hardware can do. The note saying so, or "" when the run was
// not near its offered load (or the rate is not finite).
std::string OfferedLoadNote(double rate, double mean_output, double measured);

// A benchmark draft holding what every record of one run shares: its model, weight format,
// parts, accelerator count, source and set. Each importer fills in the metric and the rest.
BenchmarkDraft RunDraft(const std::string& model, const Context::PrecisionChoice& precision,
                        const Context::Parts& parts, int64_t count, const std::string& source,
                        const std::string& set);

// Renders, re-parses and appends a benchmark (or source) record to `out`. A record that does
// not re-parse cleanly is a bug in the importer: it is reported as error[internal] at `where`
// and not appended.
void EmitBenchmark(const BenchmarkDraft& b, const std::string& from, const Diagnostic& where,
                   ImportResult& out);
void EmitSource(const SourceDraft& s, const std::string& from, const Diagnostic& where,
                ImportResult& out);
// Emits a draft model record once per import (a second run naming the same model reuses it).
void EmitModel(const ModelDraft& m, const std::string& from, const Diagnostic& where,
               ImportResult& out);
// The id of an import's source record: --source when given, else "<prefix>-<hash>".
std::string SourceIdOf(const Context& ctx, std::string_view prefix, std::string_view file_hash);

// One file being imported: its text for diagnostics, the diagnostics found in it, and the
// records built from it, which are written only when the file had no error (a file imports
// whole or not at all). The diagnostics go to the result when it goes out of scope, after the
// records.
class FileImport {
 public:
  FileImport(const ImportFile& file, ImportResult& out);
  ~FileImport();
  FileImport(const FileImport&) = delete;
  FileImport& operator=(const FileImport&) = delete;

  const SourceText& src() const { return src_; }
  Sink& sink() { return sink_; }
  // The content hash of the file, for ids ("3f2a9c1d").
  const std::string& file_hash() const { return file_hash_; }
  // True when an error has been reported so far.
  bool failed() const;
  // The error `bad-utf8` at the first byte that is not UTF-8, with `hint`; true when found.
  bool RefuseInvalidUtf8(std::string hint);

  // True when the run at `offset`, whose parsed content is `canonical` (its JSON dumped), repeats
  // an earlier run of the file byte for byte: a repeated run is one run, counted and not read
  // again, and Emit says once, at the first, how many repeats were folded into it.
  bool RepeatsAnEarlierRun(std::string_view canonical, size_t offset);
  // A benchmark built from the entry at `offset` of the file.
  void Add(BenchmarkDraft b, size_t offset);
  void Add(std::vector<BenchmarkDraft> bs, size_t offset);
  // A draft model record for a model the corpus lacks, named at `offset`.
  void AddModel(ModelDraft m, size_t offset);
  // Unless an error was reported: writes the benchmarks, then the draft models, then `source`
  // (when given: --source names an existing one otherwise).
  void Emit(const std::optional<SourceDraft>& source);

 private:
  const ImportFile& file_;
  ImportResult& out_;
  uint64_t file_fnv_ = 0;  // Fnv1a of the file, set by src_'s constructor
  SourceText src_;
  std::vector<Diagnostic> diags_;
  Sink sink_{diags_, DiagnosticCap()};
  std::string file_hash_;
  std::vector<std::pair<BenchmarkDraft, size_t>> drafts_;
  std::vector<std::pair<ModelDraft, size_t>> models_;
  std::unordered_map<uint64_t, size_t> run_at_;  // a run's content hash -> its offset
  std::map<size_t, size_t> repeats_;             // a run's offset -> the repeats folded into it
};

// The source record of a run read from a local file, which has no address: `url` is the tool
// that wrote the file, the publisher "not stated: `run` imported from a local file" ("an LLMPerf
// run"), `date` the file's date or "" (the import date then); `title` and `notes` as the
// importer words them.
SourceDraft LocalRunSource(std::string id, std::string title, std::string_view run, std::string url,
                           const std::string& date, std::string notes);

// Sets the count of `b`: `count` when known (> 0), else absent with `why`.
void SetCount(BenchmarkDraft& b, int64_t count, std::string why);

}  // namespace rooflint::import

#endif  // ROOFLINT_IMPORT_COMMON_H_
