// Pieces the JSON result importers share (vLLM bench serve and bench throughput, SGLang
// bench_serving, LLMPerf, AIPerf and GenAI-Perf): splitting a file into its run objects and
// parsing each with located diagnostics, reading a file that holds one run object, pointing at
// a run's fields and its figures for the driver, and Python's bare Infinity/NaN tokens.
#ifndef ROOFLINT_IMPORT_JSON_RESULTS_H_
#define ROOFLINT_IMPORT_JSON_RESULTS_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "import/common.h"
#include "import/driver.h"

namespace rooflint::import {

// What a bare `Infinity` token (Python's json.dumps of float("inf")) reads as after
// QuoteNonFinite: the string U+221E (the infinity sign); `-Infinity` reads as "-" followed
// by it, and `NaN` as "N".
inline constexpr std::string_view kJsonInfinity = "\xE2\x88\x9E";

// `text` with every bare Infinity, -Infinity and NaN token outside strings replaced by a JSON
// string of the same length, so byte offsets (and so diagnostics) stay those of the file.
std::string QuoteNonFinite(std::string_view text);

// How the errors about a tool's JSON file name it: "a {tool} {noun}" ("a vLLM bench serve
// result", "an AIPerf summary"), and whether the tool writes strict JSON (no bare NaN or
// Infinity), which the hint of a syntax error then says.
struct JsonTool {
  std::string_view tool;
  std::string_view noun = "result";
  bool strict = false;
};

// Which nested values of a run object are parsed but not kept: none, the arrays that are
// direct members (per-request arrays), or every array and object below the top level.
enum class Nested { kKept, kMemberArraysDropped, kDropped };

// Parses text[begin, end) with nlohmann's parser (`keep` its callback, or null to keep every
// value). A number beyond double's range is the error `out-of-range` ("{what}: a number beyond
// the range of a double", with `range_hint`) at the number; any other error is `bad-json`
// ("{what}: not valid JSON: ...", nlohmann's words, with `syntax_hint`) where the parser
// stopped. nullopt then. ParseRunSpan reads a run through it, ModelFromHfConfig a config.json.
std::optional<nlohmann::json> ParseJsonLocated(const SourceText& src, std::string_view text,
                                               size_t begin, size_t end, std::string_view what,
                                               std::string range_hint, std::string syntax_hint,
                                               const nlohmann::json::parser_callback_t& keep,
                                               Sink& sink);

// Parses the top-level value `span` of `text` (already passed through QuoteNonFinite when the
// tool writes Infinity). A value that is cut off, too deep, not JSON, holds a number beyond
// double's range, or is not an object is a located error naming `what` (the value in
// messages: "line 3", "the summary"); nullopt then. A valid object is read by ParseRunFast;
// anything else (and every value when `fast` is false) by nlohmann's parser, whose errors are
// the diagnostics.
std::optional<nlohmann::json> ParseRunSpan(const SourceText& src, std::string_view text,
                                           const JsonValueSpan& span, const std::string& what,
                                           const JsonTool& tool, Nested nested, Sink& sink,
                                           bool fast = true);

// The object ParseRunSpan returns for `value` (one top-level value of a file), read with
// simdjson: the same members, number types and strings, and the same dropped members, as
// nlohmann's parse with `nested`. nullopt when `value` is not a valid JSON object, or holds what
// simdjson refuses but nlohmann may read (an integer beyond 64 bits); ParseRunSpan then parses
// it with nlohmann, which reports the error. `padded`: at least 64 bytes of the same buffer
// follow `value` (the next runs of a file), so it is parsed in place instead of copied. Built
// with ROOFLINT_NO_SIMDJSON (the browser page: Debian's simdjson targets its own machines only),
// it is always nullopt, and ParseRunSpan's nlohmann parse reads the run.
std::optional<nlohmann::json> ParseRunFast(std::string_view value, Nested nested,
                                           bool padded = false);

// How diagnostics name the run object `index` (0-based) of a split file: "run 3" in a
// top-level array, else "line 12".
std::string RunName(const SourceText& src, const JsonSplit& split, size_t index);

// The top-level values of a JSON result file. text() is the file's text, with Python's bare
// Infinity and NaN quoted when the tool writes them (same offsets; a copy then, else the
// file's own text); `split` its values.
struct JsonResults {
  std::string_view file;  // the file's text
  std::optional<std::string> quoted;
  JsonSplit split;
  std::string_view text() const { return quoted ? std::string_view(*quoted) : file; }
};
// Splits the file; a file with no JSON value is the error `no-runs` with `message` and `hint`
// (nullopt then).
std::optional<JsonResults> SplitResults(const SourceText& src, bool quote_non_finite,
                                        std::string_view message, std::string_view hint,
                                        Sink& sink);

// A file that holds one run object (an LLMPerf summary, a vLLM bench throughput result): its
// text and value span as SplitResults gives them, and the object.
struct OneRun {
  JsonResults file;
  nlohmann::json run;
  const JsonValueSpan& span() const { return file.split.values[0]; }
};
// What the errors about a one-object file say: the object in messages ("the summary"), and
// the message and hint for a file with no object and for one with more than one.
struct OneRunWords {
  std::string what;
  std::string_view none;
  std::string_view none_hint;
  std::string_view many;
  std::string_view many_hint;
};
// Reads the one run object of a file (bare Infinity and NaN quoted, every member kept); a file
// with none, with more than one value, or whose value is no valid object is a located error
// (nullopt then).
std::optional<OneRun> ReadOneRun(const SourceText& src, const OneRunWords& words,
                                 const JsonTool& tool, Sink& sink);

// One run object of a JSON result file with where its keys stand, for diagnostics that point
// at a field: "/3/completed: ..." (the span's pointer prefix, then the key). Errors reported
// through it mark the run failed.
class JsonRun {
 public:
  // `missing_hint` is the hint of a required field that is missing ("is this an LLMPerf
  // *_summary.json file?"); `number_hint` that of a field that is not a number.
  JsonRun(const SourceText& src, const JsonValueSpan& span, const nlohmann::json& run,
          std::string what, std::string missing_hint, std::string number_hint, Sink& sink)
      : src_(src),
        span_(span),
        run_(run),
        what_(std::move(what)),
        sink_(sink),
        missing_hint_(std::move(missing_hint)),
        number_hint_(std::move(number_hint)) {}

  // True when an error was reported through it.
  bool failed() const { return failed_; }

  // The run's keys for the driver's diagnostics (StatedRun::at): At, valid while this lives.
  Locate Locator() const;
  // The figure `value` `unit` of the member `key`, named `what` in its diagnostics, from the
  // run's object (its offset), for the driver.
  StatedFigure Figure(std::string metric, std::string statistic, double value, std::string unit,
                      Dimension dimension, std::string key, std::string_view what) const;

  // The offset of the value of `key`, or of the object when it has no such member.
  size_t Where(std::string_view key) const;
  // The JSON pointer of `key` in the file ("/3/completed").
  std::string Pointer(std::string_view key) const;
  // A diagnostic at `key`, its message led by the key's pointer.
  Diagnostic At(std::string_view key, Severity severity, DiagnosticCode code, std::string message,
                std::string hint) const;
  // An error at `key`; the run is then failed.
  void Error(std::string_view key, DiagnosticCode code, std::string message, std::string hint);
  // The error `missing-field` for a required key the run lacks (at the object).
  void Missing(std::string_view key);
  // The member `key`, or nullptr.
  const nlohmann::json* Get(std::string_view key) const;
  // The value of `key` as the file writes it (RawJsonValue), for messages.
  std::string Raw(std::string_view key) const;
  // A finite number: nullopt when missing or null (Missing when `required`), and the error
  // `not-a-number` when the value is something else.
  std::optional<double> Number(std::string_view key, bool required);

 protected:
  // An importer of one run derives from JsonRun and reads these directly.
  const SourceText& src_;
  const JsonValueSpan& span_;
  const nlohmann::json& run_;
  std::string what_;
  Sink& sink_;
  bool failed_ = false;

 private:
  std::string missing_hint_;
  std::string number_hint_;
  // Where each key's value stands: a run's per-request arrays may be megabytes long, and
  // Where is asked for many keys.
  mutable std::optional<JsonKeyScan> keys_;
};

// The text of the JSON value at `offset` of `text`, as the file writes it (at most 40 bytes),
// for messages about a value that is not what it should be.
std::string RawJsonValue(std::string_view text, size_t offset);

}  // namespace rooflint::import

#endif  // ROOFLINT_IMPORT_JSON_RESULTS_H_
