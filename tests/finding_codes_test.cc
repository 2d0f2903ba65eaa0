// The finding-code catalogue against the code, the tests and the docs: every code has a row
// in enum order, a unique name, a test that asserts it, and a line in docs/instruments.md,
// whose table is the one `rooflint codes --markdown` prints. Likewise every instrument: its rule
// is written once, in docs/instruments.md, under a heading naming it, whose first line is the
// instrument's summary() word for word.
#include "rooflint/finding_codes.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/records.h"

namespace rooflint {
namespace {

std::string Slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(FindingCodesTest, NamesAreUniqueKebabCaseAndFindable) {
  std::set<std::string_view> names;
  for (const FindingCodeInfo& c : FindingCodes()) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_EQ(c.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz-"), std::string_view::npos)
        << c.name;
    EXPECT_EQ(FindFindingCode(c.name), c.code) << c.name;
    EXPECT_EQ(&Describe(c.code), &c);
    EXPECT_FALSE(c.doc.empty()) << c.name;
    EXPECT_FALSE(EmittersOf(c).empty()) << c.name << " is emitted by no instrument";
  }
  EXPECT_FALSE(FindFindingCode("exceeds-rooof"));
}

TEST(FindingCodesTest, EveryCodeIsAssertedByATest) {
  // A test names a code as FindingCode::kX or as its "name" in an expectation.
  std::string tests;
  for (const auto& e : std::filesystem::directory_iterator(ROOFLINT_TESTS_DIR)) {
    if (e.path().extension() == ".cc" && e.path().filename() != "finding_codes_test.cc") {
      tests += Slurp(e.path());
    }
  }
  for (const FindingCodeInfo& c : FindingCodes()) {
    std::string camel;
    bool up = true;
    for (char ch : c.name) {
      if (ch == '-') {
        up = true;
      } else {
        camel += up ? static_cast<char>(ch - 'a' + 'A') : ch;
        up = false;
      }
    }
    bool named = tests.find("FindingCode::k" + camel + ")") != std::string::npos ||
                 tests.find("FindingCode::k" + camel + ";") != std::string::npos ||
                 tests.find("FindingCode::k" + camel + " ") != std::string::npos ||
                 tests.find("code, \"" + std::string(c.name) + "\")") != std::string::npos;
    EXPECT_TRUE(named) << c.name << " is asserted by no test";
  }
}

TEST(FindingCodesTest, DocsCarryTheCatalogueTable) {
  std::string docs = Slurp(std::filesystem::path(ROOFLINT_DOCS_DIR) / "instruments.md");
  const std::string begin = "<!-- finding codes: begin -->\n", end = "<!-- finding codes: end -->";
  size_t b = docs.find(begin), e = docs.find(end);
  ASSERT_NE(b, std::string::npos);
  ASSERT_NE(e, std::string::npos);
  EXPECT_EQ(docs.substr(b + begin.size(), e - b - begin.size()), CodesMarkdown())
      << "regenerate the table with `rooflint codes --markdown`";
}

TEST(FindingCodesTest, EveryFindingHasACodeItsInstrumentDeclares) {
  // The bundled corpus and the report corpora between them emit most codes; the planted and
  // instrument tests the rest, in builds with assertions (Sweep asserts the same).
  size_t seen = 0;
  for (const auto& dirs :
       {std::vector<std::string>{ROOFLINT_BUNDLED_DATA},
        std::vector<std::string>{std::string(ROOFLINT_TESTS_DIR) + "/corpora/base",
                                 std::string(ROOFLINT_TESTS_DIR) + "/corpora/exceeds"}}) {
    Corpus corpus = LoadCorpus(dirs);
    for (const Finding& f : Sweep(corpus).findings) {
      const InstrumentInfo* i = FindInstrumentInfo(f.instrument);
      if (i == nullptr) continue;  // the waivers' own findings
      auto code = FindFindingCode(f.code);
      ASSERT_TRUE(code.has_value()) << f.code;
      EXPECT_TRUE(i->Emits(*code)) << f.instrument << " emits " << f.code << " undeclared";
      ++seen;
    }
  }
  EXPECT_GT(seen, 50u);
}

TEST(InstrumentDocsTest, DocsCarryTheInstrumentTable) {
  std::string docs = Slurp(std::filesystem::path(ROOFLINT_DOCS_DIR) / "instruments.md");
  const std::string begin = "<!-- instruments: begin -->\n", end = "<!-- instruments: end -->";
  size_t b = docs.find(begin), e = docs.find(end);
  ASSERT_NE(b, std::string::npos);
  ASSERT_NE(e, std::string::npos);
  EXPECT_EQ(docs.substr(b + begin.size(), e - b - begin.size()), InstrumentsMarkdown())
      << "regenerate the table with `rooflint instruments --markdown`";
}

TEST(InstrumentDocsTest, EveryInstrumentHasItsSectionStartingWithItsSummary) {
  std::string docs = Slurp(std::filesystem::path(ROOFLINT_DOCS_DIR) / "instruments.md");
  for (const InstrumentInfo* instrument : InstrumentInfos()) {
    std::string id(instrument->id);
    std::string line = "> **" + id + "**: " + std::string(instrument->summary) + "\n";
    size_t at = docs.find(line);
    ASSERT_NE(at, std::string::npos) << id << ": docs/instruments.md lacks the line\n" << line;
    // The line stands in the section its declaration names, whose heading names it.
    size_t heading = docs.rfind("\n## ", at);
    ASSERT_NE(heading, std::string::npos) << id;
    std::string title = docs.substr(heading + 4, docs.find('\n', heading + 1) - heading - 4);
    EXPECT_EQ(title, instrument->doc) << id;
    EXPECT_NE(title.find(id), std::string::npos) << id << " stands under '" << title << "'";
  }
}

// The record schema's names are each in one table (records.cc); docs/record-format.md lists
// the same metrics, [conditions] keys and set fields.
TEST(SchemaDocsTest, RecordFormatListsTheSchemaTables) {
  std::string docs = Slurp(std::filesystem::path(ROOFLINT_DOCS_DIR) / "record-format.md");
  // The table row whose first cell names `key` ("| `input_tokens`, `output_tokens` | ...").
  auto row = [&](std::string_view key) {
    std::istringstream lines(docs);
    for (std::string line; std::getline(lines, line);) {
      if (!line.starts_with("| `")) continue;
      std::string first = line.substr(0, line.find(" | ", 2));
      if (first.find("`" + std::string(key) + "`") != std::string::npos) return line;
    }
    return std::string();
  };
  std::string metrics = row("metric");
  ASSERT_FALSE(metrics.empty());
  for (std::string_view m : MetricNames()) {
    EXPECT_NE(metrics.find("`" + std::string(m) + "`"), std::string::npos) << m;
  }
  for (std::string_view k : ConditionKeyNames()) EXPECT_FALSE(row(k).empty()) << k;
  std::string set_differs = row("set_differs");
  std::string fields = set_differs.substr(set_differs.find("fields: "));
  std::string listed;
  for (std::string_view f : SetFieldNames()) {
    listed += (listed.empty() ? "fields: `" : ", `") + std::string(f) + "`";
  }
  EXPECT_EQ(fields, listed + " |");
}

}  // namespace
}  // namespace rooflint
