// RenderInOrder: text made item by item on two threads, written in the order of the items.
#ifndef ROOFLINT_REPORT_RENDER_IN_ORDER_H_
#define ROOFLINT_REPORT_RENDER_IN_ORDER_H_

#include <algorithm>
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <thread>

#include "core/threads.h"

namespace rooflint {

// Items [0, n) are rendered on two threads, a block of items each, and the blocks written in
// order: the output is the loop's, byte for byte, in about half the time on two cores (a report
// comes after the sweep, with the other core idle), and the memory is two blocks of text.
// `render(i, out, state)` appends item i to `out`; each thread has its own `State` for a block (the
// findings' source-line reader). `block` items a block: 4096 table rows or findings are a few
// hundred kilobytes of text; a JSON record is a few kilobytes, so its blocks are smaller.
// `threads` is the report's (Report::threads): with 1, both blocks are rendered on the calling
// thread.
inline constexpr size_t kRenderBlock = 4096;

template <class State, class Render>
void RenderInOrder(size_t n, const Render& render, std::ostream& out, unsigned threads,
                   size_t block = kRenderBlock) {
  const size_t kBlock = std::max<size_t>(1, block);
  const bool two = ThreadsToUse(threads) > 1;
  std::string first, second;
  for (size_t begin = 0; begin < n; begin += 2 * kBlock) {
    const size_t mid = std::min(n, begin + kBlock), end = std::min(n, begin + 2 * kBlock);
    first.clear();
    second.clear();
    auto run = [&render](size_t from, size_t to, std::string& text) {
      State state;
      for (size_t i = from; i < to; ++i) render(i, text, state);
    };
    {
      std::jthread other;
      if (two && mid < end) other = std::jthread(run, mid, end, std::ref(second));
      run(begin, mid, first);
      if (!two) run(mid, end, second);
    }
    out << first << second;
  }
}

}  // namespace rooflint

#endif  // ROOFLINT_REPORT_RENDER_IN_ORDER_H_
