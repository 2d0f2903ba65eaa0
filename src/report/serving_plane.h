// The serving plane of the HTML report: output tok/s per user (x) against output tok/s per
// accelerator (y), as InferenceX, vLLM's `bench sweep plot_pareto` and AIConfigurator draw it,
// with the memory bound as a curve and the compute bound as a cap, per model and hardware.
// docs/physics.md ("The serving plane") derives the curve.
#ifndef ROOFLINT_REPORT_SERVING_PLANE_H_
#define ROOFLINT_REPORT_SERVING_PLANE_H_

#include <string>
#include <vector>

#include "rooflint/report.h"

namespace rooflint {

// The records the plane accounts for: the decode's output rates and times per output token
// (per-user decode, aggregate output, TPOT, ITL). Each gets a point or a stated reason.
bool IsServingMetric(Metric m);

// One serving record's place on the plane.
struct PlanePoint {
  std::string id;      // the record
  std::string anchor;  // the fragment its row has ("rec-...")
  Metric metric = Metric::kPerUserDecode;
  double per_user = 0;  // x: output tok/s per user (> 0)
  // y: output tok/s per accelerator; 0 when the record and its run state no aggregate rate,
  // batch or concurrency: the point then sits on the x axis, its per-user rate alone known.
  double per_accelerator = 0;
  // How x and y were obtained, for the tooltip: "per user = 1000 / TPOT 24.56 ms = 40.71
  // tok/s; per accelerator = 208.2 tok/s aggregate (same run) / 8 = 26.02 tok/s".
  std::string how;
  std::string label;       // a short tag for the chart: "B 64", "C 16", "p99 TPOT", or ""
  bool batch_one = false;  // at a stated batch of 1
  bool deprecated = false;
  bool exceeds = false;  // a roof of its own audit is exceeded
};

// The bounds of one model and hardware. At batch B a decode step reads W and B caches of KV
// bytes, so per user x <= n x BW / (W + B x KV) and per accelerator y = B x x / n; B drops out:
// y <= (n x BW - W x x) / (n x KV), for x <= n x BW / (W + KV) (B >= 1). With KV = 0 the memory
// bound is the line x = n x BW / W. The compute bound caps y at F / (2P).
struct PlaneRoof {
  double n = 0;             // accelerators one sequence's steps run on (the largest stated)
  double bandwidth = 0;     // BW, B/s of one accelerator (the most generous candidate)
  double weight_bytes = 0;  // W, bytes read per step (the least the records allow); 0: no roof
  double kv_bytes = 0;      // KV at the shortest context; 0: not counted (the generous side)
  std::string kv_basis;     // which context, or why KV is not counted
  double compute_cap = 0;   // F / (2P), tok/s per accelerator; 0: not computable
  // How W was taken when no record's memory bound gives it (the precision is not stated): P x
  // the fewest bits the records' engine loads, the generous side; "" when the roofs give W.
  std::string w_basis;
  std::string problem;  // why there is no memory bound (W or BW unknown), or ""

  bool Known() const { return weight_bytes > 0 && bandwidth > 0 && n > 0; }
  // The memory bound at batch B (> 0): x = n x BW / (W + B x KV), y = B x BW / (W + B x KV).
  double PerUserAt(double batch) const;
  double PerAcceleratorAt(double batch) const;
  // The most tok/s per accelerator the memory bound allows at `per_user` tok/s per user
  // (infinite when KV = 0 and per_user <= n x BW / W; 0 past the batch-1 rate).
  double MaxPerAccelerator(double per_user) const;
};

struct PlaneGroup {
  std::string id;  // unique in the page: "plane-1"
  std::string model;
  std::string hardware;    // the parts, " / " between candidates, or the record's hardware text
  std::string precision;   // "" when the records state none
  int64_t count = 0;       // accelerators, 0 when not stated
  bool batch_one = false;  // every point is at a stated batch of 1 (a single stream)
  PlaneRoof roof;
  std::vector<PlanePoint> points;
};

struct PlaneUnplaced {
  std::string id;
  std::string anchor;
  std::string reason;
};

struct ServingPlane {
  // Groups with at least one point: those with a batch beyond 1 or a serving run first (most
  // points first), then the single-stream groups, each in corpus order.
  std::vector<PlaneGroup> groups;
  std::vector<PlaneUnplaced> unplaced;  // in corpus order
  size_t serving_records = 0;           // points + unplaced
  size_t points = 0;
  size_t on_x_axis = 0;  // of the points, those with no per-accelerator rate
};

// The plane of a report's records: every serving record placed or given a reason. A record's
// x and y come from its value, its stated batch or concurrency, and the other records of its
// run (the same `set`, model, hardware, count, precision, batch, concurrency, lengths and
// engine); the roofs from the terms of the records' own memory, KV and compute roofs and TPOT
// floors (W, KV(I), BW, n, F, P), each taken on its generous side.
ServingPlane BuildServingPlane(const Report& report);

}  // namespace rooflint

#endif  // ROOFLINT_REPORT_SERVING_PLANE_H_
