// The sweep: resolve every benchmark once, run every instrument on it, then the corpus-wide
// instruments, then apply each record's waivers.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <thread>
#include <tuple>
#include <unordered_set>

#include "audit/instrument.h"
#include "audit/resolve.h"
#include "audit/results.h"
#include "core/text_util.h"
#include "core/threads.h"
#include "rooflint/audit.h"

namespace rooflint {
namespace {

// Marks the findings a record's [[waivers]] accept, and reports waivers that accept nothing
// or name no instrument or no finding code.
void ApplyWaivers(const RecordHeader& h, std::span<const Waiver> waivers,
                  std::unordered_map<std::string_view, std::vector<Finding*>>& by_record,
                  std::vector<Finding>& extra) {
  static const std::vector<std::string_view> kIds = [] {
    std::vector<std::string_view> ids;
    for (const auto& i : Instruments()) ids.push_back(i->id());
    return ids;
  }();
  static const std::vector<std::string_view> kCodeNames = [] {
    std::vector<std::string_view> names;
    for (const FindingCodeInfo& c : FindingCodes()) names.push_back(c.name);
    return names;
  }();
  for (const Waiver& w : waivers) {
    Finding f;
    f.record = h.id;
    f.instrument = std::string(ids::kWaivers);
    f.where = {h.path.str(), w.line, 1};
    f.deprecated = h.status == Status::kDeprecated;
    if (FindInstrument(w.instrument) == nullptr) {
      std::string near = ClosestMatch(w.instrument, kIds);
      SetCode(f, FindingCode::kUnknownInstrument);
      f.message =
          fmt::format("the waiver names instrument '{}', which does not exist", w.instrument);
      f.hint = near.empty() ? "`rooflint instruments` lists them"
                            : fmt::format("did you mean '{}'?", near);
      extra.push_back(std::move(f));
      continue;
    }
    if (!w.code.empty() && !FindFindingCode(w.code)) {
      std::string near = ClosestMatch(w.code, kCodeNames);
      SetCode(f, FindingCode::kUnknownCode);
      f.message = fmt::format("the waiver names finding code '{}', which does not exist", w.code);
      f.hint =
          near.empty() ? "`rooflint codes` lists them" : fmt::format("did you mean '{}'?", near);
      extra.push_back(std::move(f));
      continue;
    }
    bool used = false;
    if (auto it = by_record.find(h.path); it != by_record.end()) {
      for (Finding* found : it->second) {
        if (found->instrument != w.instrument || (!w.code.empty() && found->code != w.code)) {
          continue;
        }
        found->waived = true;
        found->waiver_reason = w.reason;
        used = true;
      }
    }
    if (!used) {
      SetCode(f, FindingCode::kUnusedWaiver);
      f.message = fmt::format("the waiver for {}{} matches no finding", w.instrument,
                              w.code.empty() ? "" : fmt::format(" / {}", w.code));
      f.hint = "remove it: what it waived is gone";
      extra.push_back(std::move(f));
    }
  }
}

void ApplyWaivers(const Corpus& corpus, std::vector<Finding>& findings) {
  // Only the findings of records that carry waivers are looked up: most records have none, and
  // a map entry per finding was an allocation per finding.
  std::unordered_set<std::string_view> waiving;
  for (const Benchmark& b : corpus.benchmarks) {
    if (!b.waivers.empty()) waiving.insert(b.header.path);
  }
  for (const Accelerator& a : corpus.accelerators) {
    if (!a.waivers.empty()) waiving.insert(a.header.path);
  }
  if (waiving.empty()) return;
  std::unordered_map<std::string_view, std::vector<Finding*>> by_record;
  for (Finding& f : findings) {
    if (waiving.contains(f.where.path))
      by_record[f.where.path].push_back(&f);  // a record is its file
  }
  std::vector<Finding> extra;
  for (const Benchmark& b : corpus.benchmarks) {
    ApplyWaivers(b.header, b.waivers, by_record, extra);
  }
  for (const Accelerator& a : corpus.accelerators) {
    ApplyWaivers(a.header, a.waivers, by_record, extra);
  }
  for (auto& f : extra) findings.push_back(std::move(f));
}

// Findings in path, line and instrument order, stable. They arrive nearly in that order (the
// records are in path order), so the order is worked out on indices and the findings, which
// are large, are moved into place along the cycles of the permutation: each once, none when in
// order already, and no second vector of them.
void SortFindings(std::vector<Finding>& findings) {
  std::vector<uint32_t> order(findings.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>(i);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t i, uint32_t j) {
    const Finding& a = findings[i];
    const Finding& b = findings[j];
    return std::tie(a.where.path, a.where.line, a.instrument) <
           std::tie(b.where.path, b.where.line, b.instrument);
  });
  // Position k takes the finding now at order[k]; a position done is marked order[k] = k.
  for (uint32_t start = 0; start < order.size(); ++start) {
    if (order[start] == start) continue;
    Finding first = std::move(findings[start]);
    uint32_t k = start;
    while (order[k] != start) {
      const uint32_t from = order[k];
      findings[k] = std::move(findings[from]);
      order[k] = k;
      k = from;
    }
    findings[k] = std::move(first);
    order[k] = k;
  }
}

// What a record keeps of its audit when a sweep keeps KeptResults::kBinding: its binding roof and
// the roofs not computed, in order, or its first roof when it has neither, without their
// formulas, and no check. Moved from `from` into vectors of their size.
void Keep(RecordAudit& from, RecordAudit& into) {
  into.benchmark = from.benchmark;
  const InstrumentResult* binding = from.Binding();
  auto kept = [&](const InstrumentResult& r) {
    return &r == binding || r.verdict == Verdict::kNotComputable;
  };
  size_t count = 0;
  for (const InstrumentResult& r : from.roofs) count += kept(r);
  into.roofs.clear();
  into.roofs.reserve(std::max<size_t>(count, from.roofs.empty() ? 0 : 1));
  for (InstrumentResult& r : from.roofs) {
    if (!kept(r)) continue;
    into.roofs.push_back(std::move(r));
    // The reports that read a lean sweep print a roof's bound, never its formula.
    into.roofs.back().formula.reset();
  }
  // `roofs` empty means no roof instrument spoke: a record that had roofs keeps one.
  if (into.roofs.empty() && !from.roofs.empty()) into.roofs.push_back(std::move(from.roofs[0]));
  into.checks.clear();
}

}  // namespace

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kWithin:
      return "within";
    case Verdict::kExceeds:
      return "exceeds";
    case Verdict::kNotComputable:
      return "not-computable";
    case Verdict::kPass:
      return "pass";
    case Verdict::kFail:
      return "fail";
    case Verdict::kNotApplicable:
      return "not-applicable";
  }
  return "?";
}

const InstrumentResult* RecordAudit::Find(std::string_view instrument) const {
  for (const auto* list : {&roofs, &checks}) {
    for (const InstrumentResult& r : *list) {
      if (r.instrument == instrument) return &r;
    }
  }
  return nullptr;
}

const InstrumentResult* RecordAudit::Binding() const {
  const InstrumentResult* best = nullptr;
  for (const auto& r : roofs) {
    if (!r.Computed()) continue;
    if (best == nullptr || r.percent > best->percent) best = &r;
  }
  return best;
}

// A record whose accelerator_count and hardware text disagree was audited at the larger
// count. At the smaller one, a bound it passes there but not here is a warning that names the
// reading it rests on; the results kept are the larger count's.
void AuditAtSmallerCount(const AuditInput& in, size_t found_here, std::vector<Finding>& found) {
  AuditInput smaller = in;
  smaller.count = in.count_smaller;
  smaller.count_smaller = 0;
  smaller.count_assumption = in.count_smaller_assumption;
  RecordAudit audit;
  audit.benchmark = in.benchmark;
  std::vector<Finding> extra;
  for (const auto* instrument : RecordInstruments()) instrument->Run(smaller, audit, extra);
  for (Finding& f : extra) {
    // Only the findings that rest on the smaller count: they name it, and they are warnings.
    if (f.severity != Severity::kWarning) continue;
    if (f.message.view().find(in.count_smaller_assumption) == std::string_view::npos) continue;
    bool already = std::any_of(found.begin() + static_cast<std::ptrdiff_t>(found_here), found.end(),
                               [&](const Finding& g) { return g.instrument == f.instrument; });
    if (!already) found.push_back(std::move(f));
  }
}

SweepResult Sweep(const Corpus& corpus, const SweepOptions& options) {
  SweepResult result;
  const size_t n = corpus.benchmarks.size();
  result.records.resize(n);
  // Records are independent: the threads take blocks of records in corpus order, each with its
  // own resolver (and hardware-match cache) and its own findings, merged in block order
  // afterwards. Blocks handed out in order let a report write records as they are audited
  // (SweepOptions::on_block) while holding only the blocks in flight.
  constexpr size_t kBlock = 256;
  const size_t blocks = (n + kBlock - 1) / kBlock;
  const size_t threads = std::min(ThreadsToUse(options.threads), std::max<size_t>(1, n / kBlock));
  // Each block's findings, merged in block order afterwards, each list freed as it is merged.
  std::vector<std::vector<Finding>> block_findings(blocks);
  size_t roofs = 0, checks = 0;
  for (const auto* i : RecordInstruments()) ++(ComputesBound(i->kind()) ? roofs : checks);
  // The corpus instruments that judge each record, with what they gathered over the corpus
  // first; they run after the record instruments on each record, so its audit is whole when its
  // thread finishes it.
  std::vector<std::pair<const CorpusInstrument*, std::unique_ptr<CorpusFacts>>> judges;
  for (const auto* instrument : CorpusInstruments()) {
    if (auto facts = instrument->Prepare(corpus)) judges.emplace_back(instrument, std::move(facts));
  }
  checks += judges.size();
  const bool every = options.keep == KeptResults::kEvery;
  std::atomic<size_t> next_block{0}, done{0};
  std::vector<size_t> calibration_records(threads), calibration_failures(threads);
  auto audit_blocks = [&](size_t t) {
    // Most records say what others say (one model on one part gives the same KV arithmetic):
    // each thread keeps one copy of each distinct text its results hold.
    TextInterning interning;
    Resolver resolver(corpus, options);
    // Unless every result is kept, each record is audited into scratch, whose vectors are
    // allocated once: one record's, or with on_block a block's, which the block hands over.
    RecordAudit scratch;
    std::vector<RecordAudit> block_scratch(options.on_block ? kBlock : 0);
    size_t found_before = 0;  // the last block's findings: room for as many in the next
    for (size_t block = next_block++; block < blocks; block = next_block++) {
      const size_t begin = block * kBlock, end = std::min(n, begin + kBlock);
      std::vector<Finding>& found = block_findings[block];
      found.reserve(found_before);
      for (size_t i = begin; i < end; ++i) {
        const Benchmark& b = corpus.benchmarks[i];
        const AuditInput in = resolver.Resolve(b);
        RecordAudit& audit = every              ? result.records[i]
                             : options.on_block ? block_scratch[i - begin]
                                                : scratch;
        audit.benchmark = &b;
        audit.roofs.clear();
        audit.checks.clear();
        audit.roofs.reserve(roofs);
        audit.checks.reserve(checks);
        const size_t found_here = found.size();
        for (const auto* instrument : RecordInstruments()) instrument->Run(in, audit, found);
        if (in.count_smaller > 0) AuditAtSmallerCount(in, found_here, found);
        if (b.calibration) {
          ++calibration_records[t];
          for (const auto& c : audit.checks) {
            calibration_failures[t] +=
                c.instrument == ids::kCalibration && c.verdict == Verdict::kFail;
          }
        }
        for (const auto& [instrument, facts] : judges) {
          instrument->AuditRecord(*facts, audit, found);
        }
        if (!every) {
          // With on_block the record keeps nothing of its audit: on_block had it all.
          if (options.keep == KeptResults::kBinding && !options.on_block) {
            Keep(audit, result.records[i]);
          } else {
            result.records[i].benchmark = &b;
          }
        }
      }
      if (options.on_block) {
        const std::span<const RecordAudit> audits =
            every ? std::span<const RecordAudit>(result.records).subspan(begin, end - begin)
                  : std::span<const RecordAudit>(block_scratch).first(end - begin);
        options.on_block(begin, audits);
      }
      found_before = found.size();
      found.shrink_to_fit();  // the blocks' lists are all held until they are merged
      if (options.progress) options.progress(done.fetch_add(end - begin) + (end - begin), n);
    }
  };
  {
    std::vector<std::jthread> pool;
    for (size_t t = 1; t < threads; ++t) pool.emplace_back(audit_blocks, t);
    audit_blocks(0);
  }
  size_t total = 0;
  for (const auto& f : block_findings) total += f.size();
  result.findings.reserve(total);
  for (auto& f : block_findings) {
    result.findings.insert(result.findings.end(), std::make_move_iterator(f.begin()),
                           std::make_move_iterator(f.end()));
    std::vector<Finding>().swap(f);  // its moved-from findings' room, before the next block's
  }
  {
    TextInterning interning;
    for (const auto* instrument : CorpusInstruments()) instrument->AuditCorpus(corpus, result);
  }
  if (!every) {
    for (RecordAudit& a : result.records) std::vector<InstrumentResult>().swap(a.checks);
  }
  for (size_t t = 0; t < threads; ++t) {
    result.calibration_records += calibration_records[t];
    result.calibration_failures += calibration_failures[t];
  }
  // Every finding of an instrument has a code the instrument declares (InstrumentInfo::codes):
  // the catalogue's "emitted by" column is read from the declarations.
  for ([[maybe_unused]] const Finding& f : result.findings) {
    assert(FindInstrument(f.instrument) == nullptr ||
           FindInstrument(f.instrument)->Emits(*FindFindingCode(f.code)));
  }
  // The instruments that make most findings spare formatting an arithmetic no report prints;
  // the others' is dropped here.
  if (!options.findings_arithmetic) {
    for (Finding& f : result.findings) f.arithmetic = SharedText();
  }
  ApplyWaivers(corpus, result.findings);
  SortFindings(result.findings);
  return result;
}

}  // namespace rooflint
