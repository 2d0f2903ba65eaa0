// Boxed<T>: an optional value on the heap, with std::optional's interface and deep copies; and
// OptionalInt64, an optional integer packed small, with the same interface.
#include "rooflint/boxed.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "rooflint/records.h"

namespace rooflint {
namespace {

TEST(Boxed, HoldsAValueOrNothingAsAnOptionalDoes) {
  Boxed<std::string> b;
  EXPECT_FALSE(b.has_value());
  EXPECT_FALSE(b);
  b = std::string("60 GB");
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(*b, "60 GB");
  EXPECT_EQ(b->size(), 5u);
  b = std::nullopt;
  EXPECT_FALSE(b);
  b = std::optional<std::string>("x");
  EXPECT_EQ(*b, "x");
  b = std::optional<std::string>();
  EXPECT_FALSE(b);
  b.emplace(3, 'k');
  EXPECT_EQ(*b, "kkk");
  b.reset();
  EXPECT_FALSE(b);
}

TEST(Boxed, CopiesAreDeepAndMovesEmptyTheSource) {
  Boxed<std::string> a = std::string("eagle3");
  Boxed<std::string> copy = a;
  *copy = "ngram";
  EXPECT_EQ(*a, "eagle3");  // the copy has its own value
  Boxed<std::string> assigned;
  assigned = a;
  *a = "mtp";
  EXPECT_EQ(*assigned, "eagle3");
  const Boxed<std::string>& self = assigned;
  assigned = self;  // assigning a box to itself keeps its value
  EXPECT_EQ(*assigned, "eagle3");
  Boxed<std::string> moved = std::move(a);
  EXPECT_EQ(*moved, "mtp");
  EXPECT_FALSE(a.has_value());  // NOLINT: a moved-from box is empty
  Boxed<std::string> empty;
  Boxed<std::string> copy_of_empty = empty;
  EXPECT_FALSE(copy_of_empty);
  // Never wider than a pointer: that is what it is for.
  static_assert(sizeof(Boxed<std::string>) == sizeof(void*));
}

TEST(OptionalInt64, HoldsEveryInt64OrNothingAsAnOptionalDoes) {
  OptionalInt64 none;
  EXPECT_FALSE(none.has_value());
  EXPECT_FALSE(none);
  EXPECT_EQ(none.value_or(7), 7);
  EXPECT_FALSE(none == 0);
  EXPECT_EQ(std::optional<int64_t>(none), std::nullopt);
  for (int64_t v : {int64_t{0}, int64_t{1}, int64_t{-1}, int64_t{4096}, int64_t{1} << 32,
                    (int64_t{1} << 32) - 1, -(int64_t{1} << 32),
                    std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()}) {
    OptionalInt64 o = v;
    EXPECT_TRUE(o.has_value()) << v;
    EXPECT_EQ(*o, v);
    EXPECT_TRUE(o == v);
    EXPECT_EQ(o.value_or(7), v);
    EXPECT_EQ(std::optional<int64_t>(o), v);
    EXPECT_FALSE(o == none);
    o = std::nullopt;
    EXPECT_FALSE(o.has_value()) << v;
    EXPECT_TRUE(o == none);
  }
  // What it is for: a Condition in 24 bytes (with its one text, the value or why it is absent).
  EXPECT_EQ(sizeof(Condition), 24u);
}

}  // namespace
}  // namespace rooflint
