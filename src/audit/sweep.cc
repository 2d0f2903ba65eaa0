// The sweep: resolve every benchmark once, run every instrument on it, then the corpus-wide
// instruments, then apply each record's waivers.
#include <fmt/format.h>

#include <algorithm>
#include <thread>
#include <tuple>

#include "audit/resolve.h"
#include "core/text_util.h"
#include "rooflint/audit.h"

namespace rooflint {
namespace {

// Marks the findings each record's [[waivers]] accept, and reports waivers that accept
// nothing or name no instrument.
void ApplyWaivers(const Corpus& corpus, std::vector<Finding>& findings) {
  std::unordered_map<std::string_view, std::vector<Finding*>> by_record;
  for (Finding& f : findings) by_record[f.record].push_back(&f);
  std::vector<std::string_view> ids;
  for (const auto& i : Instruments()) ids.push_back(i->id());
  std::vector<Finding> extra;
  for (const Benchmark& b : corpus.benchmarks) {
    for (const Waiver& w : b.waivers) {
      SourceLocation where{b.header.path, w.line, 1};
      if (FindInstrument(w.instrument) == nullptr) {
        std::string near = ClosestMatch(w.instrument, ids);
        Finding f;
        f.record = b.header.id;
        f.instrument = "waivers";
        f.severity = Severity::kError;
        f.code = "unknown-instrument";
        f.message = fmt::format("the waiver names instrument '{}', which does not exist{}",
                                w.instrument,
                                near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near));
        f.where = where;
        f.deprecated = b.header.status == Status::kDeprecated;
        extra.push_back(std::move(f));
        continue;
      }
      bool used = false;
      auto it = by_record.find(b.header.id);
      if (it != by_record.end()) {
        for (Finding* f : it->second) {
          if (f->instrument != w.instrument || (!w.code.empty() && f->code != w.code)) continue;
          f->waived = true;
          f->waiver_reason = w.reason;
          used = true;
        }
      }
      if (!used) {
        Finding f;
        f.record = b.header.id;
        f.instrument = "waivers";
        f.severity = Severity::kWarning;
        f.code = "unused-waiver";
        f.message = fmt::format("the waiver for {}{} matches no finding: remove it", w.instrument,
                                w.code.empty() ? "" : fmt::format(" / {}", w.code));
        f.where = where;
        f.deprecated = b.header.status == Status::kDeprecated;
        extra.push_back(std::move(f));
      }
    }
  }
  for (auto& f : extra) findings.push_back(std::move(f));
}

}  // namespace

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kWithin: return "within";
    case Verdict::kExceeds: return "exceeds";
    case Verdict::kNotComputable: return "not-computable";
    case Verdict::kPass: return "pass";
    case Verdict::kFail: return "fail";
    case Verdict::kNotApplicable: return "not-applicable";
  }
  return "?";
}

void Instrument::AuditCorpus(const Corpus&, SweepResult&) const {}

const InstrumentResult* RecordAudit::Binding() const {
  const InstrumentResult* best = nullptr;
  for (const auto& r : roofs) {
    if (r.verdict != Verdict::kWithin && r.verdict != Verdict::kExceeds) continue;
    if (best == nullptr || r.percent > best->percent) best = &r;
  }
  return best;
}

SweepResult Sweep(const Corpus& corpus, const SweepOptions& options) {
  SweepResult result;
  const size_t n = corpus.benchmarks.size();
  result.records.resize(n);
  // Records are independent: each thread audits a contiguous slice with its own resolver
  // (and hardware-match cache) and its own findings, merged in slice order afterwards.
  size_t threads = std::max(1u, std::thread::hardware_concurrency());
  threads = std::min(threads, std::max<size_t>(1, n / 256));
  std::vector<std::vector<Finding>> findings(threads);
  auto audit_slice = [&](size_t t) {
    Resolver resolver(corpus, options);
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
  for (const auto& instrument : Instruments()) instrument->AuditCorpus(corpus, result);
  for (const RecordAudit& a : result.records) {
    if (!a.benchmark->calibration) continue;
    ++result.calibration_records;
    for (const auto& c : a.checks) {
      if (c.instrument == "calibration" && c.verdict == Verdict::kFail) {
        ++result.calibration_failures;
      }
    }
  }
  ApplyWaivers(corpus, result.findings);
  std::stable_sort(result.findings.begin(), result.findings.end(),
                   [](const Finding& a, const Finding& b) {
                     return std::tie(a.where.path, a.where.line, a.instrument) <
                            std::tie(b.where.path, b.where.line, b.instrument);
                   });
  return result;
}

}  // namespace rooflint
