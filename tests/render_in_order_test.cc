// RenderInOrder: the blocks rendered on two threads come out in the order of a plain loop.
#include "report/render_in_order.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <sstream>
#include <thread>

namespace rooflint {
namespace {

TEST(RenderInOrder, WritesWhatAPlainLoopWritesAtEveryBlockBoundary) {
  // The default block, the JSON report's, and the smallest.
  for (unsigned threads : {0u, 1u})
    for (size_t k : {kRenderBlock, size_t{512}, size_t{1}})
      for (size_t n :
           {size_t{0}, size_t{1}, k - 1, k, k + 1, 2 * k - 1, 2 * k, 2 * k + 1, 5 * k + 17}) {
        // Each item's text depends on the item only; the state counts the items of its block, so a
        // state shared across blocks or threads would show in the text.
        struct Count {
          size_t items = 0;
        };
        auto render = [k](size_t i, std::string& out, Count& c) {
          out += fmt::format("{} {}\n", i, i % 7 == 0 ? "seven" : "");
          ++c.items;
          if (c.items > k) out += "a state outlived its block\n";
        };
        std::string expected;
        for (size_t i = 0; i < n; ++i)
          expected += fmt::format("{} {}\n", i, i % 7 == 0 ? "seven" : "");
        std::ostringstream out;
        RenderInOrder<Count>(n, render, out, threads, k);
        EXPECT_EQ(out.str(), expected)
            << "block = " << k << ", n = " << n << ", threads " << threads;
      }
}

// The threads it renders on, for `threads` (Report::threads).
std::set<std::thread::id> RenderingThreads(unsigned threads) {
  std::mutex m;
  std::set<std::thread::id> seen;
  struct None {};
  std::ostringstream out;
  RenderInOrder<None>(
      2 * kRenderBlock,
      [&](size_t, std::string&, None&) {
        std::lock_guard<std::mutex> lock(m);
        seen.insert(std::this_thread::get_id());
      },
      out, threads);
  return seen;
}

TEST(RenderInOrder, UsesTwoThreadsWhenTheMachineHasThem) {
  if (std::thread::hardware_concurrency() < 2) GTEST_SKIP() << "one core";
  EXPECT_EQ(RenderingThreads(0).size(), 2u);
  EXPECT_EQ(RenderingThreads(2).size(), 2u);
}

TEST(RenderInOrder, OneThreadIsTheCallingThread) {
  EXPECT_EQ(RenderingThreads(1), std::set<std::thread::id>{std::this_thread::get_id()});
}

}  // namespace
}  // namespace rooflint
