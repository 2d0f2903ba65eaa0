// `rooflint show ID [DIR...]`: one benchmark record and everything the sweep knows about it.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/command.h"
#include "core/text_util.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"

namespace rooflint::cli {
namespace {

struct ShowOptions {
  std::string id;
  std::vector<std::string> dirs;
};

ExitCode RunShow(const ShowOptions& opt) {
  std::vector<std::string> dirs = opt.dirs;
  if (dirs.empty()) dirs.push_back(BundledData());
  Corpus corpus = LoadCorpus(dirs);
  Report report = BuildReport(corpus, Sweep(corpus));
  if (PrintRecord(report, opt.id, std::cout)) return ExitCode::kClean;
  std::vector<std::string_view> ids;
  for (const auto& b : corpus.benchmarks) ids.push_back(b.header.id);
  std::string near = ClosestMatch(opt.id, ids);
  std::cerr << fmt::format("rooflint: no benchmark record '{}'{}\n", opt.id,
                           near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near));
  return ExitCode::kUsage;
}

}  // namespace

Command AddShowCommand(CLI::App& app) {
  auto opt = std::make_shared<ShowOptions>();
  CLI::App* cmd = app.add_subcommand(
      "show",
      "One benchmark record: every roof and check with its arithmetic, what it points "
      "at, its siblings, matching gotchas");
  cmd->add_option("id", opt->id, "The benchmark id")->required();
  cmd->add_option("dirs", opt->dirs, "Corpus folders (default: the bundled data/)");
  return {cmd, [opt] { return RunShow(*opt); }};
}

}  // namespace rooflint::cli
