// The MLPerf Inference results table that people download from the results pages of
// mlcommons.org (a CSV export of the site's table: one row per system, benchmark and scenario,
// with the organisation, the system, its accelerator and their count, the unit and the result)
// to records: one record per row whose unit is tokens per second, each citing the table and
// its row. Rows in other units (Samples/s, Queries/s of the non-LLM benchmarks, the Watts of a
// power result) are not tokens/s: they are counted in a note that names their lines, never
// dropped without a word.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/text_util.h"
#include "import/common.h"
#include "import/driver.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;
constexpr std::string_view kSystemColumn = "System Name (click + for details)";
constexpr std::string_view kTokensPerSecond = "Tokens/s";

// The header line of the table: the first of the first lines that names the system column
// (the site's export puts a title line, "Table - ...", above it).
size_t HeaderAt(std::string_view text) {
  size_t pos = 0;
  for (int line = 0; line < 5 && pos < text.size(); ++line) {
    size_t eol = text.find('\n', pos);
    std::string_view l = text.substr(pos, eol == kNpos ? kNpos : eol - pos);
    if (l.find(kSystemColumn) != kNpos) return pos;
    if (eol == kNpos) break;
    pos = eol + 1;
  }
  return kNpos;
}

// A text the table writes where it states nothing.
bool Unstated(std::string_view text) {
  std::string l = ToLower(Trim(text));
  return l.empty() || l == "n/a" || l == "na" || l == "none" || l == "-";
}

std::string ScenarioName(std::string_view s) {
  std::string l = ToLower(Trim(s));
  if (l == "offline") return "offline";
  if (l == "server") return "server";
  if (l == "interactive") return "interactive";
  if (l == "singlestream" || l == "single-stream") return "single-stream";
  return "";
}

class TableImporter {
 public:
  TableImporter(const ImportFile& file, const Context& ctx, FileImport& fi)
      : file_(file), ctx_(ctx), fi_(fi), src_(fi.src()), sink_(fi.sink()) {}
  void Run();

 private:
  // The cell of `column` in `row` ("" when the table has no such column).
  const CsvCell* At(const std::vector<CsvCell>& row, std::string_view column) const {
    auto it = columns_.find(column);
    if (it == columns_.end() || it->second >= row.size()) return nullptr;
    return &row[it->second];
  }
  std::string Text(const std::vector<CsvCell>& row, std::string_view column) const {
    const CsvCell* c = At(row, column);
    return c ? c->text : "";
  }
  void Error(size_t at, DiagnosticCode code, std::string message, std::string hint) {
    sink_.Add(src_.At(at, Severity::kError, code, std::move(message), std::move(hint)));
  }
  void ImportRow(const std::vector<CsvCell>& row, size_t begin, size_t end);

  const ImportFile& file_;
  const Context& ctx_;
  FileImport& fi_;
  const SourceText& src_;
  Sink& sink_;
  std::map<std::string, size_t, std::less<>> columns_;
  std::string source_id_;
  std::map<std::string, std::vector<size_t>> skipped_;  // unit -> offsets of its rows
  std::vector<std::string> system_types_;
  size_t rows_ = 0;
  size_t imported_ = 0;
};

void TableImporter::Run() {
  std::string_view t = file_.text;
  size_t header_at = HeaderAt(t);
  if (header_at == kNpos) {
    Error(0, "missing-field",
          fmt::format("no header line naming the '{}' column in the first lines", kSystemColumn),
          "import the CSV the MLPerf results site exports, as it was downloaded");
    return;
  }
  size_t line_end = t.find('\n', header_at);
  std::string_view header_line =
      t.substr(header_at, line_end == kNpos ? kNpos : line_end - header_at);
  char sep = header_line.find(',') == kNpos && header_line.find('\t') != kNpos ? '\t' : ',';
  std::vector<CsvCell> header;
  size_t bad = kNpos;
  size_t pos = ReadCsvRecord(t, header_at, sep, header, bad);
  if (pos == kNpos) {
    Error(bad, "bad-csv", "an unterminated quoted value in the header", "");
    return;
  }
  for (size_t i = 0; i < header.size(); ++i) {
    if (columns_.count(header[i].text)) {
      Error(header[i].offset, "duplicate-column",
            fmt::format("the header names '{}' twice: which value is that column's is unknown",
                        header[i].text),
            "import the table as the results site exported it");
      return;
    }
    columns_.emplace(header[i].text, i);
  }
  for (std::string_view need : {"Accelerator", "# of Accelerators", "Model MLC", "Scenario",
                                "Units", "Result", "Organization"}) {
    if (!columns_.count(need)) {
      Error(header_at, "missing-field",
            fmt::format("the table has no '{}' column: it is not the results site's table of "
                        "one row per system, benchmark and scenario",
                        need),
            "import the CSV the MLPerf results site exports (Organization, System Name, "
            "Accelerator, # of Accelerators, Model MLC, Scenario, Units, Result, ...)");
      return;
    }
  }
  source_id_ = SourceIdOf(ctx_, "mlperf-results-table", fi_.file_hash());
  std::vector<CsvCell> row;
  while (pos < t.size()) {
    size_t begin = pos;
    pos = ReadCsvRecord(t, begin, sep, row, bad);
    if (pos == kNpos) {
      Error(bad, "bad-csv", "an unterminated quoted value: the rest of the table is not read",
            "import the table as the results site exported it");
      return;
    }
    size_t end = pos;
    if (row.size() == 1 && row[0].text.empty()) continue;  // a blank line
    ++rows_;
    if (row.size() != header.size()) {
      Error(begin, "column-count",
            fmt::format("the row has {} values, the header {} columns", row.size(), header.size()),
            "import the table as the results site exported it");
      continue;
    }
    ImportRow(row, begin, end);
  }
  if (fi_.failed()) return;
  // The rows in other units, counted, by unit, each with its lines.
  for (const auto& [unit, offsets] : skipped_) {
    std::vector<std::string> lines;
    for (size_t i = 0; i < offsets.size() && i < 40; ++i) {
      lines.push_back(fmt::format("{}", src_.LineColumn(offsets[i]).first));
    }
    sink_.Add(
        src_.At(offsets[0], Severity::kNote, "not-read",
                fmt::format("{} row{} in {} not imported: not tokens per second (line{} {}{})",
                            offsets.size(), offsets.size() == 1 ? "" : "s",
                            unit.empty() ? "no unit" : "'" + unit + "'",
                            offsets.size() == 1 ? "" : "s", fmt::join(lines, ", "),
                            offsets.size() > lines.size()
                                ? fmt::format(" and {} more", offsets.size() - lines.size())
                                : ""),
                "rooflint audits LLM token throughput; the table's other units (samples, queries, "
                "watts) have no roof here"));
  }
  if (imported_ == 0 && !fi_.failed()) {
    sink_.Add(
        src_.At(header_at, Severity::kError, "no-runs",
                fmt::format("none of the table's {} rows is in Tokens/s: nothing to import", rows_),
                "the LLM benchmarks' rows (llama2-70b, llama3.1-405b, mixtral-8x7b, "
                "gptj, ...) are in Tokens/s"));
    return;
  }
  std::sort(system_types_.begin(), system_types_.end());
  system_types_.erase(std::unique(system_types_.begin(), system_types_.end()), system_types_.end());
  std::optional<SourceDraft> source;
  if (ctx_.options().source.empty()) {
    SourceDraft s;
    s.id = source_id_;
    s.title = fmt::format("MLPerf Inference results table, {}", BaseName(file_.path));
    s.publisher = "MLCommons (the results site's table of the submitters' audited results)";
    bool edge = system_types_.size() == 1 && system_types_[0] == "edge";
    bool datacenter = system_types_.size() == 1 && system_types_[0] == "datacenter";
    s.url = edge         ? "https://mlcommons.org/benchmarks/inference-edge/"
            : datacenter ? "https://mlcommons.org/benchmarks/inference-datacenter/"
                         : "https://mlcommons.org/benchmarks/";
    s.date = Today();
    s.kind = "mlperf";
    s.notes = fmt::format(
        "Imported by rooflint from '{}' ({} bytes, content hash {}, {} rows, {} imported). The "
        "url is the results site the table is exported from; each record's locator names its "
        "row (line, Public ID, system, benchmark, scenario). The date is the import date: the "
        "table states none.",
        BaseName(file_.path), file_.text.size(), fi_.file_hash(), rows_, imported_);
    source = s;
  }
  fi_.Emit(source);
}

void TableImporter::ImportRow(const std::vector<CsvCell>& row, size_t begin, size_t end) {
  std::string unit = Text(row, "Units");
  if (unit != kTokensPerSecond) {
    skipped_[unit].push_back(begin);
    return;
  }
  std::string_view row_text(file_.text.data() + begin, end - begin);
  if (fi_.RepeatsAnEarlierRun(row_text, begin)) return;
  int line = src_.LineColumn(begin).first;
  std::string where = fmt::format("line {}", line);
  // Every diagnostic of the row at the cell it is about.
  auto cell_at = [this, &row, begin](std::string_view column) {
    const CsvCell* c = At(row, column);
    return c ? c->offset : begin;
  };

  StatedRun r;
  std::vector<std::string>& notes = r.notes;
  r.id_prefix = "mlperf-table";
  r.source_id = source_id_;
  r.hash = Fnv1a(row_text);
  r.at = [this, cell_at, where](std::string_view key, Severity severity, DiagnosticCode code,
                                std::string message, std::string hint) {
    return src_.At(cell_at(key), severity, std::move(code),
                   fmt::format("{}, {}: {}", where, key, message), std::move(hint));
  };

  const CsvCell* result = At(row, "Result");
  auto value = ParseNumber(result->text);
  if (!value || !std::isfinite(*value) || *value <= 0) {
    Error(result->offset, "not-a-number",
          fmt::format("{}: the Result '{}' is not a positive number of tokens/s", where,
                      result->text),
          "the results site writes the result as a decimal number");
    return;
  }

  // Scenario: the column's; a v5.0 interactive benchmark ("llama2-70b-interactive-99") runs
  // in the Server scenario with interactive latency bounds.
  std::string benchmark = Text(row, "Model MLC");
  std::string scenario_text = Text(row, "Scenario");
  std::string scenario = ScenarioName(scenario_text);
  if (scenario.empty()) {
    Error(cell_at("Scenario"), "unknown-scenario",
          fmt::format("{}: scenario '{}' has no rooflint equivalent", where, scenario_text),
          "rooflint records Offline, Server, SingleStream and Interactive results");
    return;
  }
  std::string plain = WithoutInteractive(benchmark);
  if (!plain.empty() && scenario == "server") {
    scenario = "interactive";
    notes.push_back(fmt::format(
        "Scenario interactive: the v5.0 benchmark '{}' is {} run in the Server scenario with "
        "the interactive latency bounds.",
        benchmark, plain));
  }

  // Model: the benchmark's name (an alias of the model, as the MLPerf importer reads it).
  r.model_names = {benchmark};
  if (!plain.empty()) r.model_names.insert(r.model_names.begin(), plain);
  r.model_display = plain.empty() ? benchmark : plain;
  r.allow_draft = !benchmark.empty();
  r.model_key = "Model MLC";
  r.model_how_suffix = " (the table's Model MLC: the benchmark, which names its model)";
  r.no_model = src_.At(cell_at("Model MLC"), Severity::kError, "unknown-model",
                       fmt::format("{}: the row names no benchmark", where), "pass --model ID");

  // Hardware and count: the accelerator and the table's count; a CPU-only system's hardware is
  // its processor, never "N/A" x 1.
  std::string accelerator = Text(row, "Accelerator");
  std::string processor = Text(row, "Processor");
  std::string count_text = Text(row, "# of Accelerators");
  std::string nodes_text = Text(row, "# of Nodes");
  if (Unstated(accelerator)) {
    r.hardware.value = processor.empty() ? "CPU-only system (processor not named)" : processor;
    r.no_accelerator = {
        "no-record",
        fmt::format("a CPU-only system (the table's Accelerator is '{}')", accelerator)};
    r.count_absent = "a CPU-only system: it has no accelerators";
    r.count_from_hardware_flag = false;
    notes.push_back(
        fmt::format("CPU-only system: the hardware is its processor ({}).", r.hardware.value));
  } else {
    r.hardware = {accelerator, "the table's Accelerator", "Accelerator"};
    r.hardware_unstated = "the table's Accelerator is empty";
    r.count_key = "# of Accelerators";
    auto count = ParseNumber(count_text);
    auto nodes = ParseNumber(nodes_text);
    std::optional<int64_t> n = count ? WholeNumberIn(*count, 1, 1e6) : std::nullopt;
    std::optional<int64_t> k = nodes ? WholeNumberIn(*nodes, 1, 1e6) : std::nullopt;
    if (!n) {
      r.count_absent = fmt::format(
          "the table's # of Accelerators ('{}') is not a whole number of accelerators from 1 up",
          count_text);
    } else if (!k) {
      r.count_absent = fmt::format(
          "the table states {} accelerators but its # of Nodes ('{}') is no node count, so "
          "whether that is the system's or one node's is not known",
          *n, nodes_text);
    } else if (*k == 1) {
      r.count = *n;
      r.count_how = "the table's # of Accelerators, on its one node";
    } else if (static_cast<double>(*n) * static_cast<double>(*k) > 1e6) {
      Error(cell_at("# of Accelerators"), "out-of-range",
            fmt::format("{}: # of Accelerators {} on {} nodes may be {} accelerators, more "
                        "than a record's accelerator_count holds",
                        where, *n, *k, NumberText(static_cast<double>(*n) * *k)),
            "import the table as the results site exported it");
      return;
    } else {
      // The table does not say whether its count is the system's or one node's: the larger
      // reading is taken, so no roof is tighter than the system's.
      r.count = *n * *k;
      r.count_how = fmt::format(
          "# of Accelerators {} x # of Nodes {}: the table does not say whether its count is "
          "the system's or one node's, and the larger reading is taken (the generous side for "
          "the roofs)",
          *n, *k);
    }
  }

  // Precision: the table does not state it.
  r.precision_absent =
      "the results table does not state the weight format (the submission's measurements "
      "JSON does; pass --precision if you know it)";
  // Engine: the Software column, as the submitter wrote it.
  std::string software = Text(row, "Software");
  r.engine_version = {Unstated(software) ? "" : software, "the table's Software", "Software"};
  r.engine_version_absent = "the table's Software column is empty";

  // Validity and the row's identity, in the notes.
  std::string validity = Text(row, "Valid / Invalid");
  std::string status = "verified";
  if (ToLower(validity) == "invalid") {
    status = "draft";
    sink_.Add(src_.At(cell_at("Valid / Invalid"), Severity::kWarning, "invalid-result",
                      fmt::format("{}: the table marks the result Invalid: it is imported with "
                                  "status draft",
                                  where),
                      "an invalid result broke a rule of the round; its figure is not a result"));
  }
  std::string public_id = Text(row, "Public ID");
  std::string organization = Text(row, "Organization");
  std::string system = Text(row, std::string(kSystemColumn));
  std::vector<std::string> identity;
  for (const auto& [label, column] :
       std::vector<std::pair<const char*, const char*>>{{"Public ID", "Public ID"},
                                                        {"Version", "Version"},
                                                        {"Division", "Division"},
                                                        {"Availability", "Availability"},
                                                        {"Organization", "Organization"}}) {
    std::string v = Text(row, column);
    if (!v.empty()) identity.push_back(fmt::format("{} {}", label, v));
  }
  notes.push_back(fmt::format("MLPerf results table row (line {}): {}, system '{}'.", line,
                              fmt::join(identity, ", "), system));
  std::string system_type = ToLower(Text(row, "System Type"));
  if (!system_type.empty()) system_types_.push_back(system_type);

  r.load_key = "batch";
  r.load_slug = scenario;
  r.load = CondValue::Absent(
      scenario == "offline"
          ? "MLPerf Offline issues one query of every sample; the SUT batches them as it likes, "
            "and the table states no batch"
      : scenario == "single-stream"
          ? "the table states no batch (SingleStream issues one sample at a time)"
          : "MLPerf Server and Interactive send Poisson arrivals; the table states no batch "
            "or concurrency");
  r.input_tokens = CondValue::Absent("dataset-defined; the table states no lengths");
  r.output_tokens = CondValue::Absent("dataset-defined; the table states no lengths");
  r.conditions.emplace_back(
      "engine", Unstated(software) ? CondValue::Absent("the table's Software column is empty")
                                   : CondValue::Str(software));
  r.conditions.emplace_back(
      "warmup", CondValue::Absent("done by the SUT outside LoadGen; not in the results table"));
  r.conditions.emplace_back("scenario", CondValue::Str(scenario));
  r.conditions.emplace_back("speculative", CondValue::Absent("not stated in the results table"));

  StatedFigure f;
  f.metric = "aggregate-output";
  f.statistic = "";
  f.value = *value;
  f.text = result->text;
  f.unit = "tok/s";
  f.dimension = Dimension::kTokenRate;
  f.key = "Result";
  f.what = "Result";
  f.status = status;
  f.locator =
      fmt::format("{}, {}: Public ID {}, {}, {} {}", BaseName(file_.path), where,
                  public_id.empty() ? "not stated" : public_id, system, benchmark, scenario_text);
  f.title =
      fmt::format("MLPerf {{model}} {}, {} {}, tokens/s", scenario_text, organization, system);
  f.lead = fmt::format(
      "Aggregate output tokens/s over the whole system ({{accelerators}}), as the MLPerf results "
      "table states it (Units {}).",
      unit);
  f.offset = begin;
  r.figures.push_back(std::move(f));
  // The title and the lead name the resolved model and count.
  r.finish = [](BenchmarkDraft& b) {
    auto fill = [](std::string& text, std::string_view hole, const std::string& with) {
      size_t at = text.find(hole);
      if (at != std::string::npos) text.replace(at, hole.size(), with);
    };
    fill(b.title, "{model}", b.model);
    fill(b.notes, "{accelerators}",
         b.accelerator_count > 0 ? fmt::format("{} accelerators", b.accelerator_count)
                                 : std::string("its accelerator count is not stated"));
  };
  if (AddRun(std::move(r), ctx_, fi_, begin) > 0) ++imported_;
}

}  // namespace

bool LooksLikeMlperfTable(std::string_view text) {
  size_t at = HeaderAt(text.substr(0, 1 << 16));
  if (at == kNpos) return false;
  std::string_view head = text.substr(at, 4096);
  std::string_view line = head.substr(0, head.find('\n'));
  return line.find("Model MLC") != kNpos && line.find("Units") != kNpos &&
         line.find("Accelerator") != kNpos;
}

void ImportMlperfTable(const ImportFile& file, const Context& ctx, ImportResult& out) {
  FileImport fi(file, out);
  if (fi.RefuseInvalidUtf8("the MLPerf results table is exported as UTF-8 CSV")) return;
  TableImporter(file, ctx, fi).Run();
}

}  // namespace rooflint::import
