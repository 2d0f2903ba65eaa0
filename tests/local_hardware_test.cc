// DetectLocalHardware against stand-in probes: a temporary folder of shell scripts that print
// what the real tools print, given as the probe path. The texts it makes for GPUs and Apple
// silicon are checked against the bundled corpus's hardware matcher.
//
// Where each sample's form comes from:
//  - nvidia-smi --query-gpu=... --format=csv,noheader: one line per GPU, fields joined by ", ",
//    memory as "81559 MiB" (the nvidia-smi manual's CSV format; the names and totals as
//    nvidia-smi prints them in wilicc/gpu-burn issue #114 and NVIDIA/nccl issue #1264 for
//    "NVIDIA H100 80GB HBM3" 81559MiB, NVIDIA/nvidia-container-toolkit issue #86 for "NVIDIA
//    A100 80GB PCIe", modal-labs/modal-client PR #2797 for A100 80GB's 81920MiB, RLinf/RLinf
//    issue #255 for "NVIDIA GeForce RTX 4090" 24564MiB). mig.mode.current reads "[N/A]" on a
//    GPU without MIG and "Disabled" on one with it off (Syllo/nvtop PR #470), "Enabled" when on
//    (kubernetes-sigs/dra-driver-nvidia-gpu PR #852).
//  - rocm-smi --showproductname: "GPU[0] : Card Series: AMD Instinct MI300X VF" and the lines
//    after it (a ROCm 6 log of an MI300X VM quoted on brick-house.org; "Card Series" with the
//    model a PCI id as in ROCm/rocm_smi_lib issue #159); the older tab-separated "GPU[0]\t\t: Card
//    series:\t\t0x738c" with the model a PCI id too (ROCm/legacy-rocm-build issue #1351, ROCm
//    4.0 on an MI100); "Card series" holding the name (easybuilders/easybuild-framework PR
//    #3978).
//  - amd-smi static: "MARKET_NAME: AMD Instinct MI350X" (ROCm/rocm-systems PR #2987).
//  - sysctl -n machdep.cpu.brand_string: "Apple M1" (GuillaumeGomez/sysinfo PR #497);
//    hw.memsize in bytes (onepub-dev/system_info issue #6). system_profiler
//    SPDisplaysDataType: "Graphics/Displays:", the chipset's name, then indented "Key: value"
//    lines (zeam-vm/cpu_info issue #17); Apple silicon adds "Total Number of Cores: N", its GPU
//    cores (the M2 Ultra's 76 as in ggml-org/llama.cpp PR #1642's system information).
//  - /proc/cpuinfo: "model name\t: ..." and "physical id\t: N" per logical processor.
#include "rooflint/local_hardware.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/hardware_match.h"

namespace rooflint {
namespace {

namespace fs = std::filesystem;

class LocalHardwareTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    corpus_ = new Corpus(LoadCorpus(roots));
    index_ = new HardwareIndex(corpus_->accelerators);
  }
  static void TearDownTestSuite() {
    delete index_;
    delete corpus_;
  }

  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rooflint-local-hw-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    fs::create_directories(bin());
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  std::string bin() const { return dir_ + "/bin"; }
  std::string missing_cpuinfo() const { return dir_ + "/no-cpuinfo"; }

  // A stand-in probe: `body` after a #!/bin/sh line.
  void Script(const std::string& name, const std::string& body) {
    std::string file = bin() + "/" + name;
    std::ofstream(file) << "#!/bin/sh\n" << body << "\n";
    ASSERT_EQ(::chmod(file.c_str(), 0755), 0);
  }
  // A script that prints `lines` as they are, one a line.
  void Printer(const std::string& name, const std::vector<std::string>& lines, int exit = 0) {
    std::string body = "printf '%s\\n'";
    for (const std::string& l : lines) body += " '" + l + "'";
    Script(name, body + "\nexit " + std::to_string(exit));
  }
  std::string File(const std::string& name, const std::string& text) {
    std::string file = dir_ + "/" + name;
    std::ofstream(file) << text;
    return file;
  }

  static std::vector<std::string> Ids(const HardwareMatch& m) {
    std::vector<std::string> out;
    for (const Accelerator* a : m.candidates) out.push_back(a->header.id.str());
    std::sort(out.begin(), out.end());
    return out;
  }
  static bool HasNote(const LocalHardware& hw, const std::string& part) {
    return std::any_of(hw.notes.begin(), hw.notes.end(),
                       [&](const std::string& n) { return n.find(part) != std::string::npos; });
  }
  static std::string Notes(const LocalHardware& hw) {
    std::string out;
    for (const std::string& n : hw.notes) out += n + "\n";
    return out;
  }

  static Corpus* corpus_;
  static HardwareIndex* index_;
  std::string dir_;
};

Corpus* LocalHardwareTest::corpus_ = nullptr;
HardwareIndex* LocalHardwareTest::index_ = nullptr;

std::vector<std::string> Repeat(const std::string& line, int n) {
  return std::vector<std::string>(static_cast<size_t>(n), line);
}

TEST_F(LocalHardwareTest, FourIdenticalNvidiaGpus) {
  Printer("nvidia-smi", Repeat("NVIDIA H100 80GB HBM3, 81559 MiB, Disabled", 4));
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "4x NVIDIA H100 80GB HBM3");
  EXPECT_EQ(hw.count, 4);
  EXPECT_EQ(hw.how, "nvidia-smi: 4 GPUs 'NVIDIA H100 80GB HBM3'");
  EXPECT_FALSE(HasNote(hw, "mixed")) << Notes(hw);

  HardwareMatch m = index_->Match(hw.text);
  EXPECT_EQ(Ids(m), std::vector<std::string>{"nvidia-h100-sxm5"});
  EXPECT_EQ(m.count, 4);
}

TEST_F(LocalHardwareTest, MixedGpusAreAMixedSystem) {
  Printer("nvidia-smi", {"NVIDIA A100 80GB PCIe, 81920 MiB, Disabled",
                         "NVIDIA GeForce RTX 4090, 24564 MiB, [N/A]",
                         "NVIDIA A100 80GB PCIe, 81920 MiB, Disabled"});
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  // The 4090's name states no capacity, so its memory joins it.
  EXPECT_EQ(hw.text, "2x NVIDIA A100 80GB PCIe + 1x NVIDIA GeForce RTX 4090 24564MiB");
  EXPECT_EQ(hw.count, 3);
  EXPECT_EQ(hw.how,
            "nvidia-smi: 3 GPUs, 2 models: 2x 'NVIDIA A100 80GB PCIe', "
            "1x 'NVIDIA GeForce RTX 4090 24564MiB'");
  EXPECT_TRUE(HasNote(hw, "mixed GPU models")) << Notes(hw);

  HardwareMatch m = index_->Match(hw.text);
  EXPECT_EQ(Ids(m), (std::vector<std::string>{"nvidia-a100-80gb-pcie", "nvidia-rtx-4090"}));
  EXPECT_EQ(m.count, 3);
}

TEST_F(LocalHardwareTest, DriverWithoutMigFieldIsAskedAgain) {
  // An old driver refuses the unknown field and exits non-zero; the query without it answers.
  Script("nvidia-smi",
         "case \"$1\" in *mig.mode*) echo 'Field \"mig.mode.current\" is not a valid field to "
         "query.'; exit 2;; esac\n"
         "printf '%s\\n' 'NVIDIA A100-SXM4-80GB, 81920 MiB' 'NVIDIA A100-SXM4-80GB, 81920 MiB'");
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "2x NVIDIA A100-SXM4-80GB");
  EXPECT_EQ(hw.count, 2);
  EXPECT_TRUE(HasNote(hw, "nvidia-smi: exited with 2")) << Notes(hw);
  EXPECT_EQ(Ids(index_->Match(hw.text)), std::vector<std::string>{"nvidia-a100-80gb-sxm4"});
}

TEST_F(LocalHardwareTest, NvidiaSmiFailsThenRocmSmiAnswers) {
  // nvidia-smi with its driver but no GPU; it is not asked twice.
  Script("nvidia-smi", "echo x >> \"$0.calls\"\necho 'No devices were found'\nexit 6");
  std::vector<std::string> lines = {
      "============================ ROCm System Management Interface ============================",
      "====================================== Product Info ======================================"};
  for (int i = 0; i < 8; ++i) {
    std::string gpu = "GPU[" + std::to_string(i) + "] : ";
    lines.push_back(gpu + "Card Series: AMD Instinct MI300X VF");
    lines.push_back(gpu + "Card Model: 0x74b5");
    lines.push_back(gpu + "Card Vendor: Advanced Micro Devices, Inc. [AMD/ATI]");
    lines.push_back(gpu + "Card SKU: M3000108");
    lines.push_back(gpu + "GFX Version: gfx942");
  }
  lines.push_back(
      "================================== End of ROCm SMI Log ===================================");
  Printer("rocm-smi", lines);
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "8x AMD Instinct MI300X VF");
  EXPECT_EQ(hw.count, 8);
  EXPECT_EQ(hw.how, "rocm-smi: 8 GPUs 'AMD Instinct MI300X VF'");
  EXPECT_TRUE(HasNote(hw, "nvidia-smi: exited with 6: 'No devices were found'")) << Notes(hw);
  std::ifstream calls(bin() + "/nvidia-smi.calls");
  std::string all((std::istreambuf_iterator<char>(calls)), std::istreambuf_iterator<char>());
  EXPECT_EQ(all, "x\n");

  HardwareMatch m = index_->Match(hw.text);
  EXPECT_EQ(Ids(m), std::vector<std::string>{"amd-mi300x"});
  EXPECT_EQ(m.count, 8);
}

TEST_F(LocalHardwareTest, RocmSmiWithPciIdsOnlyGivesWayToAmdSmi) {
  Printer("rocm-smi", {"GPU[0]\t\t: Card series: \t\t0x738c", "GPU[0]\t\t: Card model: \t\t0xc34",
                       "GPU[0]\t\t: Card vendor: \t\tAdvanced Micro Devices, Inc. [AMD/ATI]",
                       "GPU[0]\t\t: Card SKU: \t\tD34314"});
  Printer("amd-smi", {"GPU: 0", "    ASIC:", "        MARKET_NAME: AMD Instinct MI100",
                      "        VENDOR_ID: 0x1002", "        DEVICE_ID: 0x738c"});
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "1x AMD Instinct MI100");
  EXPECT_EQ(hw.count, 1);
  EXPECT_EQ(hw.how, "amd-smi: 1 GPU 'AMD Instinct MI100'");
  EXPECT_TRUE(HasNote(hw, "rocm-smi: 1 GPU named only by PCI id")) << Notes(hw);
  EXPECT_EQ(Ids(index_->Match(hw.text)), std::vector<std::string>{"amd-mi100"});
}

TEST_F(LocalHardwareTest, MigGpusGiveWayToTheNextProbe) {
  Printer("nvidia-smi", {"NVIDIA A100-SXM4-80GB, 81920 MiB, Enabled",
                         "NVIDIA A100-SXM4-80GB, 81920 MiB, Disabled"});
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "");
  EXPECT_FALSE(hw.count);
  EXPECT_TRUE(HasNote(hw, "MIG mode is on for 1 of 2 GPUs")) << Notes(hw);
}

constexpr const char* kSpDisplaysM2Ultra[] = {"Graphics/Displays:",
                                              "",
                                              "    Apple M2 Ultra:",
                                              "",
                                              "      Chipset Model: Apple M2 Ultra",
                                              "      Type: GPU",
                                              "      Bus: Built-In",
                                              "      Total Number of Cores: 76",
                                              "      Vendor: Apple (0x106b)",
                                              "      Metal Support: Metal 3",
                                              "      Displays:",
                                              "        Studio Display:",
                                              "          Resolution: 5120 x 2880 Retina",
                                              "          Main Display: Yes"};

TEST_F(LocalHardwareTest, AppleSilicon) {
  Printer("sysctl", {"Apple M2 Ultra", "206158430208"});
  Printer("system_profiler",
          std::vector<std::string>(std::begin(kSpDisplaysM2Ultra), std::end(kSpDisplaysM2Ultra)));
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "Apple M2 Ultra 76-Core GPU 192GB");
  EXPECT_EQ(hw.count, 1);
  EXPECT_EQ(hw.how,
            "sysctl: 'Apple M2 Ultra'; system_profiler: 76 GPU cores, hw.memsize 206158430208 "
            "(192GB)");
  EXPECT_TRUE(HasNote(hw, "not on the path: nvidia-smi, rocm-smi, amd-smi")) << Notes(hw);

  HardwareMatch m = index_->Match(hw.text);
  EXPECT_EQ(Ids(m), std::vector<std::string>{"apple-m2-ultra"});
  EXPECT_FALSE(m.count);  // one chip: the text states no count, as Apple's names do not
}

TEST_F(LocalHardwareTest, AppleSiliconWithoutSystemProfiler) {
  Printer("sysctl", {"Apple M3 Ultra", "549755813888"});
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "Apple M3 Ultra 512GB");
  EXPECT_TRUE(HasNote(hw, "system_profiler")) << Notes(hw);
  EXPECT_EQ(Ids(index_->Match(hw.text)), std::vector<std::string>{"apple-m3-ultra"});
}

TEST_F(LocalHardwareTest, SysctlOnLinuxIsNotApple) {
  // Linux's sysctl knows no machdep keys: it says so on stderr and exits 255.
  Script("sysctl", "echo 'sysctl: cannot stat /proc/sys/machdep/cpu/brand_string' >&2\nexit 255");
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "");
  EXPECT_TRUE(HasNote(hw, "sysctl: exited with 255")) << Notes(hw);
}

std::string CpuinfoText(int sockets, int threads_per_socket, const std::string& model) {
  std::string text;
  int n = 0;
  for (int s = 0; s < sockets; ++s) {
    for (int t = 0; t < threads_per_socket; ++t, ++n) {
      text += "processor\t: " + std::to_string(n) + "\nvendor_id\t: GenuineIntel\n" +
              "cpu family\t: 6\nmodel\t\t: 143\nmodel name\t: " + model +
              "\nphysical id\t: " + std::to_string(s) +
              "\nsiblings\t: " + std::to_string(threads_per_socket) +
              "\ncore id\t\t: " + std::to_string(t) + "\n\n";
    }
  }
  return text;
}

TEST_F(LocalHardwareTest, CpuOnlyMachineCountsSockets) {
  std::string cpuinfo = File("cpuinfo", CpuinfoText(2, 4, "Intel(R) Xeon(R) Platinum 8480+"));
  LocalHardware hw = DetectLocalHardware(bin(), cpuinfo);
  EXPECT_EQ(hw.text, "2x Intel Xeon Platinum 8480+");
  EXPECT_EQ(hw.count, 2);
  EXPECT_EQ(hw.how, "cpuinfo: 2 sockets 'Intel(R) Xeon(R) Platinum 8480+'");

  HardwareMatch m = index_->Match(hw.text);
  EXPECT_TRUE(m.candidates.empty());
  EXPECT_TRUE(m.cpu_only);
}

TEST_F(LocalHardwareTest, CpuNameLosesFrequencyAndCoreCount) {
  std::string cpuinfo = File("cpuinfo", CpuinfoText(1, 2, "AMD EPYC 9654 96-Core Processor") + "");
  EXPECT_EQ(DetectLocalHardware(bin(), cpuinfo).text, "1x AMD EPYC 9654");
  cpuinfo = File("cpuinfo2", CpuinfoText(1, 1, "Intel(R) Xeon(R) CPU E5-2695 v4 @ 2.10GHz"));
  EXPECT_EQ(DetectLocalHardware(bin(), cpuinfo).text, "1x Intel Xeon E5-2695 v4");
}

TEST_F(LocalHardwareTest, HangingProbeIsStoppedAtTheTimeLimit) {
  Script("nvidia-smi", "sleep 60");
  std::string cpuinfo = File("cpuinfo", CpuinfoText(1, 1, "Intel(R) Xeon(R) Platinum 8480+"));
  LocalHardwareOptions options;
  options.probe_time_limit = std::chrono::milliseconds(1000);
  auto start = std::chrono::steady_clock::now();
  LocalHardware hw = DetectLocalHardware(bin(), cpuinfo, options);
  auto took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(took, std::chrono::seconds(4));
  EXPECT_GE(took, std::chrono::milliseconds(900));
  EXPECT_TRUE(HasNote(hw, "nvidia-smi: no answer within 1000 ms; stopped")) << Notes(hw);
  EXPECT_EQ(hw.text, "1x Intel Xeon Platinum 8480+");
}

TEST_F(LocalHardwareTest, ProbeThatLeavesAChildHoldingItsOutputIsStopped) {
  // The shell exits at once; the `sleep` it started keeps the pipe open.
  Script("nvidia-smi", "printf '%s\\n' 'NVIDIA H100 80GB HBM3, 81559 MiB, Disabled'\nsleep 60 &");
  LocalHardwareOptions options;
  options.probe_time_limit = std::chrono::milliseconds(500);
  auto start = std::chrono::steady_clock::now();
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo(), options);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
  EXPECT_TRUE(HasNote(hw, "no answer within 500 ms")) << Notes(hw);
}

TEST_F(LocalHardwareTest, TenMegabytesOfOutputAreCutAndNotTrusted) {
  Script("nvidia-smi",
         "yes 'NVIDIA H100 80GB HBM3, 81559 MiB, Disabled' | head -c 10000000\n"
         "head -c 10000000 /dev/zero");
  auto start = std::chrono::steady_clock::now();
  ProbeRun run = RunProbe(bin(), {"nvidia-smi"});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
  EXPECT_TRUE(run.truncated);
  EXPECT_FALSE(run.timed_out);
  EXPECT_EQ(run.output.size(), 64u * 1024);

  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "");
  EXPECT_TRUE(HasNote(hw, "nvidia-smi: printed more than 65536 bytes; not trusted")) << Notes(hw);
}

TEST_F(LocalHardwareTest, ControlCharactersAreStripped) {
  Script("nvidia-smi",
         "printf 'NVIDIA H100 \\033[31m80GB\\033[0m HBM3\\a\\001\\377\\r, 81559 MiB, Disabled\\n'\n"
         "printf '\\033]0;title\\007\\n'");
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "1x NVIDIA H100 80GB HBM3");
  for (char c : hw.text + hw.how) {
    EXPECT_TRUE(c >= 0x20 && c < 0x7f) << static_cast<int>(static_cast<unsigned char>(c));
  }
  EXPECT_EQ(Ids(index_->Match(hw.text)), std::vector<std::string>{"nvidia-h100-sxm5"});
}

TEST_F(LocalHardwareTest, GarbageWithoutFieldsOrNewlineIsNoAnswer) {
  Script("nvidia-smi", "head -c 30000 /dev/zero | tr '\\0' 'A'");
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "");
  EXPECT_TRUE(HasNote(hw, "nvidia-smi: printed no GPU")) << Notes(hw);
  EXPECT_TRUE(HasNote(hw, "nvidia-smi: 1 line not read")) << Notes(hw);
}

TEST_F(LocalHardwareTest, NoProbeAtAll) {
  LocalHardware hw = DetectLocalHardware(bin(), missing_cpuinfo());
  EXPECT_EQ(hw.text, "");
  EXPECT_FALSE(hw.count);
  EXPECT_EQ(hw.how, "");
  EXPECT_TRUE(HasNote(hw, "not on the path: nvidia-smi, rocm-smi, amd-smi, sysctl")) << Notes(hw);
  EXPECT_TRUE(HasNote(hw, "cpuinfo: cannot read")) << Notes(hw);
  EXPECT_TRUE(HasNote(hw, "no probe answered")) << Notes(hw);
}

TEST_F(LocalHardwareTest, OnlyAbsoluteExecutableFilesInThePathAreRun) {
  Printer("nvidia-smi", {"NVIDIA H100 80GB HBM3, 81559 MiB, Disabled"});
  ASSERT_EQ(::chmod((bin() + "/nvidia-smi").c_str(), 0644), 0);
  EXPECT_FALSE(RunProbe(bin(), {"nvidia-smi"}).found);
  ASSERT_EQ(::chmod((bin() + "/nvidia-smi").c_str(), 0755), 0);
  EXPECT_TRUE(RunProbe(bin(), {"nvidia-smi"}).found);
  // "." or "" in a PATH would depend on the working folder.
  EXPECT_FALSE(RunProbe(".:bin::", {"nvidia-smi"}).found);
  EXPECT_TRUE(RunProbe("/nonexistent:" + bin(), {"nvidia-smi"}).found);
  EXPECT_FALSE(RunProbe(bin(), {"../bin/nvidia-smi"}).found);
}

TEST_F(LocalHardwareTest, ProbeSeesNoInputAndTheCLocale) {
  Script("probe", "cat\necho \"LC_ALL=$LC_ALL\"\necho oops >&2\nexit 3");
  ProbeRun run = RunProbe(bin(), {"probe"});
  EXPECT_TRUE(run.started);
  EXPECT_EQ(run.output, "LC_ALL=C\n");
  EXPECT_EQ(run.exit_code, 3);
}

TEST(PrintableTextTest, KeepsPrintableUtf8Only) {
  EXPECT_EQ(PrintableText("  AMD\tInstinct\xe2\x84\xa2  MI300X \n"),
            "AMD Instinct\xe2\x84\xa2 MI300X");
  EXPECT_EQ(PrintableText("a\xc2\x85"
                          "b\x7f"
                          "c\xff\xfe"
                          "d"),
            "abcd");  // C1, DEL, invalid
  EXPECT_EQ(PrintableText("\x1b[1;31mred\x1b[0m \x1b"
                          "cX"),
            "red X");
  EXPECT_EQ(PrintableText(std::string(1000, 'A'), 10), std::string(10, 'A'));
  EXPECT_EQ(PrintableText("\xc3\xa9\xc3\xa9", 3), "\xc3\xa9");  // cut at a character
  EXPECT_EQ(PrintableText(std::string("\0\0x", 3)), "x");
}

}  // namespace
}  // namespace rooflint
