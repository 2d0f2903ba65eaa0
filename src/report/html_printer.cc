// The HTML report: one self-contained file (inline CSS and SVG, no script, no network) with a
// summary, a batch-space roofline per configuration, a % of roof strip per record and every
// finding with its arithmetic, linked to its record.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "report/escape.h"
#include "report/svg_chart.h"
#include "rooflint/report.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

constexpr std::string_view kStyle = R"css(
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       color: #1d232b; background: #fff; margin: 0 auto; max-width: 1280px; padding: 18px 20px; }
h1 { font-size: 26px; margin: 4px 0 10px; } h2 { font-size: 20px; margin: 28px 0 8px;
     border-bottom: 1px solid #d5dae0; padding-bottom: 4px; }
code, pre { font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
pre { background: #f4f6f8; padding: 6px 10px; margin: 4px 0; white-space: pre-wrap; }
.banner { padding: 8px 12px; border-radius: 4px; margin: 8px 0 14px; font-weight: 600; }
.banner.ok { background: #e6f4ea; color: #1e5c2e; }
.banner.bad { background: #fde8e8; color: #8a1c1c; }
.banner.none { background: #fff6dd; color: #6b4e00; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { padding: 4px 9px; border-bottom: 1px solid #e3e7eb; text-align: left;
  vertical-align: middle; }
th { background: #f4f6f8; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.counts td { font-size: 18px; text-align: center; } .counts th { text-align: center; }
tr.deprecated td { color: #7b8490; } tr:target td { background: #fff3c4; }
.verdict-within { color: #1e7b34; } .verdict-exceeds { color: #c21d1d; font-weight: 700; }
.verdict-not-computable { color: #8a6d00; }
#charts .grid-2 { display: flex; flex-wrap: wrap; gap: 0 20px; }
figure.chart { margin: 10px 0 18px; width: 620px; }
table.records td { white-space: nowrap; } table.records td:first-child { white-space: normal; }
figcaption { font-weight: 600; margin-bottom: 4px; }
figure.chart p { margin: 4px 0; color: #4a5361; font-size: 14px; }
svg.roofline { background: #fff; border: 1px solid #e3e7eb; }
svg .grid line { stroke: #e6e9ed; stroke-width: 1; } svg .grid line.minor { stroke: #f3f4f6; }
svg .axis line { stroke: #333; stroke-width: 1.2; } svg text { font-size: 13px; fill: #1d232b; }
svg .axis text.tick { font-size: 12px; fill: #39424e; } svg .x-axis text { text-anchor: middle; }
svg .y-axis text.tick { text-anchor: end; }
svg text.label { font-size: 13px; font-weight: 600; text-anchor: middle; }
svg line.roof { stroke-width: 2.4; fill: none; } svg line.memory-roof { stroke: #1f5fbf; }
svg line.per-user-roof { stroke: #1f5fbf; stroke-dasharray: 6 4; stroke-width: 1.8; }
svg line.compute-roof { stroke: #b35c00; }
svg polyline.kv-roof { stroke: #7a3fb0; stroke-width: 2; fill: none; stroke-dasharray: 2 3; }
svg line.crossover { stroke: #6b3fa0; stroke-dasharray: 3 3; stroke-width: 1.6; }
svg text.crossover-label { fill: #6b3fa0; font-weight: 600; }
svg text.roof-label { font-size: 12px; font-weight: 600; }
svg text.roof-label, svg text.crossover-label, svg text.point-label {
  paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
svg text.roof-label.per-user-roof { fill: #1f5fbf; }
svg text.roof-label.compute-roof { fill: #b35c00; }
svg .point .mark { stroke: #fff; stroke-width: 1.5; } svg .point.per-user .mark { fill: #0d7d6c; }
svg .point.aggregate .mark { fill: #b8326b; } svg .point.deprecated { opacity: 0.35; }
svg .exceeds-ring { fill: none; stroke: #d91c1c; stroke-width: 2.4; }
svg .point.exceeds .mark { stroke: #d91c1c; }
svg text.point-label { font-size: 12px; fill: #39424e; }
svg .legend text { font-size: 12px; } svg circle.legend-mark { fill: #0d7d6c; }
svg rect.legend-mark { fill: #b8326b; } svg .legend-mark.faded { opacity: 0.35; }
svg.strip .track { fill: #eef0f3; }
svg.strip .band { fill: #6b3fa0; fill-opacity: 0.28; stroke: #6b3fa0; }
svg.strip .bar.verdict-within { fill: #2e9e4b; } svg.strip .bar.verdict-exceeds { fill: #d91c1c; }
svg.strip .hundred { stroke: #1d232b; stroke-width: 1.5; } svg.strip .overflow { fill: #d91c1c; }
.finding { border-left: 4px solid #999; padding: 4px 12px; margin: 10px 0; }
.finding.severity-error { border-color: #d91c1c; }
.finding.severity-warning { border-color: #d98a00; }
.finding.severity-note { border-color: #1f5fbf; }
.finding .where { color: #5b6472; font-size: 13px; }
.tag { display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 12px; font-weight: 700;
       text-transform: uppercase; color: #fff; background: #777; }
.severity-error .tag { background: #c21d1d; } .severity-warning .tag { background: #b87400; }
.severity-note .tag { background: #1f5fbf; } .muted { color: #6b7480; }
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
    if (Computed(memory)) parts = memory->accelerators;
    if (parts.empty() && Computed(compute)) parts = compute->accelerators;
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
    // The KV-aware roof's KV(I) / W, from the record's own result: per-user bounds are
    // n x BW / (W + B x KV) = m / (1 + B x r), aggregate ones B x m / (1 + B x r).
    const InstrumentResult* kv = a.Find(ids::kKvRoof);
    if (Computed(kv) && batch > 0 &&
        kv->reason.view().find("the limit as B grows") == std::string_view::npos) {
      double factor = aggregate ? static_cast<double>(batch) : 1.0;
      double r = (factor * m / kv->bound - 1) / static_cast<double>(batch);
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

void PrintSummary(const Report& report, std::ostream& out) {
  const ReportSummary& s = report.summary;
  if (s.calibration_records == 0) {
    out << "<p class=\"banner none\">Calibration: no calibration records in this corpus: the "
           "instruments are unvalidated.</p>\n";
  } else if (s.calibration_failures == 0) {
    out << fmt::format(
        "<p class=\"banner ok\">Calibration: {} records, all inside their "
        "bands.</p>\n",
        s.calibration_records);
  } else {
    out << fmt::format(
        "<p class=\"banner bad\">CALIBRATION FAILED: {} of {} calibration "
        "records landed outside their bands: no finding of this sweep is to be "
        "trusted.</p>\n",
        s.calibration_failures, s.calibration_records);
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

void PrintCharts(const Report& report, std::ostream& out) {
  std::vector<std::pair<std::string, std::string>> unplotted;
  std::vector<ChartGroup> groups = BuildCharts(report, unplotted);
  out << fmt::format("<h2 id=\"rooflines\">Batch-space rooflines ({})</h2>\n", groups.size());
  out << "<p>One chart per model and hardware. A decode step streams the weights W once for "
         "the whole batch, so the aggregate memory roof B&#215;n&#215;BW/W rises with the batch "
         "B, while each user's rate stays under n&#215;BW/W; the compute roof n&#215;F/(2P) "
         "caps the aggregate, and the two meet at the crossover B*. Circles are per-user "
         "figures, squares aggregate ones; faded points are deprecated records; a red ring "
         "marks a figure above its roof. Every point links to its record.</p>\n";
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
  if (!unplotted.empty()) {
    out << "<p class=\"muted\">Decode records not on a chart:</p><ul class=\"muted\">\n";
    for (const auto& [id, why] : unplotted) {
      out << fmt::format("<li><a href=\"#{}\">{}</a>: {}</li>\n", A(RecordAnchor(id)), H(id),
                         H(why));
    }
    out << "</ul>\n";
  }
}

void PrintRecords(const Report& report, std::ostream& out) {
  out << fmt::format("<h2 id=\"records\">% of roof ({} benchmarks)</h2>\n",
                     report.sweep.records.size());
  out << "<p>Each bar is the record's figure as a percentage of its binding roof (the "
         "calibrated roof for calibration records), 0 to 150%; the black line is 100%, a "
         "triangle marks a figure past 150%, and the purple band is a calibration record's "
         "expected range.</p>\n";
  out << "<table class=\"records\"><tr><th>record</th><th>metric</th><th>value</th>"
         "<th>roof</th><th>bound</th><th>%</th><th>0 &#8211; 150% of roof</th><th>verdict</th>"
         "</tr>\n";
  for (const auto& a : report.sweep.records) {
    const Benchmark& b = *a.benchmark;
    const InstrumentResult* r = a.Binding();
    PercentStrip strip;
    if (b.calibration) {
      strip.band = true;
      strip.band_lo = b.calibration->expected_percent - b.calibration->tolerance;
      strip.band_hi = b.calibration->expected_percent + b.calibration->tolerance;
      const InstrumentResult* calibrated = a.Find(b.calibration->instrument);
      if (Computed(calibrated)) r = calibrated;
    }
    bool computed = Computed(r);
    if (computed) {
      strip.percent = r->percent;
      strip.verdict = r->verdict;
    }
    std::string verdict = computed ? std::string(VerdictName(r->verdict)) : "not-computable";
    bool deprecated = b.header.status == Status::kDeprecated;
    out << fmt::format(
        "<tr id=\"{}\" class=\"record{}\"><td><code>{}</code>{}</td><td>{}</td>"
        "<td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td>{}</td><td class=\"verdict-{}\">{}</td></tr>\n",
        A(RecordAnchor(b.header.id)), deprecated ? " deprecated" : "", H(b.header.id),
        deprecated ? " <span class=\"muted\">(deprecated)</span>" : "", H(MetricName(b.metric)),
        H(b.value.text), computed ? H(r->instrument) : "-",
        computed ? H(fmt::format("{} {}", FormatNumber(r->bound), r->unit)) : "-",
        computed ? FormatNumber(r->percent) + "%" : "-", PercentStripSvg(strip), verdict,
        verdict + (strip.band
                       ? fmt::format(" <span class=\"muted\">(band {}&#8211;{}%)</span>",
                                     FormatNumber(strip.band_lo), FormatNumber(strip.band_hi))
                       : ""));
  }
  out << "</table>\n";
}

// One loop over every diagnostic, by group: the loader's, the findings, those on deprecated
// records; baselined findings are counted in the summary, not listed.
void PrintFindings(const Report& report, std::ostream& out) {
  std::set<std::string, std::less<>> benchmarks;
  for (const auto& a : report.sweep.records) benchmarks.insert(a.benchmark->header.id.str());
  const auto& count = report.shown;
  constexpr std::string_view kHeadings[3] = {
      "<h2 id=\"diagnostics\">Input diagnostics ({})</h2>\n",
      "<h2 id=\"findings\">Findings ({})</h2>\n",
      "<h2 id=\"deprecated-findings\">Findings on deprecated records ({}): reported, not "
      "failing</h2>\n"};
  int group = -1;
  auto open = [&](int g) {  // the headings up to g (the findings' always shows)
    for (int k = group + 1; k <= g; ++k) {
      if (count[k] == 0 && k != static_cast<int>(DiagnosticGroup::kFinding)) continue;
      out << fmt::format(fmt::runtime(kHeadings[k]), count[k]);
      if (count[k] == 0) out << "<p>None.</p>\n";
    }
    group = g;
  };
  SourceLineReader lines(kMaxRecordBytes);
  Diagnostic scratch;
  for (const Diagnostic* listed : report.diagnostics) {
    if (listed->baselined) continue;
    const Diagnostic* d = &WithSourceLine(*listed, lines, scratch);
    if (int g = static_cast<int>(GroupOf(*d)); g != group) open(g);
    std::string subject;
    if (d->IsFinding()) {
      subject = benchmarks.count(d->record.view()) > 0
                    ? fmt::format(" on <a href=\"#{}\"><code>{}</code></a>",
                                  A(RecordAnchor(d->record)), H(d->record))
                    : fmt::format(" on <code>{}</code>", H(d->record));
    }
    out << fmt::format(
        "<div class=\"finding severity-{0}\"><p><span class=\"tag\">{0}</span> "
        "<strong>{1}</strong>{2}{3}: {4}</p>\n",
        SeverityName(d->severity), H(d->code), subject,
        d->waived ? " <span class=\"muted\">(waived)</span>" : "", H(d->message));
    if (!d->source_line.empty()) out << "<pre>" << H(d->source_line) << "</pre>\n";
    if (!d->arithmetic.empty()) out << "<pre>" << H(d->arithmetic) << "</pre>\n";
    if (!d->hint.empty()) out << "<p>hint: " << H(d->hint) << "</p>\n";
    if (d->waived) out << "<p>waived: " << H(d->waiver_reason) << "</p>\n";
    out << fmt::format("<p class=\"where\">{}:{}:{}{}</p></div>\n", H(d->where.path), d->where.line,
                       d->where.column,
                       d->IsFinding() ? " &#183; instrument " + H(d->instrument) : "");
  }
  open(2);
}

}  // namespace

void PrintHtml(const Report& report, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>rooflint report</title>\n<style>"
      << kStyle << "</style>\n</head>\n<body>\n<h1>rooflint report</h1>\n";
  out << "<section id=\"summary\">\n";
  PrintSummary(report, out);
  out << "</section>\n<section id=\"charts\">\n";
  PrintCharts(report, out);
  out << "</section>\n<section>\n";
  PrintRecords(report, out);
  out << "</section>\n<section>\n";
  PrintFindings(report, out);
  out << "</section>\n</body>\n</html>\n";
}

}  // namespace rooflint
