// Import speed: a generated vLLM bench serve result with 100k per-request entries (per-request
// lengths, TTFTs, ITL lists and texts that the importer must skip), and a full-size MLPerf
// detail log (167 KB, mostly the sample-index dump) with its summary and systems JSON.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <random>
#include <string>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/import.h"

namespace rooflint {
namespace {

const Corpus& Bundled() {
  static const Corpus* const kCorpus = [] {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    return new Corpus(LoadCorpus(roots));
  }();
  return *kCorpus;
}

// vLLM --save-result --save-detailed, one line, with `requests` entries in each array.
std::string VllmResult(int requests) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::string s = fmt::format(
      R"({{"date": "20250530-203806", "backend": "vllm", "model_id": "meta-llama/Llama-3.2-3B-Instruct", "tokenizer_id": "meta-llama/Llama-3.2-3B-Instruct", "num_prompts": {0}, "request_rate": 10.0, "burstiness": 1.0, "max_concurrency": 64, "duration": 3603.4, "completed": {0}, "total_input_tokens": {1}, "total_output_tokens": {2}, "request_throughput": 27.75, "request_goodput": null, "output_throughput": 7496.2, "total_token_throughput": 35221.3, "mean_ttft_ms": 54.57, "median_ttft_ms": 52.99, "std_ttft_ms": 9.27, "p99_ttft_ms": 89.76, "mean_tpot_ms": 13.57, "median_tpot_ms": 13.51, "std_tpot_ms": 0.91, "p99_tpot_ms": 17.65, "mean_itl_ms": 13.50, "median_itl_ms": 12.84, "std_itl_ms": 3.83, "p99_itl_ms": 34.21)",
      requests, requests * 999, requests * 270);
  auto array = [&](const char* key, auto&& element) {
    s += fmt::format(", \"{}\": [", key);
    for (int i = 0; i < requests; ++i) {
      if (i) s += ", ";
      element(i);
    }
    s += "]";
  };
  array("input_lens", [&](int) { s += "999"; });
  array("output_lens", [&](int i) { s += fmt::format("{}", 200 + i % 140); });
  array("ttfts", [&](int) { s += fmt::format("{:.6f}", 0.04 + 0.03 * u(rng)); });
  array("itls", [&](int) {
    s += "[";
    for (int k = 0; k < 16; ++k)
      s += fmt::format("{}{:.6f}", k ? ", " : "", 0.012 + 0.004 * u(rng));
    s += "]";
  });
  array("generated_texts", [&](int i) {
    s += fmt::format("\"Response {} \\u00e9t\\u00e9: the quick brown fox \\\"jumps\\\".\"", i);
  });
  array("errors", [&](int) { s += "\"\""; });
  s += "}\n";
  return s;
}

// A detail log of the real one's size: the :::MLLOG events LoadGen writes, the sample-index
// dump being most of its bytes.
std::string MlperfDetail() {
  auto event = [](const std::string& key, const std::string& value, int line) {
    return fmt::format(
        ":::MLLOG {{\"key\": \"{}\", \"value\": {}, \"time_ms\": 0.036564, \"namespace\": "
        "\"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", \"metadata\": {{\"is_error\": "
        "false, \"is_warning\": false, \"file\": \"/work/build/inference/loadgen/loadgen.cc\", "
        "\"line_no\": {}, \"pid\": 82022, \"tid\": 82022}}}}\n",
        key, value, line);
  };
  std::string s;
  s += event("loadgen_version", "\"4.1 @ 2ed9555be0\"", 53);
  s += event("test_datetime", "\"2024-07-21T17:04:22Z\"", 1198);
  s += event("sut_name", "\"llama2-70b-Offline-SUT-LoadGen\"", 1199);
  s += event("effective_scenario", "\"Offline\"", 411);
  s += event("effective_samples_per_query", "200640", 414);
  std::string indices = "[";
  for (int i = 0; i < 24576; ++i) indices += fmt::format("{}{}", i ? ", " : "", (i * 7919) % 24576);
  indices += "]";
  s += event("loaded_qsl_set", indices, 600);
  for (int i = 0; s.size() < 167526 - 1200; ++i) s += event("generic_message", "\"ok\"", 700 + i);
  s += event("result_validity", "\"VALID\"", 655);
  s += event("result_samples_per_second", "84.4792", 748);
  s += event("result_tokens_per_second", "24524.9", 793);
  return s;
}

const char kSummary[] =
    "================================================\nMLPerf Results Summary\n"
    "================================================\nSUT name : llama2-70b-Offline-SUT-LoadGen\n"
    "Scenario : Offline\nMode     : PerformanceOnly\nSamples per second: 84.4792\n"
    "Tokens per second: 24524.9\nResult is : VALID\n"
    "samples_per_query : 200640\ntarget_qps : 76\n";
const char kSystem[] =
    R"({"accelerator_model_name": "NVIDIA H100-SXM-80GB", "accelerators_per_node": 8, "number_of_nodes": 1, "framework": "TensorRT 10.2.0, CUDA 12.4", "other_software_stack": "TensorRT 10.2.0", "submitter": "NVIDIA", "system_name": "DGX H100"})";

void BM_ImportVllm(benchmark::State& state) {
  std::vector<ImportFile> files = {{"r.json", VllmResult(static_cast<int>(state.range(0)))}};
  ImportOptions options;
  options.precision = "bf16";
  Bundled();
  for (auto _ : state) {
    ImportResult r = Import("vllm-serve", files, options, Bundled());
    if (r.HasErrors() || r.records.size() != 11) state.SkipWithError("import failed");
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * files[0].text.size()));
  state.counters["file_MB"] = static_cast<double>(files[0].text.size()) / 1e6;
}
BENCHMARK(BM_ImportVllm)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_ImportMlperf(benchmark::State& state) {
  std::vector<ImportFile> files = {
      {"results/llama2-70b-99.9/Offline/performance/run_1/mlperf_log_summary.txt", kSummary},
      {"results/llama2-70b-99.9/Offline/performance/run_1/mlperf_log_detail.txt", MlperfDetail()},
      {"systems/DGX-H100.json", kSystem}};
  size_t bytes = 0;
  for (const auto& f : files) bytes += f.text.size();
  ImportOptions options;
  options.precision = "fp8";
  Bundled();
  for (auto _ : state) {
    ImportResult r = Import("mlperf", files, options, Bundled());
    if (r.HasErrors() || r.records.size() != 2) state.SkipWithError("import failed");
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["file_MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(BM_ImportMlperf)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace rooflint

BENCHMARK_MAIN();
