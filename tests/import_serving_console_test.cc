// The serving-console importer: the "Serving Benchmark Result" block vLLM bench serve and SGLang
// bench_serving print, as people paste it. A real pasted file (serving-console/SOURCES.md) and
// faithful excerpts of two others, each cited where it is used.
#include <gtest/gtest.h>

#include <string>

#include "import_test_util.h"
#include "rooflint/import.h"

namespace rooflint::testing {
namespace {

constexpr char kConsoleTool[] = "serving-console";

const Benchmark* WithMetric(const ImportResult& r, const std::string& metric,
                            const std::string& statistic) {
  for (const Benchmark* b : Benchmarks(r)) {
    if (std::string(MetricName(b->metric)) == metric && b->statistic == statistic) return b;
  }
  return nullptr;
}

// A README with one block under the command that ran it (vLLM 2026, gpt-oss-20b on a DGX
// Spark): the model is the command's --model, the load its rate and the peak in flight.
TEST(ImportServingConsole, AReadmeBlockUnderItsCommand) {
  ImportFile file = Sample(kConsoleTool, "gb10_gpt-oss-20b_sharegpt_run_I.md");
  EXPECT_EQ(DetectFormat(std::vector<ImportFile>{file}), "serving-console");
  ImportResult r = ImportFiles({file}, {});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* agg = WithMetric(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_EQ(agg->value.text, "53.75 tok/s");
  EXPECT_EQ(agg->model, "gpt-oss-20b");
  EXPECT_EQ(Show(agg->conditions.concurrency), "8");  // Peak concurrent requests: 8.00
  // 69764 / 250 = 279.06 and 44889 / 250 = 179.56 tokens, rounded down; ShareGPT prompts vary,
  // so the input is a mean and no request is sure to have had it.
  EXPECT_EQ(Show(agg->conditions.input_tokens_mean), "279");
  EXPECT_FALSE(agg->conditions.input_tokens.integer.has_value());
  EXPECT_EQ(Show(agg->conditions.output_tokens), "179");
  EXPECT_TRUE(Contains(agg->notes, "request rate 0.3 req/s"));
  EXPECT_TRUE(Contains(agg->notes, "the --model of the command line above the block"));
  const Benchmark* peak = WithMetric(r, "aggregate-output", "peak");
  ASSERT_NE(peak, nullptr);
  EXPECT_EQ(peak->value.text, "149.00 tok/s");
  const Benchmark* e2e = WithMetric(r, "e2e-latency", "p99");
  ASSERT_NE(e2e, nullptr);
  EXPECT_EQ(e2e->value.text, "21985.09 ms");
  ASSERT_NE(WithMetric(r, "tpot", "median"), nullptr);
  // 2 throughputs, and mean, median, p50, p90, p99 of TTFT, TPOT, ITL and E2EL; the four p95
  // lines have no name in the record format and are said not to be imported.
  EXPECT_EQ(Benchmarks(r).size(), 22u);
  EXPECT_TRUE(Contains(Benchmarks(r)[0]->notes, "P95 TTFT (ms)"));
}

// Three runs pasted into one notes file, each under the command and the Namespace(...) line
// vLLM printed (excerpt: the first two blocks of a README in the search tool's code index,
// id 30088773704; its Namespace(...), progress and start-up lines are left out, and the lines
// kept stand as they are).
constexpr char kTwoBlocks[] = R"(## Run with offload:

uv run vllm serve Qwen/Qwen3-30B-A3B-FP8 --enforce-eager --cpu-offload-gb 8

```
$ uv run vllm bench serve --model  Qwen/Qwen3-30B-A3B-FP8 --dataset-name sharegpt --num-prompts  100 --dataset-path /home/yunwei37/workspace/gpu/schedcp/workloads/vllm/datasets/ShareGPT_V3_unfiltered_cleaned_split.json
INFO 11-26 00:26:04 [__init__.py:216] Automatically detected platform cuda.
Starting initial single prompt test run...
Initial test run completed. Starting main benchmark run...
Traffic request rate: inf
Burstiness factor: 1.0 (Poisson process)
Maximum request concurrency: None
tip: install termplotlib and gnuplot to plot the metrics
============ Serving Benchmark Result ============
Successful requests:                     100       
Benchmark duration (s):                  115.87    
Total input tokens:                      23260     
Total generated tokens:                  22061     
Request throughput (req/s):              0.86      
Output token throughput (tok/s):         190.40    
Peak output token throughput (tok/s):    504.00    
Peak concurrent requests:                100.00    
Total Token throughput (tok/s):          391.14    
---------------Time to First Token----------------
Mean TTFT (ms):                          8387.80   
Median TTFT (ms):                        9066.78   
P99 TTFT (ms):                           14937.16  
-----Time per Output Token (excl. 1st token)------
Mean TPOT (ms):                          324.13    
Median TPOT (ms):                        215.65    
P99 TPOT (ms):                           1288.01   
---------------Inter-token Latency----------------
Mean ITL (ms):                           191.40    
Median ITL (ms):                         180.39    
P99 ITL (ms):                            1299.17   
==================================================
```

## Run with baseline uvm:

~/workspace/vllm$ VLLM_USE_UVM=1  uv run vllm serve Qwen/Qwen3-30B-A3B-FP8 --enforce-eager

```
yunwei37@lab:~/workspace/gpu$ uv run vllm bench serve --model  Qwen/Qwen3-30B-A3B-FP8 --dataset-name sharegpt --num-prompts  100 --dataset-path /home/yunwei37/workspace/gpu/schedcp/workloads/vllm/datasets/ShareGPT_V3_unfiltered_cleaned_split.json
Traffic request rate: inf
Burstiness factor: 1.0 (Poisson process)
Maximum request concurrency: None
============ Serving Benchmark Result ============
Successful requests:                     100       
Benchmark duration (s):                  147.50    
Total input tokens:                      23260     
Total generated tokens:                  22061     
Request throughput (req/s):              0.68      
Output token throughput (tok/s):         149.56    
Peak output token throughput (tok/s):    542.00    
Peak concurrent requests:                100.00    
Total Token throughput (tok/s):          307.26    
---------------Time to First Token----------------
Mean TTFT (ms):                          9642.27   
Median TTFT (ms):                        10330.52  
P99 TTFT (ms):                           16549.02  
-----Time per Output Token (excl. 1st token)------
Mean TPOT (ms):                          374.23    
Median TPOT (ms):                        270.06    
P99 TPOT (ms):                           1288.79   
---------------Inter-token Latency----------------
Mean ITL (ms):                           247.34    
Median ITL (ms):                         214.44    
P99 ITL (ms):                            1077.62   
==================================================
```
)";

TEST(ImportServingConsole, EveryBlockOfAPasteIsARun) {
  ImportResult r = ImportFiles({{"notes.md", kTwoBlocks}}, {});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  std::vector<const Benchmark*> agg;
  for (const Benchmark* b : Benchmarks(r)) {
    if (b->metric == Metric::kAggregateOutput && b->statistic == "mean") agg.push_back(b);
  }
  ASSERT_EQ(agg.size(), 2u);
  EXPECT_EQ(agg[0]->value.text, "190.40 tok/s");
  EXPECT_EQ(agg[1]->value.text, "149.56 tok/s");
  for (const Benchmark* b : agg) {
    EXPECT_TRUE(Contains(b->header.id, "-burst-")) << b->header.id;  // request rate inf
    EXPECT_EQ(Show(b->conditions.concurrency), "100");
    EXPECT_TRUE(Contains(b->locator, "'Output token throughput (tok/s)'")) << b->locator;
  }
  EXPECT_NE(agg[0]->set.str(), agg[1]->set.str());
}

// SGLang's bench_serving prints the same banner with its backend and load inside the block, an
// E2E latency section and a "Max ITL" line (excerpt: the first block of a pull request in the
// search tool's code index, id 54863890588). The block names no model: --model gives it.
constexpr char kSglangBlock[] = R"(```
#Input tokens: 204800
#Output tokens: 76800
Starting warmup with 1 sequences...
Warmup completed with 1 sequences. Starting main benchmark run...

============ Serving Benchmark Result ============
Backend:                                 sglang    
Traffic request rate:                    inf       
Max request concurrency:                 1         
Successful requests:                     50        
Benchmark duration (s):                  890.81    
Total input tokens:                      204800    
Total input text tokens:                 204800    
Total generated tokens:                  76800     
Total generated tokens (retokenized):    76436     
Request throughput (req/s):              0.06      
Input token throughput (tok/s):          229.90    
Output token throughput (tok/s):         86.21     
Peak output token throughput (tok/s):    96.00     
Peak concurrent requests:                2         
Total token throughput (tok/s):          316.12    
Concurrency:                             1.00      
----------------End-to-End Latency----------------
Mean E2E Latency (ms):                   17813.70  
Median E2E Latency (ms):                 17755.02  
P90 E2E Latency (ms):                    18381.57  
P95 E2E Latency (ms):                    18551.06  
P99 E2E Latency (ms):                    20518.64  
---------------Time to First Token----------------
Mean TTFT (ms):                          249.77    
Median TTFT (ms):                        218.59    
P90 TTFT (ms):                           361.41    
P95 TTFT (ms):                           362.67    
P99 TTFT (ms):                           405.75    
-----Time per Output Token (excl. 1st token)------
Mean TPOT (ms):                          11.44     
Median TPOT (ms):                        11.36     
P90 TPOT (ms):                           11.83     
P95 TPOT (ms):                           11.86     
P99 TPOT (ms):                           13.18     
---------------Inter-Token Latency----------------
Mean ITL (ms):                           11.44     
Median ITL (ms):                         10.54     
P90 ITL (ms):                            10.69     
P95 ITL (ms):                            10.80     
P99 ITL (ms):                            57.67     
Max ITL (ms):                            2235.31   
==================================================

```
)";

TEST(ImportServingConsole, SglangsBlockNeedsTheModelAndKeepsItsCap) {
  ImportResult none = ImportFiles({{"pr.md", kSglangBlock}}, {});
  ASSERT_TRUE(none.HasErrors());
  EXPECT_TRUE(Contains(RenderAll(none.diagnostics), "names no model"))
      << RenderAll(none.diagnostics);

  ImportResult r = ImportFiles({{"pr.md", kSglangBlock}}, WithModel("llama-3.1-8b"));
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* agg = WithMetric(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_TRUE(agg->header.id.starts_with("sglang-console-")) << agg->header.id;
  EXPECT_EQ(Show(agg->conditions.concurrency), "1");  // Max request concurrency: 1
  EXPECT_TRUE(Contains(agg->notes, "'1' in the block"));
  ASSERT_NE(WithMetric(r, "e2e-latency", "mean"), nullptr);
  EXPECT_EQ(WithMetric(r, "e2e-latency", "mean")->value.text, "17813.70 ms");
  EXPECT_TRUE(Contains(Benchmarks(r)[0]->notes, "Max ITL (ms)")) << "said not to be imported";
}

// SGLang's "Peak concurrent requests" printed 2 under a cap of 1 in the block above: it is no
// bound on a step's sequences, so without the cap line the concurrency is absent, not 2.
TEST(ImportServingConsole, SglangsPeakInFlightIsNotTakenAsTheBatch) {
  std::string uncapped =
      Replace(kSglangBlock, "Max request concurrency:                 1         \n", "");
  ImportResult r = ImportFiles({{"pr.md", uncapped}}, WithModel("llama-3.1-8b"));
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* agg = WithMetric(r, "aggregate-output", "mean");
  ASSERT_NE(agg, nullptr);
  EXPECT_FALSE(agg->conditions.concurrency.integer.has_value());
  EXPECT_TRUE(Contains(agg->conditions.concurrency.absent_reason().str(),
                       "'Peak concurrent requests' is not a bound"))
      << agg->conditions.concurrency.absent_reason();
}

TEST(ImportServingConsole, ACutBlockIsALocatedError) {
  std::string cut(kSglangBlock);
  cut = cut.substr(0, cut.find("---------------Time to First Token"));
  ImportResult r = ImportFiles({{"cut.md", cut}}, WithModel("llama-3.1-8b"));
  EXPECT_TRUE(r.records.empty());
  EXPECT_TRUE(Contains(RenderAll(r.diagnostics), "cut.md:7:1: error[truncated]"))
      << RenderAll(r.diagnostics);
}

// A figure that is not a number (a comma for the decimal point, as a mangled paste has it) is a
// located error at its line, for the throughputs as for the latencies: never a crash on the
// figure that was not made.
TEST(ImportServingConsole, AFigureThatIsNotANumberIsALocatedError) {
  const ImportFile sample = Sample(kConsoleTool, "gb10_gpt-oss-20b_sharegpt_run_I.md");
  for (const char* field : {"Output token throughput (tok/s):         53.75",
                            "Peak output token throughput (tok/s):    149.00"}) {
    std::string text = sample.text;
    const std::string wanted(field);
    const size_t at = text.find(wanted);
    ASSERT_NE(at, std::string::npos) << field;
    const size_t dot = text.find('.', at + wanted.find(':'));
    text[dot] = ',';
    ImportResult r = ImportFiles({{"mangled.md", text}}, {});
    EXPECT_TRUE(r.records.empty()) << field;
    EXPECT_TRUE(Contains(RenderAll(r.diagnostics), "error[not-a-number]"))
        << field << "\n"
        << RenderAll(r.diagnostics);
  }
}

}  // namespace
}  // namespace rooflint::testing
