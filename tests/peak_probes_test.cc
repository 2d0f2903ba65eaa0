// Probes of the peaks the compute bounds take, on the bundled corpus: a claim written the way
// a real run is, added to the shipped records and swept with them, each with its hand
// arithmetic. An honest claim gets no error; a bound that rests on a rated clock says so.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "fixtures.h"
#include "probe_corpus.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::Absent;
using testing::AuditOf;
using testing::BenchRecord;
using testing::ProbeClaim;
using testing::RoofOf;
using testing::SweepBundledWith;

// A prefill claim of Llama-3.1-8B on one part, as the bundled corpus writes one.
BenchRecord PeakPrefillClaim(const std::string& id, const std::string& value,
                             const std::string& precision, const std::string& part) {
  BenchRecord b = ProbeClaim(id);
  b.metric = "prefill";
  b.value = value;
  b.model = "llama-3.1-8b";
  b.precision = precision;
  b.hardware = part;
  b.pointer = testing::PointTo({part});
  b.accelerator_count = 1;
  b.batch = 1;
  b.input_tokens = 512;
  b.output_tokens = 1;
  b.engine = "vllm";
  return b;
}

const Finding* PeakFindingOf(const SweepResult& s, std::string_view id, std::string_view instrument,
                             Severity severity) {
  for (const Finding& f : s.findings) {
    if (f.record == id && f.instrument == instrument && f.severity == severity) return &f;
  }
  return nullptr;
}

// Sweeps a prefill claim and checks that its compute roof is `bound` at `percent` with no
// error; the hand arithmetic is beside each call.
void ExpectWithinComputeRoof(const std::string& id, const std::string& value,
                             const std::string& precision, const std::string& part, double bound,
                             double percent) {
  SweepResult s = SweepBundledWith(id, PeakPrefillClaim(id, value, precision, part));
  const InstrumentResult* roof = RoofOf(AuditOf(s, id), "compute-roof");
  ASSERT_NE(roof, nullptr) << id;
  EXPECT_NEAR(roof->bound, bound, 0.1) << id;
  EXPECT_NEAR(roof->percent, percent, 0.05) << id;
  EXPECT_EQ(PeakFindingOf(s, id, "compute-roof", Severity::kError), nullptr) << id;
}

// Llama-3.1-8B in fp8 on one RTX 4090: P = 8,030,261,248 - 525,336,576 untied input table =
// 7,504,924,672. Ada GeForce runs FP8 with FP16 accumulate at 660.6 TFLOP/s (128 SMs x 2048
// x 2.52 GHz; FP32 accumulate is 330.3):
//   roof = 660.6e12 / (2 x 7.5049e9) = 44,011.1 tok/s, and 30,000 is 68.2% of it (at the
//   330.3 FP32-accumulate rate alone the roof was 22,005.6 and 30,000 was 136.3%).
// A GeForce card boosts past its rated clock: an error rests on 1.25 x the rated peak,
// 55,013.9 tok/s. 50,000 tok/s is 113.6% of the rated roof, 90.9% of that: a warning naming
// the rated clock; 60,000 is 109.1% of it: an error.
TEST(PeakProbes, GeForceFp8PrefillTakesTheFp16AccumulateRateAndClockHeadroom) {
  const std::string id = "zz-probe-4090-fp8-prefill";
  SweepResult s =
      SweepBundledWith(id, PeakPrefillClaim(id, "30000 tok/s", "fp8", "nvidia-rtx-4090"));
  const InstrumentResult* roof = RoofOf(AuditOf(s, id), "compute-roof");
  ASSERT_NE(roof, nullptr);
  EXPECT_NEAR(roof->bound, 44011.1, 0.1);
  EXPECT_NEAR(roof->percent, 68.2, 0.05);
  for (const Finding& f : s.findings) {
    EXPECT_FALSE(f.record == id && f.severity == Severity::kError) << f.message.view();
  }

  const std::string fast = "zz-probe-4090-fp8-prefill-fast";
  SweepResult w =
      SweepBundledWith(fast, PeakPrefillClaim(fast, "50000 tok/s", "fp8", "nvidia-rtx-4090"));
  const InstrumentResult* boosted = RoofOf(AuditOf(w, fast), "compute-roof");
  ASSERT_NE(boosted, nullptr);
  EXPECT_NEAR(boosted->percent, 113.6, 0.05);
  EXPECT_NEAR(boosted->assumption_free_bound, 55013.9, 0.1);
  EXPECT_EQ(PeakFindingOf(w, fast, "compute-roof", Severity::kError), nullptr);
  const Finding* warning = PeakFindingOf(w, fast, "compute-roof", Severity::kWarning);
  ASSERT_NE(warning, nullptr);
  EXPECT_NE(warning->message.view().find("runs at its rated boost clock"), std::string_view::npos)
      << warning->message.view();

  const std::string bad = "zz-probe-4090-fp8-prefill-impossible";
  SweepResult e =
      SweepBundledWith(bad, PeakPrefillClaim(bad, "60000 tok/s", "fp8", "nvidia-rtx-4090"));
  EXPECT_NE(PeakFindingOf(e, bad, "compute-roof", Severity::kError), nullptr);
}

// TPU v5p runs int8 at 918 TOPS, twice its bf16 459: an int8 prefill's roof is
// 918e12 / (2 x 7.5049e9) = 61,159.8 tok/s (without the int8 peak it fell back to bf16's
// 30,579.9). A part that is no GeForce card has no clock headroom.
TEST(PeakProbes, TpuV5pInt8TakesItsInt8Peak) {
  const std::string id = "zz-probe-v5p-int8-prefill";
  SweepResult s =
      SweepBundledWith(id, PeakPrefillClaim(id, "40000 tok/s", "int8", "google-tpu-v5p"));
  const InstrumentResult* roof = RoofOf(AuditOf(s, id), "compute-roof");
  ASSERT_NE(roof, nullptr);
  EXPECT_NEAR(roof->bound, 61159.8, 0.1);
  EXPECT_TRUE(std::isnan(roof->assumption_free_bound));
}

// MI355X: AMD prints 2.5 PFLOPS BF16, rounded; its own clock and Matrix Cores give
// 2400 MHz x 512 FMAs x 2 x 1024 = 2516.6 TFLOPS. A bf16 prefill's roof is
// 2516.6e12 / (2 x 7.5049e9) = 167,663.2 tok/s; 167,000 is 99.6% of it (at the rounded 2500
// the roof was 166,557.3 and 167,000 an error at 100.3%). FP8 runs at twice the rate:
// 5033.2e12 / (2 x 7.5049e9) = 335,326.5 tok/s, and 300,000 is 89.5% of it.
TEST(PeakProbes, Mi355xTakesItsExactPeaks) {
  ExpectWithinComputeRoof("zz-probe-mi355x-bf16-prefill", "167000 tok/s", "bf16", "amd-mi355x",
                          167663.2, 99.6);
  ExpectWithinComputeRoof("zz-probe-mi355x-fp8-prefill", "300000 tok/s", "fp8", "amd-mi355x",
                          335326.5, 89.5);
}

// Gaudi 3 at its white paper's 1750 MHz MME clock: 8 x 256 x 256 x 2 x 1750 MHz = 1835
// TFLOPS bf16 (1677 at the 1600 MHz some parts ship at). A bf16 prefill's roof is
// 1835e12 / (2 x 7.5049e9) = 122,253.1 tok/s; 115,000 is 94.1% of it (at 1677 the roof was
// 111,726.6 and 115,000 an error at 102.9%); 130,000 is 106.3%: still an error.
TEST(PeakProbes, Gaudi3TakesItsRatedClock) {
  ExpectWithinComputeRoof("zz-probe-gaudi3-bf16-prefill", "115000 tok/s", "bf16", "intel-gaudi3",
                          122253.1, 94.1);
  const std::string bad = "zz-probe-gaudi3-bf16-prefill-impossible";
  SweepResult e =
      SweepBundledWith(bad, PeakPrefillClaim(bad, "130000 tok/s", "bf16", "intel-gaudi3"));
  EXPECT_NE(PeakFindingOf(e, bad, "compute-roof", Severity::kError), nullptr);
}

// A10G: 70 TFLOPS with FP32 accumulate; GA10x runs FP16 with FP16 accumulate at twice that,
// 140. An fp16 prefill's roof is 140e12 / (2 x 7.5049e9) = 9,327.2 tok/s; 6,000 is 64.3% of
// it (at 70 alone the roof was 4,663.6 and 6,000 an error at 128.7%).
TEST(PeakProbes, A10gTakesItsFp16AccumulateRate) {
  ExpectWithinComputeRoof("zz-probe-a10g-fp16-prefill", "6000 tok/s", "fp16", "nvidia-a10g", 9327.2,
                          64.3);
}

// Every Ada and Blackwell GeForce card runs FP8 with FP16 accumulate at its INT8 rate, twice
// the FP32-accumulate fp8 (2048 against 1024 FLOPS per SM per clock): RTX 4080, 76 SMs x 2048
// x 2.505 GHz = 389.9 TFLOPS. An fp8 prefill's roof is 389.9e12 / (2 x 7.5049e9) = 25,976.3
// tok/s; 20,000 is 77.0% of it (at the FP32-accumulate 194.9 alone the roof was 12,984.8 and
// even with the 1.25 clock headroom, 16,231.0, 20,000 was an error).
TEST(PeakProbes, EveryGeForceFp8TakesItsFp16AccumulateRate) {
  ExpectWithinComputeRoof("zz-probe-4080-fp8-prefill", "20000 tok/s", "fp8", "nvidia-rtx-4080",
                          25976.3, 77.0);
}

}  // namespace
}  // namespace rooflint
