// The JSON writer's scalars, each as nlohmann::json::dump prints it (see json_writer.h).
#include "report/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "core/text_util.h"
// nlohmann's own double-to-text routine (Grisu2 and its %g-like layout), the one its dump
// calls: reimplementing it would risk a different digit string on the rare doubles where
// Grisu2's output is not the shortest one.
#include <nlohmann/json.hpp>

namespace rooflint {
namespace {

constexpr char kHexDigits[] = "0123456789abcdef";
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// True when none of the eight bytes of `w` needs a second look: each is printable ASCII (0x20
// to 0x7F) other than '"' and '\\'. The tests are the usual has-a-zero-byte bit trick; a
// false "needs a look" is harmless (the bytes are then looked at one by one), a false "plain"
// cannot happen: a byte below 0x20 or equal to '"' or '\\' always sets its own high bit in
// the matching test, and a byte of 0x80 or more sets it in `w` itself.
constexpr bool PlainWord(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
  const uint64_t below_space = w - kOnes * 0x20;
  const uint64_t quote = (w ^ (kOnes * '"')) - kOnes;
  const uint64_t backslash = (w ^ (kOnes * '\\')) - kOnes;
  return ((below_space | quote | backslash) & ~w & kHigh) == 0 && (w & kHigh) == 0;
}

}  // namespace

void AppendJsonString(std::string& out, std::string_view s) {
  out += '"';
  size_t copied = 0;  // s[copied, i) is written as it is, in one append
  size_t i = 0;
  while (i < s.size()) {
    // Most texts are plain ASCII: skip them eight bytes at a time.
    uint64_t word;
    while (i + 8 <= s.size() && (std::memcpy(&word, s.data() + i, 8), PlainWord(word))) i += 8;
    if (i >= s.size()) break;
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
      ++i;
      continue;
    }
    if (c >= 0x80) {
      bool valid = false;
      const size_t n = Utf8Sequence(s, i, valid);
      if (valid) {
        i += n;
        continue;
      }
      out.append(s.data() + copied, i - copied);
      out += kReplacement;
      i += n;
      copied = i;
      continue;
    }
    out.append(s.data() + copied, i - copied);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\r':
        out += "\\r";
        break;
      default: {
        const char escape[] = {'\\', 'u', '0', '0', kHexDigits[c >> 4], kHexDigits[c & 0xF]};
        out.append(escape, sizeof escape);
      }
    }
    ++i;
    copied = i;
  }
  out.append(s.data() + copied, s.size() - copied);
  out += '"';
}

void AppendJsonDouble(std::string& out, double x) {
  if (!std::isfinite(x)) {
    out += "null";
    return;
  }
  char buffer[64];
  const char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, x);
  out.append(buffer, static_cast<size_t>(end - buffer));
}

void AppendJsonInteger(std::string& out, int64_t x) {
  char buffer[24];
  const auto r = std::to_chars(buffer, buffer + sizeof buffer, x);
  out.append(buffer, static_cast<size_t>(r.ptr - buffer));
}

void AppendJsonUnsigned(std::string& out, uint64_t x) {
  char buffer[24];
  const auto r = std::to_chars(buffer, buffer + sizeof buffer, x);
  out.append(buffer, static_cast<size_t>(r.ptr - buffer));
}

}  // namespace rooflint
