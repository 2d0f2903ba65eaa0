// Bad input to the importers: every problem is a diagnostic pointing into the foreign file,
// never a crash, and a file with an error yields no record.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "import/common.h"
#include "import_test_util.h"
#include "sanitizer.h"

namespace rooflint::testing {
namespace {

// "mlperf|aiperf|...": every importer of the table, in detection order, as hints print them.
std::string FormatChoices() {
  std::string out;
  for (const ImporterInfo& i : Importers()) out += (out.empty() ? "" : "|") + std::string(i.name);
  return out;
}

struct BadCase {
  const char* name;
  std::string_view format;
  std::string text;
  std::string rendered;  // every diagnostic, whole
};

// Names the case in test listings (CTest shows the parameter beside each test's name).
void PrintTo(const BadCase& c, std::ostream* out) { *out << c.name; }

class ImportBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(ImportBadInput, IsADiagnosticPointingIntoTheFile) {
  const BadCase& c = GetParam();
  ImportResult r = ImportFiles({{c.name, c.text}}, {}, c.format);
  EXPECT_TRUE(r.records.empty());
  EXPECT_TRUE(r.HasErrors());
  EXPECT_EQ(RenderAll(r.diagnostics), c.rendered);
}

const std::string kTg =
    R"({"build_commit": "8cf427ff", "build_number": 5163, "gpu_info": "NVIDIA GeForce RTX 4080", "model_filename": "m.gguf", "model_type": "qwen2 7B Q4_K - Medium", "model_size": 4677120000, "n_prompt": 0, "n_gen": 128, "avg_ts": 118.8})";

const std::string kTimeLine =
    R"({"model_id": "meta-llama/Llama-3.2-3B-Instruct", "completed": 2, "total_input_tokens": 20, "total_output_tokens": 20, "output_throughput": 5.0, "mean_ttft_ms": -3.5})";

INSTANTIATE_TEST_SUITE_P(
    Cases, ImportBadInput,
    ::testing::Values(
        BadCase{"trunc.json", "llama-bench", "[\n  {\"n_prompt\": 0,\n  \"n_gen\"",
                "trunc.json:2:3: error[truncated]: object 1 is cut off: the file ends inside "
                "it\n"
                "  2 |   {\"n_prompt\": 0,\n"
                "    |   ^\n"
                "  hint: the run did not finish writing; re-run llama-bench (-o jsonl is flushed "
                "test by test)\n"},
        BadCase{"neg.jsonl", "llama-bench", Replace(kTg, "118.8", "-118.8") + "\n",
                "neg.jsonl:1:224: error[non-positive]: /avg_ts: tokens per second: token rate "
                "must be greater than zero, got '-118.8 tok/s' (near '-118.8}')\n"
                "  hint: a physical quantity here is positive; check the sign and the figure\n"},
        BadCase{"nan.jsonl", "llama-bench", Replace(kTg, "118.8", "NaN") + "\n",
                "nan.jsonl:1:224: error[bad-json]: line 1: not valid JSON: syntax error while "
                "parsing value - invalid literal; last read: '\"avg_ts\": N' (near 'NaN}')\n"
                "  hint: llama-bench writes valid JSON; was the file edited or cut?\n"},
        BadCase{"text.jsonl", "llama-bench",
                Replace(kTg, "\"n_gen\": 128", "\"n_gen\": \"many\"") + "\n",
                "text.jsonl:1:209: error[not-a-number]: /n_gen: 'many' is not a whole number "
                "(near '\"many\", \"avg_ts\": 118.8}')\n"
                "  hint: llama-bench writes token counts as integers\n"},
        BadCase{
            "utf8.csv", "llama-bench", "model_type,avg_ts\n\"llama \xff\",\"1\"\n",
            "utf8.csv:2:8: error[bad-utf8]: the file is not valid UTF-8 here (near '?\",\"1\"')\n"
            "  hint: llama-bench writes UTF-8; was the file converted to another encoding?\n"},
        BadCase{"empty.json", "llama-bench", "",
                "empty.json: error[empty-file]: the file is empty\n"
                "  hint: import the output of llama-bench -o json|jsonl|csv|sql|md\n"},
        BadCase{"cut.sql", "llama-bench", "INSERT INTO test (n_prompt, n_gen) VALUES ('0', '12",
                "cut.sql:1:1: error[truncated]: INSERT 1 ends before its closing ')'\n"
                "  1 | INSERT INTO test (n_prompt, n_gen) VALUES ('0', '12\n"
                "    | ^\n"
                "  hint: the file was cut, or a value holds a quote llama-bench did not escape; "
                "re-run llama-bench -o sql\n"},
        BadCase{"md.md", "llama-bench",
                "| model | t/s | test |\n| --- | --- | --- |\n| llama 7B mostly Q4_0 | 1 ± 2 | "
                "xx 5 |\n",
                "md.md:3:35: error[unknown-test]: md:test: 'xx 5' is not a llama-bench test "
                "label\n"
                "  3 | | llama 7B mostly Q4_0 | 1 ± 2 | xx 5 |\n"
                "    |                                   ^\n"
                "  hint: labels are pp<N>, tg<N> or pp<N>+tg<M>, optionally with ' @ d<depth>'\n"},
        BadCase{
            "time.json", "vllm-serve", kTimeLine,
            ""
            "time.json:1:161: error[non-positive]: /mean_ttft_ms: TTFT: time must be greater "
            "than zero, got '-3.5 ms'\n"
            "  1 | " +
                kTimeLine +
                "\n"
                "    | " +
                std::string(160, ' ') +
                "^\n"
                "  hint: a physical quantity here is positive; check the sign and the figure\n"},
        BadCase{
            "none.json", "vllm-serve",
            R"({"model_id": "x", "completed": 0, "total_input_tokens": 0, "total_output_tokens": 0, "output_throughput": 0})",
            "none.json:1:32: error[no-requests]: /completed: 0 completed requests: nothing "
            "was measured\n"
            "  1 | {\"model_id\": \"x\", \"completed\": 0, \"total_input_tokens\": 0, "
            "\"total_output_tokens\": 0, \"output_throughput\": 0}\n"
            "    |                                ^\n"
            "  hint: a run with no completed request has no throughput or latency to import\n"},
        BadCase{"inf.json", "vllm-serve",
                R"({"model_id": "x", "completed": 1, "request_rate": Infinity})",
                "inf.json:1:51: error[bad-json]: line 1: not valid JSON: syntax error while "
                "parsing value - invalid literal; last read: '\"request_rate\": I'\n"
                "  1 | {\"model_id\": \"x\", \"completed\": 1, \"request_rate\": Infinity}\n"
                "    |                                                   ^\n"
                "  hint: vLLM bench serve writes strict JSON; NaN or Infinity, or a cut or edited "
                "file, is not\n"},
        BadCase{"summary.txt", "mlperf",
                "MLPerf Results Summary\nScenario : MultiStream\nTokens per second: 5\n",
                "summary.txt:2:12: error[unknown-scenario]: scenario 'MultiStream' has no "
                "rooflint equivalent\n"
                "  2 | Scenario : MultiStream\n"
                "    |            ^\n"
                "  hint: rooflint records Offline, Server, SingleStream and Interactive runs\n"},
        BadCase{"other.txt", kAutoFormat, "hello\n",
                "other.txt: error[unknown-format]: cannot tell the format from the content: it is "
                "the output of none of the tools rooflint imports\n"
                "  hint: name the format: rooflint import " +
                    FormatChoices() + " FILE\n"}),
    [](const ::testing::TestParamInfo<BadCase>& param) {
      std::string n;
      for (char c : std::string(param.param.name)) n += std::isalnum(c) ? c : '_';
      return n;
    });

TEST(ImportBadInput, UnknownFlagIdsAreReportedBeforeAnyFile) {
  ImportOptions o;
  o.model = "llama-2-7";
  o.accelerator = "nvidia-h100";
  ImportResult r =
      ImportFiles({Sample("vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl")}, o);
  EXPECT_TRUE(r.records.empty());
  EXPECT_EQ(RenderAll(r.diagnostics),
            "--accelerator: error[unknown-id]: no accelerator 'nvidia-h100' in the corpus\n"
            "  hint: give an accelerator id (accelerators/<id>.toml), or use --hardware with the "
            "part's name\n"
            "--model: error[unknown-id]: no model 'llama-2-7' in the corpus\n"
            "  hint: give a model id (models/<id>.toml), or add the model record\n");
}

TEST(ImportBadInput, UnterminatedJsonArrayKeepsTheCompleteObjects) {
  ImportFile f = Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.json");
  f.text = f.text.substr(0, f.text.rfind(']'));
  ImportResult r = ImportFiles({f});
  EXPECT_EQ(Benchmarks(r).size(), 2u);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, "truncated");
  EXPECT_EQ(r.diagnostics[0].severity, Severity::kWarning);
}

// Cut points every 7 bytes; under AddressSanitizer (an unoptimised build where this test alone
// took minutes) every 31st byte, the Release run having covered every 7th.
constexpr size_t kTruncationStride = kUnderAddressSanitizer ? 31 : 7;

TEST(ImportBadInput, EveryTruncationOfEverySampleIsHandled) {
  struct S {
    const char* tool;
    const char* file;
  };
  for (const S& s :
       {S{"llama-bench", "b5163_rtx4080_qwen2.5-7b.json"},
        S{"llama-bench", "b5163_rtx4080_qwen2.5-7b.csv"},
        S{"llama-bench", "b5163_rtx4080_qwen2.5-7b.sql"},
        S{"llama-bench", "b5163_rtx4080_md_table.md"},
        S{"vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl"},
        S{"mlperf", "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt"},
        S{"mlperf", "v4.1_NVIDIA_systems_DGX-H100_H100-SXM-80GBx8_TRT.json"}}) {
    ImportFile full = Sample(s.tool, s.file);
    for (size_t n = 0; n < full.text.size(); n += kTruncationStride) {
      ImportFile cut{full.path, full.text.substr(0, n)};
      ImportResult r = ImportFiles({cut});
      // Either records, or at least one diagnostic saying why not.
      EXPECT_TRUE(!r.records.empty() || !r.diagnostics.empty()) << s.file << " cut at " << n;
      ExpectRoundTrip(r);
    }
  }
}

TEST(ImportBadInput, LargeDetailedVllmResultImportsWithoutKeepingItsArrays) {
  std::string text =
      R"({"model_id": "meta-llama/Llama-3.2-3B-Instruct", "completed": 20000, "total_input_tokens": 2000000, "total_output_tokens": 2000000, "output_throughput": 900.5, "mean_tpot_ms": 12.5, "itls": [)";
  for (int i = 0; i < 20000; ++i) {
    text += i ? ", [0.0125, 0.0126, 0.0127, 0.0124]" : "[0.0125, 0.0126, 0.0127, 0.0124]";
  }
  text += R"(], "generated_texts": [)";
  for (int i = 0; i < 20000; ++i) text += i ? ", \"h\\u00e9llo \\\"w\\\"\"" : "\"x\"";
  text += "]}\n";
  ImportResult r = ImportFiles({{"big.json", text}});
  EXPECT_EQ(Benchmarks(r).size(), 2u);
  ExpectRoundTrip(r);
}

TEST(ImportBadInput, AnUnknownFormatNameIsADiagnosticNotACrash) {
  ImportResult r = ImportFiles({{"a.json", "{}"}}, {}, "vllm-bench");
  EXPECT_EQ(RenderAll(r.diagnostics),
            "FORMAT: error[unknown-format]: no importer is named 'vllm-bench'\n"
            "  hint: name one of: auto|" +
                FormatChoices() + "\n");
  EXPECT_TRUE(r.records.empty());
  EXPECT_TRUE(IsImportFormat("auto"));
  EXPECT_TRUE(IsImportFormat("mlperf"));
  EXPECT_FALSE(IsImportFormat("MLPerf"));
}

TEST(ImportBadInput, ANumberBeyondDoubleRangeIsALocatedErrorInEveryJsonFormat) {
  // A real sample of each JSON format with one number edited to 1e400: once an unlocated
  // internal error (vLLM bench serve, then llama-bench).
  struct Case {
    std::string format, folder, name, key;
  };
  for (const Case& c : std::vector<Case>{
           {"vllm-serve", "vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl", "completed"},
           {"sglang-serving", "sglang",
            "tonyli15_v0.5.5.post3_qwen2.5-3b_agg_n100_in512_out128_c32.jsonl", "completed"},
           {"llmperf", "llmperf", "llmperf-leaderboard_groq_llama2-70b_550_150_summary.json",
            "results_num_completed_requests"},
           {"vllm-throughput", "vllm-throughput",
            "zhangxinyuehfad_vllm-ascend-nightly_throughput_llama8B_tp1_dummy-weights_85d19684."
            "json",
            "num_requests"},
           {"aiperf", "aiperf", "run1_gpt-oss-20b_c100_profile_export_aiperf.json", "avg"},
           {"genai-perf", "genai-perf",
            "perf_analyzer-issue298_trtllm-ensemble_c100_streaming_profile_export_genai_perf.json",
            "avg"},
           {"llama-bench", "llama-bench", "b5163_rtx4080_qwen2.5-7b.jsonl", "avg_ts"}}) {
    ImportFile f = Sample(c.folder, c.name);
    if (c.name.ends_with(".jsonl")) f.text = f.text.substr(0, f.text.find('\n') + 1);
    size_t at = f.text.find("\"" + c.key + "\": ");
    ASSERT_NE(at, std::string::npos) << c.format;
    size_t value = at + c.key.size() + 4;
    f.text.replace(value, f.text.find_first_of(",}\n", value) - value, "1e400");
    ImportResult r = ImportFiles({f}, WithModel("llama-3.1-8b"), c.format);
    ASSERT_EQ(r.diagnostics.size(), 1u) << c.format << "\n" << RenderAll(r.diagnostics);
    EXPECT_EQ(r.diagnostics[0].code, "out-of-range") << c.format;
    auto [line, column] = std::pair{1, static_cast<int>(value) + 1};
    for (size_t i = 0; i < value; ++i) {
      if (f.text[i] == '\n') {
        ++line;
        column = static_cast<int>(value - i);
      }
    }
    EXPECT_EQ(r.diagnostics[0].where.line, line) << c.format;
    EXPECT_EQ(r.diagnostics[0].where.column, column) << c.format;
    EXPECT_TRUE(r.records.empty()) << c.format;
  }
}

TEST(ImportBadInput, ATestTimeThatIsNoDateDatesNothingAndIsNoInternalError) {
  // The real b5163 JSON with test_time edited: once a source record that did not re-parse.
  ImportFile f = Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.json");
  size_t at = f.text.find("\"test_time\": \"");
  ASSERT_NE(at, std::string::npos);
  size_t value = at + std::string("\"test_time\": \"").size();
  f.text.replace(value, f.text.find('"', value) - value, "sometime in April");
  ImportResult r = ImportFiles({f}, {}, "llama-bench");
  EXPECT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(r.diagnostics[0].code, "not-a-date");
  EXPECT_GT(r.diagnostics[0].where.line, 0);
  EXPECT_FALSE(r.records.empty());
}

// Inputs the import fuzzer once crashed on: each must import or be rejected, never crash.
TEST(ImportBadInput, FuzzRegressionsReplayWithoutCrashing) {
  namespace fs = std::filesystem;
  size_t inputs = 0;
  for (const auto& entry : fs::directory_iterator(ROOFLINT_IMPORT_FUZZ_REGRESSIONS)) {
    if (entry.path().filename() == "README.md") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const std::string& f : ImportFormatNames()) {
      ImportResult r = ImportFiles({{entry.path().filename().string(), text}}, {}, f);
      EXPECT_TRUE(!r.records.empty() || !r.diagnostics.empty()) << entry.path();
    }
    ++inputs;
  }
  EXPECT_GE(inputs, 1u);
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n') + 1); }

// A file of 100,000 lines that each lack five fields (each line a run of its own duration)
// makes 500,000 errors: the importer keeps the first kDiagnosticsPerFile of them and counts the
// rest as it goes (it held them all: 1.4 GB for 1.5 MB of `{}` lines), and the import says how
// many it did not show.
TEST(ImportBadInput, AMillionMissingFieldsAreCountedNotKept) {
  std::string text;
  const int lines = kUnderAddressSanitizer ? 20000 : 100000;
  for (int i = 0; i < lines; ++i) text += fmt::format("{{\"duration\": {}}}\n", i + 1);
  ImportResult r = ImportFiles({{"empty.jsonl", text}}, {}, "vllm-serve");
  ASSERT_EQ(r.diagnostics.size(), kDiagnosticsPerFile + 1) << RenderAll(r.diagnostics);
  const Diagnostic& more = r.diagnostics.back();
  EXPECT_EQ(more.code, "more-diagnostics");
  EXPECT_EQ(more.severity, Severity::kError);
  const size_t rest = 5 * static_cast<size_t>(lines) - kDiagnosticsPerFile;
  EXPECT_EQ(more.message, fmt::format("... and {} more diagnostics in this file ({} errors), "
                                      "not shown",
                                      rest, rest));
  EXPECT_TRUE(r.HasErrors());
  EXPECT_TRUE(Benchmarks(r).empty());
  EXPECT_TRUE(r.dropped.empty());
}

// The sink an importer reports through keeps a file's first kDiagnosticsPerFile diagnostics and
// only counts the rest; failing stays failing when every error was past the cap.
TEST(ImportBadInput, TheImportersSinkKeepsTheFirstDiagnosticsOfAFileAndCountsTheRest) {
  ImportFile file{"f.json", "{}"};
  ImportResult out;
  {
    import::FileImport fi(file, out);
    for (int i = 0; i < 1000; ++i) {
      fi.sink().Add(fi.src().At(
          0, static_cast<size_t>(i) < kDiagnosticsPerFile ? Severity::kNote : Severity::kError,
          "missing-field", "x", ""));
    }
    EXPECT_TRUE(fi.failed());  // the errors were all past the cap
  }
  EXPECT_EQ(out.diagnostics.size(), kDiagnosticsPerFile);
  ASSERT_EQ(out.dropped.count("f.json"), 1u);
  EXPECT_EQ(out.dropped["f.json"].count, 1000 - kDiagnosticsPerFile);
  EXPECT_EQ(out.dropped["f.json"].errors, 1000 - kDiagnosticsPerFile);
}

// Token totals past any run (1e23 to 1e308) were cast to int64_t unchecked, undefined
// behaviour: they are out of range at their value, as completed is.
TEST(ImportBadInput, HugeVllmTokenTotalsAreOutOfRangeAtTheirValue) {
  const std::string line =
      FirstLine(Sample("vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl").text);
  for (const char* huge : {"1e23", "1.5e308"}) {
    for (const char* key : {"total_input_tokens", "total_output_tokens"}) {
      const std::string from = fmt::format(
          "\"{}\": {}", key, std::string(key) == "total_input_tokens" ? "299700" : "81050");
      std::string text = Replace(line, from, fmt::format("\"{}\": {}", key, huge));
      ImportResult r = ImportFiles({{"run.jsonl", text}}, {}, "vllm-serve");
      ASSERT_TRUE(r.HasErrors()) << key << " " << huge;
      const Diagnostic& d = r.diagnostics.front();
      EXPECT_EQ(d.code, "out-of-range") << RenderAll(r.diagnostics);
      EXPECT_EQ(d.where.line, 1);
      EXPECT_EQ(static_cast<size_t>(d.where.column), text.find(huge) + 1)
          << RenderAll(r.diagnostics);
      EXPECT_TRUE(Benchmarks(r).empty());
    }
  }
}

}  // namespace
}  // namespace rooflint::testing

namespace rooflint::testing {
namespace {

TEST(LatencyKeyTest, ReadsBothToolsSpellingsByOneScanAndBoundsTheKey) {
  auto k = import::ParseLatencyKey("p99.9_e2el_ms");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->metric, "e2el");
  EXPECT_EQ(k->statistic, "p99.9");
  k = import::ParseLatencyKey("median_e2e_latency_ms");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->metric, "e2e_latency");
  EXPECT_EQ(import::LatencyMetric(k->metric), "e2e-latency");
  EXPECT_FALSE(import::ParseLatencyKey("mean_ttft_s"));
  EXPECT_FALSE(import::ParseLatencyKey("p_ttft_ms"));
  EXPECT_FALSE(import::ParseLatencyKey("_ms"));
  // A 200,000-byte key that looks like one: no match and no deep recursion.
  EXPECT_FALSE(import::ParseLatencyKey("p" + std::string(200000, '9') + "_ttft_ms"));
}

}  // namespace
}  // namespace rooflint::testing
