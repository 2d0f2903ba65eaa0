// Building small corpora from inline TOML for tests: each record is parsed exactly as a file
// would be, so a test reads like the corpus it describes.
#ifndef ROOFLINT_TESTS_TEST_CORPUS_H_
#define ROOFLINT_TESTS_TEST_CORPUS_H_

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"

namespace rooflint::testing {

class TestCorpus {
 public:
  // Parses `toml` as a record of `kind`; the id is read from the text. Fails the test on any
  // diagnostic.
  TestCorpus& Add(RecordKind kind, const std::string& toml) {
    std::string id;
    auto pos = toml.find("id = \"");
    if (pos != std::string::npos) id = toml.substr(pos + 6, toml.find('"', pos + 6) - pos - 6);
    std::string path = std::string("mem/") + std::string(KindFolder(kind)) + "/" + id + ".toml";
    ParseResult r = ParseRecord(kind, toml, path, id);
    for (const auto& d : r.diagnostics) ADD_FAILURE() << Render(d);
    std::visit(
        [&](auto&& rec) {
          using T = std::decay_t<decltype(rec)>;
          if constexpr (std::is_same_v<T, Accelerator>) corpus_.accelerators.push_back(rec);
          if constexpr (std::is_same_v<T, Model>) corpus_.models.push_back(rec);
          if constexpr (std::is_same_v<T, Benchmark>) corpus_.benchmarks.push_back(rec);
          if constexpr (std::is_same_v<T, Source>) corpus_.sources.push_back(rec);
          if constexpr (std::is_same_v<T, Gotcha>) corpus_.gotchas.push_back(rec);
        },
        r.record);
    corpus_.files.push_back({kind, id, path, !r.ok()});
    return *this;
  }

  const Corpus& Build() {
    corpus_.Index();
    return corpus_;
  }

 private:
  Corpus corpus_;
};

// The findings of `instrument` in `sweep`, in order.
inline std::vector<Finding> FindingsOf(const SweepResult& s, const std::string& instrument) {
  std::vector<Finding> out;
  for (const auto& f : s.findings) {
    if (f.instrument == instrument) out.push_back(f);
  }
  return out;
}

// The audit of record `id` in `sweep`; fails the test when absent.
inline const RecordAudit& AuditOf(const SweepResult& sweep, const std::string& id) {
  for (const auto& a : sweep.records) {
    if (a.benchmark->header.id == id) return a;
  }
  ADD_FAILURE() << "no audit for " << id;
  static const RecordAudit kNone;
  return kNone;
}

// The result of `instrument` in `audit`, or nullptr.
inline const InstrumentResult* RoofOf(const RecordAudit& audit, const std::string& instrument) {
  for (const auto& r : audit.roofs) {
    if (r.instrument == instrument) return &r;
  }
  return nullptr;
}

// The findings of roof instruments only (memory-roof, compute-roof, the floors).
inline std::vector<Finding> RoofFindings(const SweepResult& sweep) {
  std::vector<Finding> out;
  for (const auto& f : sweep.findings) {
    const InstrumentInfo* i = FindInstrumentInfo(f.instrument);
    if (i != nullptr && ComputesBound(i->kind)) out.push_back(f);
  }
  return out;
}

}  // namespace rooflint::testing

#endif  // ROOFLINT_TESTS_TEST_CORPUS_H_
