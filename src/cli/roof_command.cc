// `rooflint roof --model ID --accelerator ID ...`: every roof and floor for a configuration,
// and the crossover batch where decode turns compute-bound.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/command.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/units.h"

namespace rooflint::cli {
namespace {

struct RoofOptions {
  WhatIfQuery query;
  std::vector<std::string> dirs;
};

ExitCode RunRoof(const RoofOptions& opt) {
  std::vector<std::string> dirs = opt.dirs;
  if (dirs.empty()) dirs.push_back(BundledData());
  Corpus corpus = LoadCorpus(dirs);
  WhatIfResult r = WhatIf(corpus, opt.query);
  if (!r.problem.empty()) {
    std::cerr << "rooflint: " << r.problem << "\n";
    return ExitCode::kUsage;
  }
  const WhatIfQuery& q = opt.query;
  std::cout << fmt::format("{} on {} x {}, batch {}\n{}\n\n", q.model, q.count, q.accelerator,
                           q.batch, r.inputs);
  for (const auto& [metric, roof] : r.roofs) {
    if (roof.verdict == Verdict::kNotComputable) {
      std::cout << fmt::format("{:<17} {:<13} not computable: {}\n", MetricName(metric),
                               roof.instrument, roof.reason);
      continue;
    }
    std::cout << fmt::format("{:<17} {:<13} {:>12} {:<5}  {}\n", MetricName(metric),
                             roof.instrument, FormatNumber(roof.bound), roof.unit, roof.arithmetic);
  }
  if (!r.kv_lines.empty()) {
    std::cout << "\n";
    for (const auto& line : r.kv_lines) std::cout << line << "\n";
  }
  std::cout << fmt::format("\ncrossover: {}\n", r.crossover_arithmetic);
  if (r.crossover_batch > 0) {
    std::cout << fmt::format(
        "  below batch {} a decode step is bound by the weight stream, above it by compute\n",
        FormatNumber(r.crossover_batch));
  }
  return ExitCode::kClean;
}

}  // namespace

Command AddRoofCommand(CLI::App& app) {
  auto opt = std::make_shared<RoofOptions>();
  CLI::App* cmd = app.add_subcommand(
      "roof",
      "What if: every roof and floor for a model on an accelerator, and the crossover "
      "batch B*");
  cmd->add_option("--model", opt->query.model, "A model id")->required();
  cmd->add_option("--accelerator", opt->query.accelerator, "An accelerator id")->required();
  cmd->add_option("--count", opt->query.count, "Accelerators (default 1)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--batch", opt->query.batch, "Sequences per decode step (default 1)")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--precision", opt->query.precision,
                  "Weight format (default: the model's native precision)");
  cmd->add_option("--input-tokens", opt->query.input_tokens, "Prompt length, for TTFT")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--output-tokens", opt->query.output_tokens,
                  "Output length, for requests/s and end-to-end latency")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--kv-precision", opt->query.kv_precision,
                  "KV-cache element format (default: the smallest any engine stores, 4 bits)");
  cmd->add_option("--corpus", opt->dirs, "Corpus folders (default: the bundled data/)");
  return {cmd, [opt] { return RunRoof(*opt); }};
}

}  // namespace rooflint::cli
