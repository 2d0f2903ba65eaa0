// llama-bench's -o sql output is untrusted SQL run by SQLite: only CREATE TABLE and INSERT run,
// within bounds, and anything else is an error at the statement that holds it, before any of it
// runs.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "import_test_util.h"

namespace rooflint::testing {
namespace {

// The bundled -o sql sample with `extra` after it, and the line `extra` starts on.
std::pair<ImportFile, int> SqlSampleWith(const std::string& extra) {
  ImportFile f = Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.sql");
  int line = static_cast<int>(std::count(f.text.begin(), f.text.end(), '\n')) + 1;
  f.text += extra;
  return {f, line};
}

// The one error of a refused file: its code, where, and that it names `named`.
void ExpectSqlRefused(const ImportResult& r, int line, const std::string& code,
                      const std::string& named) {
  EXPECT_TRUE(r.records.empty());
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  const Diagnostic& d = r.diagnostics[0];
  EXPECT_EQ(d.severity, Severity::kError);
  EXPECT_EQ(d.code.view(), code);
  EXPECT_EQ(d.where.line, line);
  EXPECT_EQ(d.where.column, 1);
  EXPECT_NE(d.message.find(named), std::string::npos) << d.message;
}

TEST(ImportLlamaBenchSql, AttachIsRefusedAndNeverRuns) {
  std::filesystem::path db = std::filesystem::temp_directory_path() / "rooflint-sql-attach.db";
  std::filesystem::remove(db);
  auto [f, line] = SqlSampleWith(fmt::format("ATTACH DATABASE '{}' AS other;\n", db.string()));
  ImportResult r = ImportFiles({f}, {}, "llama-bench");
  ExpectSqlRefused(r, line, "bad-sql", "statement 4 (ATTACH) is refused: ATTACH of");
  EXPECT_FALSE(std::filesystem::exists(db));
}

TEST(ImportLlamaBenchSql, PragmaTriggerViewAndFunctionsAreRefusedByName) {
  struct Case {
    const char* sql;
    const char* named;
  };
  for (const Case& c : {
           Case{"PRAGMA writable_schema = 1;\n",
                "statement 4 (PRAGMA) is refused: PRAGMA "
                "writable_schema"},
           Case{"CREATE TRIGGER t AFTER INSERT ON test BEGIN DELETE FROM test; END;\n",
                "CREATE TRIGGER t"},
           Case{"CREATE TEMP TRIGGER t AFTER INSERT ON test BEGIN SELECT 1; END;\n",
                "statement 4 (CREATE TEMP TRIGGER) is refused"},
           Case{"CREATE VIEW v AS SELECT * FROM test;\n", "CREATE VIEW v"},
           Case{"INSERT INTO test (n_prompt) VALUES (load_extension('x'));\n",
                "INSERT 3 is refused: a call of the function load_extension()"},
           Case{"INSERT INTO test (gpu_info) VALUES (readfile('/etc/passwd'));\n",
                "no such function: readfile"},
           Case{"INSERT INTO test (n_prompt) SELECT n_prompt FROM test;\n", "a SELECT"},
           Case{"DROP TABLE test;\n", "statement 4 (DROP) is refused"},
           Case{"SELECT * FROM test;\n", "statement 4 (SELECT) is refused: a SELECT"},
           Case{"VACUUM;\n", "statement 4 (VACUUM) is not a CREATE TABLE or an INSERT"},
           Case{"EXPLAIN INSERT INTO test (n_prompt) VALUES ('1');\n", "(EXPLAIN)"},
       }) {
    SCOPED_TRACE(c.sql);
    auto [f, line] = SqlSampleWith(c.sql);
    ExpectSqlRefused(ImportFiles({f}, {}, "llama-bench"), line, "bad-sql", c.named);
  }
}

TEST(ImportLlamaBenchSql, AHugeStatementIsRefusedAtItsStart) {
  struct Case {
    std::string sql;
    const char* named;
  };
  for (const Case& c : {
           Case{"INSERT INTO test (gpu_info) VALUES ('" + std::string(1 << 20, 'x') + "');\n",
                "INSERT 3 is too long: rooflint reads a statement or a value of at most 262144"},
           Case{"INSERT INTO test (gpu_info) VALUES ('x'" + std::string(1 << 20, ' ') + ");\n",
                "INSERT 3 is too long: rooflint reads a statement or a value of at most 262144"},
       }) {
    auto [f, line] = SqlSampleWith(c.sql);
    ExpectSqlRefused(ImportFiles({f}, {}, "llama-bench"), line, "bad-sql", c.named);
  }
}

TEST(ImportLlamaBenchSql, DeepNestingIsRefusedAtItsStatement) {
  struct Case {
    int depth;
    const char* named;
  };
  for (const Case& c : {Case{20, "Expression tree is too large (maximum depth 16)"},
                        Case{200, "parser stack overflow"}}) {
    std::string nested = "1";
    for (int i = 0; i < c.depth; ++i) nested = "1 + (" + nested + ")";
    auto [f, line] = SqlSampleWith("INSERT INTO test (n_prompt) VALUES (" + nested + ");\n");
    ExpectSqlRefused(ImportFiles({f}, {}, "llama-bench"), line, "bad-sql",
                     std::string("INSERT 3 is not SQL that SQLite reads: ") + c.named);
  }
}

// Within every limit of length and depth, a value can still make SQLite work long (an IN list
// of 60,000 items builds a table): the progress handler stops it.
TEST(ImportLlamaBenchSql, AStatementThatWorksFarBeyondAnInsertIsStopped) {
  std::string list = "1";
  for (int i = 1; i < 60000; ++i) list += ",1";
  auto [f, line] = SqlSampleWith("INSERT INTO test (n_prompt) VALUES (0 IN (" + list + "));\n");
  ExpectSqlRefused(ImportFiles({f}, {}, "llama-bench"), line, "bad-sql",
                   "INSERT 3 takes far more work than a llama-bench statement: SQLite stopped it");
}

TEST(ImportLlamaBenchSql, TooManyColumnsAreRefused) {
  std::string create = "CREATE TABLE wide (";
  for (int i = 0; i < 300; ++i) create += fmt::format("{}c{}", i ? ", " : "", i);
  auto [f, line] = SqlSampleWith(create + ");\n");
  ExpectSqlRefused(ImportFiles({f}, {}, "llama-bench"), line, "bad-sql",
                   "statement 4 (CREATE TABLE) is not SQL that SQLite reads: too many columns");
}

TEST(ImportLlamaBenchSql, AnErrorAfterTheFirstStatementOfALineIsAtItsColumn) {
  auto [f, line] = SqlSampleWith("CREATE TABLE other (a); PRAGMA foo;\n");
  ImportResult r = ImportFiles({f}, {}, "llama-bench");
  ASSERT_EQ(r.diagnostics.size(), 1u) << RenderAll(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].where.line, line);
  EXPECT_EQ(r.diagnostics[0].where.column, 25);
  EXPECT_NE(r.diagnostics[0].message.find("statement 5 (PRAGMA) is refused: PRAGMA foo"),
            std::string::npos)
      << r.diagnostics[0].message;
}

// Comments and empty statements are SQL, and a value is kept as the file wrote it: a REAL
// column does not turn '119.500000' into 119.5.
TEST(ImportLlamaBenchSql, CommentsAreSkippedAndValuesKeepTheirText) {
  ImportFile f = Sample("llama-bench", "b5163_rtx4080_qwen2.5-7b.sql");
  f.text = "-- INSERT INTO test written by llama-bench\n;\n" +
           Replace(f.text, "'120.346696'", "'119.500000'") + "/* INSERT INTO */\n";
  ImportResult r = ImportFiles({f}, {}, "llama-bench");
  EXPECT_EQ(RenderAll(r.diagnostics), "");
  auto bs = Benchmarks(r);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_EQ(bs[1]->value.text, "119.500000 tok/s");
}

}  // namespace
}  // namespace rooflint::testing
