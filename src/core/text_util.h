// Small string helpers shared by the core: trimming, case folding, edit distance for
// did-you-mean hints, and word tokens for hardware-name matching.
#ifndef ROOFLINT_CORE_TEXT_UTIL_H_
#define ROOFLINT_CORE_TEXT_UTIL_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rooflint {

constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool IsAlnum(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::string_view Trim(std::string_view s);
std::string ToLower(std::string_view s);
// Levenshtein distance, for did-you-mean hints, or max + 1 when it is more than `max` (found
// early: by the length difference, or a row whose least entry passes max).
size_t EditDistance(std::string_view a, std::string_view b, size_t max = SIZE_MAX);
// The candidate closest to `word` within an edit distance of about a third of its length,
// or "" when none is close (or the word is longer than any id: 64 bytes).
std::string ClosestMatch(std::string_view word, std::span<const std::string_view> candidates);
// The one UTF-8 decoder. The sequence that starts at s[i] (`i` < s.size()): how many bytes it
// spans, and in `valid` whether it is well formed (the Unicode standard's table 3-7: no
// overlong form, no surrogate, nothing past U+10FFFF). An ill-formed sequence spans its lead
// byte and the continuation bytes before the first byte that cannot continue it, which starts
// the next sequence: the same places nlohmann's decoder (Hoehrmann's DFA) replaces with one
// U+FFFD each, so the JSON writer replaces where nlohmann's dump would.
inline size_t Utf8Sequence(std::string_view s, size_t i, bool& valid) {
  const auto lead = static_cast<unsigned char>(s[i]);
  valid = true;
  if (lead < 0x80) return 1;
  size_t continuations = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the first continuation byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    continuations = 1;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    continuations = 2;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    continuations = 3;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    valid = false;  // a continuation byte, C0, C1 or F5..FF: never a lead byte
    return 1;
  }
  for (size_t k = 1; k <= continuations; ++k) {
    if (i + k >= s.size()) {
      valid = false;  // cut short by the end of the string
      return s.size() - i;
    }
    const auto c = static_cast<unsigned char>(s[i + k]);
    if (c < (k == 1 ? low : 0x80) || c > (k == 1 ? high : 0xBF)) {
      valid = false;
      return k;
    }
  }
  return continuations + 1;
}
// The length of the well-formed sequence at s[i], or 0 when it is ill-formed.
inline size_t Utf8Length(std::string_view s, size_t i) {
  bool valid = false;
  const size_t n = Utf8Sequence(s, i, valid);
  return valid ? n : 0;
}
// The offset of the first byte of `s` that is not well-formed UTF-8, or npos when none is.
size_t FirstInvalidUtf8(std::string_view s);
// `text` word-wrapped to `width` columns, each line ending in '\n': the first line starts with
// `first`, the others with `indent`; a word longer than a line is cut.
std::string Wrap(std::string_view text, std::string_view first, std::string_view indent,
                 size_t width);
// True when `id` is a kebab-case record id: [a-z0-9][a-z0-9.-]*.
bool IsValidId(std::string_view id);

}  // namespace rooflint

#endif  // ROOFLINT_CORE_TEXT_UTIL_H_
