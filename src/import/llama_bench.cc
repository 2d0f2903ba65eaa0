// llama-bench output (json, jsonl, csv, sql and markdown, in the 2023 and 2025 schemas) to
// benchmark records: tg tests are per-user decode at batch 1, pp tests prefill, pp+tg tests
// the blended total. Fields are read by name, never by position.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "core/text_util.h"
#include "import/common.h"
#include "import/driver.h"
#include "rooflint/precision.h"

#ifndef ROOFLINT_NO_SQLITE
#include <sqlite3.h>
#endif

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;

// One field of a test, as text, with where it stands in the file.
struct Field {
  std::string text;
  size_t offset = kNpos;
  bool present = true;
  std::vector<double> samples;  // json arrays (samples_ts, samples_ns)
  bool is_array = false;
};

// One test (a JSON object, a CSV row, an INSERT, a markdown table row), by field name.
struct Test {
  std::map<std::string, Field, std::less<>> fields;
  size_t offset = 0;                    // where the test starts
  std::string what;                     // "object 2", "row 2", "INSERT 2", "table row 2"
  std::string pointer;                  // JSON pointer prefix of the object ("" for other formats)
  const JsonValueSpan* span = nullptr;  // json: to find fields lazily
  size_t run = 0;                       // markdown: the table (llama-bench run) it belongs to
};

// What the log lines around one markdown table state: the devices ggml found ("Device 0: AMD
// Radeon 8060S Graphics, gfx1151 ...", "ggml_vulkan: 0 = NVIDIA GeForce RTX 3090 (NVIDIA) |
// ..."), how many it says it found, the model file of the llama-bench command line, and the
// "build: <commit> (<number>)" footer printed after the table.
struct MdRun {
  std::vector<std::string> devices;
  std::optional<int64_t> found;
  std::string model_file;
  std::string footer_build;
};

struct Parsed {
  std::string format;  // json, jsonl, csv, sql, markdown
  std::vector<Test> tests;
  std::vector<JsonValueSpan> spans;  // kept alive for Test::span
  // Markdown: one entry per table. A log holding several llama-bench runs holds several
  // tables, each with its own device lines above it and build footer below it.
  std::vector<MdRun> runs;
};

// The message of a nlohmann parse error without its "[json.exception...] parse error at line
// 1, column 2: " prefix (the diagnostic says where).
std::string JsonErrorText(const std::string& what) {
  size_t colon = what.find(": ");
  std::string s = colon == std::string::npos ? what : what.substr(colon + 2);
  return s;
}

// ----- JSON and JSONL -----

void ParseJson(const SourceText& src, Parsed& p, Sink& sink) {
  std::string_view t = src.text();
  JsonSplit split = SplitJson(t);
  p.format = split.top_array ? "json" : "jsonl";
  p.spans = std::move(split.values);
  size_t index = 0;
  for (const JsonValueSpan& span : p.spans) {
    ++index;
    std::string what = split.top_array ? fmt::format("object {}", index)
                                       : fmt::format("line {}", src.LineColumn(span.begin).first);
    if (span.pointer_prefix == "]") {
      sink.Add(src.At(span.begin, Severity::kWarning, "truncated",
                      "the JSON array is not closed: the file ends after the last complete "
                      "object (a crashed run?)",
                      "the complete objects are imported; re-run llama-bench for the rest"));
      continue;
    }
    if (span.truncated) {
      sink.Add(src.At(span.begin, Severity::kError, "truncated",
                      fmt::format("{} is cut off: the file ends inside it", what),
                      "the run did not finish writing; re-run llama-bench (-o jsonl is flushed "
                      "test by test)"));
      continue;
    }
    if (span.too_deep) {
      sink.Add(src.At(span.begin, Severity::kError, "not-a-test",
                      fmt::format("{} is nested too deeply to be a llama-bench test", what),
                      "each test is one flat JSON object"));
      continue;
    }
    auto keep = [](int depth, nlohmann::json::parse_event_t e, nlohmann::json&) {
      using E = nlohmann::json::parse_event_t;
      return !((e == E::object_start || e == E::array_start) && depth >= 2);
    };
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(t.begin() + span.begin, t.begin() + span.end, keep);
    } catch (const nlohmann::json::out_of_range& e) {
      sink.Add(src.At(OutOfRangeOffset(t, span.begin, span.end, e.what()), Severity::kError,
                      "out-of-range",
                      fmt::format("{}: a number beyond the range of a double", what),
                      "llama-bench writes numbers in range; an edited file may not"));
      continue;
    } catch (const nlohmann::json::parse_error& e) {
      size_t at = span.begin + (e.byte > 0 ? e.byte - 1 : 0);
      sink.Add(src.At(std::min(at, t.size()), Severity::kError, "bad-json",
                      fmt::format("{}: not valid JSON: {}", what, JsonErrorText(e.what())),
                      "llama-bench writes valid JSON; was the file edited or cut?"));
      continue;
    }
    if (!j.is_object()) {
      sink.Add(src.At(span.begin, Severity::kError, "not-a-test",
                      fmt::format("{} is not a JSON object", what),
                      "llama-bench writes one object per test"));
      continue;
    }
    Test test;
    test.offset = span.begin;
    test.what = what;
    test.pointer = span.pointer_prefix;
    test.span = &span;
    for (auto& [key, v] : j.items()) {
      Field f;
      if (v.is_string()) {
        f.text = v.get<std::string>();
      } else if (v.is_boolean()) {
        f.text = v.get<bool>() ? "true" : "false";
      } else if (v.is_number_integer()) {
        f.text = v.dump();
      } else if (v.is_number_float()) {
        f.text = NumberText(v.get<double>());
      } else if (v.is_null()) {
        f.present = false;
      } else if (v.is_array()) {
        f.is_array = true;
        for (const auto& x : v) {
          if (x.is_number()) f.samples.push_back(x.get<double>());
        }
      }
      test.fields.emplace(key, std::move(f));
    }
    p.tests.push_back(std::move(test));
  }
}

// ----- CSV -----

// Reads one CSV record starting at `pos` as the fields of a test (ReadCsvRecord).
size_t ReadCsvFields(std::string_view t, size_t pos, std::vector<Field>& out, size_t& bad) {
  std::vector<CsvCell> cells;
  size_t next = ReadCsvRecord(t, pos, ',', cells, bad);
  out.clear();
  for (CsvCell& c : cells) {
    Field f;
    f.text = std::move(c.text);
    f.offset = c.offset;
    out.push_back(std::move(f));
  }
  return next;
}

void ParseCsv(const SourceText& src, Parsed& p, Sink& sink) {
  p.format = "csv";
  std::string_view t = src.text();
  size_t pos = 0;
  std::vector<Field> header;
  size_t header_at = kNpos;
  // Lines before the header (model-loading logs in a 2>&1 capture) are skipped.
  while (pos < t.size()) {
    size_t eol = t.find('\n', pos);
    std::string_view line = t.substr(pos, eol == kNpos ? kNpos : eol - pos);
    if (line.find("avg_ts") != kNpos || line.find("model_type") != kNpos) {
      size_t bad = 0;
      size_t next = ReadCsvFields(t, pos, header, bad);
      header_at = pos;
      pos = next == kNpos ? t.size() : next;
      break;
    }
    pos = eol == kNpos ? t.size() : eol + 1;
  }
  if (header_at == kNpos) {
    sink.Add(src.At(0, Severity::kError, "no-header",
                    "no llama-bench CSV header (a line naming avg_ts or model_type)",
                    "import the output of llama-bench -o csv as it was written"));
    return;
  }
  // A column named twice (a hand-joined file, an edited header): each row's value of that
  // field is one of two, so no row is read.
  std::map<std::string_view, size_t> seen;  // name -> its first column
  for (size_t i = 0; i < header.size(); ++i) {
    auto [first, added] = seen.emplace(header[i].text, i);
    if (!added) {
      sink.Add(src.At(header[i].offset, Severity::kError, "duplicate-column",
                      fmt::format("the header names '{}' twice (columns {} and {}): which "
                                  "value of a row is its '{}' is unknown",
                                  header[i].text, first->second + 1, i + 1, header[i].text),
                      "llama-bench writes each column once: import its -o csv output as it "
                      "was written"));
      return;
    }
  }
  size_t bad_rows = 0;
  size_t rows = 0;
  size_t first_bad = kNpos;
  size_t first_bad_row = 0;
  size_t first_bad_values = 0;
  std::vector<Field> values;
  while (pos < t.size()) {
    size_t eol = t.find('\n', pos);
    std::string_view line = t.substr(pos, eol == kNpos ? kNpos : eol - pos);
    if (!line.starts_with("\"")) {  // llama-bench quotes every value; anything else is a log
      pos = eol == kNpos ? t.size() : eol + 1;
      continue;
    }
    size_t bad = 0;
    size_t next = ReadCsvFields(t, pos, values, bad);
    if (next == kNpos) {
      sink.Add(src.At(bad, Severity::kError, "truncated",
                      "a quoted value is not closed before the end of the file",
                      "the file was cut; re-run llama-bench -o csv"));
      return;
    }
    ++rows;
    if (values.size() != header.size()) {
      ++bad_rows;
      if (first_bad == kNpos) {
        first_bad = pos;
        first_bad_row = rows;
        first_bad_values = values.size();
      }
    } else {
      Test test;
      test.offset = pos;
      test.what = fmt::format("row {}", rows);
      for (size_t i = 0; i < header.size(); ++i) {
        test.fields.emplace(header[i].text, std::move(values[i]));
      }
      p.tests.push_back(std::move(test));
    }
    pos = next;
  }
  if (first_bad != kNpos) {
    sink.Add(src.At(first_bad, Severity::kError, "column-count",
                    fmt::format("row {} has {} values but the header (line {}) has {} columns; "
                                "{} of {} rows disagree with it",
                                first_bad_row, first_bad_values, src.LineColumn(header_at).first,
                                header.size(), bad_rows, rows),
                    "a hand-edited header? rooflint never shifts columns to fit: re-run "
                    "llama-bench -o csv, or fix the header"));
    p.tests.clear();  // the header is suspect: no row of this file is trusted
  }
}

// ----- SQL -----
// The -o sql output (a CREATE TABLE, then one INSERT per test) is run by SQLite in a private
// in-memory database, statement by statement, and each row is read back as it is inserted. The
// file is untrusted: only CREATE TABLE and INSERT run (the authorizer refuses every other action:
// ATTACH, PRAGMA, functions, SELECT, triggers, views), within limits of length, columns and
// expression depth, and a progress handler stops a statement that works far beyond an INSERT.

// Where the next statement starts: past spaces and SQL comments (-- to the end of the line,
// /* ... */), which SQLite skips too.
size_t SqlStatementStart(std::string_view t, size_t i) {
  while (i < t.size()) {
    char c = t[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f') {
      ++i;
    } else if (t.substr(i, 2) == "--") {
      size_t eol = t.find('\n', i);
      i = eol == kNpos ? t.size() : eol + 1;
    } else if (t.substr(i, 2) == "/*") {
      size_t close = t.find("*/", i + 2);
      i = close == kNpos ? t.size() : close + 2;
    } else {
      break;
    }
  }
  return i;
}

#ifndef ROOFLINT_NO_SQLITE

// The first word of a statement (CREATE with its kind: "CREATE TRIGGER"), upper-cased, from
// `at`, where the statement starts (after spaces and comments).
std::string SqlKeyword(std::string_view t, size_t at) {
  std::string kw;
  while (true) {
    size_t end = at;
    while (end < t.size() && (std::isalpha(static_cast<unsigned char>(t[end])) || t[end] == '_')) {
      ++end;
    }
    std::string word(t.substr(at, end - at));
    for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (word.empty()) break;
    kw += (kw.empty() ? "" : " ") + word;
    if (kw != "CREATE" && word != "TEMP" && word != "TEMPORARY" && word != "UNIQUE" &&
        word != "VIRTUAL") {
      break;
    }
    at = end;
    while (at < t.size() && (t[at] == ' ' || t[at] == '\t' || t[at] == '\r' || t[at] == '\n')) {
      ++at;
    }
  }
  return kw.empty() ? std::string(t.substr(at, 1)) : kw;
}

// Bounds on what one file may make SQLite do; llama-bench's statements are far inside each
// (an INSERT is about a kilobyte: 30-odd quoted values for as many columns, depth 1).
constexpr int kSqlMaxLength = 1 << 18;      // bytes of a statement, a string or a row
constexpr int kSqlMaxColumns = 256;         // columns of a table, values of an INSERT
constexpr int kSqlMaxExprDepth = 16;        // nesting of an expression
constexpr int kSqlProgressEvery = 100;      // virtual machine steps between two calls
constexpr uint64_t kSqlMaxProgress = 1000;  // calls in one statement before it is stopped

// What the authorizer saw while one statement was prepared.
struct SqlGuard {
  bool trusted = false;  // rooflint's own statements (reading a row back)
  std::string denied;    // the first action refused, named
  bool creates = false;  // a CREATE TABLE of the main database
  bool inserts = false;  // an INSERT into a table of the file
  std::string table;     // the table it creates or inserts into
  uint64_t progress = 0;
};

std::string SqlActionName(int action, const char* a, const char* b) {
  std::string x = a ? a : "", y = b ? b : "";
  switch (action) {
    case SQLITE_ATTACH:
      return fmt::format("ATTACH of '{}'", x);
    case SQLITE_DETACH:
      return fmt::format("DETACH of '{}'", x);
    case SQLITE_PRAGMA:
      return fmt::format("PRAGMA {}", x);
    case SQLITE_FUNCTION:
      return fmt::format("a call of the function {}()", y);
    case SQLITE_SELECT:
      return "a SELECT (or several rows in one VALUES)";
    case SQLITE_READ:
      return fmt::format("a read of {}.{}", x, y);
    case SQLITE_UPDATE:
      return fmt::format("an UPDATE of {}.{}", x, y);
    case SQLITE_DELETE:
      return fmt::format("a DELETE from {}", x);
    case SQLITE_INSERT:
      return fmt::format("an INSERT into {}", x);
    case SQLITE_CREATE_TRIGGER:
    case SQLITE_CREATE_TEMP_TRIGGER:
      return fmt::format("CREATE TRIGGER {}", x);
    case SQLITE_CREATE_VIEW:
    case SQLITE_CREATE_TEMP_VIEW:
      return fmt::format("CREATE VIEW {}", x);
    case SQLITE_CREATE_INDEX:
    case SQLITE_CREATE_TEMP_INDEX:
      return fmt::format("CREATE INDEX {}", x);
    case SQLITE_CREATE_TEMP_TABLE:
      return fmt::format("CREATE TEMP TABLE {}", x);
    case SQLITE_CREATE_VTABLE:
      return fmt::format("CREATE VIRTUAL TABLE {}", x);
    case SQLITE_DROP_TABLE:
    case SQLITE_DROP_TEMP_TABLE:
      return fmt::format("DROP TABLE {}", x);
    case SQLITE_ALTER_TABLE:
      return fmt::format("ALTER TABLE {}", y);
    case SQLITE_TRANSACTION:
      return fmt::format("a transaction ({})", x);
    case SQLITE_SAVEPOINT:
      return fmt::format("a SAVEPOINT ({} {})", x, y);
    case SQLITE_RECURSIVE:
      return "a recursive WITH";
    default:
      return fmt::format("SQLite action {}", action);
  }
}

int SqlAuthorize(void* guard, int action, const char* a, const char* b, const char* db,
                 const char*) {
  SqlGuard& g = *static_cast<SqlGuard*>(guard);
  if (g.trusted) return SQLITE_OK;
  std::string_view schema = db ? db : "";
  std::string_view name = a ? a : "";
  if (schema == "main" && action == SQLITE_CREATE_TABLE) {
    g.creates = true;
    g.table = name;
    return SQLITE_OK;
  }
  // A CREATE TABLE inserts, reads and updates its row of the schema table; writing that table
  // directly SQLite refuses by itself (the database is defensive), and a SELECT is refused.
  if (schema == "main" && name == "sqlite_master" &&
      (action == SQLITE_INSERT || action == SQLITE_UPDATE || action == SQLITE_READ)) {
    return SQLITE_OK;
  }
  if (schema == "main" && action == SQLITE_INSERT) {
    g.inserts = true;
    g.table = name;
    return SQLITE_OK;
  }
  if (g.denied.empty()) g.denied = SqlActionName(action, a, b);
  return SQLITE_DENY;
}

int SqlProgress(void* guard) {
  SqlGuard& g = *static_cast<SqlGuard*>(guard);
  return g.trusted || ++g.progress <= kSqlMaxProgress ? 0 : 1;
}

struct SqliteClose {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct SqliteFinalize {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using SqliteDb = std::unique_ptr<sqlite3, SqliteClose>;
using SqliteStmt = std::unique_ptr<sqlite3_stmt, SqliteFinalize>;

// A private in-memory database: no file, no URI names, no extensions, triggers or views, and
// the guard's authorizer and progress handler on every statement.
SqliteDb OpenSqlDatabase(SqlGuard& guard) {
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(":memory:", &raw,
                           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY |
                               SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE,
                           nullptr);
  SqliteDb db(raw);
  if (rc != SQLITE_OK) return nullptr;
  sqlite3_db_config(raw, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(raw, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(raw, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  sqlite3_db_config(raw, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(raw, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  sqlite3_limit(raw, SQLITE_LIMIT_LENGTH, kSqlMaxLength);
  sqlite3_limit(raw, SQLITE_LIMIT_SQL_LENGTH, kSqlMaxLength);
  sqlite3_limit(raw, SQLITE_LIMIT_COLUMN, kSqlMaxColumns);
  sqlite3_limit(raw, SQLITE_LIMIT_EXPR_DEPTH, kSqlMaxExprDepth);
  sqlite3_limit(raw, SQLITE_LIMIT_COMPOUND_SELECT, 1);
  sqlite3_limit(raw, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_limit(raw, SQLITE_LIMIT_TRIGGER_DEPTH, 0);
  sqlite3_set_authorizer(raw, SqlAuthorize, &guard);
  sqlite3_progress_handler(raw, kSqlProgressEvery, SqlProgress, &guard);
  return db;
}

// Runs one of rooflint's own statements (the guard trusts it); false on an error.
bool SqlTrusted(sqlite3* db, SqlGuard& guard, const std::string& sql) {
  guard.trusted = true;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
  guard.trusted = false;
  return rc == SQLITE_OK;
}

std::string SqlQuoted(std::string_view name) {
  std::string q = "\"";
  for (char c : name) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// After the file's CREATE TABLE: the table again with the same columns and no declared types,
// so that each value is kept as the file wrote it (a REAL column would turn '49.100000' into
// 49.1, and a record's id hashes the text), and an empty blob as each column's default, so
// that a column an INSERT does not list stays apart from one it sets to NULL.
bool SqlUntypeTable(sqlite3* db, SqlGuard& guard, const std::string& table) {
  std::vector<std::string> columns;
  {
    guard.trusted = true;
    sqlite3_stmt* raw = nullptr;
    sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info(?1)", -1, &raw, nullptr);
    SqliteStmt info(raw);
    if (raw != nullptr) {
      sqlite3_bind_text(raw, 1, table.data(), static_cast<int>(table.size()), SQLITE_TRANSIENT);
      while (sqlite3_step(raw) == SQLITE_ROW) {
        const auto* name = reinterpret_cast<const char*>(sqlite3_column_text(raw, 0));
        columns.emplace_back(name ? name : "");
      }
    }
    guard.trusted = false;
  }
  if (columns.empty()) return false;
  std::string create = fmt::format("DROP TABLE {0}; CREATE TABLE {0} (", SqlQuoted(table));
  for (size_t i = 0; i < columns.size(); ++i) {
    create += fmt::format("{}{} DEFAULT x''", i ? ", " : "", SqlQuoted(columns[i]));
  }
  return SqlTrusted(db, guard, create + ")");
}

// The row an INSERT just added, by column name: a NULL is a field not present, a column the
// INSERT did not list (the default, an empty blob) no field at all.
bool SqlReadRow(sqlite3* db, SqlGuard& guard, const std::string& table, Test& test) {
  guard.trusted = true;
  sqlite3_stmt* raw = nullptr;
  std::string select = fmt::format("SELECT * FROM {} WHERE rowid = ?1", SqlQuoted(table));
  sqlite3_prepare_v2(db, select.c_str(), -1, &raw, nullptr);
  SqliteStmt stmt(raw);
  bool found = false;
  if (raw != nullptr) {
    sqlite3_bind_int64(raw, 1, sqlite3_last_insert_rowid(db));
    if (sqlite3_step(raw) == SQLITE_ROW) {
      found = true;
      for (int i = 0; i < sqlite3_column_count(raw); ++i) {
        int type = sqlite3_column_type(raw, i);
        if (type == SQLITE_BLOB && sqlite3_column_bytes(raw, i) == 0) continue;  // not listed
        Field f;
        f.offset = kNpos;  // a value is located by its statement
        if (type == SQLITE_NULL) {
          f.text = "NULL";
          f.present = false;
        } else {
          const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(raw, i));
          f.text.assign(text ? text : "", static_cast<size_t>(sqlite3_column_bytes(raw, i)));
        }
        test.fields.emplace(sqlite3_column_name(raw, i), std::move(f));
      }
    }
  }
  guard.trusted = false;
  return found;
}

void ParseSql(const SourceText& src, Parsed& p, Sink& sink) {
  p.format = "sql";
  const std::string sql(src.text());
  constexpr std::string_view kHint = "import the output of llama-bench -o sql as it was written";
  if (size_t nul = sql.find('\0'); nul != kNpos) {
    sink.Add(src.At(nul, Severity::kError, "bad-sql",
                    "the file holds a NUL byte, which no SQL text holds", std::string(kHint)));
    return;
  }
  SqlGuard guard;
  SqliteDb db = OpenSqlDatabase(guard);
  if (!db) {
    sink.Add(src.At(0, Severity::kError, "bad-sql", "SQLite could not open a memory database",
                    "rooflint needs a working SQLite to read -o sql; import -o jsonl instead"));
    return;
  }
  size_t statements = 0;
  size_t inserts = 0;
  size_t pos = 0;
  while ((pos = SqlStatementStart(sql, pos)) < sql.size()) {
    size_t stmt_at = pos;
    ++statements;
    std::string kw = SqlKeyword(sql, stmt_at);
    std::string what = kw == "INSERT" ? fmt::format("INSERT {}", ++inserts)
                                      : fmt::format("statement {} ({})", statements, kw);
    guard = SqlGuard();
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    // The text is NUL-terminated (-1): SQLite then parses it in place, with no copy of the
    // rest of the file per statement, and bounds this statement's length as it reads it.
    int rc = sqlite3_prepare_v2(db.get(), sql.c_str() + stmt_at, -1, &raw, &tail);
    SqliteStmt stmt(raw);
    auto error = [&](DiagnosticCode code, std::string message, std::string hint) {
      sink.Add(
          src.At(stmt_at, Severity::kError, std::move(code), std::move(message), std::move(hint)));
    };
    if (rc != SQLITE_OK) {
      std::string msg = sqlite3_errmsg(db.get());
      int values = 0, columns = 0;
      if (!guard.denied.empty()) {
        error("bad-sql",
              fmt::format("{} is refused: {}; rooflint runs only CREATE TABLE and INSERT "
                          "statements of values",
                          what, guard.denied),
              "llama-bench -o sql writes nothing else: the file was not written by it, or was "
              "edited; nothing of it was run");
      } else if (!sqlite3_complete(sql.c_str() + stmt_at)) {
        error("truncated",
              kw == "INSERT" ? fmt::format("{} ends before its closing ')'", what)
                             : fmt::format("{} is cut off: the file ends inside it", what),
              "the file was cut, or a value holds a quote llama-bench did not escape; "
              "re-run llama-bench -o sql");
      } else if (std::sscanf(msg.c_str(), "%d values for %d columns", &values, &columns) == 2 ||
                 std::sscanf(msg.c_str(), "table %*s has %d columns but %d values were supplied",
                             &columns, &values) == 2) {
        error("column-count", fmt::format("{} has {} values for {} columns", what, values, columns),
              "rooflint never shifts columns to fit: re-run llama-bench -o sql");
      } else if (rc == SQLITE_TOOBIG) {
        error("bad-sql",
              fmt::format("{} is too long: rooflint reads a statement or a value of at most {} "
                          "bytes (a llama-bench INSERT is about a kilobyte)",
                          what, kSqlMaxLength),
              std::string(kHint));
      } else {
        error("bad-sql", fmt::format("{} is not SQL that SQLite reads: {}", what, msg),
              std::string(kHint));
      }
      return;
    }
    size_t next = tail != nullptr ? static_cast<size_t>(tail - sql.c_str()) : sql.size();
    if (raw == nullptr) {  // only an empty statement (a lone ';')
      pos = std::max(next, stmt_at + 1);
      continue;
    }
    if (sqlite3_stmt_isexplain(raw) != 0 || !(guard.creates || guard.inserts)) {
      error("bad-sql",
            fmt::format("{} is not a CREATE TABLE or an INSERT, the only statements rooflint "
                        "runs",
                        what),
            "llama-bench -o sql writes nothing else; the statement was not run");
      return;
    }
    if (sqlite3_bind_parameter_count(raw) > 0) {
      error("bad-sql", fmt::format("{} holds a parameter ('?'), which has no value", what),
            std::string(kHint));
      return;
    }
    rc = sqlite3_step(raw);
    if (rc != SQLITE_DONE) {
      error("bad-sql",
            rc == SQLITE_INTERRUPT
                ? fmt::format("{} takes far more work than a llama-bench statement: SQLite "
                              "stopped it",
                              what)
                : fmt::format("{} fails in SQLite: {}", what, sqlite3_errmsg(db.get())),
            std::string(kHint));
      return;
    }
    stmt.reset();
    if (guard.creates) {
      if (!SqlUntypeTable(db.get(), guard, guard.table)) {
        error("bad-sql", fmt::format("{}: the table it creates cannot be read back", what),
              std::string(kHint));
        return;
      }
    } else {
      Test test;
      test.offset = stmt_at;
      test.what = what;
      if (!SqlReadRow(db.get(), guard, guard.table, test)) {
        error("bad-sql", fmt::format("{} adds no row that can be read back", what),
              std::string(kHint));
        return;
      }
      p.tests.push_back(std::move(test));
    }
    pos = next;
  }
  if (inserts == 0) {
    sink.Add(src.At(0, Severity::kError, "no-tests", "no INSERT statement in this SQL file",
                    std::string(kHint)));
  }
}

#else  // ROOFLINT_NO_SQLITE

// A build without SQLite (the browser page: emscripten cannot link the system's libsqlite3)
// does not read the SQL form; it says so at the first statement.
void ParseSql(const SourceText& src, Parsed& p, Sink& sink) {
  p.format = "sql";
  sink.Add(src.At(SqlStatementStart(src.text(), 0), Severity::kError, "bad-sql",
                  "this build of rooflint has no SQLite and does not read llama-bench's -o sql "
                  "output",
                  "import the -o json, jsonl, csv or md output, or use the rooflint command"));
}

#endif  // ROOFLINT_NO_SQLITE

// ----- Markdown -----

// The cells of a table line, split on '|' (never on widths: a long model name overflows its
// column and the pipes stop lining up), each trimmed, with the offset of its text.
std::vector<std::pair<std::string, size_t>> SplitCells(std::string_view line, size_t at) {
  std::vector<std::pair<std::string, size_t>> cells;
  size_t i = line.find('|');
  while (i != kNpos) {
    size_t next = line.find('|', i + 1);
    if (next == kNpos) break;
    std::string_view cell = line.substr(i + 1, next - i - 1);
    size_t lead = 0;
    while (lead < cell.size() && cell[lead] == ' ') ++lead;
    cells.emplace_back(Trim(cell), at + i + 1 + lead);
    i = next;
  }
  return cells;
}

// True for a table's header row: it names the model, test and t/s columns (left-aligned
// `| test |` before mid-2024, right-aligned `|            test |` since).
bool IsHeaderRow(const std::vector<std::pair<std::string, size_t>>& cells) {
  bool model = false, test = false, rate = false;
  for (const auto& [text, at] : cells) {
    model = model || text == "model";
    test = test || text == "test";
    rate = rate || text == "t/s";
  }
  return model && test && rate;
}

// One log line outside a markdown table: ggml's device lines and the llama-bench command
// line, which state what the next table ran on.
void ReadLogLine(std::string_view line, MdRun& run) {
  std::string lower = ToLower(line);
  if (size_t f = lower.find("found "); f != kNpos && lower.find(" devices", f) != kNpos) {
    // "ggml_vulkan: Found 2 Vulkan devices:", "ggml_cuda_init: found 2 ROCm devices (...)".
    size_t start = f + 6, end = start;
    while (end < lower.size() && IsDigit(lower[end])) ++end;
    if (end > start && end - start <= 4) {
      run.found = std::stoll(std::string(lower.substr(start, end - start)));
    }
    return;
  }
  auto add = [&](std::string_view name) {
    std::string n(Trim(name));
    if (!n.empty() && run.devices.size() < 64) run.devices.push_back(n);
  };
  if (line.starts_with("Device ") && line.find(": ") != kNpos) {
    // CUDA, ROCm: "Device 0: NAME, compute capability ..." / "NAME, gfx1151 (0x1151), ...".
    std::string_view rest = line.substr(line.find(": ") + 2);
    add(rest.substr(0, rest.find(", ")));
  } else if (line.starts_with("ggml_vulkan: ") && line.find(" = ") != kNpos) {
    // Vulkan: "ggml_vulkan: 0 = AMD Radeon RX 7900 XTX (RADV NAVI31) (radv) | uma: 0 | ...":
    // the '|' in it does not make it a table row.
    std::string_view rest = line.substr(line.find(" = ") + 3);
    add(rest.substr(0, rest.find(" | ")));
  } else if (line.find("llama-bench") != kNpos && line.find(" -m ") != kNpos) {
    std::string_view rest = line.substr(line.find(" -m ") + 4);
    rest = rest.substr(0, rest.find(' '));
    if (!rest.empty()) run.model_file = std::string(rest);
  }
}

void ParseMarkdown(const SourceText& src, Parsed& p, Sink& sink) {
  p.format = "markdown";
  std::string_view t = src.text();
  std::vector<std::string> header;
  bool separator = false;
  size_t pos = 0;
  size_t rows = 0;        // rows of the current table
  size_t all_rows = 0;    // rows of every table
  MdRun pending;          // what the log lines since the last table state
  bool in_table = false;  // the last line was a row (or the header) of a llama-bench table
  while (pos < t.size()) {
    size_t eol = t.find('\n', pos);
    std::string_view line = t.substr(pos, eol == kNpos ? kNpos : eol - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::string_view trimmed = Trim(line);
    if (trimmed.starts_with("|")) {
      auto cells = SplitCells(line, pos);
      if (IsHeaderRow(cells)) {
        // A table starts: a new llama-bench run, with the log lines read since the last one.
        p.runs.push_back(std::move(pending));
        pending = MdRun();
        header.clear();
        for (auto& c : cells) header.push_back(c.first);
        separator = false;
        in_table = true;
        rows = 0;
      } else if (!in_table) {
        // Another table of a report (no model, test and t/s columns): not llama-bench's. A row
        // as wide as the last llama-bench table's, after a line that ended it, may be one of
        // its tests that a log line interrupted: not read, but said.
        if (!header.empty() && separator && cells.size() == header.size()) {
          sink.Add(src.At(pos, Severity::kWarning, "row-outside-table",
                          "a row as wide as the llama-bench table above, after a line that is "
                          "not a row: not read",
                          "remove the lines between the table's rows (llama-bench prints its "
                          "tests' rows one under the other)"));
        }
      } else if (!separator) {
        separator = true;
      } else if (cells.size() != header.size()) {
        sink.Add(src.At(pos, Severity::kError, "column-count",
                        fmt::format("table row {} has {} cells but the header has {} columns",
                                    rows + 1, cells.size(), header.size()),
                        "rooflint never shifts columns to fit: re-run llama-bench -o md"));
        p.tests.clear();
        return;
      } else {
        ++rows;
        ++all_rows;
        Test test;
        test.offset = pos;
        test.what = fmt::format("table row {}", rows);
        test.run = p.runs.size() - 1;
        for (size_t i = 0; i < header.size(); ++i) {
          Field f;
          f.text = cells[i].first;
          f.offset = cells[i].second;
          test.fields.emplace("md:" + header[i], std::move(f));
        }
        p.tests.push_back(std::move(test));
      }
    } else if (trimmed.starts_with("llama-bench: benchmark ")) {
      // --progress prints "llama-bench: benchmark 2/4: starting" (and its runs) on stderr,
      // between the rows of the table when both streams are captured: the table goes on.
    } else {
      in_table = false;
      if (trimmed.starts_with("build: ")) {
        // The footer follows its table.
        if (!p.runs.empty() && p.runs.back().footer_build.empty()) {
          p.runs.back().footer_build = std::string(trimmed.substr(7));
        }
      } else {
        ReadLogLine(trimmed, pending);
      }
    }
    pos = eol == kNpos ? t.size() : eol + 1;
  }
  if (p.runs.size() > 1) {
    for (Test& test : p.tests)
      test.what = fmt::format("table {} {}", test.run + 1, test.what.substr(6));
  }
  if (all_rows == 0) {
    sink.Add(src.At(0, Severity::kError, "no-tests",
                    "no table rows: a llama-bench markdown table has a header, a separator and "
                    "one row per test",
                    "import the output of llama-bench -o md as it was written"));
  }
}

// ----- From a test to a record -----

// llama.cpp's ftype names ("Q4_K - Medium", "mostly Q4_0", "F16") to rooflint's precisions.
std::string PrecisionFromModelType(std::string_view model_type) {
  // "<arch> <size> <ftype>": the ftype is everything after the second space.
  size_t a = model_type.find(' ');
  size_t b = a == kNpos ? kNpos : model_type.find(' ', a + 1);
  if (b == kNpos) return "";
  std::string_view ftype = Trim(model_type.substr(b + 1));
  for (std::string_view prefix : {"mostly ", "all "}) {
    if (ftype.starts_with(prefix)) ftype.remove_prefix(prefix.size());
  }
  std::string lower = ToLower(ftype);
  std::string base = lower.substr(0, lower.find(' '));
  std::string suffix;
  if (lower.find(" - medium") != kNpos) suffix = "_m";
  if (lower.find(" - small") != kNpos) suffix = "_s";
  if (lower.find(" - large") != kNpos) suffix = "_l";
  if (base == "f16") base = "fp16";
  if (base == "f32") base = "fp32";
  if (FindPrecision(base + suffix) != nullptr) return base + suffix;
  if (FindPrecision(base) != nullptr) return base;
  return "";
}

struct TestKind {
  int64_t n_prompt = 0;
  int64_t n_gen = 0;
  int64_t n_depth = 0;
  bool depth_stated = false;
};

// "pp512", "pp 512", "tg128", "pp512+tg128", "tg128 @ d4096", "pp2048 @ d32768".
std::optional<TestKind> ParseTestLabel(std::string_view label) {
  TestKind k;
  std::string s;
  for (char c : label) {
    if (c != ' ') s += c;
  }
  size_t at = s.find("@d");
  if (at != kNpos) {
    auto d = ParseNumber(s.substr(at + 2));
    if (!d || *d < 0 || *d != std::floor(*d) || *d > 1e8) return std::nullopt;
    k.n_depth = static_cast<int64_t>(*d);
    k.depth_stated = true;
    s = s.substr(0, at);
  }
  size_t start = 0;
  while (start < s.size()) {
    size_t plus = s.find('+', start);
    std::string part = s.substr(start, plus == kNpos ? kNpos : plus - start);
    if (part.size() < 3) return std::nullopt;
    auto n = ParseNumber(part.substr(2));
    if (!n || *n < 0 || *n != std::floor(*n) || *n > 1e8) return std::nullopt;
    if (part.starts_with("pp")) {
      k.n_prompt = static_cast<int64_t>(*n);
    } else if (part.starts_with("tg")) {
      k.n_gen = static_cast<int64_t>(*n);
    } else {
      return std::nullopt;
    }
    if (plus == kNpos) break;
    start = plus + 1;
  }
  return k;
}

// True for a GGUF quantisation label as file names carry it: a weight format rooflint knows,
// or llama.cpp's "Q4_K_XL", "IQ3_XXS", "F16", "BF16" forms.
bool IsQuantLabel(std::string_view tail) {
  std::string t = ToLower(tail);
  if (FindPrecision(t) != nullptr || t == "f16" || t == "f32" || t == "bf16") return true;
  size_t i = t.starts_with("iq") ? 2 : t.starts_with("q") ? 1 : 0;
  return i > 0 && i < t.size() && IsDigit(t[i]);
}

// A GGUF file name without its extension, a shard suffix and a trailing weight format:
// "llama-2-7b.Q4_0.gguf" -> "llama-2-7b", "gpt-oss-20b-F16.gguf" -> "gpt-oss-20b",
// "Qwen3.5-27B-UD-Q4_K_XL.gguf" -> "Qwen3.5-27B" (Unsloth's "UD" dynamic-quant tag goes too),
// "X-00001-of-00003.gguf" -> "X".
std::string ModelStem(std::string_view name) {
  std::string s(name);
  if (s.size() > 5 && ToLower(s.substr(s.size() - 5)) == ".gguf") s.resize(s.size() - 5);
  if (size_t of = s.rfind("-of-"); of != std::string::npos && of >= 6 && s[of - 6] == '-' &&
                                   std::all_of(s.begin() + of - 5, s.begin() + of, IsDigit) &&
                                   of + 4 < s.size() &&
                                   std::all_of(s.begin() + of + 4, s.end(), IsDigit)) {
    s.resize(of - 6);
  }
  size_t cut = s.find_last_of(".-");
  if (cut != std::string::npos && cut > 0 && IsQuantLabel(s.substr(cut + 1))) {
    s.resize(cut);
    cut = s.find_last_of(".-");
    if (cut != std::string::npos && cut > 0 && ToLower(s.substr(cut + 1)) == "ud") s.resize(cut);
  }
  return s;
}

// What one test gives its record, built up section by section.
struct TestDraft {
  StatedRun run;
  StatedFigure figure;
  std::vector<std::string>& notes = run.notes;
  TestKind kind;
  std::string label;        // "tg128", "pp512 @ d4096"
  std::string value_key;    // avg_ts, or the markdown's t/s
  std::string stddev_text;  // as the file writes it ("" when not stated)
  std::string model_type;
  std::string build_number;
  std::string version;  // "commit (build number)", "" when not stated
};

class TestImporter {
 public:
  TestImporter(const SourceText& src, const Parsed& parsed, const Context& ctx, Sink& sink,
               std::string source_id)
      : src_(src),
        parsed_(parsed),
        md_(parsed.format == "markdown"),
        ctx_(ctx),
        sink_(sink),
        source_id_(std::move(source_id)) {}

  // What one test states (nullopt when it has an error).
  std::optional<StatedRun> Run(const Test& test);

 private:
  // The sections of Run, in record order; a false return means an error was reported.
  bool ReadKind(const Test& test, TestDraft& d);
  bool ReadValue(const Test& test, TestDraft& d);
  void ReadModel(const Test& test, TestDraft& d);
  void ReadPrecision(const Test& test, TestDraft& d);
  bool ReadWeights(const Test& test, TestDraft& d);
  void ReadHardware(const Test& test, TestDraft& d);
  void EngineVersion(const Test& test, TestDraft& d);
  void SetConditions(const Test& test, TestDraft& d);
  void AddRunNotes(const Test& test, TestDraft& d);
  void SetIdentity(const Test& test, TestDraft& d);

  const MdRun* RunOf(const Test& t) const {
    return md_ && t.run < parsed_.runs.size() ? &parsed_.runs[t.run] : nullptr;
  }
  const Field* Get(const Test& t, std::string_view key) const {
    auto it = t.fields.find(key);
    if (it == t.fields.end() || !it->second.present) return nullptr;
    return &it->second;
  }
  std::string Text(const Test& t, std::string_view key) const {
    const Field* f = Get(t, key);
    return f ? f->text : "";
  }
  size_t Where(const Test& t, std::string_view key) const {
    const Field* f = Get(t, key);
    if (f && f->offset != kNpos) return f->offset;
    if (t.span != nullptr) {
      size_t at = FindJsonKey(src_.text(), *t.span, key);
      if (at != kNpos) return at;
    }
    return t.offset;
  }
  std::string Pointer(const Test& t, std::string_view key) const {
    return parsed_.format == "json" || parsed_.format == "jsonl"
               ? fmt::format("{}/{}: ", t.pointer, PointerToken(key))
               : fmt::format("{}: ", key);
  }
  Diagnostic DiagAt(const Test& t, std::string_view key, DiagnosticCode code, std::string message,
                    std::string hint) const {
    return src_.At(Where(t, key), Severity::kError, std::move(code), Pointer(t, key) + message,
                   std::move(hint));
  }
  void Error(const Test& t, std::string_view key, DiagnosticCode code, std::string message,
             std::string hint) {
    sink_.Add(DiagAt(t, key, std::move(code), std::move(message), std::move(hint)));
    failed_ = true;
  }
  void Warn(const Test& t, std::string_view key, DiagnosticCode code, std::string message,
            std::string hint) {
    Diagnostic d = DiagAt(t, key, std::move(code), std::move(message), std::move(hint));
    d.severity = Severity::kWarning;
    sink_.Add(d);
  }
  // A non-negative integer field; nullopt when absent (an error when `required`).
  std::optional<int64_t> Count(const Test& t, std::string_view key, bool required) {
    const Field* f = Get(t, key);
    if (f == nullptr) {
      if (required) {
        sink_.Add(src_.At(t.offset, Severity::kError, "missing-field",
                          fmt::format("{} has no '{}'", t.what, key),
                          "llama-bench writes it in every schema; was the file edited?"));
        failed_ = true;
      }
      return std::nullopt;
    }
    auto v = ParseNumber(f->text);
    if (!v || *v != std::floor(*v)) {
      Error(t, key, "not-a-number", fmt::format("'{}' is not a whole number", f->text),
            "llama-bench writes token counts as integers");
      return std::nullopt;
    }
    if (*v < 0 || *v > 1e8) {
      Error(t, key, "out-of-range", fmt::format("{} is not a token count", f->text),
            "a token count is between 0 and 100000000");
      return std::nullopt;
    }
    return static_cast<int64_t>(*v);
  }

  const SourceText& src_;
  const Parsed& parsed_;
  const bool md_;
  const Context& ctx_;
  Sink& sink_;
  std::string source_id_;
  bool failed_ = false;
};

std::optional<StatedRun> TestImporter::Run(const Test& test) {
  failed_ = false;
  TestDraft d;
  d.run.source_id = source_id_;
  d.run.at = [this, &test](std::string_view key, Severity severity, DiagnosticCode code,
                           std::string message, std::string hint) {
    Diagnostic diag = DiagAt(test, key, std::move(code), std::move(message), std::move(hint));
    diag.severity = severity;
    return diag;
  };
  if (!ReadKind(test, d) || !ReadValue(test, d)) return std::nullopt;
  ReadModel(test, d);
  ReadPrecision(test, d);
  if (!ReadWeights(test, d)) return std::nullopt;
  ReadHardware(test, d);
  SetConditions(test, d);
  AddRunNotes(test, d);
  SetIdentity(test, d);
  if (failed_) return std::nullopt;
  d.run.figures.push_back(std::move(d.figure));
  return std::move(d.run);
}

// Lengths and the kind of test: n_prompt / n_gen / n_depth, or the markdown's test label.
bool TestImporter::ReadKind(const Test& test, TestDraft& d) {
  if (md_) {
    const Field* tf = Get(test, "md:test");
    std::optional<TestKind> k = tf ? ParseTestLabel(tf->text) : std::nullopt;
    if (!k) {
      Error(test, "md:test", "unknown-test",
            tf ? fmt::format("'{}' is not a llama-bench test label", tf->text)
               : std::string("the table has no 'test' column"),
            "labels are pp<N>, tg<N> or pp<N>+tg<M>, optionally with ' @ d<depth>'");
      return false;
    }
    d.kind = *k;
  } else {
    auto p = Count(test, "n_prompt", true);
    auto g = Count(test, "n_gen", true);
    auto depth = Count(test, "n_depth", false);
    if (!p || !g || failed_) return false;
    d.kind.n_prompt = *p;
    d.kind.n_gen = *g;
    d.kind.n_depth = depth.value_or(0);
    d.kind.depth_stated = depth.has_value();
  }
  const TestKind& kind = d.kind;
  if (kind.n_prompt == 0 && kind.n_gen == 0) {
    Error(test, md_ ? "md:test" : "n_gen", "empty-test",
          "n_prompt and n_gen are both 0: the test measures nothing",
          "llama-bench tests have n_prompt > 0 (pp), n_gen > 0 (tg), or both (pg)");
    return false;
  }
  if (kind.n_gen == 0) {
    d.label = fmt::format("pp{}", kind.n_prompt);
  } else if (kind.n_prompt == 0) {
    d.label = fmt::format("tg{}", kind.n_gen);
  } else {
    d.label = fmt::format("pp{}+tg{}", kind.n_prompt, kind.n_gen);
  }
  if (kind.n_depth > 0) d.label += fmt::format(" @ d{}", kind.n_depth);
  return true;
}

// The figure: avg_ts (json, csv, sql) or "mean ± std" (markdown).
bool TestImporter::ReadValue(const Test& test, TestDraft& d) {
  d.value_key = md_ ? "md:t/s" : "avg_ts";
  std::string mean_text;
  const Field* f = Get(test, d.value_key);
  if (f == nullptr) {
    sink_.Add(src_.At(test.offset, Severity::kError, "missing-field",
                      fmt::format("{} has no '{}'", test.what, md_ ? "t/s" : "avg_ts"),
                      "the tokens-per-second figure is what is imported"));
    return false;
  }
  if (md_) {
    size_t pm = f->text.find("±");
    mean_text = std::string(Trim(std::string_view(f->text).substr(0, pm)));
    if (pm != kNpos) d.stddev_text = std::string(Trim(std::string_view(f->text).substr(pm + 2)));
  } else {
    mean_text = f->text;
    d.stddev_text = Text(test, "stddev_ts");
  }
  if (!ParseNumber(mean_text)) {
    Error(test, d.value_key, "not-a-number", fmt::format("'{}' is not a number", mean_text),
          "llama-bench writes tokens per second as a decimal number");
    return false;
  }
  StatedFigure& figure = d.figure;
  figure.value = *ParseNumber(mean_text);
  figure.text = mean_text;
  figure.unit = "tok/s";
  figure.dimension = Dimension::kTokenRate;
  figure.statistic = "mean";
  figure.key = d.value_key;
  figure.what = Pointer(test, d.value_key) + "tokens per second";
  figure.offset = test.offset;
  return true;
}

// The model: the GGUF file name (model_filename, or the -m of the command line above a
// markdown table) names it best; the type string ("llama 7B Q4_0") is shared by several.
void TestImporter::ReadModel(const Test& test, TestDraft& d) {
  d.model_type = md_ ? Text(test, "md:model") : Text(test, "model_type");
  const MdRun* run = RunOf(test);
  std::string filename = md_ ? (run ? run->model_file : "") : Text(test, "model_filename");
  std::string model_key =
      md_ ? "md:model" : (Get(test, "model_type") ? "model_type" : "model_filename");
  // The parameter count the file states: model_n_params, or the markdown's "6.74 B".
  double params = 0;
  std::string params_how;
  if (const Field* f = Get(test, md_ ? "md:params" : "model_n_params")) {
    std::string_view text = Trim(f->text);
    double scale = 1;
    if (md_ && !text.empty()) {
      char unit = text.back();
      scale = unit == 'B' ? 1e9 : unit == 'M' ? 1e6 : unit == 'K' ? 1e3 : 1;
      if (scale != 1) text = Trim(text.substr(0, text.size() - 1));
    }
    if (auto n = ParseNumber(text); n && *n > 0) {
      params = *n * scale;
      params_how = md_ ? fmt::format("the table's params column '{}'", Trim(f->text))
                       : fmt::format("model_n_params {}", f->text);
    }
  }
  std::string stem = ModelStem(BaseName(filename));
  // The type string without its ftype ("qwen35moe 122B.A10B Q4_K - Medium" -> "qwen35moe
  // 122B.A10B") names a draft when no file name does: the weight format is not the model.
  std::string type_name = d.model_type;
  if (size_t a = type_name.find(' '); a != kNpos) {
    if (size_t b = type_name.find(' ', a + 1); b != kNpos) type_name.resize(b);
  }
  d.run.model_names = {stem, std::string(BaseName(filename)), filename, d.model_type, type_name};
  d.run.model_display = !stem.empty() ? stem : type_name;
  d.run.params = params;
  d.run.params_how = params_how;
  d.run.weak_from = 3;
  d.run.model_key = model_key;
  d.run.no_model = src_.At(test.offset, Severity::kError, "unknown-model",
                           fmt::format("{} names no model", test.what),
                           "pass --model ID with the model the test ran");
}

// The weight format: the ftype of model_type, else --precision, else absent.
void TestImporter::ReadPrecision(const Test& test, TestDraft& d) {
  std::string model_key =
      md_ ? "md:model" : (Get(test, "model_type") ? "model_type" : "model_filename");
  d.run.precision = {PrecisionFromModelType(d.model_type),
                     fmt::format("model_type '{}'", d.model_type), model_key};
  d.run.precision_absent = fmt::format(
      "the weight format cannot be told from model_type '{}' (pass --precision)", d.model_type);
}

// Weight bytes, verbatim: model_size in bytes, or the markdown's "3.56 GiB".
bool TestImporter::ReadWeights(const Test& test, TestDraft& d) {
  std::string size_key = md_ ? "md:size" : "model_size";
  const Field* f = Get(test, size_key);
  if (f == nullptr) return true;
  std::string text = md_ ? f->text : f->text + " B";
  Diagnostic at = DiagAt(test, size_key, "", "", "");
  auto w =
      ctx_.Quantity(text, Dimension::kBytes, at, Pointer(test, size_key) + "model size", sink_);
  if (!w) return false;
  d.run.weights = *w;
  return true;
}

// Hardware and count: gpu_info lists every detected GPU (a CPU-only run has it empty); above a
// markdown table, ggml's device lines name them. Devices found are not devices used: split
// mode none runs one, and an RPC backend runs devices the log never lists.
void TestImporter::ReadHardware(const Test& test, TestDraft& d) {
  StatedRun& r = d.run;
  const MdRun* run = RunOf(test);
  std::string gpu(Trim(Text(test, "gpu_info")));
  bool from_log = false;
  if (md_ && gpu.empty() && run != nullptr && !run->devices.empty()) {
    for (const auto& dev : run->devices) gpu += (gpu.empty() ? "" : ", ") + dev;
    from_log = true;
  }
  std::string cpu(Trim(Text(test, "cpu_info")));
  std::string stated_hw = !gpu.empty() ? gpu : cpu;
  std::string hw_key = from_log ? d.value_key : !gpu.empty() ? "gpu_info" : "cpu_info";
  std::string unstated = md_ ? "llama-bench's markdown table does not print gpu_info or cpu_info"
                             : "the file's gpu_info and cpu_info are empty";
  r.hardware = {stated_hw, hw_key, stated_hw.empty() ? d.value_key : hw_key};
  r.hardware_unstated = unstated;

  int64_t devices = 1;
  for (size_t at = gpu.find(", "); at != kNpos; at = gpu.find(", ", at + 2)) ++devices;
  if (from_log) {
    int64_t listed = static_cast<int64_t>(run->devices.size());
    devices = std::max(listed, run->found.value_or(listed));
  }
  // The split mode: llama-bench prints the sm column only when it is not the default (layer).
  std::string split = md_ ? Text(test, "md:sm") : Text(test, "split_mode");
  std::string backend = md_ ? Text(test, "md:backend") : Text(test, "backends");
  bool rpc = ToLower(backend).find("rpc") != kNpos;
  std::string found_text =
      from_log ? fmt::format("the device lines above the table (ggml found {} device{}: {})",
                             devices, devices == 1 ? "" : "s", gpu)
               : fmt::format("gpu_info lists {} device{}", devices, devices == 1 ? "" : "s");
  // llama-bench records no count: what it lists is read generously, and --count replaces it.
  r.count_is_reading = true;
  r.count_key = hw_key;
  if (rpc && !gpu.empty()) {
    r.count_absent = fmt::format(
        "backend '{}' also ran on RPC devices, which {} does not list: it names the local "
        "devices only; {}",
        backend, from_log ? "the log" : "gpu_info", found_text);
  } else if (split == "none" && !gpu.empty()) {
    std::string main_gpu = Text(test, md_ ? "md:main_gpu" : "main_gpu");
    r.count = 1;
    r.count_how = fmt::format(
        "split mode none, which runs the model on one device (main_gpu {}) of those found; {}",
        main_gpu.empty() ? std::string("not printed") : main_gpu, found_text);
  } else if (from_log) {
    r.count = devices;
    r.count_how = fmt::format(
        "{}{}", found_text,
        devices > 1 ? fmt::format("; split mode {}: llama-bench does not record which "
                                  "the test used, and counting all of them is the "
                                  "generous side",
                                  split.empty() ? "layer (the default: no sm column)" : split)
                    : "");
  } else if (devices > 1 && !gpu.empty()) {
    r.count = devices;
    r.count_how = fmt::format(
        "gpu_info, which lists {} devices; llama-bench does not record which the test used, and "
        "counting all of them is the generous side",
        devices);
  } else if (!gpu.empty()) {
    r.count = 1;
    r.count_how = "gpu_info, which names one device";
  } else {
    r.count_absent = !cpu.empty() ? "the file names no GPU, and llama-bench does not record how "
                                    "many CPU sockets ran the test"
                                  : "the file names no device";
  }
}

// Engine version: build_commit (build_number), or the footer below the test's table.
void TestImporter::EngineVersion(const Test& test, TestDraft& d) {
  std::string commit = Text(test, "build_commit");
  d.build_number = Text(test, "build_number");
  const MdRun* run = RunOf(test);
  if (!commit.empty()) {
    d.version =
        d.build_number.empty() ? commit : fmt::format("{} (build {})", commit, d.build_number);
  } else if (run != nullptr && !run->footer_build.empty()) {
    std::string_view fb = run->footer_build;
    size_t paren = fb.find(" (");
    if (paren == kNpos) {
      d.version = std::string(fb);
    } else {
      d.build_number = std::string(Trim(fb.substr(paren + 2, fb.size() - paren - 3)));
      d.version = fmt::format("{} (build {})", fb.substr(0, paren), d.build_number);
    }
  }
  d.run.engine_version = {d.version, "the file's build",
                          commit.empty() ? d.value_key : std::string("build_commit")};
  d.run.engine_version_absent =
      md_ ? "the markdown table has no 'build:' footer (older llama-bench builds print none)"
          : "the file has no build_commit";
}

// The metric by test kind, and the conditions of one llama-bench test.
void TestImporter::SetConditions(const Test& test, TestDraft& d) {
  StatedFigure& b = d.figure;
  const TestKind& kind = d.kind;
  EngineVersion(test, d);
  // Warmup: recorded only by forks that add n_gen_warmup.
  CondValue warmup = CondValue::Absent(
      "llama-bench runs a warmup pass by default but records neither it nor --no-warmup");
  if (const Field* w = Get(test, "n_gen_warmup")) {
    warmup = CondValue::Str(fmt::format("n_gen_warmup {} (stated by the file)", w->text));
  }
  if (kind.n_gen == 0) {
    b.metric = "prefill";
  } else if (kind.n_prompt == 0) {
    b.metric = "per-user-decode";
  } else {
    b.metric = "aggregate-total";
    d.notes.push_back(
        "A pp+tg test: avg_ts counts n_prompt + n_gen tokens over the whole timed "
        "region (prefill and decode together), so it is recorded as aggregate-total "
        "at batch 1, never as decode speed.");
  }
  StatedRun& r = d.run;
  r.load_key = "batch";
  r.load = CondValue::Int(1);
  r.input_tokens = CondValue::Int(kind.n_prompt + kind.n_depth);
  r.output_tokens = kind.n_gen > 0 ? CondValue::Int(kind.n_gen)
                                   : CondValue::Absent(
                                         "a pp test generates no tokens (n_gen = 0); the "
                                         "record format takes output_tokens >= 1");
  r.conditions.emplace_back("engine", CondValue::Str("llama.cpp"));
  r.conditions.emplace_back("warmup", warmup);
  r.conditions.emplace_back("scenario", CondValue::Str("single-stream"));
  r.conditions.emplace_back("speculative", CondValue::Bool(false));
}

// The spread and the run's settings, in the notes.
void TestImporter::AddRunNotes(const Test& test, TestDraft& d) {
  const TestKind& kind = d.kind;
  std::string spread;
  std::string stddev = d.stddev_text.empty() ? "not stated" : d.stddev_text + " tok/s";
  if (const Field* s = Get(test, "samples_ts"); s && s->is_array && !s->samples.empty()) {
    std::vector<std::string> xs;
    for (double x : s->samples) xs.push_back(NumberText(x));
    spread = fmt::format("avg_ts is the mean of {} repetitions (samples_ts {}), stddev_ts {}",
                         s->samples.size(), fmt::join(xs, ", "), stddev);
  } else {
    spread = fmt::format(
        "avg_ts is the mean over the repetitions ({} does not keep the "
        "per-repetition samples), stddev_ts {}",
        parsed_.format, stddev);
  }
  std::string avg_ns = Text(test, "avg_ns");
  if (!avg_ns.empty()) {
    spread += fmt::format("; avg_ns {}, stddev_ns {}", avg_ns, Text(test, "stddev_ns"));
  }
  d.figure.lead = fmt::format("llama-bench {} ({}): {}.", d.label, parsed_.format, spread);
  d.notes.push_back(fmt::format(
      "n_prompt {}, n_gen {}, n_depth {}: input_tokens counts the prompt and the context "
      "prefilled before timing; batch 1 because llama-bench runs one sequence (n_batch and "
      "n_ubatch are prompt chunk sizes, not concurrent sequences).",
      kind.n_prompt, kind.n_gen,
      kind.depth_stated ? fmt::format("{}", kind.n_depth) : "not in this schema (0)"));
  std::vector<std::string> settings;
  for (std::string_view key :
       {"model_filename", "model_type", "model_n_params", "backends",   "cuda",
        "metal",          "opencl",     "gpu_blas",       "blas",       "n_gpu_layers",
        "split_mode",     "main_gpu",   "tensor_split",   "flash_attn", "type_k",
        "type_v",         "f16_kv",     "mul_mat_q",      "n_batch",    "n_ubatch",
        "n_threads",      "cpu_info",   "test_time",      "md:params",  "md:backend",
        "md:ngl",         "md:sm",      "md:n_cpu_moe",   "md:n_batch", "md:n_ubatch",
        "md:fa",          "md:mmap",    "md:fitt"}) {
    if (const Field* f = Get(test, key); f && !f->is_array) {
      std::string name(key.starts_with("md:") ? key.substr(3) : key);
      settings.push_back(fmt::format("{} {}", name, f->text));
    }
  }
  d.notes.push_back(fmt::format("Settings: {}.", fmt::join(settings, "; ")));
}

// Identity and provenance: the id hashes the test's fields (and, in a file of several tables,
// which table), never the path.
void TestImporter::SetIdentity(const Test& test, TestDraft& d) {
  std::string canonical;
  for (const auto& [k, f] : test.fields) {
    canonical += k + "=" + f.text;
    for (double x : f.samples) canonical += "," + NumberText(x);
    canonical += "\n";
  }
  if (md_ && parsed_.runs.size() > 1) canonical += fmt::format("table={}\n", test.run + 1);
  std::string test_time = Text(test, "test_time");
  // The file's name is in the source record: a renamed copy gives the same record.
  d.figure.locator =
      fmt::format("{} ({}{}), {}", test.what, d.label,
                  test_time.empty() ? "" : ", test_time " + test_time, md_ ? "t/s" : "avg_ts");
  // The id and title name the resolved model and hardware; a test stands in no set.
  d.run.finish = [label = d.label, model_type = d.model_type,
                  build = d.build_number.empty() ? d.version : d.build_number,
                  hash = ShortHash(Fnv1a(canonical))](BenchmarkDraft& b) {
    b.id = fmt::format("llama-bench-{}-{}-{}", b.model, Slug(label), hash);
    b.title = fmt::format("llama-bench {}, {}, {}", label,
                          model_type.empty() ? b.model : model_type, b.hardware);
    if (!build.empty()) b.title += fmt::format(" (build {})", build);
    b.set.clear();
  };
}

}  // namespace

bool LooksLikeLlamaBench(std::string_view text) {
  std::string_view head = text.substr(0, 1 << 16);
  if (head.find("output_throughput") != kNpos) return false;
  if (head.find("avg_ts") != kNpos && head.find("n_prompt") != kNpos) return true;
  // A markdown table's header row, whatever its alignment: `| model | ... | test | t/s |`.
  for (size_t pos = 0; pos < head.size();) {
    size_t eol = head.find('\n', pos);
    std::string_view line = head.substr(pos, eol == kNpos ? kNpos : eol - pos);
    if (Trim(line).starts_with("|") && line.find("model") != kNpos &&
        IsHeaderRow(SplitCells(line, 0))) {
      return true;
    }
    pos = eol == kNpos ? head.size() : eol + 1;
  }
  return false;
}

void ImportLlamaBench(const ImportFile& file, const Context& ctx, ImportResult& out) {
  FileImport fi(file, out);
  const SourceText& src = fi.src();
  Sink& sink = fi.sink();
  if (fi.RefuseInvalidUtf8(
          "llama-bench writes UTF-8; was the file converted to another encoding?")) {
    return;
  }

  // The shape of the file, from its content.
  Parsed parsed;
  std::string_view t = file.text;
  size_t first = t.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  std::string_view rest = first == kNpos ? "" : t.substr(first);
  bool has_json_line = false;
  for (size_t pos = 0; pos < t.size();) {
    size_t eol = t.find('\n', pos);
    std::string_view line = t.substr(pos, eol == kNpos ? kNpos : eol - pos);
    if (line.starts_with("{") || line.starts_with("[")) {
      has_json_line = true;
      break;
    }
    if (line.starts_with("|") || line.starts_with("\"") || line.starts_with("INSERT") ||
        line.starts_with("CREATE")) {
      break;
    }
    pos = eol == kNpos ? t.size() : eol + 1;
  }
  if (rest.empty()) {
    sink.Add(src.At(kNpos, Severity::kError, "empty-file", "the file is empty",
                    "import the output of llama-bench -o json|jsonl|csv|sql|md"));
    return;
  }
  if (has_json_line) {
    ParseJson(src, parsed, sink);
  } else if (t.find("INSERT INTO") != kNpos || t.find("CREATE TABLE") != kNpos) {
    ParseSql(src, parsed, sink);
  } else if (rest.starts_with("|") || t.find("\n|") != kNpos) {
    ParseMarkdown(src, parsed, sink);
  } else {
    ParseCsv(src, parsed, sink);
  }
  bool failed = fi.failed();
  if (!failed && parsed.tests.empty()) {
    sink.Add(src.At(kNpos, Severity::kError, "no-tests", "the file holds no llama-bench test",
                    "import the output of llama-bench -o json|jsonl|csv|sql|md"));
    return;
  }
  if (failed) return;

  const std::string& file_hash = fi.file_hash();
  std::string source_id = ctx.options().source;
  std::string run_id = fmt::format("llama-bench-run-{}", file_hash);
  std::optional<SourceDraft> source;
  if (source_id.empty()) {
    source_id = run_id;
    std::string date;
    // llama-bench writes test_time as ISO 8601 ("2025-04-24T11:58:51Z"): the date is its first
    // ten characters when they are a calendar date; anything else dates nothing.
    auto is_date = [](std::string_view d) {
      if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
      for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
        if (!IsDigit(d[i])) return false;
      }
      int month = (d[5] - '0') * 10 + (d[6] - '0'), day = (d[8] - '0') * 10 + (d[9] - '0');
      return month >= 1 && month <= 12 && day >= 1 && day <= 31;
    };
    for (const Test& test : parsed.tests) {
      auto it = test.fields.find("test_time");
      if (it == test.fields.end() || it->second.text.empty()) continue;
      std::string_view head = std::string_view(it->second.text).substr(0, 10);
      if (is_date(head)) {
        date = std::string(head);
        break;
      }
      sink.Add(src.At(it->second.offset != kNpos ? it->second.offset : test.offset,
                      Severity::kWarning, "not-a-date",
                      fmt::format("test_time '{}' is not a date: it dates nothing",
                                  it->second.text.substr(0, 40)),
                      "llama-bench writes an ISO 8601 time (2025-04-24T11:58:51Z)"));
      break;
    }
    source = LocalRunSource(
        source_id, fmt::format("llama-bench {} output, {}", parsed.format, BaseName(file.path)),
        "a llama-bench run", "https://github.com/ggml-org/llama.cpp/tree/master/tools/llama-bench",
        date,
        fmt::format(
            "Imported by rooflint from '{}' ({} bytes, content hash {}). The url is the "
            "tool that wrote the file, not the file: a local run has no address.{}",
            BaseName(file.path), file.text.size(), file_hash,
            date.empty() ? " The date is the import date: the file states no test_time." : ""));
  }

  TestImporter importer(src, parsed, ctx, sink, source_id);
  for (const Test& test : parsed.tests) {
    if (auto stated = importer.Run(test)) AddRun(std::move(*stated), ctx, fi, test.offset);
  }
  fi.Emit(source);
}

}  // namespace rooflint::import
