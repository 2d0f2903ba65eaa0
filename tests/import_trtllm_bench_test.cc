// trtllm-bench importer, against the real console logs and report excerpts in
// tests/import-samples/trtllm-bench/ (SOURCES.md says where each came from). Every expected
// figure below was read off the sample by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "import_test_util.h"

namespace rooflint::testing {
namespace {

const char kTrtllmTool[] = "trtllm-bench";
const char k128[] =
    "shaamil101_v0.16.0_llama3.1-70b-fp8_tp8_isl128_osl128_n30000_throughput_stdout.txt";
const char k8192[] =
    "shaamil101_v0.16.0_llama3.1-70b-fp8_tp8_isl8192_osl1024_n400_throughput_stdout.txt";
const char kBlog[] = "nvidia-blog_v0.21.0rc0_llama3.1-8b_pytorch_streaming_c-unstated.EXCERPT.txt";
const char kDocs[] = "trtllm-docs_perf-benchmarking_multimodal_qwen2-vl-2b_pytorch.EXCERPT.txt";
const char kNegative[] = "NEGATIVE_shaamil101_v0.16.0_isl16384_osl16384_n50_no_report.txt";

// "metric statistic" -> value text, for every benchmark of an import.
std::map<std::string, std::string> Values(const ImportResult& r) {
  std::map<std::string, std::string> out;
  for (const Benchmark* b : Benchmarks(r)) {
    std::string key = std::string(MetricName(b->metric)) + " " + b->statistic;
    EXPECT_EQ(out.count(key), 0u) << key;
    out[key] = b->value.text;
  }
  return out;
}

TEST(ImportTrtllmBench, DetectsEveryReportAndTheFailedRunFromContent) {
  for (const char* f : {k128, k8192, kBlog, kDocs, kNegative}) {
    ImportFile file = Sample(kTrtllmTool, f);
    file.path = "no-extension";
    EXPECT_EQ(DetectFormat(std::vector<ImportFile>{file}), "trtllm-bench") << f;
  }
}

TEST(ImportTrtllmBench, V016ThroughputLogIsOutputTokensOverTotalLatency) {
  ImportResult r = ImportFiles({Sample(kTrtllmTool, k128)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  // 0.16 prints 'Token Throughput' (30000 x 128 / 266.8557 s) and 'Request Throughput', and,
  // without --streaming, no latency figure.
  EXPECT_EQ(Values(r),
            (std::map<std::string, std::string>{{"aggregate-output mean", "14389.7989 tok/s"},
                                                {"requests mean", "112.4203 req/s"}}));
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  const Benchmark& agg = *bs[0];
  EXPECT_EQ(FieldsOf(agg),
            (std::vector<std::string>{
                "status = verified", "metric = aggregate-output", "statistic = mean",
                "value = 14389.7989 tok/s", "model = llama-3.1-70b", "precision = fp8",
                "weights = -", "hardware = not stated by the file", "accelerators = ",
                "accelerators_absent = not-stated: this trtllm-bench report prints no GPU name "
                "(newer versions print a MACHINE DETAILS section); pass --hardware or "
                "--accelerator",
                "accelerator_count = 8"}));
  EXPECT_EQ(agg.kv_precision, "fp8");
  EXPECT_EQ(ConditionsOf(agg),
            (std::vector<std::string>{
                "concurrency = absent: the report states no client concurrency; Max Runtime "
                "Batch Size 2048 is the engine's cap on sequences per step (a limit, not the "
                "batch that ran); Issue Rate 2.9766E+13 req/s (every request issued at once)",
                // v0.16 prints only the average: no length is known that every request had.
                "input_tokens = absent: the report prints only the Average Input Length (no "
                "DATASET DETAILS table with the shortest input), so no length is known that "
                "every request had",
                "input_tokens_mean = 128", "output_tokens = 128", "engine = TensorRT-LLM",
                "engine_version = 0.16.0",
                "warmup = absent: trtllm-bench does not print its --warmup setting in the report",
                "scenario = absent: a trtllm-bench throughput run (in-process, no server), not "
                "an MLPerf scenario; Issue Rate 2.9766E+13 req/s",
                "speculative = absent: the report prints no speculative-decoding section; "
                "versions before its DECODING STATISTICS section print none either, so this is "
                "not a 'false'",
                // The engine log: window (25000) * 80 layers, maxSequenceLen 25000.
                "attention_window = false"}));
  EXPECT_EQ(agg.locator, "line 426: 'Token Throughput (tokens/sec)' (PERFORMANCE OVERVIEW)");
  for (const char* part :
       {"accelerator_count 8 from TP Size 8 x PP Size 1.", "Precision fp8: Quantization FP8.",
        "kv_precision fp8: KV Cache Dtype FP8.", "Max Runtime Tokens 8192 (a cap).",
        "Run: 30000 requests, Total Latency 266855.7100 ms, Scheduling Policy Guaranteed No "
        "Evict, KV Memory Percentage 90.00%, Max Sequence Length 25000.",
        "attention_window false: the engine's attention window, 25000 tokens in every layer "
        "(line 70: 'mMaxAttentionWindowSize: (25000) * 80'), is no shorter than the longest "
        "sequence it admits, 25000 tokens (line 68: 'maxSequenceLen 25000'), so it cut no "
        "sequence's context."}) {
    EXPECT_NE(agg.notes.find(part), std::string::npos) << part << "\n" << agg.notes;
  }
  // The source is dated by the logger's timestamp (month/day/year) before the report.
  ASSERT_EQ(r.records.back().kind, RecordKind::kSource);
  EXPECT_EQ(std::get<Source>(r.records.back().record).date, "2025-07-11");
  ExpectRoundTrip(r);
}

TEST(ImportTrtllmBench, V016LongContextRun) {
  ImportResult r = ImportFiles({Sample(kTrtllmTool, k8192)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Values(r),
            (std::map<std::string, std::string>{{"aggregate-output mean", "2379.9472 tok/s"},
                                                {"requests mean", "2.3242 req/s"}}));
  const Benchmark& agg = *Benchmarks(r)[0];
  EXPECT_EQ(Show(agg.conditions.input_tokens_mean), "8192");
  EXPECT_TRUE(Show(agg.conditions.input_tokens).starts_with("absent: the report prints only"));
  EXPECT_EQ(Show(agg.conditions.output_tokens), "1024");
  EXPECT_EQ(Show(agg.conditions.concurrency),
            "absent: the report states no client concurrency; Max Runtime Batch Size 2048 is the "
            "engine's cap on sequences per step (a limit, not the batch that ran); Issue Rate "
            "3.7453E+14 req/s (every request issued at once)");
  EXPECT_EQ(agg.accelerator_count, 8);
  EXPECT_NE(agg.notes.find("Total Latency 172104.6606 ms"), std::string::npos) << agg.notes;
  // The two runs are different reports: different ids and sets.
  ImportResult other = ImportFiles({Sample(kTrtllmTool, k128)});
  EXPECT_NE(agg.header.id, Benchmarks(other)[0]->header.id);
  EXPECT_NE(agg.set, Benchmarks(other)[0]->set);
}

TEST(ImportTrtllmBench, StreamingReportGivesPerUserAndLatencyRecords) {
  ImportResult r = ImportFiles({Sample(kTrtllmTool, kBlog)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Values(r),
            (std::map<std::string, std::string>{{"aggregate-output mean", "11076.7700 tok/s"},
                                                {"aggregate-total mean", "22153.5399 tok/s"},
                                                {"requests mean", "86.5373 req/s"},
                                                {"per-user-decode mean", "137.1475 tok/s"},
                                                {"per-user-decode p50", "131.4444 tok/s"},
                                                {"per-user-decode p90", "150.4112 tok/s"},
                                                {"per-user-decode p99", "150.4894 tok/s"},
                                                {"e2e-latency mean", "1093.2284 ms"},
                                                {"e2e-latency p50", "1091.7905 ms"},
                                                {"e2e-latency p90", "1130.7200 ms"},
                                                {"e2e-latency p99", "1137.6817 ms"},
                                                {"ttft mean", "162.6706 ms"},
                                                {"ttft p50", "159.7857 ms"},
                                                {"ttft p90", "220.0530 ms"},
                                                {"ttft p99", "232.4339 ms"},
                                                {"tpot mean", "7.3272 ms"},
                                                {"tpot p50", "7.6079 ms"},
                                                {"tpot p90", "8.1246 ms"},
                                                {"tpot p99", "8.1306 ms"}}));
  const Benchmark* speed = nullptr;
  for (const Benchmark* b : Benchmarks(r)) {
    if (b->metric == Metric::kPerUserDecode && b->statistic == "mean") speed = b;
  }
  ASSERT_NE(speed, nullptr);
  EXPECT_EQ(FieldsOf(*speed),
            (std::vector<std::string>{
                "status = verified", "metric = per-user-decode", "statistic = mean",
                "value = 137.1475 tok/s", "model = llama-3.1-8b", "precision = bf16", "weights = -",
                "hardware = not stated by the file", "accelerators = ",
                "accelerators_absent = not-stated: this trtllm-bench report prints no GPU name "
                "(newer versions print a MACHINE DETAILS section); pass --hardware or "
                "--accelerator",
                "accelerator_count = 1"}));
  // KV Cache Dtype None: not quantized, element format not printed.
  EXPECT_EQ(speed->kv_precision, "");
  // The dataset table's MIN and MAX inputs are both 128: a length every request had.
  EXPECT_EQ(Show(speed->conditions.input_tokens), "128");
  EXPECT_EQ(Show(speed->conditions.input_tokens_mean), "missing");
  EXPECT_NE(speed->notes.find("every request had 128 input tokens (DATASET DETAILS: MIN = MAX)"),
            std::string::npos)
      << speed->notes;
  EXPECT_EQ(ConditionsOf(*speed)[0],
            "concurrency = absent: the report states no client concurrency; Max Runtime Batch "
            "Size 3840 is the engine's cap on sequences per step (a limit, not the batch that "
            "ran); a mean of 94.6050 requests in flight (a mean, neither a cap nor a peak), Issue "
            "Rate 1.0526E+15 req/s (every request issued at once)");
  // Per-user figures stand in the run's set: no batch is stated, so the sibling-set check does
  // not test aggregate = per-user x B.
  EXPECT_EQ(speed->set, Benchmarks(r)[0]->set);
  EXPECT_EQ(Show(speed->conditions.engine_version), "0.21.0rc0");
  EXPECT_EQ(Show(speed->conditions.scenario),
            "absent: a trtllm-bench run (in-process, no server), not an MLPerf scenario; Issue "
            "Rate 1.0526E+15 req/s");
  for (const char* part :
       {"Precision bf16: Quantization None and Dtype bfloat16: unquantized weights are held in "
        "the model dtype.",
        "Backend: PYTORCH BACKEND.",
        "Per GPU Output Throughput 11076.7700 = 11076.7700 / 1 GPUs (checked).",
        "Per User Output Throughput 117.1544 tok/s is not imported: it includes the time to "
        "the first token; Per User Output Speed is the decode figure."}) {
    EXPECT_NE(speed->notes.find(part), std::string::npos) << part << "\n" << speed->notes;
  }
  // The excerpt holds no logger timestamp: the source date is the import date.
  EXPECT_NE(std::get<Source>(r.records.back().record).notes.find("the file states none"),
            std::string::npos);
  ExpectRoundTrip(r);
}

// The blog's dataset table with its MIN row mangled: the Average Input Length is then a mean
// only, and input_tokens absent with the table named as the reason.
// The engine's attention window as the executor logs it before the report. The real log
// states a window equal to the longest sequence (false above); each edit below changes every
// rank's line of the 0.16 log to another form TensorRT-LLM prints (the repeated form of
// trtGptModelInflightBatching.cpp, and the older single number).
TEST(ImportTrtllmBench, TheEngineAttentionWindowIsWrittenAsTheLogStatesIt) {
  auto with_window = [](std::string_view window) {
    ImportFile f = Sample(kTrtllmTool, k128);
    const std::string from = "mMaxAttentionWindowSize: (25000) * 80";
    const std::string to = std::string("mMaxAttentionWindowSize: ") + std::string(window);
    size_t n = 0;
    // Search on after the replacement: a replacement that contains `from` is not met again.
    for (size_t at = f.text.find(from); at != std::string::npos;
         at = f.text.find(from, at + to.size())) {
      f.text.replace(at, from.size(), to);
      ++n;
    }
    EXPECT_EQ(n, 8u);  // one line per rank of TP 8
    ImportResult r = ImportFiles({f});
    EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
    return r;
  };
  // A window below maxSequenceLen 25000: the engine kept at most 4096 tokens.
  ImportResult r = with_window("(4096) * 80");
  for (const Benchmark* b : Benchmarks(r)) {
    EXPECT_EQ(Show(b->conditions.attention_window), "4096");
    EXPECT_NE(b->notes.find("attention_window 4096: the engine kept at most 4096 tokens of a "
                            "sequence's context in each layer's KV cache (line 70: "
                            "'mMaxAttentionWindowSize: (4096) * 80'; the longest sequence it "
                            "admits is 25000 tokens, line 68: 'maxSequenceLen 25000')."),
              std::string::npos)
        << b->notes;
  }
  // The older form, one number.
  r = with_window("4096");
  EXPECT_EQ(Show(Benchmarks(r)[0]->conditions.attention_window), "4096");
  // Windows that differ by layer, some below the longest sequence: no one window states them.
  r = with_window("(512, 512, 512, 25000) * 20");
  EXPECT_EQ(Show(Benchmarks(r)[0]->conditions.attention_window),
            "absent: the engine's attention windows differ by layer, 512 to 25000 tokens (line "
            "70: 'mMaxAttentionWindowSize: (512, 512, 512, 25000) * 20'), some below the longest "
            "sequence it admits, 25000 tokens: one window cannot state them");
  // Windows that differ but all reach the longest sequence cut nothing.
  r = with_window("(25000, 32768) * 40");
  EXPECT_EQ(Show(Benchmarks(r)[0]->conditions.attention_window), "false");
  EXPECT_NE(Benchmarks(r)[0]->notes.find("the engine's attention window, at least 25000 tokens"),
            std::string::npos);
  // A line that does not read as windows states nothing.
  r = with_window("(25000) * x");
  EXPECT_EQ(Show(Benchmarks(r)[0]->conditions.attention_window),
            "absent: the engine's attention window line 70 ('(25000) * x') does not read as the "
            "windows TensorRT-LLM logs");
  // A long line is quoted by its first 40 characters, a control character as '?'.
  r = with_window("(4096) * 80 \x1b[31m" + std::string(5000, 'x'));
  EXPECT_EQ(Show(Benchmarks(r)[0]->conditions.attention_window),
            "absent: the engine's attention window line 70 ('(4096) * 80 ?[31mxxxxxxxxxxxxxxxxxxxx"
            "xxx') does not read as the windows TensorRT-LLM logs");
  // A line that starts as a readable one and goes on is not read as its start.
  r = with_window("(25000) * 80 and more");
  EXPECT_EQ(Show(Benchmarks(r)[0]->conditions.attention_window),
            "absent: the engine's attention window line 70 ('(25000) * 80 and more') does not "
            "read as the windows TensorRT-LLM logs");
  // A report without the engine log states no window: the key is not written.
  ImportOptions o;
  o.model = "qwen2.5-7b";
  r = ImportFiles({Sample(kTrtllmTool, kDocs)}, o);
  ASSERT_FALSE(Benchmarks(r).empty());
  EXPECT_FALSE(Benchmarks(r)[0]->conditions.attention_window.stated());
  EXPECT_EQ(Show(Benchmarks(r)[0]->conditions.attention_window), "missing");
}

TEST(ImportTrtllmBench, AnUnreadableDatasetTableLeavesTheInputAMean) {
  ImportFile f = Sample(kTrtllmTool, kBlog);
  size_t at = f.text.find("MIN:   128.0000");
  ASSERT_NE(at, std::string::npos);
  f.text.replace(at, 15, "MIN:   n/a     ");
  ImportResult r = ImportFiles({f});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark& agg = *Benchmarks(r)[0];
  EXPECT_EQ(Show(agg.conditions.input_tokens_mean), "128");
  EXPECT_EQ(Show(agg.conditions.input_tokens),
            "absent: the DATASET DETAILS table's MIN and MAX inputs do not read as numbers, so "
            "no length is known that every request had");
}

TEST(ImportTrtllmBench, ExcerptWithoutItsHeaderNeedsTheModel) {
  ImportResult r = ImportFiles({Sample(kTrtllmTool, kDocs)});
  EXPECT_TRUE(Benchmarks(r).empty());
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, "missing-field");
  EXPECT_EQ(r.diagnostics[0].where.line, 1);
  EXPECT_EQ(r.diagnostics[0].where.column, 1);
  EXPECT_EQ(r.diagnostics[0].message,
            "the report (line 1) names no model: its header section (ENGINE DETAILS or the "
            "backend section) is not in the file, and no trtllm-bench command line above it "
            "names one");
  EXPECT_EQ(r.diagnostics[0].hint, "pass --model with the corpus id of the model the run used");
  // The figures, with the model supplied by the user (the excerpt cuts the line naming
  // Qwen2-VL-2B; any corpus model serves to read the layout).
  ImportOptions o;
  o.model = "qwen2.5-7b";
  r = ImportFiles({Sample(kTrtllmTool, kDocs)}, o);
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Values(r),
            (std::map<std::string, std::string>{{"aggregate-output mean", "185.8351 tok/s"},
                                                {"aggregate-total mean", "780.1607 tok/s"},
                                                {"requests mean", "1.4439 req/s"},
                                                {"per-user-decode mean", "38.1959 tok/s"},
                                                {"e2e-latency mean", "3671.8441 ms"},
                                                {"e2e-latency p50", "3936.3022 ms"},
                                                {"e2e-latency p90", "5514.4701 ms"},
                                                {"e2e-latency p99", "5514.4701 ms"}}));
  const Benchmark& agg = *Benchmarks(r)[0];
  EXPECT_EQ(ConditionsOf(agg),
            (std::vector<std::string>{
                "concurrency = absent: the report states no client concurrency; Max Runtime "
                "Batch Size 4 is the engine's cap on sequences per step (a limit, not the batch "
                "that ran); a mean of 5.3019 requests in flight (a mean, neither a cap nor a "
                "peak), Issue Rate 1.4117E+17 req/s (every request issued at once)",
                // The dataset table: inputs from 167 to 1,059 tokens, averaging 411.6.
                "input_tokens = 167", "input_tokens_mean = 411", "output_tokens = 128",
                "engine = TensorRT-LLM",
                "engine_version = absent: the report's header section (with the TensorRT-LLM "
                "version) is not in the file",
                "warmup = absent: trtllm-bench does not print its --warmup setting in the report",
                "scenario = absent: a trtllm-bench run (in-process, no server), not an MLPerf "
                "scenario; Issue Rate 1.4117E+17 req/s",
                "speculative = absent: the report prints no speculative-decoding section; "
                "versions before its DECODING STATISTICS section print none either, so this is "
                "not a 'false'"}));
  EXPECT_EQ(agg.precision_absent,
            "the report states no Quantization (its header section is not in the file; pass "
            "--precision if you know it)");
  EXPECT_EQ(agg.accelerator_count, 1);
  EXPECT_NE(agg.notes.find("input tokens: the measured mean is 411.6 per request, rounded down"),
            std::string::npos)
      << agg.notes;
}

// A report pasted alone, below the command that ran it: a section of TensorRT-LLM's DeepSeek-R1
// best-practice blog (the H200 min-latency command and its "Expected Result Format" block). The
// block names no model or parallelism; the command line above it does, and both `import auto`
// and `import trtllm-bench` take the model, TP x PP and the batch cap from it.
TEST(ImportTrtllmBench, APastedReportTakesItsCommandLine) {
  const char kPasted[] = "trtllm-blog_deepseek-r1_h200_min-latency_tp8_c1.EXCERPT.md";
  for (std::string_view format :
       {std::string_view(kAutoFormat), std::string_view("trtllm-bench")}) {
    ImportResult r = ImportFiles({Sample(kTrtllmTool, kPasted)}, {}, format);
    ASSERT_FALSE(r.HasErrors()) << format << "\n" << RenderAll(r.diagnostics);
    EXPECT_EQ(Values(r),
              (std::map<std::string, std::string>{{"aggregate-output mean", "158.0669 tok/s"},
                                                  {"requests mean", "0.0772 req/s"},
                                                  {"per-user-decode mean", "158.1196 tok/s"},
                                                  {"e2e-latency mean", "12945.9379 ms"}}));
    const Benchmark& agg = *Benchmarks(r)[0];
    EXPECT_EQ(agg.model.str(), "deepseek-r1");
    EXPECT_EQ(agg.accelerator_count, 8);  // --tp 8, the default --pp 1; 158.0669 / 19.7584 = 8
    EXPECT_EQ(ConditionsOf(agg)[0], "batch = 1");
    EXPECT_TRUE(Contains(agg.notes.str(),
                         "read from the trtllm-bench command line above the "
                         "report (line 14)"))
        << agg.notes.str();
    EXPECT_TRUE(Contains(agg.notes.str(),
                         "Per GPU Output Throughput 19.7584 = 158.0669 / 8 GPUs "
                         "(checked)"))
        << agg.notes.str();
  }
  // The block without the command still needs --model.
  std::string text = Sample(kTrtllmTool, kPasted).text;
  ImportResult alone = ImportFiles({{"block.txt", text.substr(text.find("====="))}});
  EXPECT_TRUE(Benchmarks(alone).empty());
  EXPECT_TRUE(Contains(RenderAll(alone.diagnostics), "error[missing-field]"));
}

TEST(ImportTrtllmBench, ARunThatPrintedNoReportIsRefusedWhereTheLogStops) {
  ImportResult r = ImportFiles({Sample(kTrtllmTool, kNegative)});
  EXPECT_TRUE(r.records.empty());
  EXPECT_EQ(RenderAll(r.diagnostics),
            std::string(kNegative) +
                ":2:1: error[no-runs]: no trtllm-bench report: the log ends here without the '= "
                "PERFORMANCE OVERVIEW' section (the run failed or was stopped before it "
                "reported)\n"
                "  2 | [07/11/2025-11:40:45] [TRT-LLM] [I] Preparing to run throughput "
                "benchmark...\n"
                "    | ^\n"
                "  hint: import the log of a run that finished; its report is the =====-framed "
                "block printed at the end\n");
}

TEST(ImportTrtllmBench, BrokenReportsAreRefusedAtTheirLine) {
  ImportFile full = Sample(kTrtllmTool, k128);
  // Cut inside the report, before PERFORMANCE OVERVIEW.
  ImportFile cut = full;
  cut.text = full.text.substr(0, full.text.find("= PERFORMANCE OVERVIEW") - 60);
  ImportResult r = ImportFiles({cut});
  EXPECT_TRUE(r.records.empty());
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, "truncated");
  EXPECT_EQ(r.diagnostics[0].where.line, 410);
  EXPECT_EQ(r.diagnostics[0].message,
            "the report (line 398) has no PERFORMANCE OVERVIEW section: it stops after WORLD + "
            "RUNTIME INFORMATION");
  // Cut right after the PERFORMANCE OVERVIEW banner.
  cut.text = full.text.substr(0, full.text.find("Number of requests:\t\t30000"));
  r = ImportFiles({cut});
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, "missing-field");
  EXPECT_EQ(r.diagnostics[0].where.line, 421);
  // A corrupted figure, pointed at its column.
  ImportFile bad = full;
  bad.text.replace(bad.text.find("14389.7989"), 10, "14389.79x9");
  r = ImportFiles({bad});
  EXPECT_TRUE(r.records.empty());
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, "not-a-number");
  EXPECT_EQ(r.diagnostics[0].where.line, 426);
  EXPECT_EQ(r.diagnostics[0].where.column, 32);
  EXPECT_EQ(r.diagnostics[0].message,
            "Token Throughput (tokens/sec): '14389.79x9' is not a number");
  // A TP size that is not a count.
  bad = full;
  bad.text.replace(bad.text.find("TP Size:\t\t8"), 11, "TP Size:\t\t0");
  r = ImportFiles({bad});
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, "out-of-range");
  EXPECT_EQ(r.diagnostics[0].where.line, 412);
  EXPECT_EQ(r.diagnostics[0].where.column, 11);
}

TEST(ImportTrtllmBench, TwoReportsInOneLogAreTwoRuns) {
  ImportFile a = Sample(kTrtllmTool, k128);
  ImportFile b = Sample(kTrtllmTool, k8192);
  ImportFile both{"two-runs.log", a.text + b.text};
  ImportResult r = ImportFiles({both});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 4u);
  EXPECT_EQ(bs[0]->value.text, "14389.7989 tok/s");
  EXPECT_EQ(bs[2]->value.text, "2379.9472 tok/s");
  EXPECT_NE(bs[0]->set, bs[2]->set);
  // Each report reads the engine log above it: the second cites its own lines.
  EXPECT_NE(bs[0]->notes.find("(line 70: 'mMaxAttentionWindowSize"), std::string::npos);
  const auto a_lines = std::count(a.text.begin(), a.text.end(), '\n');
  EXPECT_NE(
      bs[2]->notes.find("(line " + std::to_string(a_lines + 67) + ": 'mMaxAttentionWindowSize"),
      std::string::npos)
      << bs[2]->notes;
}

TEST(ImportTrtllmBench, FlagsThatContradictTheReportAreWarnedAndTheFileWins) {
  ImportOptions o;
  o.count = 4;
  o.precision = "bf16";
  o.hardware = "8x NVIDIA H100 80GB HBM3";
  ImportResult r = ImportFiles({Sample(kTrtllmTool, k128)}, o);
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  std::string all = RenderAll(r.diagnostics);
  EXPECT_NE(all.find(":412:11: warning[conflicting-flag]: --count 4 contradicts the file's TP "
                     "Size 8 x PP Size 1 = 8; the file's is kept"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find(":406:16: warning[conflicting-flag]: --precision bf16 contradicts the "
                     "file's fp8 (Quantization FP8); the file's is kept"),
            std::string::npos)
      << all;
  const Benchmark& agg = *Benchmarks(r)[0];
  EXPECT_EQ(agg.accelerator_count, 8);
  EXPECT_EQ(agg.precision, "fp8");
  EXPECT_EQ(agg.hardware, "8x NVIDIA H100 80GB HBM3 (user-stated: --hardware)");
}

TEST(ImportTrtllmBench, WithABatchStatedThePerUserFiguresStandInASetOfTheirOwn) {
  // The blog report with its cap edited to 1 (what `trtllm-bench latency` sets): batch 1 is
  // stated, and the sibling-set check would test aggregate = per-user x 1, which the report's
  // figures do not satisfy by definition (the aggregate counts TTFT, the speed does not).
  ImportFile f = Sample(kTrtllmTool, kBlog);
  f.text = Replace(f.text, "Max Runtime Batch Size: 3840", "Max Runtime Batch Size: 1");
  ImportResult r = ImportFiles({f});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* agg = Find(r, "aggregate-output", "mean");
  const Benchmark* speed = Find(r, "per-user-decode", "mean");
  const Benchmark* ttft = Find(r, "ttft", "mean");
  ASSERT_TRUE(agg && speed && ttft);
  EXPECT_EQ(Show(agg->conditions.batch), "1");
  EXPECT_EQ(speed->set, agg->set + "-per-user");
  EXPECT_EQ(ttft->set, agg->set);
  ImportedCorpus c;
  c.Add(r);
  c.SweepWithNoError();
}

TEST(ImportTrtllmBench, ImportedRecordsSweepWithTheBundledCorpus) {
  ImportedCorpus c;
  ImportOptions h100;
  h100.hardware = "8x NVIDIA H100 80GB HBM3";
  for (const auto& [name, options] : std::vector<std::pair<std::string, ImportOptions>>{
           {k128, h100}, {k8192, {}}, {kBlog, {}}, {kDocs, WithModel("qwen2.5-7b")}}) {
    c.Add(ImportFiles({Sample(kTrtllmTool, name)}, options), name);
  }
  c.SweepWithNoError();
}

}  // namespace
}  // namespace rooflint::testing
