// The HTML report: one self-contained file (inline CSS and SVG, no script, no network) that
// opens with what needs attention (errors and warnings, repeated ones grouped, then counts per
// code), then the serving plane, the batch-space rooflines, and the roofs of every record
// grouped by model and hardware, each finding with its arithmetic, linked to its record.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "report/escape.h"
#include "report/serving_plane.h"
#include "report/svg_chart.h"
#include "rooflint/diagnostic_codes.h"
#include "rooflint/finding_codes.h"
#include "rooflint/report.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr std::string_view kStyle = R"css(
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       color: #1d232b; background: #fff; margin: 0 auto; max-width: 1280px; padding: 14px 20px; }
h1 { font-size: 24px; margin: 2px 0 6px; } h2 { font-size: 20px; margin: 22px 0 6px;
     border-bottom: 1px solid #d5dae0; padding-bottom: 3px; } h3 { font-size: 16px; margin: 14px 0 4px; }
p { margin: 6px 0; } section { overflow-wrap: anywhere; }
code, pre { font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
pre { background: #f4f6f8; padding: 5px 9px; margin: 4px 0; white-space: pre-wrap; }
nav { font-size: 14px; color: #4a5361; } nav a { margin-right: 12px; }
.banner { padding: 7px 12px; border-radius: 4px; margin: 8px 0; font-weight: 600; }
.banner.ok { background: #e6f4ea; color: #1e5c2e; }
.banner.bad { background: #fde8e8; color: #8a1c1c; }
.banner.none { background: #fff6dd; color: #6b4e00; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { padding: 3px 7px; border-bottom: 1px solid #e3e7eb; text-align: left;
  vertical-align: top; }
th { background: #f4f6f8; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.counts td, table.counts th { text-align: center; padding: 3px 6px; }
table.counts { font-size: 14px; }
table.codes { font-size: 14px; } table.codes td.num { width: 4em; }
table.codes th { white-space: nowrap; }
tr.deprecated td { color: #7b8490; } tr:target td { background: #fff3c4; }
.verdict-within { color: #1e7b34; } .verdict-exceeds { color: #c21d1d; font-weight: 700; }
.verdict-not-computable { color: #8a6d00; }
.grid-2 { display: flex; flex-wrap: wrap; gap: 0 20px; }
.grid-small { display: flex; flex-wrap: wrap; gap: 0 12px; }
figure { margin: 8px 0 12px; max-width: 100%; }
figure.chart { width: 620px; } figure.plane { width: 600px; } figure.plane.small { width: 300px; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-weight: 600; margin-bottom: 3px; }
figure p { margin: 3px 0; color: #4a5361; font-size: 13px; }
figure.small p, figure.small figcaption { font-size: 12px; }
.swatch { display: inline-block; width: 9px; height: 9px; border-radius: 50%; margin-right: 3px; }
table.records { width: 100%; table-layout: fixed; font-size: 13px; }
table.records td, table.records th { padding: 1px 5px; line-height: 1.3; }
table.records code { font-size: 11.5px; } table.records td.num { font-size: 12px; }
table.records th.group { background: #e9edf2; font-size: 14px; text-align: left; }
table.records svg.strip { width: calc(100% - 46px); height: 10px; margin-right: 4px; }
table.records .pct { font-size: 11px; color: #4a5361; }
table.records td.line { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
@media (max-width: 1200px) { table.records td.line { white-space: normal; } }
td.model, td.hardware { font-weight: 600; background: #fafbfc; }
)css";
// After the charts' rules (ChartCss, report/svg_chart.h).
constexpr std::string_view kStyleAfterCharts = R"css(svg.strip .track { fill: #eef0f3; }
svg.strip .band { fill: #6b3fa0; fill-opacity: 0.28; stroke: #6b3fa0; }
svg.strip .bar.verdict-within { fill: #2e9e4b; } svg.strip .bar.verdict-exceeds { fill: #d91c1c; }
svg.strip .hundred { stroke: #1d232b; stroke-width: 1.5; } svg.strip .overflow { fill: #d91c1c; }
.finding { border-left: 4px solid #999; padding: 2px 10px; margin: 8px 0; }
.finding.severity-error { border-color: #d91c1c; }
.finding.severity-warning { border-color: #d98a00; }
.finding.severity-note { border-color: #1f5fbf; }
.finding .where { color: #5b6472; font-size: 13px; }
details { margin: 3px 0; } details > summary { cursor: pointer; }
details.repeat { border-left: 4px solid #999; padding: 1px 10px; }
details.repeat.severity-error { border-color: #d91c1c; }
details.repeat.severity-warning { border-color: #d98a00; }
details.repeat.severity-note { border-color: #1f5fbf; }
details.repeat .finding { border-left-width: 2px; }
.tag { display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 12px; font-weight: 700;
       text-transform: uppercase; color: #fff; background: #777; }
.severity-error .tag { background: #c21d1d; } .severity-warning .tag { background: #b87400; }
.severity-note .tag { background: #1f5fbf; } .muted { color: #6b7480; }
ul.reasons { padding-left: 20px; font-size: 13px; } ul.reasons li { margin: 3px 0; }
.legend-row { font-size: 13px; color: #39424e; } .legend-row svg { vertical-align: middle; }
)css";

std::string H(std::string_view s) { return EscapeXmlText(s); }
std::string A(std::string_view s) { return EscapeXmlAttr(s); }
std::string RecordAnchor(std::string_view id) { return "rec-" + AnchorId(id); }

bool Computed(const InstrumentResult* r) { return r != nullptr && r->Computed() && r->bound > 0; }

// B for a point: the stated batch, else the concurrency that caps it; 0 when unknown.
int64_t BatchOf(const Benchmark& b) { return b.conditions.BatchBound().value_or(0); }

struct ChartGroup {
  RooflineChart chart;
};

// Groups the per-user and aggregate decode records into one roofline per (model, parts,
// count, precision, W); the roofs come from the records' own results (so W is what the
// records state) and the compute roof from WhatIf when no record has it.
std::vector<ChartGroup> BuildCharts(const Report& report,
                                    std::vector<std::pair<std::string, std::string>>& unplotted) {
  std::vector<ChartGroup> groups;
  std::map<std::string, size_t> index;
  for (const auto& a : report.sweep.records) {
    const Benchmark& b = *a.benchmark;
    if (b.metric != Metric::kPerUserDecode && b.metric != Metric::kAggregateOutput) continue;
    bool aggregate = b.metric == Metric::kAggregateOutput;
    int64_t batch = BatchOf(b);
    if (batch == 0) {
      unplotted.emplace_back(b.header.id, "batch unknown: no x position on a batch axis");
      continue;
    }
    if (!(b.value.number > 0)) {
      unplotted.emplace_back(b.header.id, "no positive value to plot");
      continue;
    }
    const InstrumentResult* memory = a.Find(ids::kMemoryRoof);
    const InstrumentResult* compute = a.Find(ids::kComputeRoof);
    std::vector<std::string> parts;
    if (Computed(memory)) parts.assign(memory->accelerators.begin(), memory->accelerators.end());
    if (parts.empty() && Computed(compute)) {
      parts.assign(compute->accelerators.begin(), compute->accelerators.end());
    }
    if (parts.empty()) parts = b.accelerators;
    if (parts.empty()) {
      unplotted.emplace_back(b.header.id, "no accelerator resolved: no roof to draw");
      continue;
    }
    double m = 0;
    if (Computed(memory)) m = memory->bound / (aggregate ? static_cast<double>(batch) : 1.0);
    WhatIfResult what_if;
    bool asked = false;
    auto ask = [&] {
      if (asked) return;
      asked = true;
      what_if = WhatIf(*report.corpus, WhatIfQuery{b.model.str(), parts.front(),
                                                   b.accelerator_count, 1, b.precision.str()});
    };
    // A what-if roof needs the facts the record states: never the model's native precision
    // for an unstated one, nor one accelerator for an unstated count.
    if (m <= 0 && !b.precision.empty() && b.accelerator_count > 0) {
      ask();
      for (const auto& [metric, r] : what_if.roofs) {
        if (metric == Metric::kPerUserDecode && r.instrument == ids::kMemoryRoof && r.bound > 0) {
          m = r.bound;
        }
      }
    }
    if (m <= 0) {
      unplotted.emplace_back(b.header.id, "memory roof not computable: no roof to draw");
      continue;
    }
    std::string joined;
    for (const auto& p : parts) joined += (joined.empty() ? "" : " / ") + p;
    std::string key = fmt::format("{}|{}|{}|{}|{}", b.model, joined, b.accelerator_count,
                                  b.precision, FormatNumber(m));
    auto [it, fresh] = index.emplace(key, groups.size());
    if (fresh) {
      ChartGroup g;
      g.chart.id = fmt::format("chart-{}", groups.size() + 1);
      g.chart.title = fmt::format("{} on {} x {} ({}, {} tok/s per user at most)", b.model,
                                  b.accelerator_count, joined, b.precision, FormatNumber(m));
      g.chart.memory_roof = m;
      groups.push_back(std::move(g));
    }
    ChartGroup& g = groups[it->second];
    if (g.chart.compute_roof <= 0 && aggregate && Computed(compute)) {
      g.chart.compute_roof = compute->bound;
    }
    if (g.chart.compute_roof <= 0) {
      ask();
      for (const auto& [metric, r] : what_if.roofs) {
        if (metric == Metric::kAggregateOutput && r.instrument == ids::kComputeRoof &&
            r.bound > 0) {
          g.chart.compute_roof = r.bound;
        }
      }
    }
    // The KV-aware roof's KV(I) / W, from the record's own result.
    const InstrumentResult* kv = a.Find(ids::kKvRoof);
    if (Computed(kv)) {
      const double r =
          KvRatio(m, kv->bound, kv->reason.view(), static_cast<double>(batch), aggregate);
      if (r > 0 && (g.chart.kv_ratio <= 0 || r < g.chart.kv_ratio)) {
        g.chart.kv_ratio = r;
        const Condition& in = b.conditions.input_tokens;
        g.chart.kv_context = in.integer
                                 ? fmt::format("{} input tokens ({})", *in.integer, b.header.id)
                                 : b.header.id;
      }
    }
    bool exceeds = false;
    for (const auto& r : a.roofs) exceeds = exceeds || r.verdict == Verdict::kExceeds;
    g.chart.points.push_back(RooflinePoint{b.header.id.str(), RecordAnchor(b.header.id),
                                           static_cast<double>(batch), b.value.number, aggregate,
                                           b.header.status == Status::kDeprecated, exceeds});
  }
  for (auto& g : groups) {
    if (g.chart.compute_roof > 0) g.chart.crossover = g.chart.compute_roof / g.chart.memory_roof;
  }
  // The charts with the most records first (they tell the most), then in corpus order.
  std::stable_sort(groups.begin(), groups.end(), [](const ChartGroup& a, const ChartGroup& b) {
    return a.chart.points.size() > b.chart.points.size();
  });
  return groups;
}

// The batch-space charts keep the groups with a point beyond batch 1: a group of single
// streams has one x position, and the serving plane's small multiples show it.
bool HasBatch(const RooflineChart& c) {
  for (const auto& p : c.points) {
    if (p.batch > 1) return true;
  }
  return false;
}

// ----- What needs attention -----

// A message's pattern: the record's id, quoted names and numbers taken out, so that the same
// finding on many records reads as one line.
std::string Pattern(std::string_view message, std::string_view record) {
  std::string out;
  size_t i = 0;
  while (i < message.size()) {
    if (!record.empty() && message.substr(i, record.size()) == record) {
      out += "\xE2\x80\xB9record\xE2\x80\xBA";
      i += record.size();
    } else if (message[i] == '\'') {
      size_t close = message.find('\'', i + 1);
      if (close == std::string_view::npos || close - i > 80) {
        out += message[i++];
        continue;
      }
      out += "'\xE2\x80\xA6'";
      i = close + 1;
    } else if (message[i] >= '0' && message[i] <= '9') {
      while (i < message.size() &&
             ((message[i] >= '0' && message[i] <= '9') || message[i] == '.' || message[i] == ',')) {
        ++i;
      }
      out += '#';
    } else {
      out += message[i++];
    }
  }
  return out;
}

struct Shown {
  const Diagnostic* d;
  std::string pattern;
};

void PrintDiagnostic(const Diagnostic& d, const std::set<std::string, std::less<>>& benchmarks,
                     std::ostream& out) {
  std::string subject;
  if (d.IsFinding()) {
    subject = benchmarks.count(d.record.view()) > 0
                  ? fmt::format(" on <a href=\"#{}\"><code>{}</code></a>",
                                A(RecordAnchor(d.record)), H(d.record))
                  : fmt::format(" on <code>{}</code>", H(d.record));
  }
  out << fmt::format(
      "<div class=\"finding severity-{0}\"><p><span class=\"tag\">{0}</span> "
      "<strong>{1}</strong>{2}{3}: {4}</p>\n",
      SeverityName(d.severity), H(d.code), subject,
      d.waived ? " <span class=\"muted\">(waived)</span>" : "", H(d.message));
  if (!d.source_line.empty()) out << "<pre>" << H(d.source_line) << "</pre>\n";
  if (!d.arithmetic.empty()) out << "<pre>" << H(d.arithmetic) << "</pre>\n";
  if (!d.hint.empty()) out << "<p>hint: " << H(d.hint) << "</p>\n";
  if (d.waived) out << "<p>waived: " << H(d.waiver_reason) << "</p>\n";
  out << fmt::format("<p class=\"where\">{}:{}:{}{}</p></div>\n", H(d.where.path), d.where.line,
                     d.where.column, d.IsFinding() ? " &#183; instrument " + H(d.instrument) : "");
}

// Diagnostics in order, the repeated ones (same code, same pattern) in one closed <details>
// each, where the first of them stood, its summary the pattern and the count.
void PrintGrouped(const std::vector<Shown>& shown,
                  const std::set<std::string, std::less<>>& benchmarks, SourceLineReader& lines,
                  std::ostream& out) {
  std::map<std::string, std::vector<const Diagnostic*>> by_key;
  std::vector<std::string> order;
  for (const auto& s : shown) {
    std::string key = fmt::format("{}|{}|{}", SeverityName(s.d->severity), s.d->code, s.pattern);
    auto& v = by_key[key];
    if (v.empty()) order.push_back(key);
    v.push_back(s.d);
  }
  Diagnostic scratch;
  for (const auto& key : order) {
    const auto& v = by_key[key];
    const Diagnostic& first = *v.front();
    if (v.size() == 1) {
      PrintDiagnostic(WithSourceLine(first, lines, scratch), benchmarks, out);
      continue;
    }
    out << fmt::format(
        "<details class=\"repeat severity-{0}\"><summary><span class=\"tag\">{0}</span> "
        "<strong>{1}</strong> &#215; {2}: {3}</summary>\n",
        SeverityName(first.severity), H(first.code), v.size(),
        H(Pattern(first.message, first.record)));
    for (const Diagnostic* d : v)
      PrintDiagnostic(WithSourceLine(*d, lines, scratch), benchmarks, out);
    out << "</details>\n";
  }
}

std::string_view CodeDoc(std::string_view code) {
  if (auto f = FindFindingCode(code)) return Describe(*f).doc;
  if (const DiagnosticCodeInfo* d = FindDiagnosticCode(code)) return d->doc;
  return "";
}

void PrintAttention(const Report& report, std::ostream& out) {
  const ReportSummary& s = report.summary;
  std::set<std::string, std::less<>> benchmarks;
  for (const auto& a : report.sweep.records) benchmarks.insert(a.benchmark->header.id.str());
  std::vector<Shown> urgent, notes, waived, deprecated;
  struct CodeCount {
    Severity severity = Severity::kNote;
    size_t shown = 0, waived = 0, deprecated = 0;
  };
  std::map<std::string, CodeCount> codes;
  for (const Diagnostic* d : report.diagnostics) {
    if (d->baselined) continue;
    Shown item{d, Pattern(d->message, d->record)};
    CodeCount& c = codes[d->code.str()];
    c.severity = d->severity;
    if (d->IsFinding() && d->deprecated) {
      ++c.deprecated;
      deprecated.push_back(std::move(item));
    } else if (d->waived) {
      ++c.waived;
      waived.push_back(std::move(item));
    } else if (d->severity == Severity::kNote) {
      ++c.shown;
      notes.push_back(std::move(item));
    } else {
      ++c.shown;
      urgent.push_back(std::move(item));
    }
  }
  SourceLineReader lines(kMaxRecordBytes);
  out << fmt::format("<h2 id=\"attention\">Needs attention: {} errors, {} warnings</h2>\n",
                     s.errors + s.invalid_input, s.warnings);
  if (s.calibration_failures > 0) {
    out << fmt::format(
        "<p class=\"banner bad\">CALIBRATION FAILED: {} of {} calibration records landed "
        "outside their bands: no finding of this sweep is to be trusted.</p>\n",
        s.calibration_failures, s.calibration_records);
  }
  if (urgent.empty()) {
    out << "<p class=\"banner ok\">No errors or warnings: nothing needs action.</p>\n";
  } else {
    PrintGrouped(urgent, benchmarks, lines, out);
  }
  out << "<h3 id=\"codes\">Findings per code</h3>\n";
  if (codes.empty()) {
    out << "<p>None.</p>\n";
  } else {
    out << "<table class=\"codes\"><tr><th>code</th><th>severity</th><th>shown</th>"
           "<th>waived</th><th>deprecated</th><th>meaning</th></tr>\n";
    // Errors, then warnings, then notes; by count within each.
    std::vector<std::pair<std::string, CodeCount>> rows(codes.begin(), codes.end());
    std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) {
      if (x.second.severity != y.second.severity) return x.second.severity < y.second.severity;
      return x.second.shown + x.second.waived + x.second.deprecated >
             y.second.shown + y.second.waived + y.second.deprecated;
    });
    for (const auto& [code, c] : rows) {
      out << fmt::format(
          "<tr class=\"severity-{0}\"><td><code>{1}</code></td><td><span "
          "class=\"tag\">{0}</span></td><td class=\"num\">{2}</td><td class=\"num\">{3}</td>"
          "<td class=\"num\">{4}</td><td>{5}</td></tr>\n",
          SeverityName(c.severity), H(code), c.shown, c.waived, c.deprecated, H(CodeDoc(code)));
    }
    out << "</table>\n";
  }
  auto collapsed = [&](std::string_view id, std::string_view title,
                       const std::vector<Shown>& items) {
    if (items.empty()) return;
    out << fmt::format("<details id=\"{}\"><summary><strong>{} ({})</strong></summary>\n", id,
                       title, items.size());
    PrintGrouped(items, benchmarks, lines, out);
    out << "</details>\n";
  };
  collapsed("notes", "Notes: they inform, and never fail a sweep", notes);
  collapsed("waived", "Waived findings", waived);
  collapsed("deprecated-findings", "Findings on deprecated records: reported, not failing",
            deprecated);
}

void PrintSummary(const Report& report, std::ostream& out) {
  const ReportSummary& s = report.summary;
  if (s.calibration_records == 0) {
    out << "<p class=\"banner none\">Calibration: no calibration records in this corpus: the "
           "instruments are unvalidated.</p>\n";
  } else if (s.calibration_failures == 0) {
    out << fmt::format(
        "<p class=\"banner ok\">Calibration: {} records, all inside their bands.</p>\n",
        s.calibration_records);
  }
  out << "<table class=\"counts\"><tr><th>records</th><th>benchmarks</th><th>deprecated</th>"
         "<th>rejected</th><th>input errors</th><th>errors</th><th>warnings</th><th>notes</th>"
         "<th>waived</th><th>baselined</th><th>roofs exceeded</th></tr>\n";
  out << fmt::format(
      "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
      "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr></table>\n",
      s.records, s.benchmarks, s.deprecated, s.rejected, s.invalid_input, s.errors, s.warnings,
      s.notes, s.waived, s.baselined, s.exceeds);
}

// ----- The serving plane -----

std::string Records(size_t n) { return fmt::format("{} record{}", n, n == 1 ? "" : "s"); }

std::string GroupTitle(const PlaneGroup& g) {
  std::string count = g.count > 0 ? fmt::format("{} x ", g.count) : "";
  return fmt::format("{} on {}{} ({})", g.model, count, g.hardware,
                     g.precision.empty() ? "precision not stated" : g.precision);
}

std::string RoofNote(const PlaneRoof& roof) {
  std::string s;
  if (roof.Known()) {
    s = fmt::format(
        "Memory bound: n = {:g}, BW = {}, W = {}{}; {}; at batch 1, {} tok/s per "
        "user.",
        roof.n, FormatBandwidth(roof.bandwidth), FormatBytes(roof.weight_bytes),
        roof.w_basis.empty() ? "" : " (" + roof.w_basis + ")", roof.kv_basis,
        FormatNumber(roof.PerUserAt(1)));
  } else {
    s = fmt::format("No memory bound: {}.", roof.problem);
  }
  if (roof.compute_cap > 0) {
    s += fmt::format(" Compute bound F/(2P) = {} tok/s per accelerator.",
                     FormatNumber(roof.compute_cap));
  } else {
    s += " Compute bound not computable for these records (no peak or P).";
  }
  return s;
}

constexpr std::string_view kPlaneLegend =
    "<p class=\"legend-row\"><svg width=\"700\" height=\"18\" viewBox=\"0 0 700 18\" "
    "xmlns=\"http://www.w3.org/2000/svg\">"
    "<line class=\"bound memory-bound\" x1=\"0\" x2=\"22\" y1=\"9\" y2=\"9\"/>"
    "<text x=\"28\" y=\"13\">memory bound</text>"
    "<line class=\"bound compute-cap\" x1=\"138\" x2=\"160\" y1=\"9\" y2=\"9\"/>"
    "<text x=\"166\" y=\"13\">compute bound</text>"
    "<g class=\"point per-user\"><circle class=\"mark\" cx=\"292\" cy=\"9\" r=\"5\"/></g>"
    "<text x=\"302\" y=\"13\">per user</text>"
    "<g class=\"point aggregate\"><rect class=\"mark\" x=\"377\" y=\"4\" width=\"10\" "
    "height=\"10\"/></g><text x=\"393\" y=\"13\">aggregate</text>"
    "<g class=\"point tpot\"><path class=\"mark\" d=\"M485 2L492 9L485 16L478 9Z\"/></g>"
    "<text x=\"498\" y=\"13\">from TPOT or ITL</text>"
    "<g class=\"point per-user\"><path class=\"mark\" d=\"M640 2L646 15L634 15Z\"/></g>"
    "<text x=\"652\" y=\"13\">x only</text></svg><br>"
    "A triangle on the x axis: the per-user rate alone is known. A red ring: a figure past one "
    "of its roofs; faded: deprecated. Hover a point for its record and how it was placed.</p>\n";

void PrintServingPlane(const Report& report, std::ostream& out) {
  ServingPlane plane = BuildServingPlane(report);
  out << fmt::format(
      "<h2 id=\"serving-plane\" data-serving-records=\"{}\" data-points=\"{}\" "
      "data-unplaced=\"{}\">The serving plane</h2>\n",
      plane.serving_records, plane.points, plane.unplaced.size());
  out << "<p>Output tok/s per user (x) against output tok/s per accelerator (y), as InferenceX, "
         "vLLM's <code>bench sweep plot_pareto</code> and AIConfigurator draw it. At batch B a "
         "decode step reads the weights W once and each sequence's KV cache, so per user "
         "x &#8804; n&#215;BW/(W + B&#215;KV), and per accelerator y = B&#215;x/n; B drops out: "
         "y &#8804; (n&#215;BW &#8722; W&#215;x)/(n&#215;KV), for x up to the batch-1 rate "
         "n&#215;BW/(W + KV). KV is taken at the records' shortest context (the generous "
         "curve); where it is not known the bound is the line x = n&#215;BW/W. The compute "
         "bound caps y at F/(2P). A per-user rate from a TPOT or ITL is 1000/TPOT ms.</p>\n";
  out << fmt::format(
      "<p><strong>{} serving records</strong> (per-user decode, aggregate output, TPOT and "
      "ITL): {} have a point ({} of them on the x axis: the per-user rate alone is known), "
      "{} have a stated reason (below).</p>\n",
      plane.serving_records, plane.points, plane.on_x_axis, plane.unplaced.size());
  out << kPlaneLegend;
  out << "<div class=\"grid-2\">\n";
  // Serving runs and batches: one chart per model and hardware.
  std::vector<const PlaneGroup*> singles;
  for (const auto& g : plane.groups) {
    if (g.batch_one) {
      singles.push_back(&g);
      continue;
    }
    PlaneChart chart;
    chart.id = g.id;
    chart.title = GroupTitle(g);
    chart.series.push_back(PlaneSeries{g.hardware, g.roof, g.points});
    out << fmt::format(
        "<figure class=\"plane\" id=\"{}\" data-points=\"{}\">\n<figcaption>{}</figcaption>\n",
        A(g.id), g.points.size(), H(chart.title));
    out << ServingPlaneSvg(chart);
    out << fmt::format(
        "<p>{} {}: each point links to its record, and says how it was placed.</p>\n"
        "</figure>\n",
        H(RoofNote(g.roof)), Records(g.points.size()));
  }
  out << "</div>\n";
  if (!singles.empty()) {
    out << "<h3 id=\"single-streams\">Single streams (batch 1), one chart per model</h3>\n"
           "<p>Each hardware in its colour: its records and, as a hollow diamond joined to "
           "them, its batch-1 memory bound n&#215;BW/(W + KV); a point left of its diamond is "
           "below the roof by that factor.</p>\n<div class=\"grid-small\">\n";
    std::vector<std::string> models;
    std::map<std::string, std::vector<const PlaneGroup*>> by_model;
    for (const PlaneGroup* g : singles) {
      auto& v = by_model[g->model];
      if (v.empty()) models.push_back(g->model);
      v.push_back(g);
    }
    for (const auto& model : models) {
      const auto& groups = by_model[model];
      PlaneChart chart;
      chart.id = "single-" + AnchorId(model);
      chart.title = model + ", batch 1";
      chart.small = true;
      size_t points = 0;
      for (const PlaneGroup* g : groups) {
        chart.series.push_back(PlaneSeries{GroupTitle(*g), g->roof, g->points});
        points += g->points.size();
      }
      out << fmt::format(
          "<figure class=\"plane small\" id=\"{}\" data-points=\"{}\">\n"
          "<figcaption>{} ({})</figcaption>\n",
          A(chart.id), points, H(model), Records(points));
      out << ServingPlaneSvg(chart);
      out << "<p>";
      for (size_t i = 0; i < groups.size(); ++i) {
        const PlaneGroup& g = *groups[i];
        std::string hw = g.count > 0 ? fmt::format("{} x {}", g.count, g.hardware) : g.hardware;
        out << fmt::format("{}<span class=\"{}\"><span class=\"swatch\"></span></span>{}{} ({})",
                           i ? "; " : "", i < 8 ? fmt::format("s{}", i) : "s-other", H(hw),
                           g.precision.empty() ? "" : ", " + H(g.precision), g.points.size());
        if (!g.roof.Known()) out << " <span class=\"muted\">no bound</span>";
      }
      out << "</p>\n</figure>\n";
    }
    out << "</div>\n";
  }
  if (!plane.unplaced.empty()) {
    out << fmt::format(
        "<h3 id=\"not-on-plane\">Serving records without a point ({})</h3>\n<ul "
        "class=\"reasons\">\n",
        plane.unplaced.size());
    std::vector<std::string> reasons;
    std::map<std::string, std::vector<const PlaneUnplaced*>> by_reason;
    for (const auto& u : plane.unplaced) {
      auto& v = by_reason[u.reason];
      if (v.empty()) reasons.push_back(u.reason);
      v.push_back(&u);
    }
    for (const auto& reason : reasons) {
      const auto& v = by_reason[reason];
      out << fmt::format("<li>{} ({}): ", H(reason), v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        out << fmt::format("{}<a class=\"unplaced\" href=\"#{}\" data-record=\"{}\">{}</a>",
                           i ? ", " : "", A(v[i]->anchor), A(v[i]->id), H(v[i]->id));
      }
      out << "</li>\n";
    }
    out << "</ul>\n";
  }
}

// ----- The batch-space rooflines -----

void PrintCharts(const Report& report, std::ostream& out) {
  std::vector<std::pair<std::string, std::string>> unplotted;
  std::vector<ChartGroup> all = BuildCharts(report, unplotted);
  std::vector<ChartGroup> groups;
  for (auto& g : all) {
    if (HasBatch(g.chart)) groups.push_back(std::move(g));
  }
  out << fmt::format("<h2 id=\"rooflines\">Batch-space rooflines ({})</h2>\n", groups.size());
  out << "<p>The configurations with a record beyond batch 1 (single streams are on the "
         "serving plane). A decode step streams the weights W once for the whole batch, so the "
         "aggregate memory roof B&#215;n&#215;BW/W rises with the batch B, while each user's "
         "rate stays under n&#215;BW/W; the compute roof n&#215;F/(2P) caps the aggregate, and "
         "the two meet at the crossover B*. Circles are per-user figures, squares aggregate "
         "ones. Decode records with no batch are on the serving plane or listed under it.</p>\n";
  out << "<div class=\"grid-2\">\n";
  for (const auto& g : groups) {
    const RooflineChart& c = g.chart;
    out << fmt::format(
        "<figure class=\"chart\" id=\"{}\" data-records=\"{}\">\n"
        "<figcaption>{}</figcaption>\n",
        A(c.id), c.points.size(), H(c.title));
    out << RooflineSvg(c);
    std::string roofs = fmt::format("n&#215;BW/W = {} tok/s", FormatNumber(c.memory_roof));
    if (c.compute_roof > 0) {
      roofs += fmt::format("; n&#215;F/(2P) = {} tok/s; B* = {}", FormatNumber(c.compute_roof),
                           FormatNumber(c.crossover));
    } else {
      roofs += "; compute roof not computable (no peak for this precision)";
    }
    out << "<p>" << roofs << ". Records: ";
    bool first = true;
    for (const auto& p : c.points) {
      out << (first ? "" : ", ") << fmt::format("<a href=\"#{}\">{}</a>", A(p.anchor), H(p.id));
      first = false;
    }
    out << ".</p>\n</figure>\n";
  }
  out << "</div>\n";
}

// ----- The roof table -----

std::string HardwareText(const RecordAudit& a) {
  const Benchmark& b = *a.benchmark;
  std::vector<std::string> parts;
  for (const auto& r : a.roofs) {
    if (Computed(&r) && !r.accelerators.empty()) {
      parts.assign(r.accelerators.begin(), r.accelerators.end());
      break;
    }
  }
  if (parts.empty()) parts = b.accelerators;
  std::string joined;
  for (const auto& p : parts) joined += (joined.empty() ? "" : " / ") + p;
  if (joined.empty()) joined = b.hardware.str();
  std::string count = b.accelerator_count_absent.empty() ? fmt::format("{} x ", b.accelerator_count)
                                                         : std::string("n? x ");
  return count + joined;
}

// A condition's cell: its value (whole in the title), or "?" with why it is absent.
std::string ConditionCell(const Condition& c) {
  if (c.stated()) return fmt::format("<span title=\"{}\">{}</span>", A(c.text()), H(c.text()));
  if (c.absent())
    return "<span class=\"muted\" title=\"absent: " + A(c.absent_reason()) + "\">?</span>";
  return "<span class=\"muted\">-</span>";
}

void PrintRecords(const Report& report, std::ostream& out) {
  out << fmt::format("<h2 id=\"records\">Roofs per record ({} benchmarks)</h2>\n",
                     report.sweep.records.size());
  out << "<p>Grouped by model and hardware. Each bar is the record's figure as a percentage of "
         "its binding roof (the calibrated roof for calibration records), 0 to 150%; the black "
         "line is 100%, a triangle marks a figure past 150%, and the purple band is a "
         "calibration record's expected range. B / C: the batch, else the concurrency (C); ? marks "
         "a "
         "fact the record states as absent (hover it for why), and a cell's title holds its "
         "whole text.</p>\n";
  // Groups in order of model, then hardware; records in corpus order within.
  std::vector<std::pair<std::string, std::string>> keys;
  std::map<std::pair<std::string, std::string>, std::vector<const RecordAudit*>> groups;
  for (const auto& a : report.sweep.records) {
    std::pair<std::string, std::string> key{a.benchmark->model.str(), HardwareText(a)};
    auto& v = groups[key];
    v.push_back(&a);
  }
  out << "<table class=\"records\"><colgroup><col style=\"width:7%\"><col style=\"width:9%\">"
         "<col style=\"width:27%\"><col style=\"width:7%\"><col style=\"width:6%\">"
         "<col style=\"width:4%\"><col style=\"width:10%\"><col style=\"width:8%\">"
         "<col style=\"width:8%\"><col style=\"width:9%\"><col style=\"width:5%\"></colgroup>\n"
         "<tr><th>model</th><th>hardware</th><th>record</th><th>precision</th><th>engine</th>"
         "<th>B / C</th><th>metric</th><th>value</th><th>roof</th><th>% of roof</th>"
         "<th>verdict</th></tr>\n";
  for (const auto& [key, audits] : groups) {
    bool first = true;
    for (const RecordAudit* a : audits) {
      const Benchmark& b = *a->benchmark;
      const InstrumentResult* r = a->Binding();
      PercentStrip strip;
      if (b.calibration) {
        strip.band = true;
        strip.band_lo = b.calibration->expected_percent - b.calibration->tolerance;
        strip.band_hi = b.calibration->expected_percent + b.calibration->tolerance;
        const InstrumentResult* calibrated = a->Find(b.calibration->instrument);
        if (Computed(calibrated)) r = calibrated;
      }
      bool computed = Computed(r);
      if (computed) {
        strip.percent = r->percent;
        strip.verdict = r->verdict;
      }
      std::string verdict = computed ? std::string(VerdictName(r->verdict)) : "not-computable";
      bool deprecated = b.header.status == Status::kDeprecated;
      std::string lead;
      if (first) {
        lead = fmt::format(
            "<td class=\"model\" rowspan=\"{0}\">{1}</td><td class=\"hardware\" "
            "rowspan=\"{0}\">{2}</td>",
            audits.size(), H(key.first), H(key.second));
        first = false;
      }
      const Conditions& c = b.conditions;
      std::string batch = c.batch.stated()         ? H(c.batch.text())
                          : c.concurrency.stated() ? H(c.concurrency.text()) + " (C)"
                                                   : ConditionCell(c.batch);
      // The value as FormatNumber writes it, the text as the record writes it in its title;
      // the roof's instrument in the bound's title.
      std::string value = fmt::format("<span title=\"{}\">{} {}</span>", A(b.value.text),
                                      FormatNumber(b.value.number), H(b.value.unit));
      std::string roof = computed ? fmt::format("<span title=\"{}: {} {}\">{} {}</span>",
                                                A(r->instrument), FormatNumber(r->bound),
                                                A(r->unit), FormatNumber(r->bound), H(r->unit))
                                  : "-";
      std::string verdict_text = computed ? verdict : "<span title=\"not computable\">n/c</span>";
      out << fmt::format(
          "<tr id=\"{}\" class=\"record{}\">{}<td><code>{}</code>{}</td><td class=\"line\">{}</td>"
          "<td class=\"line\">{}</td><td>{}</td><td class=\"line\">{}</td><td class=\"num "
          "line\">{}</td>"
          "<td class=\"num line\">{}</td><td class=\"line\">{}<span class=\"pct\">{}</span></td>"
          "<td class=\"verdict-{}\">{}</td></tr>\n",
          A(RecordAnchor(b.header.id)), deprecated ? " deprecated" : "", lead, H(b.header.id),
          deprecated ? " <span class=\"muted\">(deprecated)</span>" : "",
          b.precision.empty()
              ? "<span class=\"muted\" title=\"absent: " + A(b.precision_absent) + "\">?</span>"
              : fmt::format("<span title=\"{}\">{}</span>", A(b.precision), H(b.precision)),
          ConditionCell(c.engine), batch, H(MetricName(b.metric)), value, roof,
          PercentStripSvg(strip),
          (computed ? FormatNumber(r->percent) + "%" : "") +
              (strip.band ? fmt::format(" (band {}&#8211;{}%)", FormatNumber(strip.band_lo),
                                        FormatNumber(strip.band_hi))
                          : ""),
          verdict, verdict_text);
    }
  }
  out << "</table>\n";
}

}  // namespace

void PrintHtml(const Report& report, std::ostream& out) {
  const ReportSummary& s = report.summary;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>rooflint report</title>\n<style>"
      << kStyle << ChartCss() << kStyleAfterCharts
      << "</style>\n</head>\n<body>\n<h1>rooflint report</h1>\n";
  out << fmt::format(
      "<nav>{} benchmarks: <a href=\"#attention\">{} errors, {} warnings</a> <a "
      "href=\"#codes\">findings per code</a> <a href=\"#serving-plane\">serving plane</a> <a "
      "href=\"#rooflines\">batch-space rooflines</a> <a href=\"#records\">roofs per "
      "record</a></nav>\n",
      s.benchmarks, s.errors + s.invalid_input, s.warnings);
  out << "<section id=\"summary\">\n";
  PrintAttention(report, out);
  PrintSummary(report, out);
  out << "</section>\n<section id=\"plane\">\n";
  PrintServingPlane(report, out);
  out << "</section>\n<section id=\"charts\">\n";
  PrintCharts(report, out);
  out << "</section>\n<section>\n";
  PrintRecords(report, out);
  out << "</section>\n</body>\n</html>\n";
}

}  // namespace rooflint
