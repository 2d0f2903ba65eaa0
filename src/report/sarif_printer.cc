// The SARIF 2.1.0 report, for code-scanning CI: one rule per code of the catalogue (its doc as
// help text, its severity as default level), one result per finding or load diagnostic whose
// ruleId is its code, located at the record file and line relative to the corpus repository.
#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "report/escape.h"
#include "rooflint/diagnostic_codes.h"
#include "rooflint/finding_codes.h"
#include "rooflint/report.h"

namespace rooflint {
namespace {

using nlohmann::json;

constexpr std::string_view kSchema =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr std::string_view kLoaderRule = "loader";  // a diagnostic without a code
// The base a relative URI is resolved against: the root of the repository the corpus is in,
// which a code-scanning service knows (GitHub resolves it to the checkout).
constexpr std::string_view kSrcRoot = "%SRCROOT%";

// SARIF's result levels are rooflint's severity names ("error", "warning", "note").
std::string_view Level(Severity s) { return SeverityName(s); }

// Bytes outside the URI-safe set percent-encoded.
std::string Encode(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
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

// A path's artifactLocation: relative to %SRCROOT% when it is relative, or absolute under
// `base` (the working directory, where CI runs from the checkout); else an absolute file://
// URI of its own.
json ArtifactLocation(const std::string& path, std::string_view base) {
  std::string_view p = path;
  if (!p.empty() && p[0] == '/') {
    if (base.empty() || !p.starts_with(base)) return json{{"uri", "file://" + Encode(p)}};
    p.remove_prefix(base.size());
  }
  return json{{"uri", Encode(p)}, {"uriBaseId", kSrcRoot}};
}

json Location(const SourceLocation& where, std::string_view base) {
  json physical{{"artifactLocation", ArtifactLocation(where.path.str(), base)}};
  if (where.line > 0) {
    json region{{"startLine", where.line}};
    if (where.column > 0) region["startColumn"] = where.column;
    physical["region"] = region;
  }
  return json::array({json{{"physicalLocation", physical}}});
}

// What makes a diagnostic the same one in the next commit, whatever line it moved to: its
// code, record, instrument and file, and for a loader diagnostic (no record) its message.
// FNV-1a, 64 bits, as 16 hex digits.
std::string Fingerprint(const Diagnostic& d) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](std::string_view part) {
    for (unsigned char c : part) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xff;  // a separator no UTF-8 text holds
    h *= 1099511628211ull;
  };
  mix(d.code);
  mix(d.record);
  mix(d.instrument);
  mix(d.where.path);
  if (d.record.empty()) mix(d.message);
  return fmt::format("{:016x}", h);
}

// The first severity a catalogue row lists ("error, warning" -> "error"): its default level.
std::string_view FirstSeverity(std::string_view severities) {
  return severities.substr(0, severities.find(','));
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
  // One rule per code: the findings' codes, then the loader's and importers' not among them.
  json rules = json::array();
  std::unordered_map<std::string_view, int> rule_index;
  auto add_rule = [&](std::string_view id, std::string_view doc, std::string_view level,
                      std::string_view emitted_by) {
    if (rule_index.contains(id)) return;
    rule_index.emplace(id, static_cast<int>(rules.size()));
    const std::string text = SanitizeUtf8(doc);
    rules.push_back(json{{"id", id},
                         {"name", id},
                         {"shortDescription", {{"text", text}}},
                         {"fullDescription", {{"text", text}}},
                         {"help", {{"text", fmt::format("{} (emitted by {})", text, emitted_by)}}},
                         {"defaultConfiguration", {{"level", level}}},
                         {"properties", {{"emittedBy", emitted_by}}}});
  };
  for (const FindingCodeInfo& c : FindingCodes()) {
    add_rule(c.name, c.doc, SeverityName(c.severity), EmittersOf(c));
  }
  for (const DiagnosticCodeInfo& c : DiagnosticCodes()) {
    add_rule(c.name, c.doc, FirstSeverity(c.severities), c.emitter);
  }
  add_rule(kLoaderRule, "a record file the loader could not read as a valid record", "error",
           "loader");

  std::string base;  // the working directory, with its slash
  {
    std::error_code ec;
    const std::filesystem::path cwd = std::filesystem::current_path(ec);
    if (!ec) base = cwd.string() + (cwd.string().ends_with('/') ? "" : "/");
  }
  json results = json::array();
  // A second diagnostic of the same identity (two conditions missing from one record) is told
  // apart by its rank among them, as code scanning's own fingerprints do.
  std::unordered_map<std::string, int> seen;
  // One loop over the loader's diagnostics and the findings.
  for (const Diagnostic* d : report.diagnostics) {
    std::string_view rule = d->code.empty() ? kLoaderRule : std::string_view(d->code);
    if (!rule_index.contains(rule)) add_rule(rule, rule, Level(d->severity), "rooflint");
    json properties = json::object();
    if (d->IsFinding()) {
      properties["instrument"] = d->instrument;
      if (const InstrumentInfo* i = FindInstrumentInfo(d->instrument)) {
        properties["kind"] = InstrumentKindName(i->kind);  // roof, floor or check
      }
      properties["record"] = d->record;
      properties["arithmetic"] = SanitizeUtf8(d->arithmetic);
      properties["deprecated"] = d->deprecated;
    }
    std::string identity = Fingerprint(*d);
    if (const int n = ++seen[identity]; n > 1) identity += fmt::format(":{}", n);
    json result{{"ruleId", rule},
                {"ruleIndex", rule_index.at(rule)},
                {"level", Level(d->severity)},
                {"message", {{"text", MessageText(*d)}}},
                {"locations", Location(d->where, base)},
                {"partialFingerprints", {{"rooflintIdentity/v1", identity}}},
                {"properties", properties}};
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
  json driver{{"name", "rooflint"}, {"version", ToolVersion()}, {"rules", rules}};
  json run{{"tool", {{"driver", driver}}},
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
