// See json_results.h.
#include "import/json_results.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace rooflint::import {
namespace {

using json = nlohmann::json;

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

}  // namespace

std::string QuoteNonFinite(std::string_view text) {
  std::string out(text);
  bool in_string = false;
  for (size_t i = 0; i < out.size(); ++i) {
    char c = out[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    auto token = [&](std::string_view word) {
      return out.compare(i, word.size(), word) == 0 && (i == 0 || !IsWordChar(out[i - 1])) &&
             (i + word.size() >= out.size() || !IsWordChar(out[i + word.size()]));
    };
    // Same lengths: `Infinity` (8 bytes) -> "\u221e" (8 bytes, the JSON escape of U+221E, the
    // infinity sign),
    // `-Infinity` (9) -> "-\u221e", `NaN` (3) -> "N".
    if (token("Infinity")) {
      out.replace(i, 8, R"("\u221e")");
      i += 7;
    } else if (c == '-' && i + 1 < out.size() && out.compare(i + 1, 8, "Infinity") == 0 &&
               (i + 9 >= out.size() || !IsWordChar(out[i + 9]))) {
      out.replace(i, 9, R"("-\u221e")");
      i += 8;
    } else if (token("NaN")) {
      out.replace(i, 3, "\"N\"");
      i += 2;
    }
  }
  return out;
}

std::optional<json> ParseRunSpan(const SourceText& src, std::string_view text,
                                 const JsonValueSpan& span, const std::string& what,
                                 std::string_view tool, bool drop_member_arrays, Sink& sink) {
  if (span.truncated) {
    sink.Add(src.At(span.begin, Severity::kError, "truncated",
                    span.pointer_prefix == "]"
                        ? std::string("the JSON array is not closed before the end of the file")
                        : fmt::format("{} is cut off: the file ends inside it", what),
                    "the run did not finish writing the file; re-run it"));
    return std::nullopt;
  }
  if (span.too_deep) {
    sink.Add(src.At(span.begin, Severity::kError, "not-a-run",
                    fmt::format("{} is nested too deeply to be a {} result", what, tool),
                    fmt::format("a {} result is one JSON object per run", tool)));
    return std::nullopt;
  }
  auto keep = [drop_member_arrays](int depth, json::parse_event_t e, json&) {
    return !(drop_member_arrays && e == json::parse_event_t::array_start && depth == 1);
  };
  json run;
  try {
    run = json::parse(text.begin() + static_cast<std::ptrdiff_t>(span.begin),
                      text.begin() + static_cast<std::ptrdiff_t>(std::min(span.end, text.size())),
                      keep);
  } catch (const json::exception& e) {
    size_t at = span.begin;
    if (const auto* pe = dynamic_cast<const json::parse_error*>(&e);
        pe != nullptr && pe->byte > 0) {
      at = span.begin + pe->byte - 1;
    } else if (dynamic_cast<const json::out_of_range*>(&e) != nullptr) {
      at = OutOfRangeOffset(text, span.begin, span.end, e.what());
    }
    std::string msg = e.what();
    size_t colon = msg.find(": ");
    sink.Add(src.At(std::min(at, text.size()), Severity::kError, "bad-json",
                    fmt::format("{}: not valid JSON: {}", what,
                                colon == std::string::npos ? msg : msg.substr(colon + 2)),
                    fmt::format("{} writes one JSON object per run; a cut or edited file is not "
                                "one",
                                tool)));
    return std::nullopt;
  }
  if (!run.is_object()) {
    sink.Add(src.At(span.begin, Severity::kError, "not-a-run",
                    fmt::format("{} is not a JSON object", what),
                    fmt::format("a {} result is one JSON object per run", tool)));
    return std::nullopt;
  }
  return run;
}

std::string RawJsonValue(std::string_view text, size_t offset) {
  if (offset >= text.size()) return "";
  size_t end = offset;
  bool in_string = false;
  while (end < text.size() && end - offset < 40) {
    char c = text[end];
    if (in_string) {
      if (c == '\\')
        ++end;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == ',' || c == '}' || c == ']' || c == '\n' || c == '\r') {
      break;
    }
    ++end;
  }
  std::string_view v = text.substr(offset, std::min(end, text.size()) - offset);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  return std::string(v);
}

int64_t CountFromFlags(const Context& ctx, std::vector<std::string>& notes) {
  if (ctx.options().count) {
    int64_t count = *ctx.options().count;
    notes.push_back(fmt::format("accelerator_count {} is user-stated (--count).", count));
    return count;
  }
  const std::string& hw = ctx.options().hardware;
  size_t x = hw.find_first_of("xX");
  auto n = x == std::string::npos ? std::nullopt : ParseNumber(hw.substr(0, x));
  if (n && *n >= 1 && *n == std::floor(*n) && *n <= 1e6) {
    notes.push_back(fmt::format("accelerator_count {} from the user-stated --hardware '{}'.",
                                static_cast<int64_t>(*n), hw));
    return static_cast<int64_t>(*n);
  }
  notes.push_back("accelerator_count absent: the file states no accelerator count (pass --count).");
  return 0;
}

}  // namespace rooflint::import
