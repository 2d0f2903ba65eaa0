// The record schema (rooflint/schema.h) held to what reads it: the parser enforces what each
// field says (required, enumerations, ranges, forms, and that its example is valid),
// docs/record-format.md documents every key and no other, and the JSON Schema made from it
// accepts what the parser accepts.
#include "rooflint/schema.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/report.h"

namespace rooflint {
namespace {

constexpr RecordKind kKinds[] = {RecordKind::kBenchmark, RecordKind::kAccelerator,
                                 RecordKind::kModel, RecordKind::kSource, RecordKind::kGotcha};

// A valid record of each kind, one top-level key a line, its tables last.
std::string BaseRecord(RecordKind kind) {
  switch (kind) {
    case RecordKind::kBenchmark:
      return R"(id = "r"
title = "t"
metric = "per-user-decode"
value = "57.6 tok/s"
model = "mpt-7b"
precision = "fp16"
hardware = "1x NVIDIA A100 40GB"
accelerators = ["nvidia-a100-40gb-sxm4"]
accelerator_count = 1
source = "databricks"
locator = "Table 2"

[conditions]
batch = 1
)";
    case RecordKind::kAccelerator:
      return R"(id = "r"
name = "NVIDIA A100 40GB SXM4"
vendor = "NVIDIA"
form_factor = "sxm"
aliases = ["A100-SXM4-40GB"]
memory = "40 GB"
bandwidth = "1555 GB/s"

[peak_dense]
fp16 = "312 TFLOPS"

[sources]
memory = "sheet"
bandwidth = "sheet"
peak_dense = "sheet"
)";
    case RecordKind::kModel:
      return R"(id = "r"
name = "MPT-7B"
aliases = ["mosaicml/mpt-7b"]
params_total = 6.7e9
layers = 32
kv_heads = 32
head_dim = 128
native_precision = "bf16"
source = "card"
)";
    case RecordKind::kSource:
      return R"(id = "r"
title = "t"
publisher = "p"
url = "https://example.com/"
date = 2023-10-12
kind = "blog"
)";
    case RecordKind::kGotcha:
      return R"(id = "r"
title = "t"
concepts = ["roofline"]
symptom = "s"
root_cause = "c"
workaround = "w"
)";
  }
  return "";
}

ParseResult Parse(RecordKind kind, const std::string& text) {
  return ParseRecord(kind, text, fmt::format("c/{}/r.toml", KindFolder(kind)), "r");
}

std::string Codes(const ParseResult& r) {
  std::string out;
  for (const Diagnostic& d : r.diagnostics) out += fmt::format("{} {}; ", d.code, d.message);
  return out;
}

bool HasCode(const ParseResult& r, std::string_view code) {
  return std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                     [&](const Diagnostic& d) { return d.code == code; });
}

// `text` without `path`: a top-level key's line, a table `[path]` with its lines, or the line
// `key = ...` inside `[table]` for "table.key".
std::string Without(const std::string& text, std::string_view path) {
  const size_t dot = path.find('.');
  const std::string table(dot == std::string_view::npos ? "" : path.substr(0, dot));
  const std::string key(dot == std::string_view::npos ? path : path.substr(dot + 1));
  std::istringstream in(text);
  std::string out, line, current;
  bool skipping = false;
  while (std::getline(in, line)) {
    if (line.starts_with("[")) {
      current = line.substr(1, line.find(']') - 1);
      skipping = table.empty() && current == key;
    }
    if (skipping || (current == table && line.starts_with(key + " = "))) continue;
    out += line + "\n";
  }
  return out;
}

// `text` with `line` among its top-level keys (before the first table).
std::string WithTopLevel(const std::string& text, const std::string& line) {
  const size_t table = text.find("\n[");
  if (table == std::string::npos) return text + line + "\n";
  return text.substr(0, table + 1) + line + "\n" + text.substr(table + 1);
}

// `text` with `key = value` set at `path` ("key", "table.key" or "table.sub.key"), replacing
// the key already there; an empty value only removes it.
std::string With(const std::string& text, std::string_view path, const std::string& value) {
  const size_t dot = path.find('.');
  if (dot == std::string_view::npos) {
    const std::string out = Without(text, path);
    return value.empty() ? out : WithTopLevel(out, fmt::format("{} = {}", path, value));
  }
  const std::string table(path.substr(0, dot));
  std::string rest(path.substr(dot + 1));
  std::string line;
  if (const size_t inner = rest.find('.'); inner != std::string::npos) {
    line = fmt::format("{} = {{ {} = {} }}", rest.substr(0, inner), rest.substr(inner + 1), value);
  } else {
    line = fmt::format("{} = {}", rest, value);
  }
  const std::string header = fmt::format("[{}]\n", table);
  std::string out = Without(text, fmt::format("{}.{}", table, rest.substr(0, rest.find('.'))));
  if (value.empty()) return out;  // only removed
  if (const size_t at = out.find(header); at != std::string::npos) {
    out.insert(at + header.size(), line + "\n");
    return out;
  }
  return out + "\n" + header + line + "\n";
}

// Keys a field's values need beside them (an empty value removes the key), so that any value
// in the field's range is valid.
const std::map<std::string_view, std::vector<std::pair<std::string, std::string>>>& Companions() {
  static const auto* const kCompanions =
      new std::map<std::string_view, std::vector<std::pair<std::string, std::string>>>{
          {"sliding_window", {{"sliding_window_layers", "18"}}},
          {"sliding_window_layers", {{"sliding_window", "4096"}, {"layers", "10000"}}},
          {"kv_layers", {{"layers", "10000"}}},
          {"experts", {{"experts_per_token", "1"}, {"params_routed_experts", "1.1e9"}}},
          {"experts_per_token", {{"experts", "100000"}, {"params_routed_experts", "1.1e9"}}},
          {"params_routed_experts",
           {{"experts", "128"}, {"experts_per_token", "4"}, {"params_total", "1e14"}}},
          {"accelerators_absent", {{"accelerators", "[]"}}},
          {"accelerators_absent.because", {{"accelerators", "[]"}}},
          {"accelerators_absent.note", {{"accelerators", "[]"}}},
          {"params_active", {{"params_total", "1e14"}}},
          {"attention_heads", {{"kv_heads", "1"}}},
          {"conditions.concurrency", {{"conditions.batch", ""}}},
          // A stated memory tier is cited, and the capacity tier's two keys go together.
          {"on_chip_memory", {{"sources.on_chip_memory", "\"sheet\""}}},
          {"capacity_memory",
           {{"capacity_bandwidth", "\"100 GB/s\""},
            {"sources.capacity_memory", "\"sheet\""},
            {"sources.capacity_bandwidth", "\"sheet\""}}},
          {"capacity_bandwidth",
           {{"capacity_memory", "\"1.5 TB\""},
            {"sources.capacity_memory", "\"sheet\""},
            {"sources.capacity_bandwidth", "\"sheet\""}}},
      };
  return *kCompanions;
}

// The base record with `f` set to `value` (TOML text) and its companions. A field inside a table
// other than [conditions] is written with its table, whole, inline: the field and the table's
// other required keys at their examples.
std::string WithValue(RecordKind kind, const RecordField& f, const std::string& value) {
  std::string text = BaseRecord(kind);
  if (auto it = Companions().find(f.key); it != Companions().end()) {
    for (const auto& [key, companion] : it->second) text = With(text, key, companion);
  }
  if (f.key == "metric" && value.size() > 2) {
    // The value's unit follows the metric.
    const auto metric = FindMetric(value.substr(1, value.size() - 2));
    if (metric)
      text = With(text, "value", fmt::format("\"{}\"", ExampleFor(MetricDimension(*metric))));
  }
  const size_t dot = f.key.find('.');
  if (dot == std::string_view::npos || f.key.substr(0, dot) == "conditions") {
    return With(text, f.key, value);
  }
  const std::string_view table = f.key.substr(0, dot);
  std::vector<std::string> members;
  for (const RecordField* sub : FieldsIn(kind, table)) {
    if (sub == &f) {
      members.push_back(fmt::format("{} = {}", sub->Name(), value));
    } else if (sub->required) {
      members.push_back(fmt::format("{} = {}", sub->Name(), sub->example));
    }
  }
  const std::string inline_table = fmt::format("{{ {} }}", fmt::join(members, ", "));
  return With(text, table,
              FindField(kind, table)->Takes(kAcceptsTableArray) ? fmt::format("[{}]", inline_table)
                                                                : inline_table);
}

TEST(RecordSchema, TheBaseRecordsParse) {
  for (RecordKind kind : kKinds) {
    const ParseResult r = Parse(kind, BaseRecord(kind));
    EXPECT_TRUE(r.diagnostics.empty()) << KindName(kind) << ": " << Codes(r);
  }
}

TEST(RecordSchema, EveryExampleIsAValidValue) {
  for (RecordKind kind : kKinds) {
    for (const RecordField& f : RecordFields(kind)) {
      // The id is the file's stem (the base records are r.toml); the conditions' example is
      // a hint ("{ batch = 1, ... }"), not a whole table.
      if (f.key == "id" || f.key == "conditions") continue;
      const std::string text = WithValue(kind, f, std::string(f.example));
      const ParseResult r = Parse(kind, text);
      EXPECT_TRUE(r.diagnostics.empty())
          << KindName(kind) << "." << f.key << " = " << f.example << ": " << Codes(r) << "\n"
          << text;
    }
  }
}

TEST(RecordSchema, EveryRequiredKeyIsRequired) {
  for (RecordKind kind : kKinds) {
    for (const RecordField* f : FieldsIn(kind, "")) {
      const std::string text = Without(BaseRecord(kind), f->key);
      const ParseResult r = Parse(kind, text);
      if (f->required) {
        EXPECT_TRUE(HasCode(r, "missing-key"))
            << KindName(kind) << "." << f->key << ": " << Codes(r);
      } else {
        EXPECT_FALSE(HasCode(r, "missing-key"))
            << KindName(kind) << "." << f->key << ": " << Codes(r);
      }
    }
  }
}

TEST(RecordSchema, EveryEnumerationIsEnforced) {
  for (RecordKind kind : kKinds) {
    for (const RecordField& f : RecordFields(kind)) {
      if (f.form != StringForm::kEnum || !f.Takes(kAcceptsString)) continue;
      for (std::string_view value : f.values) {
        const ParseResult r = Parse(kind, WithValue(kind, f, fmt::format("\"{}\"", value)));
        EXPECT_TRUE(r.diagnostics.empty()) << f.key << " = " << value << ": " << Codes(r);
      }
      const ParseResult r = Parse(kind, WithValue(kind, f, "\"no-such-value\""));
      EXPECT_TRUE(HasCode(r, "unknown-value") || HasCode(r, "unknown-precision"))
          << KindName(kind) << "." << f.key << ": " << Codes(r);
    }
  }
}

TEST(RecordSchema, EveryRangeIsEnforced) {
  for (RecordKind kind : kKinds) {
    for (const RecordField& f : RecordFields(kind)) {
      if (!f.Takes(kAcceptsInteger | kAcceptsNumber) || f.key == "conditions.warmup") continue;
      auto text = [&](double v) {
        return WithValue(kind, f,
                         f.Takes(kAcceptsInteger) ? fmt::format("{}", static_cast<int64_t>(v))
                                                  : fmt::format("{}", v));
      };
      if (f.key == "params_active" || f.key == "params_routed_experts") continue;  // vs total
      if (f.key == "embedding_params") continue;  // below params_total, checked by its own test
      const double above = f.Takes(kAcceptsInteger) ? f.max + 1 : f.max * 1.5;
      const ParseResult high = Parse(kind, text(above));
      EXPECT_FALSE(high.diagnostics.empty()) << KindName(kind) << "." << f.key << " = " << above;
      const ParseResult at_max = Parse(kind, text(f.max));
      EXPECT_TRUE(at_max.diagnostics.empty())
          << KindName(kind) << "." << f.key << " = " << f.max << ": " << Codes(at_max);
      const ParseResult at_min = Parse(kind, text(f.min));
      EXPECT_TRUE(at_min.diagnostics.empty())
          << KindName(kind) << "." << f.key << " = " << f.min << ": " << Codes(at_min);
      const double below = f.Takes(kAcceptsInteger) || f.min <= 0 ? f.min - 1 : f.min / 2;
      const ParseResult low = Parse(kind, text(below));
      EXPECT_FALSE(low.diagnostics.empty()) << KindName(kind) << "." << f.key << " = " << below;
    }
  }
}

TEST(RecordSchema, EveryUnknownKeyIsRefused) {
  for (RecordKind kind : kKinds) {
    const ParseResult r = Parse(kind, WithTopLevel(BaseRecord(kind), "no_such_key = 1"));
    EXPECT_TRUE(HasCode(r, "unknown-key")) << KindName(kind) << ": " << Codes(r);
  }
}

// docs/record-format.md: the key column of each kind's table names every top-level field of
// the schema and nothing else, and says "yes" where the schema requires the key.
TEST(RecordSchema, TheRecordFormatDocNamesEveryKey) {
  std::ifstream in(std::string(ROOFLINT_DOCS_DIR) + "/record-format.md");
  ASSERT_TRUE(in) << "docs/record-format.md";
  std::map<std::string, RecordKind> headings = {{"## Benchmark", RecordKind::kBenchmark},
                                                {"## Accelerator", RecordKind::kAccelerator},
                                                {"## Model", RecordKind::kModel},
                                                {"## Source", RecordKind::kSource},
                                                {"## Gotcha", RecordKind::kGotcha}};
  std::map<RecordKind, std::map<std::string, bool>> documented;  // key -> "required: yes"
  std::map<std::string, bool> conditions;
  std::optional<RecordKind> kind;
  bool in_conditions = false;
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("## ")) {
      kind.reset();
      for (const auto& [heading, k] : headings) {
        if (line.starts_with(heading)) kind = k;
      }
      in_conditions = false;
    }
    if (line.starts_with("`[conditions]`: each key")) in_conditions = true;
    if (!kind || !line.starts_with("| `")) continue;
    const size_t bar = line.find('|', 1);
    const std::string names = line.substr(1, bar - 1);
    const size_t next = line.find('|', bar + 1);
    const std::string required = line.substr(bar + 1, next - bar - 1);
    for (size_t at = names.find('`'); at != std::string::npos; at = names.find('`', at + 1)) {
      const size_t end = names.find('`', at + 1);
      std::string key = names.substr(at + 1, end - at - 1);
      key.erase(std::remove(key.begin(), key.end(), '['), key.end());
      key.erase(std::remove(key.begin(), key.end(), ']'), key.end());
      const bool yes =
          required.find("yes") != std::string::npos && required.find("with") == std::string::npos;
      (in_conditions ? conditions : documented[*kind])[key] = yes;
      at = end;
    }
  }
  for (RecordKind k : kKinds) {
    std::set<std::string> schema_keys;
    for (const RecordField* f : FieldsIn(k, "")) {
      schema_keys.emplace(f->key);
      auto it = documented[k].find(std::string(f->key));
      if (it == documented[k].end()) {
        ADD_FAILURE() << "docs/record-format.md does not list " << KindName(k) << "." << f->key;
      } else {
        EXPECT_EQ(it->second, f->required)
            << KindName(k) << "." << f->key << ": the doc's required column disagrees";
      }
    }
    for (const auto& [key, yes] : documented[k]) {
      EXPECT_TRUE(schema_keys.count(key)) << "docs/record-format.md lists " << KindName(k) << "."
                                          << key << ", which the schema lacks";
    }
  }
  std::set<std::string> condition_keys;
  for (const RecordField* f : FieldsIn(RecordKind::kBenchmark, "conditions")) {
    condition_keys.emplace(f->Name());
    EXPECT_TRUE(conditions.count(std::string(f->Name())))
        << "docs/record-format.md's [conditions] table does not list " << f->Name();
  }
  for (const auto& [key, yes] : conditions) {
    EXPECT_TRUE(condition_keys.count(key)) << "[conditions] lists " << key << ", unknown";
  }
}

// The conditions the audit reads (records.h's ConditionKeys) are the schema's, in its order.
TEST(RecordSchema, TheConditionKeysAreTheSchemas) {
  std::vector<std::string_view> schema = KeysIn(RecordKind::kBenchmark, "conditions");
  std::vector<std::string_view> audit(ConditionKeyNames().begin(), ConditionKeyNames().end());
  EXPECT_EQ(schema, audit);
  for (const ConditionKey& key : ConditionKeys()) {
    const RecordField* f = FindField(RecordKind::kBenchmark, fmt::format("conditions.{}", key.key));
    ASSERT_NE(f, nullptr) << key.key;
    EXPECT_EQ(key.integer, f->accepts == schema::kCountOrAbsent) << key.key;
    if (key.integer) {
      EXPECT_EQ(static_cast<double>(key.min), f->min) << key.key;
    }
  }
}

TEST(RecordSchema, TheJsonSchemaDescribesEveryField) {
  for (RecordKind kind : kKinds) {
    const nlohmann::json s = nlohmann::json::parse(RecordJsonSchema(kind));
    EXPECT_EQ(s["$schema"], "http://json-schema.org/draft-07/schema#");
    EXPECT_EQ(s["additionalProperties"], false);
    for (const RecordField* f : FieldsIn(kind, "")) {
      const std::string name(f->Name());
      ASSERT_TRUE(s["properties"].contains(name)) << KindName(kind) << "." << name;
      EXPECT_EQ(s["properties"][name]["description"], f->summary) << name;
      const auto& required = s["required"];
      EXPECT_EQ(std::find(required.begin(), required.end(), name) != required.end(), f->required)
          << KindName(kind) << "." << name;
    }
  }
  const nlohmann::json b = nlohmann::json::parse(RecordJsonSchema(RecordKind::kBenchmark));
  const auto& batch = b["properties"]["conditions"]["properties"]["batch"];
  ASSERT_EQ(batch["anyOf"].size(), 2u) << batch.dump();
  EXPECT_EQ(batch["anyOf"][0]["type"], "integer");
  EXPECT_EQ(batch["anyOf"][0]["minimum"], 1);
  EXPECT_EQ(batch["anyOf"][1]["required"][0], "absent");
  EXPECT_EQ(b["properties"]["metric"]["enum"].size(), kMetricCount);
}

// docs/schema/<kind>.schema.json, which .taplo.toml points editors at, is what
// `rooflint schema KIND --json` prints: ROOFLINT_UPDATE_GOLDEN=1 rewrites them.
TEST(RecordSchema, TheShippedJsonSchemasAreCurrent) {
  for (RecordKind kind : kKinds) {
    const std::string path =
        fmt::format("{}/schema/{}.schema.json", ROOFLINT_DOCS_DIR, KindName(kind));
    const std::string actual = RecordJsonSchema(kind);
    const char* update = std::getenv("ROOFLINT_UPDATE_GOLDEN");
    if (update != nullptr && std::string(update) == "1") {
      std::ofstream(path, std::ios::binary) << actual;
      continue;
    }
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << path << " is missing: run with ROOFLINT_UPDATE_GOLDEN=1 to write it";
    std::stringstream expected;
    expected << in.rdbuf();
    EXPECT_EQ(actual, expected.str()) << path << " is not what `rooflint schema " << KindName(kind)
                                      << " --json` prints; rerun with ROOFLINT_UPDATE_GOLDEN=1";
  }
}

}  // namespace
}  // namespace rooflint
