// The terminal report.
#include <fmt/format.h>

#include <algorithm>

#include "rooflint/report.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

struct Row {
  std::string id, metric, batch, absent, value, instrument, roof, percent, verdict;
  Verdict v = Verdict::kNotComputable;
  std::vector<std::string> why;  // reasons under the row
};

std::string BatchText(const Benchmark& b) {
  const Conditions& c = b.conditions;
  if (c.batch.integer) return fmt::format("{}", *c.batch.integer);
  if (c.concurrency.integer) return fmt::format("c{}", *c.concurrency.integer);
  return "?";
}

// How many of the seven load conditions are absent or missing ("2/7"); model and hardware are
// required keys, so the other five decide it.
std::string AbsentText(const Benchmark& b) {
  const Conditions& c = b.conditions;
  const Condition& batch = c.concurrency.state != Condition::State::kMissing ? c.concurrency
                                                                              : c.batch;
  int k = 0;
  for (const Condition* x : {&batch, &c.input_tokens, &c.output_tokens, &c.engine_version,
                             &c.warmup}) {
    if (!x->stated()) ++k;
  }
  return fmt::format("{}/7", k);
}

Row MakeRow(const RecordAudit& a) {
  const Benchmark& b = *a.benchmark;
  Row row;
  row.id = b.header.id;
  row.metric = std::string(MetricName(b.metric));
  row.batch = BatchText(b);
  row.absent = AbsentText(b);
  row.value = b.value.text;
  if (const InstrumentResult* r = a.Binding()) {
    row.instrument = r->instrument;
    row.roof = fmt::format("{} {}", FormatNumber(r->bound), r->unit);
    row.percent = fmt::format("{}%", FormatNumber(r->percent));
    row.verdict = std::string(VerdictName(r->verdict));
    row.v = r->verdict;
  } else {
    row.instrument = "-";
    row.roof = "-";
    row.percent = "-";
    row.verdict = "not-computable";
  }
  for (const auto& r : a.roofs) {
    if (r.verdict == Verdict::kNotComputable) {
      row.why.push_back(fmt::format("{}: {}", r.instrument, r.reason));
    }
  }
  if (a.roofs.empty()) row.why.push_back("no roof applies to this metric");
  return row;
}

std::string Paint(const std::string& s, Verdict v, bool color) {
  if (!color) return s;
  switch (v) {
    case Verdict::kWithin: return fmt::format("\033[32m{}\033[0m", s);
    case Verdict::kExceeds: return fmt::format("\033[1;31m{}\033[0m", s);
    case Verdict::kNotComputable: return fmt::format("\033[33m{}\033[0m", s);
  }
  return s;
}

void PrintTable(const std::vector<Row>& rows, const TextOptions& opt, std::ostream& out) {
  Row head{"ID", "METRIC", "B", "ABSENT", "VALUE", "ROOF", "BOUND", "%", "VERDICT"};
  size_t w[8] = {};
  auto widen = [&](const Row& r) {
    std::string cells[8] = {r.id,    r.metric,     r.batch, r.absent,
                            r.value, r.instrument, r.roof,  r.percent};
    for (int i = 0; i < 8; ++i) w[i] = std::max(w[i], cells[i].size());
  };
  widen(head);
  for (const auto& r : rows) widen(r);
  auto line = [&](const Row& r, bool header) {
    out << fmt::format("{:<{}}  {:<{}}  {:>{}}  {:>{}}  {:>{}}  {:<{}}  {:>{}}  {:>{}}  ", r.id,
                       w[0], r.metric, w[1], r.batch, w[2], r.absent, w[3], r.value, w[4],
                       r.instrument, w[5], r.roof, w[6], r.percent, w[7]);
    out << (header ? r.verdict : Paint(r.verdict, r.v, opt.color)) << "\n";
  };
  line(head, true);
  for (const auto& r : rows) {
    line(r, false);
    for (const auto& why : r.why) out << "    " << why << "\n";
  }
}

void PrintFinding(const Finding& f, std::ostream& out) {
  out << fmt::format("{}:{}: {}[{}]: {}: {}\n", f.where.path, f.where.line,
                     SeverityName(f.severity), f.code, f.record, f.message);
  if (!f.arithmetic.empty()) out << "  arithmetic: " << f.arithmetic << "\n";
  if (!f.hint.empty()) out << "  hint: " << f.hint << "\n";
  if (f.waived) out << "  waived: " << f.waiver_reason << "\n";
  out << fmt::format("  instrument: {}\n", f.instrument);
}

// Calibration first: if the validation records miss their bands, nothing below is trusted.
void PrintCalibration(const Report& report, std::ostream& out) {
  const ReportSummary& s = report.summary;
  if (s.calibration_records == 0) {
    out << "Calibration: no calibration records in this corpus: the instruments are unvalidated\n\n";
    return;
  }
  if (s.calibration_failures == 0) {
    out << fmt::format("Calibration: {} records, all inside their bands\n\n",
                       s.calibration_records);
    return;
  }
  out << fmt::format(
      "CALIBRATION FAILED: {} of {} calibration records landed outside their bands. The "
      "instruments disagree with hand arithmetic: no finding of this sweep is to be trusted.\n",
      s.calibration_failures, s.calibration_records);
  for (const auto& f : report.sweep.findings) {
    if (f.code == "calibration-failed") {
      out << fmt::format("  {}: {}\n", f.record, f.message);
    }
  }
  out << "\n";
}

}  // namespace

void PrintText(const Report& report, const TextOptions& options, std::ostream& out) {
  std::vector<Row> live, deprecated;
  for (const auto& a : report.sweep.records) {
    (a.benchmark->header.status == Status::kDeprecated ? deprecated : live)
        .push_back(MakeRow(a));
  }
  PrintCalibration(report, out);
  out << fmt::format("Benchmarks ({})\n", live.size());
  PrintTable(live, options, out);
  if (!deprecated.empty()) {
    out << fmt::format("\nDeprecated benchmarks ({}): swept, never fail the sweep\n",
                       deprecated.size());
    PrintTable(deprecated, options, out);
  }
  const Corpus& corpus = *report.corpus;
  if (report.summary.rejected > 0) {
    out << fmt::format("\nRejected records ({}): not swept until their errors are fixed\n",
                       report.summary.rejected);
    for (const auto& f : corpus.files) {
      if (f.rejected) out << fmt::format("  {} {} ({})\n", KindName(f.kind), f.id, f.path);
    }
  }
  if (!corpus.diagnostics.empty()) {
    out << fmt::format("\nInput diagnostics ({})\n", corpus.diagnostics.size());
    for (const auto& d : corpus.diagnostics) out << Render(d);
  }
  std::vector<const Finding*> live_findings, old_findings;
  for (const auto& f : report.sweep.findings) {
    if (f.baselined) continue;  // accepted for now: counted in the summary, not shown
    (f.deprecated ? old_findings : live_findings).push_back(&f);
  }
  if (!live_findings.empty()) {
    out << fmt::format("\nFindings ({})\n", live_findings.size());
    for (const auto* f : live_findings) PrintFinding(*f, out);
  }
  if (!old_findings.empty()) {
    out << fmt::format("\nFindings on deprecated records ({}): reported, not failing\n",
                       old_findings.size());
    for (const auto* f : old_findings) PrintFinding(*f, out);
  }
  const ReportSummary& s = report.summary;
  out << fmt::format(
      "\nrooflint: {} records, {} benchmarks swept ({} deprecated), {} rejected; {} input "
      "errors; {} errors, {} warnings, {} notes; {} waived, {} in the baseline, {} on "
      "deprecated records{}\n",
      s.records, s.benchmarks, s.deprecated, s.rejected, s.invalid_input, s.errors, s.warnings,
      s.notes, s.waived, s.baselined, s.deprecated_findings,
      s.calibration_failures > 0 ? "; CALIBRATION FAILED: findings not to be trusted" : "");
}

}  // namespace rooflint
