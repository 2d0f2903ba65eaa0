// The SARIF 2.1.0 report, for code-scanning CI: one rule per instrument (its summary as help
// text), one result per finding or load diagnostic, located at the record file and line.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "report/escape.h"
#include "rooflint/report.h"

namespace rooflint {
namespace {

using nlohmann::json;

constexpr std::string_view kSchema =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr std::string_view kLoaderRule = "loader";

// SARIF's result levels are rooflint's severity names ("error", "warning", "note").
std::string_view Level(Severity s) { return SeverityName(s); }

// A relative path stays a relative URI reference (resolved against the repository root by
// the viewer); an absolute one becomes a file:// URI. Bytes outside the URI-safe set are
// percent-encoded.
std::string Uri(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = !path.empty() && path[0] == '/' ? "file://" : "";
  for (char c : path) {
    bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (safe) {
      out += c;
    } else {
      auto b = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 0xF];
    }
  }
  return out;
}

json Location(const SourceLocation& where) {
  json physical{{"artifactLocation", {{"uri", Uri(where.path)}}}};
  if (where.line > 0) {
    json region{{"startLine", where.line}};
    if (where.column > 0) region["startColumn"] = where.column;
    physical["region"] = region;
  }
  return json::array({json{{"physicalLocation", physical}}});
}

std::string MessageText(const Diagnostic& d) {
  std::string text =
      d.record.empty() ? d.message.str() : fmt::format("{}: {}", d.record, d.message);
  if (!d.arithmetic.empty()) text += fmt::format("\narithmetic: {}", d.arithmetic);
  if (!d.hint.empty()) text += fmt::format("\nhint: {}", d.hint);
  return SanitizeUtf8(text);
}

}  // namespace

void PrintSarif(const Report& report, std::ostream& out) {
  json rules = json::array();
  std::vector<std::string> rule_ids;
  for (const auto& instrument : Instruments()) {
    std::string summary = SanitizeUtf8(instrument->summary());
    rules.push_back(json{{"id", instrument->id()},
                         {"name", instrument->id()},
                         {"shortDescription", {{"text", summary}}},
                         {"fullDescription", {{"text", summary}}},
                         {"help", {{"text", summary}}},
                         {"properties", {{"kind", InstrumentKindName(instrument->kind())}}}});
    rule_ids.emplace_back(instrument->id());
  }
  const std::string loader_help =
      "The record loader: every record file is parsed and checked (keys, types, units, "
      "references); a record with an error is rejected and not swept.";
  rules.push_back(json{{"id", kLoaderRule},
                       {"name", kLoaderRule},
                       {"shortDescription", {{"text", "Record file errors"}}},
                       {"fullDescription", {{"text", loader_help}}},
                       {"help", {{"text", loader_help}}}});
  rule_ids.emplace_back(kLoaderRule);
  auto rule_index = [&](std::string_view id) -> int {
    for (size_t i = 0; i < rule_ids.size(); ++i) {
      if (rule_ids[i] == id) return static_cast<int>(i);
    }
    return -1;
  };

  json results = json::array();
  // One loop over the loader's diagnostics (rule "loader") and the findings.
  for (const Diagnostic* d : report.diagnostics) {
    std::string_view rule = d->IsFinding() ? std::string_view(d->instrument) : kLoaderRule;
    json properties{{"code", d->code}};
    if (d->IsFinding()) {
      properties["record"] = d->record;
      properties["arithmetic"] = SanitizeUtf8(d->arithmetic);
      properties["deprecated"] = d->deprecated;
    }
    json result{{"ruleId", rule},
                {"level", Level(d->severity)},
                {"message", {{"text", MessageText(*d)}}},
                {"locations", Location(d->where)},
                {"properties", properties}};
    if (int i = rule_index(rule); i >= 0) result["ruleIndex"] = i;
    json suppressions = json::array();
    if (d->waived) {
      suppressions.push_back(
          json{{"kind", "inSource"}, {"justification", SanitizeUtf8(d->waiver_reason)}});
    }
    if (d->baselined) {
      suppressions.push_back(
          json{{"kind", "external"}, {"justification", "listed in the --baseline file"}});
    }
    if (!suppressions.empty()) result["suppressions"] = suppressions;
    results.push_back(std::move(result));
  }
  const ReportSummary& s = report.summary;
  json run{{"tool", {{"driver", {{"name", "rooflint"}, {"rules", rules}}}}},
           {"columnKind", "unicodeCodePoints"},
           {"results", results},
           {"properties",
            {{"calibration",
              {{"records", s.calibration_records},
               {"failures", s.calibration_failures},
               {"trusted", s.calibration_failures == 0}}}}}};
  json doc{{"$schema", kSchema}, {"version", "2.1.0"}, {"runs", json::array({run})}};
  out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace rooflint
