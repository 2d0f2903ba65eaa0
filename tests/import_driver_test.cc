// The import driver: each row of its table (the file's fact against the user's flag), the
// notes every format shares, the offered load, and the ids, sets, locators and conditions it
// builds, on a run stated by hand as a reader would state it.
#include <gtest/gtest.h>

#include "import/driver.h"
#include "import_test_util.h"

namespace rooflint::testing {
namespace {

using import::CondValue;
using import::StatedFigure;
using import::StatedRun;

const ImportFile kRunFile = {"run.json", "{\"model\": \"x\", \"output_throughput\": 190}\n"};

// A run of Llama 3.1 8B at concurrency 4 with one aggregate figure and one latency figure.
StatedRun Stated(const import::SourceText& src) {
  StatedRun r;
  r.id_prefix = "tool";
  r.load_slug = "c4";
  r.hash = 42;
  r.locator_prefix = "line 1, ";
  r.source_id = "tool-run";
  r.at = [&src](std::string_view, Severity severity, DiagnosticCode code, std::string message,
                std::string hint) {
    return src.At(0, severity, code, std::move(message), std::move(hint));
  };
  r.model_names = {"meta-llama/Llama-3.1-8B-Instruct"};
  r.model_display = "meta-llama/Llama-3.1-8B-Instruct";
  r.no_model = src.At(0, Severity::kError, "unknown-model", "the run names no model", "pass it");
  r.hardware_unstated = "the tool records no hardware";
  r.engine_version_absent = "the tool records no version";
  r.load = CondValue::Int(4);
  r.input_tokens = CondValue::Int(1000);
  r.output_tokens = CondValue::Int(100);
  r.conditions = {{"engine", CondValue::Str("vllm")},
                  {"warmup", CondValue::Absent("the tool records none")},
                  {"scenario", CondValue::Absent("")}};
  r.notes = {"A note of the format."};
  r.first_tail = " Not imported: p95.";
  r.every_tail = " Every record.";
  StatedFigure agg;
  agg.metric = "aggregate-output";
  agg.statistic = "mean";
  agg.value = 190;
  agg.unit = "tok/s";
  agg.dimension = Dimension::kTokenRate;
  agg.key = "output_throughput";
  agg.what = "/output_throughput: output throughput";
  agg.title = "Output throughput";
  agg.lead = "Aggregate output tokens/s.";
  StatedFigure ttft = agg;
  ttft.metric = "ttft";
  ttft.statistic = "p99";
  ttft.value = 250;
  ttft.unit = "ms";
  ttft.dimension = Dimension::kTime;
  ttft.key = "p99_ttft_ms";
  ttft.title = "p99 TTFT";
  ttft.lead = "p99 TTFT.";
  r.figures = {agg, ttft};
  return r;
}

// Imports the run `edit` makes of Stated() with the flags `options`.
ImportResult Drive(
    const ImportOptions& options, const std::function<void(StatedRun&)>& edit = [](StatedRun&) {}) {
  ImportResult out;
  import::Context ctx(Bundled(), options);
  {
    import::FileImport fi(kRunFile, out);
    StatedRun r = Stated(fi.src());
    edit(r);
    import::AddRun(std::move(r), ctx, fi, 0);
    fi.Emit(std::nullopt);
  }
  return out;
}

std::vector<std::string> Codes(const ImportResult& r) {
  std::vector<std::string> out;
  for (const Diagnostic& d : r.diagnostics) out.emplace_back(std::string_view(d.code));
  return out;
}

TEST(ImportDriver, BuildsIdsSetsLocatorsAndConditionsInOrder) {
  ImportResult r = Drive({});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_TRUE(r.records[0].id.starts_with("tool-llama-3.1-8b-c4-aggregate-output-mean-"))
      << r.records[0].id;
  EXPECT_TRUE(r.records[1].id.starts_with("tool-llama-3.1-8b-c4-ttft-p99-")) << r.records[1].id;
  EXPECT_EQ(bs[0]->set, "tool-llama-3.1-8b-c4-0000002a");
  EXPECT_EQ(bs[0]->locator, "line 1, output_throughput");
  // The load and lengths first, engine_version after engine; a reasonless absent is dropped.
  EXPECT_EQ(ConditionsOf(*bs[0]),
            (std::vector<std::string>{"concurrency = 4", "input_tokens = 1000",
                                      "output_tokens = 100", "engine = vllm",
                                      "engine_version = absent: the tool records no version",
                                      "warmup = absent: the tool records none"}));
  // Lead, the shared notes, the format's, then the tails.
  EXPECT_EQ(bs[0]->notes,
            "Aggregate output tokens/s. Model: 'meta-llama/Llama-3.1-8B-Instruct' is a name of "
            "model llama-3.1-8b. Precision absent: the file does not state the weight format "
            "(pass --precision if you know it). accelerator_count absent: the file states no "
            "accelerator count (pass --count). A note of the format. Every record. Not "
            "imported: p95.");
  EXPECT_TRUE(bs[1]->notes.ends_with("A note of the format. Every record.")) << bs[1]->notes;
  EXPECT_EQ(bs[0]->accelerator_count_absent, "the file states no accelerator count (pass --count)");
}

TEST(ImportDriver, FlagsFillWhatTheFileLeavesUnstated) {
  ImportOptions o;
  o.precision = "fp8";
  o.hardware = "2x H100 SXM";
  o.engine_version = "0.6.0";
  ImportResult r = Drive(o);
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* b = Benchmarks(r)[0];
  EXPECT_EQ(b->precision, "fp8");
  EXPECT_EQ(b->accelerator_count, 2);
  EXPECT_EQ(Show(b->conditions.engine_version), "0.6.0 (user-stated: --engine-version)");
  EXPECT_TRUE(Contains(b->notes, "Precision fp8: user-stated (--precision)."));
  EXPECT_TRUE(Contains(b->notes, "accelerator_count 2 from the user-stated --hardware"));
  // --count wins over the "N x" of --hardware.
  o.count = 3;
  EXPECT_EQ(Benchmarks(Drive(o))[0]->accelerator_count, 3);
}

TEST(ImportDriver, TheFileWinsAndAContradictingFlagIsAWarning) {
  ImportOptions o;
  o.precision = "bf16";
  o.count = 4;
  o.engine_version = "0.6.0";
  auto states = [](StatedRun& s) {
    s.precision = {"fp8", "server_info quantization 'fp8'", "server_info"};
    s.count = 8;
    s.count_how = "server_info tp_size 8";
    s.engine_version = {"0.5.5", "server_info version", "server_info"};
  };
  ImportResult r = Drive(o, states);
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_EQ(Codes(r),
            (std::vector<std::string>{"conflicting-flag", "conflicting-flag", "conflicting-flag"}));
  const Benchmark* b = Benchmarks(r)[0];
  EXPECT_EQ(b->precision, "fp8");
  EXPECT_EQ(b->accelerator_count, 8);
  EXPECT_EQ(Show(b->conditions.engine_version), "0.5.5");
  EXPECT_TRUE(Contains(b->notes, "Precision fp8: server_info quantization 'fp8'."));
  EXPECT_TRUE(Contains(b->notes, "accelerator_count 8 from server_info tp_size 8."));
  // Flags that agree with the file say nothing.
  o.precision = "fp8";
  o.count = 8;
  o.engine_version = "0.5.5";
  EXPECT_TRUE(Drive(o, states).diagnostics.empty());
}

TEST(ImportDriver, AFileThatNamesNoModelTakesModelOrIsTheReadersError) {
  auto unnamed = [](StatedRun& s) { s.model_names.clear(); };
  ImportResult r = Drive({}, unnamed);
  EXPECT_EQ(Codes(r), std::vector<std::string>{"unknown-model"});
  EXPECT_TRUE(r.records.empty());
  r = Drive(WithModel("llama-3.1-8b"), unnamed);
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  EXPECT_TRUE(Contains(Benchmarks(r)[0]->notes,
                       "Model: --model llama-3.1-8b (user-stated: the file names no model)."));
}

TEST(ImportDriver, AnUnknownModelGetsADraftRecord) {
  ImportResult r = Drive({}, [](StatedRun& s) {
    s.model_names = {"acme/Frobnicator-13B"};
    s.model_display = "acme/Frobnicator-13B";
  });
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  ASSERT_EQ(Models(r).size(), 1u);
  EXPECT_EQ(Benchmarks(r)[0]->model, r.records[2].id);
  EXPECT_EQ(r.records[2].kind, RecordKind::kModel);
}

TEST(ImportDriver, TelemetryOfAWholeNodeIsNoCount) {
  ImportOptions o;
  o.hardware = "8x H100 SXM";
  ImportResult r = Drive(o, [](StatedRun& s) {
    s.count_absent = "telemetry watched 8 GPUs; which served is not recorded";
    s.count_from_hardware_flag = false;
  });
  const Benchmark* b = Benchmarks(r)[0];
  EXPECT_EQ(b->accelerator_count, 0);
  EXPECT_EQ(b->accelerator_count_absent,
            "telemetry watched 8 GPUs; which served is not recorded (pass --count)");
  o.count = 2;
  r = Drive(o, [](StatedRun& s) {
    s.count_absent = "telemetry watched 8 GPUs; which served is not recorded";
  });
  EXPECT_TRUE(Contains(Benchmarks(r)[0]->notes,
                       "accelerator_count 2 is user-stated (--count; telemetry watched 8 GPUs; "
                       "which served is not recorded)."));
}

TEST(ImportDriver, ReplicasAreTheLastConditionWithTheirNote) {
  ImportResult r = Drive({}, [](StatedRun& s) {
    s.count = 8;
    s.count_how = "tp_size 2 x dp_size 4";
    s.replicas = 4;
    s.replicas_how = "dp_size";
  });
  const Benchmark* b = Benchmarks(r)[0];
  EXPECT_EQ(Show(b->conditions.replicas), "4");
  // Written after the format's own conditions.
  EXPECT_TRUE(Contains(r.records[0].toml,
                       "warmup = { absent = \"the tool records none\" }\nreplicas = 4\n"))
      << r.records[0].toml;
  EXPECT_TRUE(Contains(b->notes,
                       "replicas 4 from dp_size: each replica serves its own requests on "
                       "accelerator_count / 4 accelerators."));
}

TEST(ImportDriver, AnAggregateNearItsOfferedLoadIsANote) {
  // 2 req/s x 100 tokens = 200 tok/s offered; 190 served is 95% of it.
  ImportResult r = Drive({}, [](StatedRun& s) {
    s.request_rate = 2;
    s.mean_output = 100;
  });
  EXPECT_EQ(Codes(r), std::vector<std::string>{"offered-load"});
  EXPECT_TRUE(Contains(r.diagnostics[0].message, "= 200.0 tok/s, and served 190.0 tok/s (95%"));
  for (const Benchmark* b : Benchmarks(r)) EXPECT_TRUE(Contains(b->notes, "Offered load: "));
  // 4 req/s x 100 = 400 offered: 190 is under 70% of it, the server was saturated.
  r = Drive({}, [](StatedRun& s) {
    s.request_rate = 4;
    s.mean_output = 100;
  });
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(ImportDriver, LessThanOneOutputTokenIsAbsentAndABadFigureFailsTheFile) {
  ImportResult r = Drive({}, [](StatedRun& s) { s.output_tokens = CondValue::Int(0); });
  EXPECT_EQ(Show(Benchmarks(r)[0]->conditions.output_tokens),
            "absent: fewer than one output token per request");
  r = Drive({}, [](StatedRun& s) { s.figures[1].value = -1; });
  EXPECT_TRUE(r.HasErrors());
  EXPECT_TRUE(Benchmarks(r).empty());
}

// A UTF-8 byte-order mark (Windows editors write one) is no part of any format: the file
// imports as it does without it, by name and under auto. UTF-16 is named, never guessed at.
TEST(ImportDriver, AByteOrderMarkIsLeftOutAndUtf16IsNamed) {
  const ImportFile plain = Sample("vllm", "bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl");
  const ImportFile marked{plain.path, "\xEF\xBB\xBF" + plain.text};
  EXPECT_EQ(DetectFormat(std::vector<ImportFile>{marked}), "vllm-serve");
  for (std::string_view format : {std::string_view("auto"), std::string_view("vllm-serve")}) {
    ImportResult a = ImportFiles({plain}, {}, format);
    ImportResult b = ImportFiles({marked}, {}, format);
    ASSERT_EQ(a.records.size(), b.records.size()) << format;
    ASSERT_FALSE(a.records.empty());
    EXPECT_EQ(a.records[0].toml, b.records[0].toml) << format;
  }
  std::string le = "\xFF\xFE";
  std::string be;
  for (char c : std::string("{\"a\": 1}")) {
    le += c;
    le += '\0';
    be += '\0';
    be += c;
  }
  ImportResult r = ImportFiles({{"le.json", le}, {"be.json", be}}, {});
  EXPECT_EQ(RenderAll(r.diagnostics),
            "be.json: error[bad-utf8]: the file is UTF-16 (big-endian: every other byte is zero): "
            "rooflint reads UTF-8\n"
            "  hint: convert it first: iconv -f UTF-16 -t UTF-8 FILE > FILE.utf8 (PowerShell's "
            "`>` writes UTF-16; `| Out-File -Encoding utf8` does not)\n"
            "le.json: error[bad-utf8]: the file is UTF-16 (little-endian, from its byte-order "
            "mark): rooflint reads UTF-8\n"
            "  hint: convert it first: iconv -f UTF-16 -t UTF-8 FILE > FILE.utf8 (PowerShell's "
            "`>` writes UTF-16; `| Out-File -Encoding utf8` does not)\n");
}

}  // namespace
}  // namespace rooflint::testing
