// `rooflint show ID [DIR...]`: one benchmark record and everything the sweep knows about it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "core/text_util.h"
#include "report/escape.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/names.h"
#include "rooflint/report.h"

namespace rooflint::cli {
namespace {

struct ShowOptions {
  std::string id;
  std::vector<std::string> dirs;
};

std::string T(std::string_view s) { return EscapeTerminal(s); }

void PrintModel(const Corpus& corpus, const Model& m, std::ostream& out) {
  out << fmt::format("model {} ({}){}\n  {}\n", T(m.header.id), T(m.name),
                     m.header.status == Status::kDraft ? " [draft]" : "", T(m.header.path));
  if (!m.aliases.empty()) {
    out << Wrap(T(fmt::format("{}", fmt::join(m.aliases, ", "))), "  also              ",
                "                    ", TerminalColumns());
  }
  auto fact = [&](std::string_view key, std::string value) {
    std::string_view absent = m.AbsentReason(key);
    out << Wrap(absent.empty() ? value : fmt::format("absent: {}", T(absent)),
                fmt::format("  {:<17} ", key), "                    ", TerminalColumns());
  };
  fact("params_total", m.params_total > 0 ? FormatSi(m.params_total) : "?");
  if (m.params_active) fact("params_active", FormatSi(*m.params_active));
  fact("layers", fmt::format("{}", m.layers));
  fact("kv_heads", fmt::format("{} x head_dim {}", m.kv_heads, m.head_dim));
  if (m.attention_heads > 0) fact("attention_heads", fmt::format("{}", m.attention_heads));
  if (m.hidden_size > 0) fact("hidden_size", fmt::format("{}", m.hidden_size));
  if (m.embedding_params > 0) {
    fact("embedding_params",
         fmt::format(
             "{} ({})", FormatSi(m.embedding_params),
             m.tied_embeddings ? (*m.tied_embeddings ? "tied" : "untied") : "tie not stated"));
  }
  if (m.experts > 0)
    fact("experts", fmt::format("{} ({} per token)", m.experts, m.experts_per_token));
  fact("native_precision", T(m.native_precision));
  fact("source", T(m.source));
  size_t on = 0;
  for (const Benchmark& b : corpus.benchmarks) on += b.model == m.header.id ? 1 : 0;
  out << fmt::format("  {} benchmark record{} of this corpus\n", on, on == 1 ? "" : "s");
}

void PrintPart(const Corpus& corpus, const Accelerator& a, std::ostream& out) {
  out << fmt::format("accelerator {} ({}, {}){}\n  {}\n", T(a.header.id), T(a.name), T(a.vendor),
                     a.header.status == Status::kDraft ? " [draft]" : "", T(a.header.path));
  if (!a.aliases.empty()) {
    out << Wrap(T(fmt::format("{}", fmt::join(a.aliases, ", "))), "  also      ", "            ",
                TerminalColumns());
  }
  out << fmt::format("  memory    {}{}\n  bandwidth {}\n", T(a.memory_text),
                     a.memory_type.empty() ? "" : fmt::format(" {}", T(a.memory_type)),
                     T(a.bandwidth_text));
  for (const auto& [key, flops] : a.peak_dense) {
    out << fmt::format("  {:<9} {} dense\n", T(key), FormatFlops(flops.si()));
  }
  for (const auto& [figure, ref] : a.sources) {
    out << Wrap(T(fmt::format("{}: {}{}", figure, ref.source,
                              ref.locator.empty() ? "" : fmt::format(" ({})", ref.locator))),
                "  source    ", "            ", TerminalColumns());
  }
  size_t on = 0;
  for (const Benchmark& b : corpus.benchmarks) {
    on += std::find(b.accelerators.begin(), b.accelerators.end(), a.header.id.str()) !=
                  b.accelerators.end()
              ? 1
              : 0;
  }
  out << fmt::format("  {} benchmark record{} of this corpus point at it\n", on,
                     on == 1 ? "" : "s");
}

ExitCode RunShow(const ShowOptions& opt) {
  std::vector<std::string> dirs = opt.dirs;
  if (dirs.empty()) dirs.push_back(BundledData());
  Corpus corpus = LoadCorpus(dirs);
  // A folder given that is missing (or no folder) holds nothing to show: said first, whatever
  // the other folders hold, so that "no record" never stands for a mistyped path.
  bool missing = false;
  for (const Diagnostic& d : corpus.diagnostics) {
    if (d.code == "not-a-corpus") {
      std::cerr << fmt::format("{}: error[{}]: {}\n  hint: {}\n", EscapeTerminal(d.where.path),
                               d.code, EscapeTerminal(d.message), EscapeTerminal(d.hint));
      missing = true;
    }
  }
  if (missing) return ExitCode::kInvalidInput;
  // A model or an accelerator, by any of its names.
  if (const Model* m = ReadModelName(corpus, opt.id).model) {
    PrintModel(corpus, *m, std::cout);
    return ExitCode::kClean;
  }
  for (const Accelerator& a : corpus.accelerators) {
    if (ToLower(a.header.id) == ToLower(opt.id)) {
      PrintPart(corpus, a, std::cout);
      return ExitCode::kClean;
    }
  }
  Report report = BuildReport(corpus, Sweep(corpus));
  if (PrintRecord(report, opt.id, std::cout)) return ExitCode::kClean;
  std::vector<std::string> ids;
  for (const auto& b : corpus.benchmarks) ids.push_back(b.header.id.str());
  for (const auto& m : corpus.models) ids.push_back(m.header.id.str());
  for (const auto& a : corpus.accelerators) ids.push_back(a.header.id.str());
  std::cerr << fmt::format("rooflint: no record '{}'{}\n", T(opt.id), DidYouMean(opt.id, ids));
  std::cerr << "  hint: `rooflint list models|accelerators` lists the names\n";
  return ExitCode::kUsage;
}

}  // namespace

Command AddShowCommand(CLI::App& app) {
  auto opt = std::make_shared<ShowOptions>();
  CLI::App* cmd = app.add_subcommand(
      "show",
      "One record: a benchmark with every roof and check, its arithmetic, what it points "
      "at, its siblings and matching gotchas; or a model or an accelerator by any name");
  cmd->add_option("id", opt->id, "A benchmark id, a model name or an accelerator id")->required();
  cmd->add_option("dirs", opt->dirs, "Corpus folders (default: the bundled data/)");
  return {cmd, [opt] { return RunShow(*opt); }};
}

}  // namespace rooflint::cli
