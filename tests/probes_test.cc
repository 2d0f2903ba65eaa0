// Probes on the bundled corpus: a claim written the way a real run is written, added to the
// shipped records and swept with them. Each gives its hand arithmetic: an honest claim gets no
// error, an impossible one gets an error, and a bound that rests on a reading of the record
// says which in its message.
#include <gtest/gtest.h>

#include <algorithm>
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
using testing::FindingsOn;
using testing::NewBundledCorpus;
using testing::ProbeClaim;
using testing::Raw;
using testing::RoofOf;
using testing::SweepBundledWith;

// Two GB200 superchips are four GPUs. Llama-2-70B in fp8: W = (68,976,648,192 - 262,144,000
// lookup-only input embedding) x 1 B = 68.71 GB. GB200: 8 TB/s per GPU.
//   at 4 GPUs: 4 x 8 TB/s / 68.71 GB = 465.7 tok/s, and 300 is 64.4% of it;
//   at 2:      2 x 8 TB/s / 68.71 GB = 232.8 tok/s, and 300 is 128.8% of it.
// The record counts 2, the text 4: errors take the larger; the smaller is a warning naming it.
TEST(Probes, SuperchipsCountedInPackagesAreBoundedAtTheLargerCount) {
  BenchRecord b = ProbeClaim("zz-probe-gb200-superchips");
  b.metric = "per-user-decode";
  b.value = "300 tok/s";
  b.model = "llama-2-70b";
  b.precision = "fp8";
  b.hardware = "2x GB200 Grace Blackwell Superchip";
  b.pointer = testing::PointTo({"nvidia-gb200"});
  b.accelerator_count = 2;
  b.batch = 1;
  SweepResult s = SweepBundledWith("zz-probe-gb200-superchips", b);
  const InstrumentResult* mem = RoofOf(AuditOf(s, "zz-probe-gb200-superchips"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 465.7, 0.05);
  EXPECT_NEAR(mem->percent, 64.4, 0.05);
  EXPECT_TRUE(FindingsOn(s, "zz-probe-gb200-superchips", Severity::kError).empty());
  std::vector<Finding> warnings = FindingsOn(s, "zz-probe-gb200-superchips", Severity::kWarning);
  auto it = std::find_if(warnings.begin(), warnings.end(),
                         [](const Finding& f) { return f.instrument == "memory-roof"; });
  ASSERT_NE(it, warnings.end());
  EXPECT_NE(it->message.view().find("128.8%"), std::string_view::npos) << it->message.view();
  EXPECT_NE(it->message.view().find("accelerator_count 2 counts every GPU"), std::string_view::npos)
      << it->message.view();

  // An impossible figure is an error even at the larger count: 600 is 128.8% of 465.7.
  b.id = "zz-probe-gb200-superchips-impossible";
  b.value = "600 tok/s";
  SweepResult bad = SweepBundledWith("zz-probe-gb200-superchips-impossible", b);
  std::vector<Finding> errors =
      FindingsOn(bad, "zz-probe-gb200-superchips-impossible", Severity::kError);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].message.view().find("128.8%"), std::string_view::npos)
      << errors[0].message.view();
}

// A record on a MIG slice that points at the whole part and counts 1: the bounds take the
// slice's share (1g.10gb: 1/8 of 2039 GB/s), and the count is a warning naming the slice.
// W = (8,030,261,248 - 525,336,576) x 2 B = 15.0098 GB: 2039e9 / 8 / 15.0098e9 = 16.98 tok/s.
TEST(Probes, ASliceCountedAsAWholePartIsAWarningAndBoundedAsTheSlice) {
  BenchRecord b = ProbeClaim("zz-probe-mig-slice");
  b.metric = "per-user-decode";
  b.value = "15 tok/s";
  b.model = "llama-3.1-8b";
  b.precision = "bf16";
  b.hardware = "NVIDIA A100 80GB SXM4 MIG 1g.10gb";
  b.pointer = testing::PointTo({"nvidia-a100-80gb-sxm4"});
  b.accelerator_count = 1;
  b.batch = 1;
  SweepResult s = SweepBundledWith("zz-probe-mig-slice", b);
  const InstrumentResult* mem = RoofOf(AuditOf(s, "zz-probe-mig-slice"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 2039e9 / 8 / ((8030261248.0 - 525336576.0) * 2), 0.01);
  std::vector<Finding> warnings = FindingsOn(s, "zz-probe-mig-slice", Severity::kWarning);
  auto it = std::find_if(warnings.begin(), warnings.end(), [](const Finding& f) {
    return HasCode(f, FindingCode::kSliceCountedAsPart);
  });
  ASSERT_NE(it, warnings.end());
  EXPECT_NE(it->message.view().find("1g.10gb"), std::string_view::npos) << it->message.view();
  EXPECT_NE(it->message.view().find("nvidia-a100-80gb-sxm4"), std::string_view::npos);
}

// An MI300X CPX partition under NPS4 reads its quadrant's 2 of 8 HBM stacks (AMD's MI300X
// partitioning overview): 5300e9 / 4 / 15.0098e9 = 88.28 tok/s for Llama-3.1-8B bf16 (the
// whole part's 5300 GB/s gave 353.1). Under NPS1 its memory is interleaved across all 8
// stacks: the whole part's bandwidth, 353.1 tok/s.
TEST(Probes, AnMi300xCpxPartitionReadsItsQuadrantsStacks) {
  BenchRecord b = ProbeClaim("zz-probe-mi300x-cpx");
  b.metric = "per-user-decode";
  b.value = "80 tok/s";
  b.model = "llama-3.1-8b";
  b.precision = "bf16";
  b.hardware = "AMD Instinct MI300X CPX NPS4";
  b.pointer = testing::PointTo({"amd-mi300x"});
  b.accelerator_count = 1;
  b.batch = 1;
  const double w = (8030261248.0 - 525336576.0) * 2;
  SweepResult s = SweepBundledWith("zz-probe-mi300x-cpx", b);
  const InstrumentResult* mem = RoofOf(AuditOf(s, "zz-probe-mi300x-cpx"), "memory-roof");
  ASSERT_NE(mem, nullptr);
  EXPECT_NEAR(mem->bound, 5300e9 / 4 / w, 0.01);
  EXPECT_NEAR(mem->bound, 88.28, 0.01);

  b.id = "zz-probe-mi300x-cpx-nps1";
  b.hardware = "AMD Instinct MI300X CPX NPS1";
  SweepResult s1 = SweepBundledWith("zz-probe-mi300x-cpx-nps1", b);
  const InstrumentResult* mem1 = RoofOf(AuditOf(s1, "zz-probe-mi300x-cpx-nps1"), "memory-roof");
  ASSERT_NE(mem1, nullptr);
  EXPECT_NEAR(mem1->bound, 5300e9 / w, 0.01);
}

// The first of the findings on record `id` from `instrument`, or nullptr.
const Finding* FindingOf(const SweepResult& s, std::string_view id, std::string_view instrument) {
  for (const Finding& f : s.findings) {
    if (f.record == id && f.instrument == instrument) return &f;
  }
  return nullptr;
}

// A Qwen3-Next-80B-A3B run in fp8 on one H200 SXM (4.8 TB/s), 64 sequences of 16,384 input
// tokens, fp8 KV, sharing ruled out. W = (3e9 active - 311,164,928 untied embedding) x 1 B =
// 2.689 GB. Per token each KV layer caches 2 x 2 heads x 256 = 1,024 B.
//   12 KV layers (every 4th of 48): KV(16384) = 12 x 1,024 x 16,384 = 201.3 MB,
//     roof = 64 x 4.8e12 / (2.689e9 + 64 x 201.3e6) = 64 x 4.8e12 / 15.574e9 = 19,725.4 tok/s;
//   48 layers (the hybrid counted as attention throughout): KV = 805.3 MB,
//     roof = 64 x 4.8e12 / (2.689e9 + 51.540e9) = 5,664.9 tok/s.
// An honest 10,000 tok/s is 50.7% of the true roof; counted over 48 layers it was 176.5%.
TEST(Probes, HybridModelsCountOnlyTheirKvLayers) {
  BenchRecord b = ProbeClaim("zz-probe-qwen3-next-kv-layers");
  b.metric = "aggregate-output";
  b.value = "10000 tok/s";
  b.model = "qwen3-next-80b-a3b";
  b.precision = "fp8";
  b.hardware = "1x NVIDIA H200 SXM 141GB";
  b.pointer = testing::PointTo({"nvidia-h200-sxm"});
  b.accelerator_count = 1;
  b.extra = "kv_precision = \"fp8\"";
  b.batch = 64;
  b.conditions = "prefix_cache = false\nsamples_per_prompt = 1\nattention_window = false";
  b.input_tokens = 16384;
  b.output_tokens = 256;
  b.engine = "vllm";
  SweepResult s = SweepBundledWith("zz-probe-qwen3-next-kv-layers", b);
  const InstrumentResult* kv = RoofOf(AuditOf(s, "zz-probe-qwen3-next-kv-layers"), "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 19725.4, 0.5);
  EXPECT_NEAR(kv->percent, 50.7, 0.05);
  EXPECT_TRUE(FindingsOn(s, "zz-probe-qwen3-next-kv-layers", Severity::kError).empty());
  ASSERT_TRUE(kv->formula.has_value());
  std::string kv_basis;
  for (const Term& term : kv->formula->terms) {
    if (term.symbol == "KV(I)") kv_basis = BasisText(term.basis);
  }
  EXPECT_NE(kv_basis.find("x 12 KV layers x 16384 tokens"), std::string::npos) << kv_basis;

  // Impossible: 25,000 tok/s is 126.7% of 19,725.4.
  b.value = "25000 tok/s";
  SweepResult bad = SweepBundledWith("zz-probe-qwen3-next-kv-layers", b);
  const Finding* f = FindingOf(bad, "zz-probe-qwen3-next-kv-layers", "kv-roof");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kError);
  EXPECT_NE(f->message.view().find("126.7%"), std::string_view::npos) << f->message.view();
}

// Granite 4.0 H Small in fp8 on one H200 SXM (4.8 TB/s), 64 sequences of 16,384 input tokens,
// fp8 KV, sharing ruled out. Its embedding table is tied (the output projection), so it is
// streamed: W = 8,784,035,840 active params x 1 B = 8.784 GB. Per token each of its 4 KV layers
// (of 40; the other 36 are Mamba-2) caches 2 x 8 heads x 128 = 2,048 B:
//   KV(16384) = 4 x 2,048 x 16,384 = 134.2 MB,
//   roof = 64 x 4.8e12 / (8.784e9 + 64 x 134.2e6) = 64 x 4.8e12 / 17.374e9 = 17,681.6 tok/s.
// Counted over all 40 layers the roof would be 3,244.5 tok/s, and an honest 10,000 tok/s
// (56.6% of the true roof) 308.2% of it. 20,000 tok/s is 113.1% of the true roof: an error.
TEST(Probes, GraniteHybridCountsOnlyItsAttentionLayers) {
  BenchRecord b = ProbeClaim("zz-probe-granite-h-kv-layers");
  b.metric = "aggregate-output";
  b.value = "10000 tok/s";
  b.model = "granite-4.0-h-small";
  b.precision = "fp8";
  b.hardware = "1x NVIDIA H200 SXM 141GB";
  b.pointer = testing::PointTo({"nvidia-h200-sxm"});
  b.accelerator_count = 1;
  b.extra = "kv_precision = \"fp8\"";
  b.batch = 64;
  b.conditions = "prefix_cache = false\nsamples_per_prompt = 1\nattention_window = false";
  b.input_tokens = 16384;
  b.output_tokens = 256;
  b.engine = "vllm";
  SweepResult s = SweepBundledWith("zz-probe-granite-h-kv-layers", b);
  const InstrumentResult* kv = RoofOf(AuditOf(s, "zz-probe-granite-h-kv-layers"), "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 17681.6, 0.5);
  EXPECT_NEAR(kv->percent, 56.6, 0.05);
  EXPECT_TRUE(FindingsOn(s, "zz-probe-granite-h-kv-layers", Severity::kError).empty());

  b.value = "20000 tok/s";
  SweepResult bad = SweepBundledWith("zz-probe-granite-h-kv-layers", b);
  const Finding* f = FindingOf(bad, "zz-probe-granite-h-kv-layers", "kv-roof");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kError);
  EXPECT_NE(f->message.view().find("113.1%"), std::string_view::npos) << f->message.view();
}

// Falcon-H1 0.5B runs attention beside its Mamba-2 branch in every one of its 36 layers, so every
// layer caches K and V (kv_layers = layers = 36), unlike the interleaved hybrids above. A claim
// stating a 1.2 GB bf16 file on one H200 SXM (4.8 TB/s), 64 sequences of 16,384 tokens, bf16 KV,
// sharing ruled out. The record states no parameter count (its name's 0.5B is rounded), so W is
// the stated file less the lookup-only input embedding (untied: 32,784 x 1,024 x 2 B =
// 67,141,632 B): W = 1,132,858,368 B. Per token 36 x 2 x 2 heads x 64 x 2 B = 18,432 B:
//   KV(16384) = 18,432 x 16,384 = 301,989,888 B,
//   roof = 64 x 4.8e12 / (1.132858e9 + 64 x 301.99e6) = 3.072e14 / 20.4602e9 = 15,014.5 tok/s.
// 10,000 tok/s is 66.6% of it; 16,000 tok/s is 106.6%, an error.
TEST(Probes, FalconH1CachesKvInEveryParallelHybridLayer) {
  BenchRecord b = ProbeClaim("zz-probe-falcon-h1-kv-layers");
  b.metric = "aggregate-output";
  b.value = "10000 tok/s";
  b.model = "falcon-h1-0.5b";
  b.precision = "bf16";
  b.weights = "1.2 GB";
  b.hardware = "1x NVIDIA H200 SXM 141GB";
  b.pointer = testing::PointTo({"nvidia-h200-sxm"});
  b.accelerator_count = 1;
  b.extra = "kv_precision = \"bf16\"";
  b.batch = 64;
  b.conditions = "prefix_cache = false\nsamples_per_prompt = 1\nattention_window = false";
  b.input_tokens = 16384;
  b.output_tokens = 256;
  b.engine = "vllm";
  SweepResult s = SweepBundledWith("zz-probe-falcon-h1-kv-layers", b);
  const InstrumentResult* kv = RoofOf(AuditOf(s, "zz-probe-falcon-h1-kv-layers"), "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 15014.5, 0.5);
  EXPECT_NEAR(kv->percent, 66.6, 0.05);
  EXPECT_TRUE(FindingsOn(s, "zz-probe-falcon-h1-kv-layers", Severity::kError).empty());

  b.value = "16000 tok/s";
  SweepResult bad = SweepBundledWith("zz-probe-falcon-h1-kv-layers", b);
  const Finding* f = FindingOf(bad, "zz-probe-falcon-h1-kv-layers", "kv-roof");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->severity, Severity::kError);
  EXPECT_NE(f->message.view().find("106.6%"), std::string_view::npos) << f->message.view();
}

// The record without kv_layers counts all 48 layers: the same honest run is then 176.5% of
// 5,664.9 tok/s (the error the hybrid's record must not give).
TEST(Probes, AHybridCountedOverEveryLayerOverstatesItsCache) {
  Corpus& corpus = NewBundledCorpus();
  auto it = std::find_if(corpus.models.begin(), corpus.models.end(),
                         [](const Model& m) { return m.header.id == "qwen3-next-80b-a3b"; });
  ASSERT_NE(it, corpus.models.end());
  EXPECT_EQ(it->kv_layers, 12);
  EXPECT_EQ(it->layers, 48);
  it->kv_layers = 0;
  BenchRecord b = ProbeClaim("zz-probe-qwen3-next-48");
  b.metric = "aggregate-output";
  b.value = "10000 tok/s";
  b.model = "qwen3-next-80b-a3b";
  b.precision = "fp8";
  b.hardware = "1x NVIDIA H200 SXM 141GB";
  b.pointer = testing::PointTo({"nvidia-h200-sxm"});
  b.extra = "kv_precision = \"fp8\"";
  b.batch = 64;
  b.conditions = "prefix_cache = false\nsamples_per_prompt = 1\nattention_window = false";
  b.input_tokens = 16384;
  b.output_tokens = 256;
  b.engine = "vllm";
  ParseResult r =
      ParseRecord(RecordKind::kBenchmark, b.Toml(), "probe/p.toml", "zz-probe-qwen3-next-48");
  ASSERT_TRUE(r.ok());
  corpus.benchmarks.push_back(std::get<Benchmark>(r.record));
  corpus.Index();
  SweepResult s = Sweep(corpus);
  const InstrumentResult* kv = RoofOf(AuditOf(s, "zz-probe-qwen3-next-48"), "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 5664.9, 0.5);
  EXPECT_NEAR(kv->percent, 176.5, 0.05);
}

// KV precision unstated: Llama-3.1-8B bf16 on one H100 SXM5 (3.35 TB/s), batch 128 of 16,100
// input tokens, sharing ruled out, vLLM. W = (8,030,261,248 - 525,336,576) x 2 B = 15.01 GB;
// per token 2 x 8 x 128 x 32 layers = 65,536 elements.
//   at 4 bits: KV(16100) = 527.6 MB, roof = 128 x 3.35e12 / (15.01e9 + 67.53e9) = 5,195.1 tok/s;
//   at 2 bits: KV(16100) = 263.8 MB, roof = 128 x 3.35e12 / (15.01e9 + 33.76e9) = 8,791.6 tok/s.
// 7,000 tok/s is 134.7% of the 4-bit roof (it was an error), 79.6% of the 2-bit one: a warning
// naming the 4 bits. 9,500 tok/s is 108.1% of the 2-bit roof: an error.
TEST(Probes, AnUnstatedKvPrecisionIsFourBitsOnlyAsAnAssumption) {
  BenchRecord b = ProbeClaim("zz-probe-kv-bits");
  b.metric = "aggregate-output";
  b.value = "7000 tok/s";
  b.model = "llama-3.1-8b";
  b.precision = "bf16";
  b.hardware = "1x NVIDIA H100 SXM5 80GB";
  b.pointer = testing::PointTo({"nvidia-h100-sxm5"});
  b.batch = 128;
  b.conditions = "prefix_cache = false\nsamples_per_prompt = 1\nattention_window = false";
  b.input_tokens = 16100;
  b.output_tokens = 256;
  b.engine = "vllm";
  SweepResult s = SweepBundledWith("zz-probe-kv-bits", b);
  const InstrumentResult* kv = RoofOf(AuditOf(s, "zz-probe-kv-bits"), "kv-roof");
  ASSERT_NE(kv, nullptr);
  EXPECT_NEAR(kv->bound, 5195.1, 0.5);
  EXPECT_NEAR(kv->assumption_free_bound, 8791.6, 0.5);
  EXPECT_TRUE(FindingsOn(s, "zz-probe-kv-bits", Severity::kError).empty());
  const Finding* w = FindingOf(s, "zz-probe-kv-bits", "kv-roof");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->severity, Severity::kWarning);
  EXPECT_NE(w->message.view().find("134.7%"), std::string_view::npos) << w->message.view();
  EXPECT_NE(w->message.view().find("at least 4 bits"), std::string_view::npos) << w->message.view();

  b.value = "9500 tok/s";
  SweepResult bad = SweepBundledWith("zz-probe-kv-bits", b);
  const Finding* e = FindingOf(bad, "zz-probe-kv-bits", "kv-roof");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->severity, Severity::kError);
  EXPECT_NE(e->message.view().find("8791.6"), std::string_view::npos) << e->message.view();

  // Stated 2 and 3 bits are read: int2 is the 2-bit roof itself, with nothing assumed.
  b.value = "7000 tok/s";
  b.extra = "kv_precision = \"int2\"";
  SweepResult two = SweepBundledWith("zz-probe-kv-bits", b);
  const InstrumentResult* kv2 = RoofOf(AuditOf(two, "zz-probe-kv-bits"), "kv-roof");
  ASSERT_NE(kv2, nullptr);
  EXPECT_NEAR(kv2->bound, 8791.6, 0.5);
  EXPECT_TRUE(kv2->assumption.empty()) << kv2->assumption;
  b.extra = "kv_precision = \"int3\"";
  SweepResult three = SweepBundledWith("zz-probe-kv-bits", b);
  const InstrumentResult* kv3 = RoofOf(AuditOf(three, "zz-probe-kv-bits"), "kv-roof");
  ASSERT_NE(kv3, nullptr);
  // 3 bits: KV(16100) = 395.7 MB, 128 x 3.35e12 / (15.01e9 + 50.65e9) = 6,531.0 tok/s.
  EXPECT_NEAR(kv3->bound, 6531.0, 0.5);
}

// A median TTFT of a run whose input lengths varied, known only by their mean of 4,000 tokens:
// Llama-3.1-8B bf16 on one H100 SXM5 (3.35 TB/s, 989 TFLOPS bf16), prefix_cache = false.
// P = 8,030,261,248 - 525,336,576 = 7.505e9, W = 15.01 GB.
//   at the mean: max(15.01e9 / 3.35e12 = 4.48 ms, 4000 x 2 x 7.505e9 / 989e12 = 60.71 ms)
//     = 60.71 ms, and 34.5 ms is 176.0% of it (an error while the mean was input_tokens);
//   sure (no request need be that long): one weight pass, 4.48 ms.
// So 34.5 ms is a warning naming the mean; 3 ms, below one weight pass, is an error.
TEST(Probes, AMeanInputLengthBoundsTheFirstTokenOnlyAsAnAssumption) {
  BenchRecord b = ProbeClaim("zz-probe-ttft-mean");
  b.metric = "ttft";
  b.value = "34.5 ms";
  b.model = "llama-3.1-8b";
  b.precision = "bf16";
  b.hardware = "1x NVIDIA H100 SXM5 80GB";
  b.pointer = testing::PointTo({"nvidia-h100-sxm5"});
  b.batch = 1;
  b.speculative = false;
  b.conditions = "prefix_cache = false\nsamples_per_prompt = 1\nattention_window = false";
  b.input_tokens = Absent("lengths varied");
  b.tail = "";
  b.output_tokens = 256;
  b.engine = "vllm";
  std::string toml = b.Toml();
  const std::string key = "input_tokens = { absent = \"lengths varied\" }\n";
  toml.insert(toml.find(key) + key.size(), "input_tokens_mean = 4000\n");
  auto sweep = [](const std::string& text) {
    return testing::SweepBundledWithText("zz-probe-ttft-mean", text);
  };
  SweepResult s = sweep(toml);
  const InstrumentResult* ttft = RoofOf(AuditOf(s, "zz-probe-ttft-mean"), "ttft-floor");
  ASSERT_NE(ttft, nullptr);
  EXPECT_NEAR(ttft->bound, 60.71, 0.01);
  EXPECT_NEAR(ttft->percent, 176.0, 0.05);
  EXPECT_NEAR(ttft->assumption_free_bound, 4.48, 0.01);
  EXPECT_TRUE(FindingsOn(s, "zz-probe-ttft-mean", Severity::kError).empty());
  const Finding* w = FindingOf(s, "zz-probe-ttft-mean", "ttft-floor");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->severity, Severity::kWarning);
  EXPECT_NE(w->message.view().find("mean input length, 4000 tokens"), std::string_view::npos)
      << w->message.view();

  const std::string value = "value = \"34.5 ms\"";
  std::string impossible = toml;
  impossible.replace(impossible.find(value), value.size(), "value = \"3 ms\"");
  SweepResult bad = sweep(impossible);
  const Finding* e = FindingOf(bad, "zz-probe-ttft-mean", "ttft-floor");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->severity, Severity::kError);
}

// A draft tree: SGLang's EAGLE with speculative_num_draft_tokens 64 over speculative_num_steps 5
// accepts one path, at most 5 + 1 tokens a step. Llama-3.1-8B bf16 on one H100 SXM5:
// W = 15.01 GB, and at depth 5, 6 x 3.35e12 / 15.01e9 = 1,339.1 tok/s per user; counting the
// 64 nodes as k gave 65 x 3.35e12 / 15.01e9 = 14,507.1 tok/s. 2,000 tok/s is 149.4% of the
// first (an error) and passed the second at 13.8%.
TEST(Probes, ADraftTreeIsBoundedByItsDepth) {
  BenchRecord b = ProbeClaim("zz-probe-draft-tree");
  b.metric = "per-user-decode";
  b.value = "2000 tok/s";
  b.model = "llama-3.1-8b";
  b.precision = "bf16";
  b.hardware = "1x NVIDIA H100 SXM5 80GB";
  b.pointer = testing::PointTo({"nvidia-h100-sxm5"});
  b.batch = 1;
  b.speculative = Raw("{ method = \"eagle3\", draft_tokens = 64, draft_depth = 5 }");
  b.input_tokens = 128;
  b.engine = "sglang";
  SweepResult s = SweepBundledWith("zz-probe-draft-tree", b);
  const InstrumentResult* spec = RoofOf(AuditOf(s, "zz-probe-draft-tree"), "spec-roof");
  ASSERT_NE(spec, nullptr);
  EXPECT_NEAR(spec->bound, 1339.1, 0.05);
  EXPECT_NEAR(spec->percent, 149.4, 0.05);
  const Finding* e = FindingOf(s, "zz-probe-draft-tree", "spec-roof");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->severity, Severity::kError);

  // Without the depth, the tree's 64 nodes are k: 14,507.1 tok/s, and 2,000 passes.
  b.speculative = Raw("{ method = \"eagle3\", draft_tokens = 64 }");
  SweepResult size = SweepBundledWith("zz-probe-draft-tree", b);
  const InstrumentResult* loose = RoofOf(AuditOf(size, "zz-probe-draft-tree"), "spec-roof");
  ASSERT_NE(loose, nullptr);
  EXPECT_NEAR(loose->bound, 14507.1, 0.05);
}

}  // namespace
}  // namespace rooflint
