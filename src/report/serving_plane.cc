// The serving plane (see serving_plane.h): each serving record's place, and each model and
// hardware's bounds read from the terms of the records' own roofs, so the plane computes no
// physics the instruments do not.
#include "report/serving_plane.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "report/escape.h"
#include "rooflint/precision.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

std::string RecordAnchorOf(std::string_view id) { return "rec-" + AnchorId(id); }

bool Computed(const InstrumentResult& r) { return r.Computed() && r.bound > 0; }

double TermOf(const InstrumentResult& r, std::string_view symbol) {
  if (!r.formula) return 0;
  const Term* t = r.formula->Find(symbol);
  return t != nullptr && t->value > 0 ? t->value : 0;
}

std::string ConditionText(const Condition& c) {
  if (c.integer) return std::to_string(*c.integer);
  return c.stated() ? c.text().str() : "";
}

// The records of one run share all of these: a run's aggregate rate and its TPOT are then
// two views of the same load.
std::string RunKey(const Benchmark& b) {
  const Conditions& c = b.conditions;
  return fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", b.set, b.model, b.hardware,
                     b.accelerator_count, b.precision, ConditionText(c.batch),
                     ConditionText(c.concurrency), ConditionText(c.input_tokens),
                     ConditionText(c.output_tokens), ConditionText(c.engine));
}

// The accelerators the aggregate is summed over: the stated count, else the n an aggregate
// bound of the record resolved (from its hardware text); 0 when unknown.
double AcceleratorsOf(const RecordAudit& a) {
  const Benchmark& b = *a.benchmark;
  if (b.accelerator_count_absent.empty() && b.accelerator_count > 0) {
    return static_cast<double>(b.accelerator_count);
  }
  for (const auto& r : a.roofs) {
    if (Computed(r)) {
      if (double n = TermOf(r, "n"); n > 0) return n;
    }
  }
  return 0;
}

// What a run holds besides the record: its aggregate output rate and a per-user rate (from a
// per-user record, else from TPOT, else ITL; a mean before a median before other statistics).
struct RunFacts {
  const Benchmark* aggregate = nullptr;
  const Benchmark* per_user = nullptr;
  int per_user_rank = 100;
};

int PerUserRank(const Benchmark& b) {
  int by_metric = b.metric == Metric::kPerUserDecode ? 0 : b.metric == Metric::kTpot ? 10 : 20;
  std::string_view s = b.statistic.view();
  int by_statistic = s == "mean" ? 0 : s == "median" ? 1 : s.empty() ? 2 : 3;
  return by_metric + by_statistic;
}

// Per-user tok/s of a per-user, TPOT or ITL record (0 when it has no positive value).
double PerUserRate(const Benchmark& b) {
  if (!(b.value.si > 0)) return 0;
  return b.metric == Metric::kPerUserDecode ? b.value.si : 1 / b.value.si;
}

std::string Statistic(const Benchmark& b) {
  return b.statistic.empty() ? "" : b.statistic.str() + " ";
}

// "1000 / TPOT 24.56 ms = 40.71 tok/s" or "57.6 tok/s per user".
std::string PerUserHow(const Benchmark& b) {
  if (b.metric == Metric::kPerUserDecode) {
    return fmt::format("{}{} tok/s per user", Statistic(b), FormatNumber(b.value.si));
  }
  return fmt::format("1000 / {}{} {} ms = {} tok/s (the per-user rate derived from the {})",
                     Statistic(b), b.metric == Metric::kTpot ? "TPOT" : "ITL",
                     FormatNumber(b.value.si * 1000), FormatNumber(1 / b.value.si),
                     b.metric == Metric::kTpot ? "TPOT" : "ITL");
}

struct Placement {
  PlanePoint point;
  std::string reason;  // set when the record has no place
};

Placement Place(const RecordAudit& a, const RunFacts& run) {
  const Benchmark& b = *a.benchmark;
  Placement p;
  PlanePoint& pt = p.point;
  pt.id = b.header.id.str();
  pt.anchor = RecordAnchorOf(b.header.id);
  pt.metric = b.metric;
  pt.deprecated = b.header.status == Status::kDeprecated;
  for (const auto& r : a.roofs) pt.exceeds = pt.exceeds || r.verdict == Verdict::kExceeds;
  if (!(b.value.si > 0) || !std::isfinite(b.value.si)) {
    p.reason = "no positive value";
    return p;
  }
  const double n = AcceleratorsOf(a);
  const std::optional<int64_t> batch = b.conditions.StatedBatch();
  const OptionalInt64& concurrency = b.conditions.concurrency.integer;
  pt.batch_one = batch && *batch == 1;
  std::string count_text = n > 0 ? fmt::format("{:g}", n) : "n";
  if (batch) {
    pt.label = fmt::format("B {}", *batch);
  } else if (concurrency && *concurrency > 0) {
    pt.label = fmt::format("C {}", *concurrency);
  } else if (b.metric == Metric::kTpot || b.metric == Metric::kItl) {
    pt.label = Statistic(b) + (b.metric == Metric::kTpot ? "TPOT" : "ITL");
  }
  if (b.metric == Metric::kAggregateOutput) {
    if (n <= 0) {
      p.reason =
          "accelerator count unknown (not stated, and the hardware text gives none): "
          "no per-accelerator rate";
      return p;
    }
    const double agg = b.value.si;
    pt.per_accelerator = agg / n;
    std::string y_how = fmt::format("per accelerator = {} tok/s / {} = {} tok/s", FormatNumber(agg),
                                    count_text, FormatNumber(agg / n));
    if (batch) {
      pt.per_user = agg / static_cast<double>(*batch);
      pt.how = fmt::format("per user = {} tok/s / batch {} = {} tok/s; {}", FormatNumber(agg),
                           *batch, FormatNumber(pt.per_user), y_how);
    } else if (run.per_user != nullptr) {
      pt.per_user = PerUserRate(*run.per_user);
      pt.how = fmt::format("per user = {} ({}, same run); {}", PerUserHow(*run.per_user),
                           run.per_user->header.id, y_how);
    } else if (concurrency && *concurrency > 0) {
      pt.per_user = agg / static_cast<double>(*concurrency);
      pt.how = fmt::format(
          "per user at least {} tok/s / concurrency {} = {} tok/s (no more than {} streams "
          "share the aggregate); {}",
          FormatNumber(agg), *concurrency, FormatNumber(pt.per_user), *concurrency, y_how);
    } else {
      p.reason =
          "per-user rate unknown: the record and its run state no batch, concurrency "
          "or TPOT";
      return p;
    }
    return p;
  }
  // Per-user decode, TPOT and ITL: x from the value.
  pt.per_user = PerUserRate(b);
  std::string x_how = "per user = " + PerUserHow(b);
  if (n <= 0) {
    pt.how =
        x_how + "; per accelerator unknown: the accelerator count is not stated (on the x axis)";
    return p;
  }
  if (batch) {
    pt.per_accelerator = static_cast<double>(*batch) * pt.per_user / n;
    pt.how = fmt::format("{}; per accelerator = batch {} x {} / {} = {} tok/s", x_how, *batch,
                         FormatNumber(pt.per_user), count_text, FormatNumber(pt.per_accelerator));
  } else if (run.aggregate != nullptr && run.aggregate->value.si > 0) {
    pt.per_accelerator = run.aggregate->value.si / n;
    pt.how = fmt::format("{}; per accelerator = {} tok/s aggregate ({}, same run) / {} = {} tok/s",
                         x_how, FormatNumber(run.aggregate->value.si), run.aggregate->header.id,
                         count_text, FormatNumber(pt.per_accelerator));
  } else if (concurrency && *concurrency > 0) {
    pt.per_accelerator = static_cast<double>(*concurrency) * pt.per_user / n;
    pt.how = fmt::format(
        "{}; per accelerator at most concurrency {} x {} / {} = {} tok/s (no more than {} "
        "streams in flight)",
        x_how, *concurrency, FormatNumber(pt.per_user), count_text,
        FormatNumber(pt.per_accelerator), *concurrency);
  } else {
    pt.how = x_how +
             "; per accelerator not stated (no batch, concurrency or aggregate rate in its run): "
             "on the x axis";
  }
  return p;
}

std::string HardwareOf(const RecordAudit& a) {
  const Benchmark& b = *a.benchmark;
  std::vector<std::string> parts;
  for (const auto& r : a.roofs) {
    if (Computed(r) && !r.accelerators.empty()) {
      parts.assign(r.accelerators.begin(), r.accelerators.end());
      break;
    }
  }
  if (parts.empty()) parts = b.accelerators;
  if (parts.empty()) return b.hardware.str();
  std::string joined;
  for (const auto& p : parts) joined += (joined.empty() ? "" : " / ") + p;
  return joined;
}

// Folds one record's roof terms into its group's bounds, each on its generous side: the least
// W (the assumption-free one where a bound rests on an assumed W), the most BW, n and F / (2P),
// the least KV.
// KV per token of context: KV(I) / I, the least over the group's records that have a KV term.
// KV(I) / I never grows with I (a sliding-window layer stops growing at its window), so the
// shortest context times it is at most that context's KV: the generous side.
// What a group's memory bound can fall back on when no record's memory bound gives W: P and n
// of the compute roofs, the parts they name, and the fewest bits the records' engines load.
struct Fallback {
  double params = 0;  // the least P
  double n = 0;
  std::vector<std::string> parts;
  NarrowestWeights narrowest;
};

struct KvFacts {
  bool context_unknown = false;  // a record states no input length
  int64_t shortest = -1;         // the shortest stated input length
  std::string shortest_id;
  double per_token = 0;  // the least KV(I) / I seen
  std::string per_token_id;
};

void AddTerms(const RecordAudit& a, PlaneRoof& roof, KvFacts& kv_facts, Fallback& fallback) {
  const Benchmark& b = *a.benchmark;
  NarrowestWeights narrowest = NarrowestWeightsFor(
      b.conditions.engine.stated() ? b.conditions.engine.text().view() : "",
      b.conditions.engine_version.stated() ? b.conditions.engine_version.text().view() : "");
  if (fallback.narrowest.bits <= 0 || narrowest.bits < fallback.narrowest.bits) {
    fallback.narrowest = narrowest;
  }
  const Condition& input = b.conditions.input_tokens;
  if (!input.integer || *input.integer < 0) {
    kv_facts.context_unknown = true;
  } else if (kv_facts.shortest < 0 || *input.integer < kv_facts.shortest) {
    kv_facts.shortest = *input.integer;
    kv_facts.shortest_id = b.header.id.str();
  }
  for (const auto& r : a.roofs) {
    const bool memory = r.instrument == ids::kMemoryRoof;
    const bool kv = r.instrument == ids::kKvRoof || r.instrument == ids::kKvFloor;
    const bool floor = r.instrument == ids::kTpotFloor || r.instrument == ids::kKvFloor;
    if (r.instrument == ids::kComputeRoof && Computed(r)) {
      double f = TermOf(r, "F"), params = TermOf(r, "P"), n = TermOf(r, "n");
      if (f > 0 && params > 0) roof.compute_cap = std::max(roof.compute_cap, f / (2 * params));
      if (params > 0 && n > 0 && !r.accelerators.empty()) {
        if (fallback.params <= 0 || params < fallback.params) fallback.params = params;
        fallback.n = std::max(fallback.n, n);
        fallback.parts.assign(r.accelerators.begin(), r.accelerators.end());
      }
      continue;
    }
    if (!(memory || kv || floor) || !Computed(r)) {
      if ((memory || floor) && roof.problem.empty() && !r.reason.empty() &&
          r.verdict == Verdict::kNotComputable) {
        roof.problem = fmt::format("{} of {}: {}", r.instrument, b.header.id, r.reason);
      }
      continue;
    }
    // KV(I) from any KV-aware bound, its saturated form (no W) included.
    if (double k = kv ? TermOf(r, "KV(I)") : 0; k > 0 && input.integer && *input.integer > 0) {
      double per_token = k / static_cast<double>(*input.integer);
      if (kv_facts.per_token <= 0 || per_token < kv_facts.per_token) {
        kv_facts.per_token = per_token;
        kv_facts.per_token_id = b.header.id.str();
      }
    }
    double w = TermOf(r, "W"), bw = TermOf(r, "BW"), n = TermOf(r, "n");
    if (w <= 0 || bw <= 0 || n <= 0) continue;
    // A part with memory tiers: its roof is not n x BW / W, and the plane's lines assume it is.
    if (r.formula && r.formula->Find("BW_c") != nullptr) continue;
    // A bound resting on an assumed W: the assumption-free bound is the one the least W gives.
    // The memory roof is proportional to 1 / W and the TPOT floor's memory term to W. (Not the
    // KV-aware bounds, whose assumption-free form may also read one shared cache.)
    if (!kv && std::isfinite(r.assumption_free_bound) && r.assumption_free_bound > 0) {
      if (!floor && r.assumption_free_bound > r.bound) w *= r.bound / r.assumption_free_bound;
      if (floor && r.assumption_free_bound < r.bound) w *= r.assumption_free_bound / r.bound;
    }
    if (roof.weight_bytes <= 0 || w < roof.weight_bytes) roof.weight_bytes = w;
    roof.bandwidth = std::max(roof.bandwidth, bw);
    roof.n = std::max(roof.n, n);
  }
}

}  // namespace

bool IsServingMetric(Metric m) {
  return m == Metric::kPerUserDecode || m == Metric::kAggregateOutput || m == Metric::kTpot ||
         m == Metric::kItl;
}

double PlaneRoof::PerUserAt(double batch) const {
  return n * bandwidth / (weight_bytes + batch * kv_bytes);
}

double PlaneRoof::PerAcceleratorAt(double batch) const {
  return batch * bandwidth / (weight_bytes + batch * kv_bytes);
}

double PlaneRoof::MaxPerAccelerator(double per_user) const {
  if (!Known() || per_user > PerUserAt(1) * (1 + 1e-12)) return 0;
  if (kv_bytes <= 0) return std::numeric_limits<double>::infinity();
  return (n * bandwidth - weight_bytes * per_user) / (n * kv_bytes);
}

ServingPlane BuildServingPlane(const Report& report) {
  ServingPlane plane;
  const auto& records = report.sweep.records;
  // The runs first: what each run holds besides a record.
  std::map<std::string, RunFacts> runs;
  for (const auto& a : records) {
    if (a.benchmark == nullptr) continue;
    const Benchmark& b = *a.benchmark;
    if (!IsServingMetric(b.metric) || b.set.empty() || !(b.value.si > 0)) continue;
    RunFacts& run = runs[RunKey(b)];
    if (b.metric == Metric::kAggregateOutput) {
      if (run.aggregate == nullptr) run.aggregate = &b;
    } else if (int rank = PerUserRank(b); rank < run.per_user_rank) {
      run.per_user = &b;
      run.per_user_rank = rank;
    }
  }
  struct Building {
    PlaneGroup group;
    KvFacts kv;
    Fallback fallback;
  };
  std::vector<Building> groups;
  std::map<std::string, size_t> index;
  static const RunFacts kNoRun;
  for (const auto& a : records) {
    if (a.benchmark == nullptr || !IsServingMetric(a.benchmark->metric)) continue;
    const Benchmark& b = *a.benchmark;
    ++plane.serving_records;
    auto run = b.set.empty() ? runs.end() : runs.find(RunKey(b));
    Placement p = Place(a, run == runs.end() ? kNoRun : run->second);
    if (!p.reason.empty()) {
      plane.unplaced.push_back({p.point.id, p.point.anchor, std::move(p.reason)});
      continue;
    }
    std::string hardware = HardwareOf(a);
    int64_t count = b.accelerator_count_absent.empty() ? b.accelerator_count : 0;
    std::string key = fmt::format("{}|{}|{}|{}", b.model, hardware, count, b.precision);
    auto [it, fresh] = index.emplace(key, groups.size());
    if (fresh) {
      Building g;
      g.group.model = b.model.str();
      g.group.hardware = hardware;
      g.group.precision = b.precision.str();
      g.group.count = count;
      g.group.batch_one = true;
      groups.push_back(std::move(g));
    }
    Building& g = groups[it->second];
    AddTerms(a, g.group.roof, g.kv, g.fallback);
    g.group.batch_one = g.group.batch_one && p.point.batch_one;
    ++plane.points;
    if (p.point.per_accelerator <= 0) ++plane.on_x_axis;
    g.group.points.push_back(std::move(p.point));
  }
  for (auto& g : groups) {
    PlaneRoof& roof = g.group.roof;
    const Fallback& fb = g.fallback;
    if (!roof.Known() && fb.params > 0 && fb.narrowest.bits > 0 && report.corpus != nullptr) {
      // No record's memory bound gives W (the precision is not stated): P at the fewest bits
      // the engine loads, as `rooflint check` bounds it, on the parts the compute roof used.
      double bandwidth = 0;
      for (const auto& id : fb.parts) {
        if (const Accelerator* part = report.corpus->FindAccelerator(id)) {
          // A part with memory tiers has no one-memory line: no fallback for the group.
          if (part->Tiered()) {
            bandwidth = 0;
            break;
          }
          bandwidth = std::max(bandwidth, part->bandwidth.si());
        }
      }
      if (bandwidth > 0) {
        roof.weight_bytes = fb.params * fb.narrowest.bits / 8;
        roof.bandwidth = bandwidth;
        roof.n = fb.n;
        roof.w_basis = fmt::format(
            "W = {} params x {:g} bits = {}: the precision is not stated, so the fewest bits "
            "{} loads ({}), the generous side",
            FormatSi(fb.params), fb.narrowest.bits, FormatBytes(roof.weight_bytes),
            fb.narrowest.engine, fb.narrowest.format);
      }
    }
    if (roof.Known()) {
      roof.problem.clear();
      const KvFacts& kv = g.kv;
      if (kv.context_unknown) {
        roof.kv_basis = "KV not counted (the generous side): a record states no input length";
      } else if (kv.shortest == 0) {
        roof.kv_basis =
            fmt::format("KV not counted: {} decodes from an empty context", kv.shortest_id);
      } else if (kv.per_token <= 0) {
        roof.kv_basis =
            "KV not counted (the generous side): no record's KV-aware bound gives "
            "its size";
      } else {
        roof.kv_bytes = kv.per_token * static_cast<double>(kv.shortest);
        roof.kv_basis = fmt::format(
            "KV = {} at the shortest context, {} input tokens ({}; {} per token, from {}), one "
            "private cache per sequence: a shared prefix lets a step read less",
            FormatBytes(roof.kv_bytes), kv.shortest, kv.shortest_id, FormatBytes(kv.per_token),
            kv.per_token_id);
      }
    } else {
      roof.weight_bytes = 0;
      if (roof.problem.empty()) roof.problem = "no memory roof computed for these records";
    }
    plane.groups.push_back(std::move(g.group));
  }
  // Serving runs and batches first, most points first; then the single streams.
  std::stable_sort(plane.groups.begin(), plane.groups.end(),
                   [](const PlaneGroup& x, const PlaneGroup& y) {
                     if (x.batch_one != y.batch_one) return !x.batch_one;
                     return x.points.size() > y.points.size();
                   });
  for (size_t i = 0; i < plane.groups.size(); ++i) {
    plane.groups[i].id = fmt::format("plane-{}", i + 1);
  }
  return plane;
}

}  // namespace rooflint
