// A generator of synthetic corpora for benchmarks: a few real-shaped accelerators and models,
// and N benchmark records that mix metrics, batches, pointers and hardware text.
#ifndef ROOFLINT_BENCH_SYNTHETIC_CORPUS_H_
#define ROOFLINT_BENCH_SYNTHETIC_CORPUS_H_

#include <cstddef>
#include <string>

namespace rooflint {

// The two shapes of corpus the speed goals are measured on.
enum class SyntheticShape {
  // Metrics, batches, precisions and pointers mixed; under half the records have a finding.
  kMixed,
  // What an import of messy data looks like: 7 records in 10 state a per-user figure far past
  // the memory roof (an error each), the other 3 a 70B model in 16 bits on one 80 GB part (a
  // capacity finding each).
  kFindings,
};

// Writes a corpus of `benchmarks` benchmark records (plus 8 accelerators, 4 models, 1 source)
// under `root`, which must not exist yet. Deterministic: the same n and shape give the same
// files.
void WriteSyntheticCorpus(const std::string& root, size_t benchmarks,
                          SyntheticShape shape = SyntheticShape::kMixed);

}  // namespace rooflint

#endif  // ROOFLINT_BENCH_SYNTHETIC_CORPUS_H_
