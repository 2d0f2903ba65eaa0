// Hardware-text resolution: exact names win, ambiguous text yields every variant, and nothing
// is guessed.
#include "rooflint/hardware_match.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rooflint {
namespace {

Accelerator Part(std::string id, std::string name, std::vector<std::string> aliases) {
  Accelerator a;
  a.header.id = std::move(id);
  a.name = std::move(name);
  a.aliases = std::move(aliases);
  return a;
}

class HardwareMatchTest : public ::testing::Test {
 protected:
  std::vector<Accelerator> parts_ = {
      Part("a100-40-sxm", "NVIDIA A100 40GB SXM4", {"NVIDIA A100-SXM4-40GB"}),
      Part("a100-40-pcie", "NVIDIA A100 40GB PCIe", {"NVIDIA A100-PCIE-40GB"}),
      Part("a100-80-sxm", "NVIDIA A100 80GB SXM4", {"NVIDIA A100-SXM4-80GB"}),
      Part("h100-sxm", "NVIDIA H100 SXM5 80GB", {"NVIDIA H100 80GB HBM3", "NVIDIA H100-SXM-80GB"}),
      Part("h100-pcie", "NVIDIA H100 PCIe 80GB", {"NVIDIA H100 PCIe"}),
      Part("rtx-4090", "NVIDIA GeForce RTX 4090", {"RTX 4090"}),
      Part("rtx-4090-d", "NVIDIA GeForce RTX 4090 D", {"RTX 4090 D"}),
      Part("m3", "Apple M3", {"Apple M3"}),
      Part("m3-max-30c", "Apple M3 Max (30-core GPU)", {"M3 Max 30-core GPU"}),
      Part("m3-max-40c", "Apple M3 Max (40-core GPU)", {"M3 Max 40-core GPU"}),
      Part("l40", "NVIDIA L40", {}),
      Part("l40s", "NVIDIA L40S", {}),
  };
  HardwareIndex index_{parts_};

  std::vector<std::string> Match(std::string_view text) {
    std::vector<std::string> out;
    for (const auto* p : index_.Match(text).candidates) out.push_back(p->header.id);
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
}

TEST_F(HardwareMatchTest, AmbiguousFortyGigabyteA100YieldsBothForms) {
  EXPECT_EQ(Match("1x NVIDIA A100 40GB"), (Names{"a100-40-sxm", "a100-40-pcie"}));
}

TEST_F(HardwareMatchTest, NvidiaSmiNameIsExact) {
  EXPECT_EQ(Match("NVIDIA A100-SXM4-40GB"), (Names{"a100-40-sxm"}));
  EXPECT_TRUE(index_.Match("NVIDIA A100-SXM4-40GB").exact);
  EXPECT_EQ(Match("NVIDIA H100 80GB HBM3"), (Names{"h100-sxm"}));
  EXPECT_EQ(Match("NVIDIA H100-SXM-80GB"), (Names{"h100-sxm"}));
}

TEST_F(HardwareMatchTest, FamilyNameYieldsEveryVariant) {
  EXPECT_EQ(Match("8x H100"), (Names{"h100-sxm", "h100-pcie"}));
  EXPECT_EQ(Match("Apple M3 Max"), (Names{"m3-max-30c", "m3-max-40c"}));
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

TEST_F(HardwareMatchTest, UnknownOrMixedTextMatchesNothing) {
  EXPECT_TRUE(Match("NVIDIA GeForce RTX 4070 Laptop GPU").empty());
  EXPECT_TRUE(Match("2x RTX 3090 + 1x RTX 4090").empty());
  EXPECT_TRUE(Match("").empty());
  EXPECT_TRUE(Match("NVIDIA").empty());
}

}  // namespace
}  // namespace rooflint
