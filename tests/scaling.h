// Whether a piece of work grows linearly with its input: the time (best of a few runs) at n and
// at 4n compared, never an absolute time. Linear work takes about 4 times as long at 4n,
// quadratic work about 16 times; the bound allows for noise on a shared machine and for the
// fixed costs that make small inputs relatively dearer.
#ifndef ROOFLINT_TESTS_SCALING_H_
#define ROOFLINT_TESTS_SCALING_H_

#include <algorithm>
#include <chrono>
#include <functional>

namespace rooflint::testing {

// The best of `runs` times of `work(n)`, in seconds.
inline double BestSeconds(const std::function<void(int)>& work, int n, int runs = 3) {
  double best = 1e300;
  for (int r = 0; r < runs; ++r) {
    auto start = std::chrono::steady_clock::now();
    work(n);
    best = std::min(
        best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// The time of work(factor x n) over the time of work(n); `prepare(n)`, when given, runs untimed
// before the runs at n (writing the files a load then reads, say).
inline double GrowthOverTheInputTimes(int factor, const std::function<void(int)>& work, int n,
                                      const std::function<void(int)>& prepare = nullptr) {
  // Warm the allocator at the larger size first: a heap grown once is reused at both sizes,
  // where fresh pages at the larger one only would weigh as work.
  if (prepare) prepare(factor * n);
  work(factor * n);
  // The least of up to three measures: a shared machine's other load lands on one size or the
  // other at random, and only a quadratic cost makes all three large.
  double growth = 1e300;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (prepare) prepare(n);
    double small = BestSeconds(work, n);
    if (prepare) prepare(factor * n);
    double large = BestSeconds(work, factor * n);
    growth = std::min(growth, large / std::max(small, 1e-6));
    if (growth <= 1.75 * factor) break;  // plainly linear: no need to look again
  }
  return growth;
}
inline double GrowthOverFourTimesTheInput(const std::function<void(int)>& work, int n,
                                          const std::function<void(int)>& prepare = nullptr) {
  return GrowthOverTheInputTimes(4, work, n, prepare);
}

// Linear growth is 4; quadratic 16. Generous slack for a loaded machine.
inline constexpr double kLinearGrowthBound = 9.0;
// At 8 times the input, linear growth is 8 and quadratic 64: room for a cache-bound linear
// pass that a larger input makes dearer per item, far from quadratic.
inline constexpr double kLinearGrowthBoundAtEight = 20.0;

}  // namespace rooflint::testing

#endif  // ROOFLINT_TESTS_SCALING_H_
