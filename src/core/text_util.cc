// String helpers shared by the core.
#include "core/text_util.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace rooflint {

std::string_view Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return s.substr(b, e - b);
}

std::string ToLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

size_t EditDistance(std::string_view a, std::string_view b, size_t max) {
  size_t gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  if (gap > max) return max + 1;  // at least that many insertions
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    size_t least = row[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
      least = std::min(least, row[j]);
    }
    if (least > max) return max + 1;  // a row never decreases below its minimum
  }
  return row[b.size()] > max ? max + 1 : row[b.size()];
}

std::string ClosestMatch(std::string_view word, std::span<const std::string_view> candidates) {
  // Names and ids are short: a word longer than this is no typo of one, and comparing it
  // with every candidate would cost its length squared each time.
  constexpr size_t kLongest = 64;
  std::string best;
  if (word.size() > kLongest) return best;
  size_t limit = std::max<size_t>(2, word.size() / 3);
  size_t best_distance = limit + 1;
  for (std::string_view c : candidates) {
    if (c.size() > kLongest) continue;
    size_t d = EditDistance(word, c, best_distance - 1);
    if (d < best_distance) best_distance = d, best = std::string(c);
  }
  return best;
}

size_t FirstInvalidUtf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const size_t n = Utf8Length(s, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

bool IsValidId(std::string_view id) {
  if (id.empty() || !(IsDigit(id[0]) || (id[0] >= 'a' && id[0] <= 'z'))) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return IsDigit(c) || (c >= 'a' && c <= 'z') || c == '-' || c == '.';
  });
}

std::string Wrap(std::string_view text, std::string_view first, std::string_view indent,
                 size_t width) {
  std::string out;
  std::string_view prefix = first;
  std::string line;
  auto flush = [&] {
    out.append(prefix).append(line) += '\n';
    line.clear();
    prefix = indent;
  };
  auto room = [&] { return width - std::min(width - 1, prefix.size()); };
  size_t i = 0;
  while (i < text.size()) {
    size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(i, end - i);
    i = end + 1;
    if (word.empty()) continue;
    if (!line.empty() && line.size() + 1 + word.size() > room()) flush();
    while (word.size() > room()) {
      if (!line.empty()) flush();
      // Cut at a character's start, never inside a multibyte one (at least one character).
      size_t n = room();
      auto continuation = [&](size_t at) {
        return at < word.size() && (static_cast<unsigned char>(word[at]) & 0xc0) == 0x80;
      };
      while (n > 0 && continuation(n)) --n;
      if (n == 0) {
        for (n = 1; continuation(n);) ++n;
      }
      line = std::string(word.substr(0, n));
      flush();
      word.remove_prefix(n);
    }
    if (word.empty()) continue;
    if (!line.empty()) line += ' ';
    line += word;
  }
  if (!line.empty()) flush();
  return out;
}

}  // namespace rooflint
