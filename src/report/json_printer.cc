// The JSON report, for machines: one object with records, findings, rejected files and a
// summary. Numbers are numbers; every roof carries its arithmetic.
#include <nlohmann/json.hpp>

#include "rooflint/report.h"

namespace rooflint {
namespace {

using nlohmann::json;

json ConditionJson(const Condition& c) {
  switch (c.state) {
    case Condition::State::kMissing:
      return nullptr;
    case Condition::State::kAbsent:
      return json{{"absent", c.absent_reason}};
    case Condition::State::kStated:
      if (c.integer) return *c.integer;
      if (c.boolean) return *c.boolean;
      return c.text;
  }
  return nullptr;
}

// One instrument result; a roof's bound and percent are null unless it was computed.
json RoofJson(const InstrumentResult& r) {
  json j{{"instrument", r.instrument},
         {"verdict", VerdictName(r.verdict)},
         {"unit", r.unit},
         {"reason", r.reason},
         {"arithmetic", r.arithmetic},
         {"accelerators", r.accelerators}};
  if (!r.Computed()) {
    j["bound"] = nullptr;
    j["percent"] = nullptr;
  } else {
    j["bound"] = r.bound;
    j["percent"] = r.percent;
  }
  if (!r.assumption.empty()) j["assumption"] = r.assumption;
  return j;
}

json RecordJson(const RecordAudit& a) {
  const Benchmark& b = *a.benchmark;
  const Conditions& c = b.conditions;
  json roofs = json::array();
  for (const auto& r : a.roofs) roofs.push_back(RoofJson(r));
  json checks = json::array();
  for (const auto& r : a.checks) checks.push_back(RoofJson(r));
  json j{
      {"id", b.header.id},
      {"path", b.header.path},
      {"status", StatusName(b.header.status)},
      {"metric", MetricName(b.metric)},
      {"value", {{"number", b.value.number}, {"unit", b.value.unit}, {"text", b.value.text}}},
      {"model", b.model},
      {"precision", b.precision.empty() ? json{{"absent", b.precision_absent}} : json(b.precision)},
      {"hardware", b.hardware},
      {"accelerator_count", b.accelerator_count > 0 ? json(b.accelerator_count)
                                                    : json{{"absent", b.accelerator_count_absent}}},
      {"conditions",
       {{"batch", ConditionJson(c.batch)},
        {"concurrency", ConditionJson(c.concurrency)},
        {"input_tokens", ConditionJson(c.input_tokens)},
        {"output_tokens", ConditionJson(c.output_tokens)},
        {"engine", ConditionJson(c.engine)},
        {"engine_version", ConditionJson(c.engine_version)},
        {"warmup", ConditionJson(c.warmup)},
        {"scenario", ConditionJson(c.scenario)},
        {"speculative", ConditionJson(c.speculative)},
        {"prefix_cache", ConditionJson(c.prefix_cache)}}},
      {"roofs", roofs},
      {"checks", checks}};
  if (const InstrumentResult* r = a.Binding())
    j["binding"] = r->instrument;
  else
    j["binding"] = nullptr;
  return j;
}

}  // namespace

// The document is written record by record, so a 100k-record corpus never holds its whole
// JSON tree in memory: each element is built, dumped and dropped.
void PrintJson(const Report& report, std::ostream& out) {
  auto array = [&](const char* key, auto&& elements, bool last) {
    out << "  \"" << key << "\": [";
    bool first = true;
    elements([&](const json& e) {
      out << (first ? "\n    " : ",\n    ")
          << e.dump(-1, ' ', false, json::error_handler_t::replace);
      first = false;
    });
    out << (first ? "]" : "\n  ]") << (last ? "\n" : ",\n");
  };
  out << "{\n  \"tool\": \"rooflint\",\n";
  array(
      "records",
      [&](auto&& emit) {
        for (const auto& a : report.sweep.records) emit(RecordJson(a));
      },
      false);
  array(
      "findings",
      [&](auto&& emit) {
        // One loop over the loader's diagnostics and the findings: the loader's have no
        // record and the instrument "loader".
        for (const Diagnostic* d : report.diagnostics) {
          emit(json{{"record", d->IsFinding() ? json(d->record) : json(nullptr)},
                    {"instrument", d->IsFinding() ? d->instrument : "loader"},
                    {"severity", SeverityName(d->severity)},
                    {"code", d->code},
                    {"message", d->message},
                    {"arithmetic", d->arithmetic},
                    {"hint", d->hint},
                    {"path", d->where.path},
                    {"line", d->where.line},
                    {"column", d->where.column},
                    {"deprecated", d->deprecated},
                    {"waived", d->waived},
                    {"waiver_reason", d->waiver_reason},
                    {"baselined", d->baselined}});
        }
      },
      false);
  array(
      "parts",
      [&](auto&& emit) {
        for (const auto& p : report.sweep.parts) {
          json checks = json::array();
          for (const auto& r : p.checks) checks.push_back(RoofJson(r));
          emit(json{{"id", p.part->header.id}, {"path", p.part->header.path}, {"checks", checks}});
        }
      },
      false);
  array(
      "rejected",
      [&](auto&& emit) {
        for (const auto& f : report.corpus->files) {
          if (f.rejected) emit(json{{"kind", KindName(f.kind)}, {"id", f.id}, {"path", f.path}});
        }
      },
      false);
  const ReportSummary& s = report.summary;
  json summary{{"records", s.records},
               {"benchmarks", s.benchmarks},
               {"deprecated", s.deprecated},
               {"rejected", s.rejected},
               {"invalid_input", s.invalid_input},
               {"errors", s.errors},
               {"warnings", s.warnings},
               {"notes", s.notes},
               {"waived", s.waived},
               {"baselined", s.baselined},
               {"deprecated_findings", s.deprecated_findings}};
  json calibration{{"records", s.calibration_records},
                   {"failures", s.calibration_failures},
                   {"trusted", s.calibration_failures == 0}};
  out << "  \"calibration\": " << calibration.dump(-1, ' ', false, json::error_handler_t::replace)
      << ",\n";
  out << "  \"summary\": " << summary.dump(-1, ' ', false, json::error_handler_t::replace)
      << "\n}\n";
}

}  // namespace rooflint
