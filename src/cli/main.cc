// rooflint's command line: the subcommand table and nothing else. Each subcommand is a thin
// call into the library, in its own file (command.h); exit codes come from exit_codes.h.
#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string_view>

#include "cli/command.h"
#include "cli/config.h"
#include "report/escape.h"
#include "rooflint/names.h"
#include "rooflint/report.h"

#if ROOFLINT_MIMALLOC
#include <mimalloc.h>
#endif

namespace rooflint::cli {

std::string BundledData() {
  // An installed tool: the corpus installed next to it (<prefix>/share/rooflint/data beside
  // <prefix>/bin/rooflint). Otherwise, a tool run from its build folder: the source tree's.
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    std::filesystem::path installed = exe.parent_path() / ROOFLINT_INSTALLED_DATA;
    if (std::filesystem::is_directory(installed, ec)) return installed.lexically_normal().string();
  }
  return ROOFLINT_BUNDLED_DATA;
}

bool CorpusRoots(const std::vector<std::string>& extra, bool no_bundled, std::string_view command,
                 std::vector<std::string>& roots) {
  roots.clear();
  if (!no_bundled) roots.push_back(BundledData());
  roots.insert(roots.end(), extra.begin(), extra.end());
  if (roots.empty()) {
    std::cerr << fmt::format("rooflint {}: --no-bundled leaves no corpus: give --corpus DIR\n",
                             command);
  }
  return !roots.empty();
}

bool UseColor(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  return isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
}

size_t TerminalColumns() {
  static const size_t columns = [] {
    size_t n = 0;
    winsize ws{};
    if (isatty(STDOUT_FILENO) != 0 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) n = ws.ws_col;
    if (n == 0) {
      const char* env = std::getenv("COLUMNS");
      const std::string_view text = env != nullptr ? env : "";
      size_t parsed = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
      if (ec == std::errc() && end == text.data() + text.size()) n = parsed;
    }
    return n == 0 ? kDefaultColumns : std::clamp<size_t>(n, kMinColumns, kMaxColumns);
  }();
  return columns;
}

CLI::Validator FiniteRange(double min, double max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        double v = 0;
        if (!CLI::detail::lexical_cast(text, v) || !(v >= min && v <= max)) {
          return fmt::format("Value {} not in range {} to {}", text, min, max);
        }
        return {};
      },
      fmt::format("FLOAT in [{} - {}]", min, max));
}

ExitCode CheckOutputWritten(ExitCode code) {
  std::cout.flush();
  if (std::cout) return code;
  std::cerr << "rooflint: error[output]: cannot write the report to standard output\n";
  return ExitCode::kInternal;
}

namespace {

int Main(int argc, char** argv) {
  CLI::App app{"rooflint: audit LLM-inference performance claims against physics"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("rooflint ") + std::string(ToolVersion()));

  // The subcommand table, in the order `rooflint --help` lists them.
  std::vector<Command> commands = {
      AddCheckCommand(app),      AddSweepCommand(app),       AddShowCommand(app),
      AddRoofCommand(app),       AddImportCommand(app),      AddListCommand(app),
      AddPrecisionsCommand(app), AddInstrumentsCommand(app), AddCodesCommand(app),
      AddSchemaCommand(app),     AddConfigCommand(app),
  };

  // A first word that is no subcommand and no option is a typo of one, most likely: say which
  // (CLI11 would say only that a subcommand is required).
  if (argc > 1 && argv[1][0] != '-') {
    std::string word = argv[1];
    std::vector<std::string> names;
    for (const Command& c : commands) names.push_back(c.app->get_name());
    if (std::find(names.begin(), names.end(), word) == names.end()) {
      std::cerr << fmt::format("rooflint: unknown command '{}'{}\n", EscapeTerminal(word),
                               DidYouMean(word, names));
      std::cerr << "  hint: `rooflint --help` lists the commands\n";
      return static_cast<int>(ExitCode::kUsage);
    }
  }

  // After `--` every word is a positional path, even one that starts with '-'. CLI11 2.1 hands a
  // `--` in a subcommand back to the top level once the subcommand's positionals have their
  // minimum (`sweep DIR -- -h` printed the help, `sweep DIR -- DIR2` was refused), so the words
  // are read here: `--` is dropped, and a word that starts with '-' is given as the same path
  // written from the current folder ("./-h"), which no parser takes for an option.
  std::vector<std::string> words(argv, argv + argc);
  if (auto dashes = std::find(words.begin() + (argc > 0 ? 1 : 0), words.end(), "--");
      dashes != words.end()) {
    for (auto it = dashes + 1; it != words.end(); ++it) {
      if (it->starts_with('-')) *it = "./" + *it;
    }
    words.erase(dashes);
  }
  std::vector<char*> args;
  for (std::string& w : words) args.push_back(w.data());
  try {
    app.parse(static_cast<int>(args.size()), args.data());
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
  for (const Command& c : commands) {
    if (c.app->parsed()) return static_cast<int>(CheckOutputWritten(c.run()));
  }
  return static_cast<int>(ExitCode::kUsage);
}

}  // namespace
}  // namespace rooflint::cli

#if ROOFLINT_MIMALLOC
namespace {

// mimalloc asks the kernel for its memory in 2 MiB pages where it can (transparent huge pages,
// on Linux when allowed by madvise), committed when reserved: a large sweep touches a few
// hundred MB of new memory, and with 4 KiB pages it took 43,000 page faults at 100k records,
// about 350 with these, on a virtual machine where a fault is dear (commit 2fd34f6).
// MIMALLOC_LARGE_OS_PAGES in the environment (0 or 1) leaves mimalloc to its own reading.
//
// The options are set before any library initialises (.preinit_array, which the dynamic
// loader runs first; it only writes mimalloc's option table, allocating nothing): libstdc++
// allocates while it initialises, and mimalloc reserves the main thread's first 32 MiB segment
// for that. Set in main(), the options came after it, and that segment stayed in 4 KiB pages:
// 8,000 of the 8,300 faults of a 100k sweep.
void ConfigureAllocator(int, char**, char** envp) {
  for (char** e = envp; e != nullptr && *e != nullptr; ++e) {
    if (std::string_view(*e).starts_with("MIMALLOC_LARGE_OS_PAGES=")) return;
  }
  mi_option_enable(mi_option_large_os_pages);
  mi_option_set(mi_option_eager_commit_delay, 0);
}

[[gnu::used,
  gnu::section(".preinit_array")]] void (*configure_allocator)(int, char**,
                                                               char**) = &ConfigureAllocator;

}  // namespace
#endif

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);  // reports are written through std::cout only
  int code;
  try {
    code = rooflint::cli::Main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "rooflint: internal error: " << e.what() << "\n";
    code = static_cast<int>(rooflint::ExitCode::kInternal);
  }
  // The corpus and report are freed by the process exit, not by a hundred thousand
  // destructors: a large sweep otherwise spends a tenth of its time tearing down.
  std::cout.flush();
  std::fflush(nullptr);
  std::_Exit(code);
}
