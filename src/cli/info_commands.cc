// `rooflint precisions`, `rooflint instruments`, `rooflint codes` and `rooflint schema`: the
// tables rooflint works from.
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>

#include "cli/command.h"
#include "rooflint/audit.h"
#include "rooflint/precision.h"
#include "rooflint/report.h"
#include "rooflint/schema.h"

namespace rooflint::cli {

Command AddPrecisionsCommand(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("precisions", "Print the bytes-per-weight table and its sources");
  return {cmd, [] {
            std::cout << fmt::format("{:<8}  {:>6}  {:<8}  {}\n", "FORMAT", "BITS", "COMPUTE",
                                     "SOURCE");
            for (const auto& p : Precisions()) {
              std::cout << fmt::format("{:<8}  {:>6g}  {:<8}  {}\n", p.name, p.bits_per_weight,
                                       p.compute.empty() ? "-" : p.compute, p.source);
            }
            return ExitCode::kClean;
          }};
}

Command AddInstrumentsCommand(CLI::App& app) {
  auto markdown = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("instruments", "List the instruments a sweep runs");
  cmd->add_flag("--markdown", *markdown,
                "Print the table docs/instruments.md carries: kinds, metrics, codes");
  return {cmd, [markdown] {
            if (*markdown) {
              std::cout << InstrumentsMarkdown();
              return ExitCode::kClean;
            }
            for (const InstrumentInfo* i : InstrumentInfos()) {
              std::cout << fmt::format("{:<14}  {:<5}  {}\n", i->id, InstrumentKindName(i->kind),
                                       i->summary);
            }
            return ExitCode::kClean;
          }};
}

Command AddCodesCommand(CLI::App& app) {
  auto markdown = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand(
      "codes", "List every code: its severity, the instruments or stage that emit it, its meaning");
  cmd->add_flag("--markdown", *markdown, "Print the table docs/instruments.md carries");
  return {cmd, [markdown] {
            if (*markdown) {
              std::cout << CodesMarkdown();
              return ExitCode::kClean;
            }
            for (const FindingCodeInfo& c : FindingCodes()) {
              std::cout << fmt::format("{:<28}  {:<14}  {}\n", c.name, SeverityName(c.severity),
                                       c.doc);
            }
            for (const DiagnosticCodeInfo& c : DiagnosticCodes()) {
              std::cout << fmt::format("{:<28}  {:<14}  {} ({})\n", c.name, c.severities, c.doc,
                                       c.emitter);
            }
            return ExitCode::kClean;
          }};
}

Command AddSchemaCommand(CLI::App& app) {
  auto kind = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand(
      "schema", "Print the keys a record of KIND takes, or its JSON Schema for an editor");
  cmd->add_option("kind", *kind, "benchmark, accelerator, model, source or gotcha")
      ->required()
      ->check(CLI::IsMember({"benchmark", "accelerator", "model", "source", "gotcha"}));
  cmd->add_flag("--json", *json,
                "Print the JSON Schema (draft-07) that taplo and Even Better TOML read");
  return {
      cmd, [kind, json] {
        RecordKind k = RecordKind::kBenchmark;
        for (RecordKind each : {RecordKind::kAccelerator, RecordKind::kModel,
                                RecordKind::kBenchmark, RecordKind::kSource, RecordKind::kGotcha}) {
          if (KindName(each) == *kind) k = each;
        }
        if (*json) {
          std::cout << RecordJsonSchema(k);
        } else {
          std::cout << fmt::format(
              "{}/<id>.toml takes these keys, in the order a record "
              "writes them (docs/record-format.md says more):\n",
              KindFolder(k));
          for (const RecordField& f : RecordFields(k)) {
            std::cout << fmt::format("\n{}  {}{}\n", f.key, f.required ? "required: " : "",
                                     FieldTakes(f));
            if (!f.summary.empty()) std::cout << fmt::format("    {}\n", f.summary);
          }
        }
        return ExitCode::kClean;
      }};
}

}  // namespace rooflint::cli
