// Baselines: the findings a corpus repository has accepted for now, one per line, so that its
// CI reports only new ones. A finding is identified by record, instrument and code (not by its
// message or line, which change with the numbers).
#ifndef ROOFLINT_BASELINE_H_
#define ROOFLINT_BASELINE_H_

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rooflint/audit.h"

namespace rooflint {

using FindingKey = std::tuple<std::string, std::string, std::string>;  // record, instrument, code

struct Baseline {
  std::set<FindingKey> keys;
};

// Reads a baseline file written by WriteBaseline. On failure returns false and sets `error`
// to a diagnostic-style message ("path:line: ...").
bool ReadBaseline(const std::string& path, Baseline& out, std::string& error);

// Marks the findings the baseline lists as baselined.
void ApplyBaseline(const Baseline& baseline, std::vector<Finding>& findings);

// Writes every finding that is neither deprecated nor waived to `path`, atomically (a temporary
// file renamed over it). Refuses to replace a file that is not a rooflint baseline unless
// `force`. On failure returns false and sets `error`.
bool WriteBaseline(const std::string& path, const std::vector<Finding>& findings, bool force,
                   std::string& error);

}  // namespace rooflint

#endif  // ROOFLINT_BASELINE_H_
