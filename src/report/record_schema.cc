// The JSON Schema of a record kind, made from the record schema (rooflint/schema.h): what an
// editor with a TOML language server (taplo, Even Better TOML) reads to complete and check
// records as they are typed. It says what the parser refuses where a JSON Schema can say it;
// the parser stays the judge (a draft model's absent facts, conditions that go together).
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rooflint/report.h"
#include "rooflint/schema.h"

namespace rooflint {
namespace {

using nlohmann::ordered_json;

// "B, kB, MB" -> "B|kB|MB": the units of `d` as a regex alternation (none holds a regex
// metacharacter but '/', which needs no escape).
std::string UnitAlternation(Dimension d) {
  std::string out;
  for (char c : UnitsFor(d)) {
    if (c == ' ') continue;
    out += c == ',' ? '|' : c;
  }
  return out;
}

// A quantity string: a number (as units.cc scans one) and one of `units`.
std::string QuantityPattern(std::string_view units) {
  return fmt::format("^\\s*\\+?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?\\s*({})\\s*$", units);
}

ordered_json StringSchema(StringForm form, const RecordField& f) {
  ordered_json s = {{"type", "string"}};
  switch (form) {
    case StringForm::kText:
      break;
    case StringForm::kId:
      s["pattern"] = "^[a-z0-9][a-z0-9.-]*$";
      break;
    case StringForm::kEnum:
      s["enum"] = std::vector<std::string>(f.values.begin(), f.values.end());
      break;
    case StringForm::kQuantity:
      s["pattern"] = QuantityPattern(UnitAlternation(f.dimension));
      break;
    case StringForm::kMetricValue:
      s["pattern"] = QuantityPattern(fmt::format("{}|{}|{}", UnitAlternation(Dimension::kTokenRate),
                                                 UnitAlternation(Dimension::kRequestRate),
                                                 UnitAlternation(Dimension::kTime)));
      break;
    case StringForm::kPrecision: {
      std::vector<std::string> names;
      for (const PrecisionInfo& p : Precisions()) names.emplace_back(p.name);
      s["enum"] = names;
      break;
    }
    case StringForm::kUrl:
      s["pattern"] = "^https?://";
      break;
    case StringForm::kDate:
      s["pattern"] = "^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$";
      break;
    case StringForm::kCitation: {
      s["pattern"] = "^[a-z0-9][a-z0-9.-]*$";
      ordered_json table = {{"type", "object"}};
      table["properties"]["source"] = {{"type", "string"},
                                       {"description", "the source record's id"}};
      table["properties"]["locator"] = {{"type", "string"},
                                        {"description", "where in the source the figure stands"}};
      table["required"] = {"source"};
      table["additionalProperties"] = false;
      return {{"anyOf", {s, table}}};
    }
  }
  return s;
}

ordered_json FieldSchema(RecordKind kind, const RecordField& f);

// The object a table field (or the record itself, `table` "") holds.
ordered_json TableSchema(RecordKind kind, std::string_view table) {
  ordered_json properties = ordered_json::object();
  std::vector<std::string> required;
  for (const RecordField* sub : FieldsIn(kind, table)) {
    properties[std::string(sub->Name())] = FieldSchema(kind, *sub);
    if (sub->required) required.emplace_back(sub->Name());
  }
  ordered_json s = {{"type", "object"}, {"properties", properties}};
  if (!required.empty()) s["required"] = required;
  s["additionalProperties"] = false;
  return s;
}

ordered_json FieldSchema(RecordKind kind, const RecordField& f) {
  std::vector<ordered_json> forms;
  if (f.Takes(kAcceptsString)) forms.push_back(StringSchema(f.form, f));
  if (f.Takes(kAcceptsDate)) {
    // A TOML date, which a TOML language server presents as its ISO text.
    forms.push_back(
        {{"type", "string"}, {"format", "date"}, {"pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}});
  }
  if (f.Takes(kAcceptsInteger)) {
    forms.push_back({{"type", "integer"}, {"minimum", f.min}, {"maximum", f.max}});
  }
  if (f.Takes(kAcceptsNumber)) {
    forms.push_back({{"type", "number"}, {"minimum", f.min}, {"maximum", f.max}});
  }
  if (f.Takes(kAcceptsBoolean)) forms.push_back({{"type", "boolean"}});
  if (f.Takes(kAcceptsFalse)) forms.push_back({{"const", false}});
  if (f.Takes(kAcceptsStringArray)) {
    forms.push_back({{"type", "array"}, {"items", StringSchema(f.form, f)}});
  }
  if (f.Takes(kAcceptsTable)) {
    if (f.members.empty()) {
      forms.push_back(TableSchema(kind, f.key));
    } else {
      ordered_json properties = ordered_json::object();
      for (std::string_view m : f.members) {
        properties[std::string(m)] = StringSchema(f.member_form, f);
      }
      forms.push_back(
          {{"type", "object"}, {"properties", properties}, {"additionalProperties", false}});
    }
  }
  if (f.Takes(kAcceptsTableArray)) {
    forms.push_back({{"type", "array"}, {"items", TableSchema(kind, f.key)}});
  }
  if (f.Takes(kAcceptsAbsent)) {
    forms.push_back(
        {{"type", "object"},
         {"properties",
          {{"absent",
            {{"type", "string"}, {"minLength", 1}, {"description", "why it is not known"}}}}},
         {"required", {"absent"}},
         {"additionalProperties", false}});
  }
  ordered_json s = forms.size() == 1 ? forms[0] : ordered_json{{"anyOf", forms}};
  ordered_json out = {{"description", f.summary}};
  for (const auto& [key, value] : s.items()) out[key] = value;
  return out;
}

}  // namespace

std::string RecordJsonSchema(RecordKind kind) {
  ordered_json s = {
      {"$schema", "http://json-schema.org/draft-07/schema#"},
      {"title", fmt::format("rooflint {} record", KindName(kind))},
      {"description",
       fmt::format("One record of a rooflint corpus: {}/<id>.toml. Made by `rooflint schema {}` "
                   "from the table the parser reads; docs/record-format.md says what each key "
                   "means.",
                   KindFolder(kind), KindName(kind))}};
  const ordered_json record = TableSchema(kind, "");
  for (const auto& [key, value] : record.items()) s[key] = value;
  return s.dump(2) + "\n";
}

}  // namespace rooflint
