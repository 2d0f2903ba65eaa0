// Probes on the bundled corpus: a claim written the way a real run is written, added to the
// shipped records and swept with them. Each gives its hand arithmetic: an honest claim gets no
// error, an impossible one gets an error, and a bound that rests on a reading of the record
// says which in its message.
#include <gtest/gtest.h>

#include <algorithm>
#include <list>
#include <string>

#include "fixtures.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::Absent;
using testing::AuditOf;
using testing::BenchRecord;
using testing::RoofOf;

// A claim as the bundled corpus writes one, citing a shipped source.
BenchRecord Claim(const std::string& id) {
  BenchRecord b;
  b.id = id;
  b.status = std::nullopt;
  b.source = "stas00-ml-engineering-accelerators";
  b.locator = "probe";
  b.scenario = Absent("probe");
  b.weights = std::nullopt;
  return b;
}

// The bundled corpus with `claim` added to it, swept.
// A sweep's results point into its corpus: each probe's corpus lives until the tests end.
Corpus& NewCorpus() {
  static std::list<Corpus> corpora;
  return corpora.emplace_back(LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA}));
}

SweepResult SweepWith(const std::string& id, const BenchRecord& claim) {
  Corpus& corpus = NewCorpus();
  ParseResult r = ParseRecord(RecordKind::kBenchmark, claim.Toml(), "probe/" + id + ".toml", id);
  for (const auto& d : r.diagnostics) ADD_FAILURE() << Render(d) << "\n" << claim.Toml();
  if (!r.ok()) return SweepResult();
  corpus.benchmarks.push_back(std::get<Benchmark>(r.record));
  corpus.Index();
  return Sweep(corpus);
}

// The findings on record `id` with severity `s`.
std::vector<Finding> On(const SweepResult& s, std::string_view id, Severity severity) {
  std::vector<Finding> out;
  for (const Finding& f : s.findings) {
    if (f.record == id && f.severity == severity) out.push_back(f);
  }
  return out;
}

// Two GB200 superchips are four GPUs. Llama-2-70B in fp8: W = (68,976,648,192 - 262,144,000
// lookup-only input embedding) x 1 B = 68.71 GB. GB200: 8 TB/s per GPU.
//   at 4 GPUs: 4 x 8 TB/s / 68.71 GB = 465.7 tok/s, and 300 is 64.4% of it;
//   at 2:      2 x 8 TB/s / 68.71 GB = 232.8 tok/s, and 300 is 128.8% of it.
// The record counts 2, the text 4: errors take the larger; the smaller is a warning naming it.
TEST(Probes, SuperchipsCountedInPackagesAreBoundedAtTheLargerCount) {
  BenchRecord b = Claim("zz-probe-gb200-superchips");
  b.metric = "per-user-decode";
  b.value = "300 tok/s";
  b.model = "llama-2-70b";
  b.precision = "fp8";
  b.hardware = "2x GB200 Grace Blackwell Superchip";
  b.pointer = testing::PointTo({"nvidia-gb200"});
  b.accelerator_count = 2;
  b.batch = 1;
  SweepResult s = SweepWith("zz-probe-gb200-superchips", b);
  const InstrumentResult* mem = RoofOf(AuditOf(s, "zz-probe-gb200-superchips"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 465.7, 0.05);
  EXPECT_NEAR(mem->percent, 64.4, 0.05);
  EXPECT_TRUE(On(s, "zz-probe-gb200-superchips", Severity::kError).empty());
  std::vector<Finding> warnings = On(s, "zz-probe-gb200-superchips", Severity::kWarning);
  auto it = std::find_if(warnings.begin(), warnings.end(),
                         [](const Finding& f) { return f.instrument == "memory-roof"; });
  ASSERT_NE(it, warnings.end());
  EXPECT_NE(it->message.view().find("128.8%"), std::string_view::npos) << it->message.view();
  EXPECT_NE(it->message.view().find("accelerator_count 2 counts every GPU"), std::string_view::npos)
      << it->message.view();

  // An impossible figure is an error even at the larger count: 600 is 128.8% of 465.7.
  b.id = "zz-probe-gb200-superchips-impossible";
  b.value = "600 tok/s";
  SweepResult bad = SweepWith("zz-probe-gb200-superchips-impossible", b);
  std::vector<Finding> errors = On(bad, "zz-probe-gb200-superchips-impossible", Severity::kError);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].message.view().find("128.8%"), std::string_view::npos)
      << errors[0].message.view();
}

}  // namespace
}  // namespace rooflint
