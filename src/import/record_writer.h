// The typed TOML writer every importer writes its records with: each key is looked up in the
// record schema (rooflint/schema.h) and must take the form written (a string, an integer,
// `{ absent = "why" }`, ...), so an importer cannot write a key the parser does not know or a
// value of a shape it refuses. A key the schema lacks is a programming error: std::logic_error,
// which the import edge reports as an internal error and the importer snapshot tests catch.
#ifndef ROOFLINT_IMPORT_RECORD_WRITER_H_
#define ROOFLINT_IMPORT_RECORD_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "rooflint/schema.h"

namespace rooflint::import {

// One value of an inline table's member: a string, an integer, a number or a boolean.
using TomlScalar = std::variant<std::string, int64_t, double, bool>;
// The members of an inline table, in the order written.
using TomlMembers = std::vector<std::pair<std::string, TomlScalar>>;

class RecordWriter {
 public:
  explicit RecordWriter(RecordKind kind) : kind_(kind) {}

  // `key = "value"`, the string escaped (TomlString).
  RecordWriter& String(std::string_view key, std::string_view value);
  // The same, nothing when `value` is empty.
  RecordWriter& StringIf(std::string_view key, std::string_view value);
  RecordWriter& Integer(std::string_view key, int64_t value);
  // A number as the shortest text that reads back as it (NumberText: 6.7e9, 0.4).
  RecordWriter& Number(std::string_view key, double value);
  // A count written whole (8030261248), for parameter counts.
  RecordWriter& Count(std::string_view key, double value);
  RecordWriter& Boolean(std::string_view key, bool value);
  // `key = { absent = "why" }`.
  RecordWriter& Absent(std::string_view key, std::string_view why);
  RecordWriter& Strings(std::string_view key, const std::vector<std::string>& values);
  // `key = { member = value, ... }`: each member must be a field of the table `key`, or one of
  // its named members.
  RecordWriter& InlineTable(std::string_view key, const TomlMembers& members);
  // `[key]` after a blank line: the keys written next are that table's.
  RecordWriter& Section(std::string_view key);

  const std::string& text() const { return out_; }
  std::string Take() { return std::move(out_); }

 private:
  // The field `key` of the current section, which must take one of `forms`.
  const RecordField& Field(std::string_view key, uint16_t forms) const;
  void Scalar(const TomlScalar& value);

  RecordKind kind_;
  std::string section_;  // "" at the top level
  std::string out_;
};

}  // namespace rooflint::import

#endif  // ROOFLINT_IMPORT_RECORD_WRITER_H_
