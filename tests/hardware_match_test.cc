// Hardware-text resolution: identity words name parts, stated facts rule parts out, ambiguous
// text yields every variant, a part the corpus lacks is never replaced by a neighbour, and the
// count is read where the text attaches it.
#include "rooflint/hardware_match.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace rooflint {
namespace {

Accelerator Part(std::string id, std::string name, std::vector<std::string> aliases,
                 double memory_gb = 0, std::string form_factor = "", int64_t per_package = 1) {
  Accelerator a;
  a.header.id = std::move(id);
  a.name = std::move(name);
  a.aliases = std::move(aliases);
  a.memory = Bytes(memory_gb * 1e9);
  a.form_factor = std::move(form_factor);
  a.gpus_per_package = per_package;
  return a;
}

class HardwareMatchTest : public ::testing::Test {
 protected:
  std::vector<Accelerator> parts_ = {
      Part("a100-40-sxm", "NVIDIA A100 40GB SXM4", {"NVIDIA A100-SXM4-40GB"}),
      Part("a100-40-pcie", "NVIDIA A100 40GB PCIe", {"NVIDIA A100-PCIE-40GB"}),
      Part("a100-80-sxm", "NVIDIA A100 80GB SXM4", {"NVIDIA A100-SXM4-80GB"}),
      Part("h100-sxm", "NVIDIA H100 SXM5 80GB", {"NVIDIA H100 80GB HBM3", "NVIDIA H100-SXM-80GB"},
           80, "sxm"),
      Part("h100-pcie", "NVIDIA H100 PCIe 80GB", {"NVIDIA H100 PCIe"}, 80, "pcie"),
      Part("h100-nvl", "NVIDIA H100 NVL 94GB", {"H100 NVL"}, 94, "pcie"),
      Part("h200-sxm", "NVIDIA H200 SXM 141GB", {"NVIDIA H200"}, 141, "sxm"),
      Part("b200", "NVIDIA B200 (HGX/DGX, SXM)", {"NVIDIA B200", "B200-SXM-180GB"}, 180, "sxm"),
      Part("gb200", "NVIDIA GB200 (one Blackwell GPU of the Grace Blackwell superchip, NVL72)",
           {"NVIDIA GB200"}, 186, "superchip", 2),
      Part("mi300x", "AMD Instinct MI300X", {"MI300X"}, 192, "oam"),
      Part("mi355x", "AMD Instinct MI355X", {"MI355X"}, 288, "oam"),
      Part("rtx-4090", "NVIDIA GeForce RTX 4090", {"RTX 4090"}, 24, "pcie"),
      Part("rtx-4090-d", "NVIDIA GeForce RTX 4090 D", {"RTX 4090 D"}, 24, "pcie"),
      Part("rtx-5060-ti", "NVIDIA GeForce RTX 5060 Ti 16GB", {"RTX 5060 Ti 16GB"}, 16, "pcie"),
      Part("rtx-6000-ada", "NVIDIA RTX 6000 Ada Generation", {"RTX 6000 Ada"}, 48, "pcie"),
      Part("rtx-4070", "NVIDIA GeForce RTX 4070", {"RTX 4070 GDDR6X"}, 12, "pcie"),
      Part("rtx-4070-gddr6", "NVIDIA GeForce RTX 4070 (GDDR6)", {"RTX 4070 GDDR6"}, 12, "pcie"),
      Part("rx-7900-xtx", "AMD Radeon RX 7900 XTX", {"RX 7900 XTX"}, 24, "pcie"),
      Part("rx-7900-xt", "AMD Radeon RX 7900 XT", {"RX 7900 XT"}, 20, "pcie"),
      Part("m2-ultra", "Apple M2 Ultra", {"M2 Ultra"}, 192, "soc"),
      Part("m3", "Apple M3", {"Apple M3"}, 24, "soc"),
      Part("m3-max-30c", "Apple M3 Max (30-core GPU)", {"M3 Max 30-core GPU"}, 96, "soc"),
      Part("m3-max-40c", "Apple M3 Max (40-core GPU)", {"M3 Max 40-core GPU"}, 128, "soc"),
      Part("l40", "NVIDIA L40", {}),
      Part("l40s", "NVIDIA L40S", {}),
  };
  HardwareIndex index_{parts_};

  std::vector<std::string> Match(std::string_view text) {
    std::vector<std::string> out;
    for (const auto* p : index_.Match(text).candidates) out.push_back(p->header.id.str());
    return out;
  }
};

using Names = std::vector<std::string>;

TEST_F(HardwareMatchTest, TokensDropVendorWordsAndCountsAndJoinSizes) {
  EXPECT_EQ(HardwareTokens("1x NVIDIA A100 40 GB"), (Names{"40gb", "a100"}));
  EXPECT_EQ(HardwareTokens("NVIDIA A100-SXM4-40GB"), (Names{"40gb", "a100", "sxm"}));
  EXPECT_EQ(HardwareTokens("8x AMD Instinct MI300X"), (Names{"mi300x"}));
  EXPECT_EQ(HardwareTokens("4xNVIDIA_L40S"), (Names{"l40s"}));
  EXPECT_EQ(HardwareTokens("8xH100"), (Names{"h100"}));
  EXPECT_EQ(HardwareTokens("H100-SXM-80GBx8"), (Names{"80gb", "h100", "sxm"}));
  EXPECT_EQ(HardwareTokens("DGX-H100x8"), (Names{"dgx", "h100"}));
  EXPECT_EQ(HardwareTokens("Apple M2 Ultra 76-Core GPU"), (Names{"76coregpu", "m2", "ultra"}));
  EXPECT_EQ(HardwareTokens("GeForce RTX4090 PCI-E"), (Names{"4090", "pcie", "rtx"}));
  EXPECT_EQ(HardwareTokens("RTX PRO 6000 Blackwell Max-Q"),
            (Names{"6000", "blackwell", "maxq", "pro", "rtx"}));
  // A model number ending in x is not a count.
  EXPECT_EQ(HardwareTokens("MI300X"), (Names{"mi300x"}));
  EXPECT_EQ(HardwareTokens("RX 9070XT"), (Names{"9070", "rx", "xt"}));
  EXPECT_EQ(HardwareTokens("rtx5060ti16gb"), (Names{"16gb", "5060", "rtx", "ti"}));
  EXPECT_EQ(HardwareTokens("Intel Gaudi 2"), (Names{"gaudi2"}));
}

TEST_F(HardwareMatchTest, AmbiguousFortyGigabyteA100YieldsBothForms) {
  EXPECT_EQ(Match("1x NVIDIA A100 40GB"), (Names{"a100-40-sxm", "a100-40-pcie"}));
}

TEST_F(HardwareMatchTest, NvidiaSmiNameIsExact) {
  EXPECT_EQ(Match("NVIDIA A100-SXM4-40GB"), (Names{"a100-40-sxm"}));
  EXPECT_TRUE(index_.Match("NVIDIA A100-SXM4-40GB").exact);
  EXPECT_EQ(Match("NVIDIA H100 80GB HBM3"), (Names{"h100-sxm"}));
  EXPECT_EQ(Match("NVIDIA H100-SXM-80GB"), (Names{"h100-sxm"}));
  EXPECT_TRUE(index_.Match("NVIDIA H100-SXM-80GB").exact);
}

TEST_F(HardwareMatchTest, FamilyNameYieldsEveryVariant) {
  EXPECT_EQ(Match("8x H100"), (Names{"h100-sxm", "h100-pcie", "h100-nvl"}));
  EXPECT_EQ(Match("Apple M3 Max"), (Names{"m3-max-30c", "m3-max-40c"}));
  EXPECT_FALSE(index_.Match("8x H100").exact);
}

TEST_F(HardwareMatchTest, ExactNameBeatsALongerVariant) {
  EXPECT_EQ(Match("NVIDIA GeForce RTX 4090"), (Names{"rtx-4090"}));
  EXPECT_EQ(Match("RTX 4090 D"), (Names{"rtx-4090-d"}));
}

TEST_F(HardwareMatchTest, DistinctPartsAreNeverConfused) {
  EXPECT_EQ(Match("NVIDIA L40"), (Names{"l40"}));
  EXPECT_EQ(Match("NVIDIA L40S"), (Names{"l40s"}));
  EXPECT_EQ(Match("A100 80GB"), (Names{"a100-80-sxm"}));
}

TEST_F(HardwareMatchTest, UnknownTextMatchesNothing) {
  EXPECT_TRUE(Match("NVIDIA GeForce RTX 4070 Laptop GPU").empty());
  EXPECT_TRUE(Match("2x RTX 3090 + 1x RTX 5090").empty());  // neither is in the fixture
  EXPECT_TRUE(Match("").empty());
  EXPECT_TRUE(Match("NVIDIA").empty());
  EXPECT_TRUE(Match("AMD Radeon(TM) 890M Graphics, NVIDIA GeForce RTX 4070 Laptop GPU").empty());
  // One piece names a part, the other contradicts it: not a mixed system.
  EXPECT_TRUE(Match("RTX 4090, 48GB").empty());
}

TEST_F(HardwareMatchTest, AMixedSystemNamesEachPart) {
  EXPECT_EQ(Match("NVIDIA GeForce RTX 4090, AMD Instinct MI300X"), (Names{"mi300x", "rtx-4090"}));
  HardwareMatch m = index_.Match("16xMI355X_8xMI300X_2xEPYC_9575F");
  ASSERT_EQ(m.candidates.size(), 2u);
  EXPECT_EQ(m.count, 24);
  EXPECT_EQ(m.host_cpus, 2);
  EXPECT_EQ(index_.Match("1*4090, 2*MI300X").count, 3);
  EXPECT_EQ(Match("1*4090, 2*MI300X"), (Names{"mi300x", "rtx-4090"}));
}

TEST_F(HardwareMatchTest, OverSpecifiedTextStillMatches) {
  EXPECT_EQ(Match("NVIDIA GeForce RTX 4090 (24GB)"), (Names{"rtx-4090"}));
  EXPECT_EQ(Match("NVIDIA GeForce RTX 4090 (24564 MiB, 24098 MiB free)"), (Names{"rtx-4090"}));
  EXPECT_EQ(Match("Apple M2 Ultra 76-Core GPU 192GB"), (Names{"m2-ultra"}));
  EXPECT_EQ(Match("AMD Instinct MI300X-NPS1-SPX-192GB-750W"), (Names{"mi300x"}));
  EXPECT_EQ(Match("NVIDIA H100-SXM-80GB-CTS"), (Names{"h100-sxm"}));
  EXPECT_EQ(Match("AMD Radeon RX 7900 XTX (RADV NAVI31)"), (Names{"rx-7900-xtx"}));
  EXPECT_EQ(Match("NVIDIA DGX H100 SXM5"), (Names{"h100-sxm"}));
  EXPECT_EQ(Match("Apple M3 Max 16-core CPU 40-core GPU 64GB"), (Names{"m3-max-40c"}));
  EXPECT_EQ(Match("2x GB200 Grace Blackwell Superchip"), (Names{"gb200"}));
  EXPECT_EQ(Match("GB200-NVL72_GB200-186GB"), (Names{"gb200"}));
}

TEST_F(HardwareMatchTest, ATierTheTextOmitsIsNeverAssumed) {
  EXPECT_TRUE(Match("RTX 5060").empty());
  EXPECT_EQ(Match("RTX 4090"), (Names{"rtx-4090"}));
  EXPECT_EQ(Match("M3"), (Names{"m3"}));
  EXPECT_EQ(Match("Apple M3 8-core GPU"), (Names{"m3"}));
  EXPECT_EQ(Match("RX 7900 XT"), (Names{"rx-7900-xt"}));
  EXPECT_TRUE(Match("RX 7900").empty());
  EXPECT_TRUE(Match("Quadro RTX 6000").empty());
  EXPECT_EQ(Match("RTX 6000 Ada"), (Names{"rtx-6000-ada"}));
}

TEST_F(HardwareMatchTest, AModelNumberNoOtherPartHoldsNamesItsPart) {
  std::vector<Accelerator> parts = {
      Part("b60", "Intel Arc Pro B60", {}, 24, "pcie"),
      Part("v5e", "Google Cloud TPU v5e", {"TPU v5 lite"}, 16, "tpu"),
      Part("v5p", "Google Cloud TPU v5p", {"TPU v5p"}, 95, "tpu"),
      Part("rtx-5060-ti", "NVIDIA GeForce RTX 5060 Ti 16GB", {}, 16, "pcie")};
  HardwareIndex index(parts);
  auto ids = [&](std::string_view text) {
    Names out;
    for (const auto* p : index.Match(text).candidates) out.push_back(p->header.id.str());
    return out;
  };
  EXPECT_EQ(ids("ARC B60"), (Names{"b60"}));
  EXPECT_TRUE(ids("TPU v5").empty());  // the v5p is a v5 too
  EXPECT_TRUE(ids("RTX 5060").empty());
  EXPECT_EQ(ids("TPU v5 lite"), (Names{"v5e"}));
}

// A TPU slice name's number counts TensorCores on v4 and v5p (two a chip: "v5p-8" is 4 chips)
// and chips on v5e and v6e; TPU7x's is read as chips, the larger count, and said to be assumed.
TEST_F(HardwareMatchTest, TpuSliceNamesAreCountedInChips) {
  std::vector<Accelerator> parts = {
      Part("v4", "Google Cloud TPU v4", {"TPU v4"}, 34, "tpu"),
      Part("v5e", "Google Cloud TPU v5e", {"TPU v5e", "TPU v5litepod"}, 16, "tpu"),
      Part("v5p", "Google Cloud TPU v5p", {"TPU v5p"}, 95, "tpu"),
      Part("v6e", "Google Cloud TPU v6e (Trillium)", {"TPU v6e"}, 32, "tpu"),
      Part("tpu7x", "Google Cloud TPU7x (Ironwood)", {"TPU7x"}, 206, "tpu")};
  HardwareIndex index(parts);
  struct Case {
    const char* text;
    const char* id;
    int64_t chips;
  };
  for (const Case& c :
       {Case{"TPU v5p-8", "v5p", 4}, Case{"v5p-8", "v5p", 4}, Case{"Cloud TPU v5p-32", "v5p", 16},
        Case{"TPU v4-8", "v4", 4}, Case{"tpu-v5e-4", "v5e", 4}, Case{"v5litepod-8", "v5e", 8},
        Case{"TPU v6e-8", "v6e", 8}, Case{"tpu7x-8", "tpu7x", 8}}) {
    HardwareMatch m = index.Match(c.text);
    ASSERT_EQ(m.candidates.size(), 1u) << c.text;
    EXPECT_EQ(m.candidates[0]->header.id, c.id) << c.text;
    EXPECT_EQ(m.count, c.chips) << c.text;
    EXPECT_NE(m.count_how.find(std::to_string(c.chips) + " chips"), std::string::npos)
        << c.text << ": " << m.count_how;
    EXPECT_EQ(m.count_assumed, std::string_view(c.id) == "tpu7x") << c.text;
  }
  EXPECT_NE(index.Match("TPU v5p-8").count_note.find("8 TensorCores = 4 chips"), std::string::npos);
  EXPECT_NE(index.Match("tpu7x-8").count_note.find("assumed"), std::string::npos);
  // A count of chips stated as such is read as written.
  EXPECT_EQ(index.Match("8x TPU v5p").count, 8);
  // GCP's v5e machine types name part and chips: ct5lp-hightpu-4t is v5litepod-4.
  for (const auto& [text, chips] : {std::pair{"ct5lp-hightpu-4t", 4},
                                    {"GCP ct5lp-hightpu-8t", 8},
                                    {"TPU v5e (ct5lp-hightpu-1t)", 1}}) {
    HardwareMatch m = index.Match(text);
    ASSERT_EQ(m.candidates.size(), 1u) << text;
    EXPECT_EQ(m.candidates[0]->header.id, "v5e") << text;
    EXPECT_EQ(m.count, chips) << text;
  }
}

// A MIG profile or a compute partition names a slice of its part, which it neither names nor
// excludes: the slice's share of memory and bandwidth follows its memory slices (eighths, rounded
// up), its compute the larger of g/7 and that share; an MI300X in CPX mode is 1/8 of the compute.
TEST_F(HardwareMatchTest, PartitionsAreSlicesOfTheirPart) {
  HardwareMatch m = index_.Match("NVIDIA A100 80GB SXM4 1g.10gb");
  EXPECT_EQ(Match("NVIDIA A100 80GB SXM4 1g.10gb"), (Names{"a100-80-sxm"}));
  ASSERT_TRUE(m.partition.has_value());
  EXPECT_EQ(m.partition->mig_compute, 1);
  EXPECT_EQ(m.partition->mig_memory, 10e9);
  EXPECT_EQ(m.partition->text, "1g.10gb");
  EXPECT_FALSE(m.count.has_value());  // a profile is no count

  Accelerator a100 = Part("a100-80", "NVIDIA A100 80GB", {}, 85.899345920);  // 80 GiB
  PartitionShare one = ShareOf(*m.partition, a100);
  EXPECT_DOUBLE_EQ(one.memory, 1.0 / 8);  // 10 GB of 85.9 GB: 0.93 eighths, rounded up to 1
  EXPECT_DOUBLE_EQ(one.bandwidth, 1.0 / 8);
  EXPECT_DOUBLE_EQ(one.compute, 1.0 / 7);
  EXPECT_NE(one.how.find("MIG user guide"), std::string::npos) << one.how;

  HardwareMatch three = index_.Match("H100 MIG 3g.40gb");
  ASSERT_TRUE(three.partition.has_value());
  PartitionShare s3 = ShareOf(*three.partition, a100);
  EXPECT_DOUBLE_EQ(s3.bandwidth, 4.0 / 8);  // 40 GB: 3.73 eighths, rounded up to 4
  EXPECT_DOUBLE_EQ(s3.compute, 4.0 / 8);    // the larger of 3/7 and 4/8
  HardwareMatch whole = index_.Match("7g.80gb");
  ASSERT_TRUE(whole.partition.has_value());
  EXPECT_DOUBLE_EQ(ShareOf(*whole.partition, a100).bandwidth, 1.0);

  HardwareMatch cpx = index_.Match("AMD Instinct MI300X CPX NPS4");
  EXPECT_EQ(Match("AMD Instinct MI300X CPX NPS4"), (Names{"mi300x"}));
  ASSERT_TRUE(cpx.partition.has_value());
  EXPECT_EQ(cpx.partition->amd_partitions, 8);
  EXPECT_EQ(cpx.partition->nps, "NPS4");
  Accelerator mi300x = Part("amd-mi300x", "AMD Instinct MI300X", {}, 206);
  // AMD's MI300X partitioning overview: a CPX partition is one of 8 XCDs with 24GB of the
  // 192GB; under NPS4 its memory is its quadrant's 2 of 8 HBM stacks, under NPS1 all 8.
  PartitionShare c = ShareOf(*cpx.partition, mi300x);
  EXPECT_DOUBLE_EQ(c.compute, 1.0 / 8);
  EXPECT_DOUBLE_EQ(c.memory, 1.0 / 8);
  EXPECT_DOUBLE_EQ(c.bandwidth, 1.0 / 4);
  EXPECT_NE(c.how.find("2 of its 8 HBM stacks"), std::string::npos) << c.how;
  HardwareMatch nps1 = index_.Match("AMD Instinct MI300X CPX/NPS1");
  ASSERT_TRUE(nps1.partition.has_value());
  PartitionShare c1 = ShareOf(*nps1.partition, mi300x);
  EXPECT_DOUBLE_EQ(c1.memory, 1.0 / 8);
  EXPECT_DOUBLE_EQ(c1.bandwidth, 1.0);  // interleaved across every stack: the whole part's
  EXPECT_NE(c1.how.find("generous"), std::string::npos) << c1.how;
  // DPX and QPX shares of memory and bandwidth are not in the overview: the whole part's.
  HardwareMatch qpx = index_.Match("MI300X QPX");
  ASSERT_TRUE(qpx.partition.has_value());
  PartitionShare q = ShareOf(*qpx.partition, mi300x);
  EXPECT_DOUBLE_EQ(q.compute, 1.0 / 4);
  EXPECT_DOUBLE_EQ(q.memory, 1.0);
  EXPECT_DOUBLE_EQ(q.bandwidth, 1.0);
  // A part no source gives a share for keeps the whole of it.
  EXPECT_DOUBLE_EQ(ShareOf(*cpx.partition, Part("mi355x", "AMD Instinct MI355X", {}, 288)).compute,
                   1.0);
  EXPECT_FALSE(index_.Match("8x H100").partition.has_value());
  // SPX is one partition: the whole part, whatever the memory mode.
  EXPECT_FALSE(index_.Match("AMD Instinct MI300X-NPS1-SPX-192GB-750W").partition.has_value());
}

TEST_F(HardwareMatchTest, APartTheCorpusLacksStaysUnmatched) {
  EXPECT_TRUE(Match("NVIDIA H200 NVL").empty());
  EXPECT_TRUE(Match("B300").empty());
  EXPECT_TRUE(Match("NVIDIA B300 SXM6 AC").empty());
  EXPECT_TRUE(Match("NVIDIA H800 80GB").empty());
  EXPECT_TRUE(Match("MI300A").empty());
  EXPECT_TRUE(Match("RTX 4090 Mobile").empty());
  EXPECT_TRUE(Match("RTX 4090 Laptop GPU").empty());
}

TEST_F(HardwareMatchTest, AStatedFactContradictingAPartRemovesIt) {
  // Capacity.
  EXPECT_TRUE(Match("NVIDIA H100 SXM 94GB").empty());
  EXPECT_EQ(Match("H100 94GB"), (Names{"h100-nvl"}));
  EXPECT_EQ(Match("NVIDIA H100 NVL 94GB"), (Names{"h100-nvl"}));
  EXPECT_EQ(Match("NVIDIA H100 NVL (95830 MiB)"), (Names{"h100-nvl"}));
  EXPECT_EQ(Match("B200 192GB"), (Names{"b200"}));  // marketed 192GB, 180GB usable: in slack
  // A system-on-chip's capacity is any configuration up to its largest.
  EXPECT_EQ(Match("Apple M3 Max 64GB"), (Names{"m3-max-30c", "m3-max-40c"}));
  EXPECT_EQ(Match("Apple M3 Max 128GB"), (Names{"m3-max-40c"}));
  EXPECT_TRUE(Match("Apple M3 256GB").empty());
  // Core count.
  EXPECT_EQ(Match("Apple M3 Max 30-core GPU"), (Names{"m3-max-30c"}));
  EXPECT_TRUE(Match("Apple M3 Max 36-core GPU").empty());
  // Form factor.
  EXPECT_EQ(Match("H100 PCIe"), (Names{"h100-pcie"}));
  EXPECT_EQ(Match("H100 SXM"), (Names{"h100-sxm"}));
  EXPECT_TRUE(Match("H200 PCIe").empty());
  EXPECT_TRUE(Match("MI300X SXM").empty());
  // Memory type.
  EXPECT_EQ(Match("NVIDIA GeForce RTX 4070"), (Names{"rtx-4070", "rtx-4070-gddr6"}));
  EXPECT_EQ(Match("RTX 4070 GDDR6"), (Names{"rtx-4070-gddr6"}));
  EXPECT_EQ(Match("RTX 4070 12GB GDDR6X"), (Names{"rtx-4070"}));
  // The NVL is a PCIe card too, and neither record states its memory type.
  EXPECT_EQ(Match("NVIDIA H100 PCIe HBM2e"), (Names{"h100-pcie", "h100-nvl"}));
}

TEST_F(HardwareMatchTest, VariantWordsAreNotRequiredButMustHoldWhenStated) {
  EXPECT_EQ(Match("NVIDIA H100"), (Names{"h100-sxm", "h100-pcie", "h100-nvl"}));
  EXPECT_EQ(Match("NVIDIA H100 NVL"), (Names{"h100-nvl"}));
  EXPECT_TRUE(Match("NVIDIA H200 NVL").empty());
}

TEST_F(HardwareMatchTest, EditionsAreComparedAsASet) {
  std::vector<Accelerator> parts = {
      Part("ws", "NVIDIA RTX PRO 6000 Blackwell Workstation Edition", {}, 96, "pcie"),
      Part("maxq", "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition",
           {"RTX PRO 6000 Blackwell Max-Q"}, 96, "pcie"),
      Part("server", "NVIDIA RTX PRO 6000 Blackwell Server Edition", {}, 96, "pcie"),
      Part("h100", "NVIDIA H100 SXM5 80GB", {}, 80, "sxm")};
  HardwareIndex index(parts);
  auto ids = [&](std::string_view text) {
    Names out;
    for (const auto* p : index.Match(text).candidates) out.push_back(p->header.id.str());
    return out;
  };
  EXPECT_EQ(ids("8x RTX PRO 6000"), (Names{"ws", "maxq", "server"}));
  EXPECT_EQ(ids("RTX PRO 6000 Blackwell Workstation Edition"), (Names{"ws"}));
  EXPECT_EQ(ids("RTX PRO 6000 Blackwell Max-Q"), (Names{"maxq"}));
  EXPECT_EQ(ids("NVIDIA_RTX_PRO_6000_Blackwell_Server_Edition"), (Names{"server"}));
  EXPECT_EQ(ids("NVIDIA DGX H100 (8x H100-SXM-80GB, MaxQ, TensorRT)"), (Names{"h100"}));
}

TEST_F(HardwareMatchTest, NamesThatConfirmMoreOfTheTextWin) {
  // Both 80GB H100s are consistent with the text; only the SXM5 names HBM3.
  EXPECT_EQ(Match("NVIDIA H100 80GB HBM3"), (Names{"h100-sxm"}));
  EXPECT_EQ(Match("H100 80GB HBM3 (700W)"), (Names{"h100-sxm"}));
}

TEST_F(HardwareMatchTest, CountsAreReadInEveryForm) {
  struct Case {
    const char* text;
    int64_t count;
    const char* as_written;
  };
  for (const Case& c : std::vector<Case>{{"8x H100", 8, "8x"},
                                         {"x8 H100 SXM", 8, "x8"},
                                         {"H100 x8", 8, "x8"},
                                         {"8 x H100", 8, "8 x"},
                                         {"H100 x 8", 8, "x 8"},
                                         {"H100-SXM-80GBx8", 8, "x8"},
                                         {"DGX-H100x8", 8, "x8"},
                                         {"4xNVIDIA_L40S", 4, "4x"},
                                         {"1x NVIDIA A100 40GB", 1, "1x"},
                                         {"3090 24GB * 2", 2, "*"},
                                         {"dual RTX 4090", 2, "dual"},
                                         {"quad RTX 4090", 4, "quad"},
                                         {"HGX H100 8-GPU", 8, "8 GPU"},
                                         {"87xMI355X_22xEPYC9575F", 87, "87x"},
                                         {"4x8xH100-SXM-80GB", 32, "4x8x"},
                                         {"GPU 0,1,2,3: NVIDIA H100", 4, "GPU 0"},
                                         {"tpu_type=v4-8 | num_chips=4", 4, "chips=4"},
                                         {"BM.GPU.H100.8", 8, "8"},
                                         {"4x L4-PCIE-24GBx4", 4, "4x"},
                                         {"GX2560M7_H100_SXM_80GBx4 (4x H100-SXM-80GB)", 4, "x4"},
                                         {"2x DGX-H100x8", 16, "2x x8"},
                                         {"Arc Pro B60 Dual 48G", 2, "Dual"},
                                         {"1-node-4x-BMG-Pro-B60-Dual", 8, "4x Dual"},
                                         {"128 H200 GPUs (12 D Nodes)", 128, "128"},
                                         {"128 H200 GPUs (4 P Nodes)", 128, "128"},
                                         {"4 RTX 4090 GPUs", 4, "4"}}) {
    HardwareMatch m = index_.Match(c.text);
    ASSERT_TRUE(m.count.has_value()) << c.text;
    EXPECT_EQ(*m.count, c.count) << c.text;
    EXPECT_NE(m.count_text.find(c.as_written), std::string::npos) << c.text << ": " << m.count_text;
    EXPECT_FALSE(m.count_how.empty()) << c.text;
  }
}

TEST_F(HardwareMatchTest, CapacitiesCoreCountsAndModelNumbersAreNotCounts) {
  for (const char* text :
       {"NVIDIA A100 40GB", "Apple M2 Ultra 76-Core GPU", "MI300X", "RTX 4090", "GB200 NVL72",
        "NVIDIA H100 PCIe Gen5 x16", "RX 9070XT", "dual-slot RTX 4090",
        "A100-PCIe-80GB - 28x MIG 1g.10gb", "v4-8", "GPU 0: NVIDIA H100",
        "AMD Radeon 780M Graphics, gfx1103 (0x1103)", "Radeon RX 570 Series, gfx803 (0x803)",
        "Apple M4 Max (16 CPU, 40 GPU)", "H100 (4 P Nodes)", "H200 GPUs (12 D Nodes)",
        "Radeon RX 570 Series GPU"}) {
    EXPECT_FALSE(index_.Match(text).count.has_value()) << text;
  }
}

TEST_F(HardwareMatchTest, HostCpusAreCountedApart) {
  HardwareMatch m = index_.Match("87xMI355X_22xEPYC9575F");
  EXPECT_EQ(m.candidates.size(), 1u);
  EXPECT_EQ(m.count, 87);
  EXPECT_EQ(m.host_cpus, 22);
  EXPECT_FALSE(m.cpu_only);

  HardwareMatch cpu = index_.Match("2xIntel Xeon Platinum 8592+");
  EXPECT_TRUE(cpu.candidates.empty());
  EXPECT_TRUE(cpu.cpu_only);
  EXPECT_FALSE(cpu.count.has_value());
  EXPECT_EQ(cpu.host_cpus, 2);

  EXPECT_TRUE(index_.Match("Intel(R) Xeon(R) Platinum 8480C").cpu_only);
  EXPECT_TRUE(index_.Match("dual AMD EPYC 9654").cpu_only);
  EXPECT_FALSE(index_.Match("B300").cpu_only);
  EXPECT_FALSE(index_.Match("8x H100, 2x Xeon 8480C").cpu_only);
  EXPECT_EQ(index_.Match("8x H100, 2x Xeon 8480C").count, 8);
}

TEST_F(HardwareMatchTest, SuperchipPackagesAreCountedInGpus) {
  HardwareMatch m = index_.Match("2x GB200 Grace Blackwell Superchip");
  EXPECT_EQ(m.count, 4);
  EXPECT_NE(m.count_how.find("2 superchips"), std::string::npos) << m.count_how;
  EXPECT_NE(m.count_how.find("= 4 GPUs"), std::string::npos) << m.count_how;
  // Without the word, the text counts GPUs.
  EXPECT_EQ(index_.Match("72x NVIDIA GB200").count, 72);
}

TEST_F(HardwareMatchTest, NodeCountsNameNoPartAndCountNoGpus) {
  // "D" is a tier word ("RTX 4090 D"), but in "(12 D Nodes)" it names a kind of node: the
  // text names the H200 alone, and its GPUs are the 128 it states, not 12 or 4 nodes.
  for (const char* text : {"128 H200 GPUs (12 D Nodes)", "128 H200 GPUs (4 P Nodes)"}) {
    HardwareMatch m = index_.Match(text);
    EXPECT_EQ(Match(text), (Names{"h200-sxm"})) << text;
    EXPECT_EQ(m.count, 128) << text;
  }
}

TEST_F(HardwareMatchTest, CountsOfDifferentPartsAddUp) {
  EXPECT_EQ(index_.Match("2x RTX 4090 + 1x RTX 4090 D").count, 3);
  EXPECT_EQ(index_.Match("AMD Instinct MI300X 192GB (x32), AMD Instinct MI355X 288GB (x16)").count,
            48);
}

// A cloud instance name's number is neither a count nor a capacity ("g5.12xlarge" is a size of
// 48 vCPUs, "a3-highgpu-8g"'s "8g" no 8 GB). A machine type whose parts its provider's own files
// state reads as them, its count noted with that source: AWS's EC2 instance data (as
// karpenter-provider-aws publishes it), Azure's size pages, Google's cluster-toolkit.
TEST_F(HardwareMatchTest, CloudMachineTypesReadAsTheirParts) {
  // p5.48xlarge: 8 H100 80GB, the SXM5 and the PCIe card (the provider states no form factor),
  // never the 94GB NVL.
  HardwareMatch p5 = index_.Match("p5.48xlarge");
  ASSERT_TRUE(p5.count.has_value());
  EXPECT_EQ(*p5.count, 8);
  EXPECT_EQ(Match("p5.48xlarge"), (Names{"h100-sxm", "h100-pcie"}));
  EXPECT_NE(p5.count_note.find("karpenter-provider-aws"), std::string::npos) << p5.count_note;
  EXPECT_NE(p5.count_text.find("p5.48xlarge"), std::string::npos) << p5.count_text;
  // The same parts named beside the type are one count: 8, not 16.
  HardwareMatch aws = index_.Match("8x H100 SXM (p5.48xlarge)");
  ASSERT_TRUE(aws.count.has_value());
  EXPECT_EQ(*aws.count, 8);
  EXPECT_EQ(Match("8x H100 SXM (p5.48xlarge)"), (Names{"h100-sxm"}));
  EXPECT_EQ(index_.Match("NVIDIA H100 (AWS p5.48xlarge)").count, 8);
  // g5.12xlarge is 4 A10G, not 12 parts (the A10G is not in this index: no part, the count
  // still holds); two p4de.24xlarge are 16 A100 80GB.
  EXPECT_EQ(index_.Match("NVIDIA A10G (AWS g5.12xlarge)").count, 4);
  EXPECT_EQ(index_.Match("inf2.48xlarge").count, 12);
  HardwareMatch p4de = index_.Match("2x p4de.24xlarge");
  EXPECT_EQ(p4de.count, 16);
  EXPECT_EQ(Match("2x p4de.24xlarge"), (Names{"a100-80-sxm"}));
  EXPECT_EQ(index_.Match("ml.p4d.24xlarge A100").count, 8);
  EXPECT_EQ(Match("ml.p4d.24xlarge A100"), (Names{"a100-40-sxm", "a100-40-pcie"}));
  // GCP: a3-highgpu-8g is 8 H100 80GB; g2-standard-24 is 2 L4.
  EXPECT_EQ(index_.Match("NVIDIA H100 80GB (a3-highgpu-8g)").count, 8);
  EXPECT_EQ(Match("NVIDIA H100 80GB (a3-highgpu-8g)"), (Names{"h100-sxm", "h100-pcie"}));
  EXPECT_EQ(index_.Match("g2-standard-24").count, 2);
  EXPECT_EQ(index_.Match("a2-megagpu-16g").count, 16);
  // Azure, with or without "Standard_": 8 MI300X; one VM of eight A100 40GB.
  HardwareMatch nd = index_.Match("Standard_ND96isr_MI300X_v5");
  EXPECT_EQ(nd.count, 8);
  EXPECT_EQ(Match("Standard_ND96isr_MI300X_v5"), (Names{"mi300x"}));
  EXPECT_NE(nd.count_note.find("azure-compute-docs"), std::string::npos) << nd.count_note;
  EXPECT_EQ(index_.Match("ND96isr_H100_v5").count, 8);
  EXPECT_EQ(index_.Match("Standard_ND96asr_v4 x 1").count, 8);
  // A type no provider file here states is dropped, neither count nor capacity.
  for (const char* text :
       {"c7i.48xlarge", "NVIDIA A100 40GB (c7i.48xlarge)", "g4dn.12xlarge", "a3-edgegpu-8g"}) {
    EXPECT_FALSE(index_.Match(text).count.has_value()) << text;
  }
}

}  // namespace
}  // namespace rooflint
