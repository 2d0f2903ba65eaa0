// Parts published claims name that the corpus added late: the Jetson AGX Orin modules and the
// CPU sockets people run LLMs on (the Xeon 6980P). A claim written the way a real run is written
// is added to the shipped records and swept with them; each test gives its hand arithmetic. An
// honest figure gets no error; an impossible one gets an error.
//
// Llama 3.1 8B: P = 8,030,261,248 - 525,336,576 untied input table = 7,504,924,672 params
// streamed per decode step.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fixtures.h"
#include "probe_corpus.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/hardware_match.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::AuditOf;
using testing::BenchRecord;
using testing::FindingsOn;
using testing::ProbeClaim;
using testing::RoofOf;
using testing::SweepBundledWith;

// A per-user decode claim of Llama 3.1 8B at batch 1 on `count` of `part`.
BenchRecord DecodeClaim(const std::string& id, const std::string& value,
                        const std::string& precision, const std::string& part, int count) {
  BenchRecord b = ProbeClaim(id);
  b.metric = "per-user-decode";
  b.value = value;
  b.model = "llama-3.1-8b";
  b.precision = precision;
  b.hardware = part;
  b.pointer = testing::PointTo({part});
  b.accelerator_count = count;
  b.batch = 1;
  b.input_tokens = 128;
  b.output_tokens = 128;
  b.engine = "llama.cpp";
  return b;
}

// The memory roof of a decode claim, and whether it got an error.
struct Judged {
  double bound = 0;
  double percent = 0;
  bool error = false;
};

Judged JudgeDecode(const std::string& id, const BenchRecord& b) {
  SweepResult s = SweepBundledWith(id, b);
  Judged j;
  if (const InstrumentResult* roof = RoofOf(AuditOf(s, id), "memory-roof")) {
    j.bound = roof->bound;
    j.percent = roof->percent;
  }
  j.error = !FindingsOn(s, id, Severity::kError).empty();
  return j;
}

// Jetson AGX Orin 64GB: 204.8 GB/s. Llama 3.1 8B in int4 streams 7,504,924,672 x 0.5 B =
// 3,752,462,336 B a step: roof = 204.8e9 / 3.752462336e9 = 54.58 tok/s. 40 tok/s is 73.3% of
// it; 60 tok/s is 109.9%, an error.
TEST(EdgeCpuParts, JetsonAgxOrinDecodeIsBoundByItsLpddr5) {
  Judged honest = JudgeDecode(
      "zz-probe-orin-int4-40",
      DecodeClaim("zz-probe-orin-int4-40", "40 tok/s", "int4", "nvidia-jetson-agx-orin-64gb", 1));
  EXPECT_NEAR(honest.bound, 54.58, 0.01);
  EXPECT_NEAR(honest.percent, 73.3, 0.05);
  EXPECT_FALSE(honest.error);
  Judged impossible = JudgeDecode(
      "zz-probe-orin-int4-60",
      DecodeClaim("zz-probe-orin-int4-60", "60 tok/s", "int4", "nvidia-jetson-agx-orin-64gb", 1));
  EXPECT_NEAR(impossible.percent, 109.9, 0.05);
  EXPECT_TRUE(impossible.error);
  // The 32GB module has the same bus: the same roof.
  Judged small = JudgeDecode(
      "zz-probe-orin32-int4-40",
      DecodeClaim("zz-probe-orin32-int4-40", "40 tok/s", "int4", "nvidia-jetson-agx-orin-32gb", 1));
  EXPECT_NEAR(small.bound, 54.58, 0.01);
  EXPECT_FALSE(small.error);
}

// One Xeon 6980P socket: 12 channels of MRDIMM-8800, 12 x 8 B x 8800 MT/s = 844.8 GB/s (the
// generous one of its two memory speeds; DDR5-6400 gives 614.4). Llama 3.1 8B in bf16 streams
// 7,504,924,672 x 2 B = 15,009,849,344 B a step: roof = 844.8e9 / 15.009849344e9 = 56.28
// tok/s. 20 tok/s is 35.5% of it; 70 tok/s is 124.4%, an error. Two sockets (a dual-socket
// system is a count of 2) double the roof: 112.57 tok/s, and 70 tok/s is 62.2% of it.
TEST(EdgeCpuParts, AXeonSocketIsBoundByItsMemoryChannels) {
  Judged honest =
      JudgeDecode("zz-probe-6980p-bf16-20",
                  DecodeClaim("zz-probe-6980p-bf16-20", "20 tok/s", "bf16", "intel-xeon-6980p", 1));
  EXPECT_NEAR(honest.bound, 56.28, 0.01);
  EXPECT_NEAR(honest.percent, 35.5, 0.05);
  EXPECT_FALSE(honest.error);
  Judged impossible =
      JudgeDecode("zz-probe-6980p-bf16-70",
                  DecodeClaim("zz-probe-6980p-bf16-70", "70 tok/s", "bf16", "intel-xeon-6980p", 1));
  EXPECT_NEAR(impossible.percent, 124.4, 0.05);
  EXPECT_TRUE(impossible.error);
  Judged dual = JudgeDecode(
      "zz-probe-2x6980p-bf16-70",
      DecodeClaim("zz-probe-2x6980p-bf16-70", "70 tok/s", "bf16", "intel-xeon-6980p", 2));
  EXPECT_NEAR(dual.bound, 112.57, 0.01);
  EXPECT_NEAR(dual.percent, 62.2, 0.05);
  EXPECT_FALSE(dual.error);
}

class EdgeCpuNames : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    corpus_ = new Corpus(LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA}));
    index_ = new HardwareIndex(corpus_->accelerators);
  }
  static void TearDownTestSuite() {
    delete index_;
    delete corpus_;
  }
  // "ids x count" as the matcher reads `text`: ids sorted, "-" for none, count 0 for none.
  static std::string Read(const char* text) {
    HardwareMatch m = index_->Match(text);
    std::vector<std::string> ids;
    for (const Accelerator* a : m.candidates) ids.push_back(a->header.id.str());
    std::sort(ids.begin(), ids.end());
    std::string out;
    for (const std::string& id : ids) out += (out.empty() ? "" : ",") + id;
    if (out.empty()) out = "-";
    return out + " x" + std::to_string(m.count ? *m.count : 0);
  }
  static Corpus* corpus_;
  static HardwareIndex* index_;
};
Corpus* EdgeCpuNames::corpus_ = nullptr;
HardwareIndex* EdgeCpuNames::index_ = nullptr;

TEST_F(EdgeCpuNames, JetsonAgxOrinNamesItsModules) {
  EXPECT_EQ(Read("Jetson AGX Orin"), "nvidia-jetson-agx-orin-32gb,nvidia-jetson-agx-orin-64gb x0");
  EXPECT_EQ(Read("NVIDIA Jetson AGX Orin 64GB"), "nvidia-jetson-agx-orin-64gb x0");
  EXPECT_EQ(Read("Jetson AGX Orin 32GB"), "nvidia-jetson-agx-orin-32gb x0");
  EXPECT_EQ(Read("NVIDIA Jetson AGX Orin Developer Kit 64G (TensorRT)"),
            "nvidia-jetson-agx-orin-64gb x0");
  // Other Orin modules have no record: they name nothing.
  EXPECT_EQ(Read("Jetson Orin Nano"), "- x0");
  EXPECT_EQ(Read("Jetson Orin NX 16GB"), "- x0");
  EXPECT_EQ(Read("Jetson AGX Thor"), "nvidia-jetson-agx-thor x0");
}

// A CPU socket with a record is a part like any other ("2x" counts sockets); a CPU without one
// still makes a CPU-only system; beside an accelerator a CPU is the host, counted as such.
TEST_F(EdgeCpuNames, XeonSocketsResolveAndHostCpusStayHosts) {
  EXPECT_EQ(Read("Xeon 6980P"), "intel-xeon-6980p x0");
  EXPECT_EQ(Read("INTEL(R) XEON(R) 6980P"), "intel-xeon-6980p x0");
  EXPECT_EQ(Read("2x Intel Xeon 6980P"), "intel-xeon-6980p x2");
  EXPECT_EQ(Read("1-node-2S-GNR_128C (2x INTEL(R) XEON(R) 6980P, CPU only)"),
            "intel-xeon-6980p x2");
  // Other Xeons and EPYCs have no record: a CPU-only system, its count of host CPUs.
  HardwareMatch other = index_->Match("2xIntel Xeon Platinum 8592+");
  EXPECT_TRUE(other.candidates.empty());
  EXPECT_TRUE(other.cpu_only);
  EXPECT_EQ(other.host_cpus, 2);
  EXPECT_EQ(Read("AMD EPYC 9755 128-Core Processor"), "- x0");
  // A host CPU named beside the accelerators is no accelerator and adds none to the count.
  HardwareMatch hosted = index_->Match("8x H100 SXM5, 2x Intel Xeon 6980P");
  EXPECT_EQ(Read("8x H100 SXM5, 2x Intel Xeon 6980P"), "nvidia-h100-sxm5 x8");
  EXPECT_EQ(hosted.host_cpus, 2);
  EXPECT_FALSE(hosted.cpu_only);
  EXPECT_EQ(Read("8xMI325X_2xEPYC_9575F"), "amd-mi325x x8");
}

}  // namespace
}  // namespace rooflint
