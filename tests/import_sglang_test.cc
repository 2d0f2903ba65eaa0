// SGLang bench_serving importer, against the real --output-file lines in
// tests/import-samples/sglang/ (see its SOURCES.md). Every expected figure below was read off
// the sample files by hand. The last tests check detection across every sample folder: no
// file of another tool is claimed by the sglang-serving, vllm-throughput or llmperf rows, and
// each of their samples detects as its own format.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "import_test_util.h"

namespace rooflint::testing {
namespace {

const char kSglangTool[] = "sglang";
const char kAgg[] = "tonyli15_v0.5.5.post3_qwen2.5-3b_agg_n100_in512_out128_c32.jsonl";
const char kPd[] = "tonyli15_qwen2.5-3b_pd_1p2d_n100_in2048_out512_c128.jsonl";
const char kOnline[] = "datacrunch_h200x4_llama3.3-70b_online_rates1-16_7runs.jsonl";
const char kOffline[] = "datacrunch_h200x4_llama3.3-70b_offline_rateinf_7runs.jsonl";
const char kDeepseek[] = "datacrunch_h200x8_deepseek-dp-attn_in1_out512_1run.jsonl";

TEST(ImportSglang, ServerInfoLineGivesModelEngineCountAndCaches) {
  ImportResult r = ImportFiles({Sample(kSglangTool, kAgg)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  // Output throughput, and mean/median/p99 of E2E latency, TTFT, TPOT and ITL (p95_itl_ms
  // has no statistic in the record format); a draft model and the source.
  ASSERT_EQ(Benchmarks(r).size(), 13u);
  ASSERT_EQ(r.records.size(), 15u);
  EXPECT_EQ(r.records[13].kind, RecordKind::kModel);
  EXPECT_EQ(r.records[13].id, "qwen-qwen2.5-3b-instruct");
  EXPECT_EQ(r.records[14].kind, RecordKind::kSource);
  const Benchmark* agg = Find(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_EQ(FieldsOf(*agg),
            (std::vector<std::string>{
                "status = verified", "metric = aggregate-output", "statistic = mean",
                "value = 3151.4394910675514 tok/s", "model = qwen-qwen2.5-3b-instruct",
                "precision = absent: the file does not state the weight format (pass "
                "--precision if you know it)",
                "weights = -", "hardware = not stated by the file", "accelerators = ",
                "accelerators_absent = not-stated: SGLang bench_serving records no hardware "
                "(server_info has no device name); pass --hardware or --accelerator",
                "accelerator_count = 1"}));
  // 26497 input tokens / 100 = 264.97; min(6180 server, 6179 retokenized) / 100 = 61.79.
  EXPECT_EQ(ConditionsOf(*agg),
            (std::vector<std::string>{
                "concurrency = 32",
                "input_tokens = absent: the input lengths varied; input_tokens_mean is their mean, "
                "and the "
                "file states no shortest length",
                "input_tokens_mean = 264", "output_tokens = 61", "engine = sglang",
                "engine_version = 0.5.5.post3",
                "warmup = absent: bench_serving sends --warmup-requests (default 1, at most 32 "
                "output tokens) before timing and does not write how many",
                "scenario = absent: an online serving run (SGLang bench_serving, request_rate "
                "Infinity (every request sent at t=0)), not an MLPerf scenario",
                "speculative = false"}));
  // disable_radix_cache false: the radix cache was on, share unknown.
  EXPECT_EQ(Show(agg->conditions.prefix_cache), "true");
  EXPECT_NE(agg->notes.find("the achieved mean in flight (sum of request latencies / duration) "
                            "was 28.450295820896617"),
            std::string::npos)
      << agg->notes;
  EXPECT_NE(agg->notes.find("Not imported: p95_itl_ms"), std::string::npos) << agg->notes;
  EXPECT_EQ(Find(r, "ttft", "mean")->value.text, "42.448918260633945 ms");
  EXPECT_EQ(Find(r, "ttft", "p99")->value.text, "64.62050763890147 ms");
  EXPECT_EQ(Find(r, "tpot", "median")->value.text, "9.195011763840466 ms");
  EXPECT_EQ(Find(r, "itl", "p99")->value.text, "40.0333565287292 ms");
  EXPECT_EQ(Find(r, "e2e-latency", "p99")->value.text, "1181.2900166865443 ms");
  // The locator and the source name no file: renaming the file changes no record.
  EXPECT_EQ(agg->locator, "line 1 (tag 'agg_n100_in512_out128_c32'), output_throughput");
  ExpectRoundTrip(r);
}

TEST(ImportSglang, DisaggregatedLineStatesBothVersionsAndNoCount) {
  ImportResult r = ImportFiles({Sample(kSglangTool, kPd)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  ASSERT_EQ(Benchmarks(r).size(), 13u);
  const Benchmark* agg = Find(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_EQ(agg->value.text, "665.4595335245467 tok/s");
  EXPECT_EQ(agg->model, "qwen-qwen2.5-3b-instruct");
  EXPECT_EQ(agg->accelerator_count, 0);
  EXPECT_EQ(agg->accelerator_count_absent,
            "a prefill/decode-disaggregated run: server_info lists the servers that answered, "
            "not every GPU of the deployment (pass --count)");
  // 108929 / 100 = 1089.29; min(25883, 25874) / 100 = 258.74.
  auto conds = ConditionsOf(*agg);
  ASSERT_GE(conds.size(), 6u);
  EXPECT_EQ(conds[0], "concurrency = 128");
  EXPECT_EQ(
      conds[1],
      "input_tokens = absent: the input lengths varied; input_tokens_mean is their mean, and the "
      "file states no shortest length");
  EXPECT_EQ(conds[2], "input_tokens_mean = 1089");
  EXPECT_EQ(conds[3], "output_tokens = 258");
  EXPECT_EQ(conds[4], "engine = sglang");
  EXPECT_EQ(conds[5], "engine_version = 0.5.5.post3 (prefill), 0.5.6 (decode)");
  EXPECT_EQ(Show(agg->conditions.speculative), "false");
  // The prefill server's radix cache was on (the decode server's was off).
  EXPECT_EQ(Show(agg->conditions.prefix_cache), "true");
  EXPECT_EQ(Find(r, "ttft", "mean")->value.text, "34647.23834743723 ms");
  EXPECT_EQ(Find(r, "tpot", "p99")->value.text, "10.963841023910932 ms");
}

TEST(ImportSglang, OldLinesNameNoModelAndNeedTheFlag) {
  ImportResult r = ImportFiles({Sample(kSglangTool, kOnline)});
  EXPECT_TRUE(r.HasErrors());
  EXPECT_TRUE(r.records.empty());
  ASSERT_EQ(r.diagnostics.size(), 7u);
  EXPECT_NE(RenderAll(r.diagnostics)
                .find(std::string(kOnline) +
                      ":1:1: error[unknown-model]: line 1 names no model: bench_serving writes "
                      "none before server_info (SGLang 2025)"),
            std::string::npos)
      << RenderAll(r.diagnostics);
}

TEST(ImportSglang, OnlineRatesGiveOneSetPerLine) {
  ImportResult r = ImportFiles({Sample(kSglangTool, kOnline)}, WithModel("llama-3.3-70b"));
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  // Per line: output_throughput, mean and median E2E latency, median TTFT, median ITL.
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 35u);
  std::set<std::string> sets;
  for (const Benchmark* b : bs) sets.insert(b->set.str());
  EXPECT_EQ(sets.size(), 7u);
  const Benchmark* first = Find(r, "aggregate-output", "mean");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->value.text, "537.4142851849319 tok/s");
  EXPECT_EQ(first->model, "llama-3.3-70b");
  // 152612 / 300 = 508.71; min(160347, 160192) / 300 = 533.97.
  EXPECT_EQ(ConditionsOf(*first),
            (std::vector<std::string>{
                "concurrency = absent: max_concurrency is null: open-loop arrivals at "
                "request_rate 1 req/s (Poisson arrivals); the server's batch is not recorded",
                "input_tokens = absent: the input lengths varied; input_tokens_mean is their mean, "
                "and the "
                "file states no shortest length",
                "input_tokens_mean = 508", "output_tokens = 533",
                "engine = absent: the line has no server_info; its backend 'sglang' is the "
                "client's request protocol, not the serving engine",
                "engine_version = absent: bench_serving records the server's version only in "
                "server_info, which this line does not have",
                "warmup = absent: bench_serving sends --warmup-requests (default 1, at most 32 "
                "output tokens) before timing and does not write how many",
                "scenario = absent: an online serving run (SGLang bench_serving, request_rate 1 "
                "req/s (Poisson arrivals)), not an MLPerf scenario",
                "speculative = absent: the server configuration is not recorded (no "
                "server_info)"}));
  EXPECT_EQ(Find(r, "ttft", "median")->value.text, "85.74514742940664 ms");
  EXPECT_EQ(Find(r, "itl", "median")->value.text, "13.638956006616354 ms");
  EXPECT_EQ(Find(r, "e2e-latency", "mean")->value.text, "7840.616212638561 ms");
  // Line 6: ShareGPT at 4 req/s asks random lengths 1024/1024 it does not use:
  // 269081 / 1200 = 224.23 and min(226901, 226285) / 1200 = 188.57.
  const Benchmark* share = Find(r, "aggregate-output", "mean", 5);
  ASSERT_NE(share, nullptr);
  EXPECT_EQ(share->value.text, "746.0750970739618 tok/s");
  EXPECT_EQ(share->conditions.input_tokens_mean.integer, 224);
  EXPECT_EQ(share->conditions.output_tokens.integer, 188);
  ExpectRoundTrip(r);
}

TEST(ImportSglang, InfinityRateIsABurstAndRepeatedWorkloadsStayApart) {
  ImportResult r = ImportFiles({Sample(kSglangTool, kOffline)}, WithModel("llama-3.3-70b"));
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 35u);
  const Benchmark* first = Find(r, "aggregate-output", "mean");
  EXPECT_EQ(first->value.text, "4520.698730654741 tok/s");
  EXPECT_EQ(Show(first->conditions.concurrency),
            "absent: max_concurrency is null: open-loop arrivals at request_rate Infinity "
            "(every request sent at t=0); the server's batch is not recorded");
  // 1525074 / 3000 = 508.36; min(1544818, 1541296) / 3000 = 513.77.
  EXPECT_EQ(first->conditions.input_tokens_mean.integer, 508);
  EXPECT_EQ(first->conditions.output_tokens.integer, 513);
  // Lines 4 and 5 ran the same 4096/1024 workload (same input total) and differ only in
  // their measurements: two runs, two sets.
  const Benchmark* l4 = Find(r, "aggregate-output", "mean", 3);
  const Benchmark* l5 = Find(r, "aggregate-output", "mean", 4);
  EXPECT_EQ(l4->value.text, "1654.9938601765348 tok/s");
  EXPECT_EQ(l5->value.text, "1652.8614806713933 tok/s");
  EXPECT_NE(l4->set, l5->set);
  EXPECT_NE(l4->header.id, l5->header.id);
}

TEST(ImportSglang, PureDecodeLineKeepsOneInputToken) {
  // The line names no model and the corpus has no DeepSeek-V2 record: --model only lets the
  // figures through, which are what is under test.
  ImportResult r = ImportFiles({Sample(kSglangTool, kDeepseek)}, WithModel("deepseek-r1"));
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* agg = Find(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_EQ(agg->value.text, "12412.394674113431 tok/s");
  // 10000 / 10000 = 1; min(5120000, 5115342) / 10000 = 511.53.
  EXPECT_EQ(agg->conditions.input_tokens.integer, 1);
  EXPECT_EQ(agg->conditions.output_tokens.integer, 511);
}

TEST(ImportSglang, NonStreamingRunHasNoTtftRecord) {
  // bench_serving writes 0 for every ITL statistic when no request streamed; its TTFT is then
  // the whole latency.
  std::string text = Sample(kSglangTool, kOnline).text;
  std::string line = text.substr(0, text.find('\n') + 1);
  line = Replace(line, "\"median_itl_ms\": 13.638956006616354", "\"median_itl_ms\": 0.0");
  ImportResult r = ImportFiles({{"nostream.jsonl", line}}, WithModel("llama-3.3-70b"));
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  std::multiset<std::string> metrics;
  for (const Benchmark* b : Benchmarks(r)) metrics.insert(std::string(MetricName(b->metric)));
  EXPECT_EQ(metrics,
            (std::multiset<std::string>{"aggregate-output", "e2e-latency", "e2e-latency"}));
  EXPECT_NE(Benchmarks(r)[0]->notes.find("the run did not stream"), std::string::npos);
}

TEST(ImportSglang, BrokenFilesAreRefusedWithLocatedDiagnostics) {
  std::string text = Sample(kSglangTool, kOffline).text;
  // Cut inside line 4: the complete lines before it are not imported either.
  size_t line4 = 0;
  for (int i = 0; i < 3; ++i) line4 = text.find('\n', line4) + 1;
  ImportResult cut =
      ImportFiles({{kOffline, text.substr(0, line4 + 200)}}, WithModel("llama-3.3-70b"));
  EXPECT_TRUE(cut.HasErrors());
  EXPECT_TRUE(cut.records.empty());
  EXPECT_NE(RenderAll(cut.diagnostics)
                .find(std::string(kOffline) +
                      ":4:1: error[truncated]: line 4 is cut off: the file ends inside it"),
            std::string::npos)
      << RenderAll(cut.diagnostics);

  // A measurement written as Python's NaN.
  std::string agg = Sample(kSglangTool, kAgg).text;
  ImportResult nan =
      ImportFiles({{kAgg, Replace(agg, "\"completed\": 100", "\"completed\": NaN")}});
  EXPECT_TRUE(nan.HasErrors());
  EXPECT_TRUE(nan.records.empty());
  EXPECT_NE(RenderAll(nan.diagnostics)
                .find(std::string(kAgg) +
                      ":1:20034: error[not-a-number]: /completed: NaN is not a number"),
            std::string::npos)
      << RenderAll(nan.diagnostics);
}

TEST(ImportSglang, ImportedRecordsSweepWithTheBundledCorpus) {
  // Hardware and precision from outside the files (SOURCES.md: the launch scripts say "Llama
  // 3.3 70B on 4 x H200 (bf16)"), given as flags so the roofs are computed.
  ImportOptions h200 = WithModel("llama-3.3-70b");
  h200.hardware = "4x NVIDIA H200";
  h200.precision = "bf16";
  ImportedCorpus c;  // both Tony Li files draft the same model: it is added once
  for (const auto& [name, options] : std::vector<std::pair<std::string, ImportOptions>>{
           {kOnline, h200}, {kOffline, h200}, {kAgg, {}}, {kPd, {}}}) {
    c.Add(ImportFiles({Sample(kSglangTool, name)}, options), name);
  }
  EXPECT_EQ(c.ids().size(), 35u + 35u + 13u + 13u);
  c.SweepWithNoError();
}

// Every file under tests/import-samples/<folder>/ (SOURCES.md aside).
std::vector<std::pair<std::string, std::string>> SampleFiles() {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& e : fs::recursive_directory_iterator(ROOFLINT_IMPORT_SAMPLES)) {
    // An empty file (an MLPerf trace log) is no tool's output.
    if (!e.is_regular_file() || e.path().filename() == "SOURCES.md" || e.file_size() == 0) {
      continue;
    }
    fs::path rel = fs::relative(e.path(), ROOFLINT_IMPORT_SAMPLES);
    std::string folder = rel.begin()->string();
    out.emplace_back(folder, rel.lexically_relative(folder).string());
  }
  return out;
}

TEST(ImportSglang, EverySampleOfTheThreeNewFormatsDetectsAsItsOwn) {
  const std::map<std::string, std::string> mine = {
      {"sglang", "sglang-serving"}, {"vllm-throughput", "vllm-throughput"}, {"llmperf", "llmperf"}};
  size_t checked = 0;
  for (const auto& [folder, name] : SampleFiles()) {
    ImportFile f = Sample(folder, name);
    f.path = "no-extension";
    std::string_view got = DetectFormat(std::vector<ImportFile>{f});
    auto it = mine.find(folder);
    if (it != mine.end()) {
      EXPECT_EQ(got, it->second) << folder << "/" << name;
      ++checked;
    } else {
      // No other tool's file is claimed by the new rows.
      for (const auto& [dir, format] : mine) {
        EXPECT_NE(got, format) << folder << "/" << name;
      }
    }
  }
  EXPECT_EQ(checked, 5u + 5u + 3u);
  // vLLM bench serve results still detect as vllm-serve although SGLang lines share keys.
  ImportFile serve = Sample("vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl");
  EXPECT_EQ(DetectFormat(std::vector<ImportFile>{serve}), "vllm-serve");
}

// A model_path that is a local folder names the machine's disk, not the model: a draft model's
// id takes the folder's last component, the path stays in its name.
TEST(ImportSglang, ADraftModelFromALocalPathIsNamedByItsLastComponent) {
  ImportFile f = Sample("sglang", "tonyli15_qwen2.5-3b_pd_1p2d_n100_in2048_out512_c128.jsonl");
  // One line, every server's model_path (and the names SGLang derives from it) a local folder.
  std::string line = f.text.substr(0, f.text.find('\n') + 1);
  const std::string hub = "\"Qwen/Qwen2.5-3B-Instruct\"";
  for (size_t at = line.find(hub); at != std::string::npos; at = line.find(hub, at)) {
    line.replace(at, hub.size(), "\"/data2/data/shared/Kimi-K2.5-int4-2/\"");
  }
  f.text = line;
  ImportResult r = ImportFiles({f});
  auto bs = Benchmarks(r);
  ASSERT_FALSE(bs.empty()) << RenderAll(r.diagnostics);
  EXPECT_EQ(bs[0]->model, "kimi-k2.5-int4-2");
  bool drafted = false;
  for (const auto& rec : r.records) {
    if (const auto* m = std::get_if<Model>(&rec.record)) {
      drafted = true;
      EXPECT_EQ(m->header.id, "kimi-k2.5-int4-2");
      EXPECT_EQ(m->name, "/data2/data/shared/Kimi-K2.5-int4-2/");
    }
  }
  EXPECT_TRUE(drafted);
}

// A w4a8_int8 server (SGLang's --quantization for 4-bit integer weights with 8-bit
// activations) runs 4-bit weights; a line that states max_output_tokens_per_s keeps it as the
// run's peak, as the vLLM importer does. The real aggregated TonyLi15 line, with its
// server_info quantization (null there) set and the peak (598.0 in the file the audit met) added.
TEST(ImportSglang, W4a8IsFourBitWeightsAndThePeakIsKept) {
  ImportFile f = Sample(kSglangTool, kAgg);
  f.text = Replace(f.text, "\"quantization\": null", "\"quantization\": \"w4a8_int8\"");
  f.text = Replace(f.text, "\"output_throughput\": ",
                   "\"max_output_tokens_per_s\": 598.0, \"output_throughput\": ");
  ImportResult r = ImportFiles({f});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* mean = Find(r, "aggregate-output", "mean");
  const Benchmark* peak = Find(r, "aggregate-output", "peak");
  ASSERT_NE(mean, nullptr);
  ASSERT_NE(peak, nullptr);
  EXPECT_EQ(mean->precision, "int4");
  EXPECT_EQ(peak->precision, "int4");
  EXPECT_EQ(peak->value.text, "598 tok/s");
  EXPECT_NE(mean->header.id, peak->header.id);
  EXPECT_TRUE(Contains(peak->notes.str(), "max_output_tokens_per_s")) << peak->notes.str();
}

}  // namespace
}  // namespace rooflint::testing
