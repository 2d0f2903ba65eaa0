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
// The length of the valid UTF-8 sequence starting at s[i], or 0 when it is invalid (overlong
// forms, surrogates and code points above U+10FFFF included). `i` must be < s.size().
size_t Utf8Length(std::string_view s, size_t i);
// `text` word-wrapped to `width` columns, each line ending in '\n': the first line starts with
// `first`, the others with `indent`; a word longer than a line is cut.
std::string Wrap(std::string_view text, std::string_view first, std::string_view indent,
                 size_t width);
// True when `id` is a kebab-case record id: [a-z0-9][a-z0-9.-]*.
bool IsValidId(std::string_view id);

}  // namespace rooflint

#endif  // ROOFLINT_CORE_TEXT_UTIL_H_
