// Resolves a benchmark's free-text hardware ("1x NVIDIA A100 40GB") to the accelerator records
// it may name. It never picks between parts that the text does not distinguish: "A100 40GB"
// yields both 40GB parts, and the caller computes with every candidate.
#ifndef ROOFLINT_HARDWARE_MATCH_H_
#define ROOFLINT_HARDWARE_MATCH_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/records.h"

namespace rooflint {

struct HardwareMatch {
  std::vector<const Accelerator*> candidates;  // in corpus order; empty when nothing matches
  bool exact = false;  // the text is exactly one part's name or alias
};

// Word tokens of a hardware name, lowercased, with vendor words and counts ("1x", "8x", a
// count glued to a name as in "4xNVIDIA") dropped, "40 GB" joined to "40gb" and "sxm4"/"sxm5"
// folded to "sxm". Sorted and unique.
std::vector<std::string> HardwareTokens(std::string_view text);

class HardwareIndex {
 public:
  explicit HardwareIndex(std::span<const Accelerator> parts);

  // The parts `text` may name. A part matches exactly when the text's tokens equal those of
  // its name or an alias; failing any exact match, every part one of whose names holds all the
  // text's tokens is a candidate ("H100" -> every H100 variant). Nothing else matches.
  HardwareMatch Match(std::string_view text) const;

 private:
  struct Entry {
    const Accelerator* part;
    std::vector<std::vector<std::string>> names;  // tokens of the name and of each alias
  };
  std::vector<Entry> entries_;
};

}  // namespace rooflint

#endif  // ROOFLINT_HARDWARE_MATCH_H_
