// See json_results.h.
#include "import/json_results.h"

#include <fmt/format.h>
#ifndef ROOFLINT_NO_SIMDJSON
#include <simdjson.h>
#endif

#include <algorithm>
#include <cmath>

namespace rooflint::import {
namespace {

using json = nlohmann::json;

// nlohmann's parser callback that keeps what `nested` keeps.
json::parser_callback_t KeepCallback(Nested nested) {
  return [nested](int depth, json::parse_event_t e, json&) {
    switch (nested) {
      case Nested::kKept:
        return true;
      case Nested::kMemberArraysDropped:
        return !(e == json::parse_event_t::array_start && depth == 1);
      case Nested::kDropped:
        return !(
            (e == json::parse_event_t::object_start || e == json::parse_event_t::array_start) &&
            depth >= 1);
    }
    return true;
  };
}

// The bytes ParseRunFast may read past a value's end (simdjson's padding).
#ifndef ROOFLINT_NO_SIMDJSON
constexpr size_t kFastPadding = simdjson::SIMDJSON_PADDING;
#else
constexpr size_t kFastPadding = 0;
#endif

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

#ifndef ROOFLINT_NO_SIMDJSON
// The value of a simdjson element as nlohmann's parser makes it: a non-negative integer is
// number_unsigned, a negative one number_integer, any number with '.' or an exponent a float
// (simdjson types numbers the same way, except that it makes a non-negative integer up to
// INT64_MAX an int64, and refuses the integers beyond 64 bits that nlohmann reads as floats).
// An integer 0 may be written "-0", which nlohmann reads as number_integer: `zero` is set for
// the caller to look.
json FromDom(simdjson::dom::element e, bool& zero) {
  switch (e.type()) {
    case simdjson::dom::element_type::ARRAY: {
      json a = json::array();
      for (simdjson::dom::element v : simdjson::dom::array(e)) a.push_back(FromDom(v, zero));
      return a;
    }
    case simdjson::dom::element_type::OBJECT: {
      json o = json::object();
      // Members in file order; a repeated key keeps its last value, as nlohmann's does.
      for (simdjson::dom::key_value_pair kv : simdjson::dom::object(e)) {
        o[std::string(kv.key)] = FromDom(kv.value, zero);
      }
      return o;
    }
    case simdjson::dom::element_type::INT64: {
      int64_t v = int64_t(e);
      if (v == 0) zero = true;
      return v >= 0 ? json(static_cast<uint64_t>(v)) : json(v);
    }
    case simdjson::dom::element_type::UINT64:
      return json(uint64_t(e));
    case simdjson::dom::element_type::DOUBLE:
      return json(double(e));
    case simdjson::dom::element_type::STRING:
      return json(std::string(std::string_view(e)));
    case simdjson::dom::element_type::BOOL:
      return json(bool(e));
    case simdjson::dom::element_type::NULL_VALUE:
      break;
  }
  return json(nullptr);
}

// True when `text` may hold the integer -0: "-0" after what may stand before a value (':',
// ',', '[' or a space) and before what may end one (',', '}', ']', a space), outside strings or
// in one.
bool MayHoldNegativeZero(std::string_view text) {
  auto before = [](char c) {
    return c == ':' || c == ',' || c == '[' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
  };
  auto after = [](char c) {
    return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
  };
  for (size_t at = text.find("-0"); at != std::string_view::npos; at = text.find("-0", at + 1)) {
    if ((at == 0 || before(text[at - 1])) && (at + 2 == text.size() || after(text[at + 2]))) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<json> ParseRunFast(std::string_view value, Nested nested, bool padded) {
  // One parser per thread, kept: its buffers (a few times the largest value parsed) are
  // reused by the next run and the next file instead of being allocated and faulted in again.
  thread_local simdjson::dom::parser parser;
  simdjson::dom::element root;
  // simdjson reads up to SIMDJSON_PADDING bytes past the end: a value the text goes on after
  // is parsed in place, else from the parser's padded copy.
  if (parser.parse(value.data(), value.size(), !padded).get(root) != simdjson::SUCCESS ||
      root.type() != simdjson::dom::element_type::OBJECT) {
    return std::nullopt;
  }
  // The members as nlohmann's callback parser (ParseRunSpan) leaves them: a dropped member
  // keeps its key with a discarded value, and the end of each object member (kept or dropped)
  // erases the first discarded member in key order.
  json run = json::object();
  bool zero = false;
  auto erase_first_discarded = [&run] {
    for (auto it = run.begin(); it != run.end(); ++it) {
      if (it->is_discarded()) {
        run.erase(it);
        break;
      }
    }
  };
  for (simdjson::dom::key_value_pair kv : simdjson::dom::object(root)) {
    json& member = run[std::string(kv.key)];
    member = json(json::value_t::discarded);
    simdjson::dom::element_type type = kv.value.type();
    if (type == simdjson::dom::element_type::ARRAY) {
      if (nested == Nested::kKept) member = FromDom(kv.value, zero);
    } else if (type == simdjson::dom::element_type::OBJECT) {
      if (nested != Nested::kDropped) member = FromDom(kv.value, zero);
      erase_first_discarded();
    } else {
      member = FromDom(kv.value, zero);
    }
  }
  // simdjson reads "-0" as the integer 0, nlohmann as number_integer 0 (a "0" is
  // number_unsigned): a run that keeps a 0 and whose text may hold a "-0" is left to nlohmann.
  if (zero && MayHoldNegativeZero(value)) return std::nullopt;
  return run;
}
#else
}  // namespace

// Without simdjson (a build for a machine Debian's simdjson does not target: the browser
// page's) there is no fast path: ParseRunSpan's own nlohmann parse, the one the fast path
// matches, reads every run once.
std::optional<json> ParseRunFast(std::string_view, Nested, bool) { return std::nullopt; }
#endif

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

std::optional<json> ParseJsonLocated(const SourceText& src, std::string_view text, size_t begin,
                                     size_t end, std::string_view what, std::string range_hint,
                                     std::string syntax_hint, const json::parser_callback_t& keep,
                                     Sink& sink) {
  end = std::min(end, text.size());
  try {
    return json::parse(text.begin() + static_cast<std::ptrdiff_t>(begin),
                       text.begin() + static_cast<std::ptrdiff_t>(end), keep);
  } catch (const json::out_of_range& e) {
    sink.Add(src.At(OutOfRangeOffset(text, begin, end, e.what()), Severity::kError, "out-of-range",
                    fmt::format("{}: a number beyond the range of a double", what),
                    std::move(range_hint)));
  } catch (const json::exception& e) {
    size_t at = begin;
    if (const auto* pe = dynamic_cast<const json::parse_error*>(&e);
        pe != nullptr && pe->byte > 0) {
      at = begin + pe->byte - 1;
    }
    std::string msg = e.what();
    size_t colon = msg.find(": ");
    sink.Add(src.At(std::min(at, text.size()), Severity::kError, "bad-json",
                    fmt::format("{}: not valid JSON: {}", what,
                                colon == std::string::npos ? msg : msg.substr(colon + 2)),
                    std::move(syntax_hint)));
  }
  return std::nullopt;
}

std::optional<json> ParseRunSpan(const SourceText& src, std::string_view text,
                                 const JsonValueSpan& span, const std::string& what,
                                 const JsonTool& tool, Nested nested, Sink& sink, bool fast) {
  std::string shape_hint = fmt::format("a {} {} is one JSON object per run", tool.tool, tool.noun);
  if (span.truncated) {
    sink.Add(src.At(span.begin, Severity::kError, "truncated",
                    span.pointer_prefix == "]"
                        ? std::string("the JSON array is not closed before the end of the file")
                        : fmt::format("{} is cut off: the file ends inside it", what),
                    "the run did not finish writing the file; re-run it"));
    return std::nullopt;
  }
  if (span.too_deep) {
    sink.Add(
        src.At(span.begin, Severity::kError, "not-a-run",
               fmt::format("{} is nested too deeply to be a {} {}", what, tool.tool, tool.noun),
               shape_hint));
    return std::nullopt;
  }
  const json::parser_callback_t keep = KeepCallback(nested);
  // The fast path reads every valid object; any error is left to nlohmann, whose diagnostics
  // (offset, message) are the ones reported.
  if (fast && span.begin < text.size()) {
    size_t end = std::min(span.end, text.size());
    std::optional<json> run = ParseRunFast(text.substr(span.begin, end - span.begin), nested,
                                           text.size() - end >= kFastPadding);
    if (run) return run;
  }
  std::optional<json> run =
      ParseJsonLocated(src, text, span.begin, span.end, what,
                       fmt::format("{} writes numbers in range; an edited file may not", tool.tool),
                       tool.strict ? fmt::format("{} writes strict JSON; NaN or Infinity, or a cut "
                                                 "or edited file, is not",
                                                 tool.tool)
                                   : fmt::format("{} writes one JSON object per run; a cut or "
                                                 "edited file is not one",
                                                 tool.tool),
                       keep, sink);
  if (!run) return std::nullopt;
  if (!run->is_object()) {
    sink.Add(src.At(span.begin, Severity::kError, "not-a-run",
                    fmt::format("{} is not a JSON object", what), shape_hint));
    return std::nullopt;
  }
  return run;
}

std::string RunName(const SourceText& src, const JsonSplit& split, size_t index) {
  return split.top_array ? fmt::format("run {}", index + 1)
                         : fmt::format("line {}", src.LineColumn(split.values[index].begin).first);
}

std::optional<JsonResults> SplitResults(const SourceText& src, bool quote_non_finite,
                                        std::string_view message, std::string_view hint,
                                        Sink& sink) {
  JsonResults r;
  r.file = src.text();
  if (quote_non_finite) r.quoted = QuoteNonFinite(src.text());
  r.split = SplitJson(r.text());
  if (r.split.values.empty()) {
    sink.Add(src.At(std::string_view::npos, Severity::kError, "no-runs", std::string(message),
                    std::string(hint)));
    return std::nullopt;
  }
  return r;
}

std::optional<OneRun> ReadOneRun(const SourceText& src, const OneRunWords& words,
                                 const JsonTool& tool, Sink& sink) {
  auto file = SplitResults(src, true, words.none, words.none_hint, sink);
  if (!file) return std::nullopt;
  const std::vector<JsonValueSpan>& values = file->split.values;
  if (values.size() > 1 || file->split.top_array) {
    sink.Add(src.At(values[1 % values.size()].begin, Severity::kError, "not-a-run",
                    std::string(words.many), std::string(words.many_hint)));
    return std::nullopt;
  }
  auto run = ParseRunSpan(src, file->text(), values[0], words.what, tool, Nested::kKept, sink);
  if (!run) return std::nullopt;
  return OneRun{std::move(*file), std::move(*run)};
}

size_t JsonRun::Where(std::string_view key) const {
  if (!keys_) keys_.emplace(src_.text(), span_);
  size_t at = keys_->Find(key);
  return at == std::string_view::npos ? span_.begin : at;
}

std::string JsonRun::Pointer(std::string_view key) const {
  return fmt::format("{}/{}", span_.pointer_prefix, PointerToken(key));
}

Diagnostic JsonRun::At(std::string_view key, Severity severity, DiagnosticCode code,
                       std::string message, std::string hint) const {
  return src_.At(Where(key), severity, std::move(code),
                 fmt::format("{}: {}", Pointer(key), message), std::move(hint));
}

Locate JsonRun::Locator() const {
  return [this](std::string_view key, Severity severity, DiagnosticCode code, std::string message,
                std::string hint) {
    return At(key, severity, std::move(code), std::move(message), std::move(hint));
  };
}

StatedFigure JsonRun::Figure(std::string metric, std::string statistic, double value,
                             std::string unit, Dimension dimension, std::string key,
                             std::string_view what) const {
  StatedFigure f;
  f.metric = std::move(metric);
  f.statistic = std::move(statistic);
  f.value = value;
  f.unit = std::move(unit);
  f.dimension = dimension;
  f.what = fmt::format("{}: {}", Pointer(key), what);
  f.key = std::move(key);
  f.offset = span_.begin;
  return f;
}

void JsonRun::Error(std::string_view key, DiagnosticCode code, std::string message,
                    std::string hint) {
  sink_.Add(At(key, Severity::kError, std::move(code), std::move(message), std::move(hint)));
  failed_ = true;
}

void JsonRun::Missing(std::string_view key) {
  sink_.Add(src_.At(span_.begin, Severity::kError, "missing-field",
                    fmt::format("{} has no '{}'", what_, key), missing_hint_));
  failed_ = true;
}

const json* JsonRun::Get(std::string_view key) const {
  auto it = run_.find(key);
  return it == run_.end() ? nullptr : &*it;
}

std::string JsonRun::Raw(std::string_view key) const {
  return RawJsonValue(src_.text(), Where(key));
}

std::optional<double> JsonRun::Number(std::string_view key, bool required) {
  const json* v = Get(key);
  if (v == nullptr || v->is_null()) {
    if (required) Missing(key);
    return std::nullopt;
  }
  if (!v->is_number() || !std::isfinite(v->get<double>())) {
    Error(key, "not-a-number", fmt::format("{} is not a number", Raw(key)), number_hint_);
    return std::nullopt;
  }
  return v->get<double>();
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

}  // namespace rooflint::import
