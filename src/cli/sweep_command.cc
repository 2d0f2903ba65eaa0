// `rooflint sweep [DIR...]`: load corpora, run every instrument, print the report; optionally
// against a baseline of accepted findings, or writing one.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/command.h"
#include "cli/config.h"
#include "cli/progress.h"
#include "core/file_io.h"
#include "rooflint/audit.h"
#include "rooflint/baseline.h"
#include "rooflint/corpus.h"
#include "rooflint/finding_codes.h"
#include "rooflint/report.h"

namespace rooflint::cli {
namespace {

struct SweepCommandOptions {
  std::vector<std::string> dirs;
  std::string format = "text";
  std::string output;  // "" prints to stdout
  std::string color = "auto";
  bool strict = false;
  bool verbose = false;      // the text report whole: the table, carets, arithmetic
  bool show_waived = false;  // the concise text report lists waived findings too
  bool quiet = false;        // the concise text report: errors and warnings only
  // Findings kept: those a --select names (all when none), less those an --ignore names; each
  // a code or an instrument id, or a prefix of one ("exceeds-", "kv-").
  std::vector<std::string> select, ignore;
  int max_warnings = -1;   // more warnings than this fail the sweep (-1: no limit)
  bool exit_zero = false;  // findings never fail the sweep (invalid input still does)
  std::string baseline;
  std::string write_baseline;
  bool force = false;
  std::string config;     // --config: this settings file
  bool isolated = false;  // --isolated: no settings file
  SweepOptions sweep;
};

// The settings file's values for what the command line left unsaid: a flag given wins, and
// folders given win over `corpus`.
void ApplyConfig(const Config& config, const CLI::App& cmd, SweepCommandOptions& opt) {
  for (const ConfigValue& v : config.values) {
    const std::string_view name = v.key->name;
    if (name == "corpus") {
      if (opt.dirs.empty()) opt.dirs = std::get<std::vector<std::string>>(v.value);
      continue;
    }
    if (cmd.get_option(fmt::format("--{}", name))->count() > 0) continue;
    const auto* flag = std::get_if<bool>(&v.value);
    if (name == "select") opt.select = std::get<std::vector<std::string>>(v.value);
    if (name == "ignore") opt.ignore = std::get<std::vector<std::string>>(v.value);
    if (name == "strict") opt.strict = *flag;
    if (name == "max-warnings") opt.max_warnings = static_cast<int>(std::get<int64_t>(v.value));
    if (name == "exit-zero") opt.exit_zero = *flag;
    if (name == "near-roof") opt.sweep.near_roof_percent = std::get<double>(v.value);
    // A baseline being written is not read: it would hide the findings it is to hold.
    if (name == "baseline" && opt.write_baseline.empty()) {
      opt.baseline = std::get<std::string>(v.value);
    }
    if (name == "format") opt.format = std::get<std::string>(v.value);
    if (name == "color") opt.color = std::get<std::string>(v.value);
    if (name == "quiet") opt.quiet = *flag;
    if (name == "verbose") opt.verbose = *flag;
    if (name == "show-waived") opt.show_waived = *flag;
  }
}

PrintOptions PrintOptionsOf(const SweepCommandOptions& opt, bool color) {
  // A file gets the default width, the terminal its own.
  const size_t columns = opt.output.empty() ? TerminalColumns() : kDefaultColumns;
  return PrintOptions{color, opt.verbose, opt.show_waived, opt.quiet, columns};
}

void Print(const Report& report, const SweepCommandOptions& opt, bool color, std::ostream& out) {
  FindReportFormat(opt.format)->print(report, PrintOptionsOf(opt, color), out);
}

// Whether `selector` names this finding: its code or instrument, or a prefix of either.
bool Names(const std::string& selector, const Finding& f) {
  return f.code.starts_with(selector) || std::string_view(f.instrument).starts_with(selector);
}

ExitCode RunSweep(const SweepCommandOptions& opt) {
  for (const auto* list : {&opt.select, &opt.ignore}) {
    for (const std::string& s : *list) {
      if (s.empty() || !KnownSelector(s)) {
        std::cerr << fmt::format(
            "rooflint: error[usage]: '{}' names no finding code and no instrument\n"
            "  hint: `rooflint codes` and `rooflint instruments` list them\n",
            s);
        return ExitCode::kUsage;
      }
    }
  }
  std::vector<std::string> dirs = opt.dirs;
  if (dirs.empty()) dirs.push_back(BundledData());
  Baseline baseline;
  std::string error;
  if (!opt.baseline.empty() && !ReadBaseline(opt.baseline, baseline, error)) {
    std::cerr << error << "\n";
    return ExitCode::kUsage;
  }
  Progress progress(StderrIsTerminal());
  progress.Phase("loading the corpus");
  // The corpus and the report are never destroyed: main() ends the process with std::_Exit,
  // and tearing down a hundred thousand records on the way out of this function was a few
  // percent of a large sweep. The pointers keep them reachable for leak checkers.
  static Corpus* kept_corpus = nullptr;
  static Report* kept_report = nullptr;
  kept_corpus = new Corpus(LoadCorpus(dirs, opt.sweep.threads));
  const Corpus& corpus = *kept_corpus;
  progress.Phase("auditing benchmark records");
  SweepOptions options = opt.sweep;
  const ReportFormat& format = *FindReportFormat(opt.format);
  // The sweep keeps what the report reads, no more.
  format.reads(PrintOptionsOf(opt, false)).Narrow(options);
  options.progress = [&progress](size_t done, size_t total) { progress.Count(done, total); };
  // A format that streams writes each record as it is audited, so the sweep keeps none of the
  // results. Not with --write-baseline: when writing the baseline fails, no report is written
  // at all.
  std::ostringstream text;  // the report for --output, written to its file at the end
  std::ostream& out = opt.output.empty() ? std::cout : text;
  std::unique_ptr<RecordStream> stream;
  if (format.stream != nullptr && opt.write_baseline.empty()) {
    // A terminal that shows the report must not show the progress line in it too.
    if (opt.output.empty() && isatty(STDOUT_FILENO)) progress.Stop();
    stream = format.stream(out);
    options.keep = KeptResults::kNone;  // the stream has every result as it is made
    options.on_block = [&stream](size_t begin, std::span<const RecordAudit> audits) {
      stream->Records(begin, audits);
    };
  }
  SweepResult sweep = Sweep(corpus, options);
  if (!opt.select.empty() || !opt.ignore.empty()) {
    std::erase_if(sweep.findings, [&](const Finding& f) {
      const bool selected =
          opt.select.empty() || std::any_of(opt.select.begin(), opt.select.end(),
                                            [&](const auto& s) { return Names(s, f); });
      return !selected || std::any_of(opt.ignore.begin(), opt.ignore.end(),
                                      [&](const auto& s) { return Names(s, f); });
    });
  }
  if (!opt.baseline.empty()) ApplyBaseline(baseline, sweep.findings);
  if (!opt.write_baseline.empty() &&
      !WriteBaseline(opt.write_baseline, sweep.findings, opt.force, error)) {
    progress.Stop();
    std::cerr << error << "\n";
    return ExitCode::kUsage;
  }
  // What the baseline holds: every finding neither deprecated nor waived, by severity.
  std::array<size_t, 3> baselined = {};  // errors, warnings, notes
  if (!opt.write_baseline.empty()) {
    for (const Finding& f : sweep.findings) {
      if (f.deprecated || f.waived) continue;
      ++baselined[f.severity == Severity::kError ? 0 : f.severity == Severity::kWarning ? 1 : 2];
    }
  }
  kept_report = new Report(BuildReport(corpus, std::move(sweep)));
  kept_report->threads = opt.sweep.threads;
  const Report& report = *kept_report;
  // Writing a baseline accepts today's findings: it says what it wrote, not the whole report
  // (which --output still writes), and succeeds unless the input was invalid.
  if (!opt.write_baseline.empty() && opt.output.empty()) {
    progress.Stop();
    std::cout << fmt::format(
        "rooflint: wrote {} findings to {} ({} errors, {} warnings, {} notes); "
        "`rooflint sweep --baseline {}` now reports only new ones\n",
        baselined[0] + baselined[1] + baselined[2], opt.write_baseline, baselined[0], baselined[1],
        baselined[2], opt.write_baseline);
    std::cout.flush();
    return report.summary.invalid_input > 0 ? ExitCode::kInvalidInput : ExitCode::kClean;
  }
  progress.Phase(fmt::format("writing the {} report", opt.format));
  // The rest of a streamed report, or the whole of another, to `out`.
  auto write = [&](bool color) {
    if (stream) {
      stream->Finish(report);
    } else {
      Print(report, opt, color, out);
    }
  };
  if (opt.output.empty()) {
    progress.Stop();  // the report may go to the same terminal
    write(UseColor(opt.color));
  } else {
    // A file never gets colour: --color is for the terminal.
    write(opt.color == "always" && opt.format == "text");
    progress.Stop();  // --output /dev/stderr writes to the terminal the progress line is on
    bool written = WriteFileSafely(opt.output, text.str(), error);
    if (!written) {
      std::cerr << fmt::format("{}: error[output]: {}\n", opt.output, error);
      return ExitCode::kUsage;
    }
  }
  // A report that did not reach standard output (a full disk, a closed pipe) is a failure:
  // main() checks what every command wrote (CheckOutputWritten).
  const ExitCode code = ExitCodeFor(report, opt.strict);
  if (code == ExitCode::kInvalidInput) return code;
  if (opt.exit_zero) return ExitCode::kClean;
  if (opt.max_warnings >= 0 && report.summary.warnings > static_cast<size_t>(opt.max_warnings)) {
    std::cerr << fmt::format("rooflint: {} warnings, more than --max-warnings {}\n",
                             report.summary.warnings, opt.max_warnings);
    return ExitCode::kFindings;
  }
  return code;
}

}  // namespace

Command AddSweepCommand(CLI::App& app) {
  auto opt = std::make_shared<SweepCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Load a corpus, compute every roof for every benchmark, report the findings");
  cmd->add_option("dirs", opt->dirs, "Corpus folders (default: the bundled data/)");
  std::vector<std::string> names;
  std::string help = "Output format:";
  for (const ReportFormat& f : ReportFormats()) {
    names.emplace_back(f.name);
    help += fmt::format("\n  {:<6} {}", f.name, f.help);
  }
  cmd->add_option("--format", opt->format, help)->check(CLI::IsMember(names));
  cmd->add_option("--output", opt->output,
                  "Write the report to this file (atomically) instead of stdout");
  cmd->add_option("--color", opt->color, "Colour in the text report")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_flag("--strict", opt->strict, "Warnings fail the sweep too (notes never do)");
  cmd->add_flag("--verbose,-v", opt->verbose,
                "The whole text report: the benchmark table, each diagnostic's source line, "
                "caret, hint and arithmetic");
  cmd->add_flag("--quiet,-q", opt->quiet,
                "Errors and warnings only: no notes, nothing on what is left out");
  cmd->add_flag("--show-waived", opt->show_waived,
                "List waived findings in the concise text report");
  cmd->add_option("--select", opt->select,
                  "Keep only findings of these codes or instruments (or prefixes), comma-separated")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_option("--ignore", opt->ignore,
                  "Drop findings of these codes or instruments (or prefixes), comma-separated")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_option("--max-warnings", opt->max_warnings,
                  "Fail the sweep when it finds more warnings than this")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--exit-zero", opt->exit_zero,
                "Exit 0 whatever the findings (invalid input still exits 2)");
  cmd->add_option("--near-roof", opt->sweep.near_roof_percent,
                  "near-roof threshold, in percent of the memory roof (default 95)")
      ->check(FiniteRange(1.0, 1000.0));
  cmd->add_option("--threads", opt->sweep.threads,
                  "Threads to load, audit and print with (default 0: one per core; 1: none "
                  "started)")
      ->check(CLI::Range(0, 4096));
  cmd->add_option("--baseline", opt->baseline,
                  "Report only findings not listed in this baseline file");
  cmd->add_option("--write-baseline", opt->write_baseline,
                  "Write the current findings as a baseline file (atomically)");
  cmd->add_flag("--force", opt->force,
                "With --write-baseline: replace a file that is not a rooflint baseline");
  cmd->add_option("--config", opt->config,
                  "Take defaults from this settings file, not the rooflint.toml found upward");
  cmd->add_flag("--isolated", opt->isolated, "Read no settings file")->excludes("--config");
  return {cmd, [opt, cmd] {
            Config config;
            std::string errors;
            if (!LoadConfig(opt->config, opt->isolated, config, errors)) {
              std::cerr << errors;
              return ExitCode::kUsage;
            }
            ApplyConfig(config, *cmd, *opt);
            return RunSweep(*opt);
          }};
}

}  // namespace rooflint::cli
