// accept-roof: the bound a stated mean acceptance length gives a speculative run, with its hand
// arithmetic. Llama-70B fp8 (70e9 params: W = 70 GB) on 8 H100 (3350 GB/s each, 26.8 TB/s):
// one weight pass takes 70e9 / 26.8e12 s, 382.857 passes per second.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "rooflint/audit.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::AuditOf;
using testing::TestCorpus;

std::string AcceptClaim(const std::string& id, const std::string& metric, const std::string& value,
                        const std::string& load, const std::string& speculative) {
  return "id = \"" + id + "\"\ntitle = \"t\"\nmetric = \"" + metric + "\"\nvalue = \"" + value +
         "\"\nmodel = \"llama-70b\"\nprecision = \"fp8\"\nhardware = \"8x H100\"\n"
         "accelerators = [\"h100\"]\naccelerator_count = 8\nsource = \"s\"\nlocator = \"l\"\n\n"
         "[conditions]\n" +
         load + "\ninput_tokens = 512\noutput_tokens = 256\nspeculative = " + speculative +
         "\nengine = \"vllm\"\nengine_version = { absent = \"x\" }\nwarmup = { absent = \"x\" }\n"
         "scenario = { absent = \"x\" }\n";
}

class AcceptRoofTest : public ::testing::Test {
 protected:
  AcceptRoofTest() {
    corpus_
        .Add(RecordKind::kSource,
             "id = \"s\"\ntitle = \"t\"\npublisher = \"p\"\nurl = \"https://example.org\"\n"
             "date = 2026-01-01\nkind = \"paper\"\n")
        .Add(RecordKind::kAccelerator,
             "id = \"h100\"\nname = \"H100\"\nvendor = \"V\"\nform_factor = \"sxm\"\n"
             "aliases = []\nmemory = \"80 GiB\"\nbandwidth = \"3350 GB/s\"\n[peak_dense]\n"
             "bf16 = \"989 TFLOPS\"\nfp8 = \"1979 TFLOPS\"\n[sources]\nmemory = \"s\"\n"
             "bandwidth = \"s\"\npeak_dense = \"s\"\n")
        .Add(RecordKind::kModel,
             "id = \"llama-70b\"\nname = \"llama-70b\"\naliases = []\nnative_precision = "
             "\"bf16\"\nsource = \"s\"\nparams_total = 70e9\nlayers = 80\nkv_heads = 8\n"
             "head_dim = 128\ntied_embeddings = true\n");
  }

  // The accept-roof result of record `id`, and its finding (null when none).
  struct Outcome {
    InstrumentResult result;
    const Finding* finding = nullptr;
    int findings_on_record = 0;
  };
  Outcome Run(const std::string& id) {
    sweep_ = Sweep(corpus_.Build());
    Outcome o;
    for (const auto& r : AuditOf(sweep_, id).roofs) {
      if (r.instrument == "accept-roof") o.result = r;
    }
    for (const Finding& f : sweep_.findings) {
      if (f.record != id) continue;
      if (f.instrument == "accept-roof") o.finding = &f;
      if (f.code == "exceeds-roof" || f.code == "exceeds-roof-assuming") ++o.findings_on_record;
    }
    return o;
  }

  TestCorpus corpus_;
  SweepResult sweep_;
};

TEST_F(AcceptRoofTest, AggregatePastTheMeanAcceptanceIsAnError) {
  // EAGLE-3 with a mean of 2.5 accepted tokens and no draft length (spec-roof cannot bound it):
  // 8 x 2.5 x 382.857 = 7657.1 tok/s; 9000 tok/s is 117.5%.
  corpus_.Add(RecordKind::kBenchmark,
              AcceptClaim("agg", "aggregate-output", "9000 tok/s", "batch = 8",
                          "{ method = \"eagle3\", acceptance_length = 2.5 }"));
  Outcome o = Run("agg");
  EXPECT_EQ(o.result.verdict, Verdict::kExceeds);
  EXPECT_NEAR(o.result.bound, 7657.14, 0.01);
  ASSERT_NE(o.finding, nullptr);
  EXPECT_EQ(o.finding->severity, Severity::kError);
  EXPECT_EQ(o.finding->code, "exceeds-roof");
}

TEST_F(AcceptRoofTest, AggregateWithinTheBoundPasses) {
  // 7000 tok/s is 91.4% of the same 7657.1.
  corpus_.Add(RecordKind::kBenchmark,
              AcceptClaim("agg-ok", "aggregate-output", "7000 tok/s", "batch = 8",
                          "{ method = \"eagle3\", acceptance_length = 2.5 }"));
  Outcome o = Run("agg-ok");
  EXPECT_EQ(o.result.verdict, Verdict::kWithin);
  EXPECT_NEAR(o.result.percent, 91.42, 0.01);
  EXPECT_EQ(o.finding, nullptr);
}

TEST_F(AcceptRoofTest, PerUserPastTheMeanIsAWarningNamingTheAssumption) {
  // 2.5 x 382.857 = 957.1 tok/s; 1000 tok/s per user is 104.5%. A request that accepts more
  // than the run's mean runs faster, so the per-user bound rests on an assumption.
  corpus_.Add(RecordKind::kBenchmark,
              AcceptClaim("user", "per-user-decode", "1000 tok/s", "batch = 1",
                          "{ method = \"eagle3\", acceptance_length = 2.5 }"));
  Outcome o = Run("user");
  EXPECT_EQ(o.result.verdict, Verdict::kExceeds);
  EXPECT_NEAR(o.result.bound, 957.14, 0.01);
  ASSERT_NE(o.finding, nullptr);
  EXPECT_EQ(o.finding->severity, Severity::kWarning);
  EXPECT_EQ(o.finding->code, "exceeds-roof-assuming");
  EXPECT_NE(o.finding->message.find("accepts the run's mean of 2.5"), std::string::npos)
      << o.finding->message;
}

TEST_F(AcceptRoofTest, PastTheDraftLengthTooIsReportedOnceBySpecRoof) {
  // k = 2 and a = 2.5: spec-roof gives 8 x 3 x 382.857 = 9188.6 tok/s, accept-roof 7657.1;
  // 10,000 tok/s is past both, and one finding (spec-roof's) reports it.
  corpus_.Add(RecordKind::kBenchmark,
              AcceptClaim("both", "aggregate-output", "10000 tok/s", "batch = 8",
                          "{ method = \"eagle3\", draft_tokens = 2, acceptance_length = 2.5 }"));
  Outcome o = Run("both");
  EXPECT_EQ(o.result.verdict, Verdict::kExceeds);
  EXPECT_EQ(o.finding, nullptr);
  EXPECT_EQ(o.findings_on_record, 1);
}

TEST_F(AcceptRoofTest, OnlyBetweenTheTwoBoundsItIsAcceptRoofs) {
  // 8500 tok/s: under spec-roof's 9188.6, over accept-roof's 7657.1.
  corpus_.Add(RecordKind::kBenchmark,
              AcceptClaim("between", "aggregate-output", "8500 tok/s", "batch = 8",
                          "{ method = \"eagle3\", draft_tokens = 2, acceptance_length = 2.5 }"));
  Outcome o = Run("between");
  ASSERT_NE(o.finding, nullptr);
  EXPECT_EQ(o.finding->severity, Severity::kError);
}

TEST_F(AcceptRoofTest, DoesNotApplyWithoutAStatedAcceptanceLength) {
  corpus_.Add(RecordKind::kBenchmark,
              AcceptClaim("k-only", "aggregate-output", "9000 tok/s", "batch = 8",
                          "{ method = \"eagle3\", draft_tokens = 4 }"));
  corpus_.Add(RecordKind::kBenchmark,
              AcceptClaim("no-spec", "aggregate-output", "2000 tok/s", "batch = 8", "false"));
  Outcome o = Run("k-only");
  EXPECT_EQ(o.result.verdict, Verdict::kNotApplicable);
  EXPECT_NE(o.result.reason.find("no mean acceptance length"), std::string::npos);
  EXPECT_EQ(Run("no-spec").result.verdict, Verdict::kNotApplicable);
}

TEST_F(AcceptRoofTest, AggregateWithoutABatchIsNotComputable) {
  corpus_.Add(RecordKind::kBenchmark,
              AcceptClaim("no-batch", "aggregate-output", "9000 tok/s",
                          "batch = { absent = \"not stated\" }",
                          "{ method = \"eagle3\", acceptance_length = 2.5 }"));
  EXPECT_EQ(Run("no-batch").result.verdict, Verdict::kNotComputable);
}

}  // namespace
}  // namespace rooflint
