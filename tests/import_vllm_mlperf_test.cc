// vLLM bench serve and MLPerf importers, against the real files in tests/import-samples/.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "import_test_util.h"
#include "rooflint/check.h"
#include "sanitizer.h"
#include "scaling.h"

namespace rooflint::testing {
namespace {

const char kVllm[] = "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl";

TEST(ImportVllm, ThreeRunsGiveAggregateAndLatencyRecords) {
  ImportResult r = ImportFiles({Sample("vllm", kVllm)});
  auto bs = Benchmarks(r);
  // Per run: output_throughput, and mean/median/p99 of TTFT, TPOT and ITL.
  ASSERT_EQ(bs.size(), 30u);
  std::multiset<std::string> kinds;
  for (const Benchmark* b : bs)
    kinds.insert(std::string(MetricName(b->metric)) + " " + b->statistic);
  EXPECT_EQ(kinds.count("aggregate-output mean"), 3u);
  for (const char* m : {"ttft", "tpot", "itl"}) {
    for (const char* s : {"mean", "median", "p99"}) {
      EXPECT_EQ(kinds.count(std::string(m) + " " + s), 3u) << m << " " << s;
    }
  }
  ASSERT_EQ(r.records.size(), 31u);
  EXPECT_EQ(r.records.back().kind, RecordKind::kSource);
  EXPECT_EQ(std::get<Source>(r.records.back().record).date, "2025-05-30");
  ExpectRoundTrip(r);
}

// Runs that differ only by their request rate, one a line, from the sample's first.
std::string ManyVllmRuns(int n) {
  const std::string text = Sample("vllm", kVllm).text;
  const std::string line = text.substr(0, text.find('\n') + 1);
  std::string out;
  for (int i = 0; i < n; ++i) {
    out += Replace(line, "\"request_rate\": 10.0", fmt::format("\"request_rate\": {}.5", i + 11));
  }
  return out;
}

// 3,000 runs took 20 s: each figure's findings were looked for among every finding.
TEST(ImportVllm, ManyRunsAreCheckedInLinearTime) {
  std::vector<ImportFile> files(1);
  CheckReport four = CheckFiles("vllm-serve", std::vector<ImportFile>{{"r.jsonl", ManyVllmRuns(4)}},
                                {}, Bundled(), {});
  EXPECT_EQ(four.figures.size(), 40u);  // ten figures a run
  double growth =
      GrowthOverFourTimesTheInput([&](int) { CheckFiles("vllm-serve", files, {}, Bundled(), {}); },
                                  kUnderAddressSanitizer ? 10 : 40,
                                  [&](int n) {
                                    files[0] = {"r.jsonl", ManyVllmRuns(n)};
                                  });
  EXPECT_LT(growth, kLinearGrowthBound);
}

// A run repeated line after line (a tool appending the same result, 20,000 times over) is one
// run: imported once, with one note at its first line counting the repeats.
TEST(ImportVllm, ARepeatedRunIsOneRunWithOneNote) {
  const std::string text = Sample("vllm", kVllm).text;
  const std::string first = text.substr(0, text.find('\n') + 1);
  ImportResult once = ImportFiles({{"a.jsonl", text}});
  ImportResult r = ImportFiles({{"a.jsonl", first + first + first + text}});
  EXPECT_EQ(Benchmarks(r).size(), Benchmarks(once).size());
  EXPECT_EQ(r.records.size(), once.records.size());
  std::vector<const Diagnostic*> notes;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code == "duplicate-run") notes.push_back(&d);
  }
  ASSERT_EQ(notes.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(notes[0]->where.line, 1);
  EXPECT_EQ(notes[0]->severity, Severity::kNote);
  EXPECT_EQ(notes[0]->message,
            "this run is repeated byte for byte 3 more times in the file: one run, imported once");
}

TEST(ImportVllm, CapturesMeasuredLengthsAndMarksTheRestAbsent) {
  ImportResult r = ImportFiles({Sample("vllm", kVllm)});
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 30u);
  const Benchmark& agg = *bs[0];
  EXPECT_EQ(
      FieldsOf(agg),
      (std::vector<std::string>{
          "status = verified", "metric = aggregate-output", "statistic = mean",
          "value = 2249.247363167692 tok/s", "model = llama-3.2-3b",
          "precision = absent: the file does not state the weight format (pass "
          "--precision if you know it)",
          // The user's --metadata gpu= is the file's word on its hardware: used, and
          // said to be the user's; its count is the text's (an assumption at the roofs).
          "weights = -", "hardware = 4xNVIDIA_L40S (--metadata gpu, user-asserted in the file)",
          "accelerators = nvidia-l40s", "accelerators_absent = -",
          "accelerator_count = absent: the file states no accelerator count (pass "
          "--count)"}));
  // --metadata decode_replicas=4 (llm-d): four replicas, a request on one L40S of the four.
  EXPECT_EQ(agg.conditions.replicas.integer, int64_t{4});
  EXPECT_EQ(ConditionsOf(agg),
            (std::vector<std::string>{
                "concurrency = absent: max_concurrency is null: open-loop arrivals at "
                "request_rate 10 req/s, burstiness 1 (Poisson); the achieved concurrency is not "
                "reported",
                "input_tokens = absent: the input lengths varied; input_tokens_mean is their mean, "
                "and the "
                "file states no shortest length",
                "input_tokens_mean = 999", "output_tokens = 270",
                "engine = absent: the file's backend 'vllm' is the client's request protocol; "
                "the serving engine is not recorded",
                "engine_version = absent: vLLM bench serve records no server engine or version",
                "warmup = absent: vLLM bench serve records no warmup (older versions send one "
                "connectivity-check request; --num-warmups is not written)",
                "scenario = absent: an online serving run (vLLM bench serve, request_rate 10 "
                "req/s), not an MLPerf scenario",
                "speculative = absent: the server configuration is not recorded"}));
  EXPECT_NE(agg.notes.find("output_tokens: 81050 total / 300 completed = 270.17 per request"),
            std::string::npos);
  EXPECT_NE(agg.notes.find("request_goodput (spelled 'request_goodput:' by this vLLM version)"),
            std::string::npos);
  // The burst run: request_rate "inf".
  const Benchmark* burst = nullptr;
  for (const Benchmark* b : bs) {
    if (b->metric == Metric::kAggregateOutput && b->value.text.starts_with("11481")) burst = b;
  }
  ASSERT_NE(burst, nullptr);
  EXPECT_EQ(Show(burst->conditions.concurrency),
            "absent: max_concurrency is null: open-loop arrivals at request_rate 'inf' (every "
            "request sent at t=0: a burst), burstiness 1 (Poisson); the achieved concurrency is "
            "not reported");
  EXPECT_EQ(Show(burst->conditions.output_tokens), "266");
  // Latencies stay in the unit the file states.
  const Benchmark* tpot = nullptr;
  for (const Benchmark* b : bs) {
    if (b->metric == Metric::kTpot && b->statistic == "p99" && !tpot) tpot = b;
  }
  ASSERT_NE(tpot, nullptr);
  EXPECT_EQ(tpot->value.text, "17.652194109258673 ms");
}

TEST(ImportVllm, MetadataThatDisagreesWithTheMeasurementIsReported) {
  ImportResult r = ImportFiles({Sample("vllm", kVllm)});
  std::vector<std::string> notes;
  for (const auto& d : r.diagnostics) {
    if (d.code == "metadata-disagrees") notes.push_back(d.message.str());
  }
  ASSERT_EQ(notes.size(), 6u);
  EXPECT_EQ(notes[0],
            "/input_len: input_len says 1000 but the run measured 999.00 tokens per request; "
            "the measurement is recorded (near '\"1000\", \"output_len\": \"500\", "
            "\"request_ra')");
  EXPECT_EQ(notes[1],
            "/output_len: output_len says 500 but the run measured 270.17 tokens per request; "
            "the measurement is recorded (near '\"500\", \"request_rate\": 10.0, \"burstiness')");
}

TEST(ImportVllm, FlagsAreRecordedAsUserStated) {
  ImportOptions o;
  o.hardware = "4x NVIDIA L40S";
  o.engine_version = "vllm 0.9.0";
  o.precision = "bf16";
  ImportResult r = ImportFiles({Sample("vllm", kVllm)}, o);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 30u);
  EXPECT_EQ(bs[0]->header.status, Status::kVerified);
  // The file's --metadata gpu= wins over --hardware, which names the same part (no conflict).
  EXPECT_EQ(bs[0]->hardware, "4xNVIDIA_L40S (--metadata gpu, user-asserted in the file)");
  EXPECT_EQ(bs[0]->accelerators, std::vector<std::string>{"nvidia-l40s"});
  EXPECT_EQ(Show(bs[0]->conditions.engine_version), "vllm 0.9.0 (user-stated: --engine-version)");
  auto roofs = AuditOf(r, bs[0]->header.id);
  EXPECT_EQ(Roof(roofs, "compute-roof")->verdict, Verdict::kWithin);
}

TEST(ImportVllm, ConsoleSummaryIsNotAResultFile) {
  ImportResult r = ImportFiles({Sample("vllm", "bench_serve_console_10qps.txt")}, {}, "vllm-serve");
  EXPECT_TRUE(r.records.empty());
  EXPECT_EQ(RenderAll(r.diagnostics),
            "bench_serve_console_10qps.txt: error[no-runs]: no JSON object: a vLLM result is one "
            "object per run\n"
            "  hint: import the file vLLM bench serve --save-result writes; a pasted console "
            "summary is `rooflint import serving-console`\n");
}

std::vector<ImportFile> MlperfSamples() {
  return {Sample("mlperf", "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt"),
          Sample("mlperf",
                 "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_detail.EXCERPT.txt"),
          Sample("mlperf", "v4.1_NVIDIA_systems_DGX-H100_H100-SXM-80GBx8_TRT.json")};
}

// A summary with a second, different "Tokens per second" line (two runs concatenated, a log
// appended to) is not imported from its first line unsaid: which one is this run's is unknown.
TEST(ImportMlperf, TwoDifferentTokensPerSecondLinesAreAnError) {
  std::vector<ImportFile> files = MlperfSamples();
  files[0].text = Replace(files[0].text, "Tokens per second: 24524.9\n",
                          "Tokens per second: 24524.9\nTokens per second: 99999.9\n");
  ImportResult r = ImportFiles(files);
  EXPECT_TRUE(Benchmarks(r).empty());
  EXPECT_TRUE(Contains(RenderAll(r.diagnostics),
                       ":9:20: error[inconsistent-value]: a second 'Tokens per second' line says "
                       "99999.9, where line 8 said 24524.9"))
      << RenderAll(r.diagnostics);
  // The same line twice, as LoadGen never writes it but a copy might, is one value.
  files = MlperfSamples();
  files[0].text = Replace(files[0].text, "Tokens per second: 24524.9\n",
                          "Tokens per second: 24524.9\nTokens per second: 24524.9\n");
  EXPECT_FALSE(ImportFiles(files).HasErrors());
}

TEST(ImportMlperf, OfflineResultCapturesSystemAndMarksBatchAbsent) {
  ImportResult r = ImportFiles(MlperfSamples());
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 1u);
  EXPECT_EQ(FieldsOf(*bs[0]),
            (std::vector<std::string>{
                "status = verified", "metric = aggregate-output",
                "statistic = ", "value = 24524.9 tok/s", "model = llama-2-70b",
                "precision = absent: the MLPerf logs do not state the weight format (the "
                "measurements JSON's weight_data_types does; pass --precision if you know it)",
                "weights = -", "hardware = NVIDIA H100-SXM-80GB", "accelerators = nvidia-h100-sxm5",
                "accelerators_absent = -", "accelerator_count = 8"}));
  EXPECT_EQ(ConditionsOf(*bs[0]),
            (std::vector<std::string>{
                "batch = absent: MLPerf Offline issues one query of 200640 samples; the SUT "
                "batches them as it likes and logs no batch size",
                "input_tokens = absent: dataset-defined (llama-2-70b); per-sample lengths are not "
                "in the logs",
                "output_tokens = absent: dataset-defined; the logs give only the mean: tokens/s / "
                "samples/s = 24524.9 / 84.4792 = 290.3 output tokens per sample",
                "engine = TensorRT 10.2.0, CUDA 12.4",
                "engine_version = TensorRT 10.2.0, CUDA 12.4, cuDNN 8.9.7, Driver 550.54 "
                "(other_software_stack); LoadGen 4.1 @ 2ed9555be0",
                "warmup = absent: done by the SUT outside LoadGen; not recorded in the MLPerf "
                "logs",
                "scenario = offline",
                "speculative = absent: not stated in the MLPerf logs or the system "
                "description"}));
  ASSERT_EQ(r.records.size(), 2u);
  const auto& source = std::get<Source>(r.records[1].record);
  EXPECT_EQ(source.publisher, "NVIDIA");
  EXPECT_EQ(source.date, "2024-07-21");
  EXPECT_EQ(source.source_kind, "mlperf");
  // The precision is not in these files: it is written absent, never assumed.
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  ExpectRoundTrip(r);
}

// The flags are weighed as for every format (the import driver): the systems JSON's count and
// software win over --count and --engine-version, with a warning at the systems JSON; a flag the
// stated software contains agrees.
TEST(ImportMlperf, FlagsThatContradictTheSystemAreWarnedAndTheFileWins) {
  ImportOptions o;
  o.count = 4;
  o.engine_version = "TensorRT 10.3";
  ImportResult r = ImportFiles(MlperfSamples(), o);
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  std::string all = RenderAll(r.diagnostics);
  EXPECT_TRUE(Contains(all,
                       "warning[conflicting-flag]: /accelerators_per_node: --count 4 "
                       "contradicts the file's accelerators_per_node 8 x number_of_nodes 1 "
                       "= 8; the file's is kept"))
      << all;
  EXPECT_TRUE(Contains(all, "--engine-version 'TensorRT 10.3' contradicts the files' software"))
      << all;
  const Benchmark& b = *Benchmarks(r)[0];
  EXPECT_EQ(b.accelerator_count, 8);
  EXPECT_TRUE(Contains(b.notes,
                       "Aggregate output tokens/s over the whole system (8 "
                       "accelerators); result VALID."))
      << b.notes;
  o.count = 8;
  o.engine_version = "CUDA 12.4";
  EXPECT_EQ(RenderAll(ImportFiles(MlperfSamples(), o).diagnostics), "");
}

TEST(ImportMlperf, OfflineRecordGetsOnlyTheComputeRoofAndLandsUnderIt) {
  for (const char* precision : {"", "fp8"}) {
    ImportOptions o;
    o.precision = precision;
    ImportResult r = ImportFiles(MlperfSamples(), o);
    auto bs = Benchmarks(r);
    ASSERT_EQ(bs.size(), 1u);
    auto roofs = AuditOf(r, bs[0]->header.id);
    EXPECT_EQ(Roof(roofs, "memory-roof")->verdict, Verdict::kNotComputable);
    const InstrumentResult* compute = Roof(roofs, "compute-roof");
    EXPECT_EQ(compute->verdict, Verdict::kWithin);
    EXPECT_LT(compute->percent, 100.0);
  }
}

TEST(ImportMlperf, InvalidResultIsADraftWithAFinding) {
  std::vector<ImportFile> files = MlperfSamples();
  std::string& s = files[0].text;
  s.replace(s.find("Result is : VALID"), 17, "Result is : INVALID");
  files.pop_back();
  files.pop_back();
  ImportOptions o;
  o.precision = "fp8";
  ImportResult r = ImportFiles(files, o);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 1u);
  EXPECT_EQ(bs[0]->header.status, Status::kDraft);
  EXPECT_EQ(RenderAll(r.diagnostics),
            "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt:9:13: "
            "warning[invalid-result]: the result is INVALID: it is imported with status draft\n"
            "  9 | Result is : INVALID\n"
            "    |             ^\n"
            "  hint: an INVALID run broke a LoadGen rule (duration, query count, latency bound); "
            "its figures are not a result\n");
  // Without the systems JSON the hardware is absent, with the reason.
  EXPECT_EQ(bs[0]->accelerators_absent->note,
            "no systems JSON was given (it is <division>/<submitter>/systems/<system>.json); "
            "pass --hardware or --accelerator");
}

TEST(ImportMlperf, ServerSummaryGivesTtftAndTpotRecordsInNanoseconds) {
  ImportFile f =
      Sample("mlperf", "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt");
  f.path = "closed/X/results/sys/llama2-70b-99/Server/performance/run_1/mlperf_log_summary.txt";
  f.text =
      "================================================\nMLPerf Results Summary\n"
      "================================================\nSUT name : llama2-70b-Server-SUT\n"
      "Scenario : Server\nMode     : PerformanceOnly\nCompleted samples per second    : 74.41\n"
      "Completed tokens per second: 21588.35\nResult is : VALID\n"
      "Mean First Token latency (ns)               : 963332124\n"
      "99.00 percentile first token latency (ns)   : 1760966679\n"
      "97.00 percentile first token latency (ns)   : 1623620561\n"
      "Mean Time to Output Token (ns)               : 155000000\n"
      "99.00 percentile time to output token (ns)   : 198000000\n"
      "target_qps : 75\n";
  ImportOptions o;
  o.precision = "fp8";
  o.accelerator = "nvidia-h100-sxm5";
  o.count = 8;
  ImportResult r = ImportFiles({f}, o);
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 5u);
  std::vector<std::string> got;
  for (const Benchmark* b : bs) {
    got.push_back(std::string(MetricName(b->metric)) + " " + b->statistic + " " + b->value.text);
  }
  EXPECT_EQ(got, (std::vector<std::string>{"aggregate-output  21588.35 tok/s",
                                           "tpot mean 155000000 ns", "tpot p99 198000000 ns",
                                           "ttft mean 963332124 ns", "ttft p99 1760966679 ns"}));
  EXPECT_EQ(Show(bs[0]->conditions.batch),
            "absent: MLPerf Server: Poisson arrivals at target_qps 75; the achieved concurrency "
            "is not logged");
  EXPECT_EQ(Show(bs[0]->conditions.scenario), "server");
  EXPECT_EQ(bs[0]->model, "llama-2-70b");
  EXPECT_NE(bs[0]->notes.find("Not imported: 97.00 percentile first token latency (ns)"),
            std::string::npos);
  ExpectRoundTrip(r);
}

// ----- vLLM: the peak output rate and the peak in flight (newer versions) -----

TEST(ImportVllm, PeakOutputRateIsAPeakAggregateRecordAndPeakInFlightTheConcurrency) {
  // No public result file with these keys was found; they are added to the real 10 req/s run
  // (the names and meanings are vLLM's, vllm/benchmarks/serve.py, calculate_metrics).
  ImportFile f = Sample("vllm", kVllm);
  f.text = f.text.substr(0, f.text.find('\n') + 1);
  f.text.replace(f.text.find("\"duration\""), 0,
                 "\"max_output_tokens_per_s\": 3100.0, \"max_concurrent_requests\": 44, ");
  ImportResult r = ImportFiles({f});
  EXPECT_EQ(RenderAll(r.diagnostics).find("error"), std::string::npos) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 11u);  // output_throughput, its peak, 3 x 3 latency statistics
  EXPECT_EQ(bs[0]->statistic, "mean");
  EXPECT_EQ(bs[0]->value.text, "2249.247363167692 tok/s");
  EXPECT_EQ(bs[1]->metric, Metric::kAggregateOutput);
  EXPECT_EQ(bs[1]->statistic, "peak");
  EXPECT_EQ(bs[1]->value.text, "3100 tok/s");
  EXPECT_TRUE(bs[1]->locator.ends_with(", max_output_tokens_per_s")) << bs[1]->locator;
  EXPECT_TRUE(bs[1]->notes.starts_with(
      "Peak aggregate output tokens/s: max_output_tokens_per_s, the largest count of output "
      "tokens, over all requests, that arrived within one whole second of the run"))
      << bs[1]->notes;
  // max_concurrency is null: the measured peak in flight is the concurrency.
  for (const Benchmark* b : bs) EXPECT_EQ(Show(b->conditions.concurrency), "44");
  EXPECT_NE(bs[0]->notes.find("concurrency 44 is max_concurrent_requests, the peak in flight the "
                              "client measured (no cap was set: open-loop arrivals at "
                              "request_rate 10 req/s, burstiness 1 (Poisson))."),
            std::string::npos)
      << bs[0]->notes;
  ExpectRoundTrip(r);
}

// ----- MLPerf v5.1 (LoadGen 5.1.0) -----

const char kRedHat[] = "v5.1_RedHat_XE8640_4xH100_vLLM_llama3.1-8b_Server";
const char kGb200[] = "v5.1_NVIDIA_GB200-NVL72x72_llama3.1-405b_Interactive";

std::vector<ImportFile> RedHatRun(bool summary, bool detail) {
  std::string dir = std::string(kRedHat) + "/";
  std::vector<ImportFile> files;
  if (summary) files.push_back(Sample("mlperf", dir + "performance/run_1/mlperf_log_summary.txt"));
  if (detail) files.push_back(Sample("mlperf", dir + "performance/run_1/mlperf_log_detail.txt"));
  files.push_back(Sample("mlperf", dir + "systems/XE8640_4xH100_vLLM.json"));
  return files;
}

std::vector<std::string> Summarise(const std::vector<const Benchmark*>& bs) {
  std::vector<std::string> got;
  for (const Benchmark* b : bs) {
    got.push_back(std::string(MetricName(b->metric)) + " " + b->statistic + " " + b->value.text);
  }
  return got;
}

// The RedHat run's figures, as both logs state them.
const std::vector<std::string> kRedHatFigures = {"aggregate-output  5103.99 tok/s",
                                                 "tpot mean 23113051 ns",
                                                 "tpot p50 23644164 ns",
                                                 "tpot p90 24625410 ns",
                                                 "tpot p99 25128964 ns",
                                                 "ttft mean 359333144 ns",
                                                 "ttft p50 223633259 ns",
                                                 "ttft p90 809289050 ns",
                                                 "ttft p99 1911170364 ns"};

TEST(ImportMlperf, ServerSummaryAndDetailAgreeAtTheDigitsEachPrints) {
  ImportResult r = ImportFiles(RedHatRun(true, true));
  // Samples/s is 39.56 in the summary and 39.5644 in the detail log: one figure.
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  EXPECT_EQ(Summarise(bs), kRedHatFigures);
  // The systems JSON writes its counts as strings ("1") and other_software_stack as an object.
  EXPECT_EQ(FieldsOf(*bs[0]),
            (std::vector<std::string>{
                "status = verified", "metric = aggregate-output",
                "statistic = ", "value = 5103.99 tok/s", "model = llama-3.1-8b",
                "precision = absent: the MLPerf logs do not state the weight format (the "
                "measurements JSON's weight_data_types does; pass --precision if you know it)",
                "weights = -", "hardware = NVIDIA H100-SXM-80GB", "accelerators = nvidia-h100-sxm5",
                "accelerators_absent = -", "accelerator_count = 1"}));
  EXPECT_EQ(ConditionsOf(*bs[0]),
            (std::vector<std::string>{
                "batch = absent: MLPerf Server: Poisson arrivals at target_qps 39.5; the achieved "
                "concurrency is not logged",
                "input_tokens = absent: dataset-defined (llama-3.1-8b); per-sample lengths are "
                "not in the logs",
                "output_tokens = absent: dataset-defined; the logs give only the mean: tokens/s / "
                "samples/s = 5103.99 / 39.56 = 129.0 output tokens per sample",
                "engine = vLLM 0.10.0, RHEL 9.6",
                "engine_version = cuda_driver_version 570.148.08, cuda_version 12.8, vllm 0.10.0 "
                "(other_software_stack); LoadGen 5.1.0 @ a61df8bff1",
                "warmup = absent: done by the SUT outside LoadGen; not recorded in the MLPerf "
                "logs",
                "scenario = server",
                "speculative = absent: not stated in the MLPerf logs or the system "
                "description"}));
  EXPECT_NE(bs[0]->notes.find("System status 'available'"), std::string::npos) << bs[0]->notes;
  ExpectRoundTrip(r);
}

TEST(ImportMlperf, ADetailLogAloneGivesEveryRecordTheSummaryGives) {
  // The log also holds sample_index_rng_seed 14771362308971278857 and schedule_rng_seed
  // 18209322760996052031, above 2^63 - 1: they are never parsed, so they never fail the read.
  ImportResult r = ImportFiles(RedHatRun(false, true));
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  // result_completed_tokens_per_second, never the garbage result_token_throughput (3.88811e-08).
  EXPECT_EQ(Summarise(bs), kRedHatFigures);
  EXPECT_EQ(bs[0]->locator, "mlperf_log_detail.txt, 'result_completed_tokens_per_second: 5103.99'");
  EXPECT_EQ(bs[1]->locator, "mlperf_log_detail.txt, 'result_time_to_output_token_mean'");
  EXPECT_EQ(bs[5]->locator, "mlperf_log_detail.txt, 'result_first_token_mean_latency_ns'");
  EXPECT_EQ(Show(bs[0]->conditions.output_tokens),
            "absent: dataset-defined; the logs give only the mean: tokens/s / samples/s = "
            "5103.99 / 39.5644 = 129.0 output tokens per sample");
  EXPECT_EQ(Show(bs[0]->conditions.batch),
            "absent: MLPerf Server: Poisson arrivals at target_qps 39.5; the achieved concurrency "
            "is not logged");
  EXPECT_NE(bs[0]->notes.find("Not imported: result_first_token_95.00_percentile_latency_ns"),
            std::string::npos)
      << bs[0]->notes;
  // The source's date is the detail log's test_datetime.
  const Source* source = nullptr;
  for (const auto& rec : r.records) {
    if (const auto* s = std::get_if<Source>(&rec.record)) source = s;
  }
  ASSERT_NE(source, nullptr);
  EXPECT_EQ(source->date, "2025-08-01");
  ExpectRoundTrip(r);
}

TEST(ImportMlperf, SummaryAndDetailThatReallyDisagreeAreWarnedAtTheDetailLine) {
  std::vector<ImportFile> files = RedHatRun(true, true);
  std::string& detail = files[1].text;
  detail.replace(detail.find("\"value\": 39.5644"), 16, "\"value\": 39.6644");
  ImportResult r = ImportFiles(files);
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  const Diagnostic& d = r.diagnostics[0];
  EXPECT_EQ(d.severity, Severity::kWarning);
  EXPECT_EQ(d.code, "files-disagree");
  EXPECT_EQ(d.where.path, std::string(kRedHat) + "/performance/run_1/mlperf_log_detail.txt");
  EXPECT_EQ(d.where.line, 91);
  EXPECT_EQ(d.where.column, 10);
  EXPECT_EQ(d.message,
            "the detail log's samples per second 39.6644 is not the summary's 39.56 (compared at "
            "the digits each prints); the summary's is kept");
  EXPECT_EQ(Benchmarks(r).size(), 9u);
}

TEST(ImportMlperf, AnInteractiveRunIsToldByItsFolderNotByLoadGen) {
  std::string dir = std::string(kGb200) + "/";
  ImportResult r =
      ImportFiles({Sample("mlperf", dir + "performance/run_1/mlperf_log_summary.txt"),
                   Sample("mlperf", dir + "performance/run_1/mlperf_log_detail.txt"),
                   Sample("mlperf", dir + "systems/GB200-NVL72_GB200-186GB_aarch64x72_TRT.json")});
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  EXPECT_EQ(Summarise(bs),
            (std::vector<std::string>{
                "aggregate-output  9921.02 tok/s", "tpot mean 66169012 ns", "tpot p50 66615691 ns",
                "tpot p90 71047566 ns", "tpot p99 72155218 ns", "ttft mean 1365099450 ns",
                "ttft p50 1257665976 ns", "ttft p90 2234831412 ns", "ttft p99 3413530771 ns"}));
  for (const Benchmark* b : bs) EXPECT_EQ(Show(b->conditions.scenario), "interactive");
  EXPECT_EQ(bs[0]->model, "llama-3.1-405b");
  EXPECT_EQ(bs[0]->accelerators, std::vector<std::string>{"nvidia-gb200"});
  EXPECT_EQ(bs[0]->accelerator_count, 72);  // accelerators_per_node 4 x number_of_nodes 18
  EXPECT_NE(bs[0]->notes.find("Scenario interactive: LoadGen logs the Interactive scenario as "
                              "'Server'; the results path names it ('Interactive'), and the "
                              "run's latency constraints are TTFT 4500000000 ns, TPOT 80000000 "
                              "ns."),
            std::string::npos)
      << bs[0]->notes;
  EXPECT_EQ(Show(bs[0]->conditions.batch),
            "absent: MLPerf Interactive (LoadGen scenario Server): Poisson arrivals at target_qps "
            "15.2; the achieved concurrency is not logged");
  ExpectRoundTrip(r);
}

TEST(ImportMlperf, LoadGensOtherFilesAreSkippedWithANoteNeverAnError) {
  std::string dir = std::string(kRedHat) + "/";
  std::vector<ImportFile> files = RedHatRun(true, true);
  for (const char* name :
       {"performance/run_1/mlperf_log_accuracy.json", "accuracy/accuracy.txt",
        "accuracy/mlperf_log_accuracy.json", "accuracy/mlperf_log_summary.txt"}) {
    files.push_back(Sample("mlperf", dir + name));
  }
  files.push_back({dir + "performance/run_1/mlperf_log_trace.json", ""});  // 0 bytes
  ImportResult r = ImportFiles(files, {}, "mlperf");
  EXPECT_EQ(Summarise(Benchmarks(r)), kRedHatFigures);
  std::vector<std::string> notes;
  for (const Diagnostic& d : r.diagnostics) {
    EXPECT_EQ(d.severity, Severity::kNote) << Render(d);
    notes.push_back(std::string(d.where.path.substr(dir.size())) + ": " + d.message);
  }
  EXPECT_EQ(notes,
            (std::vector<std::string>{
                "accuracy/accuracy.txt: the accuracy checker's score (accuracy.txt) holds no "
                "performance figure: not read",
                "accuracy/mlperf_log_accuracy.json: LoadGen's accuracy log holds no performance "
                "figure: not read",
                "accuracy/mlperf_log_summary.txt: a LoadGen log with no results (an accuracy "
                "run's, or a cut one): not read",
                "performance/run_1/mlperf_log_accuracy.json: LoadGen's accuracy log holds no "
                "performance figure: not read",
                "performance/run_1/mlperf_log_trace.json: LoadGen's trace holds no performance "
                "figure: not read"}));
  // The cut accuracy log (not valid JSON) is still recognised as MLPerf's by `auto`.
  EXPECT_EQ(DetectFormat(std::vector<ImportFile>{
                Sample("mlperf", dir + "accuracy/mlperf_log_accuracy.json")}),
            "mlperf");
}

TEST(ImportMlperf, APreviewSystemKeepsItsStatus) {
  // The CoreWeave systems JSON (v5.1's only "status": "preview") with a run laid out beside it
  // as a submission lays them out; the run's logs are the GB200 ones, for the reading only.
  std::string gb = std::string(kGb200) + "/performance/run_1/";
  ImportFile summary = Sample("mlperf", gb + "mlperf_log_summary.txt");
  summary.path =
      "closed/CoreWeave/results/GB300-NVL8-CoreWeave_TRT/llama3.1-405b/Server/performance/run_1/"
      "mlperf_log_summary.txt";
  ImportFile system =
      Sample("mlperf", "v5.1_CoreWeave_systems_preview/GB300-NVL8-CoreWeave_TRT.json");
  system.path = "closed/CoreWeave/systems/GB300-NVL8-CoreWeave_TRT.json";
  ImportResult r = ImportFiles({summary, system});
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 9u) << RenderAll(r.diagnostics);
  EXPECT_EQ(bs[0]->accelerator_count, 8);  // 4 per node x 2 nodes
  EXPECT_EQ(bs[0]->hardware, "NVIDIA GB300");
  EXPECT_EQ(Show(bs[0]->conditions.scenario), "server");
  EXPECT_NE(bs[0]->notes.find("System status 'preview' (the systems JSON's availability category: "
                              "a Preview system was not yet generally available when the result "
                              "was submitted)."),
            std::string::npos)
      << bs[0]->notes;
  EXPECT_EQ(Show(bs[0]->conditions.engine_version),
            "TensorRT 10.13, CUDA 13.0, cuDNN 9.10, Driver 580.29 (other_software_stack)");
}

// Every file of tests/import-samples/mlperf, as `rooflint import mlperf FOLDER` reads them.
std::vector<ImportFile> MlperfFolder() {
  std::vector<ImportFile> files = MlperfSamples();
  std::string rh = std::string(kRedHat) + "/";
  std::string gb = std::string(kGb200) + "/";
  for (const std::string& name :
       {rh + "accuracy/mlperf_log_summary.txt", rh + "performance/run_1/mlperf_log_detail.txt",
        rh + "performance/run_1/mlperf_log_summary.txt", rh + "systems/XE8640_4xH100_vLLM.json",
        gb + "performance/run_1/mlperf_log_detail.txt",
        gb + "performance/run_1/mlperf_log_summary.txt",
        gb + "systems/GB200-NVL72_GB200-186GB_aarch64x72_TRT.json",
        std::string("v5.1_CoreWeave_systems_preview/GB300-NVL8-CoreWeave_TRT.json")}) {
    files.push_back(Sample("mlperf", name));
  }
  return files;
}

TEST(ImportMlperf, TheWholeSamplesFolderImportsEachRunWithItsOwnSystem) {
  ImportResult r = ImportFiles(MlperfFolder(), {}, "mlperf");
  EXPECT_EQ(RenderAll(r.diagnostics),
            "v5.1_CoreWeave_systems_preview/GB300-NVL8-CoreWeave_TRT.json: note[not-used]: no run "
            "given lies under this description's folder: not used\n"
            "  hint: a systems JSON describes the runs of <submitter>/results/<system>/\n"
            "v5.1_RedHat_XE8640_4xH100_vLLM_llama3.1-8b_Server/accuracy/mlperf_log_summary.txt: "
            "note[not-read]: a LoadGen log with no results (an accuracy run's, or a cut one): not "
            "read\n"
            "  hint: only summaries, detail logs, systems and measurements JSON files are read\n");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 19u);  // 1 Offline + 9 Server + 9 Interactive
  std::map<std::string, std::string> hardware;
  for (const Benchmark* b : bs) hardware[b->model.str()] = b->hardware.str();
  EXPECT_EQ(hardware["llama-2-70b"], "NVIDIA H100-SXM-80GB");
  EXPECT_EQ(hardware["llama-3.1-8b"], "NVIDIA H100-SXM-80GB");
  EXPECT_EQ(hardware["llama-3.1-405b"], "NVIDIA GB200");

  // Written into a corpus with the bundled data, they sweep with no input error.
  ImportedCorpus c;
  c.Add(r);
  c.SweepWithNoError();
}

}  // namespace
}  // namespace rooflint::testing

namespace rooflint::testing {
namespace {

// Hostile systems JSON counts: the real v4.1 DGX H100 systems JSON with its
// accelerators_per_node replaced. None may become a count of 1 (a false 342% exceeds) or an
// unlocated internal error.
TEST(ImportMlperfHostile, UnreadableOrContradictoryCountsAreLocatedAndLeaveTheCountAbsent) {
  ImportFile summary =
      Sample("mlperf", "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt");
  ImportFile system = Sample("mlperf", "v4.1_NVIDIA_systems_DGX-H100_H100-SXM-80GBx8_TRT.json");
  size_t at = system.text.find("\"accelerators_per_node\": 8");
  ASSERT_NE(at, std::string::npos);
  struct Case {
    std::string value, code;
  };
  for (const Case& c : {Case{"\"8 GPUs\"", "unreadable-count"}, Case{"8.5", "unreadable-count"},
                        Case{"0", "contradictory-count"}, Case{"1e400", "out-of-range"}}) {
    ImportFile s = system;
    s.text.replace(at, std::string("\"accelerators_per_node\": 8").size(),
                   "\"accelerators_per_node\": " + c.value);
    ImportResult r = ImportFiles({summary, s}, {}, "mlperf");
    std::string all = RenderAll(r.diagnostics);
    EXPECT_NE(all.find(":10:30: "), std::string::npos) << c.value << "\n" << all;
    EXPECT_NE(all.find("[" + c.code + "]"), std::string::npos) << c.value << "\n" << all;
    EXPECT_EQ(all.find("internal"), std::string::npos) << all;
    for (const ImportedRecord& rec : r.records) {
      if (rec.kind != RecordKind::kBenchmark) continue;
      EXPECT_EQ(std::get<Benchmark>(rec.record).accelerator_count, 0) << c.value;
    }
  }
}

// Node and per-node counts no record can hold, or that are no count of nodes: the real v4.1
// DGX H100 systems JSON with accelerators_per_node (line 10) or number_of_nodes (line 37)
// replaced. A count beyond a record's 1,000,000 accelerators is refused at the number (it was
// an internal error when the record was written); a node count that is no whole number from 1
// up is said to be that, at the number, never "not stated".
TEST(ImportMlperfHostile, NodeCountsAreLocatedWithTheirTrueReason) {
  ImportFile summary =
      Sample("mlperf", "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt");
  ImportFile system = Sample("mlperf", "v4.1_NVIDIA_systems_DGX-H100_H100-SXM-80GBx8_TRT.json");
  struct Case {
    std::string per_node, nodes, where, code, says;
  };
  for (const Case& c : {
           Case{"1000000", "1000000", ":37:24: error", "out-of-range",
                "accelerators_per_node 1000000 x number_of_nodes 1000000 is 1000000000000"},
           Case{"8", "18446744073709551616", ":37:24: error", "out-of-range",
                "number_of_nodes is 1.8446744073709552e19"},
           Case{"2000000", "1", ":10:30: error", "out-of-range",
                "accelerators_per_node is 2000000"},
           Case{"8", "0", ":37:24: warning", "unreadable-count",
                "number_of_nodes '0' is not a whole number of nodes from 1 up"},
           Case{"8", "1e-320", ":37:24: warning", "unreadable-count",
                "number_of_nodes '1e-320' is not a whole number of nodes from 1 up"},
       }) {
    ImportFile s = system;
    s.text =
        Replace(s.text, "\"accelerators_per_node\": 8", "\"accelerators_per_node\": " + c.per_node);
    s.text = Replace(s.text, "\"number_of_nodes\": 1", "\"number_of_nodes\": " + c.nodes);
    ImportResult r = ImportFiles({summary, s}, {}, "mlperf");
    std::string all = RenderAll(r.diagnostics);
    SCOPED_TRACE(c.per_node + " x " + c.nodes + "\n" + all);
    EXPECT_TRUE(Contains(all, c.where + "[" + c.code + "]"));
    EXPECT_TRUE(Contains(all, c.says));
    EXPECT_FALSE(Contains(all, "internal"));
    EXPECT_FALSE(Contains(all, "but not number_of_nodes"));
    for (const Benchmark* b : Benchmarks(r)) {
      EXPECT_EQ(b->accelerator_count, 0);
      EXPECT_TRUE(Contains(b->accelerator_count_absent.str(), "is not a whole number of nodes"));
    }
    EXPECT_EQ(Benchmarks(r).empty(), c.code == "out-of-range");
  }
}

// A folder a person named ("det_offline_vs_server", holding a Server run) is no benchmark
// folder: its '_'-pieces name no model, and no draft is written for "vs"; without --model the
// run is refused as one whose model is unknown, with --model it imports. The summary is the
// real v5.1 Red Hat Server summary.
TEST(ImportMlperf, AWordOfAFolderNameIsNoModel) {
  std::string text = Sample("mlperf",
                            "v5.1_RedHat_XE8640_4xH100_vLLM_llama3.1-8b_Server/"
                            "performance/run_1/mlperf_log_summary.txt")
                         .text;
  std::vector<ImportFile> files = {{"det_offline_vs_server/mlperf_log_summary.txt", text}};
  ImportResult r = ImportFiles(files, {}, "mlperf");
  EXPECT_TRUE(Models(r).empty()) << (Models(r).empty() ? "" : Models(r)[0]->header.id.str());
  EXPECT_TRUE(Benchmarks(r).empty());
  EXPECT_TRUE(Contains(RenderAll(r.diagnostics), "error[unknown-model]"))
      << RenderAll(r.diagnostics);

  ImportResult named = ImportFiles(files, WithModel("llama-3.1-8b"), "mlperf");
  ASSERT_FALSE(Benchmarks(named).empty()) << RenderAll(named.diagnostics);
  EXPECT_EQ(Benchmarks(named)[0]->model.str(), "llama-3.1-8b");
  EXPECT_TRUE(Models(named).empty());

  // A benchmark folder above a scenario folder still names the draft.
  ImportResult draft = ImportFiles(
      {{"results/sys/det-model-x/Server/performance/run_1/mlperf_log_summary.txt", text}}, {},
      "mlperf");
  ASSERT_EQ(Models(draft).size(), 1u) << RenderAll(draft.diagnostics);
  EXPECT_EQ(Models(draft)[0]->header.id.str(), "det-model-x");
}

// A systems JSON's framework that names only the GPU toolkit ("CUDA 12.2") names no engine, and
// "N/A" is neither an engine nor a version: absent, with why. The real v4.1 DGX H100 systems JSON
// with its framework and other_software_stack replaced, beside its summary alone (no detail
// log, so no LoadGen version either).
TEST(ImportMlperf, AToolkitIsNoEngineAndNaIsNoVersion) {
  ImportFile summary =
      Sample("mlperf", "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt");
  ImportFile system = Sample("mlperf", "v4.1_NVIDIA_systems_DGX-H100_H100-SXM-80GBx8_TRT.json");
  const std::string stack = "TensorRT 10.2.0, CUDA 12.4, cuDNN 8.9.7, Driver 550.54";
  struct Case {
    std::string framework, stack, engine, version;
  };
  for (const Case& c : {
           Case{"CUDA 12.2", stack,
                "engine = absent: the systems JSON's framework 'CUDA 12.2' names the GPU "
                "toolkit the system ran (CUDA), not the inference engine",
                "engine_version = " + stack + " (other_software_stack)"},
           Case{"CUDA 12.2, cuDNN 8.9", stack,
                "engine = absent: the systems JSON's framework 'CUDA 12.2, cuDNN 8.9' names the "
                "GPU toolkits the system ran (CUDA, cuDNN), not the inference engine",
                "engine_version = " + stack + " (other_software_stack)"},
           Case{"N/A", "N/A",
                "engine = absent: the systems JSON's framework is 'N/A', which names no engine",
                "engine_version = absent: the systems JSON's other_software_stack is 'N/A', which "
                "states no version, and no detail log gives LoadGen's"},
           Case{"TensorRT 10.2.0, CUDA 12.4", stack, "engine = TensorRT 10.2.0, CUDA 12.4",
                "engine_version = " + stack + " (other_software_stack)"},
       }) {
    ImportFile s = system;
    s.text = Replace(s.text, "\"framework\": \"TensorRT 10.2.0, CUDA 12.4\"",
                     "\"framework\": \"" + c.framework + "\"");
    s.text = Replace(s.text, "\"other_software_stack\": \"" + stack + "\"",
                     "\"other_software_stack\": \"" + c.stack + "\"");
    ImportResult r = ImportFiles({summary, s}, {}, "mlperf");
    auto bs = Benchmarks(r);
    ASSERT_FALSE(bs.empty()) << RenderAll(r.diagnostics);
    std::vector<std::string> conditions = ConditionsOf(*bs[0]);
    EXPECT_NE(std::find(conditions.begin(), conditions.end(), c.engine), conditions.end())
        << c.framework << "\n"
        << ::testing::PrintToString(conditions);
    EXPECT_NE(std::find(conditions.begin(), conditions.end(), c.version), conditions.end())
        << c.stack << "\n"
        << ::testing::PrintToString(conditions);
  }
}

// A benchmark whose SUT reports no token counts (GPT-J) has LoadGen print "Tokens per second
// (inferred)": samples per second x the benchmark's token_latency_scaling_factor. The summary
// is a faithful excerpt of a GPT-J Offline mlperf_log_summary.txt quoted in a test of the
// mlperf_log_parser crate (the search tool's code index, file id 43514807757); LoadGen prints
// the line in loadgen/results.cc (infer_token_latencies).
TEST(ImportMlperf, InferredTokensPerSecondIsReadAndSaidToBeInferred) {
  const std::string summary =
      "================================================\n"
      "MLPerf Results Summary\n"
      "================================================\n"
      "SUT name : GPT-J SUT\n"
      "Scenario : Offline\n"
      "Mode     : PerformanceOnly\n"
      "Samples per second: 9.25841\n"
      "Tokens per second (inferred): 638.83\n"
      "Result is : VALID\n"
      "  Min duration satisfied : Yes\n"
      "  Min queries satisfied : Yes\n"
      "  Early stopping satisfied: Yes\n";
  ImportOptions o;
  o.hardware = "2x Intel Xeon 6980P";
  ImportResult r = ImportFiles(
      {{"results/sys/gptj-99/Offline/performance/run_1/mlperf_log_summary.txt", summary}}, o,
      "mlperf");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(bs[0]->metric, Metric::kAggregateOutput);
  EXPECT_EQ(bs[0]->value.text, "638.83 tok/s");
  EXPECT_TRUE(Contains(bs[0]->notes, "'Tokens per second (inferred)' is LoadGen's inference"))
      << bs[0]->notes;
  // 638.83 / 9.25841 = 69.0: GPT-J's scaling factor, which the output length says it is.
  EXPECT_TRUE(Contains(bs[0]->conditions.output_tokens.absent_reason(),
                       "69.0 output tokens per sample (LoadGen's scaling factor"))
      << bs[0]->conditions.output_tokens.absent_reason();
  for (const auto& d : r.diagnostics) EXPECT_NE(d.code, "no-tokens-per-second") << Render(d);
}

// A compliance run (TEST09 checks gpt-oss-120b's output lengths) sits beside the result it
// audits, under <scenario>/TEST09/, with its own summary that says PerformanceOnly and VALID:
// it is not a second result. Both summaries are real (closed/AMD/results/8xMI355X_2xEPYC_9575F/
// gpt-oss-120b/Server/ of inference_results_v6.1; see SOURCES.md).
TEST(ImportMlperf, AComplianceRunIsSkippedWithANoteNotASecondResult) {
  const std::string dir = "v6.1_AMD_8xMI355X_gpt-oss-120b_Server_compliance/";
  ImportResult r =
      ImportFiles({Sample("mlperf", dir + "performance/run_1/mlperf_log_summary.txt"),
                   Sample("mlperf", dir + "TEST09/performance/run_1/mlperf_log_summary.txt")},
                  {}, "mlperf");
  auto bs = Benchmarks(r);
  ASSERT_FALSE(bs.empty()) << RenderAll(r.diagnostics);
  std::set<std::string> sources;
  for (const Benchmark* b : bs) {
    EXPECT_EQ(b->model, "gpt-oss-120b");
    EXPECT_NE(b->value.text, "81526.26 tok/s");  // the compliance run's figure
    sources.insert(b->source.str());
  }
  EXPECT_EQ(sources.size(), 1u);
  EXPECT_EQ(bs[0]->value.text, "113240.66 tok/s");
  bool noted = false;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.where.path.find("TEST09") == std::string::npos) continue;
    EXPECT_EQ(d.severity, Severity::kNote) << Render(d);
    noted = noted || (d.code == "not-read" && Contains(d.message, "compliance run (TEST09)"));
  }
  EXPECT_TRUE(noted) << RenderAll(r.diagnostics);
}

// The v5.0 round named the interactive benchmark as a benchmark of its own, run in the Server
// folder: closed/NVIDIA/results/H200-SXM-141GBx8_TRT/llama2-70b-interactive-99/Server/
// performance/run_1/mlperf_log_detail.txt (ntuhpc/mlperf_inference_results_v5.0, a fork of
// mlcommons/inference_results_v5.0, @ cf354115915ea369f05db424b051da8c5bf957dc). A faithful
// excerpt: 14 of its lines, each verbatim and complete (the file is 174,849 bytes). It is
// Llama 2 70B (llama2-70b-99) in the interactive scenario, with TTFT 450 ms and TPOT 40 ms.
TEST(ImportMlperf, AVersion5InteractiveBenchmarkFolderIsLlama2InTheInteractiveScenario) {
  const std::string detail =
      ":::MLLOG {\"key\": \"sut_name\", \"value\": \"PySUT\", \"time_ms\": 0.016402, "
      "\"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", \"metadata\": "
      "{\"is_error\": false, \"is_warning\": false, \"file\": \"loadgen.cc\", \"line_no\": 1195, "
      "\"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"requested_scenario\", \"value\": \"Server\", \"time_ms\": 0.031074, "
      "\"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", \"metadata\": "
      "{\"is_error\": false, \"is_warning\": false, \"file\": \"test_settings_internal.cc\", "
      "\"line_no\": 272, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"requested_test_mode\", \"value\": \"PerformanceOnly\", \"time_ms\": "
      "0.031074, \"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", "
      "\"metadata\": {\"is_error\": false, \"is_warning\": false, \"file\": "
      "\"test_settings_internal.cc\", \"line_no\": 273, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"requested_server_target_qps\", \"value\": 67.2, \"time_ms\": 0.031074, "
      "\"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", \"metadata\": "
      "{\"is_error\": false, \"is_warning\": false, \"file\": \"test_settings_internal.cc\", "
      "\"line_no\": 292, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"requested_server_ttft_latency\", \"value\": 450000000, \"time_ms\": "
      "0.031074, \"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", "
      "\"metadata\": {\"is_error\": false, \"is_warning\": false, \"file\": "
      "\"test_settings_internal.cc\", \"line_no\": 346, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"requested_server_tpot_latency\", \"value\": 40000000, \"time_ms\": "
      "0.031074, \"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", "
      "\"metadata\": {\"is_error\": false, \"is_warning\": false, \"file\": "
      "\"test_settings_internal.cc\", \"line_no\": 348, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"effective_scenario\", \"value\": \"Server\", \"time_ms\": 0.031904, "
      "\"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", \"metadata\": "
      "{\"is_error\": false, \"is_warning\": false, \"file\": \"test_settings_internal.cc\", "
      "\"line_no\": 418, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"effective_test_mode\", \"value\": \"PerformanceOnly\", \"time_ms\": "
      "0.031904, \"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", "
      "\"metadata\": {\"is_error\": false, \"is_warning\": false, \"file\": "
      "\"test_settings_internal.cc\", \"line_no\": 419, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"effective_target_qps\", \"value\": 67.2, \"time_ms\": 0.031904, "
      "\"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", \"metadata\": "
      "{\"is_error\": false, \"is_warning\": false, \"file\": \"test_settings_internal.cc\", "
      "\"line_no\": 422, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"result_validity\", \"value\": \"VALID\", \"time_ms\": 1485822.624288, "
      "\"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", \"metadata\": "
      "{\"is_error\": false, \"is_warning\": false, \"file\": \"results.cc\", \"line_no\": 674, "
      "\"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"result_completed_samples_per_sec\", \"value\": 66.504, \"time_ms\": "
      "1485822.624288, \"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", "
      "\"metadata\": {\"is_error\": false, \"is_warning\": false, \"file\": \"results.cc\", "
      "\"line_no\": 763, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"result_first_token_mean_latency_ns\", \"value\": 119447699, "
      "\"time_ms\": 1485822.624288, \"namespace\": \"mlperf::logging\", \"event_type\": "
      "\"POINT_IN_TIME\", \"metadata\": {\"is_error\": false, \"is_warning\": false, \"file\": "
      "\"results.cc\", \"line_no\": 790, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"result_time_to_output_token_mean\", \"value\": 33723979, \"time_ms\": "
      "1485822.624288, \"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", "
      "\"metadata\": {\"is_error\": false, \"is_warning\": false, \"file\": \"results.cc\", "
      "\"line_no\": 814, \"pid\": 604497, \"tid\": 604497}}\n"
      ":::MLLOG {\"key\": \"result_completed_tokens_per_second\", \"value\": 19424.2, \"time_ms\": "
      "1485822.624288, \"namespace\": \"mlperf::logging\", \"event_type\": \"POINT_IN_TIME\", "
      "\"metadata\": {\"is_error\": false, \"is_warning\": false, \"file\": \"results.cc\", "
      "\"line_no\": 818, \"pid\": 604497, \"tid\": 604497}}\n";
  ImportOptions o;
  o.hardware = "8x H200-SXM-141GB";
  ImportResult r = ImportFiles(
      {{"closed/NVIDIA/results/H200-SXM-141GBx8_TRT/llama2-70b-interactive-99/Server/performance/"
        "run_1/mlperf_log_detail.txt",
        detail}},
      o, "mlperf");
  auto bs = Benchmarks(r);
  ASSERT_FALSE(bs.empty()) << RenderAll(r.diagnostics);
  EXPECT_TRUE(Models(r).empty()) << "a draft model was written";
  for (const Benchmark* b : bs) {
    EXPECT_EQ(b->model, "llama-2-70b");
    EXPECT_EQ(Show(b->conditions.scenario), "interactive");
  }
  EXPECT_EQ(bs[0]->value.text, "19424.2 tok/s");
  EXPECT_TRUE(Contains(bs[0]->notes, "TTFT 450000000 ns, TPOT 40000000 ns")) << bs[0]->notes;
}

// A run imported on its own, in a submission's layout: its systems JSON is at
// <submitter>/systems/<system>.json beside <submitter>/results/<system>/, and is read from
// there (the record says so). The GB200 files are laid out at their original paths.
TEST(ImportMlperf, TheSystemsJsonBesideTheResultsFolderIsReadAndSaidToBe) {
  const auto root =
      std::filesystem::temp_directory_path() / ("rooflint-layout-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  const std::string system = "GB200-NVL72_GB200-186GB_aarch64x72_TRT";
  const auto run =
      root / "closed/NVIDIA/results" / system / "llama3.1-405b/Interactive/performance/run_1";
  std::filesystem::create_directories(run);
  std::filesystem::create_directories(root / "closed/NVIDIA/systems");
  const std::string dir = std::string(kGb200) + "/";
  std::ofstream(run / "mlperf_log_summary.txt")
      << Sample("mlperf", dir + "performance/run_1/mlperf_log_summary.txt").text;
  std::ofstream(root / "closed/NVIDIA/systems" / (system + ".json"))
      << Sample("mlperf", dir + "systems/" + system + ".json").text;
  std::vector<Diagnostic> read;
  std::vector<std::string> paths = {(run / "mlperf_log_summary.txt").string()};
  ImportResult r = ImportFiles(ReadImportPaths(paths, read));
  auto bs = Benchmarks(r);
  ASSERT_FALSE(bs.empty()) << RenderAll(r.diagnostics);
  EXPECT_EQ(bs[0]->accelerators, std::vector<std::string>{"nvidia-gb200"});
  EXPECT_EQ(bs[0]->accelerator_count, 72);
  EXPECT_TRUE(Contains(bs[0]->notes, "not given, but read from beside the results folder"))
      << bs[0]->notes;
  std::filesystem::remove_all(root);
}

// A results folder holds files that are no tool's output (a v6.0 run folder's metadata.json):
// under auto, read from a folder, they are skipped with a note; named, they are an error.
TEST(ImportMlperf, AFolderFileOfNoFormatIsANoteNamedItIsAnError) {
  const auto root =
      std::filesystem::temp_directory_path() / ("rooflint-folder-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root);
  {
    std::ofstream(root / "mlperf_log_summary.txt")
        << Sample("mlperf", "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt")
               .text;
    std::ofstream(root / "metadata.json") << "{\"scenario\": \"Offline\"}\n";
  }
  std::vector<Diagnostic> read;
  std::vector<std::string> paths = {root.string()};
  std::vector<ImportFile> files = ReadImportPaths(paths, read);
  EXPECT_TRUE(read.empty()) << RenderAll(read);
  ASSERT_EQ(files.size(), 2u);
  ImportResult r = ImportFiles(files);
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Benchmarks(r).size(), 1u);
  bool noted = false;
  for (const auto& d : r.diagnostics) {
    noted = noted || (d.code == "not-read" && d.severity == Severity::kNote &&
                      d.where.path.ends_with("metadata.json"));
  }
  EXPECT_TRUE(noted) << RenderAll(r.diagnostics);
  // Named by the user, the same file is an error: it was meant to be read.
  for (ImportFile& f : files) f.from_folder = false;
  EXPECT_TRUE(ImportFiles(files).HasErrors());
  std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace rooflint::testing

namespace rooflint::testing {
namespace {

// A CPU-only system: Intel's 1-node-2S-GNR_128C (closed/Intel/ of inference_results_v6.1; see
// SOURCES.md), accelerators_per_node "0", accelerator_model_name "N/A", two sockets of
// "Intel(R) Xeon(R) 6980P" on one node.
const char kIntelCpu[] = "v6.1_Intel_1-node-2S-GNR_128C_llama3.1-8b_Offline/";

std::vector<ImportFile> IntelCpuRun(const std::function<void(std::string&)>& edit = {}) {
  std::vector<ImportFile> files = {
      Sample("mlperf", std::string(kIntelCpu) + "performance/run_1/mlperf_log_summary.txt"),
      Sample("mlperf", std::string(kIntelCpu) + "systems/1-node-2S-GNR_128C.json")};
  if (edit) edit(files[1].text);
  return files;
}

TEST(ImportMlperf, ACpuOnlySystemPointsAtTheCpuRecordItsHostProcessorNames) {
  ImportResult r = ImportFiles(IntelCpuRun(), {}, "mlperf");
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 1u);
  const Benchmark& b = *bs[0];
  EXPECT_EQ(b.value.text, "1916.74 tok/s");
  EXPECT_EQ(b.hardware, "2x Intel(R) Xeon(R) 6980P");
  // The corpus's Xeon 6980P record, one per socket: host_processors_per_node 2 x 1 node.
  EXPECT_EQ(b.accelerators, std::vector<std::string>{"intel-xeon-6980p"});
  EXPECT_EQ(b.accelerator_count, 2);
  EXPECT_TRUE(Contains(b.notes,
                       "accelerator_count 2 from host_processors_per_node 2 x number_of_nodes 1: "
                       "the CPU sockets of a CPU-only system."))
      << b.notes;
  EXPECT_TRUE(Contains(b.notes,
                       "CPU-only system (accelerators_per_node 0, accelerator_model_name 'N/A'): "
                       "the hardware is its host processors (2x Intel(R) Xeon(R) 6980P), whose "
                       "host_processor_model_name 'Intel(R) Xeon(R) 6980P' names the corpus CPU "
                       "record intel-xeon-6980p; each socket is one part."))
      << b.notes;
  // No stale pointer reason, and it sweeps with the bundled corpus.
  ImportedCorpus c;
  c.Add(r);
  c.SweepWithNoError();
}

TEST(ImportMlperf, ACpuOnlySystemCountsTheSocketsOfEveryNode) {
  ImportResult r =
      ImportFiles(IntelCpuRun([](std::string& s) {
                    s = Replace(s, "\"number_of_nodes\": \"1\"", "\"number_of_nodes\": \"3\"");
                  }),
                  {}, "mlperf");
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Benchmarks(r)[0]->accelerator_count, 6);  // 2 sockets x 3 nodes
  // Sockets not stated: the part is known, its count is not (never 1).
  r = ImportFiles(IntelCpuRun([](std::string& s) {
                    s = Replace(s, "\"host_processors_per_node\": \"2\"",
                                "\"host_processors_per_node\": \"\"");
                  }),
                  {}, "mlperf");
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark& b = *Benchmarks(r)[0];
  EXPECT_EQ(b.accelerators, std::vector<std::string>{"intel-xeon-6980p"});
  EXPECT_EQ(b.accelerator_count, 0);
  EXPECT_TRUE(Contains(b.accelerator_count_absent,
                       "a CPU-only system whose systems JSON states no whole number of "
                       "host_processors_per_node (''): its sockets are not known"))
      << b.accelerator_count_absent;
}

TEST(ImportMlperf, ACpuOnlySystemTheCorpusLacksStaysUnpointedWithItsReason) {
  // Another Xeon 6 part: the corpus has no record of it.
  ImportResult r = ImportFiles(
      IntelCpuRun([](std::string& s) { s = Replace(s, "Xeon(R) 6980P", "Xeon(R) 6972P"); }), {},
      "mlperf");
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark& b = *Benchmarks(r)[0];
  EXPECT_TRUE(b.accelerators.empty());
  ASSERT_TRUE(b.accelerators_absent.has_value());
  EXPECT_EQ(b.accelerators_absent->because, "no-record");
  EXPECT_EQ(b.accelerators_absent->note,
            "a CPU-only system (accelerators_per_node 0, accelerator_model_name 'N/A'): no "
            "accelerator runs it");
  EXPECT_EQ(b.accelerator_count, 0);
  EXPECT_TRUE(Contains(b.accelerator_count_absent, "a CPU-only system: it has no accelerators"));
  // A host processor that names an accelerator record is no CPU record: unpointed too.
  r = ImportFiles(
      IntelCpuRun([](std::string& s) { s = Replace(s, "Intel(R) Xeon(R) 6980P", "NVIDIA H100"); }),
      {}, "mlperf");
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_TRUE(Benchmarks(r)[0]->accelerators.empty());
}

}  // namespace
}  // namespace rooflint::testing
