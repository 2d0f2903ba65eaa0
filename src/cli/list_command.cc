// `rooflint list models|accelerators|precisions|formats [FILTER]`: the names rooflint reads,
// so that a user finds the one to type.
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "cli/check_output.h"
#include "cli/command.h"
#include "core/text_util.h"
#include "report/escape.h"
#include "rooflint/corpus.h"
#include "rooflint/import.h"
#include "rooflint/names.h"
#include "rooflint/precision.h"
#include "rooflint/units.h"

namespace rooflint::cli {
namespace {

struct ListOptions {
  std::string what;
  std::vector<std::string> filter_words;
  std::string filter;
  std::vector<std::string> corpus;
  bool no_bundled = false;
};

// True when every word of `filter` is in one of `texts` (case-insensitive).
bool Matches(std::string_view filter, std::initializer_list<std::string_view> texts,
             const std::vector<std::string>& more = {}) {
  std::string all;
  for (std::string_view t : texts) all += ToLower(t) + " ";
  for (const std::string& t : more) all += ToLower(t) + " ";
  std::string f = ToLower(filter);
  size_t start = 0;
  while (start < f.size()) {
    size_t space = f.find(' ', start);
    std::string word =
        f.substr(start, space == std::string::npos ? std::string::npos : space - start);
    if (!word.empty() && all.find(word) == std::string::npos) return false;
    if (space == std::string::npos) break;
    start = space + 1;
  }
  return true;
}

ExitCode RunList(ListOptions opt) {
  opt.filter = fmt::format("{}", fmt::join(opt.filter_words, " "));
  const std::vector<std::string> kinds = {"models", "accelerators", "precisions", "formats"};
  std::string what = opt.what;
  if (std::find(kinds.begin(), kinds.end(), what) == kinds.end()) {
    std::cerr << fmt::format("rooflint list: unknown list '{}'{} ({})\n", EscapeTerminal(what),
                             DidYouMean(what, kinds), fmt::join(kinds, ", "));
    return ExitCode::kUsage;
  }
  size_t shown = 0;
  if (what == "precisions") {
    std::cout << fmt::format("{:<10} {:>6}  {}\n", "FORMAT", "BITS", "SOURCE");
    for (const PrecisionInfo& p : Precisions()) {
      if (!Matches(opt.filter, {p.name, p.source})) continue;
      std::cout << fmt::format("{:<10} {:>6g}  {}\n", p.name, p.bits_per_weight, p.source);
      ++shown;
    }
    std::cout << "\nALSO READ  AS      MEANING\n";
    for (const PrecisionAlias& a : PrecisionAliases()) {
      if (!Matches(opt.filter, {a.alias, a.name, a.meaning})) continue;
      std::cout << fmt::format("{:<10} {:<7} {}\n", a.alias, a.name.empty() ? "native" : a.name,
                               a.meaning);
      ++shown;
    }
    std::cout << "\nNARROWEST WEIGHTS AN ENGINE LOADS (the bound an unstated format takes)\n";
    for (const NarrowestWeights& n : NarrowestWeightsTable()) {
      if (!Matches(opt.filter, {n.engine, n.format, n.source})) continue;
      std::cout << Wrap(fmt::format("{:<18} {:<14} {:>6g} bits  {} ({})", n.engine,
                                    n.versions.empty() ? "every version" : n.versions, n.bits,
                                    n.format, n.source),
                        "", "    ", TerminalColumns());
      ++shown;
    }
  } else if (what == "formats") {
    for (const ImporterInfo& i : Importers()) {
      if (!Matches(opt.filter, {i.name, i.help})) continue;
      std::cout << fmt::format("{:<16} {}\n", i.name, i.help);
      ++shown;
    }
  } else {
    std::vector<std::string> roots;
    if (!CorpusRoots(opt.corpus, opt.no_bundled, "list", roots)) return ExitCode::kUsage;
    Corpus corpus = LoadCorpus(roots);
    if (what == "models") {
      for (const Model& m : corpus.models) {
        if (!Matches(opt.filter, {m.header.id, m.name}, m.aliases)) continue;
        std::string params = m.params_total > 0 ? FormatSi(m.params_total) : "?";
        if (m.params_active) params += fmt::format(" ({} active)", FormatSi(*m.params_active));
        std::cout << fmt::format("{:<28} {:<22} {}{}\n", EscapeTerminal(m.header.id), params,
                                 EscapeTerminal(m.name),
                                 m.header.status == Status::kDraft ? " [draft]" : "");
        if (!m.aliases.empty()) {
          std::cout << Wrap(EscapeTerminal(fmt::format("{}", fmt::join(m.aliases, ", "))),
                            "    also: ", "          ", TerminalColumns());
        }
        ++shown;
      }
    } else {
      for (const Accelerator& a : corpus.accelerators) {
        if (!Matches(opt.filter, {a.header.id, a.name, a.vendor}, a.aliases)) continue;
        std::cout << fmt::format("{:<30} {:>9} {:>11}  {}\n", EscapeTerminal(a.header.id),
                                 FormatBytes(a.memory.si()), FormatBandwidth(a.bandwidth.si()),
                                 EscapeTerminal(a.name));
        ++shown;
      }
    }
  }
  if (shown == 0) {
    std::cerr << fmt::format("rooflint list: no {} match '{}'\n", what, EscapeTerminal(opt.filter));
    return ExitCode::kFindings;
  }
  return ExitCode::kClean;
}

}  // namespace

Command AddListCommand(CLI::App& app) {
  auto opt = std::make_shared<ListOptions>();
  CLI::App* cmd = app.add_subcommand(
      "list", "List the names rooflint reads: models, accelerators, precisions or formats");
  cmd->add_option("what", opt->what, "models, accelerators, precisions or formats")->required();
  cmd->add_option("filter", opt->filter_words,
                  "Words every listed entry must contain ('70b', 'h100')");
  cmd->add_option("--corpus", opt->corpus, "Corpus folders to add to the bundled one");
  cmd->add_flag("--no-bundled", opt->no_bundled, "Leave out the bundled corpus");
  return {cmd, [opt] { return RunList(*opt); }};
}

}  // namespace rooflint::cli
