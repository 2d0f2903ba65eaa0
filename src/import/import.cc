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
#include <deque>
#include <filesystem>

#include "core/file_io.h"
#include "import/common.h"
#include "import/registry.h"
#include "rooflint/names.h"
#include "rooflint/precision.h"

namespace rooflint {

namespace fs = std::filesystem;

bool ImportResult::HasErrors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// The text of a file with a UTF-8 byte-order mark (which Windows editors write, and which no
// format means as content) left out.
std::string_view WithoutBom(std::string_view text) {
  return text.starts_with(kUtf8Bom) ? text.substr(kUtf8Bom.size()) : text;
}

// "UTF-16 (little-endian)" when the text is UTF-16 (its byte-order mark, or an ASCII start
// with every other byte zero), else "".
std::string_view Utf16Kind(std::string_view text) {
  if (text.starts_with("\xFF\xFE")) return "UTF-16 (little-endian, from its byte-order mark)";
  if (text.starts_with("\xFE\xFF")) return "UTF-16 (big-endian, from its byte-order mark)";
  if (text.size() >= 4 && text[0] != '\0' && text[1] == '\0' && text[2] != '\0' &&
      text[3] == '\0') {
    return "UTF-16 (little-endian: every other byte is zero)";
  }
  if (text.size() >= 4 && text[0] == '\0' && text[1] != '\0' && text[2] == '\0' &&
      text[3] != '\0') {
    return "UTF-16 (big-endian: every other byte is zero)";
  }
  return "";
}

const import::Importer* DetectOne(const ImportFile& f) {
  const std::string_view text = WithoutBom(f.text);
  for (const import::Importer& row : import::ImporterTable()) {
    if (row.detect(text)) return &row;
  }
  return nullptr;
}

// "llama-bench|vllm-serve|mlperf", for hints.
std::string FormatChoices() {
  std::string out;
  for (const ImporterInfo& i : Importers()) {
    if (!out.empty()) out += '|';
    out += i.name;
  }
  return out;
}

Diagnostic FlagError(std::string_view flag, std::string_view message, std::string_view hint) {
  Diagnostic d;
  d.code = DiagnosticCode("unknown-id").name();
  d.where.path = flag;
  d.message = message;
  d.hint = hint;
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
    d.code = DiagnosticCode("unknown-precision").name();
    out.push_back(d);
  }
}

}  // namespace

bool ReadImportNames(const Corpus& corpus, ImportOptions& options, std::string& problem) {
  std::string named;  // a weight format the model's name states ("-AWQ")
  std::string model_text = options.model;
  if (!options.model.empty() && corpus.FindModel(options.model) == nullptr) {
    ModelName m = ReadModelName(corpus, options.model);
    if (m.model == nullptr) {
      problem = fmt::format("--model: {}", m.problem);
      return false;
    }
    options.model = m.model->header.id.str();
    named = m.precision;
  }
  const Model* model = options.model.empty() ? nullptr : corpus.FindModel(options.model);
  WeightFormat w = ReadWeightFormat(options.precision, model, named, model_text);
  if (!w.problem.empty()) {
    problem = fmt::format("--precision: {}", w.problem);
    return false;
  }
  if (w.native_unknown) {
    problem =
        "--precision auto: the model's native precision is not known here; give the weight "
        "format";
    return false;
  }
  options.precision = w.name;
  // An accelerator flag that is not an id is hardware text ("h100").
  if (!options.accelerator.empty() && corpus.FindAccelerator(options.accelerator) == nullptr) {
    HardwareIndex index(corpus.accelerators);
    HardwareName h = ReadHardwareName(corpus, index, options.accelerator);
    if (h.parts.empty()) {
      problem = fmt::format("--accelerator: {}", h.problem);
      return false;
    }
    if (h.parts.size() == 1 && !h.count) {
      options.accelerator = h.parts[0]->header.id.str();  // a name of one part: its id
    } else {
      if (options.hardware.empty()) options.hardware = options.accelerator;
      options.accelerator.clear();
    }
  }
  return true;
}

std::string_view DetectFormat(std::span<const ImportFile> files) {
  for (const ImportFile& f : files) {
    if (const import::Importer* row = DetectOne(f)) return row->info.name;
  }
  return kAutoFormat;
}

ImportResult Import(std::string_view format, std::span<const ImportFile> files,
                    const ImportOptions& options, const Corpus& corpus) {
  ImportResult out;
  const import::Importer* chosen = nullptr;
  if (format != kAutoFormat) {
    chosen = import::FindImporter(format);
    if (chosen == nullptr) {
      Diagnostic d;
      d.code = DiagnosticCode("unknown-format").name();
      d.where.path = "FORMAT";
      d.message = fmt::format("no importer is named '{}'", format);
      d.hint = fmt::format("name one of: auto|{}", FormatChoices());
      out.diagnostics.push_back(d);
      return out;
    }
  }
  CheckOptions(options, corpus, out.diagnostics);
  if (!out.diagnostics.empty()) {
    SortDiagnostics(out.diagnostics);
    return out;
  }
  import::Context ctx(corpus, options);
  try {
    // Files of a one-file format are imported in input order; a set format gets its files
    // together after them, in table order.
    auto rows = import::ImporterTable();
    std::vector<std::vector<ImportFile>> sets(rows.size());
    std::deque<ImportFile> stripped;  // files without their byte-order mark, kept to the end
    for (const ImportFile& given : files) {
      // A UTF-8 byte-order mark is left out before any reader sees the text; UTF-16 is named,
      // not guessed at.
      if (std::string_view utf16 = Utf16Kind(given.text); !utf16.empty()) {
        Diagnostic d;
        d.code = DiagnosticCode("bad-utf8").name();
        d.where.path = given.path;
        d.message = fmt::format("the file is {}: rooflint reads UTF-8", utf16);
        d.hint =
            "convert it first: iconv -f UTF-16 -t UTF-8 FILE > FILE.utf8 (PowerShell's "
            "`>` writes UTF-16; `| Out-File -Encoding utf8` does not)";
        out.diagnostics.push_back(d);
        continue;
      }
      const ImportFile& f =
          given.text.starts_with(kUtf8Bom)
              ? stripped.emplace_back(
                    ImportFile{given.path, given.text.substr(kUtf8Bom.size()), given.from_folder})
              : given;
      const import::Importer* row = chosen != nullptr ? chosen : DetectOne(f);
      if (row == nullptr && f.from_folder) {
        Diagnostic d;
        d.severity = Severity::kNote;
        d.code = DiagnosticCode("not-read").name();
        d.where.path = f.path;
        d.message =
            "a file of the folder that is the output of none of the tools rooflint "
            "imports: not read";
        d.hint = "a results folder holds other files too (metadata, configurations)";
        out.diagnostics.push_back(d);
      } else if (row == nullptr) {
        Diagnostic d;
        d.code = DiagnosticCode("unknown-format").name();
        d.where.path = f.path;
        d.message =
            "cannot tell the format from the content: it is the output of none of the "
            "tools rooflint imports";
        d.hint = fmt::format("name the format: rooflint import {} FILE", FormatChoices());
        out.diagnostics.push_back(d);
      } else if (row->each != nullptr) {
        row->each(f, ctx, out);
      } else {
        sets[static_cast<size_t>(row - rows.data())].push_back(f);
      }
    }
    for (size_t i = 0; i < rows.size(); ++i) {
      if (!sets[i].empty()) rows[i].set(sets[i], ctx, out);
    }
  } catch (const std::exception& e) {
    // Nothing above throws by design; this keeps a library surprise a diagnostic.
    Diagnostic d;
    d.code = DiagnosticCode("internal").name();
    d.where.path = files.empty() ? "" : files[0].path;
    d.message = fmt::format("internal error: {}", e.what());
    d.hint = "please report this with the file";
    out.diagnostics.push_back(d);
  }
  // Benchmarks first, then models and sources, each in input order.
  std::stable_partition(out.records.begin(), out.records.end(),
                        [](const ImportedRecord& r) { return r.kind == RecordKind::kBenchmark; });
  SortDiagnostics(out.diagnostics);
  // A hostile file may hold a million faults: as the loader does, 50 a file, the rest counted
  // (the importers keep no more than that of a file while importing).
  CapPerFile(out.diagnostics, kDiagnosticsPerFile, out.dropped);
  out.dropped.clear();
  return out;
}

namespace {

constexpr size_t kMaxFileBytes = size_t{1} << 30;  // 1 GiB: an import reads a file whole

// True when some importer takes a file of this name from a folder.
bool TakenFromFolder(const fs::path& p) {
  std::string name = p.filename().string();
  for (const import::Importer& row : import::ImporterTable()) {
    if (row.from_folder != nullptr && row.from_folder(name)) return true;
  }
  return false;
}

}  // namespace

std::vector<ImportFile> ReadImportPaths(std::span<const std::string> paths,
                                        std::vector<Diagnostic>& diagnostics) {
  std::vector<ImportFile> out;
  for (const std::string& path : paths) {
    std::error_code ec;
    std::vector<std::string> names;
    const bool from_folder = fs::is_directory(path, ec);
    if (from_folder) {
      for (auto it = fs::recursive_directory_iterator(path, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && TakenFromFolder(it->path())) {
          names.push_back(it->path().string());
        }
      }
      std::sort(names.begin(), names.end());
      if (names.empty()) {
        Diagnostic d;
        d.code = DiagnosticCode("cannot-read").name();
        d.where.path = path;
        d.message = "the folder holds no file an importer reads from a folder";
        d.hint =
            "give the files by name (a folder is read for MLPerf: its "
            "mlperf_log_summary.txt, mlperf_log_detail.txt and *.json)";
        diagnostics.push_back(d);
      }
    } else {
      names.push_back(path);
    }
    for (const std::string& name : names) {
      ImportFile f;
      f.path = name;
      f.from_folder = from_folder;
      std::string error;
      if (!ReadRegularFile(name, kMaxFileBytes, f.text, error)) {
        Diagnostic d;
        d.code = DiagnosticCode("cannot-read").name();
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
