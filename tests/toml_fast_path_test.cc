// The record loader's fast path (core/record_doc.h) against toml++, deterministically: every
// .toml file of the bundled corpus and of the tests, and systematic mutations of a few records.
// Wherever the fast path accepts, its document and every kind's ParseRecord outcome must equal
// toml++'s; and it must accept the plain bundled records, or it is no fast path.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/record_doc.h"
#include "sanitizer.h"
#include "scaling.h"

namespace rooflint {
namespace {

namespace fs = std::filesystem;
using record_doc::CheckAgainstToml;

std::string ReadFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<fs::path> TomlFilesUnder(const fs::path& root) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (e.is_regular_file() && e.path().extension() == ".toml") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Runs the differential check; counts acceptances.
struct Checker {
  int checked = 0;
  int accepted = 0;
  void Check(std::string_view text, const std::string& what) {
    bool took = false;
    std::string diff = CheckAgainstToml(text, &took);
    ++checked;
    accepted += took ? 1 : 0;
    EXPECT_EQ(diff, "") << what << "\n--- input ---\n" << text;
  }
};

TEST(TomlFastPath, AcceptsEveryBundledRecordAndAgreesWithToml) {
  Checker c;
  std::vector<std::string> declined;
  for (const fs::path& p : TomlFilesUnder(ROOFLINT_BUNDLED_DATA)) {
    std::string text = ReadFile(p);
    bool took = false;
    EXPECT_EQ(CheckAgainstToml(text, &took), "") << p;
    if (!took) declined.push_back(p.string());
    ++c.checked;
  }
  EXPECT_GT(c.checked, 100);
  EXPECT_TRUE(declined.empty()) << "the fast path declines " << declined.size()
                                << " bundled records, e.g. " << declined.front();
}

TEST(TomlFastPath, AgreesWithTomlOnEveryTestFile) {
  Checker c;
  for (const fs::path& p : TomlFilesUnder(ROOFLINT_TESTS_DIR)) c.Check(ReadFile(p), p.string());
  EXPECT_GT(c.checked, 20);
  // Most test records are plain records; the hostile and syntax-error ones are declined.
  EXPECT_GT(c.accepted, c.checked / 2);
}

// A few records of every kind, mutated.
std::vector<std::string> Subjects() {
  std::vector<std::string> out;
  for (std::string_view kind : {"benchmarks", "accelerators", "models", "sources", "gotchas"}) {
    std::vector<fs::path> files = TomlFilesUnder(fs::path(ROOFLINT_BUNDLED_DATA) / kind);
    if (!files.empty()) out.push_back(ReadFile(files.front()));
  }
  // Arrays of tables, inline tables and comments.
  out.push_back(
      "# a comment\nid = \"x\" # trailing\n\"quoted key\" = 'lit'\narr = [1, -2, 3.5e3,\n  "
      "# inside\n  'a', [true, false], { k = 1, 'q' = -0.0 } , ]\n"
      "ml = \"\"\"\nline one\n  \"two\" ''\n\"\"\"\nlit = '''x\ny'''\n\n[t]\n"
      "a = { b = [ ], c = {} }\n\n[[waivers]]\ninstrument = \"near-roof\"\n"
      "reason = \"r\"\n[[waivers]]\ninstrument = \"x\" \t\nreason = \"é ü 漢\"\n");
  return out;
}

// Every position in the Release run; every third under AddressSanitizer, where these two tests
// took 40 s each.
constexpr size_t kMutationStride = kUnderAddressSanitizer ? 3 : 1;

TEST(TomlFastPath, AgreesWithTomlOnEverySingleByteDeletion) {
  Checker c;
  for (const std::string& s : Subjects()) {
    std::string text = s.substr(0, 1500);
    for (size_t i = 0; i < text.size(); i += kMutationStride) {
      std::string m = text;
      m.erase(i, 1);
      c.Check(m, "deletion at " + std::to_string(i));
    }
  }
  EXPECT_GT(c.accepted, 0);
}

TEST(TomlFastPath, AgreesWithTomlOnSwappedCharacters) {
  Checker c;
  for (const std::string& s : Subjects()) {
    std::string text = s.substr(0, 1500);
    for (size_t i = 0; i + 1 < text.size(); i += kMutationStride) {
      if (text[i] == text[i + 1]) continue;
      std::string m = text;
      std::swap(m[i], m[i + 1]);
      c.Check(m, "swap at " + std::to_string(i));
    }
  }
  EXPECT_GT(c.accepted, 0);
}

TEST(TomlFastPath, AgreesWithTomlOnInsertedConstructs) {
  // Escapes, dates, times, underscores, other number forms, duplicate keys, dotted keys,
  // control characters, CR, non-ASCII, quotes around delimiters.
  const std::vector<std::string> inserts = {"\\n",
                                            "\\\"",
                                            "\\u00e9",
                                            "\\",
                                            "1979-05-27",
                                            "07:32:00",
                                            "1979-05-27T07:32:00Z",
                                            "1_000",
                                            "+1",
                                            "0x1F",
                                            "0o17",
                                            "0b101",
                                            "inf",
                                            "nan",
                                            "-inf",
                                            "1e400",
                                            "1e-400",
                                            "00",
                                            "-0",
                                            "1.",
                                            ".5",
                                            "1e",
                                            "\r\n",
                                            "\r",
                                            "\t",
                                            "\x01",
                                            "\x7f",
                                            "\xc3\xa9",
                                            "\xed\xa0\x80",
                                            "\xff",
                                            "\xef\xbb\xbf",
                                            "\"",
                                            "'",
                                            "\"\"\"",
                                            "'''",
                                            "\"\"",
                                            "[",
                                            "]",
                                            "{",
                                            "}",
                                            ",",
                                            "=",
                                            ".",
                                            "#",
                                            "\n",
                                            "a.b = 1\n",
                                            "id = \"y\"\n",
                                            "[t]\n",
                                            "[[t]]\n",
                                            "[conditions]\n",
                                            "[[waivers]]\n",
                                            "x = 123456789012345678901\n",
                                            "x = 9223372036854775807\n",
                                            "x = 1.7976931348623157e309\n",
                                            "x = 4.9e-324\n",
                                            "x = [1,,2]\n",
                                            "x = {a=1,}\n",
                                            "x = {a=1\n}\n",
                                            "x = true\n",
                                            "x = truee\n"};
  Checker c;
  for (const std::string& s : Subjects()) {
    std::string text = s.substr(0, 800);
    // At every line start, after every '=', and inside every string's first character.
    std::vector<size_t> points = {0, text.size()};
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n' || text[i] == '=' || text[i] == '"') points.push_back(i + 1);
      if (text[i] == '=' && i + 2 < text.size()) points.push_back(i + 2);
    }
    for (size_t at : points) {
      for (const std::string& ins : inserts) {
        std::string m = text;
        m.insert(std::min(at, m.size()), ins);
        c.Check(m, "insert at " + std::to_string(at));
      }
    }
  }
  EXPECT_GT(c.accepted, 0);
}

TEST(TomlFastPath, AgreesWithTomlOnNumbersAndStrings) {
  const std::vector<std::string> values = {"0",
                                           "-1",
                                           "123456789012345678",
                                           "1234567890123456789",
                                           "0.1",
                                           "-0.0",
                                           "1e5",
                                           "1E-5",
                                           "1.5e+10",
                                           "3.14159265358979323846",
                                           "2.5e-310",
                                           "1e-320",
                                           "0e0",
                                           "0.000",
                                           "1e0400",
                                           "9007199254740993.0",
                                           "\"a\\tb\"",
                                           "\"a\tb\"",
                                           "'a\\b'",
                                           "\"\"",
                                           "''",
                                           "\"\"\"\"\"\"",
                                           "'''\n'''",
                                           "\"\"\"a\"\"\"\"",
                                           "\"\"\"a\"\"\"\"\"",
                                           "\"\"\"\na\n\"\"\"",
                                           "true",
                                           "false",
                                           "[]",
                                           "[ ]",
                                           "[[]]",
                                           "[{}]",
                                           "{}",
                                           "{ a = { b = { c = [1] } } }",
                                           "2024-02-29",
                                           "2023-02-29",
                                           "2023-12-31",
                                           "0000-01-01",
                                           "2023-12-31 # c",
                                           "2023-12-31 07:00:00",
                                           "2023-12-31T07:00:00",
                                           "\"\\u00e9\\U0001F600\"",
                                           "\"\\ud800\"",
                                           "\"a\\\"b\\\\c\\n\"",
                                           "\"\"\"a\\tb\nc\\\"\"\"\"",
                                           "\"\"\"a\\\n  b\"\"\"",
                                           "\"\\x41\"",
                                           "\"\\e\""};
  Checker c;
  for (const std::string& v : values) {
    c.Check("x = " + v + "\n", v);
    c.Check("x = " + v, v);
    c.Check("[t]\nx = " + v + " # c\n", v);
    c.Check("x = [" + v + ", " + v + "]\n", v);
  }
  EXPECT_GT(c.accepted, static_cast<int>(values.size()));
}

// One line holding a long array: each value's column used to be counted from the line's start
// (a 1 MB record with a 500,000-element array took tens of seconds). The document must still
// be the one toml++ makes, columns included.
TEST(TomlFastPath, ALongOneLineArrayParsesInLinearTime) {
  auto text = [](int n) {
    std::string t = "a = [";
    for (int i = 0; i < n; ++i) t += fmt::format("{}\"gpu-{}\"", i ? ", " : "", i);
    return t + "]\n";
  };
  EXPECT_EQ(CheckAgainstToml(text(50)), "");
  const std::string thousand = text(1000);  // the document's strings are views into it
  record_doc::Doc doc;
  ASSERT_TRUE(record_doc::ParseFast(thousand, doc));
  const record_doc::Node* a = doc.root().get("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->size(), 1000u);
  // "a = [" is 5 characters, each earlier element `"gpu-i", ` is len(i) + 8.
  uint32_t column = 6;
  for (int i = 0; i < 999; ++i) column += static_cast<uint32_t>(fmt::format("{}", i).size()) + 8;
  EXPECT_EQ(a->elements_begin()[999]->source().begin.column, column);
  // One document, parsed into again: its vectors keep their room, so that fresh pages weigh
  // nothing at either size.
  std::string t;
  record_doc::Doc d;
  double growth = testing::GrowthOverFourTimesTheInput(
      [&](int) { EXPECT_TRUE(record_doc::ParseFast(t, d)); }, 20000, [&](int n) { t = text(n); });
  EXPECT_LT(growth, testing::kLinearGrowthBound);
}

// 100,000 table headers: each header's name used to be looked for among every earlier one.
TEST(TomlFastPath, ManyTableHeadersParseInLinearTime) {
  auto text = [](int n) {
    std::string t;
    for (int i = 0; i < n; ++i) t += fmt::format("[t{}]\nx = 1\n[[a]]\n", i);
    return t;
  };
  EXPECT_EQ(CheckAgainstToml(text(30)), "");
  bool took = false;
  EXPECT_EQ(CheckAgainstToml("[t]\n[u]\n[t]\n", &took), "");
  EXPECT_FALSE(took);  // a repeated header is left to toml++
  std::string t;
  record_doc::Doc d;  // parsed into again, keeping its vectors' room
  // Eight times the headers: a hash table of headers outgrows the caches on the way, which
  // makes the per-header cost rise a little (11 to 14 where 8 is linear). From 20,000 headers
  // rather than 5,000: at 5,000 the table fits the caches at one size only, and two busy
  // neighbours on the machine pushed the growth past 20 in 2 runs of 30; from 20,000 it stayed
  // under 15 in 30.
  double growth = testing::GrowthOverTheInputTimes(
      8, [&](int) { EXPECT_TRUE(record_doc::ParseFast(t, d)); }, 20000,
      [&](int n) { t = text(n); });
  EXPECT_LT(growth, testing::kLinearGrowthBoundAtEight);
}

}  // namespace
}  // namespace rooflint
