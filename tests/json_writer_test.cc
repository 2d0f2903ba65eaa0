// The streaming JSON writer against nlohmann::json::dump, the printer it replaced: every
// scalar (doubles in all their forms, integers, strings with control characters and invalid
// UTF-8) prints the same bytes, and the JSON report is byte-identical to the one the
// nlohmann-tree printer (kept below as the reference) wrote, on the golden corpora, the bundled
// corpus, and the bundled corpus with hostile strings and numbers put into every field.
#include "report/json_writer.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "rooflint/report.h"

namespace rooflint {
namespace {

using nlohmann::json;

std::string Dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string WriteDouble(double x) {
  std::string out;
  AppendJsonDouble(out, x);
  return out;
}

std::string WriteString(std::string_view s) {
  std::string out;
  AppendJsonString(out, s);
  return out;
}

TEST(JsonWriterTest, DoublesPrintAsNlohmannPrintsThem) {
  const double inf = std::numeric_limits<double>::infinity();
  const double specials[] = {0.0,
                             -0.0,
                             1.0,
                             -1.0,
                             0.1,
                             0.2,
                             0.3,
                             1.0 / 3,
                             111.07142857142857,
                             1e-7,
                             1e-5,
                             1e-4,
                             0.001,
                             1e14,
                             1e15,
                             1e16,
                             1e20,
                             1e21,
                             1e22,
                             123456789012345680000.0,
                             123456789012345.0,
                             1234567890123456.0,
                             9007199254740993.0,
                             5e-324,
                             2.2250738585072014e-308,
                             std::numeric_limits<double>::max(),
                             std::numeric_limits<double>::lowest(),
                             std::numeric_limits<double>::min(),
                             std::numeric_limits<double>::denorm_min(),
                             std::numeric_limits<double>::epsilon(),
                             std::numeric_limits<double>::quiet_NaN(),
                             -std::numeric_limits<double>::quiet_NaN(),
                             inf,
                             -inf,
                             57.6,
                             3352.0,
                             99.99999999999999,
                             100.00000000000001};
  for (double x : specials) EXPECT_EQ(WriteDouble(x), Dump(json(x))) << x;
  EXPECT_EQ(WriteDouble(1e21), "1e+21");
  EXPECT_EQ(WriteDouble(1e-7), "1e-07");
  EXPECT_EQ(WriteDouble(-0.0), "-0.0");
  EXPECT_EQ(WriteDouble(std::nan("")), "null");
  EXPECT_EQ(WriteDouble(inf), "null");
  EXPECT_EQ(WriteDouble(111.07142857142857), "111.07142857142857");
}

TEST(JsonWriterTest, RandomDoublesPrintAsNlohmannPrintsThem) {
  std::mt19937_64 rng(20261130);
  // Every bit pattern: all magnitudes, subnormals, NaNs with payloads.
  for (int i = 0; i < 200000; ++i) {
    const double x = std::bit_cast<double>(rng());
    ASSERT_EQ(WriteDouble(x), Dump(json(x))) << std::bit_cast<uint64_t>(x);
  }
  // Figures as records and roofs have them: a few significant digits, scaled, and quotients.
  std::uniform_int_distribution<int64_t> mantissa(-10000000, 10000000);
  std::uniform_int_distribution<int> exponent(-12, 24);
  for (int i = 0; i < 200000; ++i) {
    const double x = static_cast<double>(mantissa(rng)) * std::pow(10.0, exponent(rng));
    ASSERT_EQ(WriteDouble(x), Dump(json(x))) << x;
    const double q = static_cast<double>(mantissa(rng)) / static_cast<double>(mantissa(rng) | 1);
    ASSERT_EQ(WriteDouble(q), Dump(json(q))) << q;
  }
}

TEST(JsonWriterTest, IntegersPrintAsNlohmannPrintsThem) {
  const int64_t signed_values[] = {0,
                                   1,
                                   -1,
                                   9,
                                   10,
                                   -10,
                                   std::numeric_limits<int64_t>::max(),
                                   std::numeric_limits<int64_t>::min(),
                                   1234567890123};
  for (int64_t x : signed_values) {
    std::string out;
    AppendJsonInteger(out, x);
    EXPECT_EQ(out, Dump(json(x)));
  }
  const uint64_t unsigned_values[] = {0, 1, 10, std::numeric_limits<uint64_t>::max(),
                                      uint64_t{1} << 63};
  for (uint64_t x : unsigned_values) {
    std::string out;
    AppendJsonUnsigned(out, x);
    EXPECT_EQ(out, Dump(json(x)));
  }
}

TEST(JsonWriterTest, HostileStringsPrintAsNlohmannPrintsThem) {
  using namespace std::string_literals;
  const std::string strings[] = {
      "",
      "plain",
      "quote \" and backslash \\ and slash /",
      "\b\f\n\r\t",
      "nul \0 inside"s,
      "\x01\x1f\x7f",
      "esc \x1b[2J",
      "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80",  // valid 2, 3 and 4 byte sequences
      "lone continuation \x80 and \xbf",
      "overlong \xc0\xaf and \xc1\xbf and \xe0\x80\xaf and \xf0\x80\x80\xaf",
      "surrogate \xed\xa0\x80 and max \xf4\x8f\xbf\xbf and past \xf4\x90\x80\x80",
      "\xf5\xf6\xf7\xf8\xf9\xfa\xfb\xfc\xfd\xfe\xff",
      "cut at the end \xe2\x80",
      "cut at the end \xf0\x9f\x98",
      "\xc3",
      "\xe2\x28\xa1",
      "\xc3\x28 then ok \xc3\xa9",
      "\xed\x9f\xbf edge of surrogates \xee\x80\x80",
      "c1 \xc2\x80 \xc2\x9b",
      "\xef\xbf\xbd already a replacement",
  };
  for (const std::string& s : strings) EXPECT_EQ(WriteString(s), Dump(json(s))) << s;
}

TEST(JsonWriterTest, RandomByteStringsPrintAsNlohmannPrintsThem) {
  std::mt19937_64 rng(7);
  // Bytes drawn mostly from the interesting ones: controls, quote, backslash, continuation
  // bytes, lead bytes of every kind, and the bytes that can never appear in UTF-8.
  const unsigned char interesting[] = {0x00, 0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x1b, 0x1f, '"',
                                       '\\', 'a',  0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf,
                                       0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee,
                                       0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff};
  std::uniform_int_distribution<int> length(0, 12);
  std::uniform_int_distribution<size_t> pick(0, std::size(interesting) - 1);
  std::uniform_int_distribution<int> any(0, 255);
  for (int i = 0; i < 300000; ++i) {
    std::string s(static_cast<size_t>(length(rng)), ' ');
    for (char& c : s) {
      c = static_cast<char>(rng() % 4 == 0 ? any(rng) : interesting[pick(rng)]);
    }
    ASSERT_EQ(WriteString(s), Dump(json(s))) << ::testing::PrintToString(s);
  }
}

// The writer skips plain ASCII eight bytes at a time: every byte value, at every place in and
// around those eight-byte words, among plain letters, must still be escaped (or replaced) as
// nlohmann does it.
TEST(JsonWriterTest, EveryByteAtEveryPlaceOfAWordPrintsAsNlohmannPrintsIt) {
  for (int b = 0; b < 256; ++b) {
    for (size_t length : {1u, 7u, 8u, 9u, 16u, 23u, 24u, 25u}) {
      for (size_t at = 0; at < length; ++at) {
        std::string s(length, 'a');
        s[at] = static_cast<char>(b);
        ASSERT_EQ(WriteString(s), Dump(json(s)))
            << "byte " << b << " at " << at << " of " << length;
      }
    }
  }
  // Plain text runs with a rare byte to escape, as reasons and paths are.
  std::mt19937_64 rng(11);
  const char rare[] = {'"', '\\', '\n', '\t', '\x01', '\x7f', '\xc3', '\xa9', '\xe2', '\xff'};
  for (int i = 0; i < 100000; ++i) {
    std::string s(rng() % 64, 'x');
    for (char& c : s) {
      c = rng() % 16 == 0 ? rare[rng() % std::size(rare)] : static_cast<char>(0x20 + rng() % 0x60);
    }
    ASSERT_EQ(WriteString(s), Dump(json(s))) << ::testing::PrintToString(s);
  }
}

TEST(JsonWriterTest, ObjectsAndArraysPlaceTheirCommas) {
  std::string out;
  JsonWriter w(out);
  w.BeginObject();
  w.Key("a");
  w.BeginArray();
  w.EndArray();
  w.Key("b");
  w.BeginArray();
  w.Integer(1);
  w.BeginObject();
  w.EndObject();
  w.BeginArray();
  w.Null();
  w.Bool(false);
  w.EndArray();
  w.String("x");
  w.EndArray();
  w.Key("c");
  w.BeginObject();
  w.Key("d");
  w.Double(2.5);
  w.Key("e");
  w.Unsigned(3);
  w.EndObject();
  w.EndObject();
  EXPECT_EQ(out, Dump(json::parse(R"({"a":[],"b":[1,{},[null,false],"x"],"c":{"d":2.5,"e":3}})")));
}

// The printer this writer replaced, as it was: one nlohmann::json object per element, dumped
// compact. The reference the new printer must match byte for byte.
namespace reference {

json ConditionJson(const Condition& c) {
  switch (c.state) {
    case Condition::State::kMissing:
      return nullptr;
    case Condition::State::kAbsent:
      return json{{"absent", c.absent_reason()}};
    case Condition::State::kStated:
      if (c.integer) return *c.integer;
      if (c.boolean) return *c.boolean;
      return c.text();
  }
  return nullptr;
}

json RoofJson(const InstrumentResult& r) {
  json j{{"instrument", r.instrument},
         {"verdict", VerdictName(r.verdict)},
         {"unit", r.unit},
         {"reason", AccountText(r)},
         {"arithmetic", ArithmeticText(r)},
         {"accelerators", r.accelerators}};
  if (!r.Computed()) {
    j["bound"] = nullptr;
    j["percent"] = nullptr;
  } else {
    j["bound"] = r.bound;
    j["percent"] = r.percent;
  }
  if (!r.assumption.empty()) j["assumption"] = r.assumption;
  if (r.formula) {
    json terms = json::array();
    for (const Term& t : r.formula->terms) {
      terms.push_back({{"symbol", t.symbol},
                       {"value", t.value},
                       {"unit", TermUnitName(t.unit)},
                       {"basis", BasisText(t.basis)}});
    }
    j["formula"] = {{"text", r.formula->text}, {"terms", terms}};
  }
  return j;
}

json RecordJson(const RecordAudit& a) {
  const Benchmark& b = *a.benchmark;
  const Conditions& c = b.conditions;
  json roofs = json::array();
  for (const auto& r : a.roofs) roofs.push_back(RoofJson(r));
  json checks = json::array();
  for (const auto& r : a.checks) checks.push_back(RoofJson(r));
  json j{
      {"id", b.header.id},
      {"path", b.header.path},
      {"status", StatusName(b.header.status)},
      {"metric", MetricName(b.metric)},
      {"value", {{"number", b.value.number}, {"unit", b.value.unit}, {"text", b.value.text}}},
      {"model", b.model},
      {"precision", b.precision.empty() ? json{{"absent", b.precision_absent}} : json(b.precision)},
      {"hardware", b.hardware},
      {"accelerator_count", b.accelerator_count > 0 ? json(b.accelerator_count)
                                                    : json{{"absent", b.accelerator_count_absent}}},
      {"accelerators", b.accelerators},
      {"locator", b.locator},
      {"source", b.source},
      {"conditions",
       {{"batch", ConditionJson(c.batch)},
        {"concurrency", ConditionJson(c.concurrency)},
        {"input_tokens", ConditionJson(c.input_tokens)},
        {"input_tokens_mean", ConditionJson(c.input_tokens_mean)},
        {"output_tokens", ConditionJson(c.output_tokens)},
        {"engine", ConditionJson(c.engine)},
        {"engine_version", ConditionJson(c.engine_version)},
        {"warmup", ConditionJson(c.warmup)},
        {"scenario", ConditionJson(c.scenario)},
        {"speculative", ConditionJson(c.speculative)},
        {"prefix_cache", ConditionJson(c.prefix_cache)},
        {"offload", ConditionJson(c.offload)},
        {"replicas", ConditionJson(c.replicas)},
        {"samples_per_prompt", ConditionJson(c.samples_per_prompt)},
        {"attention_window", ConditionJson(c.attention_window)}}},
      {"roofs", roofs},
      {"checks", checks}};
  if (const InstrumentResult* r = a.Binding())
    j["binding"] = r->instrument;
  else
    j["binding"] = nullptr;
  return j;
}

void PrintJson(const Report& report, std::ostream& out) {
  auto array = [&](const char* key, auto&& elements, bool last) {
    out << "  \"" << key << "\": [";
    bool first = true;
    elements([&](const json& e) {
      out << (first ? "\n    " : ",\n    ") << Dump(e);
      first = false;
    });
    out << (first ? "]" : "\n  ]") << (last ? "\n" : ",\n");
  };
  out << "{\n  \"schema_version\": 2,\n  \"tool\": "
      << Dump(json{{"name", "rooflint"}, {"version", ToolVersion()}}) << ",\n";
  array(
      "records",
      [&](auto&& emit) {
        for (const auto& a : report.sweep.records) emit(RecordJson(a));
      },
      false);
  array(
      "findings",
      [&](auto&& emit) {
        for (const Diagnostic* d : report.diagnostics) {
          emit(json{{"record", d->IsFinding() ? json(d->record) : json(nullptr)},
                    {"instrument", d->IsFinding() ? d->instrument : "loader"},
                    {"severity", SeverityName(d->severity)},
                    {"code", d->code},
                    {"message", d->message},
                    {"arithmetic", d->arithmetic},
                    {"hint", d->hint},
                    {"path", d->where.path},
                    {"line", d->where.line},
                    {"column", d->where.column},
                    {"deprecated", d->deprecated},
                    {"waived", d->waived},
                    {"waiver_reason", d->waiver_reason},
                    {"baselined", d->baselined}});
        }
      },
      false);
  array(
      "parts",
      [&](auto&& emit) {
        for (const auto& p : report.sweep.parts) {
          json checks = json::array();
          for (const auto& r : p.checks) checks.push_back(RoofJson(r));
          emit(json{{"id", p.part->header.id}, {"path", p.part->header.path}, {"checks", checks}});
        }
      },
      false);
  array(
      "rejected",
      [&](auto&& emit) {
        for (const auto& f : report.corpus->files) {
          if (f.rejected) emit(json{{"kind", KindName(f.kind)}, {"id", f.id}, {"path", f.path}});
        }
      },
      false);
  array(
      "sources",
      [&](auto&& emit) {
        for (const Source& src : report.corpus->sources) {
          emit(json{{"id", src.header.id},
                    {"title", src.title},
                    {"publisher", src.publisher},
                    {"url", src.url},
                    {"date", src.date},
                    {"kind", src.source_kind}});
        }
      },
      false);
  const ReportSummary& s = report.summary;
  json summary{{"records", s.records},
               {"benchmarks", s.benchmarks},
               {"deprecated", s.deprecated},
               {"rejected", s.rejected},
               {"invalid_input", s.invalid_input},
               {"errors", s.errors},
               {"warnings", s.warnings},
               {"notes", s.notes},
               {"waived", s.waived},
               {"baselined", s.baselined},
               {"deprecated_findings", s.deprecated_findings}};
  json calibration{{"records", s.calibration_records},
                   {"failures", s.calibration_failures},
                   {"trusted", s.calibration_failures == 0}};
  out << "  \"calibration\": " << Dump(calibration) << ",\n";
  out << "  \"summary\": " << Dump(summary) << "\n}\n";
}

}  // namespace reference

void ExpectSameJson(const Report& report) {
  std::ostringstream expected, actual;
  reference::PrintJson(report, expected);
  rooflint::PrintJson(report, actual);
  ASSERT_EQ(actual.str().size(), expected.str().size());
  EXPECT_TRUE(actual.str() == expected.str());
}

TEST(JsonPrinterTest, ByteIdenticalToTheTreePrinterOnTheTestCorpora) {
  const std::filesystem::path saved = std::filesystem::current_path();
  std::filesystem::current_path(ROOFLINT_TEST_CORPORA);
  for (const std::vector<std::string>& roots : std::vector<std::vector<std::string>>{
           {"base", "clean", "exceeds"}, {"bad-input"}, {"invalid"}, {"dangling"}}) {
    Corpus corpus = LoadCorpus(roots);
    Report report = BuildReport(corpus, Sweep(corpus));
    ExpectSameJson(report);
  }
  std::filesystem::current_path(saved);
}

TEST(JsonPrinterTest, ByteIdenticalToTheTreePrinterOnTheBundledCorpus) {
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  Report report = BuildReport(corpus, Sweep(corpus));
  ASSERT_FALSE(report.sweep.records.empty());
  ExpectSameJson(report);
}

// The bundled corpus's report with hostile strings and odd numbers in every field the JSON
// report prints, put in after the sweep (the report points into the corpus and the sweep).
TEST(JsonPrinterTest, ByteIdenticalToTheTreePrinterOnHostileStringsAndNumbers) {
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  Report report = BuildReport(corpus, Sweep(corpus));
  ASSERT_FALSE(report.sweep.records.empty());
  const std::string hostile[] = {"q\"b\\s/\b\f\n\r\t\x01\x1f\x7f",
                                 "bad \xff\xc0\xaf\xed\xa0\x80 cut \xe2\x80",
                                 "caf\xc3\xa9 \xf0\x9f\x98\x80",
                                 std::string("nul\0x", 5),
                                 "",
                                 "\xf4\x90\x80\x80"};
  const double numbers[] = {std::nan(""), std::numeric_limits<double>::infinity(),
                            -0.0,         1e21,
                            1e-7,         123456789012345680000.0,
                            0.1,          1e15};
  size_t k = 0;
  auto next = [&]() -> const std::string& { return hostile[k++ % std::size(hostile)]; };
  auto number = [&] { return numbers[k++ % std::size(numbers)]; };
  auto mangle = [&](InstrumentResult& r) {
    r.reason = next();
    r.arithmetic = next();
    if (r.formula) {
      for (Term& t : r.formula->terms) {
        t.basis = next();
        t.value = number();
      }
    }
    r.unit = next();
    r.assumption = next();
    r.accelerators.push_back(next());
    r.bound = number();
    r.percent = number();
  };
  for (Benchmark& b : corpus.benchmarks) {
    b.header.path = next();
    b.model = next();
    b.hardware = next();
    b.value.text = next();
    b.value.unit = next();
    b.value.number = number();
    if (k % 3 == 0) b.precision.clear();
    b.precision_absent = next();
    if (k % 2 == 0) b.accelerator_count = 0;
    b.accelerator_count_absent = next();
    for (Condition* c : {&b.conditions.engine, &b.conditions.scenario, &b.conditions.batch}) {
      // A condition holds its value or why it is absent, never both.
      const std::string text = next();
      const std::string reason = next();
      if (k % 2 == 0) {
        c->SetAbsent(reason);
      } else {
        c->SetStated(text);
      }
      if (k % 5 == 0) c->integer = -7;
      if (k % 7 == 0) c->boolean = false;
    }
  }
  for (RecordAudit& a : report.sweep.records) {
    for (InstrumentResult& r : a.roofs) mangle(r);
    for (InstrumentResult& r : a.checks) mangle(r);
  }
  for (PartAudit& p : report.sweep.parts) {
    for (InstrumentResult& r : p.checks) mangle(r);
  }
  for (Finding& f : report.sweep.findings) {
    f.message = next();
    f.hint = next();
    f.arithmetic = next();
    f.waiver_reason = next();
    f.record = next();
    f.where.path = next();
    f.where.line = -1;
  }
  for (FileEntry& f : corpus.files) {
    f.path = next();
    f.rejected = k % 4 == 0;
  }
  ExpectSameJson(report);
}

}  // namespace
}  // namespace rooflint
