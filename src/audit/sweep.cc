// The sweep: resolve every benchmark once, run every instrument on it, collect findings.
#include <fmt/format.h>

#include <algorithm>
#include <thread>
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
  const size_t n = corpus.benchmarks.size();
  result.records.resize(n);
  // Records are independent: each thread audits a contiguous slice with its own resolver
  // (and hardware-match cache) and its own findings, merged in slice order afterwards.
  size_t threads = std::max(1u, std::thread::hardware_concurrency());
  threads = std::min(threads, std::max<size_t>(1, n / 256));
  std::vector<std::vector<Finding>> findings(threads);
  auto audit_slice = [&](size_t t) {
    Resolver resolver(corpus);
    size_t begin = n * t / threads, end = n * (t + 1) / threads;
    for (size_t i = begin; i < end; ++i) {
      const Benchmark& b = corpus.benchmarks[i];
      AuditInput in = resolver.Resolve(b);
      RecordAudit& audit = result.records[i];
      audit.benchmark = &b;
      for (const auto& instrument : Instruments()) instrument->Audit(in, audit, findings[t]);
    }
  };
  {
    std::vector<std::jthread> pool;
    for (size_t t = 1; t < threads; ++t) pool.emplace_back(audit_slice, t);
    audit_slice(0);
  }
  for (auto& f : findings) {
    result.findings.insert(result.findings.end(), std::make_move_iterator(f.begin()),
                           std::make_move_iterator(f.end()));
  }
  std::stable_sort(result.findings.begin(), result.findings.end(),
                   [](const Finding& a, const Finding& b) {
                     return std::tie(a.where.path, a.where.line, a.instrument) <
                            std::tie(b.where.path, b.where.line, b.instrument);
                   });
  return result;
}

}  // namespace rooflint
