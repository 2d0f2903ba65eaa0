// Bits per weight for every weight format rooflint knows, with the source of each figure.
// Block formats are exact (block bytes / block weights); GGUF "mixes" (q4_k_m, ...) assign
// different block types to different tensors, so their average depends on the model: the
// figures here are llama.cpp's own measurements on Llama-2-7B, and a record that states
// `weights` verbatim never uses them.
#include "rooflint/precision.h"

#include <array>

namespace rooflint {
namespace {

constexpr std::string_view kIeee = "IEEE 754 / OCP 8-bit FP spec: the element width";
constexpr std::string_view kGgmlBlocks =
    "ggml/src/ggml-common.h block structs in llama.cpp: block bytes x 8 / weights per block";
constexpr std::string_view kQuantizeReadme =
    "llama.cpp tools/quantize/README.md, 'Llama 2 7B' bits-per-weight table (a mix: varies by "
    "model)";

constexpr std::array kPrecisions = {
    PrecisionInfo{"fp32", 32, "fp32", kIeee},
    PrecisionInfo{"bf16", 16, "bf16", kIeee},
    PrecisionInfo{"fp16", 16, "fp16", kIeee},
    PrecisionInfo{"fp8", 8, "fp8", kIeee},
    PrecisionInfo{"int8", 8, "", "8-bit integer weights (per-channel scales are negligible)"},
    PrecisionInfo{"fp6", 6, "fp6", "OCP Microscaling (MX) v1.0: FP6 element width"},
    PrecisionInfo{"fp4", 4, "fp4", "the element width (scales not counted)"},
    PrecisionInfo{"int4", 4, "", "4-bit integer weights (group scales not counted)"},
    PrecisionInfo{"mxfp4", 4.25, "fp4",
                  "OCP Microscaling (MX) v1.0: 32 FP4 elements share one 8-bit E8M0 scale"},
    PrecisionInfo{"nvfp4", 4.5, "fp4", "NVIDIA NVFP4: 16 FP4 elements share one FP8 E4M3 scale"},
    // Block formats: every tensor of the file is this block type (bar a few kept in F32).
    PrecisionInfo{"q8_0", 8.5, "", kGgmlBlocks},     // 34 B / 32 weights
    PrecisionInfo{"q5_0", 5.5, "", kGgmlBlocks},     // 22 B / 32
    PrecisionInfo{"q5_1", 6.0, "", kGgmlBlocks},     // 24 B / 32
    PrecisionInfo{"q4_0", 4.5, "", kGgmlBlocks},     // 18 B / 32
    PrecisionInfo{"q4_1", 5.0, "", kGgmlBlocks},     // 20 B / 32
    PrecisionInfo{"iq4_nl", 4.5, "", kGgmlBlocks},   // 18 B / 32
    PrecisionInfo{"iq4_xs", 4.25, "", kGgmlBlocks},  // 136 B / 256
    // K-quant file types: mixes of block types chosen per tensor.
    PrecisionInfo{"q6_k", 6.56, "", kQuantizeReadme},
    PrecisionInfo{"q5_k_m", 5.68, "", kQuantizeReadme},
    PrecisionInfo{"q5_k_s", 5.52, "", kQuantizeReadme},
    PrecisionInfo{"q4_k_m", 4.84, "", kQuantizeReadme},
    PrecisionInfo{"q4_k_s", 4.58, "", kQuantizeReadme},
    PrecisionInfo{"q3_k_l", 4.27, "", kQuantizeReadme},
    PrecisionInfo{"q3_k_m", 3.91, "", kQuantizeReadme},
    PrecisionInfo{"q3_k_s", 3.50, "", kQuantizeReadme},
    PrecisionInfo{"q2_k", 3.35, "", kQuantizeReadme},
};

constexpr std::array<std::string_view, 12> kPeakKeys = {"fp64", "fp32", "tf32",       "fp16",
                                                        "bf16", "fp8",  "fp6",        "fp4",
                                                        "int8", "int4", "fp16_acc16", "fp8_acc16"};

}  // namespace

std::span<const PrecisionInfo> Precisions() { return kPrecisions; }

const PrecisionInfo* FindPrecision(std::string_view name) {
  for (const auto& p : kPrecisions) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::span<const std::string_view> PeakKeys() { return kPeakKeys; }

}  // namespace rooflint
