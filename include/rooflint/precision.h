// The weight formats rooflint knows: bits per weight (fractional for GGUF block formats and
// mixes) and the precision their matrix math runs in, each row with its source. One table, in
// precision.cc.
#ifndef ROOFLINT_PRECISION_H_
#define ROOFLINT_PRECISION_H_

#include <array>
#include <optional>
#include <span>
#include <string_view>

#include "rooflint/units.h"

namespace rooflint {

struct PrecisionInfo {
  std::string_view name;  // as written in records: "fp16", "q4_k_m", ...
  double bits_per_weight;
  // The [peak_dense] key the weights are multiplied in when a record does not say
  // (fp16 weights are multiplied in fp16); "" when the format does not determine it (int4
  // weights may be multiplied in fp16, int8 or int4 depending on the kernel).
  std::string_view compute;
  std::string_view source;  // where bits_per_weight comes from

  // The bytes of one element stored in this format.
  Bytes element() const { return Bytes(bits_per_weight / 8); }
  // The bytes of `params` weights stored in this format.
  Bytes BytesOf(double params) const { return Bytes(params * bits_per_weight / 8); }
};

// Every known weight format, in table order.
std::span<const PrecisionInfo> Precisions();
// The row for `name` (exact, lowercase), or nullptr.
const PrecisionInfo* FindPrecision(std::string_view name);
// The [peak_dense] keys an accelerator record may carry.
inline constexpr std::array<std::string_view, 12> kPeakKeys = {
    "fp64", "fp32", "tf32", "fp16", "bf16",       "fp8",
    "fp6",  "fp4",  "int8", "int4", "fp16_acc16", "fp8_acc16"};
std::span<const std::string_view> PeakKeys();

// The fewest bits a weight can take in any format an engine loads: what a bound may assume
// when a record does not state its weight format (a figure is impossible only if it is
// impossible at these bits). Bits count the codes and the scales a format's layout fixes;
// where that is unsure, the fewer bits. One row per engine (and version range where the
// engine's formats changed), each with its source; an engine the table does not know, or no
// engine, takes the narrowest any engine loads.
struct NarrowestWeights {
  double bits = 0;
  std::string_view format;    // "AWQ or GPTQ 4-bit integer weights"
  std::string_view engine;    // the row's engine as it names it; "any engine" for the fallback
  std::string_view versions;  // "0.2.0 to 0.2.x", or "" for every version
  std::string_view source;
};
// `engine` and `version` as a record writes them ("vllm", "vLLM", "0.6.3.post1"; "" when
// unstated).
NarrowestWeights NarrowestWeightsFor(std::string_view engine, std::string_view version);
// Every row, in table order (`rooflint list precisions` prints them).
std::span<const NarrowestWeights> NarrowestWeightsTable();

}  // namespace rooflint

#endif  // ROOFLINT_PRECISION_H_
