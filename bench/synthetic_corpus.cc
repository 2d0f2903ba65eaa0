// Synthetic corpora for the sweep benchmark.
#include "synthetic_corpus.h"

#include <fmt/format.h>

#include <array>
#include <filesystem>
#include <fstream>

namespace rooflint {
namespace {

namespace fs = std::filesystem;

void Write(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

struct PartSpec {
  const char* id;
  const char* name;
  const char* bandwidth;
  const char* fp16;
};
constexpr std::array kParts = {
    PartSpec{"gpu-a-40gb-sxm", "Synthetic GPU A 40GB SXM", "1555 GB/s", "312 TFLOPS"},
    PartSpec{"gpu-a-40gb-pcie", "Synthetic GPU A 40GB PCIe", "1555 GB/s", "312 TFLOPS"},
    PartSpec{"gpu-a-80gb-sxm", "Synthetic GPU A 80GB SXM", "2039 GB/s", "312 TFLOPS"},
    PartSpec{"gpu-b-sxm", "Synthetic GPU B SXM", "3350 GB/s", "989 TFLOPS"},
    PartSpec{"gpu-b-pcie", "Synthetic GPU B PCIe", "2000 GB/s", "756 TFLOPS"},
    PartSpec{"card-c", "Synthetic Card C", "1008 GB/s", "165 TFLOPS"},
    PartSpec{"card-d", "Synthetic Card D", "716.8 GB/s", "97.5 TFLOPS"},
    PartSpec{"soc-e", "Synthetic SoC E", "800 GB/s", "27 TFLOPS"},
};

struct ModelSpec {
  const char* id;
  double total;
  double active;  // 0 for dense
};
constexpr std::array kModels = {
    ModelSpec{"dense-7b", 6.7e9, 0},
    ModelSpec{"dense-70b", 70e9, 0},
    ModelSpec{"moe-30b-a3b", 30.5e9, 3.3e9},
    ModelSpec{"moe-120b-a5b", 117e9, 5.1e9},
};

constexpr std::array kMetrics = {
    "per-user-decode", "aggregate-output", "aggregate-total", "requests", "tpot", "ttft"};
constexpr std::array kPrecisions = {"fp16", "bf16", "fp8", "q4_k_m", "q8_0", "mxfp4"};

}  // namespace

void WriteSyntheticCorpus(const std::string& root_text, size_t benchmarks, SyntheticShape shape) {
  fs::path root(root_text);
  for (const char* kind : {"accelerators", "models", "benchmarks", "sources", "gotchas"}) {
    fs::create_directories(root / kind);
  }
  Write(root / "sources/synthetic.toml",
        "id = \"synthetic\"\ntitle = \"Synthetic records for benchmarks\"\npublisher = "
        "\"rooflint\"\nurl = \"https://example.invalid/synthetic\"\ndate = 2026-01-01\nkind = "
        "\"dataset\"\n");
  for (const auto& p : kParts) {
    Write(root / "accelerators" / fmt::format("{}.toml", p.id),
          fmt::format("id = \"{}\"\nname = \"{}\"\nvendor = \"Synthetic\"\nform_factor = "
                      "\"pcie\"\naliases = []\nmemory = \"80 GB\"\nbandwidth = \"{}\"\n\n"
                      "[peak_dense]\nfp16 = \"{}\"\n\n[sources]\nmemory = \"synthetic\"\n"
                      "bandwidth = \"synthetic\"\npeak_dense = \"synthetic\"\n",
                      p.id, p.name, p.bandwidth, p.fp16));
  }
  for (const auto& m : kModels) {
    std::string active = m.active > 0 ? fmt::format("params_active = {:e}\n", m.active) : "";
    Write(root / "models" / fmt::format("{}.toml", m.id),
          fmt::format("id = \"{}\"\nname = \"{}\"\naliases = []\nparams_total = {:e}\n{}"
                      "layers = 32\nkv_heads = 8\nhead_dim = 128\nnative_precision = \"bf16\"\n"
                      "source = \"synthetic\"\n",
                      m.id, m.id, m.total, active));
  }
  for (size_t i = 0; i < benchmarks; ++i) {
    const PartSpec& part = kParts[i % kParts.size()];
    const ModelSpec& model = kModels[(i / 3) % kModels.size()];
    const char* metric = kMetrics[(i / 7) % kMetrics.size()];
    const char* precision = kPrecisions[(i / 5) % kPrecisions.size()];
    bool latency = std::string_view(metric) == "tpot" || std::string_view(metric) == "ttft";
    std::string value = latency ? fmt::format("{} ms", 5 + i % 200)
                        : std::string_view(metric) == "requests"
                            ? fmt::format("{}.{} req/s", i % 9, 1 + i % 9)
                            : fmt::format("{}.{} tok/s", 10 + i % 5000, i % 10);
    // Every fourth record has no pointer and is resolved from its hardware text.
    std::string pointer =
        i % 4 == 0 ? "accelerators = []\naccelerators_absent = { because = \"not-stated\", "
                     "note = \"resolved from the hardware text\" }\n"
                   : fmt::format("accelerators = [\"{}\"]\n", part.id);
    std::string batch = i % 5 == 0 ? "batch = { absent = \"not published\" }"
                                   : fmt::format("batch = {}", 1 << (i % 8));
    const char* model_id = model.id;
    int count = 1 + i % 8 / 7 * 7;
    if (shape == SyntheticShape::kFindings) {
      // Past the roof: 50,000 tok/s for one user is above n x BW / W for every part, model,
      // precision and count here (the most generous, 8 x 3350 GB/s over moe-30b-a3b's 3.3e9
      // active parameters at q4_k_m's 4.84 bits, is about 13,400 tok/s).
      bool past_roof = i % 10 < 7;
      metric = "per-user-decode";
      value = past_roof ? fmt::format("{} tok/s", 50000 + i % 1000) : "1.5 tok/s";
      batch = "batch = 1";
      if (!past_roof) {
        model_id = "dense-70b";  // 140 GB in 16 bits, on one 80 GB part
        precision = "fp16";
        count = 1;
      }
    }
    Write(root / "benchmarks" / fmt::format("synthetic-{:06}.toml", i),
          fmt::format("id = \"synthetic-{:06}\"\ntitle = \"Synthetic record {}\"\nstatus = "
                      "\"{}\"\nmetric = \"{}\"\nvalue = \"{}\"\nmodel = \"{}\"\nprecision = "
                      "\"{}\"\nhardware = \"{}x {}\"\n{}accelerator_count = {}\nsource = "
                      "\"synthetic\"\nlocator = \"row {}\"\nnotes = \"\"\"Generated.\"\"\"\n\n"
                      "[conditions]\n{}\ninput_tokens = {}\noutput_tokens = {}\nengine = "
                      "\"synthetic\"\nengine_version = {{ absent = \"synthetic\" }}\nwarmup = "
                      "{{ absent = \"synthetic\" }}\nscenario = \"offline\"\nspeculative = "
                      "false\n",
                      i, i, i % 50 == 0 ? "deprecated" : "verified", metric, value, model_id,
                      precision, count, part.name, pointer, count, i, batch, 128 << (i % 4),
                      64 << (i % 3)));
  }
}

}  // namespace rooflint
