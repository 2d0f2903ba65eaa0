// SVG charts for the HTML report (see svg_chart.h). Coordinates are computed here; styling is
// by class, in the report's one stylesheet, so every chart looks the same.
#include "report/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "report/escape.h"
#include "rooflint/units.h"

namespace rooflint {

double KvRatio(double memory_roof, double kv_bound, std::string_view kv_reason, double batch,
               bool aggregate) {
  if (!(kv_bound > 0) || !(batch > 0) ||
      kv_reason.find("the limit as B grows") != std::string_view::npos) {
    return 0;
  }
  const double r = ((aggregate ? batch : 1.0) * memory_roof / kv_bound - 1) / batch;
  return r > 0 ? r : 0;
}

std::string_view ChartCss() {
  return R"css(svg { overflow: hidden; }
svg.roofline, svg.plane { background: #fff; border: 1px solid #e3e7eb; }
svg .grid line { stroke: #e6e9ed; stroke-width: 1; } svg .grid line.minor { stroke: #f3f4f6; }
svg .axis line { stroke: #333; stroke-width: 1.2; } svg text { font-size: 13px; fill: #1d232b; }
svg .axis text.tick { font-size: 12px; fill: #39424e; } svg .x-axis text { text-anchor: middle; }
svg .y-axis text.tick { text-anchor: end; }
svg text.label { font-size: 13px; font-weight: 600; text-anchor: middle; }
svg.small text { font-size: 11px; } svg.small .axis text.tick { font-size: 10px; }
svg.small text.label { font-size: 11px; }
svg line.roof { stroke-width: 2.4; fill: none; } svg line.memory-roof { stroke: #1f5fbf; }
svg line.per-user-roof { stroke: #1f5fbf; stroke-dasharray: 6 4; stroke-width: 1.8; }
svg line.compute-roof { stroke: #b35c00; }
svg polyline.kv-roof { stroke: #7a3fb0; stroke-width: 2; fill: none; stroke-dasharray: 2 3; }
svg .bound { fill: none; stroke-width: 2.4; } svg .memory-bound { stroke: #1f5fbf; }
svg .compute-cap { stroke: #b35c00; stroke-dasharray: 7 4; }
svg line.crossover { stroke: #6b3fa0; stroke-dasharray: 3 3; stroke-width: 1.6; }
svg text.crossover-label { fill: #6b3fa0; font-weight: 600; }
svg text.roof-label { font-size: 12px; font-weight: 600; }
svg text.roof-label, svg text.crossover-label, svg text.point-label {
  paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
svg text.roof-label.per-user-roof { fill: #1f5fbf; }
svg text.roof-label.compute-roof { fill: #b35c00; }
svg .point .mark { stroke: #fff; stroke-width: 1.2; } svg .point.per-user .mark { fill: #0d7d6c; }
svg .point.aggregate .mark { fill: #b8326b; } svg .point.deprecated { opacity: 0.35; }
svg .point.tpot .mark, svg .point.itl .mark { fill: #d07a00; }
svg .point.x-only .mark { stroke: none; }
svg .exceeds-ring { fill: none; stroke: #d91c1c; stroke-width: 2.4; }
svg .point.exceeds .mark { stroke: #d91c1c; }
svg text.point-label { font-size: 12px; fill: #39424e; }
svg .legend text { font-size: 12px; } svg circle.legend-mark { fill: #0d7d6c; }
svg rect.legend-mark { fill: #b8326b; } svg .legend-mark.faded { opacity: 0.35; }
svg .batch1-bound { fill: #fff; stroke-width: 2; } svg line.to-bound { stroke-width: 1; stroke-dasharray: 2 2; }
.s0 { --c: #1f77b4; } .s1 { --c: #d62728; } .s2 { --c: #2ca02c; } .s3 { --c: #9467bd; }
.s4 { --c: #e07b00; } .s5 { --c: #17becf; } .s6 { --c: #8c564b; } .s7 { --c: #e377c2; }
.s-other { --c: #7f7f7f; }
svg .point.series .mark { fill: var(--c); } svg .batch1-bound { stroke: var(--c); }
svg .point line.to-bound { stroke: var(--c); } .swatch { background: var(--c); }
)css";
}
namespace {

constexpr double kWidth = 620, kHeight = 400;
constexpr double kLeft = 66, kRight = 200, kTop = 16, kBottom = 50;
constexpr double kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;

// Tick labels for 10^e: "1", "10", "100", "1k", ... "100M"; "0.1", "0.01"; "1e9" beyond.
std::string Decade(int e) {
  static constexpr const char* kLabels[] = {"1",    "10", "100", "1k",  "10k",
                                            "100k", "1M", "10M", "100M"};
  if (e >= 0 && e <= 8) return kLabels[e];
  if (e == -1) return "0.1";
  if (e == -2) return "0.01";
  return fmt::format("1e{}", e);
}

}  // namespace

std::string RooflineSvg(const RooflineChart& c) {
  // The domains: batches 1 .. 2^x_max, tok/s 10^y_min .. 10^y_max, wide enough for every
  // point, both roofs at batch 1 and the crossover.
  double b_max = 2;
  double v_min = c.memory_roof, v_max = c.memory_roof;
  for (const auto& p : c.points) {
    b_max = std::max(b_max, p.batch * 2);
    v_min = std::min(v_min, p.value);
    v_max = std::max(v_max, p.value);
  }
  if (c.crossover > 0) b_max = std::max(b_max, c.crossover * 2);
  int x_max = std::clamp(static_cast<int>(std::ceil(std::log2(b_max))), 4, 20);
  if (c.compute_roof > 0)
    v_max = std::max(v_max, c.compute_roof);
  else
    v_max = std::max(v_max, c.memory_roof * std::exp2(x_max));
  int y_min = static_cast<int>(std::floor(std::log10(v_min / 1.2)));
  int y_max = static_cast<int>(std::ceil(std::log10(v_max * 1.6)));
  if (y_max <= y_min) y_max = y_min + 1;

  // Half a step of room left of batch 1, so its points stand clear of the y axis.
  auto X = [&](double b) { return kLeft + (std::log2(b) + 0.5) / (x_max + 0.5) * kPlotW; };
  auto Y = [&](double v) {
    return kTop + kPlotH - (std::log10(v) - y_min) / (y_max - y_min) * kPlotH;
  };
  std::string s = fmt::format(
      "<svg class=\"roofline\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" "
      "width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"{}\" data-points=\"{}\">\n",
      kWidth, kHeight, kWidth, kHeight, EscapeXmlAttr(c.title), c.points.size());
  s += fmt::format("<title>{}</title>\n", EscapeXmlText(c.title));
  const std::string clip = "clip-" + AnchorId(c.id);
  s += fmt::format(
      "<clipPath id=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" "
      "height=\"{}\"/></clipPath>\n",
      clip, kLeft, kTop, kPlotW, kPlotH);
  // Grid and ticks.
  s += "<g class=\"grid\">\n";
  for (int e = y_min; e <= y_max; ++e) {
    for (int m = 2; m < 10 && e < y_max; ++m) {
      s += fmt::format(
          "<line class=\"minor\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" "
          "y2=\"{:.1f}\"/>\n",
          kLeft, kLeft + kPlotW, Y(m * std::pow(10.0, e)), Y(m * std::pow(10.0, e)));
    }
    s += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>\n", kLeft,
                     kLeft + kPlotW, Y(std::pow(10.0, e)), Y(std::pow(10.0, e)));
  }
  for (int k = 0; k <= x_max; ++k) {
    s += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\"/>\n",
                     X(std::exp2(k)), X(std::exp2(k)), kTop, kTop + kPlotH);
  }
  s += "</g>\n";
  s += fmt::format("<g class=\"axis x-axis\">\n<line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>\n",
                   kLeft, kLeft + kPlotW, kTop + kPlotH, kTop + kPlotH);
  int step = x_max > 12 ? 2 : 1;
  for (int k = 0; k <= x_max; k += step) {
    double x = X(std::exp2(k));
    s += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\"/>"
        "<text class=\"tick\" x=\"{0:.1f}\" y=\"{3}\">{4}</text>\n",
        x, kTop + kPlotH, kTop + kPlotH + 5, kTop + kPlotH + 19,
        static_cast<int64_t>(std::exp2(k)));
  }
  s += fmt::format(
      "<text class=\"label\" x=\"{}\" y=\"{}\">batch B (sequences per step, "
      "log2)</text>\n</g>\n",
      kLeft + kPlotW / 2, kHeight - 12);
  s += fmt::format(
      "<g class=\"axis y-axis\">\n<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" "
      "y2=\"{2}\"/>\n",
      kLeft, kTop, kTop + kPlotH);
  for (int e = y_min; e <= y_max; ++e) {
    double y = Y(std::pow(10.0, e));
    s += fmt::format(
        "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\"/>"
        "<text class=\"tick\" x=\"{3}\" y=\"{4:.1f}\">{5}</text>\n",
        kLeft - 5, kLeft, y, kLeft - 8, y + 4, Decade(e));
  }
  s += fmt::format(
      "<text class=\"label\" transform=\"translate(18 {}) rotate(-90)\">tok/s "
      "(log)</text>\n</g>\n",
      kTop + kPlotH / 2);

  // The roofs, clipped to the plot.
  double x0 = 1, x1 = std::exp2(x_max);
  s += fmt::format("<g clip-path=\"url(#{})\">\n", clip);
  s += fmt::format(
      "<line class=\"roof memory-roof\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" "
      "y2=\"{:.1f}\"><title>aggregate memory roof B x n x BW / W = B x {} "
      "tok/s</title></line>\n",
      X(x0), Y(c.memory_roof), X(x1), Y(c.memory_roof * x1), FormatNumber(c.memory_roof));
  s += fmt::format(
      "<line class=\"roof per-user-roof\" x1=\"{:.1f}\" y1=\"{:.1f}\" "
      "x2=\"{:.1f}\" y2=\"{:.1f}\"><title>per-user memory roof n x BW / W = {} "
      "tok/s</title></line>\n",
      X(x0), Y(c.memory_roof), X(x1), Y(c.memory_roof), FormatNumber(c.memory_roof));
  if (c.compute_roof > 0) {
    s += fmt::format(
        "<line class=\"roof compute-roof\" x1=\"{:.1f}\" y1=\"{:.1f}\" "
        "x2=\"{:.1f}\" y2=\"{:.1f}\"><title>compute roof n x F / (2P) = {} "
        "tok/s</title></line>\n",
        X(x0), Y(c.compute_roof), X(x1), Y(c.compute_roof), FormatNumber(c.compute_roof));
  }
  if (c.kv_ratio > 0) {
    // The KV-aware aggregate roof, sampled along the log2 batch axis.
    std::string points;
    for (int i = 0; i <= 64; ++i) {
      double batch = std::exp2(x_max * i / 64.0);
      double v = batch * c.memory_roof / (1 + batch * c.kv_ratio);
      points += fmt::format("{}{:.1f},{:.1f}", i ? " " : "", X(batch), Y(v));
    }
    s += fmt::format(
        "<polyline class=\"roof kv-roof\" fill=\"none\" points=\"{}\"><title>KV-aware aggregate "
        "roof B x n x "
        "BW / (W + B x KV) at {}: tends to {} tok/s</title></polyline>\n",
        points, EscapeXmlText(c.kv_context), FormatNumber(c.memory_roof / c.kv_ratio));
  }
  const bool crossover = c.crossover >= 1 && c.crossover <= x1;
  if (crossover) {
    s += fmt::format(
        "<line class=\"crossover\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" "
        "y2=\"{2}\"/>\n",
        X(c.crossover), kTop, kTop + kPlotH);
  }
  s += "</g>\n";
  if (crossover) {
    // Right of the line, or left of it when the line is near the plot's right edge.
    double x = X(c.crossover);
    bool left = x > kLeft + kPlotW - 70;
    s += fmt::format(
        "<text class=\"crossover-label\" x=\"{:.1f}\" y=\"{}\" "
        "text-anchor=\"{}\">B* = {}</text>\n",
        left ? x - 4 : x + 4, kTop + 14, left ? "end" : "start", FormatNumber(c.crossover));
  }
  // Roof labels inside the plot, just above their line: the per-user roof's at the right
  // end, the compute roof's at the left end (the crossover label is on the right, at the top).
  auto label = [&](double v, const char* cls, bool right, const std::string& text) {
    double y = Y(v);
    if (y < kTop || y > kTop + kPlotH) return;
    double at = y - 5 < kTop + 12 ? y + 15 : y - 5;
    s += fmt::format(
        "<text class=\"roof-label {}\" x=\"{:.1f}\" y=\"{:.1f}\" "
        "text-anchor=\"{}\">{}</text>\n",
        cls, right ? kLeft + kPlotW - 6 : X(1) + 4, at, right ? "end" : "start",
        EscapeXmlText(text));
  };
  label(c.memory_roof, "per-user-roof", true,
        fmt::format("per-user roof {} tok/s", FormatNumber(c.memory_roof)));
  if (c.compute_roof > 0) {
    label(c.compute_roof, "compute-roof", false,
          fmt::format("compute roof {} tok/s", FormatNumber(c.compute_roof)));
  }

  // The records.
  s += "<g class=\"points\">\n";
  for (const auto& p : c.points) {
    std::string cls = fmt::format("point {}{}{}", p.aggregate ? "aggregate" : "per-user",
                                  p.deprecated ? " deprecated" : "", p.exceeds ? " exceeds" : "");
    std::string tip =
        fmt::format("{}: {} tok/s {} at batch {}{}{}", p.id, FormatNumber(p.value),
                    p.aggregate ? "aggregate" : "per user", FormatNumber(p.batch),
                    p.exceeds ? " (EXCEEDS its roof)" : "", p.deprecated ? " (deprecated)" : "");
    double x = X(p.batch), y = Y(p.value);
    s += fmt::format("<a href=\"#{}\" class=\"{}\" data-record=\"{}\"><title>{}</title>",
                     EscapeXmlAttr(p.anchor), cls, EscapeXmlAttr(p.id), EscapeXmlText(tip));
    if (p.aggregate) {
      s += fmt::format(
          "<rect class=\"mark\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"11\" "
          "height=\"11\"/>",
          x - 5.5, y - 5.5);
    } else {
      s += fmt::format("<circle class=\"mark\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"6\"/>", x, y);
    }
    if (p.exceeds) {
      s += fmt::format("<circle class=\"exceeds-ring\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"11\"/>", x,
                       y);
    }
    s += fmt::format("<text class=\"point-label\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text></a>\n", x + 9,
                     y - 8, FormatNumber(p.value));
  }
  s += "</g>\n";

  // The legend, right of the plot.
  double lx = kLeft + kPlotW + 12, ly = kTop + 8;
  s += fmt::format("<g class=\"legend\" transform=\"translate({} {})\">\n", lx, ly);
  s += "<line class=\"roof memory-roof\" x1=\"0\" x2=\"22\" y1=\"0\" y2=\"0\"/>"
       "<text x=\"28\" y=\"4\">memory roof B·n·BW/W</text>\n"
       "<line class=\"roof per-user-roof\" x1=\"0\" x2=\"22\" y1=\"16\" y2=\"16\"/>"
       "<text x=\"28\" y=\"20\">per-user roof n·BW/W</text>\n"
       "<line class=\"roof compute-roof\" x1=\"0\" x2=\"22\" y1=\"32\" y2=\"32\"/>"
       "<text x=\"28\" y=\"36\">compute roof n·F/(2P)</text>\n"
       "<line class=\"crossover\" x1=\"11\" x2=\"11\" y1=\"42\" y2=\"56\"/>"
       "<text x=\"28\" y=\"53\">crossover B*</text>\n"
       "<circle class=\"legend-mark\" cx=\"11\" cy=\"66\" r=\"5\"/>"
       "<text x=\"28\" y=\"70\">per-user decode</text>\n"
       "<rect class=\"legend-mark\" x=\"6\" y=\"77\" width=\"10\" height=\"10\"/>"
       "<text x=\"28\" y=\"86\">aggregate output</text>\n"
       "<circle class=\"legend-mark faded\" cx=\"11\" cy=\"98\" r=\"5\"/>"
       "<text x=\"28\" y=\"102\">deprecated (faded)</text>\n"
       "<circle class=\"exceeds-ring\" cx=\"11\" cy=\"114\" r=\"7\"/>"
       "<text x=\"28\" y=\"118\">exceeds its roof</text>\n";
  if (c.kv_ratio > 0) {
    s += "<polyline class=\"roof kv-roof\" fill=\"none\" points=\"0,132 22,132\"/>"
         "<text x=\"28\" y=\"136\">KV-aware roof</text>\n";
  }
  s += "</g>\n";
  s += "</svg>\n";
  return s;
}

namespace {

// The plane's log10 axes: the decades that hold [lo, hi].
struct LogAxis {
  int e_min = 0, e_max = 1;
  LogAxis(double lo, double hi) {
    e_min = static_cast<int>(std::floor(std::log10(lo)));
    e_max = static_cast<int>(std::ceil(std::log10(hi)));
    if (e_max <= e_min) e_max = e_min + 1;
    if (e_max - e_min > 9) e_min = e_max - 9;
  }
  double Fraction(double v) const { return (std::log10(v) - e_min) / (e_max - e_min); }
};

const char* PointKind(Metric m) {
  switch (m) {
    case Metric::kAggregateOutput:
      return "aggregate";
    case Metric::kTpot:
      return "tpot";
    case Metric::kItl:
      return "itl";
    default:
      return "per-user";
  }
}

// A mark centred on (x, y): a circle for a per-user rate, a square for an aggregate one, a
// diamond for a rate derived from TPOT or ITL.
std::string Mark(Metric m, double x, double y, double r) {
  if (m == Metric::kAggregateOutput) {
    return fmt::format(
        "<rect class=\"mark\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\"/>",
        x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
  }
  if (m == Metric::kTpot || m == Metric::kItl) {
    return fmt::format(
        "<path class=\"mark\" d=\"M{:.1f} {:.1f}L{:.1f} {:.1f}L{:.1f} {:.1f}L{:.1f} {:.1f}Z\"/>", x,
        y - r * 1.25, x + r * 1.25, y, x, y + r * 1.25, x - r * 1.25, y);
  }
  return fmt::format("<circle class=\"mark\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"/>", x, y, r);
}

// Tick labels on a log axis: every decade, and 2 and 5 between them when there are few.
std::vector<double> LogTicks(const LogAxis& a, bool minor_labels) {
  std::vector<double> ticks;
  for (int e = a.e_min; e <= a.e_max; ++e) {
    double d = std::pow(10.0, e);
    ticks.push_back(d);
    if (minor_labels && e < a.e_max) {
      ticks.push_back(2 * d);
      ticks.push_back(5 * d);
    }
  }
  return ticks;
}

std::string TickLabel(double v) {
  double e = std::log10(v);
  if (std::abs(e - std::round(e)) < 1e-9) return Decade(static_cast<int>(std::round(e)));
  return fmt::format("{:g}", v);
}

}  // namespace

std::string ServingPlaneSvg(const PlaneChart& c) {
  const bool small = c.small;
  const double width = small ? 300 : 600, height = small ? 236 : 370;
  const double left = small ? 44 : 62, right = small ? 10 : 16, top = small ? 10 : 14;
  const double bottom = small ? 36 : 44;
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  const double r = small ? 4 : 5.5;

  // The domain: every point, each bound's batch-1 rate, and where the memory bound meets the
  // compute cap (or nears its saturation), so the bend shows.
  double x_lo = std::numeric_limits<double>::infinity(), x_hi = 0;
  double y_lo = std::numeric_limits<double>::infinity(), y_hi = 0;
  auto take_x = [&](double v) {
    if (!(v > 0) || !std::isfinite(v)) return;
    x_lo = std::min(x_lo, v);
    x_hi = std::max(x_hi, v);
  };
  auto take_y = [&](double v) {
    if (!(v > 0) || !std::isfinite(v)) return;
    y_lo = std::min(y_lo, v);
    y_hi = std::max(y_hi, v);
  };
  for (const auto& s : c.series) {
    for (const auto& p : s.points) {
      take_x(p.per_user);
      take_y(p.per_accelerator);
    }
    const PlaneRoof& roof = s.roof;
    if (!roof.Known()) {
      take_y(roof.compute_cap);
      continue;
    }
    take_x(roof.PerUserAt(1));
    take_y(roof.PerAcceleratorAt(1));
    if (small) continue;
    double top_y = roof.compute_cap;
    if (roof.kv_bytes > 0) {
      double saturation = roof.bandwidth / roof.kv_bytes;
      top_y = top_y > 0 ? std::min(top_y, 0.9 * saturation) : 0.9 * saturation;
      double batch = top_y * roof.weight_bytes / (roof.bandwidth - top_y * roof.kv_bytes);
      if (batch > 1) take_x(roof.PerUserAt(batch));
    }
    take_y(top_y);
  }
  if (!(x_hi > 0)) x_lo = 1, x_hi = 10;
  if (!(y_hi > 0)) y_lo = 1, y_hi = 10;
  const LogAxis ax(x_lo / 1.5, x_hi * 1.6), ay(y_lo / 1.5, y_hi * 1.8);
  auto X = [&](double v) { return left + ax.Fraction(v) * plot_w; };
  auto Y = [&](double v) { return top + plot_h - ay.Fraction(v) * plot_h; };
  const double x_min = std::pow(10.0, ax.e_min), y_max = std::pow(10.0, ay.e_max);

  std::string s = fmt::format(
      "<svg class=\"plane{}\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" "
      "width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"{}\">\n",
      small ? " small" : "", width, height, width, height, EscapeXmlAttr(c.title));
  s += fmt::format("<title>{}</title>\n", EscapeXmlText(c.title));
  const std::string clip = "clip-" + AnchorId(c.id);
  s += fmt::format(
      "<clipPath id=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n", clip,
      left, top, plot_w, plot_h);
  // Grid, axes and ticks.
  s += "<g class=\"grid\">\n";
  for (int e = ax.e_min; e <= ax.e_max; ++e) {
    double x = X(std::pow(10.0, e));
    s += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\"/>\n", x, top,
                     top + plot_h);
  }
  for (int e = ay.e_min; e <= ay.e_max; ++e) {
    double y = Y(std::pow(10.0, e));
    s += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\"/>\n", left,
                     left + plot_w, y);
  }
  s += "</g>\n";
  s += fmt::format("<g class=\"axis x-axis\">\n<line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>\n",
                   left, left + plot_w, top + plot_h, top + plot_h);
  for (double v : LogTicks(ax, ax.e_max - ax.e_min <= 2)) {
    s += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{}\">{}</text>\n", X(v),
                     top + plot_h + (small ? 13 : 17), TickLabel(v));
  }
  s += fmt::format(
      "<text class=\"label\" x=\"{}\" y=\"{}\">output tok/s per user (log)</text>\n</g>\n",
      left + plot_w / 2, height - (small ? 6 : 10));
  s += fmt::format(
      "<g class=\"axis y-axis\">\n<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\"/>\n", left, top,
      top + plot_h);
  for (double v : LogTicks(ay, ay.e_max - ay.e_min <= 2)) {
    s += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{:.1f}\">{}</text>\n", left - 5, Y(v) + 4,
                     TickLabel(v));
  }
  s += fmt::format(
      "<text class=\"label\" transform=\"translate({} {}) rotate(-90)\">tok/s per "
      "accelerator (log)</text>\n</g>\n",
      small ? 11 : 15, top + plot_h / 2);

  // The bounds, clipped to the plot.
  s += fmt::format("<g clip-path=\"url(#{})\">\n", clip);
  // The compute bound: a level line across the plot.
  auto compute_cap = [&](const PlaneRoof& roof) {
    s += fmt::format(
        "<line class=\"bound compute-cap\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" "
        "y2=\"{:.1f}\"><title>compute bound F / (2P) = {} tok/s per accelerator</title>"
        "</line>\n",
        left, left + plot_w, Y(roof.compute_cap), Y(roof.compute_cap),
        FormatNumber(roof.compute_cap));
  };
  for (size_t i = 0; i < c.series.size(); ++i) {
    const PlaneRoof& roof = c.series[i].roof;
    if (small || !roof.Known()) {
      if (!small && roof.compute_cap > 0) compute_cap(roof);
      continue;
    }
    std::string tip = fmt::format(
        "memory bound: per user n x BW / (W + B x KV), per accelerator B x BW / (W + B x KV), "
        "n = {:g}, BW = {}, W = {}{}; {}; at batch 1: {} tok/s per user",
        roof.n, FormatBandwidth(roof.bandwidth), FormatBytes(roof.weight_bytes),
        roof.w_basis.empty() ? "" : " (" + roof.w_basis + ")", roof.kv_basis,
        FormatNumber(roof.PerUserAt(1)));
    if (roof.kv_bytes > 0) {
      // From B = 1 until the curve leaves the plot on the left or the top.
      std::string points;
      double b_end = std::clamp(
          (roof.n * roof.bandwidth / x_min - roof.weight_bytes) / roof.kv_bytes, 2.0, 1e9);
      for (int k = 0; k <= 96; ++k) {
        double batch = std::pow(b_end, k / 96.0);
        double y = roof.PerAcceleratorAt(batch);
        if (y > y_max * 1.01) break;
        points += fmt::format("{}{:.1f},{:.1f}", k ? " " : "", X(roof.PerUserAt(batch)), Y(y));
      }
      s += fmt::format(
          "<polyline class=\"bound memory-bound\" fill=\"none\" points=\"{}\"><title>{}; as B "
          "grows it tends to BW / KV = {} tok/s per accelerator</title></polyline>\n",
          points, EscapeXmlText(tip), FormatNumber(roof.bandwidth / roof.kv_bytes));
    } else {
      double x = X(roof.PerUserAt(1));
      s += fmt::format(
          "<line class=\"bound memory-bound\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" "
          "y2=\"{2}\"><title>{3}</title></line>\n",
          x, Y(roof.PerAcceleratorAt(1)), top, EscapeXmlText(tip));
    }
    if (roof.compute_cap > 0) compute_cap(roof);
  }
  s += "</g>\n";

  // The records; a single-stream chart joins each point to its hardware's batch-1 bound.
  s += "<g class=\"points\">\n";
  for (size_t i = 0; i < c.series.size(); ++i) {
    const PlaneSeries& series = c.series[i];
    std::string colour = small ? (i < 8 ? fmt::format(" series s{}", i) : " series s-other") : "";
    const PlaneRoof& roof = series.roof;
    const bool bound = small && roof.Known();
    double bx = bound ? X(roof.PerUserAt(1)) : 0, by = bound ? Y(roof.PerAcceleratorAt(1)) : 0;
    if (bound) {
      s += fmt::format(
          "<path class=\"batch1-bound{}\" d=\"M{:.1f} {:.1f}L{:.1f} {:.1f}L{:.1f} {:.1f}L{:.1f} "
          "{:.1f}Z\"><title>{}: batch-1 memory bound n x BW / (W + KV) = {} tok/s per user "
          "(n = {}, BW = {}, W = {}; {})</title></path>\n",
          colour, bx, by - 6, bx + 6, by, bx, by + 6, bx - 6, by, EscapeXmlText(series.label),
          FormatNumber(roof.PerUserAt(1)), FormatNumber(roof.n), FormatBandwidth(roof.bandwidth),
          FormatBytes(roof.weight_bytes), EscapeXmlText(roof.kv_basis));
    }
    // Aggregates first: a per-user or TPOT point of the same run drawn over its square.
    std::vector<const PlanePoint*> order;
    for (const auto& p : series.points) {
      if (p.metric == Metric::kAggregateOutput) order.push_back(&p);
    }
    for (const auto& p : series.points) {
      if (p.metric != Metric::kAggregateOutput) order.push_back(&p);
    }
    for (const PlanePoint* point : order) {
      const PlanePoint& p = *point;
      const bool on_axis = !(p.per_accelerator > 0);
      std::string cls =
          fmt::format("point {}{}{}{}{}", PointKind(p.metric), on_axis ? " x-only" : "",
                      p.deprecated ? " deprecated" : "", p.exceeds ? " exceeds" : "", colour);
      std::string tip =
          fmt::format("{} ({}): {}{}{}", p.id, series.label, p.how,
                      p.exceeds ? " (EXCEEDS a roof)" : "", p.deprecated ? " (deprecated)" : "");
      double x = X(p.per_user);
      double y = on_axis ? top + plot_h : Y(p.per_accelerator);
      s += fmt::format("<a href=\"#{}\" class=\"{}\" data-record=\"{}\"><title>{}</title>",
                       EscapeXmlAttr(p.anchor), cls, EscapeXmlAttr(p.id), EscapeXmlText(tip));
      if (bound && !on_axis) {
        s += fmt::format(
            "<line class=\"to-bound\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" "
            "y2=\"{:.1f}\"/>",
            x, y, bx, by);
      }
      if (on_axis) {
        s += fmt::format(
            "<path class=\"mark\" d=\"M{0:.1f} {1:.1f}L{2:.1f} {3:.1f}L{4:.1f} "
            "{3:.1f}Z\"/>",
            x, y - 2 * r, x + r, y, x - r);
      } else {
        s += Mark(p.metric, x, y, r);
      }
      if (p.exceeds) {
        s += fmt::format("<circle class=\"exceeds-ring\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\"/>", x,
                         y, r + 5);
      }
      // A few points are labelled (their batch, concurrency or statistic); many would collide.
      if (!small && !on_axis && !p.label.empty() && series.points.size() <= 8) {
        s += fmt::format("<text class=\"point-label\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>", x + 8,
                         y - 7, EscapeXmlText(p.label));
      }
      s += "</a>\n";
    }
  }
  s += "</g>\n</svg>\n";
  return s;
}

std::string PercentStripSvg(const PercentStrip& p) {
  constexpr double kW = 260, kH = 18, kScale = 150;  // 0 .. 150% of the roof
  auto X = [&](double pct) { return std::clamp(pct, 0.0, kScale) / kScale * kW; };
  std::string verdict(VerdictName(p.verdict));
  std::string s = fmt::format(
      "<svg class=\"strip\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" "
      "width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\">",
      kW + 14, kH, kW + 14, kH);
  s += fmt::format("<rect class=\"track\" x=\"0\" y=\"3\" width=\"{}\" height=\"12\"/>", kW);
  if (p.band) {
    s += fmt::format(
        "<rect class=\"band\" x=\"{:.1f}\" y=\"0\" width=\"{:.1f}\" height=\"{}\">"
        "<title>calibration band {}% to {}%</title></rect>",
        X(p.band_lo), std::max(1.5, X(p.band_hi) - X(p.band_lo)), kH, FormatNumber(p.band_lo),
        FormatNumber(p.band_hi));
  }
  if (p.verdict == Verdict::kWithin || p.verdict == Verdict::kExceeds) {
    s += fmt::format(
        "<rect class=\"bar verdict-{}\" x=\"0\" y=\"5\" width=\"{:.1f}\" "
        "height=\"8\"/>",
        verdict, std::max(1.0, X(p.percent)));
    if (p.percent > kScale) {
      s += fmt::format("<path class=\"overflow\" d=\"M{0} 3 L{1} 9 L{0} 15 Z\"/>", kW + 2, kW + 12);
    }
  }
  s += fmt::format("<line class=\"hundred\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"0\" y2=\"{1}\"/>",
                   X(100), kH);
  s += "</svg>";
  return s;
}

}  // namespace rooflint
