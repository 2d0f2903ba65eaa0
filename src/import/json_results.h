// Pieces the JSON result importers of serving and throughput benchmarks share (SGLang
// bench_serving, vLLM bench throughput, LLMPerf): parsing one top-level JSON value of a file
// with located diagnostics, Python's bare Infinity/NaN tokens, and the accelerator count the
// user's flags state when the file states none.
#ifndef ROOFLINT_IMPORT_JSON_RESULTS_H_
#define ROOFLINT_IMPORT_JSON_RESULTS_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "import/common.h"

namespace rooflint::import {

// What a bare `Infinity` token (Python's json.dumps of float("inf")) reads as after
// QuoteNonFinite: the string U+221E (the infinity sign); `-Infinity` reads as "-" followed
// by it, and `NaN` as "N".
inline constexpr std::string_view kJsonInfinity = "\xE2\x88\x9E";

// `text` with every bare Infinity, -Infinity and NaN token outside strings replaced by a JSON
// string of the same length, so byte offsets (and so diagnostics) stay those of the file.
std::string QuoteNonFinite(std::string_view text);

// Parses the top-level value `span` of `text` (already passed through QuoteNonFinite when the
// tool writes Infinity). With `drop_member_arrays`, arrays that are direct members of the
// object (per-request arrays) are parsed but not kept. A value that is cut off, too deep, not
// JSON or not an object is a located error naming `what` and the `tool`; nullopt then.
std::optional<nlohmann::json> ParseRunSpan(const SourceText& src, std::string_view text,
                                           const JsonValueSpan& span, const std::string& what,
                                           std::string_view tool, bool drop_member_arrays,
                                           Sink& sink);

// The text of the JSON value at `offset` of `text`, as the file writes it (at most 40 bytes),
// for messages about a value that is not what it should be.
std::string RawJsonValue(std::string_view text, size_t offset);

// The accelerator count the flags state for a file that states none: --count, else the
// leading "N x" of --hardware ("4x H100"); 0 when neither does. A sentence for the record's
// notes is appended to `notes`.
int64_t CountFromFlags(const Context& ctx, std::vector<std::string>& notes);

}  // namespace rooflint::import

#endif  // ROOFLINT_IMPORT_JSON_RESULTS_H_
