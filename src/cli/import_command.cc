// `rooflint import FORMAT FILE...`: turn benchmark-tool output into records, audit them
// against the corpus, and print them (or write them into a corpus folder, atomically, never
// over an existing file and never outside the folder).
#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "cli/check_output.h"
#include "cli/command.h"
#include "cli/progress.h"
#include "core/file_io.h"
#include "report/audit_comments.h"
#include "report/escape.h"
#include "rooflint/audit.h"
#include "rooflint/check.h"
#include "rooflint/corpus.h"
#include "rooflint/import.h"
#include "rooflint/report.h"

namespace rooflint::cli {
namespace {

namespace fs = std::filesystem;

struct ImportCliOptions {
  std::string format;
  std::vector<std::string> files;
  std::vector<std::string> corpus;
  std::string write;
  std::string emit = "table";
  std::string model_config;
  bool all = false;
  bool no_bundled = false;
  ImportOptions import;
  int64_t count = 0;
};

ExitCode WriteRecords(const ImportCliOptions& opt, const std::vector<ImportedRecord>& records,
                      bool errors);

// The --model-config records, after the imported ones, when a benchmark cites the model.
void AddConfigRecords(const std::vector<ImportedRecord>& config, const std::string& model,
                      std::vector<ImportedRecord>& records) {
  bool cited = std::any_of(records.begin(), records.end(), [&](const ImportedRecord& r) {
    const auto* b = std::get_if<Benchmark>(&r.record);
    return b != nullptr && b->model == model;
  });
  if (cited) records.insert(records.end(), config.begin(), config.end());
}

ExitCode RunImport(const ImportCliOptions& opt) {
  // `rooflint import FILE`: the file was read as the format, which comes first.
  if (std::error_code exists_error;
      !IsImportFormat(opt.format) && std::filesystem::exists(opt.format, exists_error)) {
    std::cerr << fmt::format(
        "rooflint import: '{}' is a file, not a format: the format comes first\n"
        "  hint: rooflint import auto {}{} (auto: each file's format from its content)\n",
        EscapeTerminal(opt.format), EscapeTerminal(opt.format), opt.files.empty() ? "" : " ...");
    return ExitCode::kUsage;
  }
  if (!IsImportFormat(opt.format)) {
    std::cerr << fmt::format("rooflint import: unknown format '{}'{} ({})\n",
                             EscapeTerminal(opt.format), FormatSuggestion(opt.format),
                             fmt::join(ImportFormatNames(), ", "));
    return ExitCode::kUsage;
  }
  if (opt.files.empty()) {
    std::cerr << fmt::format(
        "rooflint import: no files given\n  hint: rooflint import {} FILE...\n", opt.format);
    return ExitCode::kUsage;
  }
  if (opt.emit != "table" && opt.emit != "toml" && opt.emit != "json") {
    std::cerr << "rooflint import: --emit takes table, json or toml\n";
    return ExitCode::kUsage;
  }
  ImportOptions options = opt.import;
  if (opt.count > 0) options.count = opt.count;

  // The corpus the records are resolved and audited against, with the target folder.
  // The bundled corpus, and the folders --corpus adds to it (as `check` reads them).
  std::vector<std::string> roots;
  if (!CorpusRoots(opt.corpus, opt.no_bundled, "import", roots)) return ExitCode::kUsage;
  if (!opt.write.empty()) {
    std::error_code ec;
    bool known = false;
    for (const auto& r : roots) known = known || fs::equivalent(r, opt.write, ec);
    if (!known && fs::is_directory(opt.write, ec)) roots.push_back(opt.write);
  }
  // A long import (a results folder, a 25 MB per-request file) shows what it is doing on a
  // terminal, as the sweep does; the line is erased before anything else is printed.
  Progress progress(StderrIsTerminal());
  progress.Phase("loading the corpus");
  Corpus corpus = LoadCorpus(roots);
  // A --model-config's model and source, written with the benchmarks that cite them.
  std::vector<ImportedRecord> config_records;
  if (!ApplyLocalHardware(options.hardware, "import") ||
      !AddModelConfig(opt.model_config, options.model, corpus, "import", &config_records)) {
    progress.Stop();
    return ExitCode::kInvalidInput;
  }
  std::string problem;
  if (!ReadImportNames(corpus, options, problem)) {
    progress.Stop();
    std::cerr << "rooflint import: " << EscapeTerminal(problem) << "\n";
    return ExitCode::kUsage;
  }
  if (opt.emit != "toml") {
    // The verdict of every figure, as `check` prints it; the records go to --write.
    std::vector<Diagnostic> read_errors;
    progress.Phase("reading the files to import");
    std::vector<ImportFile> files = ReadImportPaths(opt.files, read_errors);
    progress.Phase("importing and auditing");
    CheckReport report = CheckFiles(opt.format, files, options, corpus);
    progress.Stop();
    for (auto& d : read_errors) report.diagnostics.insert(report.diagnostics.begin(), d);
    for (const Diagnostic& d : report.diagnostics) std::cerr << RenderForTerminal(d);
    if (opt.emit == "json") {
      PrintCheckJson(report, std::cout);
    } else {
      PrintCheckText(report, UseColor("auto"), std::cout, opt.all);
      if (opt.write.empty() && !report.figures.empty()) {
        std::cout << "(the records: --emit toml prints them, --write DIR writes them)\n";
      }
    }
    AddConfigRecords(config_records, options.model, report.records);
    ExitCode written = WriteRecords(opt, report.records, report.HasErrors());
    if (written != ExitCode::kClean) return written;
    return CheckExitCode(report);
  }

  std::vector<Diagnostic> read_errors;
  progress.Phase("reading the files to import");
  std::vector<ImportFile> files = ReadImportPaths(opt.files, read_errors);
  size_t bytes = 0;
  for (const ImportFile& f : files) bytes += f.text.size();
  progress.Phase(fmt::format("importing {} file{} ({} bytes)", files.size(),
                             files.size() == 1 ? "" : "s", bytes));
  ImportResult result = Import(opt.format, files, options, corpus);
  progress.Stop();
  AddConfigRecords(config_records, options.model, result.records);
  if (corpus.HasInvalidInput()) {
    std::cerr << "rooflint import: note: the corpus has invalid records; `rooflint sweep` "
                 "lists them\n";
  }
  for (auto& d : read_errors) result.diagnostics.insert(result.diagnostics.begin(), d);
  for (const Diagnostic& d : result.diagnostics) std::cerr << RenderForTerminal(d);
  bool errors = result.HasErrors();

  // Audit the new records in the corpus they would join. Every lookup by id is in a hash map
  // made once: an import of 3,000 runs is no scan of the corpus or the findings per record.
  Corpus audited = corpus;
  std::unordered_set<std::string_view> in_corpus, added;
  for (const Benchmark& b : corpus.benchmarks) in_corpus.insert(b.header.id.view());
  std::vector<std::string> already;
  for (const ImportedRecord& r : result.records) {
    std::string path = opt.write.empty()
                           ? fmt::format("<import>/{}/{}.toml", KindFolder(r.kind), r.id)
                           : (fs::path(opt.write) / KindFolder(r.kind) / (r.id + ".toml")).string();
    if (r.kind == RecordKind::kBenchmark) {
      // In the corpus already: imported before. Twice in this import (a file given twice):
      // the same run, audited once.
      if (in_corpus.contains(r.id)) {
        already.push_back(r.id);
        continue;
      }
      if (!added.insert(r.id).second) continue;
      Benchmark b = std::get<Benchmark>(r.record);
      b.header.path = path;
      audited.benchmarks.push_back(std::move(b));
    } else if (r.kind == RecordKind::kSource && audited.FindSource(r.id) == nullptr) {
      Source s = std::get<Source>(r.record);
      s.header.path = path;
      audited.sources.push_back(std::move(s));
    } else if (r.kind == RecordKind::kModel && audited.FindModel(r.id) == nullptr) {
      Model m = std::get<Model>(r.record);
      m.header.path = path;
      audited.models.push_back(std::move(m));
    }
  }
  audited.Index();
  Progress audit_progress(StderrIsTerminal());
  audit_progress.Phase(fmt::format("auditing {} imported records", result.records.size()));
  SweepResult sweep = Sweep(audited);
  audit_progress.Stop();
  std::unordered_map<std::string_view, const RecordAudit*> audit_of;
  for (const RecordAudit& a : sweep.records) audit_of.emplace(a.benchmark->header.id.view(), &a);
  std::unordered_map<std::string_view, std::vector<const Finding*>> findings_of;
  for (const Finding& f : sweep.findings) findings_of[f.record.view()].push_back(&f);
  bool findings = false;
  for (const ImportedRecord& r : result.records) {
    std::cout << fmt::format("# {}/{}.toml\n{}", KindFolder(r.kind), CommentText(r.id), r.toml);
    if (r.kind == RecordKind::kBenchmark) {
      auto found = findings_of.find(r.id);
      std::span<const Finding* const> of_record;
      if (found != findings_of.end()) of_record = found->second;
      if (auto a = audit_of.find(r.id); a != audit_of.end()) {
        PrintAuditComments(*a->second, of_record, std::cout);
      }
      for (const Finding* f : of_record) findings = findings || f->Counts(false);
    }
    std::cout << "\n";
  }
  for (const std::string& id : already) {
    std::cerr << fmt::format(
        "rooflint import: note: benchmark {} is already in the corpus: "
        "this file was imported before\n",
        id);
  }

  ExitCode written = WriteRecords(opt, result.records, errors);
  if (written != ExitCode::kClean) return written;
  if (errors) return ExitCode::kInvalidInput;
  return findings ? ExitCode::kFindings : ExitCode::kClean;
}

// Writes the records under --write DIR, all or none, never over a file with other content.
ExitCode WriteRecords(const ImportCliOptions& opt, const std::vector<ImportedRecord>& records,
                      bool errors) {
  if (!opt.write.empty()) {
    if (errors) {
      std::cerr << "rooflint import: nothing written: fix the errors above first\n";
      return ExitCode::kInvalidInput;
    }
    // What a killed import left in DIR is put back first: its records are not "imported
    // before".
    std::string recovered, recover_error;
    const bool recovery_ok = RecoverInterruptedWrite(opt.write, recovered, recover_error);
    if (!recovered.empty()) {
      std::cerr << fmt::format("rooflint import: note: {}\n", EscapeTerminal(recovered));
    }
    if (!recovery_ok) {
      std::cerr << fmt::format("error[cannot-write]: {}\n", EscapeTerminal(recover_error));
      return ExitCode::kInvalidInput;
    }
    // Decide every file before writing any, so a refusal writes nothing: sources and draft
    // models first, then the benchmarks that cite them (a kill between two links leaves no
    // benchmark without its source).
    std::vector<const ImportedRecord*> order;
    for (const ImportedRecord& r : records) {
      if (r.kind != RecordKind::kBenchmark) order.push_back(&r);
    }
    for (const ImportedRecord& r : records) {
      if (r.kind == RecordKind::kBenchmark) order.push_back(&r);
    }
    std::vector<NewFile> to_write;                  // paths under --write DIR
    std::map<std::string, std::string> planned;     // path -> text, within this import
    std::map<std::string, std::string> first_from;  // path -> the input it is written from
    std::set<std::string> leaving;                  // the links out of DIR reported
    bool refused = false;
    for (const ImportedRecord* r : order) {
      const std::string relative = (fs::path(KindFolder(r->kind)) / (r->id + ".toml")).string();
      const std::string path = (fs::path(opt.write) / relative).string();
      if (auto it = planned.find(path); it != planned.end()) {
        // Ids come from the measured content and the flags, which one import shares: a second
        // record with the id is the same run given twice (a copy of a file, a repeated line).
        // It is written once; its wording may differ only by where it was read.
        if (it->second != r->toml) {
          std::cerr << fmt::format(
              "rooflint import: {} {} comes from two inputs (the same run): written once, "
              "from {}\n",
              KindName(r->kind), r->id, first_from[path]);
        }
        continue;
      }
      first_from[path] = r->from;
      planned.emplace(path, r->toml);
      // Looked up as it would be written: never through a link that leaves DIR (a record
      // folder linked out of it, which a pull request can add), nor a record file's link.
      const FoundUnder found = LookUnder(opt.write, relative, size_t{1} << 20);
      if (found.kind == FoundUnder::kLeaves) {
        if (leaving.insert(found.where).second) {
          std::cerr << fmt::format(
              "{}: error[symlink-outside-corpus]: a symbolic link to a folder that leaves {}, "
              "the folder --write writes into: nothing is written through it\n  hint: make it "
              "a folder of its own, or --write into another folder\n",
              found.where, opt.write);
        }
        refused = true;
        continue;
      }
      if (found.kind == FoundUnder::kError) {
        std::cerr << fmt::format(
            "{}: error[cannot-write]: cannot look at it: {}\n  hint: check that the folder "
            "is readable\n",
            path, found.where);
        refused = true;
        continue;
      }
      if (found.kind != FoundUnder::kNothing) {
        const bool same = found.kind == FoundUnder::kFile && found.text == r->toml;
        if (same) {
          std::cerr << fmt::format("rooflint import: {} already holds this record: skipped\n",
                                   path);
          continue;
        }
        if (r->kind != RecordKind::kBenchmark) {
          // A source or draft model id comes from the content of the file or the name of the
          // model: the record there describes the same thing (imported from a renamed copy,
          // or on another day). The one already in the corpus is kept.
          std::cerr << fmt::format(
              "rooflint import: {} exists with other wording: kept as it is (the {} is the "
              "same by its id)\n",
              path, KindName(r->kind));
          continue;
        }
        std::cerr << fmt::format(
            "{}: error[file-exists]: refusing to overwrite: the file exists with other "
            "content\n  hint: ids come from the imported content, so this is the same "
            "measurement imported before with other flags, or a record edited since; remove "
            "or rename the file to import it again, or --write into another folder\n",
            path);
        refused = true;
        continue;
      }
      to_write.push_back({relative, r->toml});
    }
    if (refused) {
      std::cerr << "rooflint import: nothing written\n";
      return ExitCode::kInvalidInput;
    }
    std::string error, late;  // `late`: a write killed since the recovery above
    const bool written = CreateFilesAtomically(opt.write, to_write, error, &late);
    if (!late.empty()) {
      std::cerr << fmt::format("rooflint import: note: {}\n", EscapeTerminal(late));
    }
    if (!written) {
      std::cerr << fmt::format("error[cannot-write]: {}\n", EscapeTerminal(error));
      return ExitCode::kInvalidInput;
    }
    for (const NewFile& f : to_write) {
      std::cerr << fmt::format("rooflint import: wrote {}\n",
                               (fs::path(opt.write) / f.path).string());
    }
  }
  return ExitCode::kClean;
}

}  // namespace

Command AddImportCommand(CLI::App& app) {
  auto opt = std::make_shared<ImportCliOptions>();
  CLI::App* cmd =
      app.add_subcommand("import", "Turn other benchmark tools' output into audited records");
  std::string formats = "The format (auto: detect each file's format from its content):";
  for (const ImporterInfo& i : Importers()) {
    formats += fmt::format("\n  {:<12} {}", i.name, i.help);
  }
  cmd->add_option("format", opt->format, formats)->required();
  cmd->add_option("files", opt->files, "Files (an MLPerf results folder for mlperf)");
  auto* hardware = cmd->add_option(
      "--hardware", opt->import.hardware,
      "Hardware text, when the file states none (user-stated), or auto for this machine's");
  cmd->add_option("--model-config", opt->model_config,
                  "A Hugging Face config.json for a model the corpus lacks");
  auto* accelerator = cmd->add_option("--accelerator", opt->import.accelerator,
                                      "Accelerator id of the corpus the figure ran on");
  hardware->excludes(accelerator);
  cmd->add_option("--count", opt->count, "Accelerators the figure is summed over")
      ->check(CLI::Range(int64_t{1}, int64_t{1'000'000}));
  cmd->add_option("--engine-version", opt->import.engine_version,
                  "Engine build or version, when the file states none (user-stated)");
  cmd->add_option("--model", opt->import.model, "Model id, when the file's model is unknown");
  cmd->add_option("--precision", opt->import.precision,
                  "Weight format, when the file states none (rooflint precisions)");
  cmd->add_option("--source", opt->import.source,
                  "Source id to cite instead of writing a source record for the file");
  cmd->add_option("--corpus", opt->corpus,
                  "Corpus folders to add to the bundled one, to resolve and audit against");
  cmd->add_flag("--no-bundled", opt->no_bundled, "Leave out the bundled corpus");
  cmd->add_option("--emit", opt->emit,
                  "table (default: each figure's verdict, as `check` prints it), json, or toml "
                  "(the records, each with its audit as comments)");
  cmd->add_flag("--all", opt->all, "With the verdict table: list every figure");
  cmd->add_option("--write", opt->write,
                  "Write one file per record under DIR/<kind>/ (never over an existing file)");
  return {cmd, [opt] { return RunImport(*opt); }};
}

}  // namespace rooflint::cli
