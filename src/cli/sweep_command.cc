// `rooflint sweep [DIR...]`: load corpora, run every instrument, print the report; optionally
// against a baseline of accepted findings, or writing one.
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "rooflint/audit.h"
#include "rooflint/baseline.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"

namespace rooflint::cli {
namespace {

struct SweepCommandOptions {
  std::vector<std::string> dirs;
  std::string format = "text";
  std::string color = "auto";
  bool strict = false;
  std::string baseline;
  std::string write_baseline;
  bool force = false;
  SweepOptions sweep;
};

ExitCode RunSweep(const SweepCommandOptions& opt) {
  std::vector<std::string> dirs = opt.dirs;
  if (dirs.empty()) dirs.push_back(BundledData());
  Baseline baseline;
  std::string error;
  if (!opt.baseline.empty() && !ReadBaseline(opt.baseline, baseline, error)) {
    std::cerr << error << "\n";
    return ExitCode::kUsage;
  }
  Corpus corpus = LoadCorpus(dirs);
  SweepResult sweep = Sweep(corpus, opt.sweep);
  if (!opt.baseline.empty()) ApplyBaseline(baseline, sweep.findings);
  if (!opt.write_baseline.empty() &&
      !WriteBaseline(opt.write_baseline, sweep.findings, opt.force, error)) {
    std::cerr << error << "\n";
    return ExitCode::kUsage;
  }
  Report report = BuildReport(corpus, std::move(sweep));
  if (opt.format == "json") {
    PrintJson(report, std::cout);
  } else {
    PrintText(report, TextOptions{UseColor(opt.color)}, std::cout);
  }
  return ExitCodeFor(report, opt.strict);
}

}  // namespace

Command AddSweepCommand(CLI::App& app) {
  auto opt = std::make_shared<SweepCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Load a corpus, compute every roof for every benchmark, report the findings");
  cmd->add_option("dirs", opt->dirs, "Corpus folders (default: the bundled data/)");
  cmd->add_option("--format", opt->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--color", opt->color, "Colour in the text report")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_flag("--strict", opt->strict, "Warnings and notes fail the sweep too");
  cmd->add_option("--near-roof", opt->sweep.near_roof_percent,
                  "near-roof threshold, in percent of the memory roof (default 95)")
      ->check(CLI::Range(1.0, 1000.0));
  cmd->add_option("--baseline", opt->baseline,
                  "Report only findings not listed in this baseline file");
  cmd->add_option("--write-baseline", opt->write_baseline,
                  "Write the current findings as a baseline file (atomically)");
  cmd->add_flag("--force", opt->force,
                "With --write-baseline: replace a file that is not a rooflint baseline");
  return {cmd, [opt] { return RunSweep(*opt); }};
}

}  // namespace rooflint::cli
