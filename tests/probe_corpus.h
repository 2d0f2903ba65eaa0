// Probes on the bundled corpus: a claim written the way a real run is written, added to the
// shipped records and swept with them (probes_test, moe_bytes_probes_test, peak_probes_test).
#ifndef ROOFLINT_TESTS_PROBE_CORPUS_H_
#define ROOFLINT_TESTS_PROBE_CORPUS_H_

#include <gtest/gtest.h>

#include <list>
#include <string>
#include <string_view>
#include <vector>

#include "fixtures.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"

namespace rooflint::testing {

// A claim as the bundled corpus writes one, citing a shipped source.
inline BenchRecord ProbeClaim(const std::string& id) {
  BenchRecord b;
  b.id = id;
  b.status = std::nullopt;
  b.source = "stas00-ml-engineering-accelerators";
  b.locator = "probe";
  b.scenario = Absent("probe");
  b.weights = std::nullopt;
  return b;
}

// A copy of the bundled corpus, read from disk once, that lives until the tests end (a sweep's
// results point into its corpus). A probe may change its records.
inline Corpus& NewBundledCorpus() {
  static const Corpus bundled = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  static std::list<Corpus> corpora;
  return corpora.emplace_back(bundled);
}

// The bundled corpus with the benchmark record `toml` (id `id`) added, swept.
inline SweepResult SweepBundledWithText(const std::string& id, const std::string& toml) {
  Corpus& corpus = NewBundledCorpus();
  ParseResult r = ParseRecord(RecordKind::kBenchmark, toml, "probe/" + id + ".toml", id);
  for (const auto& d : r.diagnostics) ADD_FAILURE() << Render(d) << "\n" << toml;
  if (!r.ok()) return SweepResult();
  corpus.benchmarks.push_back(std::get<Benchmark>(r.record));
  corpus.Index();
  return Sweep(corpus);
}

inline SweepResult SweepBundledWith(const std::string& id, const BenchRecord& claim) {
  return SweepBundledWithText(id, claim.Toml());
}

// The findings on record `id` with severity `severity`.
inline std::vector<Finding> FindingsOn(const SweepResult& s, std::string_view id,
                                       Severity severity) {
  std::vector<Finding> out;
  for (const Finding& f : s.findings) {
    if (f.record == id && f.severity == severity) out.push_back(f);
  }
  return out;
}

}  // namespace rooflint::testing

#endif  // ROOFLINT_TESTS_PROBE_CORPUS_H_
