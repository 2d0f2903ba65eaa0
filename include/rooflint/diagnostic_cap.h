// The per-file cap on diagnostics (CapPerFile in diagnostic.h) as a collector: the loader caps
// a file's diagnostics once they are all made, an importer while it makes them (a hostile file
// may hold millions of faults, and none past the cap is kept), a report its findings.
#ifndef ROOFLINT_DIAGNOSTIC_CAP_H_
#define ROOFLINT_DIAGNOSTIC_CAP_H_

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/diagnostic.h"

namespace rooflint {

// Diagnostics a cap left out of one file: counted, never kept.
struct DroppedDiagnostics {
  size_t count = 0;
  size_t errors = 0;
};
using DroppedByFile = std::map<std::string, DroppedDiagnostics, std::less<>>;

// Keep is true for each file's first `per_file` diagnostics and counts the rest into dropped().
class DiagnosticCap {
 public:
  explicit DiagnosticCap(size_t per_file = kDiagnosticsPerFile) : per_file_(per_file) {}
  bool Keep(const Diagnostic& d);
  bool DroppedAnError() const;
  const DroppedByFile& dropped() const { return dropped_; }
  // The one diagnostic a file's dropped ones leave: "... and 19,950 more diagnostics in this
  // file (19,950 errors), not shown", an error when any dropped one was.
  static Diagnostic Summary(std::string_view path, const DroppedDiagnostics& dropped,
                            size_t per_file);

 private:
  size_t per_file_;
  std::map<std::string, size_t, std::less<>> kept_;
  DroppedByFile dropped_;
};

// CapPerFile, counting into each file's summary what a DiagnosticCap dropped before (`dropped`).
void CapPerFile(std::vector<Diagnostic>& ds, size_t per_file, const DroppedByFile& dropped);

}  // namespace rooflint

#endif  // ROOFLINT_DIAGNOSTIC_CAP_H_
