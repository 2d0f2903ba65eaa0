// Escaping for the report printers (see escape.h).
#include "report/escape.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "core/text_util.h"

namespace rooflint {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Walks s as UTF-8: ASCII bytes go through `ascii` (which appends to out), valid multibyte
// sequences are copied, anything else becomes U+FFFD.
template <typename F>
std::string Walk(std::string_view s, F ascii) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (size_t i = 0; i < s.size();) {
    size_t n = Utf8Length(s, i);
    if (n == 0) {
      out += kReplacement;
      ++i;
    } else if (n == 1) {
      char c = s[i++];
      if (static_cast<uint8_t>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
        out += kReplacement;
      } else {
        ascii(c, out);
      }
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

// One ASCII character of XML text: the three markup characters escaped.
void AppendXmlText(char c, std::string& out) {
  switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    default:
      out += c;
  }
}

// The code point of the well-formed three-byte sequence at s[i].
uint32_t ThreeByteCodePoint(std::string_view s, size_t i) {
  return (static_cast<uint32_t>(static_cast<uint8_t>(s[i]) & 0x0f) << 12) |
         (static_cast<uint32_t>(static_cast<uint8_t>(s[i + 1]) & 0x3f) << 6) |
         (static_cast<uint32_t>(static_cast<uint8_t>(s[i + 2]) & 0x3f));
}

// The line and paragraph separators (U+2028, U+2029), the bidi embeddings and overrides
// (U+202A..U+202E) and isolates (U+2066..U+2069): a viewer breaks the line at the first two,
// and the others reorder how the rest of it reads.
constexpr bool IsBidiOrSeparator(uint32_t cp) {
  return (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string SanitizeUtf8(std::string_view s) {
  return Walk(s, [](char c, std::string& out) { out += c; });
}

void AppendEscapedTerminal(std::string_view s, std::string& out) {
  // Nearly every string is printable ASCII (ids, instrument names, reasons): those are appended
  // as they are after one scan. Anything else (a control character, DEL, any byte of a multibyte
  // or invalid sequence) goes through the walk below.
  if (std::all_of(s.begin(), s.end(), [](char ch) {
        auto c = static_cast<uint8_t>(ch);
        return (c >= 0x20 && c < 0x7f) || c == '\t';
      })) {
    out.append(s);
    return;
  }
  for (size_t i = 0; i < s.size();) {
    size_t n = Utf8Length(s, i);
    auto c = static_cast<uint8_t>(s[i]);
    if (n == 0) {
      out += kReplacement;
      ++i;
    } else if (n == 1 && (c < 0x20 || c == 0x7f) && c != '\t') {
      out += c == '\n'   ? std::string("\\n")
             : c == '\r' ? std::string("\\r")
                         : fmt::format("\\x{:02x}", c);
      ++i;
    } else if (n == 2 && c == 0xc2 && static_cast<uint8_t>(s[i + 1]) < 0xa0) {
      out += fmt::format("\\u{:04x}", static_cast<uint8_t>(s[i + 1]));  // U+0080..U+009F
      i += 2;
    } else if (const uint32_t cp = n == 3 ? ThreeByteCodePoint(s, i) : 0; IsBidiOrSeparator(cp)) {
      out += fmt::format("\\u{:04x}", cp);
      i += 3;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
}

std::string EscapeTerminal(std::string_view s) {
  std::string out;
  AppendEscapedTerminal(s, out);
  return out;
}

std::string EscapeXmlText(std::string_view s) {
  return Walk(s, [](char c, std::string& out) { AppendXmlText(c, out); });
}

std::string EscapeXmlAttr(std::string_view s) {
  // An attribute also needs its quotes escaped, and whitespace kept as written.
  return Walk(s, [](char c, std::string& out) {
    switch (c) {
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      case '\t':
        out += "&#9;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\r':
        out += "&#13;";
        break;
      default:
        AppendXmlText(c, out);
    }
  });
}

std::string AnchorId(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (char c : s) {
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '-' || c == '.';
    if (keep) {
      out += c;
    } else {
      auto b = static_cast<uint8_t>(c);
      out += '_';
      out += kHex[b >> 4];
      out += kHex[b & 0xF];
    }
  }
  return out;
}

// Lower-case ASCII comparison of s at i with a lower-case word.
bool HasWordAt(std::string_view s, size_t i, std::string_view word) {
  if (s.size() - i < word.size()) return false;
  for (size_t k = 0; k < word.size(); ++k) {
    char c = s[i + k];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != word[k]) return false;
  }
  return true;
}

std::string EscapeMarkdown(std::string_view s) {
  // Besides markup, the renderers of pull-request comments (GitHub, GitLab) turn two things of
  // plain text into actions: `@name` notifies a person or team, and a bare URL (a scheme's `://`
  // or `www.`) becomes a link. Record text is input, so neither may survive: a zero-width space
  // after every `@` breaks a mention (and an e-mail autolink), and the `:` of `://` and the `.` of
  // `www.` are written as character references, which read the same and link nothing.
  std::string escaped = Walk(s, [](char c, std::string& out) {
    switch (c) {
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '<':
      case '>':
      case '|':
      case '#':
        out += '\\';
        out += c;
        break;
      case '&':
        out += "&amp;";
        break;
      case '@':
        out += "@&#8203;";
        break;
      case '\n':
      case '\r':
        out += ' ';
        break;
      default:
        out += c;
    }
  });
  if (escaped.find("://") == std::string::npos &&
      escaped.find_first_of("wW") == std::string::npos) {
    return escaped;
  }
  std::string out;
  out.reserve(escaped.size() + 16);
  for (size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] == ':' && HasWordAt(escaped, i + 1, "//")) {
      out += "&#58;";
    } else if (HasWordAt(escaped, i, "www.")) {
      out.append(escaped, i, 3);
      out += "&#46;";
      i += 3;
    } else {
      out += escaped[i];
    }
  }
  return out;
}

}  // namespace rooflint
