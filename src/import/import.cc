// The import entry points: format names and detection by content, reading the paths an
// import names, checking the user's flags against the corpus, and dispatching to the
// per-format importers.
#include "rooflint/import.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/file_io.h"
#include "import/common.h"
#include "rooflint/precision.h"

namespace rooflint {

namespace fs = std::filesystem;

std::string_view ImportFormatName(ImportFormat f) {
  switch (f) {
    case ImportFormat::kAuto:
      return "auto";
    case ImportFormat::kLlamaBench:
      return "llama-bench";
    case ImportFormat::kVllmServe:
      return "vllm-serve";
    case ImportFormat::kMlperf:
      return "mlperf";
  }
  return "?";
}

std::optional<ImportFormat> ParseImportFormat(std::string_view name) {
  for (auto f : {ImportFormat::kAuto, ImportFormat::kLlamaBench, ImportFormat::kVllmServe,
                 ImportFormat::kMlperf}) {
    if (ImportFormatName(f) == name) return f;
  }
  return std::nullopt;
}

bool ImportResult::HasErrors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

namespace {

ImportFormat DetectOne(const ImportFile& f) {
  // MLPerf first: its systems JSON is JSON, and a summary has no JSON at all.
  if (import::LooksLikeMlperf(f.text)) return ImportFormat::kMlperf;
  if (import::LooksLikeVllmServe(f.text)) return ImportFormat::kVllmServe;
  if (import::LooksLikeLlamaBench(f.text)) return ImportFormat::kLlamaBench;
  return ImportFormat::kAuto;
}

Diagnostic FlagError(std::string flag, std::string message, std::string hint) {
  Diagnostic d;
  d.code = "unknown-id";
  d.where.path = std::move(flag);
  d.message = std::move(message);
  d.hint = std::move(hint);
  return d;
}

// Flags that name corpus records must name existing ones.
void CheckOptions(const ImportOptions& o, const Corpus& corpus, std::vector<Diagnostic>& out) {
  if (!o.model.empty() && corpus.FindModel(o.model) == nullptr) {
    out.push_back(FlagError("--model", fmt::format("no model '{}' in the corpus", o.model),
                            "give a model id (models/<id>.toml), or add the model record"));
  }
  if (!o.accelerator.empty() && corpus.FindAccelerator(o.accelerator) == nullptr) {
    out.push_back(FlagError("--accelerator",
                            fmt::format("no accelerator '{}' in the corpus", o.accelerator),
                            "give an accelerator id (accelerators/<id>.toml), or use --hardware "
                            "with the part's name"));
  }
  if (!o.source.empty() && corpus.FindSource(o.source) == nullptr) {
    out.push_back(FlagError("--source", fmt::format("no source '{}' in the corpus", o.source),
                            "give a source id (sources/<id>.toml), or leave --source out to "
                            "write a source record for the file"));
  }
  if (!o.precision.empty() && FindPrecision(o.precision) == nullptr) {
    Diagnostic d = FlagError("--precision", fmt::format("unknown precision '{}'", o.precision),
                             "rooflint precisions lists the weight formats");
    d.code = "unknown-precision";
    out.push_back(d);
  }
}

}  // namespace

ImportFormat DetectFormat(std::span<const ImportFile> files) {
  for (const ImportFile& f : files) {
    ImportFormat k = DetectOne(f);
    if (k != ImportFormat::kAuto) return k;
  }
  return ImportFormat::kAuto;
}

ImportResult Import(ImportFormat format, std::span<const ImportFile> files,
                    const ImportOptions& options, const Corpus& corpus) {
  ImportResult out;
  CheckOptions(options, corpus, out.diagnostics);
  if (!out.diagnostics.empty()) {
    SortDiagnostics(out.diagnostics);
    return out;
  }
  import::Context ctx(corpus, options);
  try {
    std::vector<ImportFile> mlperf;
    for (const ImportFile& f : files) {
      ImportFormat k = format == ImportFormat::kAuto ? DetectOne(f) : format;
      switch (k) {
        case ImportFormat::kLlamaBench:
          import::ImportLlamaBench(f, ctx, out);
          break;
        case ImportFormat::kVllmServe:
          import::ImportVllmServe(f, ctx, out);
          break;
        case ImportFormat::kMlperf:
          mlperf.push_back(f);
          break;
        case ImportFormat::kAuto: {
          Diagnostic d;
          d.code = "unknown-format";
          d.where.path = f.path;
          d.message =
              "cannot tell the format from the content: not llama-bench, vLLM bench "
              "serve or MLPerf output";
          d.hint = "name the format: rooflint import llama-bench|vllm-serve|mlperf FILE";
          out.diagnostics.push_back(d);
          break;
        }
      }
    }
    if (!mlperf.empty()) import::ImportMlperf(mlperf, ctx, out);
  } catch (const std::exception& e) {
    // Nothing above throws by design; this keeps a library surprise a diagnostic.
    Diagnostic d;
    d.code = "internal";
    d.where.path = files.empty() ? "" : files[0].path;
    d.message = fmt::format("internal error: {}", e.what());
    d.hint = "please report this with the file";
    out.diagnostics.push_back(d);
  }
  // Benchmarks first, then models and sources, each in input order.
  std::stable_partition(out.records.begin(), out.records.end(),
                        [](const ImportedRecord& r) { return r.kind == RecordKind::kBenchmark; });
  SortDiagnostics(out.diagnostics);
  return out;
}

namespace {

constexpr size_t kMaxFileBytes = size_t{1} << 30;  // 1 GiB: an import reads a file whole

bool IsMlperfName(const fs::path& p) {
  std::string name = p.filename().string();
  return name.ends_with("mlperf_log_summary.txt") || name.ends_with("mlperf_log_detail.txt") ||
         p.extension() == ".json";
}

}  // namespace

std::vector<ImportFile> ReadImportPaths(std::span<const std::string> paths,
                                        std::vector<Diagnostic>& diagnostics) {
  std::vector<ImportFile> out;
  for (const std::string& path : paths) {
    std::error_code ec;
    std::vector<std::string> names;
    if (fs::is_directory(path, ec)) {
      for (auto it = fs::recursive_directory_iterator(path, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && IsMlperfName(it->path())) {
          names.push_back(it->path().string());
        }
      }
      std::sort(names.begin(), names.end());
      if (names.empty()) {
        Diagnostic d;
        d.code = "cannot-read";
        d.where.path = path;
        d.message =
            "the folder holds no mlperf_log_summary.txt, mlperf_log_detail.txt or "
            "*.json";
        d.hint = "give the files, or the MLPerf results folder that holds them";
        diagnostics.push_back(d);
      }
    } else {
      names.push_back(path);
    }
    for (const std::string& name : names) {
      ImportFile f;
      f.path = name;
      std::string error;
      if (!ReadRegularFile(name, kMaxFileBytes, f.text, error)) {
        Diagnostic d;
        d.code = "cannot-read";
        d.where.path = name;
        d.message = fmt::format("cannot read the file: {}", error);
        d.hint = "check the path";
        diagnostics.push_back(d);
        continue;
      }
      out.push_back(std::move(f));
    }
  }
  return out;
}

}  // namespace rooflint
