// Helpers for the importer tests: the bundled corpus loaded once, the sample files copied into
// tests/import-samples/, edits of a sample's text, compact views of imported records to assert
// whole, and the bundled corpus with imported records added and swept.
#ifndef ROOFLINT_TESTS_IMPORT_TEST_UTIL_H_
#define ROOFLINT_TESTS_IMPORT_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/import.h"

namespace rooflint::testing {

inline const Corpus& Bundled() {
  static const Corpus* const kCorpus = [] {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    return new Corpus(LoadCorpus(roots));
  }();
  return *kCorpus;
}

// A sample file, reported under its bare name so diagnostics do not depend on the checkout.
inline ImportFile Sample(const std::string& tool, const std::string& name) {
  std::ifstream in(std::string(ROOFLINT_IMPORT_SAMPLES) + "/" + tool + "/" + name,
                   std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  EXPECT_FALSE(s.str().empty()) << tool << "/" << name;
  return {name, s.str()};
}

// `s` with the first `from` replaced by `to`; a failure when `from` is not in it.
inline std::string Replace(std::string s, const std::string& from, const std::string& to) {
  size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return s;
}

inline bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// Import options with --model `id`.
inline ImportOptions WithModel(const std::string& id) {
  ImportOptions o;
  o.model = id;
  return o;
}

inline ImportResult ImportFiles(std::vector<ImportFile> files, const ImportOptions& options = {},
                                std::string_view format = kAutoFormat) {
  return Import(format, files, options, Bundled());
}

inline std::string RenderAll(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds) out += Render(d);
  return out;
}

inline std::vector<const Benchmark*> Benchmarks(const ImportResult& r) {
  std::vector<const Benchmark*> out;
  for (const auto& rec : r.records) {
    if (const auto* b = std::get_if<Benchmark>(&rec.record)) out.push_back(b);
  }
  return out;
}

inline std::vector<const Model*> Models(const ImportResult& r) {
  std::vector<const Model*> out;
  for (const auto& rec : r.records) {
    if (const auto* m = std::get_if<Model>(&rec.record)) out.push_back(m);
  }
  return out;
}

// The `nth` benchmark (0: the first) of `metric` and `statistic`; a failure when there is none.
inline const Benchmark* Find(const ImportResult& r, const std::string& metric,
                             const std::string& statistic, size_t nth = 0) {
  for (const Benchmark* b : Benchmarks(r)) {
    if (MetricName(b->metric) == metric && b->statistic == statistic && nth-- == 0) return b;
  }
  ADD_FAILURE() << "no " << metric << " " << statistic;
  return nullptr;
}

inline std::string Show(const Condition& c) {
  switch (c.state) {
    case Condition::State::kMissing:
      return "missing";
    case Condition::State::kStated:
      return c.text().str();
    case Condition::State::kAbsent:
      return "absent: " + c.absent_reason().str();
  }
  return "?";
}

// Every condition of a record, "key = value" or "key = absent: reason", in format order.
inline std::vector<std::string> ConditionsOf(const Benchmark& b) {
  const Conditions& c = b.conditions;
  std::vector<std::string> out;
  auto add = [&](const char* key, const Condition& k) {
    if (k.state != Condition::State::kMissing) out.push_back(std::string(key) + " = " + Show(k));
  };
  add("batch", c.batch);
  add("concurrency", c.concurrency);
  add("input_tokens", c.input_tokens);
  add("input_tokens_mean", c.input_tokens_mean);
  add("output_tokens", c.output_tokens);
  add("engine", c.engine);
  add("engine_version", c.engine_version);
  add("warmup", c.warmup);
  add("scenario", c.scenario);
  add("speculative", c.speculative);
  add("attention_window", c.attention_window);
  return out;
}

// The key fields of a record, one per line, for whole-record assertions.
inline std::vector<std::string> FieldsOf(const Benchmark& b) {
  std::string parts;
  for (const auto& a : b.accelerators) parts += (parts.empty() ? "" : ",") + a;
  std::vector<std::string> out = {
      "status = " + std::string(StatusName(b.header.status)),
      "metric = " + std::string(MetricName(b.metric)),
      "statistic = " + b.statistic,
      "value = " + b.value.text,
      "model = " + b.model,
      "precision = " + (b.precision.empty() ? "absent: " + b.precision_absent : b.precision),
      "weights = " + (b.weights ? b.weights->text : std::string("-")),
      "hardware = " + b.hardware,
      "accelerators = " + parts,
      "accelerators_absent = " + (b.accelerators_absent ? b.accelerators_absent->because + ": " +
                                                              b.accelerators_absent->note
                                                        : std::string("-")),
      "accelerator_count = " + (b.accelerator_count > 0 ? std::to_string(b.accelerator_count)
                                                        : "absent: " + b.accelerator_count_absent),
  };
  return out;
}

// The audit of `id` in the bundled corpus with the imported records added.
inline std::vector<InstrumentResult> AuditOf(const ImportResult& r, std::string_view id) {
  Corpus c = Bundled();
  for (const auto& rec : r.records) {
    if (const auto* b = std::get_if<Benchmark>(&rec.record)) c.benchmarks.push_back(*b);
    if (const auto* s = std::get_if<Source>(&rec.record)) c.sources.push_back(*s);
  }
  c.Index();
  SweepResult sweep = Sweep(c);
  for (const auto& a : sweep.records) {
    if (a.benchmark->header.id == id) return a.roofs;
  }
  ADD_FAILURE() << "no audit for " << id;
  return {};
}

inline const InstrumentResult* Roof(const std::vector<InstrumentResult>& roofs,
                                    const std::string& instrument) {
  for (const auto& r : roofs) {
    if (r.instrument == instrument) return &r;
  }
  return nullptr;
}

// Every record re-parses from its TOML with no diagnostic.
inline void ExpectRoundTrip(const ImportResult& r) {
  for (const auto& rec : r.records) {
    ParseResult p = ParseRecord(rec.kind, rec.toml, rec.id + ".toml", rec.id);
    EXPECT_TRUE(p.ok()) << rec.toml;
    for (const auto& d : p.diagnostics) ADD_FAILURE() << Render(d) << rec.toml;
  }
}

// The bundled corpus with the records of imports added: a draft model once however many
// imports name it, and the ids of the benchmarks added.
class ImportedCorpus {
 public:
  // Adds the records of `r`, which must hold no error (`what` names the import then).
  void Add(const ImportResult& r, const std::string& what = "") {
    EXPECT_FALSE(r.HasErrors()) << what << "\n" << RenderAll(r.diagnostics);
    for (const auto& rec : r.records) {
      if (const auto* b = std::get_if<Benchmark>(&rec.record)) {
        corpus_.benchmarks.push_back(*b);
        ids_.insert(b->header.id.str());
      }
      if (const auto* s = std::get_if<Source>(&rec.record)) corpus_.sources.push_back(*s);
      if (const auto* m = std::get_if<Model>(&rec.record)) {
        if (models_.insert(m->header.id.str()).second) corpus_.models.push_back(*m);
      }
    }
  }
  // The ids of the benchmarks added.
  const std::set<std::string>& ids() const { return ids_; }

  // Indexes and sweeps the corpus, expecting no input error, every added benchmark audited and
  // no error finding on any of them; the sweep, for further checks.
  SweepResult SweepWithNoError() {
    corpus_.Index();
    EXPECT_FALSE(corpus_.HasInvalidInput()) << RenderAll(corpus_.diagnostics);
    SweepResult s = Sweep(corpus_);
    size_t audited = 0;
    for (const auto& a : s.records) audited += ids_.count(a.benchmark->header.id.str());
    EXPECT_EQ(audited, ids_.size());
    for (const Finding& f : s.findings) {
      if (ids_.count(f.record.str())) {
        EXPECT_NE(f.severity, Severity::kError)
            << f.record << " " << f.instrument << ": " << f.code << " " << f.message;
      }
    }
    return s;
  }

 private:
  Corpus corpus_ = Bundled();
  std::set<std::string> ids_;
  std::set<std::string> models_;
};

}  // namespace rooflint::testing

#endif  // ROOFLINT_TESTS_IMPORT_TEST_UTIL_H_
