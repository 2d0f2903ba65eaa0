// The diagnostic codes of the loader, the importers and check (diagnostic_codes.h) against the
// code, the tests and the docs: names unique across the whole catalogue (finding codes
// included), every code asserted by some test, and each code raised here that no other test
// raises, at a severity its row states and at a place in the input.
#include "rooflint/diagnostic_codes.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "import_test_util.h"
#include "rooflint/check.h"
#include "rooflint/corpus.h"
#include "rooflint/finding_codes.h"

namespace rooflint::testing {
namespace {

std::string ReadWhole(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DiagnosticCodes, NamesAreUniqueAcrossTheCatalogueAndEachRowIsWhole) {
  std::set<std::string_view> names;
  for (const FindingCodeInfo& c : FindingCodes()) names.insert(c.name);
  const std::set<std::string_view> severities = {"error", "warning", "note", "error, warning"};
  for (const DiagnosticCodeInfo& c : DiagnosticCodes()) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name << " names two codes";
    EXPECT_EQ(c.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"),
              std::string_view::npos)
        << c.name;
    EXPECT_EQ(FindDiagnosticCode(c.name), &c);
    EXPECT_TRUE(severities.contains(c.severities)) << c.name << ": " << c.severities;
    const std::set<std::string> emitters = {"loader", "import", "check", "config"};
    std::istringstream words{std::string(c.emitter)};
    size_t count = 0;
    for (std::string w; std::getline(words, w, ',');) {
      if (w.starts_with(' ')) w.erase(0, 1);
      EXPECT_TRUE(emitters.contains(w)) << c.name << ": emitter '" << w << "'";
      ++count;
    }
    EXPECT_GT(count, 0u) << c.name;
    EXPECT_FALSE(c.doc.empty()) << c.name;
  }
  EXPECT_EQ(FindDiagnosticCode("unknown-kee"), nullptr);
}

TEST(DiagnosticCodes, EveryCodeIsAssertedByATest) {
  // A test names a diagnostic code as "name" (an expectation on a code) or as [name] (a
  // rendered diagnostic it compares).
  std::string tests;
  for (const auto& e : std::filesystem::directory_iterator(ROOFLINT_TESTS_DIR)) {
    const auto ext = e.path().extension();
    if (ext == ".cc" || ext == ".h" || ext == ".cmake") tests += ReadWhole(e.path());
  }
  for (const DiagnosticCodeInfo& c : DiagnosticCodes()) {
    const std::string name(c.name);
    EXPECT_TRUE(tests.find('"' + name + '"') != std::string::npos ||
                tests.find('[' + name + ']') != std::string::npos)
        << c.name << " is asserted by no test";
  }
}

// Expects a diagnostic with `code` among `ds`, at a severity its row allows and at a path.
void ExpectCode(const std::vector<Diagnostic>& ds, std::string_view code) {
  const DiagnosticCodeInfo* info = FindDiagnosticCode(code);
  ASSERT_NE(info, nullptr) << code;
  bool found = false;
  std::string all;
  for (const Diagnostic& d : ds) {
    all += Render(d);
    if (d.code != code) continue;
    found = true;
    EXPECT_NE(info->severities.find(SeverityName(d.severity)), std::string_view::npos)
        << code << " raised as " << SeverityName(d.severity) << ", its row says "
        << info->severities;
    EXPECT_FALSE(d.where.path.empty()) << code;
  }
  EXPECT_TRUE(found) << "no " << code << " among:\n" << all;
}

// One input and the code it must raise.
struct CodeCase {
  const char* code;
  std::string_view format;
  std::vector<ImportFile> files;
};

void PrintTo(const CodeCase& c, std::ostream* out) { *out << c.code; }

class ImportRaises : public ::testing::TestWithParam<CodeCase> {};

TEST_P(ImportRaises, TheCodeAtItsSeverity) {
  const CodeCase& c = GetParam();
  ImportResult r = ImportFiles(c.files, {}, c.format);
  ExpectCode(r.diagnostics, c.code);
}

const std::string kTest =
    R"({"build_commit": "8cf427ff", "build_number": 5163, "gpu_info": "NVIDIA GeForce RTX 4080", "model_filename": "m.gguf", "model_type": "qwen2 7B Q4_K - Medium", "model_size": 4677120000, "n_prompt": 0, "n_gen": 128, "avg_ts": 118.8})";

const std::string kSummary =
    "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_summary.txt";
const std::string kDetail =
    "v4.1_NVIDIA_DGX-H100x8_llama2-70b-99.9_Offline_mlperf_log_detail.EXCERPT.txt";
const std::string kSystems = "v4.1_NVIDIA_systems_DGX-H100_H100-SXM-80GBx8_TRT.json";

// The first `n` lines of `text`.
std::string Head(const std::string& text, int n) {
  size_t at = 0;
  for (int i = 0; i < n && at != std::string::npos; ++i) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  return text.substr(0, at);
}

// A summary, and a detail log of the sample's first lines and one more event.
std::vector<ImportFile> MlperfWithEvent(const std::string& event) {
  return {{"run/mlperf_log_summary.txt", Sample("mlperf", kSummary).text},
          {"run/mlperf_log_detail.txt", Head(Sample("mlperf", kDetail).text, 3) + event + "\n"}};
}

std::vector<ImportFile> AiperfWith(const std::string& from, const std::string& to) {
  ImportFile f =
      Sample("aiperf", "aiperf-plot-fixture-vinhngx_qwen3-0.6b_c1_profile_export_aiperf.json");
  f.text = Replace(f.text, from, to);
  return {f};
}

std::vector<ImportFile> TrtllmPerGpuHalved() {
  ImportFile f =
      Sample("trtllm-bench",
             "nvidia-blog_v0.21.0rc0_llama3.1-8b_pytorch_streaming_c-unstated.EXCERPT.txt");
  // Per GPU = total / (TP x PP) = total at TP1 PP1; half of it implies two GPUs.
  f.text = Replace(f.text, "Per GPU Output Throughput (tps/gpu):              11076.7700",
                   "Per GPU Output Throughput (tps/gpu):              5538.3850");
  return {f};
}

std::vector<ImportFile> SglangLineTwice() {
  ImportFile f = Sample("sglang", "tonyli15_qwen2.5-3b_pd_1p2d_n100_in2048_out512_c128.jsonl");
  const std::string line = Head(f.text, 1);
  return {{f.path, line + line}};
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ImportRaises,
    ::testing::Values(
        CodeCase{"not-a-test", "llama-bench", {{"a.json", "[1]\n"}}},
        CodeCase{"no-tests", "llama-bench", {{"a.json", "[]\n"}}},
        CodeCase{"no-header", "llama-bench", {{"a.csv", "foo,bar\n1,2\n"}}},
        CodeCase{"bad-sql", "llama-bench", {{"a.sql", "INSERT INTO test VALUES (1);\n"}}},
        CodeCase{"empty-test",
                 "llama-bench",
                 {{"a.jsonl", Replace(kTest, "\"n_gen\": 128", "\"n_gen\": 0") + "\n"}}},
        CodeCase{"not-a-run", "vllm-serve", {{"a.json", "[1]\n"}}},
        CodeCase{"unsupported-schema",
                 "aiperf",
                 {{"a.json", R"({"schema_version": "2.0", "aiperf_version": "2.0.0"})"}}},
        CodeCase{"no-metrics",
                 "aiperf",
                 {{"a.json", R"({"schema_version": "1.3", "aiperf_version": "0.10.0"})"}}},
        CodeCase{"several-models", "aiperf",
                 AiperfWith("\"Qwen/Qwen3-0.6B\"\n", "\"Qwen/Qwen3-0.6B\", \"Qwen/Qwen3-8B\"\n")},
        CodeCase{"duplicate-run", "sglang-serving", SglangLineTwice()},
        CodeCase{"gpu-count-disagrees", "trtllm-bench", TrtllmPerGpuHalved()},
        CodeCase{"no-tokens-per-second",
                 "mlperf",
                 {{"run/mlperf_log_summary.txt",
                   Replace(Sample("mlperf", kSummary).text, "Tokens per second: 24524.9\n", "")}}},
        CodeCase{
            "logged-error", "mlperf",
            MlperfWithEvent(
                R"(:::MLLOG {"key": "error_invalid_config", "value": "bad", "time_ms": 1.0, "namespace": "mlperf::logging", "event_type": "POINT_IN_TIME", "metadata": {"is_error": true, "is_warning": false, "file": "x", "line_no": 1, "pid": 1, "tid": 1}})")},
        CodeCase{"bad-event", "mlperf",
                 MlperfWithEvent(R"(:::MLLOG {"key": "effective_scenario"})")},
        CodeCase{"no-results", "mlperf", {Sample("mlperf", kSystems)}},
        CodeCase{"ambiguous-files",
                 "mlperf",
                 {{"run/a.json", Sample("mlperf", kSystems).text},
                  {"run/b.json", Sample("mlperf", kSystems).text},
                  {"run/mlperf_log_summary.txt", Sample("mlperf", kSummary).text}}}));

TEST(DiagnosticCodes, AnUnreadablePathIsCannotRead) {
  std::vector<Diagnostic> ds;
  std::vector<std::string> paths = {"no-such-file.json"};
  EXPECT_TRUE(ReadImportPaths(paths, ds).empty());
  ExpectCode(ds, "cannot-read");
}

TEST(DiagnosticCodes, AKindFolderThatIsAFileAndALinkToNothing) {
  const auto root =
      std::filesystem::temp_directory_path() / ("rooflint-codes-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root / "models");
  std::ofstream(root / "benchmarks") << "not a folder\n";
  // A link inside the corpus to a record that is not there.
  std::filesystem::create_symlink("gone.toml", root / "models" / "m.toml");
  Corpus corpus = LoadCorpus(std::vector<std::string>{root.string()});
  ExpectCode(corpus.diagnostics, "not-a-folder");
  ExpectCode(corpus.diagnostics, "io-error");
  std::filesystem::remove_all(root);
}

// What `check` says of a claim it cannot read.
Claim GoodClaim() {
  Claim c;
  c.model = "llama-3.1-8b";
  c.hardware = "1x H100 SXM";
  c.value = "100 tok/s per user";
  return c;
}

TEST(DiagnosticCodes, ClaimsThatCannotBeRead) {
  Claim c = GoodClaim();
  c.model = "";
  ExpectCode(CheckClaim(c, Bundled()).diagnostics, "missing-flag");
  c = GoodClaim();
  c.speculative = "often";
  ExpectCode(CheckClaim(c, Bundled()).diagnostics, "bad-flag");
  c = GoodClaim();
  c.batch = 8;
  c.concurrency = 8;
  ExpectCode(CheckClaim(c, Bundled()).diagnostics, "conflicting-flags");
  c = GoodClaim();
  c.hardware = "1x Zorblax 9000";
  ExpectCode(CheckClaim(c, Bundled()).diagnostics, "unknown-hardware");
  c = GoodClaim();
  c.value = "fast";
  ExpectCode(CheckClaim(c, Bundled()).diagnostics, "unreadable-value");
}

TEST(DiagnosticCodes, FilesCheckedWithAnUnknownNameOrNoModel) {
  ImportOptions o;
  o.model = "zorblax-9000-instruct";
  std::vector<ImportFile> files = {{"a.json", "[]\n"}};
  ExpectCode(CheckFiles("llama-bench", files, o, Bundled()).diagnostics, "unknown-name");
  std::vector<ImportFile> line = SglangLineTwice();
  line.resize(1);
  line[0].text = Head(line[0].text, 1);
  ExpectCode(CheckFiles("sglang-serving", line, {}, Bundled()).diagnostics, "no-bound");
}

}  // namespace
}  // namespace rooflint::testing
