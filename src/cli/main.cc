// rooflint's command line: the subcommand table and nothing else. Every subcommand is a thin
// call into the library; exit codes come from exit_codes.h.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/exit_codes.h"
#include "rooflint/precision.h"
#include "rooflint/report.h"

namespace rooflint {
namespace {

struct SweepOptions {
  std::vector<std::string> dirs;
  std::string format = "text";
  std::string color = "auto";
  bool strict = false;
};

bool UseColor(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  return isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
}

ExitCode RunSweep(const SweepOptions& opt) {
  std::vector<std::string> dirs = opt.dirs;
  if (dirs.empty()) dirs.push_back(ROOFLINT_BUNDLED_DATA);
  Corpus corpus = LoadCorpus(dirs);
  Report report = BuildReport(corpus, Sweep(corpus));
  if (opt.format == "json") {
    PrintJson(report, std::cout);
  } else {
    PrintText(report, TextOptions{UseColor(opt.color)}, std::cout);
  }
  return ExitCodeFor(report, opt.strict);
}

void PrintPrecisions() {
  std::cout << fmt::format("{:<8}  {:>6}  {:<8}  {}\n", "FORMAT", "BITS", "COMPUTE", "SOURCE");
  for (const auto& p : Precisions()) {
    std::cout << fmt::format("{:<8}  {:>6g}  {:<8}  {}\n", p.name, p.bits_per_weight,
                             p.compute.empty() ? "-" : p.compute, p.source);
  }
}

void PrintInstruments() {
  for (const auto& i : Instruments()) {
    std::cout << fmt::format("{:<14}  {}\n", i->id(), i->summary());
  }
}

int Main(int argc, char** argv) {
  CLI::App app{"rooflint: audit LLM-inference performance claims against physics"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("rooflint ") + ROOFLINT_VERSION);

  SweepOptions sweep;
  auto* sweep_cmd = app.add_subcommand(
      "sweep", "Load a corpus, compute every roof for every benchmark, report the findings");
  sweep_cmd->add_option("dirs", sweep.dirs, "Corpus folders (default: the bundled data/)");
  sweep_cmd->add_option("--format", sweep.format, "Output format")
      ->check(CLI::IsMember({"text", "json"}));
  sweep_cmd->add_option("--color", sweep.color, "Colour in the text report")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  sweep_cmd->add_flag("--strict", sweep.strict, "Warnings and notes fail the sweep too");

  auto* precisions_cmd =
      app.add_subcommand("precisions", "Print the bytes-per-weight table and its sources");
  auto* instruments_cmd = app.add_subcommand("instruments", "List the instruments");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return static_cast<int>(ExitCode::kUsage);
  }
  if (*sweep_cmd) {
    int code = static_cast<int>(RunSweep(sweep));
    // The corpus and report are freed by the process exit, not by a hundred thousand
    // destructors: a large sweep spends a tenth of its time otherwise tearing down.
    std::cout.flush();
    std::fflush(nullptr);
    std::_Exit(code);
  }
  if (*precisions_cmd) PrintPrecisions();
  if (*instruments_cmd) PrintInstruments();
  return static_cast<int>(ExitCode::kClean);
}

}  // namespace
}  // namespace rooflint

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);  // reports are written through std::cout only
  try {
    return rooflint::Main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "rooflint: internal error: " << e.what() << "\n";
    return static_cast<int>(rooflint::ExitCode::kInternal);
  }
}
