// The JSON report, for machines: one object with records, findings, rejected files and a
// summary. Numbers are numbers; every roof carries its arithmetic.
//
// Written with the streaming writer (json_writer.h), no document tree: each element goes into
// a buffer flushed to the stream now and then. The bytes are those nlohmann::json printed when
// it built one object per element, so every object's keys are written in byte order (a
// std::map's), and each element is compact on one line.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <span>
#include <vector>

#include "report/json_writer.h"
#include "report/render_in_order.h"
#include "rooflint/report.h"

namespace rooflint {
namespace {

// A number when it is known, else null.
void DoubleOrNull(JsonWriter& w, bool known, double v) {
  if (known) {
    w.Double(v);
  } else {
    w.Null();
  }
}

// A stated condition is its integer, its boolean or its text; an absent one says why; a
// missing one is null.
void WriteCondition(JsonWriter& w, const Condition& c) {
  switch (c.state) {
    case Condition::State::kMissing:
      w.Null();
      return;
    case Condition::State::kAbsent:
      w.BeginObject();
      w.Key("absent");
      w.String(c.absent_reason());
      w.EndObject();
      return;
    case Condition::State::kStated:
      if (c.integer) {
        w.Integer(*c.integer);
      } else if (c.boolean) {
        w.Bool(*c.boolean);
      } else {
        w.String(c.text());
      }
      return;
  }
  w.Null();
}

// A computed bound's formula as data: its text with the terms' symbols in braces, and each
// term's value (in SI units: bytes, bytes/s, FLOP/s, ms), unit and how it was obtained.
void WriteFormula(JsonWriter& w, const Formula& f, std::span<const std::string> bases) {
  w.Key("formula");
  w.BeginObject();
  w.Key("terms");
  w.BeginArray();
  for (size_t i = 0; i < f.terms.size(); ++i) {
    const Term& t = f.terms[i];
    w.BeginObject();
    w.Key("basis");
    w.String(bases[i]);
    w.Key("symbol");
    w.String(t.symbol);
    w.Key("unit");
    w.String(TermUnitName(t.unit));
    w.Key("value");
    w.Double(t.value);
    w.EndObject();
  }
  w.EndArray();
  w.Key("text");
  w.String(f.text);
  w.EndObject();
}

// One instrument result; a roof's bound and percent are null unless it was computed.
void WriteResult(JsonWriter& w, const InstrumentResult& r) {
  // Each term's basis in words, once: the formula and the account both print it.
  std::vector<std::string> bases;
  if (r.formula) {
    bases.reserve(r.formula->terms.size());
    for (const Term& t : r.formula->terms) bases.push_back(BasisText(t.basis));
  }
  w.BeginObject();
  w.Key("accelerators");
  w.BeginArray();
  for (const auto& a : r.accelerators) w.String(a);
  w.EndArray();
  w.Key("arithmetic");
  w.String(ArithmeticText(r));
  if (!r.assumption.empty()) {
    w.Key("assumption");
    w.String(r.assumption);
  }
  const bool computed = r.Computed();
  w.Key("bound");
  DoubleOrNull(w, computed, r.bound);
  if (r.formula) WriteFormula(w, *r.formula, bases);
  w.Key("instrument");
  w.String(r.instrument);
  w.Key("percent");
  DoubleOrNull(w, computed, r.percent);
  w.Key("reason");
  w.String(AccountText(r, bases));
  w.Key("unit");
  w.String(r.unit);
  w.Key("verdict");
  w.String(VerdictName(r.verdict));
  w.EndObject();
}

void WriteResults(JsonWriter& w, const std::vector<InstrumentResult>& results) {
  w.BeginArray();
  for (const auto& r : results) WriteResult(w, r);
  w.EndArray();
}

// A stated value, or an object saying why it is absent.
void WriteOrAbsent(JsonWriter& w, bool stated, const auto& value, std::string_view absent) {
  if (stated) {
    if constexpr (std::is_integral_v<std::decay_t<decltype(value)>>) {
      w.Integer(value);
    } else {
      w.String(value);
    }
    return;
  }
  w.BeginObject();
  w.Key("absent");
  w.String(absent);
  w.EndObject();
}

void WriteRecord(JsonWriter& w, const RecordAudit& a) {
  const Benchmark& b = *a.benchmark;
  const Conditions& c = b.conditions;
  w.BeginObject();
  w.Key("accelerator_count");
  WriteOrAbsent(w, b.accelerator_count > 0, b.accelerator_count, b.accelerator_count_absent);
  w.Key("accelerators");  // the record's pointer: empty when it points at none
  w.BeginArray();
  for (const std::string& id : b.accelerators) w.String(id);
  w.EndArray();
  w.Key("binding");
  if (const InstrumentResult* r = a.Binding()) {
    w.String(r->instrument);
  } else {
    w.Null();
  }
  w.Key("checks");
  WriteResults(w, a.checks);
  w.Key("conditions");
  w.BeginObject();
  // Every [conditions] key of the schema table, in key order (the order the report's objects
  // use throughout).
  static const std::vector<const ConditionKey*> kSorted = [] {
    std::vector<const ConditionKey*> keys;
    for (const ConditionKey& k : ConditionKeys()) keys.push_back(&k);
    std::sort(keys.begin(), keys.end(),
              [](const ConditionKey* x, const ConditionKey* y) { return x->key < y->key; });
    return keys;
  }();
  for (const ConditionKey* key : kSorted) {
    w.Key(key->key);
    WriteCondition(w, c.*key->member);
  }
  w.EndObject();
  w.Key("hardware");
  w.String(b.hardware);
  w.Key("id");
  w.String(b.header.id);
  w.Key("locator");
  w.String(b.locator);
  w.Key("metric");
  w.String(MetricName(b.metric));
  w.Key("model");
  w.String(b.model);
  w.Key("path");
  w.String(b.header.path);
  w.Key("precision");
  WriteOrAbsent(w, !b.precision.empty(), b.precision, b.precision_absent);
  w.Key("roofs");
  WriteResults(w, a.roofs);
  w.Key("source");  // its id: sources[] has its title and URL
  w.String(b.source);
  w.Key("status");
  w.String(StatusName(b.header.status));
  w.Key("value");
  w.BeginObject();
  w.Key("number");
  w.Double(b.value.number);
  w.Key("text");
  w.String(b.value.text);
  w.Key("unit");
  w.String(b.value.unit);
  w.EndObject();
  w.EndObject();
}

// The loader's diagnostics have no record and the instrument "loader".
void WriteDiagnostic(JsonWriter& w, const Diagnostic& d) {
  w.BeginObject();
  w.Key("arithmetic");
  w.String(d.arithmetic);
  w.Key("baselined");
  w.Bool(d.baselined);
  w.Key("code");
  w.String(d.code);
  w.Key("column");
  w.Integer(d.where.column);
  w.Key("deprecated");
  w.Bool(d.deprecated);
  w.Key("hint");
  w.String(d.hint);
  w.Key("instrument");
  w.String(d.IsFinding() ? std::string_view(d.instrument) : std::string_view("loader"));
  w.Key("line");
  w.Integer(d.where.line);
  w.Key("message");
  w.String(d.message);
  w.Key("path");
  w.String(d.where.path);
  w.Key("record");
  if (d.IsFinding()) {
    w.String(d.record);
  } else {
    w.Null();
  }
  w.Key("severity");
  w.String(SeverityName(d.severity));
  w.Key("waived");
  w.Bool(d.waived);
  w.Key("waiver_reason");
  w.String(d.waiver_reason);
  w.EndObject();
}

// The document is written element by element into a buffer that goes to the stream whenever
// it passes kFlushBytes, so a 100k-record corpus never holds its whole JSON text in memory.
constexpr size_t kFlushBytes = size_t{1} << 16;
// Records and findings rendered on two threads, this many a block: a record with its results
// is about 4.5 KB of JSON (a synthetic corpus), so two blocks hold about 5 MB.
constexpr size_t kJsonBlock = 512;

// The element separator: the first of an array opens its line, the others follow a comma.
const char* Separator(size_t index) { return index == 0 ? "\n    " : ",\n    "; }

class DocumentWriter {
 public:
  // `threads`: the report's (Report::threads), for the arrays of every item.
  DocumentWriter(std::ostream& out, unsigned threads) : out_(out), w_(buffer_), threads_(threads) {
    buffer_.reserve(2 * kFlushBytes);
  }
  ~DocumentWriter() { Flush(); }

  // `  "key": [`; its elements follow, then Close(empty).
  void Open(const char* key) {
    buffer_ += "  \"";
    buffer_ += key;
    buffer_ += "\": [";
  }
  void Close(bool empty) {
    buffer_ += empty ? "]" : "\n  ]";
    buffer_ += ",\n";
  }

  // `"key": [` then one element a line (each written by `element(writer, item)`), then `]`.
  template <typename Items, typename Element>
  void Array(const char* key, const Items& items, Element&& element) {
    Open(key);
    bool first = true;
    if constexpr (std::remove_reference_t<Element>::kEveryItem) {
      // Every item is written: two threads render blocks of them, written in order.
      Flush();
      struct Scratch {};
      RenderInOrder<Scratch>(
          items.size(),
          [&](size_t i, std::string& text, Scratch&) {
            text += Separator(i);
            JsonWriter w(text);
            element.Write(w, items[i]);
          },
          out_, threads_, kJsonBlock);
      first = items.empty();
    } else {
      for (const auto& item : items) {
        if (!element.Wanted(item)) continue;
        buffer_ += Separator(first ? 0 : 1);
        first = false;
        w_.Restart();
        element.Write(w_, item);
        if (buffer_.size() >= kFlushBytes) Flush();
      }
    }
    Close(first);
  }

  std::string& buffer() { return buffer_; }
  void set_threads(unsigned threads) { threads_ = threads; }
  JsonWriter& writer() { return w_; }
  std::ostream& out() { return out_; }

  void Flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    buffer_.clear();
  }

 private:
  std::ostream& out_;
  std::string buffer_;
  JsonWriter w_;
  unsigned threads_;
};

// kEveryItem: every item is written (no Wanted filter), so the items are rendered on two threads;
// otherwise Wanted(item) says which items are written, one thread.
struct Records {
  static constexpr bool kEveryItem = true;
  static void Write(JsonWriter& w, const RecordAudit& a) { WriteRecord(w, a); }
};
struct Diagnostics {
  static constexpr bool kEveryItem = true;
  static void Write(JsonWriter& w, const Diagnostic* d) { WriteDiagnostic(w, *d); }
};
struct Parts {
  static constexpr bool kEveryItem = false;  // few: not worth a thread
  static bool Wanted(const PartAudit&) { return true; }
  static void Write(JsonWriter& w, const PartAudit& p) {
    w.BeginObject();
    w.Key("checks");
    WriteResults(w, p.checks);
    w.Key("id");
    w.String(p.part->header.id);
    w.Key("path");
    w.String(p.part->header.path);
    w.EndObject();
  }
};
struct Sources {
  static constexpr bool kEveryItem = false;
  static bool Wanted(const Source&) { return true; }
  static void Write(JsonWriter& w, const Source& s) {
    w.BeginObject();
    w.Key("date");
    w.String(s.date);
    w.Key("id");
    w.String(s.header.id);
    w.Key("kind");
    w.String(s.source_kind);
    w.Key("publisher");
    w.String(s.publisher);
    w.Key("title");
    w.String(s.title);
    w.Key("url");
    w.String(s.url);
    w.EndObject();
  }
};
struct Rejected {
  static constexpr bool kEveryItem = false;
  static bool Wanted(const FileEntry& f) { return f.rejected; }
  static void Write(JsonWriter& w, const FileEntry& f) {
    w.BeginObject();
    w.Key("id");
    w.String(f.id);
    w.Key("kind");
    w.String(KindName(f.kind));
    w.Key("path");
    w.String(f.path);
    w.EndObject();
  }
};

// Everything after records[].
void WriteRest(DocumentWriter& doc, const Report& report) {
  doc.set_threads(report.threads);
  doc.Array("findings", report.diagnostics, Diagnostics{});
  doc.Array("parts", report.sweep.parts, Parts{});
  doc.Array("rejected", report.corpus->files, Rejected{});
  doc.Array("sources", report.corpus->sources, Sources{});

  const ReportSummary& s = report.summary;
  JsonWriter& w = doc.writer();
  doc.buffer() += "  \"calibration\": ";
  w.Restart();
  w.BeginObject();
  w.Key("failures");
  w.Unsigned(s.calibration_failures);
  w.Key("records");
  w.Unsigned(s.calibration_records);
  w.Key("trusted");
  w.Bool(s.calibration_failures == 0);
  w.EndObject();
  doc.buffer() += ",\n  \"summary\": ";
  w.Restart();
  w.BeginObject();
  const std::pair<const char*, size_t> counts[] = {
      {"baselined", s.baselined},   {"benchmarks", s.benchmarks},
      {"deprecated", s.deprecated}, {"deprecated_findings", s.deprecated_findings},
      {"errors", s.errors},         {"invalid_input", s.invalid_input},
      {"notes", s.notes},           {"records", s.records},
      {"rejected", s.rejected},     {"waived", s.waived},
      {"warnings", s.warnings}};
  for (const auto& [key, count] : counts) {
    w.Key(key);
    w.Unsigned(count);
  }
  w.EndObject();
  doc.buffer() += "\n}\n";
}

// The report's shape is versioned: a consumer checks schema_version before it reads on. 2 added
// the formulas, the records' pointers, locators and sources, and the tool's version.
constexpr int kSchemaVersion = 2;

std::string Head() {
  return fmt::format(
      "{{\n  \"schema_version\": {},\n  \"tool\": {{\"name\":\"rooflint\",\"version\":\"{}\"}},\n",
      kSchemaVersion, ToolVersion());
}

// The JSON report as the sweep goes: each block of records is rendered on the thread that
// audited it, then written in corpus order by whichever thread completes the run of blocks.
class JsonStream final : public RecordStream {
 public:
  // The records come rendered by the sweep's threads; the rest gets the report's (WriteRest).
  explicit JsonStream(std::ostream& out) : doc_(out, 0) {
    doc_.buffer() += Head();
    doc_.Open("records");
    doc_.Flush();
  }

  void Records(size_t begin, std::span<const RecordAudit> audits) override {
    std::string text;
    text.reserve(audits.size() * 4096);
    for (size_t i = 0; i < audits.size(); ++i) {
      text += Separator(begin + i);
      JsonWriter w(text);
      WriteRecord(w, audits[i]);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    waiting_.emplace(begin, Block{std::move(text), audits.size()});
    // Blocks are taken in corpus order, so few wait for the one before them.
    for (auto it = waiting_.begin(); it != waiting_.end() && it->first == written_;
         it = waiting_.erase(it)) {
      doc_.out().write(it->second.text.data(),
                       static_cast<std::streamsize>(it->second.text.size()));
      written_ += it->second.records;
    }
  }

  void Finish(const Report& report) override {
    std::lock_guard<std::mutex> lock(mutex_);
    doc_.Close(written_ == 0);
    WriteRest(doc_, report);
    doc_.Flush();
  }

 private:
  struct Block {
    std::string text;
    size_t records = 0;
  };
  DocumentWriter doc_;
  std::mutex mutex_;
  std::map<size_t, Block> waiting_;  // rendered blocks by first record, not yet written
  size_t written_ = 0;               // records written
};

}  // namespace

void PrintJson(const Report& report, std::ostream& out) {
  DocumentWriter doc(out, report.threads);
  doc.buffer() += Head();
  doc.Array("records", report.sweep.records, Records{});
  WriteRest(doc, report);
}

std::unique_ptr<RecordStream> StreamJson(std::ostream& out) {
  return std::make_unique<JsonStream>(out);
}

}  // namespace rooflint
