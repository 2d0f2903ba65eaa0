// `rooflint roof --model ID --accelerator ID ...`: every roof and floor for a configuration,
// and the crossover batch where decode turns compute-bound.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/command.h"
#include "report/escape.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/names.h"
#include "rooflint/units.h"

namespace rooflint::cli {
namespace {

ExitCode PrintRoofs(const Corpus& corpus, const WhatIfQuery& q);

struct RoofOptions {
  WhatIfQuery query;
  std::vector<std::string> dirs;
};

// Reads the names the query was typed with (names.h) into ids: the model, the weight format, and
// the parts (every candidate a short name such as "h100" names). False, said on stderr, when
// one cannot be read.
bool ReadQueryNames(const Corpus& corpus, WhatIfQuery& q, std::vector<std::string>& parts) {
  ModelName model = ReadModelName(corpus, q.model);
  if (model.model == nullptr) {
    std::cerr << fmt::format("rooflint roof: --model: {}\n", EscapeTerminal(model.problem));
    return false;
  }
  WeightFormat w = ReadWeightFormat(q.precision, model.model, model.precision, q.model);
  if (!w.problem.empty()) {
    std::cerr << fmt::format("rooflint roof: --precision: {}\n", EscapeTerminal(w.problem));
    return false;
  }
  if (!q.kv_precision.empty()) {
    PrecisionName kv = ReadKvPrecisionName(q.kv_precision);
    if (!kv.problem.empty()) {
      std::cerr << fmt::format("rooflint roof: --kv-precision: {}\n", EscapeTerminal(kv.problem));
      return false;
    }
    q.kv_precision = kv.name;
  }
  q.model = model.model->header.id.str();
  q.precision = w.name;  // "" for the model's native precision when it states none
  HardwareIndex index(corpus.accelerators);
  HardwareName hardware = ReadHardwareName(corpus, index, q.accelerator);
  if (hardware.parts.empty()) {
    std::cerr << fmt::format("rooflint roof: --accelerator: {}\n",
                             EscapeTerminal(hardware.problem));
    return false;
  }
  for (const Accelerator* a : hardware.parts) parts.push_back(a->header.id.str());
  if (parts.size() > 1) {
    std::cout << fmt::format("'{}' names {} parts: the roofs of each follow\n\n",
                             EscapeTerminal(q.accelerator), parts.size());
  }
  return true;
}

ExitCode RunRoof(const RoofOptions& opt) {
  std::vector<std::string> dirs = opt.dirs;
  if (dirs.empty()) dirs.push_back(BundledData());
  Corpus corpus = LoadCorpus(dirs);
  WhatIfQuery query = opt.query;
  std::vector<std::string> parts;
  if (!ReadQueryNames(corpus, query, parts)) return ExitCode::kUsage;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) std::cout << "\n";
    query.accelerator = parts[i];
    ExitCode code = PrintRoofs(corpus, query);
    if (code != ExitCode::kClean) return code;
  }
  return ExitCode::kClean;
}

ExitCode PrintRoofs(const Corpus& corpus, const WhatIfQuery& q) {
  WhatIfResult r = WhatIf(corpus, q);
  if (!r.problem.empty()) {
    std::cerr << "rooflint: " << r.problem << "\n";
    return ExitCode::kUsage;
  }
  std::cout << fmt::format("{} on {} x {}, batch {}\n", q.model, q.count, q.accelerator, q.batch);
  // The part's memory is written as its record writes it: escaped, as every record text is.
  if (!r.weights_fit.empty()) {
    std::cout << fmt::format("capacity: {}\n", EscapeTerminal(r.weights_fit));
  }
  std::cout << fmt::format("{}\n\n", r.inputs);
  for (const auto& [metric, roof] : r.roofs) {
    if (roof.verdict == Verdict::kNotComputable) {
      std::cout << fmt::format("{:<17} {:<13} not computable: {}\n", MetricName(metric),
                               roof.instrument, roof.reason);
      continue;
    }
    std::cout << fmt::format("{:<17} {:<13} {:>12} {:<5}  {}\n", MetricName(metric),
                             roof.instrument, FormatNumber(roof.bound), roof.unit,
                             ArithmeticText(roof));
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
  cmd->add_option("--model", opt->query.model, "A model: id, name, alias or Hugging Face id")
      ->required();
  cmd->add_option("--accelerator,--hardware", opt->query.accelerator,
                  "An accelerator: id or short name ('h100', 'MI300X')")
      ->required();
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
