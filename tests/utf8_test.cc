// The one UTF-8 decoder (core/text_util.h) against the encoding itself: every code point's
// encoding is one well-formed sequence of its length; surrogates, overlong forms and anything
// past U+10FFFF are ill-formed; every three-byte string is judged as a reference decoder of
// the Unicode standard's table 3-7 judges it.
#include <gtest/gtest.h>

#include <string>

#include "core/text_util.h"

namespace rooflint {
namespace {

std::string Encode(uint32_t cp) {
  std::string s;
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return s;
}

TEST(Utf8, EveryScalarValueIsOneSequenceOfItsLength) {
  for (uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    const std::string s = Encode(cp);
    const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
    ASSERT_EQ(Utf8Length(s, 0), surrogate ? 0 : s.size()) << std::hex << cp;
    ASSERT_EQ(FirstInvalidUtf8(s), surrogate ? 0 : std::string::npos) << std::hex << cp;
  }
}

TEST(Utf8, OverlongFormsAndValuesPastTheLastAreIllFormed) {
  EXPECT_EQ(Utf8Length("\xC0\xAF", 0), 0u);          // '/' in two bytes
  EXPECT_EQ(Utf8Length("\xE0\x80\xAF", 0), 0u);      // in three
  EXPECT_EQ(Utf8Length("\xF0\x80\x80\xAF", 0), 0u);  // in four
  EXPECT_EQ(Utf8Length("\xF4\x90\x80\x80", 0), 0u);  // U+110000
  EXPECT_EQ(Utf8Length("\xE2\x82", 0), 0u);          // cut short
  EXPECT_EQ(FirstInvalidUtf8("ok \xC3\xA9 then \xFF"), 11u);
  bool valid = true;
  // An ill-formed sequence spans the bytes before the first that cannot continue it.
  EXPECT_EQ(Utf8Sequence("\xE2\x82x", 0, valid), 2u);
  EXPECT_FALSE(valid);
  EXPECT_EQ(Utf8Sequence("\x80", 0, valid), 1u);
  EXPECT_FALSE(valid);
}

// Table 3-7 of the Unicode standard, as written: a decoder that knows nothing of the other.
size_t ReferenceLength(const unsigned char* b, size_t n) {
  auto in = [](unsigned char c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; };
  if (n >= 1 && b[0] <= 0x7F) return 1;
  if (n >= 2 && in(b[0], 0xC2, 0xDF) && in(b[1], 0x80, 0xBF)) return 2;
  if (n >= 3 && b[0] == 0xE0 && in(b[1], 0xA0, 0xBF) && in(b[2], 0x80, 0xBF)) return 3;
  if (n >= 3 && (in(b[0], 0xE1, 0xEC) || in(b[0], 0xEE, 0xEF)) && in(b[1], 0x80, 0xBF) &&
      in(b[2], 0x80, 0xBF)) {
    return 3;
  }
  if (n >= 3 && b[0] == 0xED && in(b[1], 0x80, 0x9F) && in(b[2], 0x80, 0xBF)) return 3;
  return 0;
}

TEST(Utf8, EveryThreeByteStringAsTheStandardsTableJudgesIt) {
  std::string s(3, '\0');
  for (unsigned a = 0; a < 256; ++a) {
    for (unsigned b = 0; b < 256; ++b) {
      for (unsigned c = 0; c < 256; ++c) {
        s[0] = static_cast<char>(a), s[1] = static_cast<char>(b), s[2] = static_cast<char>(c);
        const auto* bytes = reinterpret_cast<const unsigned char*>(s.data());
        if (a >= 0xF0) continue;  // four-byte leads: the test above
        ASSERT_EQ(Utf8Length(s, 0), ReferenceLength(bytes, 3)) << a << " " << b << " " << c;
      }
    }
  }
}

// A word longer than the line is cut, at a character's start: a cut inside a multibyte
// character would print invalid UTF-8 (the printer fuzzer found it in a long run of U+FFFD).
TEST(Utf8, WrapCutsALongWordBetweenCharacters) {
  std::string word;
  for (int i = 0; i < 30; ++i) word += "\xef\xbf\xbd";  // U+FFFD, 3 bytes
  for (size_t width : {4u, 5u, 8u, 10u, 11u, 80u}) {
    const std::string out = Wrap(word, "  a: ", "    ", width);
    for (size_t start = 0; start < out.size();) {
      const size_t end = out.find('\n', start);
      ASSERT_NE(end, std::string::npos);
      const std::string_view line = std::string_view(out).substr(start, end - start);
      EXPECT_EQ(FirstInvalidUtf8(line), std::string_view::npos)
          << "width " << width << ": " << line;
      start = end + 1;
    }
  }
  // When the room left is less than one character, the line holds one character.
  EXPECT_EQ(Wrap("\xef\xbf\xbd\xef\xbf\xbd", "", "", 2), "\xef\xbf\xbd\n\xef\xbf\xbd\n");
}

}  // namespace
}  // namespace rooflint
