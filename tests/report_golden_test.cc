// Golden tests: every printer on one small fixed corpus, compared byte for byte with the files
// in tests/golden/. ROOFLINT_UPDATE_GOLDEN=1 rewrites them (review the diff before committing).
// The corpus is loaded by relative paths from tests/corpora/, so no path depends on the machine.
// Also: the SARIF document's required properties, and the HTML report of the bundled corpus.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "rooflint/diagnostic_codes.h"
#include "rooflint/finding_codes.h"
#include "rooflint/report.h"

namespace rooflint {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpora = ROOFLINT_TEST_CORPORA;
const fs::path kGolden = kCorpora.parent_path() / "golden";

// The report of tests/corpora/{base,clean,exceeds}, loaded from tests/corpora/ so the record
// paths are relative ("clean/benchmarks/within-roof.toml").
class GoldenTest : public ::testing::Test {
 protected:
  void SetUp() override {
    saved_ = fs::current_path();
    fs::current_path(kCorpora);
    corpus_ = LoadCorpus(std::vector<std::string>{"base", "clean", "exceeds"});
    report_ = BuildReport(corpus_, Sweep(corpus_));
  }
  void TearDown() override { fs::current_path(saved_); }

  void Check(const std::string& name, const std::string& actual) {
    fs::path path = kGolden / name;
    const char* update = std::getenv("ROOFLINT_UPDATE_GOLDEN");
    if (update != nullptr && std::string(update) == "1") {
      fs::create_directories(kGolden);
      std::ofstream(path, std::ios::binary) << actual;
      GTEST_SKIP() << "rewrote " << path;
    }
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << path << " is missing: run with ROOFLINT_UPDATE_GOLDEN=1 to write it";
    std::stringstream expected;
    expected << in.rdbuf();
    EXPECT_EQ(actual, expected.str())
        << "the " << name << " report changed; if intended, rerun with ROOFLINT_UPDATE_GOLDEN=1";
  }

  fs::path saved_;
  Corpus corpus_;
  Report report_;
};

TEST_F(GoldenTest, Text) {
  std::ostringstream out;
  PrintText(report_, TextOptions{}, out);
  Check("sweep.txt", out.str());
}

// What `rooflint sweep` prints by default: one line per error and warning, notes by code.
TEST_F(GoldenTest, TextConcise) {
  std::ostringstream out;
  PrintText(report_, TextOptions{.verbose = false}, out);
  Check("sweep-concise.txt", out.str());
  // --quiet: the errors and warnings and the summary line, nothing else.
  std::ostringstream quiet;
  PrintText(report_, TextOptions{.verbose = false, .quiet = true}, quiet);
  EXPECT_EQ(quiet.str().find("Notes ("), std::string::npos) << quiet.str();
  EXPECT_NE(quiet.str().find("error[exceeds-roof]: above-roof"), std::string::npos);
  EXPECT_NE(quiet.str().find("\nrooflint: 5 records"), std::string::npos) << quiet.str();
}

TEST_F(GoldenTest, Markdown) {
  std::ostringstream out;
  PrintMarkdown(report_, out);
  Check("sweep.md", out.str());
}

TEST_F(GoldenTest, Json) {
  std::ostringstream out;
  PrintJson(report_, out);
  // The printer streams one record per line; the golden file holds the same document indented
  // (keys in the printer's order), so that a change reads as a diff of the fields it touches.
  EXPECT_TRUE(out.str().starts_with(
      "{\n  \"schema_version\": 2,\n  \"tool\": {\"name\":\"rooflint\",\"version\":\"" +
      std::string(ToolVersion()) + "\"},\n  \"records\": [\n    {"))
      << out.str().substr(0, 200);
  Check("sweep.json", nlohmann::ordered_json::parse(out.str()).dump(2) + "\n");
}

TEST_F(GoldenTest, Sarif) {
  std::ostringstream out;
  PrintSarif(report_, out);
  Check("sweep.sarif", out.str());
}

// The properties SARIF 2.1.0 requires (sarifLog, run, tool, toolComponent, result, message,
// location), and the ones a code-scanning service needs to place a result on a line.
TEST_F(GoldenTest, SarifHasEveryRequiredProperty) {
  std::ostringstream out;
  PrintSarif(report_, out);
  auto doc = nlohmann::json::parse(out.str());
  EXPECT_EQ(doc.at("version"), "2.1.0");
  EXPECT_NE(doc.at("$schema").get<std::string>().find("sarif-schema-2.1.0.json"),
            std::string::npos);
  ASSERT_EQ(doc.at("runs").size(), 1u);
  const auto& run = doc["runs"][0];
  EXPECT_EQ(run.at("tool").at("driver").at("name"), "rooflint");
  EXPECT_EQ(run.at("tool").at("driver").at("version"), std::string(ToolVersion()));
  const auto& rules = run["tool"]["driver"].at("rules");
  std::vector<std::string> ids;
  for (const auto& rule : rules) {
    ids.push_back(rule.at("id").get<std::string>());
    EXPECT_FALSE(rule.at("help").at("text").get<std::string>().empty()) << rule.dump();
    EXPECT_FALSE(rule.at("shortDescription").at("text").get<std::string>().empty());
    const std::string level = rule.at("defaultConfiguration").at("level");
    EXPECT_TRUE(level == "error" || level == "warning" || level == "note") << rule.dump();
  }
  // A rule per code of the catalogue, so that a code can be dismissed on a code-scanning page.
  for (const FindingCodeInfo& c : FindingCodes()) {
    EXPECT_NE(std::find(ids.begin(), ids.end(), std::string(c.name)), ids.end())
        << "no rule for " << c.name;
  }
  for (const DiagnosticCodeInfo& c : DiagnosticCodes()) {
    EXPECT_NE(std::find(ids.begin(), ids.end(), std::string(c.name)), ids.end())
        << "no rule for " << c.name;
  }
  const auto& results = run.at("results");
  ASSERT_EQ(results.size(), report_.sweep.findings.size() + corpus_.diagnostics.size());
  ASSERT_FALSE(results.empty()) << "the exceeds corpus has a finding";
  std::set<std::string> identities;
  for (const auto& r : results) {
    EXPECT_FALSE(r.at("message").at("text").get<std::string>().empty()) << r.dump();
    std::string level = r.at("level");
    EXPECT_TRUE(level == "error" || level == "warning" || level == "note") << level;
    std::string rule = r.at("ruleId");
    ASSERT_TRUE(r.contains("ruleIndex")) << r.dump();
    EXPECT_EQ(ids.at(r["ruleIndex"].get<size_t>()), rule);
    EXPECT_TRUE(FindFindingCode(rule) || FindDiagnosticCode(rule)) << rule;
    const auto& loc = r.at("locations").at(0).at("physicalLocation");
    EXPECT_FALSE(loc.at("artifactLocation").at("uri").get<std::string>().empty());
    EXPECT_EQ(loc.at("artifactLocation").at("uriBaseId"), "%SRCROOT%") << r.dump();
    EXPECT_GE(loc.at("region").at("startLine").get<int>(), 1) << r.dump();
    const std::string identity = r.at("partialFingerprints").at("rooflintIdentity/v1");
    EXPECT_TRUE(identities.insert(identity).second) << "a second result with " << identity;
  }
  auto exceeds = std::find_if(results.begin(), results.end(),
                              [](const auto& r) { return r["ruleId"] == "exceeds-roof"; });
  ASSERT_NE(exceeds, results.end());
  EXPECT_EQ((*exceeds)["properties"]["instrument"], "memory-roof");
  EXPECT_EQ((*exceeds)["level"], "error");
  EXPECT_EQ((*exceeds)["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "exceeds/benchmarks/above-roof.toml");
}

TEST_F(GoldenTest, TextFitsOneHundredColumns) {
  // The bundled corpus has the longest ids and reasons; its table must fit too.
  Corpus bundled = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  Report r = BuildReport(bundled, Sweep(bundled));
  std::ostringstream out;
  PrintText(r, TextOptions{}, out);
  std::istringstream lines(out.str());
  std::string line;
  bool in_table = false;
  bool saw_full_id = false;
  while (std::getline(lines, line)) {
    if (line.rfind("Benchmarks (", 0) == 0 || line.rfind("Deprecated benchmarks", 0) == 0) {
      in_table = true;
      continue;
    }
    if (line.empty()) in_table = false;
    if (in_table) {
      EXPECT_LE(line.size(), 100u) << line;
    }
    if (line.rfind("mpt7b-a100-bs64-per-user-decode-tps", 0) == 0) saw_full_id = true;
  }
  EXPECT_TRUE(saw_full_id) << "an id that fits a line is shown whole";
}

// The HTML report of the bundled corpus: self-contained, under 2 MB, and the MPT-7B trio on
// one chart with its three points and both roofs.
TEST(HtmlReport, BundledCorpusIsSelfContainedWithTheMptTrioOnOneChart) {
  Corpus bundled = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  Report r = BuildReport(bundled, Sweep(bundled));
  std::ostringstream out;
  PrintHtml(r, out);
  std::string html = out.str();
  EXPECT_LT(html.size(), 2u * 1024 * 1024);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  // Nothing is loaded from elsewhere: no src, link or CSS url; links stay in the page.
  EXPECT_FALSE(std::regex_search(html, std::regex("src=|<link|url\\((?!#)|@import")));
  EXPECT_FALSE(std::regex_search(html, std::regex("href=\"[^#]")));
  std::smatch m;
  std::regex mpt(
      "<figure class=\"chart\" id=\"[^\"]+\" data-records=\"(\\d+)\">\\n"
      "<figcaption>mpt-7b on 1 x [^<]*a100-40gb[^<]*</figcaption>");
  ASSERT_TRUE(std::regex_search(html, m, mpt));
  EXPECT_EQ(m[1], "3");
  size_t chart = static_cast<size_t>(m.position(0));
  size_t end = html.find("</figure>", chart);
  std::string fig = html.substr(chart, end - chart);
  EXPECT_NE(fig.find("class=\"roof memory-roof\""), std::string::npos);
  EXPECT_NE(fig.find("class=\"roof compute-roof\""), std::string::npos);
  EXPECT_NE(fig.find("class=\"crossover\""), std::string::npos);
  EXPECT_NE(fig.find("n&#215;BW/W = 111.1 tok/s"), std::string::npos) << fig;
  EXPECT_NE(fig.find("class=\"point per-user\" data-record=\"mpt7b-a100-bs1-per-user-decode-tps\""),
            std::string::npos);
  EXPECT_NE(
      fig.find("class=\"point aggregate\" data-record=\"mpt7b-a100-bs64-aggregate-output-tps\""),
      std::string::npos);
  EXPECT_NE(html.find("id=\"rec-mpt7b-a100-bs64-aggregate-output-tps\""), std::string::npos);
}

// The page opens with what needs attention, then the counts per code, then the serving plane,
// the batch-space charts and the table; repeated findings (one code, one message pattern) are
// one <details>, whose summary says how many.
TEST(HtmlReport, OpensWithAttentionAndGroupsRepeatedFindings) {
  Corpus bundled = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  Report r = BuildReport(bundled, Sweep(bundled));
  std::ostringstream out;
  PrintHtml(r, out);
  std::string html = out.str();
  size_t attention = html.find("<h2 id=\"attention\">Needs attention: 0 errors, 0 warnings</h2>");
  size_t codes = html.find("<h3 id=\"codes\">Findings per code</h3>");
  size_t plane = html.find("<h2 id=\"serving-plane\"");
  size_t charts = html.find("<h2 id=\"rooflines\">");
  size_t table = html.find("<h2 id=\"records\">");
  ASSERT_NE(attention, std::string::npos);
  EXPECT_LT(attention, codes);
  EXPECT_LT(codes, plane);
  EXPECT_LT(plane, charts);
  EXPECT_LT(charts, table);
  EXPECT_NE(html.find("No errors or warnings: nothing needs action."), std::string::npos);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      html, m,
      std::regex("<details class=\"repeat severity-note\"><summary><span class=\"tag\">note</span> "
                 "<strong>relies-on-draft</strong> &#215; (\\d+): ")));
  EXPECT_GT(std::stoi(m[1]), 1);
  // The roof table: grouped by model and hardware, with those columns.
  EXPECT_NE(html.find("<tr><th>model</th><th>hardware</th><th>record</th><th>precision</th>"
                      "<th>engine</th><th>B / C</th>"),
            std::string::npos);
}

}  // namespace
}  // namespace rooflint
