// The terminal report.
#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "core/text_util.h"
#include "core/threads.h"
#include "report/escape.h"
#include "report/render_in_order.h"
#include "rooflint/report.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr size_t kMinIdColumn = 24;
constexpr size_t kMinValueColumn = 14;

struct Row {
  std::string id, metric, batch, absent, value, instrument, roof, percent, verdict;
  double number = 0;  // the value's number and unit, to round it when it does not fit
  std::string unit;
  Verdict v = Verdict::kNotComputable;
  std::vector<std::string> why;  // reasons under the row
};

std::string BatchText(const Benchmark& b) {
  const Conditions& c = b.conditions;
  if (auto batch = c.StatedBatch()) return fmt::format("{}", *batch);
  if (auto cap = c.BatchBound()) return fmt::format("c{}", *cap);
  return "?";
}

// How many of the seven load conditions are absent or missing ("2/7"); model and hardware are
// required keys, so the other five decide it.
std::string AbsentText(const Benchmark& b) {
  int k = 0;
  for (const NamedCondition& n : LoadConditions(b.conditions)) {
    if (!n.condition->stated()) ++k;
  }
  return fmt::format("{}/7", k);
}

// A record's row; `why` adds the reasons printed under it.
Row MakeRow(const RecordAudit& a, bool why) {
  const Benchmark& b = *a.benchmark;
  Row row;
  row.id = EscapeTerminal(b.header.id);
  row.metric = std::string(MetricName(b.metric));
  row.batch = BatchText(b);
  row.absent = AbsentText(b);
  // The value as the record writes it, every digit: the figure the reader looks for.
  row.value = EscapeTerminal(b.value.text);
  row.number = b.value.number;
  row.unit = EscapeTerminal(b.value.unit);
  if (const InstrumentResult* r = a.Binding()) {
    row.instrument = r->instrument;
    // A bound of a million and more loses its decimal, and a bound in the value's unit is shown
    // without it, to keep the table narrow (the value beside it says the unit).
    row.roof = r->bound >= 1e6 ? fmt::format("{:.0f}", r->bound) : FormatNumber(r->bound);
    if (r->unit != b.value.unit) row.roof += fmt::format(" {}", r->unit);
    row.percent = fmt::format("{}%", FormatNumber(r->percent));
    row.verdict = std::string(VerdictName(r->verdict));
    row.v = r->verdict;
  } else {
    row.instrument = "-";
    row.roof = "-";
    row.percent = "-";
    row.verdict = "not-computable";
  }
  if (!why) return row;
  for (const auto& r : a.roofs) {
    if (r.verdict == Verdict::kNotComputable) {
      row.why.push_back(fmt::format("{}: {}", r.instrument, EscapeTerminal(r.reason)));
    }
  }
  if (a.roofs.empty()) row.why.push_back("no roof applies to this metric");
  return row;
}

std::string Paint(const std::string& s, Verdict v, bool color) {
  if (!color) return s;
  switch (v) {
    case Verdict::kWithin:
      return fmt::format("\033[32m{}\033[0m", s);
    case Verdict::kExceeds:
      return fmt::format("\033[1;31m{}\033[0m", s);
    case Verdict::kNotComputable:
      return fmt::format("\033[33m{}\033[0m", s);
    default:
      return s;
  }
  return s;
}

// An id cut to `width` columns, ending in "..." when it was longer.
std::string Truncate(const std::string& s, size_t width) {
  if (s.size() <= width || width < 4) return s;
  return s.substr(0, width - 3) + "...";
}

// A row's value in `width` columns: as written when it fits, else rounded to the significant
// digits that fit and marked "~" (`rooflint show` and the JSON report give it whole).
std::string FitValue(const Row& r, size_t width) {
  if (r.value.size() <= width) return r.value;
  for (int digits = 15; digits >= 3; --digits) {
    std::string s = fmt::format("~{:.{}g} {}", r.number, digits, r.unit);
    if (s.size() <= width) return s;
  }
  return r.value;
}

// `text` word-wrapped to `columns`: the first line starts with `first`, the others with
// `indent`.
void PrintWrapped(std::string_view text, std::string_view first, std::string_view indent,
                  size_t columns, std::ostream& out) {
  out << Wrap(text, first, indent, columns);
}

// The rows are made twice, once to size the columns and once to print, rather than held: a
// corpus of 100k records would hold 100k rows of ten strings each.
void PrintTable(const std::vector<const RecordAudit*>& audits, const TextOptions& opt,
                unsigned threads, std::ostream& out) {
  Row head{"ID", "METRIC", "B", "ABSENT", "VALUE", "ROOF", "BOUND", "%", "VERDICT"};
  struct Widths {
    size_t w[8] = {};
    size_t verdict = 0;
    void Widen(const Row& r) {
      const std::string* cells[8] = {&r.id,    &r.metric,     &r.batch, &r.absent,
                                     &r.value, &r.instrument, &r.roof,  &r.percent};
      for (int i = 0; i < 8; ++i) w[i] = std::max(w[i], cells[i]->size());
      verdict = std::max(verdict, r.verdict.size());
    }
  };
  // The widths over every row: half the rows on another thread, then the larger of the two.
  Widths widths, other_half;
  widths.Widen(head);
  {
    const size_t half = ThreadsToUse(threads) > 1 ? audits.size() / 2 : 0;
    std::jthread other;
    if (half > 0) {
      other = std::jthread([&] {
        for (size_t i = 0; i < half; ++i) other_half.Widen(MakeRow(*audits[i], false));
      });
    }
    for (size_t i = half; i < audits.size(); ++i) widths.Widen(MakeRow(*audits[i], false));
  }
  for (int i = 0; i < 8; ++i) widths.w[i] = std::max(widths.w[i], other_half.w[i]);
  widths.verdict = std::max(widths.verdict, other_half.verdict);
  size_t(&w)[8] = widths.w;
  const size_t verdict = widths.verdict;
  // A row fits the terminal's width. When the ids leave too little room for the other columns,
  // each id goes on a line of its own (cut with "..." past the width) above its row, indented
  // by two.
  const size_t kColumns = opt.columns;
  size_t rest = verdict + 2 * 7;
  for (int i = 1; i < 8; ++i) rest += w[i];
  // A value written with many digits gives up its last ones before the row leaves the width.
  if (rest + 2 > kColumns) {
    const size_t cut = std::min(rest + 2 - kColumns, w[4] - std::min(w[4], kMinValueColumn));
    w[4] -= cut;
    rest -= cut;
  }
  const bool id_apart = w[0] + 2 + rest > kColumns &&
                        std::min(w[0], kColumns - std::min(kColumns, rest + 2)) < kMinIdColumn;
  if (!id_apart && w[0] + 2 + rest > kColumns) w[0] = kColumns - rest - 2;
  // The padded cells are formatted into a buffer on the stack and appended to `text` once:
  // fmt writing through a std::string's back_inserter resizes the string for every cell and
  // every padding, a tenth of the report's time at 100k rows.
  auto line = [&](const Row& r, bool header, std::string& text) {
    fmt::memory_buffer cells;
    if (id_apart) {
      text += Truncate(r.id, kColumns);
      text += "\n  ";
    } else {
      fmt::format_to(std::back_inserter(cells), "{:<{}}  ", Truncate(r.id, w[0]), w[0]);
    }
    fmt::format_to(std::back_inserter(cells),
                   "{:<{}}  {:>{}}  {:>{}}  {:>{}}  {:<{}}  {:>{}}  {:>{}}  ", r.metric, w[1],
                   r.batch, w[2], r.absent, w[3], header ? r.value : FitValue(r, w[4]), w[4],
                   r.instrument, w[5], r.roof, w[6], r.percent, w[7]);
    text.append(cells.data(), cells.size());
    text += header ? r.verdict : Paint(r.verdict, r.v, opt.color);
    text += "\n";
  };
  std::string text;
  line(head, true, text);
  out << text;
  struct NoState {};
  RenderInOrder<NoState>(
      audits.size(),
      [&](size_t i, std::string& chunk, NoState&) {
        Row r = MakeRow(*audits[i], true);
        line(r, false, chunk);
        for (const auto& why : r.why) chunk += Wrap(why, "    ", "    ", opt.columns);
      },
      out, threads);
}

}  // namespace

std::string RenderForTerminal(const Diagnostic& d, size_t width) {
  // Most diagnostics hold printable ASCII only, which EscapeTerminal returns unchanged: those
  // are rendered as they are, without a copy of the diagnostic.
  auto printable = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char ch) {
      auto c = static_cast<unsigned char>(ch);
      return (c >= 0x20 && c < 0x7f) || c == '\t';
    });
  };
  if (printable(d.where.path) && printable(d.message) && printable(d.hint) && printable(d.code) &&
      printable(d.record) && printable(d.arithmetic) && printable(d.waiver_reason) &&
      printable(d.instrument)) {
    return Render(d, width);
  }
  Diagnostic e = d;
  e.where.path = EscapeTerminal(e.where.path);
  for (SharedText* field :
       {&e.message, &e.hint, &e.code, &e.record, &e.arithmetic, &e.waiver_reason, &e.instrument}) {
    *field = EscapeTerminal(*field);
  }
  return Render(e, width);
}

namespace {

// Calibration first: if the validation records miss their bands, nothing below is trusted.
void PrintCalibration(const Report& report, size_t columns, std::ostream& out) {
  const ReportSummary& s = report.summary;
  if (s.calibration_records == 0) {
    PrintWrapped(
        "Calibration: no calibration records in this corpus: the instruments are unvalidated", "",
        "  ", columns, out);
    out << "\n";
    return;
  }
  if (s.calibration_failures == 0) {
    out << fmt::format("Calibration: {} records, all inside their bands\n\n",
                       s.calibration_records);
    return;
  }
  PrintWrapped(fmt::format("CALIBRATION FAILED: {} of {} calibration records landed outside their "
                           "bands. The instruments disagree with hand arithmetic: no finding of "
                           "this sweep is to be trusted.",
                           s.calibration_failures, s.calibration_records),
               "", "  ", columns, out);
  for (const auto& f : report.sweep.findings) {
    if (HasCode(f, FindingCode::kCalibrationFailed)) {
      out << fmt::format("  {}: {}\n", EscapeTerminal(f.record), EscapeTerminal(f.message));
    }
  }
  out << "\n";
}

// The last line: what was swept and what was found.
void PrintSummaryLine(const Report& report, size_t columns, std::ostream& out) {
  const ReportSummary& s = report.summary;
  PrintWrapped(
      fmt::format(
          "rooflint: {} records, {} benchmarks swept ({} deprecated), {} rejected; {} input "
          "errors; {} errors, {} warnings, {} notes; {} waived, {} in the baseline, {} on "
          "deprecated records{}",
          s.records, s.benchmarks, s.deprecated, s.rejected, s.invalid_input, s.errors, s.warnings,
          s.notes, s.waived, s.baselined, s.deprecated_findings,
          s.calibration_failures > 0 ? "; CALIBRATION FAILED: findings not to be trusted" : ""),
      "", "  ", columns, out);
}

// A diagnostic on one line, ruff's concise form, appended to `out`:
// path:line:col: severity[code]: record: message.
void AppendOneLine(const Diagnostic& d, bool color, std::string& out) {
  AppendEscapedTerminal(d.where.path, out);
  fmt::format_to(std::back_inserter(out), ":{}:{}: ", d.where.line, d.where.column);
  if (color) {
    out += d.severity == Severity::kError     ? "\x1b[31m"
           : d.severity == Severity::kWarning ? "\x1b[33m"
                                              : "\x1b[36m";
  }
  out += SeverityName(d.severity);
  if (color) out += "\x1b[0m";
  out += '[';
  AppendEscapedTerminal(d.code, out);
  out += "]: ";
  if (!d.record.empty()) {
    AppendEscapedTerminal(d.record, out);
    out += ": ";
  }
  AppendEscapedTerminal(d.message, out);
}

// The concise report: what needs action, one line each; the rest counted, with how to see it.
void PrintConcise(const Report& report, const TextOptions& options, std::ostream& out) {
  PrintCalibration(report, options.columns, out);
  size_t listed = 0, waived = 0, deprecated = 0;
  struct CodeCount {
    std::string_view code;
    Severity severity;
    size_t count = 0;
  };
  std::vector<CodeCount> per_code;  // of the errors and warnings listed
  // The notes, by code, in the report's order: a count and the first as an example.
  std::vector<std::pair<std::string_view, std::vector<const Diagnostic*>>> notes;
  // The lines, written to `out` a block at a time.
  constexpr size_t kFlushAt = 1 << 16;
  std::string lines;
  lines.reserve(kFlushAt + 4096);
  for (const Diagnostic* d : report.diagnostics) {
    if (d->baselined) continue;
    if (d->waived && !options.show_waived) {
      ++waived;
      continue;
    }
    if (GroupOf(*d) == DiagnosticGroup::kDeprecated) {
      ++deprecated;
      continue;
    }
    if (d->severity == Severity::kNote && !d->waived) {
      auto it = std::find_if(notes.begin(), notes.end(),
                             [&](const auto& n) { return n.first == d->code.view(); });
      if (it == notes.end()) it = notes.insert(notes.end(), {d->code.view(), {}});
      it->second.push_back(d);
      continue;
    }
    AppendOneLine(*d, options.color, lines);
    if (d->waived) {
      lines += " (waived: ";
      AppendEscapedTerminal(d->waiver_reason, lines);
      lines += ')';
    }
    lines += '\n';
    if (lines.size() >= kFlushAt) {
      out << lines;
      lines.clear();
    }
    ++listed;
    auto it = std::find_if(per_code.begin(), per_code.end(),
                           [&](const auto& c) { return c.code == d->code.view(); });
    if (it == per_code.end()) it = per_code.insert(per_code.end(), {d->code.view(), d->severity});
    ++it->count;
  }
  out << lines;
  if (listed > 0) out << "\n";
  // The codes of the lines above, most frequent first, when there are several.
  if (per_code.size() > 1) {
    std::stable_sort(per_code.begin(), per_code.end(),
                     [](const auto& a, const auto& b) { return a.count > b.count; });
    out << "Per code:\n";
    for (const auto& c : per_code) {
      out << fmt::format("{:>7}  {}[{}]\n", c.count, SeverityName(c.severity),
                         EscapeTerminal(c.code));
    }
    out << "\n";
  }
  if (options.quiet) return;
  if (!notes.empty()) {
    size_t count = 0;
    for (const auto& n : notes) count += n.second.size();
    out << fmt::format("Notes ({}), by code:\n", count);
    for (const auto& [code, ds] : notes) {
      const Diagnostic& first = *ds.front();
      PrintWrapped(fmt::format("{:>5} x note[{}]: {}", ds.size(), EscapeTerminal(code),
                               EscapeTerminal(first.message)),
                   "", "          ", options.columns, out);
      out << fmt::format("          e.g. {}:{}:{}\n", EscapeTerminal(first.where.path),
                         first.where.line, first.where.column);
    }
    out << "\n";
  }
  std::vector<std::string> more;
  if (waived > 0) more.push_back(fmt::format("{} waived findings (--show-waived)", waived));
  if (deprecated > 0) {
    more.push_back(fmt::format("{} findings on deprecated records (--verbose)", deprecated));
  }
  more.push_back(
      fmt::format("the table of {} benchmarks and each finding's source line and arithmetic "
                  "(--verbose; one record: rooflint show ID)",
                  report.summary.benchmarks));
  PrintWrapped(fmt::format("Not shown: {}.", fmt::join(more, "; ")), "", "  ", options.columns,
               out);
  out << "\n";
}

}  // namespace

void PrintText(const Report& report, const TextOptions& options, std::ostream& out) {
  if (!options.verbose) {
    PrintConcise(report, options, out);
    PrintSummaryLine(report, options.columns, out);
    return;
  }
  std::vector<const RecordAudit*> live, deprecated;
  for (const auto& a : report.sweep.records) {
    (a.benchmark->header.status == Status::kDeprecated ? deprecated : live).push_back(&a);
  }
  PrintCalibration(report, options.columns, out);
  out << fmt::format("Benchmarks ({})\n", live.size());
  PrintTable(live, options, report.threads, out);
  if (!deprecated.empty()) {
    out << fmt::format("\nDeprecated benchmarks ({}): swept, never fail the sweep\n",
                       deprecated.size());
    PrintTable(deprecated, options, report.threads, out);
  }
  const Corpus& corpus = *report.corpus;
  if (report.summary.rejected > 0) {
    out << fmt::format("\nRejected records ({}): not swept until their errors are fixed\n",
                       report.summary.rejected);
    for (const auto& f : corpus.files) {
      if (f.rejected) {
        out << fmt::format("  {} {} ({})\n", KindName(f.kind), EscapeTerminal(f.id),
                           EscapeTerminal(f.path));
      }
    }
  }
  // One loop over every diagnostic, by group; baselined findings are counted in the summary
  // line, not shown.
  const auto& count = report.shown;
  constexpr std::string_view kTitles[3] = {
      "Input diagnostics ({})", "Findings ({})",
      "Findings on deprecated records ({}): reported, not failing"};
  // Which shown diagnostic opens its group (its title goes before it), found in order first, so
  // that the diagnostics can be rendered in blocks on two threads.
  std::vector<const Diagnostic*> listed;
  std::vector<bool> opens;
  listed.reserve(report.diagnostics.size());
  int group = -1;
  for (const Diagnostic* d : report.diagnostics) {
    if (d->baselined) continue;
    const int g = static_cast<int>(GroupOf(*d));
    listed.push_back(d);
    opens.push_back(g != group);
    group = g;
  }
  struct Lines {
    SourceLineReader reader{kMaxRecordBytes};
    Diagnostic scratch;
  };
  RenderInOrder<Lines>(
      listed.size(),
      [&](size_t i, std::string& text, Lines& lines) {
        const Diagnostic* d = &WithSourceLine(*listed[i], lines.reader, lines.scratch);
        if (opens[i]) {
          const int g = static_cast<int>(GroupOf(*d));
          text += "\n";
          text += fmt::format(fmt::runtime(kTitles[g]), count[g]);
          text += "\n";
        }
        text += RenderForTerminal(*d, options.columns);
      },
      out, report.threads);
  out << "\n";
  PrintSummaryLine(report, options.columns, out);
}

}  // namespace rooflint
