// Boxed<T>: an optional value on the heap, with std::optional's interface and deep copies.
#include "rooflint/boxed.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>

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

}  // namespace
}  // namespace rooflint
