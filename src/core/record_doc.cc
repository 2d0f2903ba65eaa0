// The record document's two producers (the fast scanner, the toml++ conversion) and its
// equality; see record_doc.h for the design.
#include "core/record_doc.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <tuple>
#include <unordered_map>
#include <variant>

#include "core/text_util.h"
#include "core/toml.h"
#include "rooflint/diagnostic.h"

namespace rooflint::record_doc {

bool Node::is_array_of_tables() const {
  if (!is_array() || count_ == 0) return false;
  for (const Node* const* e = elements_begin(); e != elements_end(); ++e) {
    if (!(*e)->is_table()) return false;
  }
  return true;
}

const Node* Node::get(std::string_view key) const {
  if (!is_table()) return nullptr;
  // A record's tables are small: a scan with SameKey costs less than a binary search's full
  // comparisons.
  if (count_ <= kScanEntries) {
    for (const Entry* e = begin(); e != end(); ++e) {
      if (SameKey(e->key, key)) return e->node;
    }
    return nullptr;
  }
  const Entry* it = std::lower_bound(begin(), end(), key,
                                     [](const Entry& e, std::string_view k) { return e.key < k; });
  return it != end() && it->key == key ? it->node : nullptr;
}

template <>
std::optional<std::string> Node::value<std::string>() const {
  if (!is_string()) return std::nullopt;
  return std::string(str_);
}
template <>
std::optional<bool> Node::value<bool>() const {
  if (!is_boolean()) return std::nullopt;
  return boolean();
}
template <>
std::optional<int64_t> Node::value<int64_t>() const {
  if (!is_integer()) return std::nullopt;
  return integer_;
}
template <>
std::optional<Date> Node::value<Date>() const {
  if (!is_date()) return std::nullopt;
  return date_;
}

// Collects nodes, entries and elements by index, then lays them out: each table's entries
// sorted by key and contiguous, each array's elements contiguous in the order added.
class Builder {
 public:
  explicit Builder(Doc& doc) : doc_(doc) {
    doc_.nodes_.clear();
    doc_.entries_.clear();
    doc_.elements_.clear();
    doc_.keep_alive_.reset();
    doc_.decoded_.clear();
  }
  std::string_view Keep(std::string s) { return doc_.decoded_.emplace_back(std::move(s)); }

  uint32_t Add(NodeType type, Position pos) {
    Node n;
    n.type_ = type;
    n.pos_ = pos;
    doc_.nodes_.push_back(n);
    return static_cast<uint32_t>(doc_.nodes_.size() - 1);
  }
  Node& At(uint32_t i) { return doc_.nodes_[i]; }
  void SetString(uint32_t i, std::string_view s) { doc_.nodes_[i].str_ = s; }
  void SetInteger(uint32_t i, int64_t v) { doc_.nodes_[i].integer_ = v; }
  void SetFloat(uint32_t i, double v) { doc_.nodes_[i].floating_ = v; }
  void SetDate(uint32_t i, Date d) { doc_.nodes_[i].date_ = d; }

  void AddEntry(uint32_t table, std::string_view key, Position key_pos, uint32_t node) {
    entries_.push_back({table, node, key, key_pos});
  }
  void AddElement(uint32_t array, uint32_t node) { elements_.push_back({array, node}); }
  void KeepAlive(std::shared_ptr<const void> p) { doc_.keep_alive_ = std::move(p); }

  // Lays the document out; false when a table has a key twice.
  bool Finish() {
    std::sort(entries_.begin(), entries_.end(), [](const PendingEntry& a, const PendingEntry& b) {
      return std::tie(a.table, a.key) < std::tie(b.table, b.key);
    });
    std::stable_sort(
        elements_.begin(), elements_.end(),
        [](const PendingElement& a, const PendingElement& b) { return a.array < b.array; });
    auto& nodes = doc_.nodes_;
    doc_.entries_.reserve(entries_.size());
    for (size_t k = 0; k < entries_.size(); ++k) {
      const PendingEntry& e = entries_[k];
      if (k > 0 && entries_[k - 1].table == e.table && entries_[k - 1].key == e.key) return false;
      Node& t = nodes[e.table];
      if (t.count_ == 0) t.first_ = static_cast<uint32_t>(k);
      ++t.count_;
      doc_.entries_.push_back({e.key, e.key_pos, &nodes[e.node]});
    }
    doc_.elements_.reserve(elements_.size());
    for (size_t k = 0; k < elements_.size(); ++k) {
      const PendingElement& e = elements_[k];
      Node& a = nodes[e.array];
      if (a.count_ == 0) a.first_ = static_cast<uint32_t>(k);
      ++a.count_;
      doc_.elements_.push_back(&nodes[e.node]);
    }
    for (Node& n : nodes) {
      if (n.type_ == NodeType::kTable) n.entries_ = doc_.entries_.data() + n.first_;
      if (n.type_ == NodeType::kArray) n.elements_ = doc_.elements_.data() + n.first_;
    }
    return true;
  }

 private:
  struct PendingEntry {
    uint32_t table;
    uint32_t node;
    std::string_view key;
    Position key_pos;
  };
  struct PendingElement {
    uint32_t array;
    uint32_t node;
  };
  Doc& doc_;
  std::vector<PendingEntry> entries_;
  std::vector<PendingElement> elements_;
};

namespace {

// ---- the fast path -------------------------------------------------------------------------

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF (text_util's
// decoder, the one of the project).
bool ValidUtf8(std::string_view s) { return FirstInvalidUtf8(s) == std::string_view::npos; }

bool IsBareKeyChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
// A byte TOML forbids unescaped in strings and comments (TAB is allowed; LF is handled apart).
bool IsControl(char c) {
  auto u = static_cast<unsigned char>(c);
  return (u < 0x20 && c != '\t') || u == 0x7F;
}

class FastParser {
 public:
  FastParser(std::string_view text, Builder& b) : t_(text), b_(b) {}

  bool Run() {
    uint32_t root = b_.Add(NodeType::kTable, {1, 1});
    uint32_t current = root;
    while (true) {
      SkipSpace();
      if (Eof()) break;
      char c = t_[i_];
      if (c == '\n') {
        NewLine();
        continue;
      }
      if (c == '#') {
        if (!Comment()) return false;
        continue;
      }
      if (c == '[') {
        if (!Header(root, current)) return false;
      } else if (IsBareKeyChar(c) || c == '"' || c == '\'') {
        if (!KeyValue(current)) return false;
      } else {
        return false;
      }
      // The rest of the line: blanks, then a comment or the line end.
      SkipSpace();
      if (Eof()) break;
      if (t_[i_] == '#') {
        if (!Comment()) return false;
      } else if (t_[i_] != '\n') {
        return false;
      }
    }
    return true;
  }

 private:
  bool Eof() const { return i_ >= t_.size(); }
  char At(size_t j) const { return j < t_.size() ? t_[j] : '\0'; }
  void SkipSpace() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t')) ++i_;
  }
  void NewLine() {
    ++i_;
    ++line_;
    line_start_ = i_;
  }
  // toml++ counts columns in code points. Counted on from the last position asked for on the
  // same line, so that a long line (a record with a 500,000-element array on one line) costs
  // one pass, not one pass per value.
  Position Here() {
    if (column_line_start_ != line_start_ || column_at_ > i_) {
      column_line_start_ = line_start_;
      column_at_ = line_start_;
      column_ = 1;
    }
    for (; column_at_ < i_; ++column_at_) {
      if ((static_cast<unsigned char>(t_[column_at_]) & 0xC0) != 0x80) ++column_;
    }
    return {line_, column_};
  }

  // From '#' to the line end (not consumed).
  bool Comment() {
    ++i_;
    while (i_ < t_.size() && t_[i_] != '\n') {
      if (IsControl(t_[i_])) return false;
      ++i_;
    }
    return true;
  }

  // Blanks, line ends and comments between array elements.
  bool SkipArraySpace() {
    while (true) {
      SkipSpace();
      if (Eof()) return false;
      if (t_[i_] == '\n') {
        if (inline_depth_ > 0) return false;
        NewLine();
      } else if (t_[i_] == '#') {
        if (inline_depth_ > 0 || !Comment()) return false;
      } else {
        return true;
      }
    }
  }

  // A one-line string, basic ("...", no escapes) or literal ('...'); the view between quotes.
  bool OneLineString(std::string_view& out) {
    char q = t_[i_];
    size_t start = ++i_;
    bool escaped = false;
    while (true) {
      if (Eof()) return false;
      char c = t_[i_];
      if (c == q) break;
      if (c == '\\' && q == '"') {
        escaped = true;
        i_ += 2;  // the escaped character is checked when decoding
        continue;
      }
      if (IsControl(c)) return false;
      ++i_;
    }
    out = t_.substr(start, i_ - start);
    ++i_;
    return !escaped || Unescape(out);
  }

  // Decodes the escapes of a basic string's text (\b \t \n \f \r \" \\ \uXXXX
  // \UXXXXXXXX) into the document; false on any other escape or a code point that is not a
  // Unicode scalar value.
  bool Unescape(std::string_view& s) {
    std::string out;
    out.reserve(s.size());
    for (size_t k = 0; k < s.size(); ++k) {
      char c = s[k];
      if (c != '\\') {
        if (IsControl(c)) return false;
        out += c;
        continue;
      }
      if (++k >= s.size()) return false;
      switch (s[k]) {
        case 'b':
          out += '\b';
          break;
        case 't':
          out += '\t';
          break;
        case 'n':
          out += '\n';
          break;
        case 'f':
          out += '\f';
          break;
        case 'r':
          out += '\r';
          break;
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case 'u':
        case 'U': {
          size_t n = s[k] == 'u' ? 4 : 8;
          if (k + n >= s.size()) return false;
          uint32_t cp = 0;
          for (size_t d = 1; d <= n; ++d) {
            char h = s[k + d];
            uint32_t v;
            if (h >= '0' && h <= '9')
              v = h - '0';
            else if (h >= 'a' && h <= 'f')
              v = h - 'a' + 10;
            else if (h >= 'A' && h <= 'F')
              v = h - 'A' + 10;
            else
              return false;
            cp = cp * 16 + v;
          }
          k += n;
          if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
          if (cp < 0x80) {
            out += static_cast<char>(cp);
          } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          }
          break;
        }
        default:
          return false;
      }
    }
    s = b_.Keep(std::move(out));
    return true;
  }

  // A multi-line string (three quotes), without escapes; a line end right after the opening
  // quotes is not part of the value.
  bool MultiLineString(std::string_view& out) {
    char q = t_[i_];
    i_ += 3;
    if (At(i_) == '\n') NewLine();
    size_t start = i_;
    bool escaped = false;
    while (true) {
      if (Eof()) return false;
      char c = t_[i_];
      if (c == q && At(i_ + 1) == q && At(i_ + 2) == q) break;
      if (c == '\n') {
        NewLine();
        continue;
      }
      if (c == '\\' && q == '"') {
        char e = At(i_ + 1);
        if (e == '\n' || e == ' ' || e == '\t' || e == '\0') return false;
        escaped = true;
        i_ += 2;
        continue;
      }
      if (IsControl(c)) return false;
      ++i_;
    }
    out = t_.substr(start, i_ - start);
    i_ += 3;
    // Quotes right before the closing ones belong to the value: left to toml++.
    if (At(i_) == q) return false;
    return !escaped || UnescapeMultiLine(out);
  }

  // As Unescape, keeping the line ends.
  bool UnescapeMultiLine(std::string_view& s) {
    std::string out;
    size_t from = 0;
    while (from <= s.size()) {
      size_t nl = s.find('\n', from);
      if (nl == std::string_view::npos) nl = s.size();
      std::string_view part = s.substr(from, nl - from);
      if (!Unescape(part)) return false;
      out += part;
      if (nl < s.size()) out += '\n';
      from = nl + 1;
    }
    s = b_.Keep(std::move(out));
    return true;
  }

  // One key segment: bare, or quoted on one line without escapes. A dotted key declines.
  bool Key(std::string_view& key, Position& pos) {
    pos = Here();
    char c = At(i_);
    if (c == '"' || c == '\'') {
      if (At(i_ + 1) == c && At(i_ + 2) == c) return false;
      if (!OneLineString(key)) return false;
    } else {
      size_t start = i_;
      while (i_ < t_.size() && IsBareKeyChar(t_[i_])) ++i_;
      if (i_ == start) return false;
      key = t_.substr(start, i_ - start);
    }
    SkipSpace();
    return At(i_) != '.';
  }

  bool KeyValue(uint32_t table) {
    std::string_view key;
    Position key_pos;
    if (!Key(key, key_pos)) return false;
    if (At(i_) != '=') return false;
    ++i_;
    SkipSpace();
    uint32_t node;
    if (!Value(node)) return false;
    b_.AddEntry(table, key, key_pos, node);
    return true;
  }

  // [name] or [[name]], one key segment; a table or array of tables new to the root, or one
  // more table of an array of tables that headers made.
  bool Header(uint32_t root, uint32_t& current) {
    Position pos = Here();
    ++i_;
    bool is_array = At(i_) == '[';
    if (is_array) ++i_;
    SkipSpace();
    std::string_view key;
    Position key_pos;
    if (!Key(key, key_pos)) return false;
    if (At(i_) != ']') return false;
    ++i_;
    if (is_array) {
      if (At(i_) != ']') return false;
      ++i_;
    }
    // The headers seen, by name: a file of 100,000 headers is no search over the earlier ones.
    auto [existing, added] = root_keys_.try_emplace(key);
    if (!added) {
      if (!is_array || !existing->second.table_array) return false;
      current = b_.Add(NodeType::kTable, pos);
      b_.AddElement(existing->second.node, current);
      return true;
    }
    if (is_array) {
      uint32_t arr = b_.Add(NodeType::kArray, pos);
      b_.AddEntry(root, key, key_pos, arr);
      existing->second = {arr, true};
      current = b_.Add(NodeType::kTable, pos);
      b_.AddElement(arr, current);
    } else {
      current = b_.Add(NodeType::kTable, pos);
      b_.AddEntry(root, key, key_pos, current);
      existing->second = {current, false};
    }
    // A header naming a key written before the first header is a duplicate Finish finds.
    return true;
  }

  bool Value(uint32_t& node) {
    if (++depth_ > kMaxDepth) return false;
    bool ok = ValueInner(node);
    --depth_;
    return ok;
  }

  bool ValueInner(uint32_t& node) {
    Position pos = Here();
    char c = At(i_);
    if (c == '"' || c == '\'') {
      std::string_view s;
      bool multi = At(i_ + 1) == c && At(i_ + 2) == c;
      if (!(multi ? MultiLineString(s) : OneLineString(s))) return false;
      node = b_.Add(NodeType::kString, pos);
      b_.SetString(node, s);
      return true;
    }
    if (c == 't' || c == 'f') {
      std::string_view word = c == 't' ? "true" : "false";
      if (t_.substr(i_, word.size()) != word) return false;
      i_ += word.size();
      node = b_.Add(NodeType::kBoolean, pos);
      b_.SetInteger(node, c == 't' ? 1 : 0);
      return true;
    }
    if (c == '-' || IsDigit(c)) return Number(pos, node);
    if (c == '[') {
      ++i_;
      node = b_.Add(NodeType::kArray, pos);
      while (true) {
        if (!SkipArraySpace()) return false;
        if (t_[i_] == ']') break;
        uint32_t element;
        if (!Value(element)) return false;
        b_.AddElement(node, element);
        if (!SkipArraySpace()) return false;
        if (t_[i_] == ',') {
          ++i_;
        } else if (t_[i_] != ']') {
          return false;
        }
      }
      ++i_;
      return true;
    }
    if (c == '{') {
      ++i_;
      node = b_.Add(NodeType::kTable, pos);
      ++inline_depth_;
      SkipSpace();
      if (At(i_) != '}') {
        while (true) {
          SkipSpace();
          char k = At(i_);
          if (!(IsBareKeyChar(k) || k == '"' || k == '\'')) return false;
          if (!KeyValue(node)) return false;
          SkipSpace();
          if (At(i_) == ',') {
            ++i_;
          } else if (At(i_) == '}') {
            break;
          } else {
            return false;
          }
        }
      }
      ++i_;
      --inline_depth_;
      return true;
    }
    return false;
  }

  // A decimal integer (no sign '+', no leading zero, no underscore, at most 18 digits) or a
  // decimal float (digits '.' digits, an exponent, or both), as toml++ reads them.
  bool Number(Position pos, uint32_t& node) {
    bool negative = At(i_) == '-';
    if (negative) ++i_;
    size_t start = i_;
    while (IsDigit(At(i_))) ++i_;
    size_t int_digits = i_ - start;
    if (!negative && int_digits == 4 && At(i_) == '-') return LocalDate(start, pos, node);
    if (int_digits == 0 || (int_digits > 1 && t_[start] == '0')) return false;
    bool is_float = false;
    if (At(i_) == '.') {
      is_float = true;
      ++i_;
      size_t f = i_;
      while (IsDigit(At(i_))) ++i_;
      if (i_ == f) return false;
    }
    if (At(i_) == 'e' || At(i_) == 'E') {
      is_float = true;
      ++i_;
      if (At(i_) == '+' || At(i_) == '-') ++i_;
      size_t e = i_;
      while (IsDigit(At(i_))) ++i_;
      if (i_ == e) return false;
    }
    std::string_view digits = t_.substr(start, i_ - start);
    if (!is_float) {
      if (digits.size() > 18 || (negative && digits == "0")) return false;
      int64_t v = 0;
      for (char d : digits) v = v * 10 + (d - '0');
      node = b_.Add(NodeType::kInteger, pos);
      b_.SetInteger(node, negative ? -v : v);
      return true;
    }
    if (digits.size() > 32) return false;
    double v = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || end != digits.data() + digits.size()) return false;
    if (!std::isfinite(v) || (v != 0 && !std::isnormal(v))) return false;
    if (v == 0 && digits.find_first_of("123456789") < digits.find_first_of("eE")) return false;
    node = b_.Add(NodeType::kFloat, pos);
    b_.SetFloat(node, negative ? -v : v);
    return true;
  }

  // YYYY-MM-DD, a valid Gregorian date, not followed by a time.
  bool LocalDate(size_t start, Position pos, uint32_t& node) {
    auto two = [&](size_t at) {
      return IsDigit(At(at)) && IsDigit(At(at + 1)) ? (At(at) - '0') * 10 + (At(at + 1) - '0') : -1;
    };
    int year = two(start) * 100 + two(start + 2);
    int month = two(start + 5);
    int day = two(start + 8);
    if (At(start + 7) != '-' || month < 1 || month > 12 || day < 1 || year < 1) return false;
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (day > kDays[month - 1] + (month == 2 && leap ? 1 : 0)) return false;
    i_ = start + 10;
    // A date-time ("T" or a blank before the time) is left to toml++.
    char next = At(i_);
    if (next == 'T' || next == 't' || ((next == ' ' || next == '\t') && IsDigit(At(i_ + 1)))) {
      return false;
    }
    node = b_.Add(NodeType::kDate, pos);
    b_.SetDate(node, {year, month, day});
    return true;
  }

  static constexpr int kMaxDepth = 32;
  struct RootKey {
    uint32_t node = 0;
    bool table_array = false;
  };
  std::string_view t_;
  Builder& b_;
  size_t i_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
  size_t column_line_start_ = 0;  // Here()'s last count: the line, the byte, its column
  size_t column_at_ = 0;
  uint32_t column_ = 1;
  int depth_ = 0;
  int inline_depth_ = 0;
  std::unordered_map<std::string_view, RootKey> root_keys_;
};

// ---- the slow path -------------------------------------------------------------------------

Position PositionOf(const toml::source_region& r) {
  return {static_cast<uint32_t>(r.begin.line), static_cast<uint32_t>(r.begin.column)};
}

uint32_t Convert(const toml::node& n, Builder& b) {
  Position pos = PositionOf(n.source());
  switch (n.type()) {
    case toml::node_type::table: {
      uint32_t id = b.Add(NodeType::kTable, pos);
      for (auto&& [key, child] : *n.as_table()) {
        uint32_t c = Convert(child, b);
        b.AddEntry(id, key.str(), PositionOf(key.source()), c);
      }
      return id;
    }
    case toml::node_type::array: {
      uint32_t id = b.Add(NodeType::kArray, pos);
      for (const toml::node& child : *n.as_array()) b.AddElement(id, Convert(child, b));
      return id;
    }
    case toml::node_type::string: {
      uint32_t id = b.Add(NodeType::kString, pos);
      b.SetString(id, n.as_string()->get());
      return id;
    }
    case toml::node_type::integer: {
      uint32_t id = b.Add(NodeType::kInteger, pos);
      b.SetInteger(id, n.as_integer()->get());
      return id;
    }
    case toml::node_type::floating_point: {
      uint32_t id = b.Add(NodeType::kFloat, pos);
      b.SetFloat(id, n.as_floating_point()->get());
      return id;
    }
    case toml::node_type::boolean: {
      uint32_t id = b.Add(NodeType::kBoolean, pos);
      b.SetInteger(id, n.as_boolean()->get() ? 1 : 0);
      return id;
    }
    case toml::node_type::date: {
      uint32_t id = b.Add(NodeType::kDate, pos);
      const toml::date& d = n.as_date()->get();
      b.SetDate(id, {d.year, d.month, d.day});
      return id;
    }
    case toml::node_type::time:
      return b.Add(NodeType::kTime, pos);
    default:
      return b.Add(NodeType::kDateTime, pos);
  }
}

// ---- equality ------------------------------------------------------------------------------

std::string_view TypeWord(NodeType t) {
  constexpr std::string_view kWords[] = {"string", "integer", "float", "boolean",  "table",
                                         "array",  "date",    "time",  "date-time"};
  return kWords[static_cast<int>(t)];
}

bool SamePosition(Position a, Position b) { return a.line == b.line && a.column == b.column; }

bool EqualNodes(const Node& a, const Node& b, const std::string& path, std::string* why) {
  auto fail = [&](std::string_view what) {
    if (why != nullptr) {
      *why = fmt::format("{}: {} ({} {}:{} vs {} {}:{})", path.empty() ? "root" : path, what,
                         TypeWord(a.type()), a.source().begin.line, a.source().begin.column,
                         TypeWord(b.type()), b.source().begin.line, b.source().begin.column);
    }
    return false;
  };
  if (a.type() != b.type()) return fail("types differ");
  if (!SamePosition(a.source().begin, b.source().begin)) return fail("locations differ");
  switch (a.type()) {
    case NodeType::kString:
      if (a.str() != b.str()) return fail("strings differ");
      return true;
    case NodeType::kInteger:
    case NodeType::kBoolean:
      if (a.integer() != b.integer()) return fail("values differ");
      return true;
    case NodeType::kFloat: {
      double x = a.floating(), y = b.floating();
      if (std::memcmp(&x, &y, sizeof x) != 0) return fail("floats differ");
      return true;
    }
    case NodeType::kDate:
      if (a.date().year != b.date().year || a.date().month != b.date().month ||
          a.date().day != b.date().day) {
        return fail("dates differ");
      }
      return true;
    case NodeType::kTime:
    case NodeType::kDateTime:
      return true;
    case NodeType::kArray: {
      if (a.size() != b.size()) return fail("array sizes differ");
      for (size_t k = 0; k < a.size(); ++k) {
        if (!EqualNodes(*a.elements_begin()[k], *b.elements_begin()[k],
                        fmt::format("{}[{}]", path, k), why)) {
          return false;
        }
      }
      return true;
    }
    case NodeType::kTable: {
      if (a.size() != b.size()) return fail("table sizes differ");
      for (size_t k = 0; k < a.size(); ++k) {
        const Entry &ea = a.begin()[k], &eb = b.begin()[k];
        std::string sub = path.empty() ? std::string(ea.key) : fmt::format("{}.{}", path, ea.key);
        if (ea.key != eb.key) return fail(fmt::format("keys differ: '{}' vs '{}'", ea.key, eb.key));
        if (!SamePosition(ea.key_pos, eb.key_pos)) {
          return fail(fmt::format("key '{}' at {}:{} vs {}:{}", ea.key, ea.key_pos.line,
                                  ea.key_pos.column, eb.key_pos.line, eb.key_pos.column));
        }
        if (!EqualNodes(*ea.node, *eb.node, sub, why)) return false;
      }
      return true;
    }
  }
  return true;
}

}  // namespace

bool ParseFast(std::string_view text, Doc& out) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      if (!ValidUtf8(text)) return false;
      break;
    }
  }
  Builder b(out);
  FastParser p(text, b);
  if (!p.Run() || !b.Finish()) {
    Builder clear(out);
    return false;
  }
  return true;
}

bool ParseSlow(std::string_view text, std::string_view path, Doc& out, SyntaxError& error) {
  Builder b(out);
  std::shared_ptr<toml::table> table;
  try {
    table = std::make_shared<toml::table>(toml::parse(text, path));
  } catch (const toml::parse_error& e) {
    error.description = std::string(e.description());
    error.at = PositionOf(e.source());
    return false;
  }
  Convert(*table, b);
  b.KeepAlive(std::move(table));
  return b.Finish();
}

bool Equal(const Doc& a, const Doc& b, std::string* why) {
  if (a.empty() || b.empty()) {
    if (why != nullptr) *why = "a document is empty";
    return a.empty() == b.empty();
  }
  return EqualNodes(a.root(), b.root(), "", why);
}

namespace {

// What a ParseRecord outcome says, in full for the diagnostics and the record's header.
std::string Describe(const ParseResult& r) {
  std::string out = fmt::format("ok={} id={} record={}\n", r.ok(), r.id, r.record.index());
  for (const Diagnostic& d : r.diagnostics) {
    out += fmt::format("{} [{}:{}] caret={}\n", Render(d), d.where.line, d.where.column,
                       d.caret_column);
  }
  std::visit(
      [&](const auto& rec) {
        if constexpr (requires { rec.header; }) {
          out += fmt::format("header {} {} {} {}\n", static_cast<int>(rec.header.kind),
                             rec.header.id, rec.header.path, static_cast<int>(rec.header.status));
        }
      },
      r.record);
  return out;
}

}  // namespace

std::string CheckAgainstToml(std::string_view text, bool* accepted) {
  Doc fast;
  bool took = ParseFast(text, fast);
  if (accepted != nullptr) *accepted = took;
  if (!took) return {};
  Doc slow;
  SyntaxError error;
  if (!ParseSlow(text, "record.toml", slow, error)) {
    return fmt::format("the fast path accepted text toml++ rejects: {} at {}:{}", error.description,
                       error.at.line, error.at.column);
  }
  std::string why;
  if (!Equal(fast, slow, &why)) return "documents differ: " + why;
  for (RecordKind kind : {RecordKind::kBenchmark, RecordKind::kAccelerator, RecordKind::kModel,
                          RecordKind::kSource, RecordKind::kGotcha}) {
    std::string a =
        Describe(ParseRecordWith(kind, text, "dir/record.toml", "record", LoadPath::kFastThenSlow));
    std::string b =
        Describe(ParseRecordWith(kind, text, "dir/record.toml", "record", LoadPath::kSlowOnly));
    if (a != b) return fmt::format("ParseRecord differs:\n--- fast\n{}--- slow\n{}", a, b);
  }
  return {};
}

}  // namespace rooflint::record_doc
