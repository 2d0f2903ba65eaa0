// Resolution: what a benchmark points at (model, parts), and the quantities every roof needs
// (n, W, P, B), each with how it was obtained or why it is unknown, as one AuditInput.
// results.h builds the instruments' results from it; physics.h holds the shared physics.
#ifndef ROOFLINT_AUDIT_RESOLVE_H_
#define ROOFLINT_AUDIT_RESOLVE_H_

#include <deque>
#include <map>
#include <string>
#include <unordered_map>

#include "audit/instrument.h"
#include "rooflint/audit.h"
#include "rooflint/hardware_match.h"

namespace rooflint {

// Resolves records against one corpus. Hardware-text matches are cached by text, since a
// corpus repeats the same few hardware strings many times.
class Resolver {
 public:
  Resolver(const Corpus& corpus, const SweepOptions& options);
  AuditInput Resolve(const Benchmark& b);
  // The parts a hardware text resolves to (cached).
  const HardwareMatch& Match(std::string_view hardware);

 private:
  const Corpus& corpus_;
  const SweepOptions& options_;
  HardwareIndex hardware_;
  std::unordered_map<std::string, HardwareMatch, TextHash, std::equal_to<>> matches_;
  // A part as one slice of it holds it (a MIG profile, a compute partition), made once per part
  // and partition text; a deque keeps them where they are.
  const Accelerator* Slice(const Accelerator& part, const PartitionText& p, std::string* how);
  std::deque<Accelerator> slices_;
  std::map<std::pair<const Accelerator*, std::string>, std::pair<const Accelerator*, std::string>>
      slice_index_;
};

}  // namespace rooflint

#endif  // ROOFLINT_AUDIT_RESOLVE_H_
