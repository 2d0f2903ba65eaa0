// The subcommand table: each subcommand lives in its own file and registers itself with
// CLI11 through one function listed here; main.cc calls them in order and runs the one the
// user chose.
#ifndef ROOFLINT_CLI_COMMAND_H_
#define ROOFLINT_CLI_COMMAND_H_

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/exit_codes.h"
#include "rooflint/report.h"

namespace rooflint::cli {

// A registered subcommand: its CLI11 node and what to run when the user chose it.
struct Command {
  CLI::App* app = nullptr;
  std::function<ExitCode()> run;
};

// The bundled corpus, the default wherever a command takes corpus folders: the copy installed
// with the tool (../share/rooflint/data from the binary) when there is one, else the source
// tree's data/.
std::string BundledData();
// The corpus folders of `check`, `import` and `list`: the bundled one unless `no_bundled`, then
// `extra` (--corpus). False, said on stderr, when that leaves none.
bool CorpusRoots(const std::vector<std::string>& extra, bool no_bundled, std::string_view command,
                 std::vector<std::string>& roots);
// The width terminal output is wrapped to: the terminal's when standard output is one, else
// $COLUMNS when it holds a number, else kDefaultColumns (report.h); never under kMinColumns
// nor over kMaxColumns (longer lines are harder to read, not more useful).
inline constexpr size_t kMinColumns = 60;
inline constexpr size_t kMaxColumns = 200;
size_t TerminalColumns();
// Colour for the text report: "always", "never", or "auto" (a terminal without NO_COLOR).
bool UseColor(const std::string& mode);

// `code`, unless what a command wrote to standard output did not all reach it (a full disk, a
// closed stdout, a broken pipe with SIGPIPE ignored): then that is said on stderr and the exit
// code is kInternal. main() passes every command's exit code through it.
ExitCode CheckOutputWritten(ExitCode code);

// CLI::Range for a number that must also be finite: CLI11's Range lets NaN through (every
// comparison with it is false), and `--near-roof nan` turned the warning off.
CLI::Validator FiniteRange(double min, double max);

Command AddSweepCommand(CLI::App& app);
Command AddPrecisionsCommand(CLI::App& app);
Command AddInstrumentsCommand(CLI::App& app);
Command AddCodesCommand(CLI::App& app);
Command AddShowCommand(CLI::App& app);
Command AddRoofCommand(CLI::App& app);
Command AddImportCommand(CLI::App& app);
Command AddCheckCommand(CLI::App& app);
Command AddListCommand(CLI::App& app);
Command AddSchemaCommand(CLI::App& app);

}  // namespace rooflint::cli

#endif  // ROOFLINT_CLI_COMMAND_H_
