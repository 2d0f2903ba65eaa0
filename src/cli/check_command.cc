// `rooflint check`: a claim given as flags, or the figures of benchmark-tool output files, in;
// a verdict per figure out, on one screen (or as JSON). `import` prints the same table.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <iostream>
#include <memory>
#include <set>
#include <utility>

#include "cli/check_output.h"
#include "cli/command.h"
#include "cli/progress.h"
#include "core/file_io.h"
#include "core/text_util.h"
#include "report/escape.h"
#include "rooflint/check.h"
#include "rooflint/corpus.h"
#include "rooflint/import.h"
#include "rooflint/local_hardware.h"
#include "rooflint/model_config.h"
#include "rooflint/names.h"
#include "rooflint/report.h"
#include "rooflint/units.h"

namespace rooflint::cli {
namespace {

// Terminal text: every piece of input is escaped (a file's text must not drive the terminal).
std::string T(std::string_view s) { return EscapeTerminal(s); }

// "2249.247363167692 tok/s" -> "2249.2 tok/s": a file's full precision, shortened for the table.
std::string ShortValue(std::string_view value) {
  size_t space = value.find(' ');
  if (space == std::string_view::npos) return T(value);
  std::string number(value.substr(0, space));
  if (number.size() <= 8) return T(value);  // as the source wrote it
  char* end = nullptr;
  double v = std::strtod(number.c_str(), &end);
  if (end == number.c_str() || *end != '\0') return T(value);
  return fmt::format("{} {}", FormatNumber(v, 4), T(value.substr(space + 1)));
}

// A check's reason without the "not computable: " its instrument starts it with.
std::string_view Reason(std::string_view reason) {
  constexpr std::string_view kPrefix = "not computable: ";
  if (reason.starts_with(kPrefix)) reason.remove_prefix(kPrefix.size());
  return reason;
}

std::string Percent(double p) { return fmt::format("{}%", FormatNumber(p, 4)); }

// How far a figure is from its bound, as people say it: a roof's share ("72.1%"), and for a
// floor the value's multiple of it ("3.1x": the value is 3.1 times the least time it can take;
// under 1x it is below the floor). A floor's percent is floor / value.
std::string Distance(const CheckBound& b) {
  if (!IsFloor(b.instrument)) return Percent(b.percent);
  return b.percent > 0 ? fmt::format("{}x", FormatNumber(100 / b.percent, 3)) : "-";
}

std::string BoundText(const CheckBound& b) {
  return fmt::format("{} {}", FormatNumber(b.bound, 4), b.unit);
}

// "250 tok/s is 360.2% of the memory-roof (69.4 tok/s)"; for a floor "13.6 ms is 7.1x the
// tpot-floor of 1.9 ms" or "is below the ...".
std::string Sentence(const CheckedFigure& f, const CheckBound& b) {
  bool floor = IsFloor(b.instrument);
  if (floor) {
    return fmt::format("{} is {} the {} of {}", ShortValue(f.value),
                       b.percent > 100 ? fmt::format("below ({})", Distance(b)) : Distance(b),
                       b.instrument, BoundText(b));
  }
  // The names people use for a share of a roof: of the bandwidth a decode step can stream (MBU)
  // and of the peak compute (MFU).
  const std::string_view name = b.instrument == "memory-roof" || b.instrument == "kv-roof" ? "MBU"
                                : b.instrument == "compute-roof"                           ? "MFU"
                                                                                           : "";
  return fmt::format("{} is {} of the {} ({}{})", ShortValue(f.value), Percent(b.percent),
                     b.instrument, BoundText(b),
                     name.empty() ? "" : fmt::format("; {} {}", name, Percent(b.percent)));
}

std::string_view VerdictWord(std::string_view v) {
  if (v == "exceeds") return "IMPOSSIBLE";
  if (v == "exceeds-assuming") return "IMPOSSIBLE IF";
  if (v == "near-roof") return "NEAR ROOF";
  if (v == "within") return "POSSIBLE";
  return "NO BOUND";
}

std::string Styled(std::string_view text, std::string_view verdict, bool color) {
  if (!color) return std::string(text);
  std::string_view code = verdict == "exceeds"            ? "1;31"
                          : verdict == "exceeds-assuming" ? "1;33"
                          : verdict == "near-roof"        ? "33"
                          : verdict == "within"           ? "32"
                                                          : "2";
  return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
}

void PrintMissing(const std::vector<MissingFact>& missing, std::ostream& out) {
  if (missing.empty()) return;
  out << "  missing (what stating it would add):\n";
  for (const MissingFact& m : missing) {
    std::string adds = m.unlocks.empty() ? m.note
                                         : fmt::format("{} more bound{}: {}", m.unlocks.size(),
                                                       m.unlocks.size() == 1 ? "" : "s",
                                                       fmt::join(m.unlocks, ", "));
    out << Wrap(fmt::format("{} ({}): {}", m.flag, m.what, adds), "    ", "      ",
                TerminalColumns());
  }
}

void PrintFigureBlock(const CheckedFigure& f, bool color, std::ostream& out) {
  std::string parts =
      f.accelerators.empty() ? "" : fmt::format(" [{}]", fmt::join(f.accelerators, ", "));
  out << Wrap(fmt::format("{} {} · {}{} · {}{}", ShortValue(f.value), f.metric, T(f.model),
                          f.precision.empty() ? " (precision not stated)"
                                              : fmt::format(" ({})", T(f.precision)),
                          T(f.hardware), parts),
              "", "  ", TerminalColumns());
  for (const std::string& n : f.notes)
    out << Wrap(T(n), "  read    ", "          ", TerminalColumns());
  if (f.capacity) {
    const CheckBound& c = *f.capacity;
    std::string what = c.verdict == "fits"                    ? "the weights fit"
                       : c.verdict == "does-not-fit"          ? "DOES NOT FIT"
                       : c.verdict == "does-not-fit-assuming" ? "does not fit, unless offloaded"
                                                              : "not computable";
    std::string detail =
        c.verdict == "not-computable" ? std::string(Reason(c.reason)) : c.arithmetic;
    if (c.verdict == "does-not-fit-assuming") {
      what = fmt::format("does not fit, if {}", T(c.assumption));
    }
    out << Wrap(fmt::format("{}: {}", what, T(detail)), "  capacity  ", "            ",
                TerminalColumns());
  }
  std::string word(VerdictWord(f.verdict));
  // A verdict past a bound the binding one is within: a bound at another reading of the record
  // (the smaller of two counts) that only a finding carries. The finding then says it.
  const Finding* past = nullptr;
  if (f.binding && f.binding->percent <= 100 &&
      (f.verdict == "exceeds" || f.verdict == "exceeds-assuming")) {
    for (const Finding& x : f.findings) {
      const std::string_view code = x.code.view();
      if (past == nullptr &&
          (code.starts_with("exceeds-roof") || code.starts_with("below-floor"))) {
        past = &x;
      }
    }
  }
  if (past != nullptr) {
    out << Wrap(T(past->message),
                fmt::format("  {}  ", Styled(fmt::format("{:<13}", word), f.verdict, color)),
                "                 ", 100 + (color ? 11 : 0));
    if (!past->arithmetic.empty()) {
      out << Wrap(T(past->arithmetic), "                 ", "                   ",
                  TerminalColumns());
    }
  } else if (f.binding) {
    std::string sentence = Sentence(f, *f.binding);
    if (!f.binding->assumption.empty() && f.verdict != "exceeds") {
      sentence += fmt::format(", if {}", T(f.binding->assumption));
    }
    out << Wrap(sentence,
                fmt::format("  {}  ", Styled(fmt::format("{:<13}", word), f.verdict, color)),
                "                 ", 100 + (color ? 11 : 0));
    // Past the memory roof only if no speculation: how much it would have to accept.
    if (f.verdict == "exceeds-assuming" && f.binding->instrument == "memory-roof" &&
        f.binding->percent > 100 &&
        f.binding->assumption.find("speculative") != std::string::npos) {
      out << Wrap(fmt::format("(possible only if decoding was speculative, accepting at least {} "
                              "tokens per step; --speculative false if it was not)",
                              FormatNumber(f.binding->percent / 100, 3)),
                  "                 ", "                  ", TerminalColumns());
    }
    if (!f.binding->arithmetic.empty()) {
      out << Wrap(T(f.binding->arithmetic), "                 ", "                   ",
                  TerminalColumns());
    }
    // How the bound's terms were found (W, the parts), when the instrument says.
    if (!f.binding->reason.empty()) {
      out << Wrap(T(f.binding->reason), "                 where ", "                   ",
                  TerminalColumns());
    }
  } else {
    out << fmt::format("  {}  no bound could be computed\n",
                       Styled(fmt::format("{:<13}", word), f.verdict, color));
  }
  out << fmt::format("  {:<14} {:>16} {:>9}  {}\n", "BOUND", "", "% | x", "VERDICT");
  for (const CheckBound& b : f.bounds) {
    if (b.verdict == "not-applicable") continue;
    if (b.verdict == "not-computable") {
      out << Wrap(fmt::format("{:<14} not computable: {}", b.instrument, T(b.reason)), "  ",
                  "                 ", TerminalColumns());
      continue;
    }
    std::string v =
        b.verdict == "exceeds" && !b.assumption.empty() ? "exceeds, if assumed" : b.verdict;
    out << fmt::format("  {:<14} {:>16} {:>9}  {}\n", b.instrument, BoundText(b), Distance(b), v);
    if (!b.assumption.empty()) {
      out << Wrap(fmt::format("assumes {}", T(b.assumption)), "                 ",
                  "                   ", TerminalColumns());
    }
  }
  for (const Finding& x : f.findings) {
    if (x.severity == Severity::kNote) continue;
    out << Wrap(fmt::format("{}[{}]: {}", SeverityName(x.severity), x.code, T(x.message)), "  ",
                "    ", TerminalColumns());
  }
  PrintMissing(f.missing, out);
}

}  // namespace

void PrintCheckText(const CheckReport& report, bool color, std::ostream& out, bool all) {
  if (report.figures.empty()) {
    if (!report.HasErrors()) out << "no figures to check\n";
    return;
  }
  // A claim (one figure, or its two readings) or a file of one figure: the whole block.
  bool claim = std::all_of(report.figures.begin(), report.figures.end(),
                           [](const CheckedFigure& f) { return f.from.empty(); });
  if (report.figures.size() == 1 || (claim && report.figures.size() <= 2)) {
    for (size_t i = 0; i < report.figures.size(); ++i) {
      if (i > 0) out << "\n";
      if (!report.figures[i].from.empty()) out << T(report.figures[i].from) << ":\n";
      PrintFigureBlock(report.figures[i], color, out);
    }
    return;
  }
  // Many figures: one line each, by file and run, then the findings that need action and what
  // is missing.
  std::string last_from, last_set = "\x01";
  size_t counts[5] = {};
  size_t hidden = 0;
  std::set<std::pair<std::string, std::string>> shown_metrics;  // (set, metric) shown once
  for (const CheckedFigure& f : report.figures) {
    std::string_view v = f.verdict;
    counts[v == "exceeds"            ? 0
           : v == "exceeds-assuming" ? 1
           : v == "near-roof"        ? 2
           : v == "within"           ? 3
                                     : 4]++;
    // Unless --all: a run's first figure of each metric (its mean, as tools list them first),
    // and every figure whose verdict is not "within".
    bool first_of_metric = shown_metrics.emplace(f.set, f.metric).second;
    if (!all && !first_of_metric && f.verdict == "within") {
      ++hidden;
      continue;
    }
    if (f.from != last_from) {
      out << T(f.from) << ":\n";
      last_from = f.from;
      last_set = "\x01";
      out << fmt::format("  {:<22} {:>15}  {:<12} {:>15} {:>8}  {}\n", "FIGURE", "VALUE", "BOUND",
                         "", "% | x", "VERDICT");
    }
    if (f.set != last_set) {
      if (!f.set.empty()) out << fmt::format(" {}\n", T(f.set));
      last_set = f.set;
    }
    std::string figure =
        f.statistic.empty() ? f.metric : fmt::format("{} {}", f.metric, T(f.statistic));
    std::string verdict = Styled(f.verdict, f.verdict, color);
    if (f.binding) {
      out << fmt::format("  {:<22} {:>15}  {:<12} {:>15} {:>8}  {}\n", figure, ShortValue(f.value),
                         f.binding->instrument, BoundText(*f.binding), Distance(*f.binding),
                         verdict);
    } else {
      out << fmt::format("  {:<22} {:>15}  {:<12} {:>15} {:>8}  {}\n", figure, ShortValue(f.value),
                         "-", "", "", verdict);
    }
  }
  const CheckedFigure& first = report.figures.front();
  std::string parts =
      first.accelerators.empty() ? "" : fmt::format(" [{}]", fmt::join(first.accelerators, ", "));
  out << Wrap(fmt::format("{}{} · {}{}", T(first.model),
                          first.precision.empty() ? " (precision not stated)"
                                                  : fmt::format(" ({})", T(first.precision)),
                          T(first.hardware), parts),
              "  ", "    ", TerminalColumns());
  // What the command line stated for the figures (the same for every figure it reached).
  for (const std::string& n : first.notes) out << Wrap(T(n), "  ", "    ", TerminalColumns());
  if (first.capacity) {
    const CheckBound& c = *first.capacity;
    out << Wrap(fmt::format("capacity: {}: {}", c.verdict,
                            T(c.verdict == "not-computable" ? std::string(Reason(c.reason))
                                                            : c.arithmetic)),
                "  ", "    ", TerminalColumns());
  }
  for (const CheckedFigure& f : report.figures) {
    for (const Finding& x : f.findings) {
      if (x.severity == Severity::kNote) continue;
      out << Wrap(
          fmt::format("{} {}[{}]: {}", f.metric, SeverityName(x.severity), x.code, T(x.message)),
          "  ", "    ", TerminalColumns());
    }
  }
  // The missing facts of the first figure stand for the file's (one run shares its setup).
  PrintMissing(first.missing, out);
  out << fmt::format(
      "{} figures: {} impossible, {} impossible if assumed, {} near roof, {} "
      "possible, {} without a bound{}\n",
      report.figures.size(), counts[0], counts[1], counts[2], counts[3], counts[4],
      hidden > 0 ? fmt::format(" ({} more within their bounds: --all lists them)", hidden) : "");
}

void PrintCheckJson(const CheckReport& report, std::ostream& out) { out << CheckJson(report); }

std::string FormatSuggestion(std::string_view name) {
  std::vector<std::string> names = ImportFormatNames();
  return DidYouMean(name, names);
}

ExitCode CheckExitCode(const CheckReport& report) {
  if (report.HasErrors()) return ExitCode::kInvalidInput;
  return report.HasErrorFindings() ? ExitCode::kFindings : ExitCode::kClean;
}

bool ApplyLocalHardware(std::string& hardware, std::string_view command) {
  if (ToLower(Trim(hardware)) != "auto") return true;
  const char* path = std::getenv("PATH");
  LocalHardware local = DetectLocalHardware(path != nullptr ? path : "");
  for (const std::string& note : local.notes) {
    std::cerr << fmt::format("rooflint {}: --hardware auto: {}\n", command, EscapeTerminal(note));
  }
  if (local.text.empty()) {
    std::cerr << fmt::format(
        "rooflint {}: --hardware auto found no accelerator on this machine (nvidia-smi, "
        "rocm-smi, amd-smi, Apple sysctl and /proc/cpuinfo were asked)\n  hint: give the "
        "hardware as text, e.g. --hardware '8x H100'\n",
        command);
    return false;
  }
  std::cerr << fmt::format("rooflint {}: --hardware auto: {}\n", command,
                           EscapeTerminal(local.how));
  hardware = local.text;
  return true;
}

bool AddModelConfig(const std::string& config_path, std::string& model, Corpus& corpus,
                    std::string_view command, std::vector<ImportedRecord>* records) {
  if (config_path.empty()) return true;
  std::string text, error;
  if (!ReadRegularFile(config_path, kMaxHfConfigBytes, text, error)) {
    std::cerr << fmt::format("{}: error[cannot-read]: {}\n", EscapeTerminal(config_path),
                             EscapeTerminal(error));
    return false;
  }
  // A model.safetensors.index.json beside the config gives a count the formula cannot.
  std::filesystem::path folder = std::filesystem::path(config_path).parent_path();
  std::string index_path = (folder / "model.safetensors.index.json").string();
  std::string index_text, index_error;
  std::error_code ec;
  if (std::filesystem::exists(index_path, ec) &&
      !ReadRegularFile(index_path, kMaxSafetensorsIndexBytes, index_text, index_error)) {
    std::cerr << fmt::format("{}: warning[cannot-read]: {}: not used\n", EscapeTerminal(index_path),
                             EscapeTerminal(index_error));
    index_text.clear();
    index_path.clear();
  }
  if (index_text.empty()) index_path.clear();
  std::string folder_name = std::filesystem::absolute(folder, ec).filename().string();
  AddedModel added = rooflint::AddModelConfig(corpus, text, config_path, model, folder_name,
                                              index_text, index_path);
  for (const Diagnostic& d : added.diagnostics) std::cerr << RenderForTerminal(d);
  if (added.id.empty()) return false;
  if (records != nullptr) {
    for (ImportedRecord& r : added.records) records->push_back(std::move(r));
  }
  const std::string& id = added.id;
  std::cerr << fmt::format("rooflint {}: model {} from {}\n", command, id,
                           EscapeTerminal(config_path));
  model = id;
  return true;
}

namespace {

struct CheckCliOptions {
  Claim claim;
  std::vector<std::string> files;
  std::string format_name = "auto";
  std::string output = "text";
  std::vector<std::string> corpus;
  bool no_bundled = false;
  bool all = false;
  std::string color = "auto";
  ImportOptions import;
  std::optional<int64_t> count;
  std::string model_config;
};

ExitCode RunCheck(const CheckCliOptions& opt) {
  std::vector<std::string> roots;
  if (!CorpusRoots(opt.corpus, opt.no_bundled, "check", roots)) return ExitCode::kUsage;
  Progress progress(StderrIsTerminal());
  progress.Phase("loading the corpus");
  Corpus corpus = LoadCorpus(roots);
  progress.Stop();
  if (corpus.HasInvalidInput()) {
    std::cerr << "rooflint check: note: the corpus has invalid records; `rooflint sweep` lists "
                 "them\n";
  }
  Claim claim = opt.claim;
  claim.count = opt.count;
  if (!ApplyLocalHardware(claim.hardware, "check")) return ExitCode::kInvalidInput;
  if (!AddModelConfig(opt.model_config, claim.model, corpus, "check")) {
    return ExitCode::kInvalidInput;
  }
  CheckReport report;
  if (opt.files.empty()) {
    report = CheckClaim(claim, corpus);
  } else {
    if (!opt.claim.value.empty()) {
      std::cerr << "rooflint check: give a claim (--value ...) or files, not both\n";
      return ExitCode::kUsage;
    }
    // A file's figures carry their metrics: --metric belongs to a claim's value.
    if (!opt.claim.metric.empty()) {
      std::cerr << "rooflint check: --metric is a claim's; a file's figures carry their own\n";
      return ExitCode::kUsage;
    }
    if (!IsImportFormat(opt.format_name)) {
      std::cerr << fmt::format("rooflint check: unknown format '{}'{}\n",
                               EscapeTerminal(opt.format_name), FormatSuggestion(opt.format_name));
      return ExitCode::kUsage;
    }
    ImportOptions import = opt.import;
    import.count = opt.count;
    if (!claim.model.empty()) import.model = claim.model;
    if (!claim.hardware.empty()) import.hardware = claim.hardware;
    if (!claim.precision.empty()) import.precision = claim.precision;
    if (!claim.engine_version.empty()) import.engine_version = claim.engine_version;
    std::vector<Diagnostic> read_errors;
    std::vector<ImportFile> files = ReadImportPaths(opt.files, read_errors);
    CheckOptions options;
    options.stated = claim;
    report = CheckFiles(opt.format_name, files, import, corpus, options);
    for (auto& d : read_errors) report.diagnostics.insert(report.diagnostics.begin(), d);
  }
  for (const Diagnostic& d : report.diagnostics) std::cerr << RenderForTerminal(d);
  if (opt.output == "json") {
    PrintCheckJson(report, std::cout);
  } else {
    PrintCheckText(report, UseColor(opt.color), std::cout, opt.all);
  }
  return CheckExitCode(report);
}

}  // namespace

Command AddCheckCommand(CLI::App& app) {
  auto opt = std::make_shared<CheckCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Check one claim (--model, --hardware, --value) or every figure of benchmark output "
      "files: a verdict per figure with its bound and arithmetic, and what is missing (with "
      "files, a condition flag fills in what a file does not state)");
  cmd->add_option("files", opt->files,
                  "Benchmark-tool output files, read as `import` reads them (instead of a claim)");
  cmd->add_option(
      "--model", opt->claim.model,
      "Model: an id, name, alias or Hugging Face id (meta-llama/Llama-3.1-70B-Instruct)");
  cmd->add_option("--hardware,--accelerator", opt->claim.hardware,
                  "Hardware: an accelerator id, text such as 'H200', '8x MI300X', or auto (this "
                  "machine's, from nvidia-smi, rocm-smi, sysctl or /proc/cpuinfo)");
  cmd->add_option("--model-config", opt->model_config,
                  "A Hugging Face config.json for a model the corpus lacks (with "
                  "model.safetensors.index.json beside it when there is one)");
  cmd->add_option("--value", opt->claim.value,
                  "The figure: '250 tok/s per user', '3000 tok/s aggregate', '35 ms TTFT'");
  cmd->add_option("--metric", opt->claim.metric,
                  "per-user-decode, aggregate-output, aggregate-total, requests, ttft, tpot, itl, "
                  "e2e-latency, prefill (default: read from the value)");
  cmd->add_option("--precision", opt->claim.precision,
                  "Weight format: bf16, fp8, int4, awq, gptq, w4a16, q4_k_m, auto, ... (`rooflint "
                  "list precisions`)");
  cmd->add_option("--count", opt->count,
                  "Accelerators the figure is summed over (default: the hardware text's count, "
                  "else 1 as a named assumption)")
      ->check(CLI::Range(int64_t{1}, int64_t{1'000'000}));
  auto* batch = cmd->add_option("--batch", opt->claim.batch, "Sequences per decode step")
                    ->check(CLI::Range(int64_t{1}, int64_t{100'000'000}));
  auto* concurrency = cmd->add_option("--concurrency", opt->claim.concurrency,
                                      "Requests in flight (a client's cap)")
                          ->check(CLI::Range(int64_t{1}, int64_t{100'000'000}));
  batch->excludes(concurrency);
  cmd->add_option("--input-tokens", opt->claim.input_tokens, "Prompt tokens per request")
      ->check(CLI::Range(int64_t{0}, int64_t{100'000'000}));
  cmd->add_option("--input-tokens-mean", opt->claim.input_tokens_mean,
                  "The mean prompt tokens of a run whose prompt lengths varied (a bound at the "
                  "mean is an assumption: a warning, never an error)")
      ->check(CLI::Range(int64_t{0}, int64_t{100'000'000}));
  cmd->add_option("--output-tokens", opt->claim.output_tokens, "Output tokens per request")
      ->check(CLI::Range(int64_t{1}, int64_t{100'000'000}));
  cmd->add_option("--replicas", opt->claim.replicas,
                  "Independent copies of the model the accelerators are split into "
                  "(data-parallel replicas): a request runs on count / replicas of them")
      ->check(CLI::Range(int64_t{1}, int64_t{1'000'000}));
  cmd->add_option("--samples-per-prompt", opt->claim.samples_per_prompt,
                  "Completions generated per prompt (parallel sampling n, best-of, beam width); "
                  "1 with --prefix-cache false rules out a shared KV prefix")
      ->check(CLI::Range(int64_t{1}, int64_t{1'000'000}));
  cmd->add_option("--engine", opt->claim.engine,
                  "Engine: vllm, sglang, tensorrt-llm, llama.cpp, ...");
  cmd->add_option("--engine-version", opt->claim.engine_version, "Engine version");
  cmd->add_option("--speculative", opt->claim.speculative,
                  "false, or the draft length k of speculative decoding");
  cmd->add_option("--acceptance-length", opt->claim.acceptance_length,
                  "Mean tokens accepted per step of speculative decoding, as the engine "
                  "reported it (1 to k + 1)");
  cmd->add_option("--offload", opt->claim.offload, "true or false: weights or KV in host memory")
      ->check(CLI::IsMember({"true", "false"}));
  cmd->add_option("--prefix-cache", opt->claim.prefix_cache,
                  "false, true, or the prefix-cache hit rate (0 to 1)");
  cmd->add_option("--kv-precision", opt->claim.kv_precision, "KV-cache element format");
  cmd->add_option("--attention-window", opt->claim.attention_window,
                  "false when the engine kept every token of a sequence's context in its KV "
                  "cache, else the tokens it kept (TensorRT-LLM's max_attention_window_size)");
  cmd->add_option("--from", opt->format_name,
                  "The files' format, as `import` names it (default auto: from each file's "
                  "content)");
  cmd->add_option("--corpus", opt->corpus, "Corpus folders to add to the bundled one");
  cmd->add_flag("--no-bundled", opt->no_bundled, "Leave out the bundled corpus");
  cmd->add_flag("--all", opt->all,
                "List every figure of a file (default: each run's first figure of each metric, "
                "and every figure past or near a bound)");
  cmd->add_option("--format", opt->output, "Output: text or json")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--color", opt->color, "auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  return {cmd, [opt] { return RunCheck(*opt); }};
}

}  // namespace rooflint::cli
