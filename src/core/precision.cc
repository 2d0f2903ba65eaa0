// Bits per weight for every weight format rooflint knows, with the source of each figure.
// Block formats are exact (block bytes / block weights); GGUF "mixes" (q4_k_m, ...) assign
// different block types to different tensors, so their average depends on the model: the
// figures here are llama.cpp's own measurements on Llama-2-7B, and a record that states
// `weights` verbatim never uses them.
#include "rooflint/precision.h"

#include <array>
#include <cstdint>
#include <string>

#include "core/text_util.h"

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
    // 3- and 2-bit integers: KV caches quantized KIVI-style, and weights (group scales not
    // counted, as for int4).
    PrecisionInfo{"int3", 3, "", "3-bit integer elements (group scales not counted)"},
    PrecisionInfo{"int2", 2, "", "2-bit integer elements (group scales not counted)"},
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

}  // namespace

std::span<const PrecisionInfo> Precisions() { return kPrecisions; }

const PrecisionInfo* FindPrecision(std::string_view name) {
  for (const auto& p : kPrecisions) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::span<const std::string_view> PeakKeys() { return kPeakKeys; }

namespace {

// A version as three numbers ("v0.6.3.post1" -> 0, 6, 3); missing parts are 0.
using Version = std::array<int64_t, 3>;
constexpr Version kNoVersion = {-1, -1, -1};

Version ReadVersion(std::string_view text) {
  Version v = {0, 0, 0};
  size_t i = 0;
  while (i < text.size() && !(text[i] >= '0' && text[i] <= '9')) ++i;
  if (i == text.size()) return kNoVersion;
  for (size_t part = 0; part < 3 && i < text.size(); ++part) {
    int64_t n = 0;
    size_t digits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 9) {
      n = n * 10 + (text[i++] - '0');
      ++digits;
    }
    if (digits == 0) break;
    v[part] = n;
    if (i < text.size() && text[i] == '.') ++i;
  }
  return v;
}

struct EngineRow {
  std::array<std::string_view, 4> names;  // lowercase names a record's engine may contain
  Version from = {0, 0, 0};               // first version the row covers
  Version before = {};                    // first version it does not ({} : none)
  NarrowestWeights weights;
};

constexpr std::string_view kVllmAqlm =
    "vLLM's AQLM method (0.4 to 0.10.1) loads 1x16 codebooks at group 16, 1 bit of code a "
    "weight; BitBLAS 1-bit weights likewise (vllm-project/vllm, "
    "model_executor/layers/quantization/aqlm.py and bitblas_utils.py)";

// Sources: each engine's quantization code or release notes, as each row says. Bits are code
// bits plus the scale bits the layout fixes per group, divided by the group's weights.
constexpr std::array kEngines = {
    EngineRow{{"vllm"},
              {0, 0, 0},
              {0, 2, 0},
              {16, "16-bit weights (no quantized method before AWQ)", "vllm", "before 0.2.0",
               "vLLM v0.2.0 release notes (vllm-project/vllm#1089): AWQ, its first "
               "quantization method"}},
    EngineRow{{"vllm"},
              {0, 2, 0},
              {0, 3, 0},
              {4, "AWQ, GPTQ or SqueezeLLM 4-bit integer weights (group scales not counted)",
               "vllm", "0.2.0 to 0.2.x",
               "vllm-project/vllm#1089 (AWQ in 0.2.0); GPTQ came in 0.2.6 at 4 bits; "
               "model_executor/layers/quantization/squeezellm.py refuses any width but 4"}},
    EngineRow{{"vllm"}, {0, 3, 0}, {}, {1, "AQLM 1x16 at group 16", "vllm", "0.3.0 on", kVllmAqlm}},
    EngineRow{{"sglang"},
              {},
              {},
              {1, "AQLM through vLLM's kernels", "sglang", "",
               "sgl-project/sglang, srt/layers/quantization/__init__.py "
               "imports vLLM's AQLMConfig; GGUF IQ1_S (1.5625) since "
               "v0.4.0"}},
    EngineRow{{"tensorrt-llm", "tensorrt_llm", "trt-llm", "trtllm"},
              {},
              {},
              {4, "INT4 weight-only, per-channel scales", "tensorrt-llm", "",
               "NVIDIA/TensorRT-LLM, quantization/mode.py: INT4 and INT8 weights only (INT4-AWQ "
               "4.125, NVFP4 4.5, MXFP4 4.25 bits)"}},
    EngineRow{{"llama.cpp", "llama-bench", "ollama", "lm studio"},
              {},
              {},
              {1.125, "Q1_0: 1-bit weights, one fp16 scale per 128", "llama.cpp", "",
               "ggml-org/llama.cpp#21273 (Q1_0); IQ1_S, 50 B per 256 weights = 1.5625, before "
               "it (ggml-common.h block structs)"}},
    EngineRow{{"mlc"},
              {},
              {},
              {3.2, "q3f16_1: 3-bit codes packed 10 per 32-bit word", "mlc-llm", "",
               "mlc-ai/mlc-llm, python/mlc_llm/quantization/quantization.py "
               "(group scales not counted)"}},
    EngineRow{{"exllama"},
              {},
              {},
              {2, "EXL2 at its least target width (scales included)", "exllamav2", "",
               "turboderp/exllamav2 issues #139 and #700: the least size "
               "it reaches is about 2.0 to 2.17 bits a weight"}},
    EngineRow{{"text-generation-inference", "tgi"},
              {},
              {},
              {2, "EXL2 or 2-bit GPTQ", "tgi", "",
               "huggingface/text-generation-"
               "inference#1965 (EXL2)"}},
    EngineRow{{"lmdeploy", "turbomind"},
              {},
              {},
              {4,
               "AWQ or GPTQ W4A16 (group scales not "
               "counted)",
               "lmdeploy", "",
               "InternLM/lmdeploy docs: W4A16, no "
               "narrower weights"}},
    EngineRow{{"deepspeed", "fastgen", "mii"},
              {},
              {},
              {6, "FP6 weights (wf6af16)", "deepspeed-fastgen", "",
               "microsoft/DeepSpeed#5234; "
               "DeepSpeed-MII#439"}},
    EngineRow{{"mlx"},
              {},
              {},
              {2.25, "2-bit affine, one fp16 scale and bias per 128", "mlx-lm", "",
               "ml-explore/mlx, mlx.core.quantize: bits 2 to 8, groups "
               "32 to 128, a scale and a bias per group"}},
    EngineRow{{"openvino"},
              {},
              {},
              {4, "INT4 symmetric, per channel", "openvino", "",
               "openvinotoolkit/nncf, docs CompressWeights.md"}},
};

constexpr NarrowestWeights kAnyEngine = {1, "1-bit codes (AQLM 1x16 at group 16, BitBLAS)",
                                         "any engine", "", kVllmAqlm};

std::array<NarrowestWeights, kEngines.size() + 1> MakeTable() {
  std::array<NarrowestWeights, kEngines.size() + 1> t{};
  for (size_t i = 0; i < kEngines.size(); ++i) t[i] = kEngines[i].weights;
  t[kEngines.size()] = kAnyEngine;
  return t;
}
const std::array<NarrowestWeights, kEngines.size() + 1> kTable = MakeTable();

}  // namespace

NarrowestWeights NarrowestWeightsFor(std::string_view engine, std::string_view version) {
  const std::string e = ToLower(engine);
  if (e.empty()) return kAnyEngine;
  // The version may be written in the engine's text ("vLLM 0.6.3").
  Version v = ReadVersion(version.empty() ? std::string_view(e) : version);
  // A versioned row applies to a stated version inside it; an unknown version, or one no row
  // covers, takes the engine's last row, whose formats include every earlier one's.
  const EngineRow* last = nullptr;
  for (const EngineRow& row : kEngines) {
    bool named = false;
    for (std::string_view n : row.names) named = named || (!n.empty() && e.find(n) != e.npos);
    if (!named) continue;
    last = &row;
    const bool versioned = row.before != Version{} || row.from != Version{};
    const bool inside =
        v != kNoVersion && v >= row.from && (row.before == Version{} || v < row.before);
    if (!versioned || inside) return row.weights;
  }
  return last != nullptr ? last->weights : kAnyEngine;
}

std::span<const NarrowestWeights> NarrowestWeightsTable() { return kTable; }

}  // namespace rooflint
