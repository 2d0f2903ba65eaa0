// Checks one claim with the installed library, as `rooflint check` would, and prints the JSON
// `rooflint check --format json` prints: the test compares the two byte for byte.
#include <iostream>
#include <string>
#include <vector>

#include "rooflint/check.h"
#include "rooflint/corpus.h"

int main() {
  std::vector<std::string> roots = {DATA_DIR};
  rooflint::Corpus corpus = rooflint::LoadCorpus(roots);
  rooflint::Claim claim;
  claim.model = "llama-3.1-70b";
  claim.hardware = "1x H200";
  claim.value = "250 tok/s per user";
  claim.precision = "fp8";
  claim.speculative = "false";
  rooflint::CheckReport report = rooflint::CheckClaim(claim, corpus);
  std::cout << rooflint::CheckJson(report);
  return report.HasErrors() ? 2 : 0;
}
