// `rooflint precisions` and `rooflint instruments`: the tables rooflint works from.
#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "rooflint/audit.h"
#include "rooflint/precision.h"

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
  CLI::App* cmd = app.add_subcommand("instruments", "List the instruments a sweep runs");
  return {cmd, [] {
            for (const auto& i : Instruments()) {
              std::cout << fmt::format("{:<14}  {}\n", i->id(), i->summary());
            }
            return ExitCode::kClean;
          }};
}

}  // namespace rooflint::cli
