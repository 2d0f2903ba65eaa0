// Feeds arbitrary bytes to every importer of the table, and to detection (`auto`), against
// the bundled corpus. Each must return records or diagnostics and never crash, hang or leak;
// every record it returns must re-parse cleanly.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/import.h"

namespace {

const rooflint::Corpus& Bundled() {
  static const rooflint::Corpus* const kCorpus = [] {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    return new rooflint::Corpus(rooflint::LoadCorpus(roots));
  }();
  return *kCorpus;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<rooflint::ImportFile> files = {
      {"fuzz/input", std::string(reinterpret_cast<const char*>(data), size)}};
  for (const std::string& format : rooflint::ImportFormatNames()) {
    rooflint::ImportResult r = rooflint::Import(format, files, {}, Bundled());
    for (const auto& d : r.diagnostics) (void)rooflint::Render(d);
    if (r.records.empty() && r.diagnostics.empty()) std::abort();  // silently nothing
    for (const auto& rec : r.records) {
      rooflint::ParseResult p = rooflint::ParseRecord(rec.kind, rec.toml, "x.toml", rec.id);
      if (!p.ok() || !p.diagnostics.empty()) std::abort();
    }
  }
  return 0;
}
