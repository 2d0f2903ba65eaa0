// The MLPerf results table importer, against a real CSV export of the results site
// (tests/import-samples/mlperf-table/SOURCES.md).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "import_test_util.h"

namespace rooflint::testing {
namespace {

const char kTableTool[] = "mlperf-table";
const char kFujitsu[] = "brennanlives-FWE_inference_v5.0_fujitsu_primergy-cdi_8xh100nvl.csv";

// The records of a table import: "model scenario" -> value (the -99 and -99.9 rows of one
// model share one run's figure).
std::map<std::string, std::string> TableFigures(const ImportResult& r) {
  std::map<std::string, std::string> out;
  for (const Benchmark* b : Benchmarks(r)) {
    std::string key = b->model.str() + " " + Show(b->conditions.scenario);
    if (out.count(key)) {
      EXPECT_EQ(out[key], b->value.text) << key;
    }
    out[key] = b->value.text;
  }
  return out;
}

TEST(ImportMlperfTable, IsDetectedFromItsHeader) {
  ImportFile f = Sample(kTableTool, kFujitsu);
  f.path = "no-extension";
  EXPECT_EQ(DetectFormat(std::vector<ImportFile>{f}), "mlperf-table");
  // A llama-bench CSV is not the table.
  ImportFile bench = Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.csv");
  EXPECT_EQ(DetectFormat(std::vector<ImportFile>{bench}), "llama-bench");
}

// 38 rows in: the 10 in Tokens/s are 10 records, each citing the table and its row; the 28 in
// other units are three notes that count them and name their lines. Rows in = records plus
// rows named in notes.
TEST(ImportMlperfTable, EveryTokensRowIsARecordAndEveryOtherRowIsCounted) {
  ImportResult r = ImportFiles({Sample(kTableTool, kFujitsu)});
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 10u);
  size_t noted = 0;
  std::map<std::string, size_t> by_unit;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code != "not-read") continue;
    size_t n = std::stoul(d.message.str());
    noted += n;
    size_t q = d.message.str().find('\'');
    by_unit[d.message.str().substr(q + 1, d.message.str().find('\'', q + 1) - q - 1)] = n;
  }
  EXPECT_EQ(by_unit,
            (std::map<std::string, size_t>{{"Queries/s", 3}, {"Samples/s", 6}, {"Watts", 19}}));
  EXPECT_EQ(bs.size() + noted, 38u);
  // The Watts note names the lines of its rows.
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code == "not-read" && Contains(d.message.str(), "'Watts'")) {
      EXPECT_EQ(d.where.line, 4);
      EXPECT_TRUE(Contains(d.message.str(), "(lines 4, 6, 8, 9, 11,")) << d.message.str();
    }
  }
  for (const Benchmark* b : bs) {
    EXPECT_EQ(b->accelerator_count, 8);
    EXPECT_EQ(b->hardware.str(), "NVIDIA H100-NVL-94GB");
    EXPECT_EQ(b->header.status, Status::kVerified);
    EXPECT_TRUE(b->precision.str().empty());
    EXPECT_TRUE(Contains(b->locator.str(),
                         "Public ID 5.0-0023, PRIMERGY CDI (8x H100NVL "
                         "TensorRT)"))
        << b->locator.str();
    EXPECT_TRUE(Contains(b->notes.str(), "Organization Fujitsu")) << b->notes.str();
  }
  const Benchmark* first = bs[0];
  EXPECT_EQ(first->locator.str(), std::string(kFujitsu) +
                                      ", line 3: Public ID 5.0-0023, PRIMERGY CDI (8x H100NVL "
                                      "TensorRT), gptj-99.9 Server");
  EXPECT_EQ(first->value.text, "14846.7 tok/s");
  EXPECT_EQ(first->title.str(),
            "MLPerf gptj-6b Server, Fujitsu PRIMERGY CDI (8x H100NVL TensorRT), tokens/s");
  EXPECT_TRUE(Contains(first->notes.str(), "over the whole system (8 accelerators)"))
      << first->notes.str();
  EXPECT_EQ(Show(first->conditions.engine), "TensorRT 10.8 CUDA 12.8");
  // The source record cites the results site and counts the rows.
  const auto& src = std::get<Source>(r.records.back().record);
  EXPECT_EQ(src.source_kind, "mlperf");
  EXPECT_TRUE(Contains(src.url, "mlcommons.org/benchmarks/inference-datacenter"));
  EXPECT_TRUE(Contains(src.notes, "38 rows, 10 imported")) << src.notes;
  ExpectRoundTrip(r);
}

TEST(ImportMlperfTable, BenchmarksAndScenariosAreRead) {
  ImportResult r = ImportFiles({Sample(kTableTool, kFujitsu)});
  auto figures = TableFigures(r);
  EXPECT_EQ(figures["llama-2-70b server"], "16848.58 tok/s");
  EXPECT_EQ(figures["llama-2-70b offline"], "18084.9 tok/s");
  EXPECT_EQ(figures["gptj-6b server"], "14846.7 tok/s");
  EXPECT_EQ(figures["mixtral-8x7b offline"], "37713.6 tok/s");
  EXPECT_EQ(figures.size(), 6u);
}

// Hostile or broken tables: each refused at the row or cell, never an internal error.
TEST(ImportMlperfTable, BrokenTablesAreLocated) {
  const std::string text = Sample(kTableTool, kFujitsu).text;
  struct Case {
    std::string from, to, says;
  };
  for (const Case& c : {
           Case{",Tokens/s,,Closed - Power", ",Tokens/s,Invalid,Closed - Power",
                "warning[invalid-result]"},
           Case{"datacenter,14846.7,14846.7", "datacenter,fast,14846.7", "error[not-a-number]"},
           Case{"datacenter,14846.7,14846.7", "datacenter,14846.7", "error[column-count]"},
           Case{"Fujitsu,available,PRIMERGY", "\"Fujitsu,available,PRIMERGY", "error[bad-csv]"},
           Case{"NVIDIA H100-NVL-94GB,8,Inference,gptj-99.9,Server,Tokens/s",
                "NVIDIA H100-NVL-94GB,1000000,Inference,gptj-99.9,Server,Tokens/s", ""},
           Case{"Public ID,Organization", "Public ID,Public ID", "error[duplicate-column]"},
           Case{",Tokens/s,", ",tokens,", ""},
       }) {
    std::string t = Replace(text, c.from, c.to);
    ImportResult r = ImportFiles({{"table.csv", t}}, {}, "mlperf-table");
    std::string all = RenderAll(r.diagnostics);
    SCOPED_TRACE(c.to + "\n" + all);
    EXPECT_FALSE(Contains(all, "internal"));
    if (!c.says.empty()) {
      EXPECT_TRUE(Contains(all, c.says));
    }
  }
  // A table whose rows are none in Tokens/s imports nothing, and says so.
  std::string watts = text;
  for (size_t at = watts.find(",Tokens/s,"); at != std::string::npos;
       at = watts.find(",Tokens/s,")) {
    watts.replace(at, 10, ",Watts,");
  }
  ImportResult none = ImportFiles({{"table.csv", watts}}, {}, "mlperf-table");
  EXPECT_TRUE(Benchmarks(none).empty());
  EXPECT_TRUE(Contains(RenderAll(none.diagnostics), "error[no-runs]"));
}

// A system of several nodes: the table does not say whether # of Accelerators is the system's
// or a node's; the larger reading is taken and said.
TEST(ImportMlperfTable, SeveralNodesTakeTheLargerCountAndSaySo) {
  std::string text = Sample(kTableTool, kFujitsu).text;
  text = Replace(text, "TensorRT),1,INTEL", "TensorRT),2,INTEL");
  ImportResult r = ImportFiles({{"table.csv", text}}, {}, "mlperf-table");
  ASSERT_FALSE(r.HasErrors()) << RenderAll(r.diagnostics);
  const Benchmark* first = Benchmarks(r)[0];
  EXPECT_EQ(first->accelerator_count, 16);
  EXPECT_TRUE(Contains(first->notes.str(), "the larger reading is taken")) << first->notes.str();
}

}  // namespace
}  // namespace rooflint::testing
