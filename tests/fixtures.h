// Shared test fixtures: a small corpus of parts and models as inline TOML, and a benchmark
// builder whose fields a test varies.
#ifndef ROOFLINT_TESTS_FIXTURES_H_
#define ROOFLINT_TESTS_FIXTURES_H_

#include <gtest/gtest.h>

#include <string>

#include "rooflint/audit.h"
#include "test_corpus.h"

namespace rooflint::testing {

inline constexpr char kSource[] = R"(
id = "test-source"
title = "A test source"
publisher = "rooflint tests"
url = "https://example.invalid/test"
date = 2026-01-01
kind = "paper"
)";

inline std::string Part(const std::string& id, const std::string& name, const std::string& aliases,
                        const std::string& bandwidth, const std::string& peaks,
                        const std::string& form = "sxm", const std::string& memory = "40 GB") {
  return "id = \"" + id + "\"\nname = \"" + name + "\"\nvendor = \"NVIDIA\"\nform_factor = \"" +
         form + "\"\naliases = [" + aliases + "]\nmemory = \"" + memory + "\"\nbandwidth = \"" +
         bandwidth + "\"\n[peak_dense]\n" + peaks +
         "\n[sources]\nmemory = \"test-source\"\nbandwidth = \"test-source\"\n" +
         (peaks.empty() ? "" : "peak_dense = \"test-source\"\n");
}

inline constexpr char kMpt[] = R"(
id = "mpt-7b"
name = "MPT-7B"
aliases = []
params_total = 6.7e9
layers = 32
kv_heads = 32
head_dim = 128
native_precision = "bf16"
source = "test-source"
)";

inline constexpr char kMoe[] = R"(
id = "moe-30b-a3b"
name = "A 30B MoE with 3B active"
aliases = []
params_total = 30e9
params_active = 3e9
layers = 48
kv_heads = 4
head_dim = 128
native_precision = "bf16"
source = "test-source"
)";

// A benchmark on the MPT-7B with the fields a test varies.
inline std::string Bench(const std::string& id, const std::string& metric, const std::string& value,
                         const std::string& conditions, const std::string& extra = "",
                         const std::string& hardware = "1x NVIDIA A100 40GB",
                         const std::string& pointer =
                             "accelerators = []\naccelerators_absent = { "
                             "because = \"ambiguous\", note = \"SXM4 or "
                             "PCIe\" }") {
  return "id = \"" + id + "\"\ntitle = \"t\"\nstatus = \"verified\"\nmetric = \"" + metric +
         "\"\nvalue = \"" + value +
         "\"\nmodel = \"mpt-7b\"\nprecision = \"fp16\"\nweights = \"14 GB\"\nhardware = \"" +
         hardware + "\"\n" + pointer +
         "\naccelerator_count = 1\nsource = \"test-source\"\nlocator = \"Table 2\"\n" + extra +
         "\n[conditions]\n" + conditions +
         "\ninput_tokens = 512\noutput_tokens = 64\nengine = \"e\"\nengine_version = { absent = "
         "\"x\" }\nwarmup = { absent = \"x\" }\nscenario = \"offline\"\n";
}

// A corpus of one source, four parts (two 40GB A100 forms, an 80GB A100, a SoC without
// peaks) and two models (MPT-7B, a 30B MoE with 3B active), for roof and check tests.
class RoofsTest : public ::testing::Test {
 protected:
  TestCorpus& Base() {
    corpus_.Add(RecordKind::kSource, kSource)
        .Add(RecordKind::kAccelerator,
             Part("a100-40gb-sxm4", "NVIDIA A100 40GB SXM4", "\"NVIDIA A100-SXM4-40GB\"",
                  "1555 GB/s", "fp16 = \"312 TFLOPS\"\nint8 = \"624 TOPS\""))
        .Add(RecordKind::kAccelerator,
             Part("a100-40gb-pcie", "NVIDIA A100 40GB PCIe", "\"NVIDIA A100-PCIE-40GB\"",
                  "1555 GB/s", "fp16 = \"312 TFLOPS\"\nint8 = \"624 TOPS\"", "pcie"))
        .Add(RecordKind::kAccelerator,
             Part("a100-80gb-sxm4", "NVIDIA A100 80GB SXM4", "\"NVIDIA A100-SXM4-80GB\"",
                  "2039 GB/s", "fp16 = \"312 TFLOPS\"", "sxm", "80 GB"))
        .Add(RecordKind::kAccelerator, Part("soc-no-peak", "Test SoC 400", "", "400 GB/s", ""))
        .Add(RecordKind::kModel, kMpt)
        .Add(RecordKind::kModel, kMoe);
    return corpus_;
  }
  SweepResult Run(const SweepOptions& options = {}) { return Sweep(corpus_.Build(), options); }

  TestCorpus corpus_;
};

}  // namespace rooflint::testing

#endif  // ROOFLINT_TESTS_FIXTURES_H_
