// `rooflint sweep [DIR...]`: load corpora, run every instrument, print the report.
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"

namespace rooflint::cli {
namespace {

struct SweepOptions {
  std::vector<std::string> dirs;
  std::string format = "text";
  std::string color = "auto";
  bool strict = false;
};

ExitCode RunSweep(const SweepOptions& opt) {
  std::vector<std::string> dirs = opt.dirs;
  if (dirs.empty()) dirs.push_back(BundledData());
  Corpus corpus = LoadCorpus(dirs);
  Report report = BuildReport(corpus, Sweep(corpus));
  if (opt.format == "json") {
    PrintJson(report, std::cout);
  } else {
    PrintText(report, TextOptions{UseColor(opt.color)}, std::cout);
  }
  return ExitCodeFor(report, opt.strict);
}

}  // namespace

Command AddSweepCommand(CLI::App& app) {
  auto opt = std::make_shared<SweepOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Load a corpus, compute every roof for every benchmark, report the findings");
  cmd->add_option("dirs", opt->dirs, "Corpus folders (default: the bundled data/)");
  cmd->add_option("--format", opt->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--color", opt->color, "Colour in the text report")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_flag("--strict", opt->strict, "Warnings and notes fail the sweep too");
  return {cmd, [opt] { return RunSweep(*opt); }};
}

}  // namespace rooflint::cli
