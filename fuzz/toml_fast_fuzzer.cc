// The record loader's fast path against toml++ (core/record_doc.h): for any input the fast path
// accepts, its document must equal the one converted from toml::parse (types, values, keys in
// the same order, the line and column of every node and key), and ParseRecord must give the
// same outcome either way for every record kind (diagnostics in full, id, record header).
// Any difference aborts with what differs.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/record_doc.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string diff = rooflint::record_doc::CheckAgainstToml(text);
  if (!diff.empty()) {
    std::fprintf(stderr, "fast path and toml++ differ: %s\n", diff.c_str());
    std::abort();
  }
  return 0;
}
