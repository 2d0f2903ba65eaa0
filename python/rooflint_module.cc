// The Python module's native part, `rooflint._rooflint` (pybind11): a corpus loaded once, and
// the library's entry points on it, each returning the JSON text the CLI prints for the same
// input (check.h: CheckJson; report.h: the JSON report), which rooflint/__init__.py turns into
// dicts. Nothing here exits the process: the library returns diagnostics as values, and a
// C++ exception becomes a Python exception (pybind11's translation).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <sstream>
#include <string>
#include <vector>

#include "rooflint/audit.h"
#include "rooflint/check.h"
#include "rooflint/corpus.h"
#include "rooflint/import.h"
#include "rooflint/report.h"

namespace py = pybind11;

namespace rooflint {
namespace {

// A diagnostic as a dict: what rooflint.Error carries.
py::dict DiagnosticDict(const Diagnostic& d) {
  py::dict out;
  out["severity"] = std::string(SeverityName(d.severity));
  out["code"] = d.code.str();
  out["message"] = d.message.str();
  out["path"] = d.where.path.str();
  out["line"] = d.where.line;
  out["column"] = d.where.column;
  out["hint"] = d.hint.str();
  return out;
}

// The corpus a caller works against, loaded from its folders once.
class PyCorpus {
 public:
  // `threads`: at most this many threads load, audit and render (0: one per core; 1: none
  // started).
  PyCorpus(std::vector<std::string> folders, unsigned threads)
      : folders_(std::move(folders)), threads_(threads) {
    py::gil_scoped_release release;
    corpus_ = LoadCorpus(folders_, threads_);
  }

  // The load's problems: records the loader rejected, folders it could not read.
  py::list Diagnostics() const {
    py::list out;
    for (const Diagnostic& d : corpus_.diagnostics) out.append(DiagnosticDict(d));
    return out;
  }

  std::string Check(const Claim& claim) const {
    CheckReport report;
    {
      py::gil_scoped_release release;
      report = CheckClaim(claim, corpus_);
    }
    return CheckJson(report);
  }

  std::string CheckFiles(const std::vector<std::string>& paths, const std::string& format,
                         const ImportOptions& import, const Claim& conditions) const {
    CheckReport report;
    {
      py::gil_scoped_release release;
      std::vector<Diagnostic> read_errors;
      std::vector<ImportFile> files = ReadImportPaths(paths, read_errors);
      report = rooflint::CheckFiles(format, files, import, corpus_, Stated(conditions));
      report.diagnostics.insert(report.diagnostics.begin(), read_errors.begin(), read_errors.end());
    }
    return CheckJson(report);
  }

  std::string CheckText(const std::string& name, const std::string& text, const std::string& format,
                        const ImportOptions& import, const Claim& conditions) const {
    CheckReport report;
    {
      py::gil_scoped_release release;
      const ImportFile file{name, text};
      report =
          rooflint::CheckFiles(format, std::span(&file, 1), import, corpus_, Stated(conditions));
    }
    return CheckJson(report);
  }

  std::string Sweep(double near_roof_percent, const std::string& format) const {
    std::ostringstream out;
    {
      py::gil_scoped_release release;
      SweepOptions options;
      options.near_roof_percent = near_roof_percent;
      options.threads = threads_;
      const ReportFormat* printer = FindReportFormat(format);
      if (printer == nullptr) throw std::invalid_argument("unknown report format: " + format);
      Report report = BuildReport(corpus_, rooflint::Sweep(corpus_, options));
      report.threads = threads_;
      PrintOptions print;
      print.verbose = true;
      printer->print(report, print, out);
    }
    return out.str();
  }

  py::list Models() const {
    py::list out;
    for (const Model& m : corpus_.models) {
      py::dict d;
      d["id"] = m.header.id.str();
      d["name"] = m.name;
      d["aliases"] = m.aliases;
      d["status"] = std::string(StatusName(m.header.status));
      d["params_total"] = m.params_total > 0 ? py::cast(m.params_total) : py::none();
      d["params_active"] = m.params_active ? py::cast(*m.params_active) : py::none();
      d["layers"] = m.layers > 0 ? py::cast(m.layers) : py::none();
      d["kv_heads"] = m.kv_heads > 0 ? py::cast(m.kv_heads) : py::none();
      d["head_dim"] = m.head_dim > 0 ? py::cast(m.head_dim) : py::none();
      d["native_precision"] =
          m.native_precision.empty() ? py::none() : py::cast(m.native_precision);
      d["path"] = m.header.path.str();
      out.append(d);
    }
    return out;
  }

  py::list Accelerators() const {
    py::list out;
    for (const Accelerator& a : corpus_.accelerators) {
      py::dict d;
      d["id"] = a.header.id.str();
      d["name"] = a.name;
      d["vendor"] = a.vendor;
      d["aliases"] = a.aliases;
      d["status"] = std::string(StatusName(a.header.status));
      d["memory_bytes"] = a.memory.si();
      d["bandwidth_bytes_per_second"] = a.bandwidth.si();
      py::dict peaks;
      for (const auto& [precision, flops] : a.peak_dense) peaks[py::str(precision)] = flops.si();
      d["peak_dense_flops"] = peaks;
      d["path"] = a.header.path.str();
      out.append(d);
    }
    return out;
  }

 private:
  // The conditions a caller states for every figure of the files (CheckOptions::stated).
  static CheckOptions Stated(const Claim& conditions) {
    CheckOptions options;
    options.stated = conditions;
    return options;
  }
  std::vector<std::string> folders_;
  unsigned threads_ = 0;
  Corpus corpus_;
};

}  // namespace
}  // namespace rooflint

PYBIND11_MODULE(_rooflint, m) {
  using namespace rooflint;
  m.doc() = "rooflint's native part; use the rooflint package, not this module";
  m.attr("version") = std::string(ToolVersion());
  m.attr("bundled_data") = std::string(ROOFLINT_BUNDLED_DATA);

  py::class_<Claim>(m, "Claim")
      .def(py::init<>())
      .def_readwrite("model", &Claim::model)
      .def_readwrite("hardware", &Claim::hardware)
      .def_readwrite("value", &Claim::value)
      .def_readwrite("metric", &Claim::metric)
      .def_readwrite("precision", &Claim::precision)
      .def_readwrite("count", &Claim::count)
      .def_readwrite("batch", &Claim::batch)
      .def_readwrite("concurrency", &Claim::concurrency)
      .def_readwrite("input_tokens", &Claim::input_tokens)
      .def_readwrite("input_tokens_mean", &Claim::input_tokens_mean)
      .def_readwrite("output_tokens", &Claim::output_tokens)
      .def_readwrite("replicas", &Claim::replicas)
      .def_readwrite("samples_per_prompt", &Claim::samples_per_prompt)
      .def_readwrite("engine", &Claim::engine)
      .def_readwrite("engine_version", &Claim::engine_version)
      .def_readwrite("speculative", &Claim::speculative)
      .def_readwrite("acceptance_length", &Claim::acceptance_length)
      .def_readwrite("offload", &Claim::offload)
      .def_readwrite("prefix_cache", &Claim::prefix_cache)
      .def_readwrite("attention_window", &Claim::attention_window)
      .def_readwrite("kv_precision", &Claim::kv_precision);

  py::class_<ImportOptions>(m, "ImportOptions")
      .def(py::init<>())
      .def_readwrite("hardware", &ImportOptions::hardware)
      .def_readwrite("accelerator", &ImportOptions::accelerator)
      .def_readwrite("count", &ImportOptions::count)
      .def_readwrite("engine_version", &ImportOptions::engine_version)
      .def_readwrite("model", &ImportOptions::model)
      .def_readwrite("precision", &ImportOptions::precision)
      .def_readwrite("source", &ImportOptions::source);

  py::class_<PyCorpus>(m, "Corpus")
      .def(py::init<std::vector<std::string>, unsigned>(), py::arg("folders"),
           py::arg("threads") = 0)
      .def("diagnostics", &PyCorpus::Diagnostics)
      .def("check", &PyCorpus::Check, py::arg("claim"))
      .def("check_files", &PyCorpus::CheckFiles, py::arg("paths"), py::arg("format"),
           py::arg("options"), py::arg("conditions"))
      .def("check_text", &PyCorpus::CheckText, py::arg("name"), py::arg("text"), py::arg("format"),
           py::arg("options"), py::arg("conditions"))
      .def("sweep", &PyCorpus::Sweep, py::arg("near_roof_percent"), py::arg("format"))
      .def("models", &PyCorpus::Models)
      .def("accelerators", &PyCorpus::Accelerators);
}
