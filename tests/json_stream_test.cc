// The JSON report written while the sweep runs (RecordStream, SweepOptions::on_block) must be
// PrintJson's report of the whole sweep, byte for byte: on the bundled corpus (sibling sets,
// calibration records, waivers, one block), on a corpus of many blocks audited by two threads,
// and with blocks given in any order.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../bench/synthetic_corpus.h"
#include "rooflint/report.h"

namespace rooflint {
namespace {

namespace fs = std::filesystem;

std::string WholeJson(const Corpus& corpus) {
  Report report = BuildReport(corpus, Sweep(corpus));
  std::ostringstream out;
  PrintJson(report, out);
  return out.str();
}

// The sweep command's way: the records streamed as they are audited, the sweep keeping none
// of their results; returns the report and how many blocks came.
std::string StreamedJson(const Corpus& corpus, size_t& blocks) {
  std::ostringstream out;
  std::unique_ptr<RecordStream> stream = FindReportFormat("json")->stream(out);
  SweepOptions options;
  options.keep = KeptResults::kNone;
  std::mutex mutex;
  blocks = 0;
  options.on_block = [&](size_t begin, std::span<const RecordAudit> audits) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      ++blocks;
    }
    // Every result is there when the block is given, the corpus instruments' too.
    for (const RecordAudit& a : audits) {
      EXPECT_EQ(a.benchmark, &corpus.benchmarks[begin + static_cast<size_t>(&a - audits.data())]);
      EXPECT_NE(a.Find(ids::kSiblingSet), nullptr) << a.benchmark->header.id;
      EXPECT_NE(a.Find(ids::kStatus), nullptr) << a.benchmark->header.id;
    }
    stream->Records(begin, audits);
  };
  SweepResult sweep = Sweep(corpus, options);
  // The records keep nothing of their audits: the stream had them.
  for (const RecordAudit& a : sweep.records) {
    EXPECT_TRUE(a.roofs.empty() && a.checks.empty()) << a.benchmark->header.id;
  }
  stream->Finish(BuildReport(corpus, std::move(sweep)));
  return out.str();
}

std::string FirstJsonDifference(const std::string& a, const std::string& b) {
  size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  size_t from = at < 200 ? 0 : at - 200;
  return "whole: ..." + a.substr(from, 400) + "\nstreamed: ..." + b.substr(from, 400);
}

TEST(JsonStream, IsTheWholeReportOnTheBundledCorpus) {
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  size_t blocks = 0;
  const std::string whole = WholeJson(corpus), streamed = StreamedJson(corpus, blocks);
  EXPECT_GE(blocks, 1u);
  EXPECT_TRUE(whole == streamed) << FirstJsonDifference(whole, streamed);
  // The bundled corpus has sibling sets whose check is in the records' JSON.
  EXPECT_NE(streamed.find("\"instrument\":\"sibling-set\",\"percent\":null,\"reason\":\"set '"),
            std::string::npos);
}

TEST(JsonStream, IsTheWholeReportOnManyBlocksFromTwoThreads) {
  fs::path root = fs::temp_directory_path() / ("rooflint-json-stream-" + std::to_string(getpid()));
  fs::remove_all(root);
  WriteSyntheticCorpus(root.string(), 3000);
  // The bundled corpus beside it brings sibling sets, calibration records and waivers.
  Corpus corpus = LoadCorpus(std::vector<std::string>{root.string(), ROOFLINT_BUNDLED_DATA});
  fs::remove_all(root);
  ASSERT_GT(corpus.benchmarks.size(), 3000u);
  size_t blocks = 0;
  const std::string whole = WholeJson(corpus), streamed = StreamedJson(corpus, blocks);
  EXPECT_GE(blocks, 12u);  // 256 records a block
  EXPECT_TRUE(whole == streamed) << FirstJsonDifference(whole, streamed);
}

TEST(JsonStream, WritesBlocksInCorpusOrderWhateverOrderTheyCome) {
  fs::path root =
      fs::temp_directory_path() / ("rooflint-json-stream-order-" + std::to_string(getpid()));
  fs::remove_all(root);
  WriteSyntheticCorpus(root.string(), 700);
  Corpus corpus = LoadCorpus(std::vector<std::string>{root.string()});
  fs::remove_all(root);
  SweepResult sweep = Sweep(corpus);
  // Blocks of 1 to 90 records, given shuffled.
  std::vector<std::pair<size_t, size_t>> blocks;
  std::mt19937 random(7);
  for (size_t begin = 0; begin < sweep.records.size();) {
    size_t size = std::min<size_t>(1 + random() % 90, sweep.records.size() - begin);
    blocks.emplace_back(begin, size);
    begin += size;
  }
  std::shuffle(blocks.begin(), blocks.end(), random);
  ASSERT_GT(blocks.size(), 10u);
  std::ostringstream out;
  std::unique_ptr<RecordStream> stream = StreamJson(out);
  for (const auto& [begin, size] : blocks) {
    stream->Records(begin, std::span<const RecordAudit>(sweep.records).subspan(begin, size));
  }
  Report report = BuildReport(corpus, std::move(sweep));
  stream->Finish(report);
  std::ostringstream whole;
  PrintJson(report, whole);
  EXPECT_TRUE(whole.str() == out.str()) << FirstJsonDifference(whole.str(), out.str());
}

TEST(JsonStream, AnEmptyCorpusIsTheWholeReport) {
  Corpus corpus;
  size_t blocks = 0;
  const std::string whole = WholeJson(corpus), streamed = StreamedJson(corpus, blocks);
  EXPECT_EQ(blocks, 0u);
  EXPECT_EQ(whole, streamed);
  EXPECT_NE(streamed.find("\"records\": [],"), std::string::npos);
}

}  // namespace
}  // namespace rooflint
