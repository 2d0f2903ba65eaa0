// The whole pipeline on hostile record files: load -> sweep -> report in every format -> show.
//
// The input is one to eight record files. Text before the first marker line is a benchmark;
// a line starting with "#@" begins a new record whose kind is the letter after it (a, m, b, s,
// g: accelerators, models, benchmarks, sources, gotchas; anything else is a benchmark). A marker
// is a TOML comment, so a record file is its own seed, and `make fuzz` turns each test corpus
// folder into one multi-record seed. Each record is written as <kind>/<id>.toml (its `id` key
// when that is a plain id, so the record can be valid) into a per-process temporary corpus,
// beside a fixed valid corpus loaded once: the test corpus's parts, model and source, and a few
// bundled models and accelerators with every source they and their benchmarks cite, so that a
// bundled benchmark given as input resolves and reaches the roofs.
//
// Every run must: load, sweep and build the report without crashing; print each report, whole
// and concise, the same from a sweep that keeps only what it reads (ReportFormat::reads); print
// every format of ReportFormats(); produce a JSON report and a SARIF log that parse back as JSON
// (valid UTF-8 included); print `show` for every benchmark; write and read back a baseline of the
// findings; write a report through the safe writer and read back the same bytes; and write the same
// bytes when the format streams its records during the sweep (RecordStream).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/file_io.h"
#include "rooflint/audit.h"
#include "rooflint/baseline.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"

namespace fs = std::filesystem;

namespace {

// The bundled records of the fixed corpus: 65 of the bundled benchmarks run on these parts and
// models only.
constexpr const char* kFixedModels[] = {"llama-2-7b", "llama-3.3-70b", "gpt-oss-20b",
                                        "llama-3.1-8b"};
constexpr const char* kFixedAccelerators[] = {"amd-ryzen-ai-max-395", "nvidia-a100-40gb-sxm4",
                                              "nvidia-a100-40gb-pcie", "nvidia-h200-sxm",
                                              "nvidia-h100-sxm5"};
constexpr size_t kMaxRecords = 8;

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "sweep_fuzzer: %s: %s\n", what, detail.c_str());
  std::abort();
}

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) Fail("cannot read", path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void WriteAll(const fs::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) Fail("cannot write", path.string());
}

const char* KindFolder(char letter) {
  switch (letter) {
    case 'a':
      return "accelerators";
    case 'm':
      return "models";
    case 's':
      return "sources";
    case 'g':
      return "gotchas";
    default:
      return "benchmarks";
  }
}

// The quoted strings of `key = "a"` or `key = ["a", "b"]` at the start of `line`, else none.
std::vector<std::string> QuotedValues(std::string_view line, std::string_view key) {
  std::vector<std::string> values;
  if (!line.starts_with(key)) return values;
  size_t at = line.find_first_not_of(' ', key.size());
  if (at == std::string_view::npos || line[at] != '=') return values;
  at = line.find_first_not_of(' ', at + 1);
  if (at == std::string_view::npos || (line[at] != '"' && line[at] != '[')) return values;
  size_t stop = line[at] == '"' ? line.find('"', at + 1) + 1 : line.find(']', at);
  if (stop == 0 || stop == std::string_view::npos) return values;
  std::string_view list = line.substr(at, stop - at);
  for (size_t open = list.find('"'); open != std::string_view::npos;) {
    size_t close = list.find('"', open + 1);
    if (close == std::string_view::npos) break;
    values.emplace_back(list.substr(open + 1, close - open - 1));
    open = list.find('"', close + 1);
  }
  return values;
}

// The per-process temporary folder: fixed/ (the valid corpus) and input/ (this run's records).
struct Workspace {
  fs::path root;
  fs::path fixed;
  fs::path input;
};

void RemoveWorkspace();

// Copies the fixed corpus into fixed/, reading the source tree once.
void WriteFixedCorpus(const fs::path& fixed) {
  const fs::path data = ROOFLINT_BUNDLED_DATA;
  const fs::path base = fs::path(ROOFLINT_TEST_CORPORA) / "base";
  for (const char* kind : {"accelerators", "models", "benchmarks", "sources", "gotchas"}) {
    fs::create_directories(fixed / kind);
  }
  for (const auto& entry : fs::recursive_directory_iterator(base)) {
    if (entry.is_regular_file()) {
      fs::copy_file(entry.path(),
                    fixed / entry.path().parent_path().filename() / entry.path().filename());
    }
  }
  for (const auto& entry : fs::directory_iterator(data / "gotchas")) {
    if (entry.path().extension() == ".toml") {
      fs::copy_file(entry.path(), fixed / "gotchas" / entry.path().filename());
    }
  }
  // The sources to copy: every source id the fixed parts and models cite, and the source of
  // every bundled benchmark that runs on them only. Read once, from valid files, a line at a
  // time: `key = "id"` and `key = ["id", ...]`, `source = "id"` anywhere on a line.
  std::set<std::string> models(std::begin(kFixedModels), std::end(kFixedModels));
  std::set<std::string> parts(std::begin(kFixedAccelerators), std::end(kFixedAccelerators));
  std::set<std::string> sources;
  auto cite = [&](const std::string& text) {
    for (size_t at = text.find("source"); at != std::string::npos;
         at = text.find("source", at + 1)) {
      std::vector<std::string> ids = QuotedValues(std::string_view(text).substr(at), "source");
      if (!ids.empty()) sources.insert(ids.front());
    }
  };
  auto copy_record = [&](const char* kind, const std::string& id) {
    fs::path from = data / kind / (id + ".toml");
    if (!fs::is_regular_file(from)) return;  // renamed since: the fixed corpus is smaller
    std::string text = ReadAll(from);
    WriteAll(fixed / kind / from.filename(), text);
    cite(text);
  };
  for (const auto& id : models) copy_record("models", id);
  for (const auto& id : parts) copy_record("accelerators", id);
  for (const auto& entry : fs::directory_iterator(data / "benchmarks")) {
    std::string text = ReadAll(entry.path());
    bool model_here = false, parts_here = false;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
      for (const std::string& id : QuotedValues(line, "model")) model_here = models.contains(id);
      if (line.starts_with("accelerators ") || line.starts_with("accelerators=")) {
        std::vector<std::string> ids = QuotedValues(line, "accelerators");
        parts_here = !ids.empty();
        for (const std::string& id : ids) parts_here = parts_here && parts.contains(id);
      }
    }
    if (model_here && parts_here) cite(text);
  }
  for (const auto& id : sources) copy_record("sources", id);
}

const Workspace& Work() {
  static const Workspace* const kWork = [] {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/rooflint-sweep-fuzz-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) Fail("cannot create a temporary folder", pattern);
    auto* work = new Workspace{pattern, fs::path(pattern) / "fixed", fs::path(pattern) / "input"};
    std::atexit(RemoveWorkspace);
    WriteFixedCorpus(work->fixed);
    return work;
  }();
  return *kWork;
}

void RemoveWorkspace() {
  std::error_code ec;
  fs::remove_all(Work().root, ec);
}

// The `id = "..."` of a record's text when it is a plain id (so that the file stem can match
// it), else "".
std::string IdOf(std::string_view text) {
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    std::string_view line = text.substr(at, end == std::string_view::npos ? end : end - at);
    at = end == std::string_view::npos ? text.size() : end + 1;
    if (!line.starts_with("id")) continue;
    size_t open = line.find('"'), close = line.rfind('"');
    if (open == std::string_view::npos || close <= open + 1 || close - open > 65) return "";
    std::string id(line.substr(open + 1, close - open - 1));
    for (char c : id) {
      bool plain = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
      if (!plain) return "";
    }
    if (id.front() == '.' || id.front() == '-') return "";
    return id;
  }
  return "";
}

// Splits the input at its marker lines and writes each record under input/.
void WriteInput(std::string_view text, const fs::path& input) {
  std::error_code ec;
  fs::remove_all(input, ec);
  for (const char* kind : {"accelerators", "models", "benchmarks", "sources", "gotchas"}) {
    fs::create_directories(input / kind);
  }
  std::vector<std::pair<char, std::string_view>> records;
  char kind = 'b';
  size_t begin = 0, at = 0;
  while (at <= text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (line.starts_with("#@") && records.size() + 1 < kMaxRecords) {
      if (at > begin) records.emplace_back(kind, text.substr(begin, at - begin));
      kind = line.size() > 2 ? line[2] : 'b';
      begin = end < text.size() ? end + 1 : text.size();
    }
    at = end + 1;
  }
  if (begin < text.size() || records.empty()) records.emplace_back(kind, text.substr(begin));
  std::set<fs::path> used;
  for (size_t i = 0; i < records.size(); ++i) {
    fs::path folder = input / KindFolder(records[i].first);
    std::string id = IdOf(records[i].second);
    fs::path file = folder / ((id.empty() ? "fuzz-" + std::to_string(i) : id) + ".toml");
    if (!used.insert(file).second) file = folder / ("fuzz-" + std::to_string(i) + ".toml");
    used.insert(file);
    WriteAll(file, records[i].second);
  }
}

void ParseBack(const char* format, const std::string& text) {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    Fail(format, std::string("does not parse back: ") + e.what());
  }
  if (!json.is_object()) Fail(format, "is not a JSON object");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Workspace& work = Work();
  WriteInput(std::string_view(reinterpret_cast<const char*>(data), size), work.input);

  // LoadCorpus({fixed, input}) without re-parsing the fixed corpus on every run: the loader
  // orders records by path (fixed/ before input/), and Index() redoes every cross-record check
  // (duplicate and dangling ids) and sorts the diagnostics.
  static const rooflint::Corpus* const kFixed = [&] {
    std::vector<std::string> roots = {work.fixed.string()};
    auto* fixed = new rooflint::Corpus(rooflint::LoadCorpus(roots));
    for (const auto& d : fixed->diagnostics) {  // a bundled record changed: say so, go on
      std::fprintf(stderr, "sweep_fuzzer: the fixed corpus: %s\n", rooflint::Render(d).c_str());
    }
    return fixed;
  }();
  std::vector<std::string> roots = {work.input.string()};
  rooflint::Corpus input = rooflint::LoadCorpus(roots);
  rooflint::Corpus corpus = *kFixed;
  auto append = [](auto& into, auto& from) {
    into.insert(into.end(), std::make_move_iterator(from.begin()),
                std::make_move_iterator(from.end()));
  };
  append(corpus.accelerators, input.accelerators);
  append(corpus.models, input.models);
  append(corpus.benchmarks, input.benchmarks);
  append(corpus.sources, input.sources);
  append(corpus.gotchas, input.gotchas);
  append(corpus.files, input.files);
  append(corpus.diagnostics, input.diagnostics);
  corpus.Index();
  for (const auto& d : corpus.diagnostics) (void)rooflint::Render(d);
  rooflint::SweepResult sweep = rooflint::Sweep(corpus);

  // The baseline round trip: what is written reads back, and applies.
  std::string error;
  std::string baseline_path = (work.root / "baseline.json").string();
  if (!rooflint::WriteBaseline(baseline_path, sweep.findings, /*force=*/true, error)) {
    Fail("WriteBaseline", error);
  }
  rooflint::Baseline baseline;
  if (!rooflint::ReadBaseline(baseline_path, baseline, error)) Fail("ReadBaseline", error);
  std::vector<rooflint::Finding> baselined = sweep.findings;
  rooflint::ApplyBaseline(baseline, baselined);

  rooflint::Report report = rooflint::BuildReport(corpus, std::move(sweep));
  {
    // A sweep that keeps only what a report reads (ReportFormat::reads) prints the same
    // report, whole and concise.
    for (const rooflint::ReportFormat& format : rooflint::ReportFormats()) {
      for (bool verbose : {true, false}) {
        rooflint::PrintOptions print;
        print.verbose = verbose;
        rooflint::SweepOptions narrow;
        format.reads(print).Narrow(narrow);
        if (narrow.keep == rooflint::KeptResults::kEvery && narrow.findings_arithmetic) continue;
        rooflint::Report lean = rooflint::BuildReport(corpus, rooflint::Sweep(corpus, narrow));
        std::ostringstream full_text, lean_text;
        format.print(report, print, full_text);
        format.print(lean, print, lean_text);
        if (full_text.str() != lean_text.str()) {
          Fail("a narrowed sweep's report differs",
               std::string(format.name) + "\n" + lean_text.str() + "\nvs\n" + full_text.str());
        }
      }
    }
  }
  (void)rooflint::ExitCodeFor(report, false);
  (void)rooflint::ExitCodeFor(report, true);
  for (const rooflint::ReportFormat& format : rooflint::ReportFormats()) {
    for (bool color : {false, true}) {
      if (color && format.name != "text") continue;
      std::ostringstream out;
      format.print(report, rooflint::PrintOptions{color}, out);
      if (!out) Fail("printer failed", std::string(format.name));
      if (color) continue;
      if (format.name == "json") ParseBack("the JSON report", out.str());
      if (format.name == "sarif") ParseBack("the SARIF log", out.str());
      if (format.stream != nullptr) {
        // The format written while a sweep runs (RecordStream) writes the same bytes.
        std::ostringstream streamed;
        std::unique_ptr<rooflint::RecordStream> stream = format.stream(streamed);
        rooflint::SweepOptions stream_options;
        stream_options.keep = rooflint::KeptResults::kNone;
        stream_options.on_block = [&stream](size_t begin,
                                            std::span<const rooflint::RecordAudit> audits) {
          stream->Records(begin, audits);
        };
        stream->Finish(rooflint::BuildReport(corpus, rooflint::Sweep(corpus, stream_options)));
        if (streamed.str() != out.str()) {
          Fail("a streamed report differs",
               std::string(format.name) + "\n" + streamed.str() + "\nvs\n" + out.str());
        }
      }
      if (format.name == "json") {
        // The --output path: the safe writer leaves exactly these bytes.
        std::string path = (work.root / "report.json").string(), back;
        if (!rooflint::WriteFileSafely(path, out.str(), error)) Fail("WriteFileSafely", error);
        if (!rooflint::ReadRegularFile(path, out.str().size() + 1, back, error)) {
          Fail("ReadRegularFile", error);
        }
        if (back != out.str()) Fail("WriteFileSafely", "the file differs from the report");
      }
    }
  }
  for (const rooflint::Benchmark& benchmark : corpus.benchmarks) {
    std::ostringstream out;
    if (!rooflint::PrintRecord(report, benchmark.header.id, out)) {
      Fail("show finds no benchmark", benchmark.header.id.str());
    }
  }
  return 0;
}
