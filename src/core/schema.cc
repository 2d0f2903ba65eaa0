// Lookups in the record schema (rooflint/schema.h): the table itself is constexpr data in the
// header, so that FieldOf finds a field when the program is compiled.
#include "rooflint/schema.h"

#include <fmt/format.h>

#include <vector>

namespace rooflint {

const RecordField* FindField(RecordKind kind, std::string_view key) {
  for (const RecordField& f : RecordFields(kind)) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

std::vector<const RecordField*> FieldsIn(RecordKind kind, std::string_view table) {
  std::vector<const RecordField*> out;
  for (const RecordField& f : RecordFields(kind)) {
    const size_t dot = f.key.rfind('.');
    const std::string_view parent = dot == std::string_view::npos ? "" : f.key.substr(0, dot);
    if (parent == table) out.push_back(&f);
  }
  return out;
}

std::vector<std::string_view> KeysIn(RecordKind kind, std::string_view table) {
  std::vector<std::string_view> out;
  for (const RecordField* f : FieldsIn(kind, table)) out.push_back(f->Name());
  return out;
}

namespace {

std::string StringTakes(StringForm form, const RecordField& f) {
  switch (form) {
    case StringForm::kText:
      return "text";
    case StringForm::kId:
      return "an id";
    case StringForm::kEnum:
      return fmt::format("one of {}", fmt::join(f.values, ", "));
    case StringForm::kQuantity:
      return fmt::format("{} ({})", DimensionName(f.dimension), UnitsFor(f.dimension));
    case StringForm::kMetricValue:
      return "tok/s, req/s or a time, by metric";
    case StringForm::kPrecision:
      return "a precision (rooflint precisions)";
    case StringForm::kUrl:
      return "an http(s) address";
    case StringForm::kDate:
      return "\"YYYY\", \"YYYY-MM\" or \"YYYY-MM-DD\"";
    case StringForm::kCitation:
      return "a source id or { source, locator }";
  }
  return "text";
}

}  // namespace

std::string FieldTakes(const RecordField& f) {
  std::vector<std::string> forms;
  if (f.Takes(kAcceptsString)) forms.push_back(StringTakes(f.form, f));
  if (f.Takes(kAcceptsDate)) forms.emplace_back("a date");
  if (f.Takes(kAcceptsInteger)) {
    forms.push_back(fmt::format("an integer {} to {}", static_cast<int64_t>(f.min),
                                static_cast<int64_t>(f.max)));
  }
  if (f.Takes(kAcceptsNumber)) forms.push_back(fmt::format("a number {:g} to {:g}", f.min, f.max));
  if (f.Takes(kAcceptsBoolean)) forms.emplace_back("true or false");
  if (f.Takes(kAcceptsFalse)) forms.emplace_back("false");
  if (f.Takes(kAcceptsStringArray)) {
    forms.emplace_back(f.form == StringForm::kId ? "a list of ids" : "a list of strings");
  }
  if (f.Takes(kAcceptsTable)) {
    forms.push_back(f.members.empty()
                        ? std::string("a table")
                        : fmt::format("a table of {}: {}", StringTakes(f.member_form, f),
                                      fmt::join(f.members, ", ")));
  }
  if (f.Takes(kAcceptsTableArray)) forms.emplace_back("[[tables]]");
  if (f.Takes(kAcceptsAbsent)) forms.emplace_back("{ absent = \"why\" }");
  return fmt::format("{}", fmt::join(forms, ", or "));
}

}  // namespace rooflint
