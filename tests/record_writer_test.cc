// The importers' TOML writer: it writes each form the schema allows, refuses a key the record
// schema lacks or a form the key does not take, and what it writes parses.
#include "import/record_writer.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <variant>

#include "rooflint/corpus.h"

namespace rooflint::import {
namespace {

TEST(RecordWriter, WritesARecordThatParses) {
  RecordWriter w(RecordKind::kBenchmark);
  w.String("id", "r").String("title", "a \"quoted\"\ntitle").String("metric", "per-user-decode");
  w.StringIf("statistic", "").String("value", "57.6 tok/s").String("model", "mpt-7b");
  w.Absent("precision", "not stated").String("hardware", "1x A100");
  w.Strings("accelerators", {});
  w.InlineTable("accelerators_absent", {{"because", std::string("not-stated")},
                                        {"note", std::string("the source names no part")}});
  w.Integer("accelerator_count", 1).String("source", "s").String("locator", "Table 2");
  w.Section("conditions").Integer("batch", 1).Boolean("speculative", false);
  w.InlineTable("prefix_cache", {{"hit_rate", 0.4}});
  const std::string toml = w.Take();
  EXPECT_EQ(toml,
            "id = \"r\"\n"
            "title = \"a \\\"quoted\\\"\\ntitle\"\n"
            "metric = \"per-user-decode\"\n"
            "value = \"57.6 tok/s\"\n"
            "model = \"mpt-7b\"\n"
            "precision = { absent = \"not stated\" }\n"
            "hardware = \"1x A100\"\n"
            "accelerators = []\n"
            "accelerators_absent = { because = \"not-stated\", note = \"the source names no "
            "part\" }\n"
            "accelerator_count = 1\n"
            "source = \"s\"\n"
            "locator = \"Table 2\"\n"
            "\n"
            "[conditions]\n"
            "batch = 1\n"
            "speculative = false\n"
            "prefix_cache = { hit_rate = 0.4 }\n");
  const ParseResult r = ParseRecord(RecordKind::kBenchmark, toml, "b/r.toml", "r");
  EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].message.str());
}

// A hostile text stays one visible line: controls, C1 controls, bidi overrides and the line
// separators are escaped, and the record still parses back to the same text.
TEST(RecordWriter, EscapesWhatWouldReorderOrBreakALine) {
  const std::string hostile =
      "A100\n[forged]\x1b[31m\xc2\x9b\xe2\x80\xae\xe2\x81\xa6\xe2\x80\xa8 \xc3\xa9";
  RecordWriter w(RecordKind::kSource);
  w.String("title", hostile);
  EXPECT_EQ(w.text(),
            "title = \"A100\\n[forged]\\u001B[31m\\u009B\\u202E\\u2066\\u2028 \xc3\xa9\"\n");
  RecordWriter record(RecordKind::kSource);
  record.String("id", "r").String("title", hostile).String("publisher", "p");
  record.String("url", "https://example.com/").String("date", "2026-01").String("kind", "blog");
  const ParseResult r = ParseRecord(RecordKind::kSource, record.Take(), "s/r.toml", "r");
  ASSERT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].message.str());
  EXPECT_EQ(std::get<Source>(r.record).title, hostile);
}

TEST(RecordWriter, RefusesAKeyTheSchemaLacks) {
  RecordWriter w(RecordKind::kBenchmark);
  EXPECT_THROW(w.String("titel", "t"), std::logic_error);
  EXPECT_THROW(w.Section("conditons"), std::logic_error);
  w.Section("conditions");
  EXPECT_THROW(w.Integer("batch_size", 1), std::logic_error);
  EXPECT_THROW(w.InlineTable("speculative", {{"k", int64_t{4}}}), std::logic_error);
  EXPECT_EQ(w.text(), "\n[conditions]\n") << "nothing of a refused key is written";
}

TEST(RecordWriter, RefusesAFormTheKeyDoesNotTake) {
  RecordWriter w(RecordKind::kBenchmark);
  EXPECT_THROW(w.Integer("title", 1), std::logic_error);
  EXPECT_THROW(w.Absent("model", "unknown"), std::logic_error);
  w.Section("conditions");
  EXPECT_THROW(w.Boolean("speculative", true), std::logic_error) << "speculative = true";
  EXPECT_NO_THROW(w.Boolean("speculative", false));
  RecordWriter m(RecordKind::kModel);
  EXPECT_NO_THROW(m.Count("params_total", 8030261248.0));
  EXPECT_EQ(m.text(), "params_total = 8030261248\n");
}

}  // namespace
}  // namespace rooflint::import
