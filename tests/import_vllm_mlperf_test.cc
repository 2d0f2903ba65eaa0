// vLLM bench serve and MLPerf importers, against the real files in tests/import-samples/.
#include <gtest/gtest.h>

#include <set>

#include "import_test_util.h"

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

TEST(ImportVllm, CapturesMeasuredLengthsAndMarksTheRestAbsent) {
  ImportResult r = ImportFiles({Sample("vllm", kVllm)});
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 30u);
  const Benchmark& agg = *bs[0];
  EXPECT_EQ(FieldsOf(agg),
            (std::vector<std::string>{
                "status = verified", "metric = aggregate-output", "statistic = mean",
                "value = 2249.247363167692 tok/s", "model = llama-3.2-3b",
                "precision = absent: the file does not state the weight format (pass "
                "--precision if you know it)",
                "weights = -", "hardware = not stated by the file", "accelerators = ",
                "accelerators_absent = not-stated: vLLM bench serve records no hardware "
                "(--metadata gpu=4xNVIDIA_L40S is a user assertion in the file, not used); pass "
                "--hardware or --accelerator",
                "accelerator_count = absent: the file states no accelerator count (pass "
                "--count)"}));
  EXPECT_EQ(ConditionsOf(agg),
            (std::vector<std::string>{
                "concurrency = absent: max_concurrency is null: open-loop arrivals at "
                "request_rate 10 req/s, burstiness 1 (Poisson); the achieved concurrency is not "
                "reported",
                "input_tokens = 999", "output_tokens = 270",
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
    if (d.code == "metadata-disagrees") notes.push_back(d.message);
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
  EXPECT_EQ(bs[0]->hardware, "4x NVIDIA L40S (user-stated: --hardware)");
  EXPECT_EQ(bs[0]->accelerators, std::vector<std::string>{"nvidia-l40s"});
  EXPECT_EQ(bs[0]->accelerator_count, 4);
  EXPECT_EQ(Show(bs[0]->conditions.engine_version), "vllm 0.9.0 (user-stated: --engine-version)");
  auto roofs = AuditOf(r, bs[0]->header.id);
  EXPECT_EQ(Roof(roofs, "compute-roof")->verdict, Verdict::kWithin);
}

TEST(ImportVllm, ConsoleSummaryIsNotAResultFile) {
  ImportResult r =
      ImportFiles({Sample("vllm", "bench_serve_console_10qps.txt")}, {}, "vllm-serve");
  EXPECT_TRUE(r.records.empty());
  EXPECT_EQ(RenderAll(r.diagnostics),
            "bench_serve_console_10qps.txt: error[no-runs]: no JSON object: a vLLM result is one "
            "object per run\n"
            "  hint: import the file vLLM bench serve --save-result writes; the console summary "
            "is not importable\n");
}

std::vector<ImportFile> MlperfSamples() {
  return {Sample("mlperf", "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt"),
          Sample("mlperf",
                 "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_detail.EXCERPT.txt"),
          Sample("mlperf", "v4.1_NVIDIA_systems_DGX-H100_H100-SXM-80GBx8_TRT.json")};
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

}  // namespace
}  // namespace rooflint::testing
