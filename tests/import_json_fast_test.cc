// The JSON importers' fast path (ParseRunFast, simdjson) against nlohmann's parse it replaces
// (ParseRunSpan with fast = false): on every run object of the real samples and on generated
// objects (numbers of every kind, escapes, invalid UTF-8, cut and mutated text), the fast path
// gives the same object member by member (same types, same bits of every double, same dropped
// members) or declines, and ParseRunSpan gives the same object and the same diagnostics with
// and without it.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "import/common.h"
#include "import/json_results.h"

namespace rooflint::import {
namespace {

using json = nlohmann::json;

constexpr Nested kModes[] = {Nested::kKept, Nested::kMemberArraysDropped, Nested::kDropped};

// Why `a` and `b` differ ("" when they are the same value): the same type at every level
// (unsigned, integer and float apart; discarded members included), the same keys in the same
// order, the same bytes of every string and the same bits of every double.
std::string Difference(const json& a, const json& b, const std::string& at = "") {
  if (a.type() != b.type()) {
    return at + ": type " + a.type_name() + " against " + b.type_name() + " (" + a.dump() +
           " against " + b.dump() + ")";
  }
  switch (a.type()) {
    case json::value_t::object: {
      if (a.size() != b.size()) return at + ": " + a.dump() + " against " + b.dump();
      for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib) {
        if (ia.key() != ib.key()) return at + ": key " + ia.key() + " against " + ib.key();
        std::string d = Difference(ia.value(), ib.value(), at + "/" + ia.key());
        if (!d.empty()) return d;
      }
      return "";
    }
    case json::value_t::array: {
      if (a.size() != b.size()) return at + ": " + a.dump() + " against " + b.dump();
      for (size_t i = 0; i < a.size(); ++i) {
        std::string d = Difference(a[i], b[i], at + "/" + std::to_string(i));
        if (!d.empty()) return d;
      }
      return "";
    }
    case json::value_t::number_float: {
      double x = a.get<double>(), y = b.get<double>();
      return std::memcmp(&x, &y, sizeof x) == 0 ? ""
                                                : at + ": " + a.dump() + " against " + b.dump();
    }
    case json::value_t::discarded:
      return "";
    default:
      return a == b ? "" : at + ": " + a.dump() + " against " + b.dump();
  }
}

std::string Render(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const Diagnostic& d : ds) {
    out += std::to_string(static_cast<int>(d.severity)) + "|" + d.code + "|" + d.message + "|" +
           d.hint + "|" + d.where.path + ":" + std::to_string(d.where.line) + ":" +
           std::to_string(d.where.column) + "|" + d.source_line + "|" +
           std::to_string(d.caret_column) + "\n";
  }
  return out;
}

struct Outcome {
  int fast_read = 0;  // values the fast path read
  int declined = 0;   // valid values it left to nlohmann
  int invalid = 0;    // values nlohmann refuses
};

// Compares the two paths on the value `span` of `text`, in every Nested mode.
void Compare(const std::string& name, std::string_view text, const JsonValueSpan& span,
             Outcome& outcome) {
  SourceText src(name, text);
  for (Nested nested : kModes) {
    SCOPED_TRACE(name + " mode " + std::to_string(static_cast<int>(nested)));
    std::vector<Diagnostic> slow_diags, full_diags;
    Sink slow_sink{slow_diags}, full_sink{full_diags};
    JsonTool tool{"vLLM bench serve", "result", true};
    auto slow = ParseRunSpan(src, text, span, "line 1", tool, nested, slow_sink, false);
    auto full = ParseRunSpan(src, text, span, "line 1", tool, nested, full_sink, true);
    EXPECT_EQ(Render(full_diags), Render(slow_diags));
    ASSERT_EQ(full.has_value(), slow.has_value());
    if (slow) {
      EXPECT_EQ(Difference(*full, *slow), "");
    }
    if (span.truncated || span.too_deep || span.begin >= text.size()) continue;
    auto fast =
        ParseRunFast(text.substr(span.begin, std::min(span.end, text.size()) - span.begin), nested);
    if (!slow) {
      // What nlohmann refuses, the fast path never reads.
      EXPECT_FALSE(fast.has_value()) << fast->dump();
      ++outcome.invalid;
    } else if (fast) {
      EXPECT_EQ(Difference(*fast, *slow), "");
      EXPECT_EQ(fast->dump(), slow->dump());
      ++outcome.fast_read;
    } else {
      ++outcome.declined;
    }
  }
}

// Compares the two paths on every top-level value of a file's text.
void CompareFile(const std::string& name, const std::string& text, Outcome& outcome) {
  JsonSplit split = SplitJson(text);
  for (const JsonValueSpan& span : split.values) Compare(name, text, span, outcome);
}

// The whole of `text` as one value, as a file cut or edited anywhere gives it.
void CompareWhole(const std::string& name, const std::string& text, Outcome& outcome) {
  JsonValueSpan span;
  span.begin = 0;
  span.end = text.size();
  Compare(name, text, span, outcome);
}

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(JsonFastPath, ReadsEveryRealSampleAsNlohmannDoes) {
  Outcome outcome;
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(ROOFLINT_IMPORT_SAMPLES)) {
    std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".json" && ext != ".jsonl")) continue;
    std::string text = ReadFile(entry.path());
    std::string name = entry.path().filename().string();
    CompareFile(name, text, outcome);
    CompareFile(name + " (Infinity quoted)", QuoteNonFinite(text), outcome);
    ++files;
  }
  EXPECT_GE(files, 20);
  // Every run object of a real sample is read by the fast path.
  EXPECT_EQ(outcome.declined, 0);
  EXPECT_GT(outcome.fast_read, 100);
}

// Each token stands as a member, as an element of a member array, and inside a member object.
const char* const kValues[] = {"0",
                               "-0",
                               "1",
                               "-1",
                               "0.0",
                               "-0.0",
                               "1.0",
                               "1e308",
                               "-1e308",
                               "1.7976931348623157e308",
                               "1.7976931348623157e309",
                               "1e400",
                               "-1e400",
                               "1e-400",
                               "-1e-400",
                               "5e-324",
                               "2.4703282292062327e-324",
                               "2.4703282292062328e-324",
                               "2.2250738585072011e-308",
                               "9007199254740993",
                               "9223372036854775807",
                               "9223372036854775808",
                               "18446744073709551615",
                               "18446744073709551616",
                               "123456789012345678901234567890",
                               "-9223372036854775808",
                               "-9223372036854775809",
                               "0.1",
                               "3.141592653589793238462643383279",
                               "1E5",
                               "1e+5",
                               "1e-5",
                               "123.456e-7",
                               "01",
                               "1.",
                               ".5",
                               "-",
                               "+1",
                               "1e",
                               "0x10",
                               "NaN",
                               "Infinity",
                               "-Infinity",
                               "true",
                               "false",
                               "null",
                               "nul",
                               "\"\"",
                               "\"plain\"",
                               R"("esc \" \\ \/ \b \f \n \r \t")",
                               R"("\u00e9\u221e\u0000\u001f")",
                               R"("\ud83d\ude00")",
                               R"("\ud800")",
                               R"("\udc00")",
                               R"("\ud800\u0041")",
                               R"("\x")",
                               "\"caf\xC3\xA9\"",
                               "\"\xC3\x28\"",
                               "\"\xED\xA0\x80\"",
                               "\"\xC0\x80\"",
                               "\"\xF4\x90\x80\x80\"",
                               "\"\xFF\"",
                               "\"tab\tin\"",
                               "\"\x7F\"",
                               "[]",
                               "{}",
                               "[1, [2, {\"k\": [3]}]]",
                               "{\"k\": {\"j\": [4, 5]}}",
                               "[1,]",
                               "{\"a\":1,}",
                               "{\"a\" 1}"};

TEST(JsonFastPath, ReadsGeneratedValuesAsNlohmannDoes) {
  Outcome outcome;
  for (const char* v : kValues) {
    std::string value(v);
    CompareWhole(value, "{\"a\": " + value + "}", outcome);
    CompareWhole(value, "{\"a\": 1, \"b\": [" + value + ", 2], \"c\": {\"d\": " + value + "}}",
                 outcome);
    CompareWhole(value, "[" + value + "]", outcome);
    CompareWhole(value, "{\"" + value + "\": 1}", outcome);
  }
  // Numbers as nlohmann types them, read by the fast path.
  std::vector<std::string> texts = {
      R"({"u": 0, "i": -9223372036854775808, "max": 18446744073709551615, "f": 1.0,
          "big": 1e308, "tiny": 1e-400, "nz": -0.0, "s": "-0.5", "n": -0e1})"};
  for (const std::string& t : texts) {
    auto fast = ParseRunFast(t, Nested::kKept);
    ASSERT_TRUE(fast.has_value());
    EXPECT_TRUE((*fast)["u"].is_number_unsigned());
    EXPECT_TRUE((*fast)["i"].is_number_integer() && !(*fast)["i"].is_number_unsigned());
    EXPECT_TRUE((*fast)["max"].is_number_unsigned());
    EXPECT_TRUE((*fast)["f"].is_number_float());
    EXPECT_EQ((*fast)["tiny"].get<double>(), 0.0);
    EXPECT_TRUE(std::signbit((*fast)["nz"].get<double>()));
    CompareWhole(t, t, outcome);
  }
  // "-0" is nlohmann's number_integer 0 and "0" its number_unsigned 0, which simdjson does not
  // tell apart: a run that keeps a 0 and may hold a "-0" (or the same bytes in a string) is left
  // to nlohmann; one that keeps no 0 is not.
  EXPECT_FALSE(ParseRunFast(R"({"a": -0})", Nested::kKept).has_value());
  EXPECT_FALSE(ParseRunFast(R"({"a": 0, "b": "x -0 y"})", Nested::kKept).has_value());
  EXPECT_TRUE(ParseRunFast(R"({"a": 0, "b": "dc9ffe9b-0f48", "c": -0.5})", Nested::kKept));
  EXPECT_FALSE(ParseRunFast(R"({"a": [1, -0]})", Nested::kKept).has_value());
  EXPECT_TRUE(ParseRunFast(R"({"a": [1, -0]})", Nested::kDropped).has_value());
  EXPECT_TRUE(ParseRunFast(R"({"a": 1, "b": "x-0"})", Nested::kKept).has_value());
  // Integers beyond 64 bits nlohmann reads as floats: left to it, same result.
  EXPECT_FALSE(ParseRunFast(R"({"a": 18446744073709551616})", Nested::kKept).has_value());
  EXPECT_GT(outcome.fast_read, 100);
  EXPECT_GT(outcome.invalid, 100);
  EXPECT_GT(outcome.declined, 0);
}

// nlohmann's callback parser keeps the key of a dropped member with a discarded value, and the
// end of every object member erases the first discarded member in key order; the fast path
// leaves the same members.
TEST(JsonFastPath, DropsMembersAsNlohmannDoes) {
  Outcome outcome;
  for (const char* t :
       {R"({"z": {}, "a": [1]})", R"({"a": [1], "z": {"k": [2]}})", R"({"a": 1, "a": [2]})",
        R"({"a": [1], "a": 2})", R"({"a": {}, "a": [1]})", R"({"a": [1], "a": {"b": 2}})",
        R"({"b": [1], "a": {}, "c": [2], "d": {"e": [3, {"f": 4}]}, "g": [[{}]]})",
        R"({"ttfts": [0.1, 0.2], "itls": [[0.01], []], "x": {"y": 1}, "mean_ttft_ms": 5})",
        R"({"k": [{"a": [1]}, {"b": {}}], "l": {"m": [{"n": 1}]}, "o": null})", R"({})"}) {
    CompareWhole(t, t, outcome);
  }
  EXPECT_EQ(outcome.fast_read, 30);
}

// Every prefix of an object (a cut file) and random byte edits of it.
TEST(JsonFastPath, CutAndEditedObjectsGiveNlohmannsResultOrItsDiagnostics) {
  const std::string base =
      R"({"date": "20250530-203806", "model_id": "m\u00e9/x", "completed": 100,)"
      R"( "duration": 12.5, "request_rate": "inf", "max_concurrency": null, "neg": -3,)"
      R"( "ttfts": [0.04, 0.05e-1, 1E2], "itls": [[0.012, 0.013], []],)"
      R"( "generated_texts": ["a \"q\" \ud83d\ude00", ""], "cfg": {"k": [1, {"j": true}]},)"
      R"( "mean_ttft_ms": 54.57, "p99_itl_ms": 34})";
  Outcome outcome;
  for (size_t n = 0; n <= base.size(); ++n) CompareWhole("prefix", base.substr(0, n), outcome);
  std::mt19937 rng(20250530);
  const std::string bytes = "{}[]\",:\\ 0123456789.eE+-tfnul\x01\x7f\xC3\xA9\xED\xFF";
  for (int i = 0; i < 3000; ++i) {
    std::string t = base;
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      size_t at = rng() % t.size();
      char c = bytes[rng() % bytes.size()];
      switch (rng() % 3) {
        case 0:
          t[at] = c;
          break;
        case 1:
          t.insert(t.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        default:
          t.erase(at, 1);
      }
    }
    CompareWhole("edit " + std::to_string(i), t, outcome);
    CompareFile("edit " + std::to_string(i), t, outcome);
  }
  EXPECT_GT(outcome.fast_read, 1000);
  EXPECT_GT(outcome.invalid, 1000);
}

}  // namespace
}  // namespace rooflint::import
