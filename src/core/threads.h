// How many threads a step of the library may start: the caller's choice (LoadCorpus's
// `threads`, SweepOptions::threads, Report::threads), where 0 means one per hardware thread and
// 1 the calling thread alone, with no thread started (what a build without threads needs).
#ifndef ROOFLINT_CORE_THREADS_H_
#define ROOFLINT_CORE_THREADS_H_

#include <algorithm>
#include <cstddef>
#include <thread>

namespace rooflint {

inline size_t ThreadsToUse(unsigned requested) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  // A build without threads (the browser page): none can be started, whatever was asked.
  (void)requested;
  return 1;
#else
  if (requested != 0) return requested;
  return std::max(1u, std::thread::hardware_concurrency());
#endif
}

}  // namespace rooflint

#endif  // ROOFLINT_CORE_THREADS_H_
