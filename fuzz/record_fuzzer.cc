// Feeds arbitrary bytes to the record parser as every kind of record. The parser must return
// diagnostics for anything it cannot read and never crash, hang or leak.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "rooflint/corpus.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (auto kind : {rooflint::RecordKind::kBenchmark, rooflint::RecordKind::kAccelerator,
                    rooflint::RecordKind::kModel, rooflint::RecordKind::kSource,
                    rooflint::RecordKind::kGotcha}) {
    rooflint::ParseResult r = rooflint::ParseRecord(kind, text, "fuzz.toml", "fuzz");
    for (const auto& d : r.diagnostics) (void)rooflint::Render(d);
  }
  return 0;
}
