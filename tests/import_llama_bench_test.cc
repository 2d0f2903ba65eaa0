// llama-bench importer: every sample format and schema generation, against the real files in
// tests/import-samples/llama-bench/ (verbatim copies of llama.cpp's README blocks).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "import_test_util.h"

namespace rooflint::testing {
namespace {

const std::vector<std::string> kTgConditions2025 = {
    "batch = 1",
    "input_tokens = 0",
    "output_tokens = 128",
    "engine = llama.cpp",
    "engine_version = 8cf427ff (build 5163)",
    "warmup = absent: llama-bench runs a warmup pass by default but records neither it nor "
    "--no-warmup",
    "scenario = single-stream",
    "speculative = false",
};

const std::vector<std::string> kPpConditions2025 = {
    "batch = 1",
    "input_tokens = 512",
    "output_tokens = absent: a pp test generates no tokens (n_gen = 0); the record format takes "
    "output_tokens >= 1",
    "engine = llama.cpp",
    "engine_version = 8cf427ff (build 5163)",
    "warmup = absent: llama-bench runs a warmup pass by default but records neither it nor "
    "--no-warmup",
    "scenario = single-stream",
    "speculative = false",
};

std::vector<std::string> Rtx4080Fields(const std::string& metric, const std::string& value) {
  return {"status = verified",
          "metric = " + metric,
          "statistic = mean",
          "value = " + value,
          "model = qwen2.5-7b",
          "precision = q4_k_m",
          "weights = 4677120000 B",
          "hardware = NVIDIA GeForce RTX 4080",
          "accelerators = nvidia-rtx-4080",
          "accelerators_absent = -",
          "accelerator_count = 1"};
}

TEST(ImportLlamaBench, Json2025SchemaCapturesEveryCondition) {
  ImportResult r = ImportFiles({Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.json")});
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(FieldsOf(*bs[0]), Rtx4080Fields("prefill", "7100.002165 tok/s"));
  EXPECT_EQ(ConditionsOf(*bs[0]), kPpConditions2025);
  EXPECT_EQ(FieldsOf(*bs[1]), Rtx4080Fields("per-user-decode", "118.881588 tok/s"));
  EXPECT_EQ(ConditionsOf(*bs[1]), kTgConditions2025);
  EXPECT_EQ(bs[1]->locator,
            "object 2 (tg128, test_time 2025-04-24T11:58:51Z), "
            "avg_ts");
  // The spread is kept: mean, every repetition and the standard deviation.
  EXPECT_NE(bs[1]->notes.find("avg_ts is the mean of 5 repetitions (samples_ts 119.03, 120.178, "
                              "119.43, 118.307, 117.464), stddev_ts 1.041811 tok/s"),
            std::string::npos)
      << bs[1]->notes;
  // One source record for the file, cited by both benchmarks.
  ASSERT_EQ(r.records.size(), 3u);
  EXPECT_EQ(r.records[2].kind, RecordKind::kSource);
  EXPECT_EQ(bs[0]->source, r.records[2].id);
  const auto& source = std::get<Source>(r.records[2].record);
  EXPECT_EQ(source.date, "2025-04-24");
  EXPECT_EQ(source.source_kind, "dataset");
  ExpectRoundTrip(r);
}

TEST(ImportLlamaBench, Rtx4080DecodeLandsBetweenTenAndHundredPercentOfItsMemoryRoof) {
  ImportResult r = ImportFiles({Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.json")});
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  auto roofs = AuditOf(r, bs[1]->header.id);
  const InstrumentResult* memory = Roof(roofs, "memory-roof");
  ASSERT_NE(memory, nullptr);
  EXPECT_EQ(memory->verdict, Verdict::kWithin);
  EXPECT_GT(memory->percent, 10.0);
  EXPECT_LT(memory->percent, 100.0);
  // W = 4677120000 B less the untied input-embedding table of qwen2.5-7b at the file's own
  // width: 544997376 x 4.84 / 8 = 329.7 MB, so 4.347 GB.
  EXPECT_EQ(ArithmeticText(*memory), "1 x 716.8 GB/s / 4.347 GB = 164.9 tok/s");
  // The prefill record gets only the compute roof.
  auto pp = AuditOf(r, bs[0]->header.id);
  EXPECT_EQ(Roof(pp, "memory-roof")->verdict, Verdict::kNotComputable);
  EXPECT_EQ(Roof(pp, "compute-roof")->verdict, Verdict::kWithin);
}

TEST(ImportLlamaBench, JsonlCsvAndSqlOfTheSameBuildCaptureTheSameConditions) {
  struct Case {
    const char* file;
    const char* pp;
    const char* tg;
    const char* locator;
  };
  for (const Case& c :
       {Case{"b5163_rtx4080_qwen2.5-7b.jsonl", "7263.609157 tok/s", "119.844681 tok/s",
             "line 2 (tg128, test_time 2025-04-24T11:59:33Z), "
             "avg_ts"},
        Case{"b5163_rtx4080_qwen2.5-7b.csv", "7285.676949 tok/s", "119.915244 tok/s",
             "row 2 (tg128, test_time 2025-04-24T11:57:10Z), "
             "avg_ts"},
        Case{"b5163_rtx4080_qwen2.5-7b.sql", "7324.546977 tok/s", "120.346696 tok/s",
             "INSERT 2 (tg128, test_time 2025-04-24T12:00:09Z), "
             "avg_ts"}}) {
    SCOPED_TRACE(c.file);
    ImportResult r = ImportFiles({Sample("llama-bench", c.file)});
    EXPECT_EQ(RenderAll(r.diagnostics), "");
    auto bs = Benchmarks(r);
    ASSERT_EQ(bs.size(), 2u);
    EXPECT_EQ(FieldsOf(*bs[0]), Rtx4080Fields("prefill", c.pp));
    EXPECT_EQ(ConditionsOf(*bs[0]), kPpConditions2025);
    EXPECT_EQ(FieldsOf(*bs[1]), Rtx4080Fields("per-user-decode", c.tg));
    EXPECT_EQ(ConditionsOf(*bs[1]), kTgConditions2025);
    EXPECT_EQ(bs[1]->locator, c.locator);
    ExpectRoundTrip(r);
  }
}

TEST(ImportLlamaBench, OldSchemaWithBackendBooleansImports) {
  ImportResult r = ImportFiles({Sample("llama-bench", "b1275_rtx3090ti_llama7b_oldschema.json")});
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(
      FieldsOf(*bs[1]),
      (std::vector<std::string>{"status = verified", "metric = per-user-decode", "statistic = mean",
                                "value = 130.965708 tok/s", "model = llama-7b", "precision = q4_0",
                                "weights = 3825065984 B", "hardware = NVIDIA GeForce RTX 3090 Ti",
                                "accelerators = nvidia-rtx-3090-ti", "accelerators_absent = -",
                                "accelerator_count = 1"}));
  EXPECT_EQ(ConditionsOf(*bs[1]),
            (std::vector<std::string>{
                "batch = 1", "input_tokens = 0", "output_tokens = 128", "engine = llama.cpp",
                "engine_version = 3469684 (build 1275)",
                "warmup = absent: llama-bench runs a warmup pass by default but records neither "
                "it nor --no-warmup",
                "scenario = single-stream", "speculative = false"}));
  // The 2023 schema has no n_depth: the notes say so rather than inventing one.
  EXPECT_NE(bs[1]->notes.find("n_depth not in this schema (0)"), std::string::npos);
  EXPECT_NE(bs[1]->notes.find("cuda true; metal false; opencl false; gpu_blas true; blas true"),
            std::string::npos)
      << bs[1]->notes;
  ExpectRoundTrip(r);
}

TEST(ImportLlamaBench, MarkdownTableIsLossyAndSaysWhatIsAbsent) {
  ImportResult r = ImportFiles({Sample("llama-bench", "b5163_rtx4080_md_table.md")});
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(FieldsOf(*bs[1]),
            (std::vector<std::string>{
                "status = verified", "metric = per-user-decode", "statistic = mean",
                "value = 131.42 tok/s", "model = llama-7b", "precision = q4_0",
                "weights = 3.56 GiB", "hardware = not stated by the file", "accelerators = ",
                "accelerators_absent = not-stated: llama-bench's markdown table does not print "
                "gpu_info or cpu_info; pass --hardware or --accelerator",
                "accelerator_count = absent: the file names no device (pass --count)"}));
  EXPECT_EQ(ConditionsOf(*bs[1]),
            (std::vector<std::string>{
                "batch = 1", "input_tokens = 0", "output_tokens = 128", "engine = llama.cpp",
                "engine_version = absent: the markdown table has no 'build:' footer (older "
                "llama-bench builds print none)",
                "warmup = absent: llama-bench runs a warmup pass by default but records neither "
                "it nor --no-warmup",
                "scenario = single-stream", "speculative = false"}));
  EXPECT_EQ(bs[0]->metric, Metric::kPrefill);
  EXPECT_EQ(bs[0]->value.text, "2368.80 tok/s");
  EXPECT_NE(bs[0]->notes.find("stddev_ts 93.24 tok/s"), std::string::npos) << bs[0]->notes;
  ExpectRoundTrip(r);
}

// A log captured with --progress: "llama-bench: benchmark 2/4: starting" and its runs stand
// between the table's rows; every row is a test, none is dropped.
TEST(ImportLlamaBench, ProgressLinesBetweenRowsKeepTheTableOpen) {
  ImportResult r =
      ImportFiles({Sample("llama-bench", "b7937_mi50_qwen3vlmoe-30b-a3b_progress.md")});
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 4u) << RenderAll(r.diagnostics);
  EXPECT_EQ(bs[0]->metric, Metric::kPrefill);
  EXPECT_EQ(bs[0]->value.text, "1683.39 tok/s");
  EXPECT_EQ(bs[1]->value.text, "18.50 tok/s");
  EXPECT_EQ(bs[2]->value.text, "130.57 tok/s");
  EXPECT_EQ(bs[3]->value.text, "123.54 tok/s");
  ASSERT_TRUE(bs[3]->conditions.output_tokens.integer);
  EXPECT_EQ(*bs[3]->conditions.output_tokens.integer, 2048);
  EXPECT_EQ(bs[3]->conditions.engine_version.text(), "423bee462 (build 7937)");
  for (const auto& d : r.diagnostics) EXPECT_NE(d.code, "row-outside-table") << Render(d);
  ExpectRoundTrip(r);
}

// Another line between rows ends the table; a row as wide as it after that is said, not lost.
TEST(ImportLlamaBench, ARowAfterTheTableEndedIsAWarning) {
  ImportFile f = Sample("llama-bench", "b7937_mi50_qwen3vlmoe-30b-a3b_progress.md");
  f.text = Replace(f.text, "llama-bench: benchmark 3/4: starting\n", "some other log line\n");
  ImportResult r = ImportFiles({f});
  EXPECT_EQ(Benchmarks(r).size(), 2u);
  std::vector<int> lines;  // the rows of tg128 and tg2048
  for (const auto& d : r.diagnostics) {
    if (d.code != "row-outside-table") continue;
    EXPECT_EQ(d.severity, Severity::kWarning);
    lines.push_back(d.where.line);
  }
  EXPECT_EQ(lines, (std::vector<int>{16, 20})) << RenderAll(r.diagnostics);
}

// A hostile file of ten thousand such rows says 50 of them and counts the rest, as the loader
// caps a file's diagnostics.
TEST(ImportLlamaBench, TenThousandRowsOutsideATableAreCappedAndCounted) {
  const std::string row =
      "| llama 7B Q4_0 | 3.56 GiB | 6.74 B | CUDA | 99 | tg 128 | 131.42 \xC2\xB1 0.59 |\n";
  std::string text =
      "| model | size | params | backend | ngl | test | t/s |\n"
      "| --- | ---: | ---: | --- | --: | ---: | ---: |\n" +
      row + "interrupting line\n";
  for (int i = 0; i < 10000; ++i) text += row;
  ImportResult r = ImportFiles({{"many.md", text}}, {}, "llama-bench");
  EXPECT_EQ(Benchmarks(r).size(), 1u);
  ASSERT_EQ(r.diagnostics.size(), kDiagnosticsPerFile + 1);
  EXPECT_EQ(r.diagnostics.back().code, "more-diagnostics");
  EXPECT_TRUE(Contains(r.diagnostics.back().message, "9950 more")) << r.diagnostics.back().message;
}

TEST(ImportLlamaBench, UserStatedHardwareIsMarkedAndResolved) {
  ImportOptions o;
  o.hardware = "RTX 4080";
  o.engine_version = "8cf427ff";
  ImportResult r = ImportFiles({Sample("llama-bench", "b5163_rtx4080_md_table.md")}, o);
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(bs[1]->hardware, "RTX 4080 (user-stated: --hardware)");
  EXPECT_EQ(bs[1]->accelerators, std::vector<std::string>{"nvidia-rtx-4080"});
  EXPECT_EQ(Show(bs[1]->conditions.engine_version), "8cf427ff (user-stated: --engine-version)");
}

TEST(ImportLlamaBench, FlagContradictingTheFileIsReportedAndTheFileWins) {
  ImportOptions o;
  o.hardware = "RTX 3090";
  ImportResult r = ImportFiles({Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.jsonl")}, o);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(bs[1]->hardware, "NVIDIA GeForce RTX 4080");
  EXPECT_EQ(bs[1]->accelerators, std::vector<std::string>{"nvidia-rtx-4080"});
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].severity, Severity::kWarning);
  EXPECT_EQ(r.diagnostics[0].code, "conflicting-flag");
  EXPECT_EQ(r.diagnostics[0].message,
            "--hardware 'RTX 3090' contradicts the file's hardware 'NVIDIA GeForce RTX 4080'; "
            "the file's is kept");
}

TEST(ImportLlamaBench, HandEditedCsvHeaderIsRejectedAtItsLine) {
  ImportResult r =
      ImportFiles({Sample("llama-bench", "NEGATIVE_readme_handedited_header_mismatch.csv")});
  EXPECT_TRUE(r.records.empty());
  EXPECT_EQ(
      RenderAll(r.diagnostics),
      "NEGATIVE_readme_handedited_header_mismatch.csv:2:1: error[column-count]: row 1 has 27 "
      "values but the header (line 1) has 26 columns; 2 of 2 rows disagree with it\n"
      "  2 | \"3469684\",\"1275\",\"1\",\"0\",\"0\",\"1\",\"1\",\"13th Gen Intel(R) Core(TM) "
      "i9-13900K\",\"NVIDIA GeForce RTX 3090 Ti\",\"models/7B/ggml-model-q4_0.gguf\",\"llama "
      "7B mo ...\n"
      "    | ^\n"
      "  hint: a hand-edited header? rooflint never shifts columns to fit: re-run llama-bench "
      "-o csv, or fix the header\n");
}

// A header that names a column twice (here the real b5163 file with n_threads renamed n_batch)
// leaves each row's value of that field one of two: nothing is read, and the second name is
// pointed at.
TEST(ImportLlamaBench, ACsvHeaderNamingAColumnTwiceIsRejected) {
  ImportFile f = Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.csv");
  f.text = Replace(f.text, ",n_threads,", ",n_batch,");
  ImportResult r = ImportFiles({f});
  EXPECT_TRUE(r.records.empty());
  const std::string all = RenderAll(r.diagnostics);
  EXPECT_TRUE(Contains(all,
                       "b5163_rtx4080_qwen2.5-7b.csv:1:"
                       "123: error[duplicate-column]: the header names 'n_batch' twice "
                       "(columns 10 and 12)"))
      << all;
}

TEST(ImportLlamaBench, IdsComeFromContentNotPath) {
  ImportFile a = Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.json");
  ImportFile b = a;
  b.path = "elsewhere/renamed.json";
  auto ra = ImportFiles({a});
  auto rb = ImportFiles({b});
  ASSERT_EQ(ra.records.size(), rb.records.size());
  for (size_t i = 0; i < ra.records.size(); ++i) EXPECT_EQ(ra.records[i].id, rb.records[i].id);
  // Different runs of the same test get different ids.
  auto rc = ImportFiles({Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.jsonl")});
  EXPECT_NE(ra.records[1].id, rc.records[1].id);
  EXPECT_TRUE(ra.records[1].id.starts_with("llama-bench-qwen2.5-7b-tg128-"));
}

TEST(ImportLlamaBench, DetectsEveryFormatFromContent) {
  for (const char* f : {"b5163_rtx4080_qwen2.5-7b.json", "b5163_rtx4080_qwen2.5-7b.jsonl",
                        "b5163_rtx4080_qwen2.5-7b.csv", "b5163_rtx4080_qwen2.5-7b.sql",
                        "b5163_rtx4080_md_table.md", "b1275_rtx3090ti_llama7b_oldschema.json",
                        "NEGATIVE_readme_handedited_header_mismatch.csv"}) {
    ImportFile file = Sample("llama-bench", f);
    file.path = "no-extension";
    EXPECT_EQ(DetectFormat(std::vector<ImportFile>{file}), "llama-bench") << f;
  }
}

// ----- Current builds: right-aligned markdown, several tables in one log (builds 6486-8797) -----

const char kSixTables[] = "b8797_2xR9700_rocm-vulkan_qwen3.5-27b_6tables.md";
const char kTwoTables[] = "b8797_2xR9700_qwen3.5-122b-a10b_ncpumoe999_2tables.md";
const char kVulkanLog[] = "b6486_strixhalo_glm4.5-air_vulkan_radv_fa1.log";

const char kR9700Rocm[] = "AMD Radeon AI PRO R9700, AMD Radeon AI PRO R9700";
const char kR9700Vulkan[] =
    "AMD Radeon AI PRO R9700 (RADV GFX1201) (radv), AMD Radeon AI PRO R9700 (RADV GFX1201) "
    "(radv)";

std::vector<std::string> Build8797Conditions(const std::string& input, const std::string& output) {
  return {"batch = 1",
          "input_tokens = " + input,
          "output_tokens = " + output,
          "engine = llama.cpp",
          "engine_version = 5d14e5d19 (build 8797)",
          "warmup = absent: llama-bench runs a warmup pass by default but records neither it nor "
          "--no-warmup",
          "scenario = single-stream",
          "speculative = false"};
}

TEST(ImportLlamaBench, CurrentRightAlignedTablesAreDetected) {
  for (const char* f : {kSixTables, kTwoTables, kVulkanLog}) {
    ImportFile file = Sample("llama-bench", f);
    file.path = "no-extension";
    EXPECT_EQ(DetectFormat(std::vector<ImportFile>{file}), "llama-bench") << f;
  }
}

TEST(ImportLlamaBench, SixTablesInOneLogAreSixRunsEachWithItsDevicesAndBuild) {
  ImportResult r = ImportFiles({Sample("llama-bench", kSixTables)});
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 72u);  // 6 tables x 12 rows
  std::set<std::string> ids;
  for (const Benchmark* b : bs) ids.insert(b->header.id.str());
  EXPECT_EQ(ids.size(), 72u);
  // Table 1 (ROCm, Q4_K_XL), row 4: "| ... |   none |  1 |           tg256 |         25.83 ± 0.03
  // |". Split mode none runs one of the 2 devices found.
  EXPECT_EQ(
      FieldsOf(*bs[3]),
      (std::vector<std::string>{"status = verified", "metric = per-user-decode", "statistic = mean",
                                "value = 25.83 tok/s", "model = qwen3.5-27b", "precision = q4_k_m",
                                "weights = 16.40 GiB", std::string("hardware = ") + kR9700Rocm,
                                "accelerators = amd-radeon-ai-pro-r9700", "accelerators_absent = -",
                                "accelerator_count = 1"}));
  EXPECT_EQ(ConditionsOf(*bs[3]), Build8797Conditions("0", "256"));
  EXPECT_EQ(bs[3]->locator, "table 1 row 4 (tg256), t/s");
  EXPECT_NE(bs[3]->notes.find(
                "accelerator_count 1 from split mode none, which runs the model on one device "
                "(main_gpu not printed) of those found; the device lines above the "
                "table (ggml found 2 devices: AMD Radeon AI PRO R9700, AMD Radeon "
                "AI PRO R9700)."),
            std::string::npos)
      << bs[3]->notes;
  // Table 2 (Vulkan, Q4_K_XL), row 8: "|  layer |  1 |           tg256 |         21.20 ± 0.71 |":
  // its devices are the Vulkan lines above it (which hold '|' and are not table rows).
  EXPECT_EQ(
      FieldsOf(*bs[19]),
      (std::vector<std::string>{"status = verified", "metric = per-user-decode", "statistic = mean",
                                "value = 21.20 tok/s", "model = qwen3.5-27b", "precision = q4_k_m",
                                "weights = 16.40 GiB", std::string("hardware = ") + kR9700Vulkan,
                                "accelerators = amd-radeon-ai-pro-r9700", "accelerators_absent = -",
                                "accelerator_count = 2"}));
  EXPECT_EQ(bs[19]->locator, "table 2 row 8 (tg256), t/s");
  // Table 6 (Vulkan, Q6_K_XL), row 12: "| qwen35 27B Q6_K | 23.90 GiB | ... |    row |  1 |
  // tg256 |         18.41 ± 0.26 |".
  EXPECT_EQ(
      FieldsOf(*bs[71]),
      (std::vector<std::string>{"status = verified", "metric = per-user-decode", "statistic = mean",
                                "value = 18.41 tok/s", "model = qwen3.5-27b", "precision = q6_k",
                                "weights = 23.90 GiB", std::string("hardware = ") + kR9700Vulkan,
                                "accelerators = amd-radeon-ai-pro-r9700", "accelerators_absent = -",
                                "accelerator_count = 2"}));
  EXPECT_EQ(ConditionsOf(*bs[71]), Build8797Conditions("0", "256"));
  // Prefill row: table 3 (ROCm, Q5_K_XL) row 9 "|    row |  1 |           pp512 | 618.26 ± 1.43 |".
  EXPECT_EQ(bs[32]->metric, Metric::kPrefill);
  EXPECT_EQ(bs[32]->value.text, "618.26 tok/s");
  EXPECT_EQ(bs[32]->precision, "q5_k_m");
  EXPECT_EQ(bs[32]->accelerator_count, 2);
  // One draft model for the three quantisations: the file name's quant label is not the model.
  size_t models = 0;
  for (const auto& rec : r.records) {
    if (const auto* m = std::get_if<Model>(&rec.record)) {
      ++models;
      EXPECT_EQ(m->header.id, "qwen3.5-27b");
      EXPECT_EQ(m->params_total, 26.90e9);
    }
  }
  EXPECT_EQ(models, 1u);
  ExpectRoundTrip(r);
}

TEST(ImportLlamaBench, ScriptReportWithTwoTablesKeepsEachTablesDevices) {
  ImportResult r = ImportFiles({Sample("llama-bench", kTwoTables)});
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 8u);
  // ROCm pp512 "315.77 ± 366.62": the standard deviation (2 repetitions) exceeds the mean.
  EXPECT_EQ(FieldsOf(*bs[0]),
            (std::vector<std::string>{
                "status = verified", "metric = prefill", "statistic = mean", "value = 315.77 tok/s",
                "model = qwen35moe-122b.a10b", "precision = q4_k_m", "weights = 71.73 GiB",
                std::string("hardware = ") + kR9700Rocm, "accelerators = amd-radeon-ai-pro-r9700",
                "accelerators_absent = -", "accelerator_count = 2"}));
  EXPECT_EQ(ConditionsOf(*bs[0]),
            Build8797Conditions("512",
                                "absent: a pp test generates no tokens (n_gen = 0); the record "
                                "format takes output_tokens >= 1"));
  EXPECT_NE(bs[0]->notes.find("stddev_ts 366.62 tok/s"), std::string::npos) << bs[0]->notes;
  EXPECT_NE(bs[0]->notes.find("n_cpu_moe 999; n_batch 4096; n_ubatch 4096; fa 1; fitt 512"),
            std::string::npos)
      << bs[0]->notes;
  // Vulkan tg256 30.97: no sm column, so the default split (layer) over the 2 devices found.
  EXPECT_EQ(bs[7]->value.text, "30.97 tok/s");
  EXPECT_EQ(bs[7]->hardware, kR9700Vulkan);
  EXPECT_EQ(bs[7]->accelerator_count, 2);
  EXPECT_EQ(bs[7]->locator, "table 2 row 4 (tg256), t/s");
  EXPECT_NE(bs[7]->notes.find("split mode layer (the default: no sm column)"), std::string::npos)
      << bs[7]->notes;
  ExpectRoundTrip(r);
}

TEST(ImportLlamaBench, OneVulkanDeviceLogImports) {
  ImportResult r = ImportFiles({Sample("llama-bench", kVulkanLog)});
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(FieldsOf(*bs[1]),
            (std::vector<std::string>{
                "status = verified", "metric = per-user-decode", "statistic = mean",
                "value = 24.64 tok/s", "model = glm4moe-106b.a12b", "precision = q4_k_m",
                "weights = 68.01 GiB", "hardware = Radeon 8060S Graphics (RADV GFX1151) (radv)",
                "accelerators = amd-ryzen-ai-max-395", "accelerators_absent = -",
                "accelerator_count = 1"}));
  EXPECT_EQ(Show(bs[1]->conditions.engine_version), "f1fbffb5 (build 6486)");
  ExpectRoundTrip(r);
}

TEST(ImportLlamaBench, ARowMissingACellInTheThirdTableIsRejectedAtItsLine) {
  ImportFile f = Sample("llama-bench", kSixTables);
  // Line 69 (table 3, row 9) loses its fa cell.
  const std::string row =
      "| qwen35 27B Q5_K - Medium       |  18.78 GiB |    26.90 B | ROCm       |  99 |    row |  "
      "1 |           pp512 |        618.26 ± 1.43 |";
  size_t at = f.text.find(row);
  ASSERT_NE(at, std::string::npos);
  f.text.erase(at + row.find("|  1 "), 5);
  ImportResult r = ImportFiles({f});
  EXPECT_TRUE(r.records.empty());
  EXPECT_EQ(RenderAll(r.diagnostics),
            std::string(kSixTables) +
                ":69:1: error[column-count]: table row 9 has 8 cells but the header has 9 "
                "columns\n"
                "  69 | | qwen35 27B Q5_K - Medium       |  18.78 GiB |    26.90 B | ROCm       |  "
                "99 |    row |           pp512 |        618.26 ± 1.43 |\n"
                "     | ^\n"
                "  hint: rooflint never shifts columns to fit: re-run llama-bench -o md\n");
}

TEST(ImportLlamaBench, CurrentBuildRecordsSweepWithTheBundledCorpus) {
  ImportedCorpus c;
  for (const char* f : {kSixTables, kTwoTables, kVulkanLog}) {
    c.Add(ImportFiles({Sample("llama-bench", f)}), f);
  }
  c.SweepWithNoError();
}

const char kW7900Notes[] = "b2701_w7900_meta-llama-3-70b_notes.md";

// A W7900 notes file: "$ ./llama-bench -m Meta-Llama-3-70B-Q4_K_M.gguf -p 3968" above a table
// whose type string "llama 70B Q4_K - Medium" is an alias of Llama 2 70B, while its params
// column says 70.55 B: Llama 2 70B has 68.98 B, Llama 3.1 and 3.3 70B 70.55 B. The count
// does not say which Llama 3, and the file's name is neither: a draft and a warning, never
// Llama 2 70B.
TEST(ImportLlamaBench, AStatedParameterCountOutranksATypeStringAlias) {
  ImportResult r = ImportFiles({Sample("llama-bench", kW7900Notes)});
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u) << RenderAll(r.diagnostics);
  for (const Benchmark* b : bs) EXPECT_EQ(b->model.str(), "meta-llama-3-70b");
  auto ms = Models(r);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0]->header.id.str(), "meta-llama-3-70b");
  EXPECT_EQ(ms[0]->params_total, 70.55e9);
  size_t warnings = 0;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code != "params-disagree") continue;
    ++warnings;
    EXPECT_EQ(d.severity, Severity::kWarning);
    EXPECT_TRUE(Contains(d.message, "llama-2-70b")) << d.message;
    EXPECT_TRUE(Contains(d.message, "llama-3.1-70b, llama-3.3-70b")) << d.message;
  }
  EXPECT_EQ(warnings, 2u) << RenderAll(r.diagnostics);
  // Without the command line the table names its model by the type string alone: still not
  // Llama 2 70B, as two models of the corpus have the stated count.
  ImportFile bare = Sample("llama-bench", kW7900Notes);
  bare.text = Replace(bare.text, "$ ./llama-bench -m Meta-Llama-3-70B-Q4_K_M.gguf -p 3968\n", "");
  ImportResult r2 = ImportFiles({bare});
  for (const Benchmark* b : Benchmarks(r2)) EXPECT_NE(b->model.str(), "llama-2-70b");
  // --model settles it, as for any type string.
  ImportResult r3 = ImportFiles({Sample("llama-bench", kW7900Notes)}, WithModel("llama-3.1-70b"));
  for (const Benchmark* b : Benchmarks(r3)) EXPECT_EQ(b->model.str(), "llama-3.1-70b");
}

// Every row of every llama-bench sample either becomes a benchmark record or is named by a
// warning or an error at its line (for JSON, within its element): rows in, records plus
// diagnostics out. The rows are counted from the text, apart from the importer: a markdown
// line that begins with '|' and is neither a header nor a separator, a CSV line after the
// header, an SQL INSERT, a JSONL line, a JSON element (its build_commit).
TEST(ImportLlamaBench, EveryRowOfEverySampleIsARecordOrNamedByADiagnostic) {
  namespace fs = std::filesystem;
  size_t samples = 0;
  for (const auto& e : fs::directory_iterator(fs::path(ROOFLINT_IMPORT_SAMPLES) / "llama-bench")) {
    std::string name = e.path().filename().string();
    if (name == "SOURCES.md") continue;
    ++samples;
    ImportFile f = Sample("llama-bench", name);
    std::string ext = e.path().extension().string();
    // Each row as the range of lines [first, last] it spans.
    std::vector<std::pair<int, int>> rows;
    std::vector<std::string> lines;
    for (size_t p = 0; p <= f.text.size();) {
      size_t eol = f.text.find('\n', p);
      lines.push_back(f.text.substr(p, eol == std::string::npos ? std::string::npos : eol - p));
      if (eol == std::string::npos) break;
      p = eol + 1;
    }
    auto is_separator = [](std::string_view l) {
      return l.find("---") != std::string_view::npos &&
             l.find_first_not_of("|-: ") == std::string_view::npos;
    };
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string_view l = lines[i];
      int line = static_cast<int>(i) + 1;
      if (ext == ".md" || ext == ".log") {
        size_t first = l.find_first_not_of(' ');
        if (first == std::string_view::npos || l[first] != '|' || is_separator(l)) continue;
        if (i + 1 < lines.size() && is_separator(lines[i + 1])) continue;  // a header
        rows.push_back({line, line});
      } else if (ext == ".csv") {
        if (i > 0 && !l.empty()) rows.push_back({line, line});
      } else if (ext == ".sql") {
        if (l.starts_with("INSERT INTO")) rows.push_back({line, line});
      } else if (ext == ".jsonl") {
        if (!l.empty()) rows.push_back({line, line});
      } else if (ext == ".json") {
        if (l.find("\"build_commit\"") != std::string_view::npos) {
          if (!rows.empty()) rows.back().second = line - 1;
          rows.push_back({line, static_cast<int>(lines.size())});
        }
      } else {
        ADD_FAILURE() << name << ": a sample of no known extension";
      }
    }
    ImportResult r = ImportFiles({f}, {}, "llama-bench");
    size_t named = 0;
    for (const auto& [first, last] : rows) {
      bool said = false;
      for (const Diagnostic& d : r.diagnostics) {
        said |= d.severity != Severity::kNote && d.where.line >= first && d.where.line <= last;
      }
      named += said ? 1 : 0;
    }
    // A file with an error yields no record: then each of its rows must be named.
    bool refused = std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                               [](const Diagnostic& d) { return d.severity == Severity::kError; });
    size_t records = Benchmarks(r).size();
    EXPECT_FALSE(rows.empty()) << name;
    EXPECT_LE(records, rows.size()) << name;
    if (refused) {
      EXPECT_EQ(records, 0u) << name;
      // A file refused whole by one error names its rows by their count ("2 of 2 rows").
      for (const Diagnostic& d : r.diagnostics) {
        if (d.severity == Severity::kError &&
            Contains(d.message, fmt::format("of {} rows", rows.size()))) {
          named = rows.size();
        }
      }
    }
    EXPECT_GE(records + named, rows.size())
        << name << ": " << rows.size() << " rows in, " << records << " records and " << named
        << " rows named by a diagnostic out\n"
        << RenderAll(r.diagnostics);
  }
  EXPECT_GE(samples, 12u);
}

}  // namespace
}  // namespace rooflint::testing
