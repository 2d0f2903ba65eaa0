// The report model and its printers: the text table says why a roof is not computable, the
// JSON carries every roof and finding in the documented shape.
#include "rooflint/report.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "../bench/synthetic_corpus.h"
#include "fixtures.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::Absent;
using testing::BenchRecord;
using testing::PointTo;
using testing::TestCorpus;

constexpr char kReportSource[] = R"(
id = "s"
title = "t"
publisher = "p"
url = "https://example.invalid/"
date = "2026"
kind = "paper"
)";
constexpr char kPart[] = R"(
id = "gpu"
name = "Test GPU"
vendor = "Test"
form_factor = "pcie"
aliases = []
memory = "40 GB"
bandwidth = "1555 GB/s"
[peak_dense]
fp16 = "312 TFLOPS"
[sources]
memory = "s"
bandwidth = "s"
peak_dense = "s"
)";
constexpr char kModel[] = R"(
id = "m"
name = "M"
aliases = []
params_total = 6.7e9
layers = 32
kv_heads = 32
head_dim = 128
native_precision = "fp16"
source = "s"
)";

// A benchmark of model m on the one test GPU with every condition stated; a test names the
// id, metric, value and batch.
std::string OnTestGpu(BenchRecord b) {
  b.model = "m";
  b.hardware = "Test GPU";
  b.pointer = PointTo({"gpu"});
  b.source = "s";
  b.locator = "l";
  b.engine_version = "1";
  b.warmup = true;
  return b.Toml();
}

class ReportTest : public ::testing::Test {
 protected:
  Report Make() {
    corpus_.Add(RecordKind::kSource, kReportSource)
        .Add(RecordKind::kAccelerator, kPart)
        .Add(RecordKind::kModel, kModel)
        .Add(RecordKind::kBenchmark, OnTestGpu({.id = "bs1"}))
        .Add(RecordKind::kBenchmark, OnTestGpu({.id = "agg",
                                                .metric = "aggregate-output",
                                                .value = "2000 tok/s",
                                                .batch = Absent("not published")}))
        .Add(RecordKind::kBenchmark, OnTestGpu({.id = "over", .value = "150 tok/s"}));
    const Corpus& c = corpus_.Build();
    return BuildReport(c, Sweep(c));
  }
  TestCorpus corpus_;
};

TEST_F(ReportTest, TextTableShowsTheBindingRoofAndWhyOthersAreNotComputable) {
  Report r = Make();
  std::ostringstream out;
  PrintText(r, TextOptions{}, out);
  std::string text = out.str();
  EXPECT_NE(text.find("bs1   per-user-decode   1     0/7  57.6 tok/s  memory-roof    111.1   "
                      "51.9%  within"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("    memory-roof: batch unknown (absent: not published): the batch-1 roof "
                      "does not bound aggregate\n    throughput at batch > 1; only batch-free "
                      "bounds apply (compute-roof, and kv-roof's limit when\n    the input length "
                      "is stated)\n"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("mem/benchmarks/over.toml:5:1: error[exceeds-roof]: over: 150 tok/s is 135.0% "
                "of the memory roof (111.1 tok/s)\n  5 | value = \"150 tok/s\"\n    | ^\n"
                "  arithmetic: 1 x 1.555 TB/s / 14 GB = 111.1 tok/s\n  instrument: memory-roof\n"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("rooflint: 6 records, 3 benchmarks swept (0 deprecated), 0 rejected; 0 "
                      "input errors; 1 errors, 0\n  warnings, 0 notes; 0 waived, 0 in the "
                      "baseline, 0 on deprecated records\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("\033["), std::string::npos) << "no colour unless asked";
  EXPECT_EQ(text.rfind("Calibration: no calibration records in this corpus", 0), 0u) << text;
}

TEST(ReportHostile, JsonAndSarifStayWholeWhenAFileNameIsNotUtf8) {
  // Issue 12: a file name that is not UTF-8 made the JSON printer throw half-way (exit 4, half
  // a document). Invalid bytes are now replaced, and both documents parse back.
  namespace fs = std::filesystem;
  std::random_device rd;
  fs::path root = fs::temp_directory_path() / ("rooflint-utf8-" + std::to_string(rd()));
  fs::create_directories(root / "sources");
  { std::ofstream(root / "sources" / "bad\xff.toml") << "id = \"x\"\n"; }
  Corpus c = LoadCorpus(std::vector<std::string>{root.string()});
  Report r = BuildReport(c, Sweep(c));
  std::ostringstream json_out, sarif_out;
  PrintJson(r, json_out);
  PrintSarif(r, sarif_out);
  fs::remove_all(root);
  EXPECT_FALSE(c.diagnostics.empty());
  EXPECT_TRUE(nlohmann::json::accept(json_out.str()));
  EXPECT_TRUE(nlohmann::json::accept(sarif_out.str()));
  EXPECT_NE(json_out.str().find("bad\xEF\xBF\xBD.toml"), std::string::npos);  // U+FFFD
}

// A finding on the value shows the line of the file as it was read and judged: it is kept with
// the record, not read again when the report is printed (the file may have changed or gone).
TEST(ReportSourceLineTest, AFindingOnTheValueShowsTheLineAsItWasJudged) {
  namespace fs = std::filesystem;
  std::random_device rd;
  fs::path root = fs::temp_directory_path() / ("rooflint-value-line-" + std::to_string(rd()));
  for (const char* kind : {"sources", "accelerators", "models", "benchmarks"}) {
    fs::create_directories(root / kind);
  }
  { std::ofstream(root / "sources" / "s.toml") << kReportSource; }
  { std::ofstream(root / "accelerators" / "gpu.toml") << kPart; }
  { std::ofstream(root / "models" / "m.toml") << kModel; }
  const fs::path over = root / "benchmarks" / "over.toml";
  { std::ofstream(over) << OnTestGpu({.id = "over", .value = "150 tok/s"}); }
  Corpus c = LoadCorpus(std::vector<std::string>{root.string()});
  SweepResult sweep = Sweep(c);
  fs::remove(over);  // gone before the report is printed
  Report r = BuildReport(c, std::move(sweep));
  std::ostringstream out;
  PrintText(r, TextOptions{}, out);
  fs::remove_all(root);
  const std::string text = out.str();
  EXPECT_NE(text.find("over.toml:5:1: error[exceeds-roof]: over: 150 tok/s is 135.0% of the "
                      "memory roof (111.1 tok/s)\n  5 | value = \"150 tok/s\"\n    | ^\n"),
            std::string::npos)
      << text;
}

TEST_F(ReportTest, JsonCarriesEveryRoofAndFindingInTheDocumentedShape) {
  Report r = Make();
  std::ostringstream out;
  PrintJson(r, out);
  auto j = nlohmann::json::parse(out.str());
  ASSERT_EQ(j["records"].size(), 3u);
  const auto& bs1 = j["records"][0];
  EXPECT_EQ(bs1["id"], "bs1");
  EXPECT_EQ(bs1["metric"], "per-user-decode");
  EXPECT_EQ(bs1["value"]["number"], 57.6);
  EXPECT_EQ(bs1["value"]["unit"], "tok/s");
  size_t bounds = 0;  // one result per roof and floor, whether it applies or not
  for (const InstrumentInfo* i : InstrumentInfos()) bounds += ComputesBound(i->kind);
  ASSERT_EQ(bs1["roofs"].size(), bounds);
  EXPECT_EQ(bs1["roofs"][2]["verdict"], "not-applicable");
  const auto& mem = bs1["roofs"][0];
  EXPECT_EQ(mem["instrument"], "memory-roof");
  EXPECT_NEAR(mem["bound"].get<double>(), 111.07, 0.01);
  EXPECT_EQ(mem["unit"], "tok/s");
  EXPECT_NEAR(mem["percent"].get<double>(), 51.86, 0.01);
  EXPECT_EQ(mem["verdict"], "within");
  EXPECT_EQ(mem["arithmetic"], "1 x 1.555 TB/s / 14 GB = 111.1 tok/s");
  EXPECT_EQ(mem["accelerators"], nlohmann::json::array({"gpu"}));
  EXPECT_TRUE(mem.contains("reason"));
  const auto& agg_mem = j["records"][1]["roofs"][0];
  EXPECT_EQ(agg_mem["verdict"], "not-computable");
  EXPECT_TRUE(agg_mem["bound"].is_null());
  EXPECT_EQ(j["records"][1]["conditions"]["batch"]["absent"], "not published");
  ASSERT_EQ(j["findings"].size(), 1u);
  const auto& f = j["findings"][0];
  EXPECT_EQ(f["record"], "over");
  EXPECT_EQ(f["instrument"], "memory-roof");
  EXPECT_EQ(f["severity"], "error");
  EXPECT_EQ(f["code"], "exceeds-roof");
  EXPECT_EQ(f["path"], "mem/benchmarks/over.toml");
  EXPECT_EQ(f["line"], 5);
  EXPECT_EQ(j["summary"]["errors"], 1);
}

TEST_F(ReportTest, StrictFailsOnWarningsOnly) {
  Report r = Make();
  r.summary.errors = 0;
  EXPECT_EQ(ExitCodeFor(r, false), ExitCode::kClean);
  r.summary.notes = 5;  // notes inform: never a failure, strict or not
  EXPECT_EQ(ExitCodeFor(r, false), ExitCode::kClean);
  EXPECT_EQ(ExitCodeFor(r, true), ExitCode::kClean);
  r.summary.warnings = 1;
  EXPECT_EQ(ExitCodeFor(r, false), ExitCode::kClean);
  EXPECT_EQ(ExitCodeFor(r, true), ExitCode::kFindings);
  r.summary.invalid_input = 1;
  EXPECT_EQ(ExitCodeFor(r, true), ExitCode::kInvalidInput);
}

// The Markdown report goes into a pull-request comment, which GitHub refuses past 65,536
// characters: errors and warnings first, the rest collapsed, and never over 60,000.
TEST(MarkdownReport, FitsInACommentWithTheErrorsAndWarningsFirst) {
  namespace fs = std::filesystem;
  const fs::path root =
      fs::temp_directory_path() / ("rooflint-md-size-" + std::to_string(::getpid()));
  fs::remove_all(root);
  WriteSyntheticCorpus(root.string(), 2000);
  Corpus corpus = LoadCorpus(std::vector<std::string>{root.string()});
  fs::remove_all(root);
  Report report = BuildReport(corpus, Sweep(corpus));
  ASSERT_GT(report.summary.errors + report.summary.warnings, 100u);
  std::ostringstream out;
  PrintMarkdown(report, out);
  const std::string md = out.str();
  EXPECT_LE(md.size(), 60000u);
  EXPECT_NE(md.find("items left out** to keep this report under 60000 characters"),
            std::string::npos);
  const size_t action = md.find("## Errors and warnings (");
  const size_t collapsed = md.find("<details>");
  ASSERT_NE(action, std::string::npos);
  EXPECT_LT(action, md.find("## Diagnostics per code"));
  EXPECT_TRUE(collapsed == std::string::npos || action < collapsed);
  // Every <details> opened is closed, cut or not.
  size_t open = 0, close = 0;
  for (size_t at = md.find("<details>"); at != std::string::npos; at = md.find("<details>", at + 1))
    ++open;
  for (size_t at = md.find("</details>"); at != std::string::npos;
       at = md.find("</details>", at + 1))
    ++close;
  EXPECT_EQ(open, close);
}

TEST(BundledCorpus, PassesTheStrictSweep) {
  // What a corpus repository's CI runs: no error and no warning that is not waived, each
  // waiver with its reason.
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  Report report = BuildReport(corpus, Sweep(corpus));
  for (const Diagnostic* d : report.diagnostics) {
    EXPECT_TRUE(d->waived || d->severity == Severity::kNote) << Render(*d);
  }
  EXPECT_EQ(ExitCodeFor(report, true), ExitCode::kClean);
}

}  // namespace
}  // namespace rooflint
