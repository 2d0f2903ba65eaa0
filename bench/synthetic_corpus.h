// A generator of synthetic corpora for benchmarks: a few real-shaped accelerators and models,
// and N benchmark records that mix metrics, batches, pointers and hardware text.
#ifndef ROOFLINT_BENCH_SYNTHETIC_CORPUS_H_
#define ROOFLINT_BENCH_SYNTHETIC_CORPUS_H_

#include <cstddef>
#include <string>

namespace rooflint {

// Writes a corpus of `benchmarks` benchmark records (plus 8 accelerators, 4 models, 1 source)
// under `root`, which must not exist yet. Deterministic: the same n gives the same files.
void WriteSyntheticCorpus(const std::string& root, size_t benchmarks);

}  // namespace rooflint

#endif  // ROOFLINT_BENCH_SYNTHETIC_CORPUS_H_
