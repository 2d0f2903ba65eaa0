// `rooflint show`: one record and everything the sweep knows about it.
#include <fmt/format.h>

#include <algorithm>

#include "report/escape.h"
#include "rooflint/report.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

std::string ConditionText(const Condition& c) {
  switch (c.state) {
    case Condition::State::kStated:
      return EscapeTerminal(c.text());
    case Condition::State::kAbsent:
      return fmt::format("absent ({})", EscapeTerminal(c.absent_reason()));
    case Condition::State::kMissing:
      return "MISSING (neither stated nor marked absent)";
  }
  return "";
}

void PrintResult(const InstrumentResult& r, std::ostream& out) {
  std::string head = fmt::format("  {:<14} {}", r.instrument, VerdictName(r.verdict));
  if (r.Computed()) {
    head += fmt::format("  {} {} ({}%)", FormatNumber(r.bound), r.unit, FormatNumber(r.percent));
  }
  out << head << "\n";
  if (const std::string a = ArithmeticText(r); !a.empty()) {
    out << "      " << EscapeTerminal(a) << "\n";
  }
  if (const std::string why = AccountText(r); !why.empty()) {
    out << "      " << EscapeTerminal(why) << "\n";
  }
  if (!r.assumption.empty()) out << "      assumes " << EscapeTerminal(r.assumption) << "\n";
}

}  // namespace

std::vector<std::string> ConceptsOf(const Report& report, const RecordAudit& audit) {
  const Benchmark& b = *audit.benchmark;
  std::vector<std::string> c = {"roofline"};
  if (b.metric == Metric::kPerUserDecode) c.push_back("per-user-throughput");
  if (b.metric == Metric::kAggregateOutput || b.metric == Metric::kAggregateTotal) {
    c.push_back("aggregate-throughput");
  }
  const Conditions& k = b.conditions;
  if (k.StatedBatch().value_or(1) > 1 || k.concurrency.stated() ||
      b.metric == Metric::kAggregateOutput) {
    c.push_back("batch-size");
  }
  const Model* m = report.corpus->FindModel(b.model);
  if (m != nullptr && m->IsMoe()) {
    c.push_back("mixture-of-experts");
    c.push_back("active-parameters");
  }
  for (const auto& f : report.sweep.findings) {
    if (f.record != b.header.id) continue;
    if (HasCode(f, FindingCode::kNearRoof) || HasCode(f, FindingCode::kComputedNotMeasured)) {
      c.push_back("estimate-vs-measurement");
      c.push_back("fabricated-benchmark");
    }
  }
  return c;
}

bool PrintRecord(const Report& report, std::string_view id, std::ostream& out) {
  const Corpus& corpus = *report.corpus;
  const RecordAudit* audit = nullptr;
  for (const auto& a : report.sweep.records) {
    if (a.benchmark->header.id == id) audit = &a;
  }
  if (audit == nullptr) return false;
  const Benchmark& b = *audit->benchmark;

  const auto T = EscapeTerminal;
  out << fmt::format("{}  ({})\n{}\n", T(b.header.id), T(b.header.path), T(b.title));
  out << fmt::format(
      "  {} {} = {}{}{}\n", StatusName(b.header.status), MetricName(b.metric), T(b.value.text),
      b.statistic.empty() ? "" : fmt::format(" ({})", T(b.statistic)),
      b.derived_from.empty() ? "" : fmt::format(", derived from {}", T(b.derived_from)));
  out << fmt::format(
      "  model {}, precision {}{}, hardware '{}' x{}\n", T(b.model),
      b.precision.empty() ? fmt::format("absent ({})", T(b.precision_absent)) : T(b.precision),
      b.weights ? fmt::format(", weights {} (stated)", T(b.weights->text)) : "", T(b.hardware),
      b.accelerator_count > 0 ? fmt::format("{}", b.accelerator_count)
                              : fmt::format("? (count absent: {})", T(b.accelerator_count_absent)));
  const Source* src = corpus.FindSource(b.source);
  out << fmt::format("  source {}{}: {}\n", T(b.source),
                     src != nullptr ? fmt::format(" ({}, {})", T(src->url), T(src->date)) : "",
                     T(b.locator));

  const Conditions& c = b.conditions;
  out << "\nConditions\n";
  for (const ConditionKey& key : ConditionKeys()) {
    std::string_view name = key.key;
    const Condition* cond = &(c.*key.member);
    if (key.optional && cond->state == Condition::State::kMissing) continue;
    if (name == "batch" && cond->state == Condition::State::kMissing &&
        c.concurrency.state != Condition::State::kMissing) {
      continue;
    }
    out << fmt::format("  {:<15} {}\n", name, ConditionText(*cond));
  }

  out << "\nRoofs\n";
  for (const auto& r : audit->roofs) {
    if (r.verdict != Verdict::kNotApplicable) PrintResult(r, out);
  }
  out << "\nChecks\n";
  for (const auto& r : audit->checks) PrintResult(r, out);

  std::vector<const Finding*> mine;
  for (const auto& f : report.sweep.findings) {
    if (f.record == b.header.id && f.where.path == b.header.path) mine.push_back(&f);
  }
  out << fmt::format("\nFindings ({})\n", mine.size());
  for (const Finding* f : mine) {
    out << fmt::format("  {}:{}: {}[{}] ({}): {}\n", T(f->where.path), f->where.line,
                       SeverityName(f->severity), f->code, f->instrument, T(f->message));
    if (!f->hint.empty()) out << "      hint: " << T(f->hint) << "\n";
    if (f->waived) out << "      waived: " << T(f->waiver_reason) << "\n";
  }

  out << "\nPoints at\n";
  if (const Model* m = corpus.FindModel(b.model)) {
    out << fmt::format("  model {}: {} params{}, native {} ({}){}\n", T(m->header.id),
                       m->params_total > 0 ? FormatSi(m->params_total) : "unknown",
                       m->IsMoe() ? fmt::format(", {} active", FormatSi(*m->params_active)) : "",
                       m->native_precision.empty() ? "unknown" : T(m->native_precision),
                       T(m->header.path), m->header.status == Status::kDraft ? " [draft]" : "");
  }
  std::vector<std::string> parts = b.accelerators;
  if (parts.empty()) {
    for (const auto& r : audit->roofs) {
      for (const auto& a : r.accelerators) {
        if (std::find(parts.begin(), parts.end(), a) == parts.end()) parts.emplace_back(a.view());
      }
    }
  }
  for (const auto& pid : parts) {
    if (const Accelerator* a = corpus.FindAccelerator(pid)) {
      std::vector<std::string> peaks;
      for (const auto& [p, f] : a->peak_dense)
        peaks.push_back(fmt::format("{} {}", p, FormatFlops(f.si())));
      out << fmt::format("  accelerator {}{}: {}, {}, peaks {} ({})\n", T(a->header.id),
                         b.accelerators.empty() ? " (matched from the hardware text)" : "",
                         T(a->name), T(a->bandwidth_text),
                         peaks.empty() ? "none stated" : fmt::format("{}", fmt::join(peaks, ", ")),
                         T(a->header.path));
    }
  }
  if (!b.accelerators_absent.has_value() && b.accelerators.empty()) {
    out << "  accelerator: none\n";
  } else if (b.accelerators_absent) {
    out << fmt::format("  empty pointer: because {}: {}\n", T(b.accelerators_absent->because),
                       T(b.accelerators_absent->note));
  }

  if (!b.set.empty()) {
    out << fmt::format("\nSiblings in set '{}'\n", T(b.set));
    for (const auto& a : report.sweep.records) {
      const Benchmark& s = *a.benchmark;
      if (s.set != b.set || &s == &b) continue;
      auto stated = s.conditions.StatedBatch();
      std::string batch = stated ? fmt::format("batch {}", *stated) : "batch ?";
      out << fmt::format("  {}: {} {} at {}\n", T(s.header.id), MetricName(s.metric),
                         T(s.value.text), batch);
    }
  }

  std::vector<std::string> concepts = ConceptsOf(report, *audit);
  std::vector<const Gotcha*> gotchas;
  for (const Gotcha& g : corpus.gotchas) {
    bool match = std::any_of(g.concepts.begin(), g.concepts.end(), [&](const std::string& k) {
      return k != "roofline" && std::find(concepts.begin(), concepts.end(), k) != concepts.end();
    });
    if (match) gotchas.push_back(&g);
  }
  out << fmt::format("\nGotchas ({}; concepts: {})\n", gotchas.size(), fmt::join(concepts, ", "));
  for (const Gotcha* g : gotchas) {
    out << fmt::format("  {}: {}\n", T(g->header.id), T(g->title));
  }
  return true;
}

}  // namespace rooflint
