// Benchmarks of the whole-corpus sweep on synthetic corpora of 1k, 10k and 100k benchmark
// records: loading from disk (read + parse + index), the audit alone, and the full job the CLI
// runs (load, sweep, text report). Record figures in docs/PERFORMANCE.md with the command.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"
#include "synthetic_corpus.h"

namespace rooflint {
namespace {

namespace fs = std::filesystem;

// One corpus per size, generated once per process under a temporary folder.
const std::string& CorpusOf(size_t n) {
  static std::map<size_t, std::string> roots;
  auto it = roots.find(n);
  if (it != roots.end()) return it->second;
  fs::path root = fs::temp_directory_path() / fmt::format("rooflint-bench-{}-{}", getpid(), n);
  fs::remove_all(root);
  WriteSyntheticCorpus(root.string(), n);
  return roots.emplace(n, root.string()).first->second;
}

void BM_Load(benchmark::State& state) {
  std::vector<std::string> roots = {CorpusOf(static_cast<size_t>(state.range(0)))};
  for (auto _ : state) {
    Corpus c = LoadCorpus(roots);
    benchmark::DoNotOptimize(c.benchmarks.data());
    if (c.HasInvalidInput()) state.SkipWithError("the synthetic corpus has input errors");
  }
  state.counters["records/s"] = benchmark::Counter(static_cast<double>(state.range(0)),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Sweep(benchmark::State& state) {
  std::vector<std::string> roots = {CorpusOf(static_cast<size_t>(state.range(0)))};
  Corpus c = LoadCorpus(roots);
  for (auto _ : state) {
    SweepResult s = Sweep(c);
    benchmark::DoNotOptimize(s.records.data());
  }
  state.counters["records/s"] = benchmark::Counter(static_cast<double>(state.range(0)),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}

void BM_LoadSweepReport(benchmark::State& state) {
  std::vector<std::string> roots = {CorpusOf(static_cast<size_t>(state.range(0)))};
  for (auto _ : state) {
    Corpus c = LoadCorpus(roots);
    Report r = BuildReport(c, Sweep(c));
    std::ostringstream out;
    PrintText(r, TextOptions{}, out);
    benchmark::DoNotOptimize(out.str().size());
  }
  state.counters["records/s"] = benchmark::Counter(static_cast<double>(state.range(0)),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}

// One typical benchmark record parsed from memory: the cost of TOML parsing and checking
// alone, without the file system.
void BM_ParseRecord(benchmark::State& state) {
  std::string root = CorpusOf(1000);
  std::FILE* f = std::fopen((root + "/benchmarks/synthetic-000001.toml").c_str(), "rb");
  std::string text(4096, '\0');
  text.resize(std::fread(text.data(), 1, text.size(), f));
  std::fclose(f);
  for (auto _ : state) {
    ParseResult r = ParseRecord(RecordKind::kBenchmark, text, "b.toml", "synthetic-000001");
    benchmark::DoNotOptimize(r.record.index());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

BENCHMARK(BM_ParseRecord);
BENCHMARK(BM_Load)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Sweep)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_LoadSweepReport)
    ->Arg(10000)
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace rooflint

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  for (size_t n : {1000u, 10000u, 100000u}) {
    std::filesystem::remove_all(std::filesystem::temp_directory_path() /
                                fmt::format("rooflint-bench-{}-{}", getpid(), n));
  }
  return 0;
}
