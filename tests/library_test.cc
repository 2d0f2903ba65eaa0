// The library as a caller uses it: the threads option (1 starts no thread, and no count changes
// a result) and two callers at once in one process (no process-wide state between them).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../bench/synthetic_corpus.h"
#include "fixtures.h"
#include "rooflint/audit.h"
#include "rooflint/check.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"

namespace rooflint {
namespace {

namespace fs = std::filesystem;

// A synthetic corpus on disk, large enough that loading and sweeping would use several threads
// (more than 64 files a loading thread, more than 256 records a sweeping one).
class SyntheticCorpus {
 public:
  explicit SyntheticCorpus(size_t benchmarks)
      : root_(fs::temp_directory_path() / ("rooflint-library-" + std::to_string(::getpid()) + "-" +
                                           std::to_string(benchmarks))) {
    fs::remove_all(root_);
    WriteSyntheticCorpus(root_.string(), benchmarks);
  }
  ~SyntheticCorpus() { fs::remove_all(root_); }
  std::vector<std::string> roots() const { return {root_.string()}; }

 private:
  fs::path root_;
};

// The JSON and text reports of a load, sweep and report that each use at most `threads`
// threads; the threads that ran the sweep's blocks land in `seen`.
std::string Reports(const std::vector<std::string>& roots, unsigned threads,
                    std::set<std::thread::id>* seen = nullptr) {
  Corpus corpus = LoadCorpus(roots, threads);
  SweepOptions options;
  options.threads = threads;
  std::mutex m;
  options.on_block = [&](size_t, std::span<const RecordAudit>) {
    std::lock_guard<std::mutex> lock(m);
    if (seen != nullptr) seen->insert(std::this_thread::get_id());
  };
  Report report = BuildReport(corpus, Sweep(corpus, options));
  report.threads = threads;
  std::ostringstream out;
  PrintJson(report, out);
  TextOptions text;
  text.verbose = true;
  PrintText(report, text, out);
  return out.str();
}

TEST(Library, OneThreadAuditsOnTheCallersThreadAndNoCountChangesTheReports) {
  SyntheticCorpus corpus(3000);
  std::set<std::thread::id> one, two;
  const std::string alone = Reports(corpus.roots(), 1, &one);
  EXPECT_EQ(one, std::set<std::thread::id>{std::this_thread::get_id()});
  const std::string pair = Reports(corpus.roots(), 2, &two);
  EXPECT_EQ(two.size(), 2u) << "3000 records are 12 blocks: two threads each take some";
  EXPECT_EQ(alone, pair);
  EXPECT_EQ(alone, Reports(corpus.roots(), 0));
  EXPECT_EQ(alone, Reports(corpus.roots(), 7));
  EXPECT_GT(alone.size(), 1000000u);
}

// Two callers in one process, each with its own corpus, sweep and report, at the same time:
// each gets what it gets alone.
TEST(Library, TwoCallersAtOnceGetWhatEachGetsAlone) {
  SyntheticCorpus synthetic(1500);
  const std::vector<std::string> bundled = {ROOFLINT_BUNDLED_DATA};
  const std::string bundled_alone = Reports(bundled, 0);
  const std::string synthetic_alone = Reports(synthetic.roots(), 0);
  Claim claim;
  claim.model = "llama-3.1-8b";
  claim.hardware = "1x H100 SXM5";
  claim.value = "250 tok/s";
  claim.metric = "per-user-decode";
  const Corpus check_corpus = LoadCorpus(bundled);
  const std::string check_alone = CheckJson(CheckClaim(claim, check_corpus));
  for (int round = 0; round < 2; ++round) {
    std::string a, b, c;
    {
      std::jthread first([&] { a = Reports(bundled, 0); });
      std::jthread second([&] { b = Reports(synthetic.roots(), 0); });
      std::jthread third([&] { c = CheckJson(CheckClaim(claim, check_corpus)); });
    }
    EXPECT_EQ(a, bundled_alone);
    EXPECT_EQ(b, synthetic_alone);
    EXPECT_EQ(c, check_alone);
  }
  EXPECT_NE(check_alone.find("memory-roof"), std::string::npos);
}

}  // namespace
}  // namespace rooflint
