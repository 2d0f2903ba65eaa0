// The sweep: resolve every benchmark once, run every instrument on it, collect findings.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "audit/resolve.h"
#include "rooflint/audit.h"

namespace rooflint {

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kWithin: return "within";
    case Verdict::kExceeds: return "exceeds";
    case Verdict::kNotComputable: return "not-computable";
  }
  return "?";
}

const RoofResult* RecordAudit::Binding() const {
  const RoofResult* best = nullptr;
  for (const auto& r : roofs) {
    if (r.verdict == Verdict::kNotComputable) continue;
    if (best == nullptr || r.percent > best->percent) best = &r;
  }
  return best;
}

SweepResult Sweep(const Corpus& corpus) {
  SweepResult result;
  result.records.reserve(corpus.benchmarks.size());
  Resolver resolver(corpus);
  for (const Benchmark& b : corpus.benchmarks) {
    AuditInput in = resolver.Resolve(b);
    RecordAudit audit;
    audit.benchmark = &b;
    for (const auto& instrument : Instruments()) instrument->Audit(in, audit, result.findings);
    result.records.push_back(std::move(audit));
  }
  std::stable_sort(result.findings.begin(), result.findings.end(),
                   [](const Finding& a, const Finding& b) {
                     return std::tie(a.where.path, a.where.line, a.instrument) <
                            std::tie(b.where.path, b.where.line, b.instrument);
                   });
  return result;
}

}  // namespace rooflint
