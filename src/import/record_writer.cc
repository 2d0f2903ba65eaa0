// RecordWriter (import/record_writer.h): TOML written key by key, each key checked against the
// record schema.
#include "import/record_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "import/common.h"

namespace rooflint::import {

const RecordField& RecordWriter::Field(std::string_view key, uint16_t forms) const {
  const std::string path =
      section_.empty() ? std::string(key) : fmt::format("{}.{}", section_, key);
  const RecordField* f = FindField(kind_, path);
  if (f == nullptr) {
    throw std::logic_error(fmt::format("an importer wrote '{}', which a {} record does not take",
                                       path, KindName(kind_)));
  }
  if (!f->Takes(forms)) {
    throw std::logic_error(fmt::format("an importer wrote '{}' in a form it does not take", path));
  }
  return *f;
}

void RecordWriter::Scalar(const TomlScalar& value) {
  if (const auto* s = std::get_if<std::string>(&value)) {
    out_ += TomlString(*s);
  } else if (const auto* i = std::get_if<int64_t>(&value)) {
    out_ += fmt::format("{}", *i);
  } else if (const auto* d = std::get_if<double>(&value)) {
    out_ += NumberText(*d);
  } else {
    out_ += std::get<bool>(value) ? "true" : "false";
  }
}

RecordWriter& RecordWriter::String(std::string_view key, std::string_view value) {
  Field(key, kAcceptsString);
  out_ += fmt::format("{} = {}\n", key, TomlString(value));
  return *this;
}

RecordWriter& RecordWriter::StringIf(std::string_view key, std::string_view value) {
  return value.empty() ? *this : String(key, value);
}

RecordWriter& RecordWriter::Integer(std::string_view key, int64_t value) {
  Field(key, kAcceptsInteger | kAcceptsNumber);
  out_ += fmt::format("{} = {}\n", key, value);
  return *this;
}

RecordWriter& RecordWriter::Number(std::string_view key, double value) {
  Field(key, kAcceptsNumber);
  out_ += fmt::format("{} = {}\n", key, NumberText(value));
  return *this;
}

RecordWriter& RecordWriter::Count(std::string_view key, double value) {
  Field(key, kAcceptsNumber);
  out_ += fmt::format("{} = {:.0f}\n", key, value);
  return *this;
}

RecordWriter& RecordWriter::Boolean(std::string_view key, bool value) {
  Field(key, value ? kAcceptsBoolean : kAcceptsBoolean | kAcceptsFalse);
  out_ += fmt::format("{} = {}\n", key, value ? "true" : "false");
  return *this;
}

RecordWriter& RecordWriter::Absent(std::string_view key, std::string_view why) {
  Field(key, kAcceptsAbsent);
  out_ += fmt::format("{} = {{ absent = {} }}\n", key, TomlString(why));
  return *this;
}

RecordWriter& RecordWriter::Strings(std::string_view key, const std::vector<std::string>& values) {
  Field(key, kAcceptsStringArray);
  out_ += fmt::format("{} = [", key);
  for (size_t i = 0; i < values.size(); ++i) out_ += (i ? ", " : "") + TomlString(values[i]);
  out_ += "]\n";
  return *this;
}

RecordWriter& RecordWriter::InlineTable(std::string_view key, const TomlMembers& members) {
  const RecordField& table = Field(key, kAcceptsTable);
  // Every member is checked before anything is written: a refused table writes nothing.
  for (const auto& [name, value] : members) {
    const bool named =
        std::find(table.members.begin(), table.members.end(), name) != table.members.end();
    if (!named && FindField(kind_, fmt::format("{}.{}", table.key, name)) == nullptr) {
      throw std::logic_error(fmt::format(
          "an importer wrote '{}.{}', which the schema does not take", table.key, name));
    }
  }
  out_ += fmt::format("{} = {{ ", key);
  for (size_t i = 0; i < members.size(); ++i) {
    out_ += fmt::format("{}{} = ", i ? ", " : "", members[i].first);
    Scalar(members[i].second);
  }
  out_ += " }\n";
  return *this;
}

RecordWriter& RecordWriter::Section(std::string_view key) {
  section_.clear();
  Field(key, kAcceptsTable);
  section_ = std::string(key);
  out_ += fmt::format("\n[{}]\n", key);
  return *this;
}

}  // namespace rooflint::import
