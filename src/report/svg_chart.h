// SVG charts for the HTML report: the batch-space roofline of one configuration and the
// % of roof strip of one record. Each returns one <svg> element, self-contained, with classes
// the browser test reads (axis, roof, crossover, point).
#ifndef ROOFLINT_REPORT_SVG_CHART_H_
#define ROOFLINT_REPORT_SVG_CHART_H_

#include <string>
#include <string_view>
#include <vector>

#include "report/serving_plane.h"
#include "rooflint/audit.h"

namespace rooflint {

struct RooflinePoint {
  std::string id;          // the record id, shown in the tooltip
  std::string anchor;      // the fragment the point links to ("rec-...")
  double batch = 1;        // B, sequences per decode step (> 0)
  double value = 0;        // tok/s (> 0)
  bool aggregate = false;  // aggregate output (a square) or per-user decode (a circle)
  bool deprecated = false;
  bool exceeds = false;
};

struct RooflineChart {
  std::string id;  // unique in the page: names the chart's clip path
  std::string title;
  // n x BW / W in tok/s: the per-user memory roof at any batch, and the aggregate memory roof
  // at batch 1 (B x n x BW / W at batch B). Must be > 0.
  double memory_roof = 0;
  double compute_roof = 0;  // n x F / (2P) in tok/s, batch-invariant; 0 when unknown
  double crossover = 0;     // B* where the two roofs meet; 0 when unknown
  // KV(I) / W for the records' shortest stated context: the KV-aware aggregate roof is then
  // B x memory_roof / (1 + B x kv_ratio), a curve that bends below the memory roof's line and
  // tends to memory_roof / kv_ratio. 0 when no record of the chart has a KV-aware roof.
  double kv_ratio = 0;
  std::string kv_context;  // "4000 input tokens, 4-bit KV", for the curve's title
  std::vector<RooflinePoint> points;
};

// x = batch on a log2 axis, y = tok/s on a log10 axis; the aggregate memory roof, the per-user
// memory roof, the compute roof, B*, and one point per record linking to its anchor.
std::string RooflineSvg(const RooflineChart& chart);

// KV(I) / W for a chart's KV-aware curve, from a record's computed kv-roof: `kv_bound` at batch
// B, against the per-user memory roof m (n x BW / W). Per-user bounds are m / (1 + B x r),
// aggregate ones B x m / (1 + B x r). 0 when no ratio follows: the roof is the limit as B
// grows (its `kv_reason` says so; the batch was unknown), or it gives none above 0.
double KvRatio(double memory_roof, double kv_bound, std::string_view kv_reason, double batch,
               bool aggregate);

// The style sheet the charts' classes need (the HTML report's, and the browser page's).
std::string_view ChartCss();

// The serving plane: output tok/s per user (x, log10) against output tok/s per accelerator
// (y, log10). Each series is one model and hardware: its memory bound (the curve
// y = (n x BW - W x x) / (n x KV), drawn by batch from B = 1, or the line x = n x BW / W when KV
// is not counted), its compute cap y = F / (2P), and its records' points, each linking to its
// anchor. A chart of single streams (`small`) draws each series' batch-1 bound as a hollow
// diamond joined to its points, in the series' colour (class s0 .. s7, then grey).
struct PlaneSeries {
  std::string label;  // the hardware, for the tooltips
  PlaneRoof roof;
  std::vector<PlanePoint> points;
};
struct PlaneChart {
  std::string id;  // unique in the page: names the chart's clip path
  std::string title;
  bool small = false;  // a small multiple of single streams, one series per hardware
  std::vector<PlaneSeries> series;
};
std::string ServingPlaneSvg(const PlaneChart& chart);

// A bar from 0 to `percent` of the record's binding roof, coloured by verdict, the 100% line,
// and the calibration band [lo, hi] when `band` is set. Values past the scale are clamped and
// marked.
struct PercentStrip {
  double percent = 0;
  Verdict verdict = Verdict::kNotComputable;
  bool band = false;
  double band_lo = 0;
  double band_hi = 0;
};
std::string PercentStripSvg(const PercentStrip& strip);

}  // namespace rooflint

#endif  // ROOFLINT_REPORT_SVG_CHART_H_
