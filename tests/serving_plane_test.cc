// The serving plane of the HTML report: where each serving record sits (per-user tok/s against
// tok/s per accelerator), the reasons of those that cannot, and the bounds read from the
// records' own roofs.
#include "report/serving_plane.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "fixtures.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"

namespace rooflint::plane_test {
namespace {

using testing::Absent;
using testing::AddTrio;
using testing::BenchRecord;
using testing::NoPointer;

class ServingPlane : public testing::RoofsTest {
 protected:
  ::rooflint::ServingPlane Build() {
    const Corpus& corpus = corpus_.Build();
    report_ = BuildReport(corpus, Sweep(corpus));
    return BuildServingPlane(report_);
  }
  void Add(const BenchRecord& r) { corpus_.Add(RecordKind::kBenchmark, r.Toml()); }

  static const PlanePoint* PointOf(const ::rooflint::ServingPlane& plane, std::string_view id) {
    for (const auto& g : plane.groups) {
      for (const auto& p : g.points) {
        if (p.id == id) return &p;
      }
    }
    return nullptr;
  }
  static std::string ReasonOf(const ::rooflint::ServingPlane& plane, std::string_view id) {
    for (const auto& u : plane.unplaced) {
      if (u.id == id) return u.reason;
    }
    return "";
  }

  Report report_;
};

// A serving run with no batch: an aggregate rate and the TPOT of the same run.
BenchRecord RunRecord(const char* id, const char* metric, const char* value) {
  return BenchRecord{.id = id,
                     .metric = metric,
                     .value = value,
                     .extra = "set = \"run\"",
                     .batch = std::nullopt,
                     .concurrency = Absent("open-loop arrivals")};
}

TEST_F(ServingPlane, BatchDropsOutOfTheMemoryBound) {
  // MPT-7B fp16 on one A100 40GB, KV at 512 tokens of 4-bit elements.
  PlaneRoof roof{.n = 1, .bandwidth = 1555e9, .weight_bytes = 14e9, .kv_bytes = 67.1e6};
  for (double batch : {1.0, 8.0, 64.0, 1000.0}) {
    double x = roof.PerUserAt(batch);
    EXPECT_NEAR(x, 1555e9 / (14e9 + batch * 67.1e6), 1e-9);
    EXPECT_NEAR(roof.PerAcceleratorAt(batch), batch * x, 1e-6);
    // y = (n BW - W x) / (n KV) at the x of batch B is the y of batch B.
    EXPECT_NEAR(roof.MaxPerAccelerator(x) / roof.PerAcceleratorAt(batch), 1, 1e-9) << batch;
  }
  // Past the batch-1 rate no batch reaches: nothing.
  EXPECT_EQ(roof.MaxPerAccelerator(roof.PerUserAt(1) * 1.01), 0);
  // Without KV the memory bound is the line x = n BW / W: y unbounded left of it.
  PlaneRoof no_kv{.n = 2, .bandwidth = 1555e9, .weight_bytes = 14e9};
  EXPECT_TRUE(std::isinf(no_kv.MaxPerAccelerator(200)));
  EXPECT_EQ(no_kv.MaxPerAccelerator(223), 0);  // 2 x 1555e9 / 14e9 = 222.1
}

TEST_F(ServingPlane, TrioSitsOnOnePlaneUnderTheRecordsOwnRoof) {
  AddTrio(Base(), "800 tok/s", "");
  auto plane = Build();
  ASSERT_EQ(plane.groups.size(), 1u);
  const PlaneGroup& g = plane.groups.front();
  EXPECT_EQ(g.points.size(), 3u);
  EXPECT_FALSE(g.batch_one);
  EXPECT_EQ(plane.serving_records, 3u);
  EXPECT_TRUE(plane.unplaced.empty());
  const PlanePoint* bs1 = PointOf(plane, "bs1");
  const PlanePoint* agg = PointOf(plane, "bs64a");
  const PlanePoint* user = PointOf(plane, "bs64u");
  ASSERT_TRUE(bs1 && agg && user);
  EXPECT_DOUBLE_EQ(bs1->per_user, 57.6);
  EXPECT_DOUBLE_EQ(bs1->per_accelerator, 57.6);
  EXPECT_DOUBLE_EQ(agg->per_user, 12.5);  // 800 / batch 64
  EXPECT_DOUBLE_EQ(agg->per_accelerator, 800);
  EXPECT_DOUBLE_EQ(user->per_accelerator, 800);  // batch 64 x 12.5 / 1
  EXPECT_EQ(agg->how,
            "per user = 800.0 tok/s / batch 64 = 12.5 tok/s; per accelerator = 800.0 tok/s / 1 "
            "= 800.0 tok/s");
  // W as the records state it, the A100's 1555 GB/s, and KV at their 512 input tokens.
  EXPECT_DOUBLE_EQ(g.roof.weight_bytes, 14e9);
  EXPECT_DOUBLE_EQ(g.roof.bandwidth, 1555e9);
  EXPECT_DOUBLE_EQ(g.roof.n, 1);
  EXPECT_GT(g.roof.kv_bytes, 0);
  EXPECT_NE(g.roof.kv_basis.find("512 input tokens"), std::string::npos) << g.roof.kv_basis;
  EXPECT_GT(g.roof.compute_cap, 0);
  // Every point is under the bound.
  for (const auto& p : g.points) {
    EXPECT_LE(p.per_accelerator, g.roof.MaxPerAccelerator(p.per_user)) << p.id;
  }
}

TEST_F(ServingPlane, TpotGivesThePerUserRateAndTheRunItsAggregate) {
  Base();
  Add(RunRecord("agg", "aggregate-output", "800 tok/s"));
  Add(RunRecord("tpot", "tpot", "20 ms"));
  auto plane = Build();
  const PlanePoint* tpot = PointOf(plane, "tpot");
  const PlanePoint* agg = PointOf(plane, "agg");
  ASSERT_TRUE(tpot && agg);
  EXPECT_DOUBLE_EQ(tpot->per_user, 50);  // 1000 / 20 ms
  EXPECT_DOUBLE_EQ(tpot->per_accelerator, 800);
  EXPECT_EQ(tpot->how,
            "per user = 1000 / TPOT 20.0 ms = 50.0 tok/s (the per-user rate derived from the "
            "TPOT); per accelerator = 800.0 tok/s aggregate (agg, same run) / 1 = 800.0 tok/s");
  EXPECT_DOUBLE_EQ(agg->per_user, 50);
  EXPECT_NE(agg->how.find("1000 / TPOT 20.0 ms = 50.0 tok/s"), std::string::npos) << agg->how;
  EXPECT_EQ(plane.on_x_axis, 0u);
  // With no batch the KV-aware roof of the aggregate is its saturated form, n x BW / KV(I):
  // its KV(I) still gives the curve's KV, at the run's 512 input tokens.
  ASSERT_EQ(plane.groups.size(), 1u);
  EXPECT_GT(plane.groups.front().roof.kv_bytes, 0);
  EXPECT_NE(plane.groups.front().roof.kv_basis.find("512 input tokens"), std::string::npos)
      << plane.groups.front().roof.kv_basis;
}

TEST_F(ServingPlane, TpotAloneSitsOnTheXAxis) {
  Base();
  Add(BenchRecord{.id = "alone",
                  .metric = "tpot",
                  .value = "25 ms",
                  .batch = std::nullopt,
                  .concurrency = Absent("not reported")});
  auto plane = Build();
  const PlanePoint* p = PointOf(plane, "alone");
  ASSERT_NE(p, nullptr);
  EXPECT_DOUBLE_EQ(p->per_user, 40);
  EXPECT_EQ(p->per_accelerator, 0);
  EXPECT_EQ(plane.on_x_axis, 1u);
  EXPECT_NE(p->how.find("on the x axis"), std::string::npos) << p->how;
}

TEST_F(ServingPlane, ConcurrencyPlacesAnAggregateWithNoBatch) {
  Base();
  Add(BenchRecord{.id = "c16",
                  .metric = "aggregate-output",
                  .value = "800 tok/s",
                  .batch = std::nullopt,
                  .concurrency = 16});
  auto plane = Build();
  const PlanePoint* p = PointOf(plane, "c16");
  ASSERT_NE(p, nullptr);
  EXPECT_DOUBLE_EQ(p->per_user, 50);  // at least 800 / 16
  EXPECT_DOUBLE_EQ(p->per_accelerator, 800);
  EXPECT_NE(p->how.find("per user at least 800.0 tok/s / concurrency 16"), std::string::npos)
      << p->how;
}

TEST_F(ServingPlane, NoBatchConcurrencyOrTpotIsAStatedReason) {
  Base();
  Add(BenchRecord{.id = "offline",
                  .metric = "aggregate-output",
                  .value = "800 tok/s",
                  .batch = Absent("not published"),
                  .concurrency = std::nullopt});
  auto plane = Build();
  EXPECT_EQ(PointOf(plane, "offline"), nullptr);
  EXPECT_EQ(ReasonOf(plane, "offline"),
            "per-user rate unknown: the record and its run state no batch, concurrency or TPOT");
  EXPECT_EQ(plane.serving_records, 1u);
  EXPECT_EQ(plane.points, 0u);
}

TEST_F(ServingPlane, UnknownCountOrAcceleratorNeverCrashes) {
  Base();
  // No count and a hardware text that states none: an aggregate has no per-accelerator rate.
  Add(BenchRecord{.id = "no-count",
                  .metric = "aggregate-output",
                  .value = "800 tok/s",
                  .hardware = "NVIDIA A100 40GB",
                  .accelerator_count = Absent("not stated"),
                  .batch = 64});
  // A part the corpus lacks: the point stands, with no bound to draw.
  Add(BenchRecord{.id = "mystery",
                  .hardware = "Mystery NPU 9000",
                  .pointer = NoPointer("no-record", "not in the corpus")});
  auto plane = Build();
  EXPECT_EQ(ReasonOf(plane, "no-count"),
            "accelerator count unknown (not stated, and the hardware text gives none): no "
            "per-accelerator rate");
  const PlanePoint* p = PointOf(plane, "mystery");
  ASSERT_NE(p, nullptr);
  EXPECT_DOUBLE_EQ(p->per_accelerator, 57.6);
  for (const auto& g : plane.groups) {
    if (g.points.front().id != "mystery") continue;
    EXPECT_FALSE(g.roof.Known());
    EXPECT_FALSE(g.roof.problem.empty());
    EXPECT_EQ(g.hardware, "Mystery NPU 9000");
  }
}

TEST_F(ServingPlane, HostileTextIsEscapedOnThePlaneAndInTheTable) {
  Base();
  Add(BenchRecord{.id = "hostile",
                  .hardware = "<script>alert(1)</script> & 'q'",
                  .pointer = NoPointer("no-record", "not in the corpus"),
                  .engine = "<img src=x onerror=alert(1)>"});
  auto plane = Build();
  ASSERT_NE(PointOf(plane, "hostile"), nullptr);
  std::ostringstream out;
  PrintHtml(report_, out);
  std::string html = out.str();
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; 'q'"), std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
}

TEST_F(ServingPlane, EveryServingRecordOfTheBundledCorpusHasAPointOrAReason) {
  Corpus bundled = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  Report r = BuildReport(bundled, Sweep(bundled));
  auto plane = BuildServingPlane(r);
  size_t serving = 0;
  for (const auto& b : bundled.benchmarks) serving += IsServingMetric(b.metric) ? 1 : 0;
  EXPECT_EQ(plane.serving_records, serving);
  EXPECT_EQ(plane.points + plane.unplaced.size(), serving);
  size_t points = 0;
  for (const auto& g : plane.groups) {
    for (const auto& p : g.points) {
      ++points;
      EXPECT_GT(p.per_user, 0) << p.id;
      EXPECT_FALSE(p.how.empty()) << p.id;
      // A point past its group's memory bound must be a figure its own audit flags.
      if (g.roof.Known() && p.per_accelerator > 0 && !p.exceeds) {
        EXPECT_LE(p.per_user, g.roof.PerUserAt(1) * 1.0001) << p.id;
      }
    }
  }
  EXPECT_EQ(points, plane.points);
  for (const auto& u : plane.unplaced) EXPECT_FALSE(u.reason.empty()) << u.id;
  // The MPT-7B trio's batch-64 pair shares a place: 12.5 tok/s per user, 800 per accelerator.
  const PlanePoint* bs64 = PointOf(plane, "mpt7b-a100-bs64-aggregate-output-tps");
  ASSERT_NE(bs64, nullptr);
  EXPECT_DOUBLE_EQ(bs64->per_user, 12.5);
  EXPECT_DOUBLE_EQ(bs64->per_accelerator, 800);
}

}  // namespace
}  // namespace rooflint::plane_test
