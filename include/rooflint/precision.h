// The weight formats rooflint knows: bits per weight (fractional for GGUF block formats and
// mixes) and the precision their matrix math runs in, each row with its source. One table, in
// precision.cc.
#ifndef ROOFLINT_PRECISION_H_
#define ROOFLINT_PRECISION_H_

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
std::span<const std::string_view> PeakKeys();

}  // namespace rooflint

#endif  // ROOFLINT_PRECISION_H_
