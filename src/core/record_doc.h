// A read-only TOML document as the record parser reads it, with two producers.
//
// The record Reader (record_parser.cc) reads this type, not toml++'s DOM. A document is three
// flat vectors (nodes, table entries, array elements); every node and every key carries the
// line and column where it stands, numbered as toml++ numbers them (1-based, columns in code
// points). Strings are views: into the record text when it needs no decoding (fast path), or
// into the toml++ table the document keeps alive (slow path). A table's entries are ordered by
// key, as toml++ iterates them, so that the Reader's diagnostics come in the same order.
//
// Producers:
//   ParseFast  a hand-written scanner for the subset records use: comments, bare and quoted
//              keys (no escapes), [table] and [[array.of.tables]] headers with one key,
//              basic and literal strings (multi-line too; the common escapes, decoded into
//              the document), decimal integers, decimal floats, booleans, local dates,
//              arrays, inline tables, LF line ends. On anything else (a line-ending
//              backslash, a time, a hex or underscored number, a dotted key, a duplicate key,
//              CR, a BOM, invalid UTF-8, any error at all) it declines: it never reports an
//              error, it returns false and the caller takes the slow path.
//   FromToml   the slow path: toml::parse's table, converted. Every TOML syntax error, and so
//              every toml-syntax diagnostic, comes from toml++.
// fuzz/toml_fast_fuzzer.cc and tests/toml_fast_path_test.cc check that wherever ParseFast
// accepts, its document equals FromToml's (Equal below): types, values, key order, locations.
#ifndef ROOFLINT_CORE_RECORD_DOC_H_
#define ROOFLINT_CORE_RECORD_DOC_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/corpus.h"

namespace rooflint::record_doc {

struct Position {
  uint32_t line = 0;
  uint32_t column = 0;
};
// Shaped like toml::source_region so that `n.source().begin.line` reads the same.
struct Region {
  Position begin;
};

enum class NodeType : uint8_t {
  kString,
  kInteger,
  kFloat,
  kBoolean,
  kTable,
  kArray,
  kDate,
  kTime,
  kDateTime
};

struct Date {
  int year = 0;
  int month = 0;
  int day = 0;
};

class Node;
// A table's entry: its key as written (decoded), where the key stands, and its value.
struct Entry {
  std::string_view key;
  Position key_pos;
  const Node* node = nullptr;
};

// One value. Tables and arrays are nodes too (Table and Array name the same type).
// Whether two key names are equal, comparing their bytes only when their lengths and first
// letters match: a record's keys are looked up in small tables many times each.
inline bool SameKey(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || a[0] == b[0]) && a == b;
}

class Node {
 public:
  NodeType type() const { return type_; }
  bool is_string() const { return type_ == NodeType::kString; }
  bool is_integer() const { return type_ == NodeType::kInteger; }
  bool is_floating_point() const { return type_ == NodeType::kFloat; }
  bool is_number() const { return is_integer() || is_floating_point(); }
  bool is_boolean() const { return type_ == NodeType::kBoolean; }
  bool is_table() const { return type_ == NodeType::kTable; }
  bool is_array() const { return type_ == NodeType::kArray; }
  bool is_date() const { return type_ == NodeType::kDate; }
  // As toml++: a non-empty array whose elements are all tables.
  bool is_array_of_tables() const;

  Region source() const { return {pos_}; }

  std::string_view str() const { return str_; }
  int64_t integer() const { return integer_; }
  double floating() const { return floating_; }
  bool boolean() const { return integer_ != 0; }
  Date date() const { return date_; }

  // The value when the node is of that type (std::string, bool, int64_t, Date), else nullopt.
  template <class T>
  std::optional<T> value() const;

  const Node* as_table() const { return is_table() ? this : nullptr; }
  const Node* as_array() const { return is_array() ? this : nullptr; }

  // Tables: entries ordered by key; the value for `key` or nullptr.
  const Entry* begin() const { return entries_; }
  const Entry* end() const { return entries_ + count_; }
  const Node* get(std::string_view key) const;

  // Arrays: the elements in file order.
  std::span<const Node* const> elements() const { return {elements_, count_}; }
  const Node* const* elements_begin() const { return elements_; }
  const Node* const* elements_end() const { return elements_ + count_; }
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }

 private:
  friend class Builder;
  // get() scans a table of at most this many entries and searches a larger one by halves.
  static constexpr uint32_t kScanEntries = 24;
  NodeType type_ = NodeType::kString;
  Position pos_;
  uint32_t count_ = 0;
  uint32_t first_ = 0;  // while building: index of the first entry / element
  std::string_view str_;
  int64_t integer_ = 0;
  double floating_ = 0;
  Date date_;
  const Entry* entries_ = nullptr;
  const Node* const* elements_ = nullptr;
};
using Table = Node;
using Array = Node;

class Doc {
 public:
  Doc() = default;
  Doc(const Doc&) = delete;
  Doc& operator=(const Doc&) = delete;
  Doc(Doc&&) = default;
  Doc& operator=(Doc&&) = default;

  const Node& root() const { return nodes_.front(); }
  bool empty() const { return nodes_.empty(); }

 private:
  friend class Builder;
  std::vector<Node> nodes_;
  std::vector<Entry> entries_;
  std::vector<const Node*> elements_;
  std::shared_ptr<const void> keep_alive_;  // the toml++ table the slow path's views point into
  std::deque<std::string> decoded_;         // the fast path's strings that had escapes
};

// The fast path: true and `out` filled when `text` is in the subset, false (declined) otherwise.
bool ParseFast(std::string_view text, Doc& out);

// The slow path: toml::parse(text, path). On a syntax error returns false and fills the error's
// description and location (toml++'s).
struct SyntaxError {
  std::string description;
  Position at;
};
bool ParseSlow(std::string_view text, std::string_view path, Doc& out, SyntaxError& error);

// Whether two documents are equal in every type, value, key, key order and location; when not,
// `why` says where they first differ.
bool Equal(const Doc& a, const Doc& b, std::string* why);

// Which producer ParseRecordWith uses: the fast path with the slow one when it declines
// (what ParseRecord does), or the slow path only.
enum class LoadPath { kFastThenSlow, kSlowOnly };
ParseResult ParseRecordWith(RecordKind kind, std::string_view text, std::string_view path,
                            std::string_view stem, LoadPath load);

// The differential check of the fast path against toml++, for the fuzzer and the tests: "" when
// the fast path declines `text`, or accepts it and agrees with toml++ (same document, and for
// every record kind the same ParseRecord outcome: diagnostics rendered in full, id, record
// header); else what differs. `accepted` (if given) tells whether the fast path accepted.
std::string CheckAgainstToml(std::string_view text, bool* accepted = nullptr);

}  // namespace rooflint::record_doc

#endif  // ROOFLINT_CORE_RECORD_DOC_H_
