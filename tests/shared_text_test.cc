// SharedText: a string that equal texts share while an interning scope is open.
#include "rooflint/shared_text.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace rooflint {
namespace {

TEST(SharedText, ReadsAsTheStringItWasMadeFrom) {
  SharedText empty;
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.size(), 0u);
  EXPECT_EQ(empty.view(), "");
  EXPECT_STREQ(empty.data(), "");
  EXPECT_TRUE(SharedText("").empty());
  EXPECT_TRUE(SharedText(std::string()).empty());

  std::string words = "the value is not derived (no derived_from)";
  SharedText t(words);
  EXPECT_FALSE(t.empty());
  EXPECT_EQ(t.size(), words.size());
  EXPECT_EQ(t, words);
  EXPECT_EQ(t.str(), words);
  EXPECT_EQ(t.find("derived"), words.find("derived"));
  EXPECT_EQ(t.rfind("derived"), words.rfind("derived"));
  EXPECT_EQ(fmt::format("[{}]", t), "[" + words + "]");
  std::ostringstream out;
  out << t;
  EXPECT_EQ(out.str(), words);
  // Embedded NULs and every byte value survive.
  std::string bytes;
  for (int c = 0; c < 256; ++c) bytes.push_back(static_cast<char>(c));
  EXPECT_EQ(SharedText(bytes).view(), bytes);
}

TEST(SharedText, CopiesShareMovesEmptyTheSource) {
  SharedText a("a reason long enough to need the heap in a std::string");
  SharedText b = a;
  EXPECT_EQ(a.data(), b.data());  // one copy of the characters
  SharedText c = std::move(b);
  EXPECT_TRUE(b.empty());  // NOLINT: the moved-from state is specified: empty
  EXPECT_EQ(c.data(), a.data());
  c = SharedText("other");
  EXPECT_EQ(c, "other");
  EXPECT_EQ(a, "a reason long enough to need the heap in a std::string");
  SharedText& self = c;
  c = self;  // self-assignment keeps the text
  EXPECT_EQ(c, "other");
  a = std::move(c);
  EXPECT_EQ(a, "other");
}

TEST(SharedText, EqualTextsShareOneCopyWhileAScopeIsOpen) {
  std::string words = "weights: 7e9 params x 2 B (fp16) = 14e9 B";
  {
    SharedText outside1(words), outside2(words);
    EXPECT_NE(outside1.data(), outside2.data());  // no scope: each is its own copy
    EXPECT_EQ(outside1, outside2);
  }
  SharedText kept;
  {
    TextInterning scope;
    SharedText one(words), two{std::string_view(words)}, three(words.c_str());
    EXPECT_EQ(one.data(), two.data());
    EXPECT_EQ(one.data(), three.data());
    SharedText different("weights: 8e9 params x 2 B (fp16) = 16e9 B");
    EXPECT_NE(one.data(), different.data());
    {
      TextInterning inner;  // the innermost scope is used; it starts empty
      SharedText four(words);
      EXPECT_NE(four.data(), one.data());
      EXPECT_EQ(SharedText(words).data(), four.data());
    }
    EXPECT_EQ(SharedText(words).data(), one.data());  // the outer scope again
    kept = one;
  }
  // The text outlives the scope that stored it.
  EXPECT_EQ(kept, words);
}

TEST(SharedText, AViewIntoACachedTextMakesACopyBeforeTheCacheLetsGo) {
  // A text that only the cache holds, and a view of part of it whose hash takes the same slot:
  // making a text from the view replaces the slot, and must copy the bytes before the cache
  // frees the whole (the sanitizer build reports a read after the free otherwise).
  auto slot = [](std::string_view t) {
    return std::hash<std::string_view>()(t) % TextInterning::kSlots;
  };
  std::string whole;
  for (int n = 0;; ++n) {
    whole = fmt::format("record {} says: text", n);
    if (slot(whole) == slot("text")) break;
  }
  TextInterning scope;
  std::string_view part;
  {
    SharedText held(whole);
    part = held.view().substr(held.size() - 4);
  }
  SharedText made(part);
  EXPECT_EQ(made, "text");
  EXPECT_EQ(SharedText(whole), whole);
}

TEST(SharedText, ScopesArePerThreadAndCountsAreAtomic) {
  // Each thread interns in its own scope; the texts cross threads by copy and die in any order.
  std::vector<SharedText> made(4);
  std::vector<std::jthread> threads;
  for (size_t t = 0; t < made.size(); ++t) {
    threads.emplace_back([&made, t] {
      TextInterning scope;
      std::vector<SharedText> copies;
      for (int i = 0; i < 10000; ++i) copies.emplace_back(fmt::format("text {}", i % 7));
      made[t] = copies[3];
    });
  }
  threads.clear();  // joins
  for (const SharedText& t : made) EXPECT_EQ(t, "text 3");
  std::vector<SharedText> shared(1000, made[0]);
  std::vector<std::jthread> droppers;
  for (int t = 0; t < 2; ++t) {
    droppers.emplace_back([copies = shared] { (void)copies; });
  }
  droppers.clear();
  EXPECT_EQ(made[0], "text 3");
}

// What records and diagnostics use of a std::string, SharedText answers alike.
TEST(SharedText, ReadsAndJoinsAsAString) {
  SharedText t("conditions.batch");
  EXPECT_TRUE(t.starts_with("conditions."));
  EXPECT_TRUE(t.ends_with(".batch"));
  EXPECT_FALSE(t.starts_with("batch"));
  EXPECT_EQ(t[0], 'c');
  EXPECT_EQ(t.substr(11), "batch");
  EXPECT_EQ(t.substr(0, 4), "cond");
  EXPECT_EQ(std::string("x ") + t, "x conditions.batch");
  EXPECT_EQ(t + " y", "conditions.batch y");
  EXPECT_EQ(t + std::string_view("!"), "conditions.batch!");
  EXPECT_EQ("at " + t, "at conditions.batch");
  SharedText shared = t;
  t += " = 8";
  EXPECT_EQ(t, "conditions.batch = 8");
  EXPECT_EQ(shared, "conditions.batch");  // the text it shared is unchanged
  EXPECT_LT(SharedText("a"), SharedText("b"));
  EXPECT_LT(SharedText(), SharedText("a"));
  EXPECT_EQ(SharedText("a") <=> SharedText("a"), std::strong_ordering::equal);
  t.clear();
  EXPECT_TRUE(t.empty());
  EXPECT_EQ(t, "");
}

}  // namespace
}  // namespace rooflint
