// The report's one escaping module: markup characters, UTF-8 kept, bad bytes replaced.
#include "report/escape.h"

#include <gtest/gtest.h>

namespace rooflint {
namespace {

TEST(Escape, XmlTextEscapesAmpersandAndAngleBrackets) {
  EXPECT_EQ(EscapeXmlText("a < b && c > d \"q\" 'q'"), "a &lt; b &amp;&amp; c &gt; d \"q\" 'q'");
}

TEST(Escape, XmlAttrEscapesQuotesAndWhitespaceToo) {
  EXPECT_EQ(EscapeXmlAttr("<x a=\"1\" b='2'>&\n\t"),
            "&lt;x a=&quot;1&quot; b=&#39;2&#39;&gt;&amp;&#10;&#9;");
}

TEST(Escape, ValidUtf8IsKeptIntact) {
  const std::string s =
      "B\xC3\xA9la \xE2\x80\x94 \xCE\xBC"
      "s \xF0\x9F\x9A\x80 \xE2\x89\xA4 100%";
  EXPECT_EQ(EscapeXmlText(s), s);
  EXPECT_EQ(EscapeXmlAttr(s), s);
  EXPECT_EQ(SanitizeUtf8(s), s);
  EXPECT_EQ(EscapeXmlText("\xC3\xA9<"), "\xC3\xA9&lt;");
}

TEST(Escape, InvalidUtf8AndControlCharactersBecomeReplacementCharacters) {
  const std::string r = "\xEF\xBF\xBD";
  EXPECT_EQ(SanitizeUtf8("a\xFF"
                         "b"),
            "a" + r + "b");
  EXPECT_EQ(SanitizeUtf8("\xC3"), r) << "truncated sequence";
  EXPECT_EQ(SanitizeUtf8("\xC0\xAF"), r + r) << "overlong '/'";
  EXPECT_EQ(SanitizeUtf8("\xED\xA0\x80"), r + r + r) << "surrogate";
  EXPECT_EQ(EscapeXmlText(std::string("x\x01y\0z", 5)), "x" + r + "y" + r + "z");
  EXPECT_EQ(EscapeXmlText("tab\tnl\n"), "tab\tnl\n");
}

TEST(Escape, AnchorIdsKeepSafeCharactersAndHexTheRest) {
  EXPECT_EQ(AnchorId("mpt7b-a100-bs1.v2"), "mpt7b-a100-bs1.v2");
  EXPECT_EQ(AnchorId("a b\"<"), "a_20b_22_3c");
  EXPECT_EQ(AnchorId("a_b"), "a_5fb") << "'_' is the escape, so it is escaped itself";
}

TEST(Escape, MarkdownEscapesTableAndInlineMarkup) {
  EXPECT_EQ(EscapeMarkdown("a|b *c* _d_ `e` <f> [g] #h \\ & \xC3\xA9\nnext"),
            "a\\|b \\*c\\* \\_d\\_ \\`e\\` \\<f\\> \\[g\\] \\#h \\\\ &amp; \xC3\xA9 next");
}

TEST(Escape, MarkdownLeavesNoMentionOrAutolink) {
  // A record's note pasted into a pull-request comment must not notify a team or plant a link:
  // GitHub's renderer acts on `@name`, on `scheme://` and on `www.` in plain text.
  EXPECT_EQ(EscapeMarkdown("ping @org/team and a@b.com"),
            "ping @&#8203;org/team and a@&#8203;b.com");
  EXPECT_EQ(EscapeMarkdown("see https://evil.example/x or HTTP://E.X and Www.evil.example"),
            "see https&#58;//evil.example/x or HTTP&#58;//E.X and Www&#46;evil.example");
  EXPECT_EQ(EscapeMarkdown("ftp://h, javascript://x"), "ftp&#58;//h, javascript&#58;//x");
  EXPECT_EQ(EscapeMarkdown("ratio 3:1 at www"), "ratio 3:1 at www") << "nothing to neutralise";
}

}  // namespace
}  // namespace rooflint
