// The browser page's bridge to the library: JSON text in, JSON text out, through embind. A
// claim is checked with the names of `rooflint check`'s flags, a file's bytes with an importer
// or auto, and the result is CheckJson's bytes, what `rooflint check --format json` prints. The
// corpus is the bundled one, embedded in the module at /data. Every input is untrusted: what
// cannot be read, and any exception, comes back as {"error": "..."}, never an abort.
// The user's own records (`check --corpus`) are written into the module's in-memory file system
// at /user and loaded with the bundled ones by LoadCorpus, as the tool loads a folder; a Hugging
// Face config.json (`check --model-config`) is added by AddModelConfig, as the tool adds one.
#include <emscripten/bind.h>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/svg_chart.h"
#include "rooflint/audit.h"
#include "rooflint/check.h"
#include "rooflint/corpus.h"
#include "rooflint/hardware_match.h"
#include "rooflint/import.h"
#include "rooflint/model_config.h"
#include "rooflint/names.h"
#include "rooflint/precision.h"
#include "rooflint/schema.h"

namespace rooflint::web {
namespace {

using nlohmann::json;

// Where the build embeds the bundled corpus (web/CMakeLists.txt, --embed-file).
constexpr std::string_view kBundledData = "/data";

// What a request cannot be read as: its message is the diagnostic the page shows, with the
// located diagnostics of an input file when there are some (a config.json that cannot be read).
struct BadRequest {
  std::string message;
  json diagnostics = json::array();
};

// Where the user's records are written, one folder of each kind, to be loaded beside /data.
constexpr std::string_view kUserData = "/user";

// The corpus every call checks against: the bundled one, with the user's records once
// SetUserCorpus has loaded some (LoadCorpus({"/data", "/user"}), what `--corpus` loads).
struct Working {
  Corpus corpus;
  // A user file's place in /user ("models/x.toml") -> the name the user gave it, for the
  // diagnostics shown.
  std::map<std::string, std::string, std::less<>> user_names;
  int generation = 0;  // how many times the corpus was loaded (the config cache's key)
};

Working& WorkingCorpus() {
  static Working working = [] {
    Working w;
    std::vector<std::string> roots = {std::string(kBundledData)};
    w.corpus = LoadCorpus(roots);
    return w;
  }();
  return working;
}

const Corpus& CurrentCorpus() { return WorkingCorpus().corpus; }

// "models/x.toml" of a path the loader gives a user's file ("user/models/x.toml": it shows a
// path relative to the working folder, "/"); "" for any other path.
std::string_view UserFile(std::string_view path) {
  if (path.starts_with('/')) path.remove_prefix(1);
  const std::string_view user = kUserData.substr(1);
  if (!path.starts_with(user) || path.size() <= user.size() || path[user.size()] != '/') return {};
  return path.substr(user.size() + 1);
}

std::string Error(std::string_view message, const json& diagnostics = json::array()) {
  json out = {{"error", std::string(message)}};
  if (!diagnostics.empty()) out["diagnostics"] = diagnostics;
  return out.dump(2) + "\n";
}

// A diagnostic for the page: its parts, and the text the tool prints for it (path:line:col,
// the line, a caret, the hint), with a user file named as the user gave it.
json DiagnosticJson(Diagnostic d) {
  const auto& names = WorkingCorpus().user_names;
  if (auto it = names.find(UserFile(d.where.path)); it != names.end()) d.where.path = it->second;
  return {{"severity", std::string(SeverityName(d.severity))},
          {"code", d.code.str()},
          {"message", d.message.str()},
          {"path", d.where.path.str()},
          {"line", d.where.line},
          {"column", d.where.column},
          {"hint", d.hint.str()},
          {"text", Render(d)}};
}

// The request's member `key` as text: a string as it is, a number as its digits; "" when
// absent or null.
std::string Text(const json& request, const char* key) {
  auto it = request.find(key);
  if (it == request.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer() || it->is_number_unsigned()) return it->dump();
  if (it->is_boolean()) return it->get<bool>() ? "true" : "false";
  throw BadRequest{std::string("--") + key + " takes a text or a whole number"};
}

// An integer flag as the CLI reads it: whole, within [low, high]; unset when not given.
std::optional<int64_t> Integer(const json& request, const char* key, int64_t low, int64_t high) {
  std::string text = Text(request, key);
  size_t begin = text.find_first_not_of(" \t"), end = text.find_last_not_of(" \t");
  if (begin == std::string::npos) return std::nullopt;
  text = text.substr(begin, end - begin + 1);
  int64_t value = 0;
  bool ok = !text.empty() && text.size() <= 18;
  for (size_t i = 0; ok && i < text.size(); ++i) {
    ok = text[i] >= '0' && text[i] <= '9';
    value = value * 10 + (text[i] - '0');
  }
  if (!ok) throw BadRequest{std::string("--") + key + ": '" + text + "' is not a whole number"};
  if (value < low || value > high) {
    throw BadRequest{std::string("--") + key + ": " + text + " is not in [" + std::to_string(low) +
                     " - " + std::to_string(high) + "]"};
  }
  return value;
}

json ParseRequest(const std::string& text) {
  json request = json::parse(text, nullptr, false);
  if (request.is_discarded()) throw BadRequest{"the request is not valid JSON"};
  if (!request.is_object()) throw BadRequest{"the request is not a JSON object"};
  return request;
}

// The claim `rooflint check --model ... --value ...` reads from its flags (check_command.cc),
// from the request's members of the same names.
Claim ReadClaim(const json& request) {
  Claim claim;
  claim.model = Text(request, "model");
  claim.hardware = Text(request, "hardware");
  if (claim.hardware.empty()) claim.hardware = Text(request, "accelerator");
  claim.value = Text(request, "value");
  claim.metric = Text(request, "metric");
  claim.precision = Text(request, "precision");
  claim.count = Integer(request, "count", 1, 1'000'000);
  claim.batch = Integer(request, "batch", 1, 100'000'000);
  claim.concurrency = Integer(request, "concurrency", 1, 100'000'000);
  if (claim.batch && claim.concurrency) {
    throw BadRequest{"--batch excludes --concurrency: give one of them"};
  }
  claim.input_tokens = Integer(request, "input-tokens", 0, 100'000'000);
  claim.input_tokens_mean = Integer(request, "input-tokens-mean", 0, 100'000'000);
  claim.output_tokens = Integer(request, "output-tokens", 1, 100'000'000);
  claim.replicas = Integer(request, "replicas", 1, 1'000'000);
  claim.samples_per_prompt = Integer(request, "samples-per-prompt", 1, 1'000'000);
  claim.engine = Text(request, "engine");
  claim.engine_version = Text(request, "engine-version");
  claim.speculative = Text(request, "speculative");
  claim.acceptance_length = Text(request, "acceptance-length");
  claim.offload = Text(request, "offload");
  if (!claim.offload.empty() && claim.offload != "true" && claim.offload != "false") {
    throw BadRequest{"--offload: '" + claim.offload + "' is not true or false"};
  }
  claim.prefix_cache = Text(request, "prefix-cache");
  claim.kv_precision = Text(request, "kv-precision");
  claim.attention_window = Text(request, "attention-window");
  for (const char* local : {"hardware", "accelerator"}) {
    std::string h = Text(request, local);
    for (char& c : h) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (h == "auto") {
      throw BadRequest{
          "--hardware auto reads this machine's accelerators, which a page cannot; "
          "give the hardware as text, e.g. '8x H100'"};
    }
  }
  return claim;
}

// Runs `body`, turning what it throws into {"error": ...}.
template <class F>
std::string Guarded(F&& body) {
  try {
    return body();
  } catch (const BadRequest& e) {
    return Error(e.message, e.diagnostics);
  } catch (const std::exception& e) {
    return Error(std::string("internal error: ") + e.what());
  } catch (...) {
    return Error("internal error");
  }
}

// The records the last CheckFile imported, for RecordsToml.
std::vector<ImportedRecord>& LastRecords() {
  static std::vector<ImportedRecord> records;
  return records;
}

// The files AddFile staged for CheckFiles.
std::vector<ImportFile>& StagedFiles() {
  static std::vector<ImportFile> files;
  return files;
}

// The corpus a request checks against: the working one; or, when the request carries a
// "model-config" ({"name", "text", "folder", "index"}: a Hugging Face config.json, its folder's
// name and the model.safetensors.index.json beside it), a copy with that model added as
// `--model-config` adds it (AddModelConfig), `model` then naming it. The last copy is kept: the
// page checks again as the user types.
struct ConfigCorpus {
  int generation = -1;
  std::string key;
  Corpus corpus;
  std::string id;
  std::string toml;                     // the model record made from the config
  std::vector<Diagnostic> diagnostics;  // what reading it said (warnings, notes)
};

ConfigCorpus& ConfigCache() {
  static ConfigCorpus cache;
  return cache;
}

const Corpus& CorpusFor(const json& request, std::string& model) {
  auto it = request.find("model-config");
  if (it == request.end() || it->is_null()) return CurrentCorpus();
  if (!it->is_object()) throw BadRequest{"--model-config takes {\"name\", \"text\"}"};
  const std::string name = Text(*it, "name"), text = Text(*it, "text"),
                    folder = Text(*it, "folder"), index = Text(*it, "index");
  if (name.empty()) throw BadRequest{"--model-config: the config's name is not given"};
  ConfigCorpus& cache = ConfigCache();
  std::string key = json::array({name, text, folder, index, model}).dump();
  const Working& working = WorkingCorpus();
  if (cache.generation != working.generation || cache.key != key) {
    cache = ConfigCorpus{};
    Corpus corpus = working.corpus;
    // The index is read beside the config, as the tool reads it.
    std::string index_path =
        index.empty()
            ? ""
            : (std::filesystem::path(name).parent_path() / "model.safetensors.index.json").string();
    AddedModel added = AddModelConfig(corpus, text, name, model, folder, index, index_path);
    if (added.id.empty()) {
      BadRequest bad{"--model-config: " + name + " gives no model record"};
      for (const Diagnostic& d : added.diagnostics) bad.diagnostics.push_back(DiagnosticJson(d));
      throw bad;
    }
    cache.corpus = std::move(corpus);
    cache.id = added.id;
    cache.toml = added.records.empty() ? "" : added.records.front().toml;
    cache.diagnostics = std::move(added.diagnostics);
    cache.generation = working.generation;
    cache.key = std::move(key);
  }
  model = cache.id;
  return cache.corpus;
}

constexpr bool IsKeyChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

// The kind of record a user's file holds: its folder's, when its name has one
// ("models/x.toml"), else the kind whose schema knows most of its top-level keys (a line
// `key = ...` before the first table). `how` says which.
RecordKind KindOfUserFile(std::string_view name, std::string_view text, std::string& how) {
  std::filesystem::path path(name);
  const std::string folder = path.parent_path().filename().string();
  for (RecordKind kind : {RecordKind::kAccelerator, RecordKind::kModel, RecordKind::kBenchmark,
                          RecordKind::kSource, RecordKind::kGotcha}) {
    if (folder == KindFolder(kind)) {
      how = "its folder";
      return kind;
    }
  }
  std::vector<std::string> keys;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    std::string_view line = text.substr(at, end == std::string_view::npos ? end : end - at);
    at = end == std::string_view::npos ? text.size() : end + 1;
    size_t k = line.find_first_not_of(" \t");
    if (k == std::string_view::npos) continue;
    if (line[k] == '[') break;
    size_t e = k;
    while (e < line.size() && IsKeyChar(line[e])) ++e;
    size_t eq = line.find_first_not_of(" \t", e);
    if (e > k && eq != std::string_view::npos && line[eq] == '=') {
      keys.emplace_back(line.substr(k, e - k));
    }
  }
  RecordKind best = RecordKind::kBenchmark;
  size_t best_known = 0;
  for (RecordKind kind : {RecordKind::kBenchmark, RecordKind::kModel, RecordKind::kAccelerator,
                          RecordKind::kSource, RecordKind::kGotcha}) {
    size_t known = 0;
    for (const std::string& key : keys) known += FindField(kind, key) != nullptr ? 1 : 0;
    if (known > best_known) {
      best = kind;
      best_known = known;
    }
  }
  how = best_known == 0 ? "no key of any kind: read as a benchmark" : "its keys";
  return best;
}

}  // namespace

// A claim, as {"model": ..., "hardware": ..., "value": ..., ...} with `rooflint check`'s flag
// names, and "model-config" (CorpusFor): CheckJson's bytes, or {"error"} when the request
// cannot be read.
// The last claim checked, kept for ClaimChartsJson: the page asks for a claim's charts right
// after its check, and the same request against the same corpus gives the same report.
// SetUserCorpus, which changes the corpus, forgets it.
struct LastClaim {
  std::string request;
  Claim claim;
  CheckReport report;
};
std::optional<LastClaim>& LastClaimChecked() {
  static std::optional<LastClaim> last;
  return last;
}

const LastClaim& CheckedClaim(const std::string& request_text) {
  std::optional<LastClaim>& last = LastClaimChecked();
  if (!last || last->request != request_text) {
    last.reset();
    json request = ParseRequest(request_text);
    Claim claim = ReadClaim(request);
    const Corpus& corpus = CorpusFor(request, claim.model);
    CheckReport report = CheckClaim(claim, corpus);
    last = LastClaim{request_text, std::move(claim), std::move(report)};
  }
  return *last;
}

std::string CheckClaimJson(const std::string& request_text) {
  return Guarded([&] { return CheckJson(CheckedClaim(request_text).report); });
}

// The roofline of a claim's decode figure, drawn as the HTML report draws a configuration's
// (report/svg_chart.h): the memory roof per user, n x BW / W, and in aggregate, B x n x BW / W;
// the compute roof n x F / (2P); the KV-aware curve when the figure has a KV-aware roof; and
// the claim at its batch. "" for a figure of another metric, one with no memory roof, and an
// aggregate figure whose batch is not stated (it has no place on a batch axis).
std::string ClaimChart(const Claim& claim, const CheckedFigure& f, size_t index) {
  const bool aggregate = f.metric == "aggregate-output";
  if (!aggregate && f.metric != "per-user-decode") return "";
  const std::optional<int64_t> stated = claim.batch ? claim.batch : claim.concurrency;
  if (aggregate && !stated) return "";
  const double batch = static_cast<double>(stated.value_or(1));
  const double value = std::strtod(f.value.c_str(), nullptr);
  auto find = [&](std::string_view id) -> const CheckBound* {
    for (const CheckBound& b : f.bounds) {
      if (b.instrument == id && (b.verdict == "within" || b.verdict == "exceeds")) return &b;
    }
    return nullptr;
  };
  const CheckBound* memory = find("memory-roof");
  if (memory == nullptr || !(memory->bound > 0) || !(value > 0)) return "";
  RooflineChart c;
  c.id = "claim-chart-" + std::to_string(index);
  c.memory_roof = memory->bound / (aggregate ? batch : 1.0);
  // The per-user compute roof divides by the stated batch only (1 when none is stated).
  if (const CheckBound* compute = find("compute-roof")) {
    c.compute_roof =
        compute->bound * (aggregate ? 1.0 : static_cast<double>(claim.batch.value_or(1)));
    c.crossover = c.compute_roof / c.memory_roof;
  }
  // KV(I) / W from the KV-aware roof, as the HTML report reads it.
  if (const CheckBound* kv = find("kv-roof")) {
    const double r = KvRatio(c.memory_roof, kv->bound, kv->reason, batch, aggregate);
    if (r > 0) {
      c.kv_ratio = r;
      c.kv_context = claim.input_tokens ? std::to_string(*claim.input_tokens) + " input tokens"
                                        : std::string("the claim's context");
    }
  }
  c.title = "Roofline of the claim: " + f.model + " on " + f.hardware +
            (stated ? "" : " (the batch is not stated: the claim is drawn at batch 1)");
  bool exceeds = f.verdict == "exceeds" || f.verdict == "exceeds-assuming";
  c.points.push_back(RooflinePoint{"the claim", "", batch, value, aggregate, false, exceeds});
  return RooflineSvg(c);
}

// The style sheet of the charts' classes (the HTML report's), which the page adds once.
std::string ChartStyle() { return std::string(ChartCss()); }

// The roofline charts of a claim's figures (ClaimChart), in the order of CheckClaimJson's
// figures: {"charts": ["<svg ...>" or "" for each figure]}; {"error"} as CheckClaimJson's.
std::string ClaimChartsJson(const std::string& request_text) {
  return Guarded([&] {
    const LastClaim& checked = CheckedClaim(request_text);
    json charts = json::array();
    for (size_t i = 0; i < checked.report.figures.size(); ++i) {
      charts.push_back(ClaimChart(checked.claim, checked.report.figures[i], i + 1));
    }
    return json{{"charts", charts}}.dump();
  });
}

// A Hugging Face config.json as the page's claims and files would use it: {"model-config":
// {"name", "text", "folder", "index"}, "model": the claim's model text}: {"id", "toml" (the
// draft model record), "diagnostics"}, or {"error", "diagnostics"} when it gives no model.
std::string ReadModelConfigJson(const std::string& request_text) {
  return Guarded([&] {
    json request = ParseRequest(request_text);
    if (!request.contains("model-config")) throw BadRequest{"no \"model-config\""};
    std::string model = Text(request, "model");
    CorpusFor(request, model);
    const ConfigCorpus& cache = ConfigCache();
    json diagnostics = json::array();
    for (const Diagnostic& d : cache.diagnostics) diagnostics.push_back(DiagnosticJson(d));
    return json{{"id", cache.id}, {"toml", cache.toml}, {"diagnostics", diagnostics}}.dump();
  });
}

// Stages a file for CheckFilesJson: its name and its bytes.
void AddFile(const std::string& name, const std::string& bytes) {
  StagedFiles().push_back(ImportFile{name, bytes});
}

void ClearFiles() { StagedFiles().clear(); }

// The staged files, benchmark tools' output, with {"from": FORMAT or "auto", "hardware",
// "model", "precision", "count", "engine-version", "model-config"} and a claim's conditions
// ("batch", "input-tokens", "speculative", ...: CheckOptions::stated, filling in what a file
// does not state) as `rooflint check FILE...` takes them: CheckJson's bytes, or {"error"}.
// Their records are kept for RecordsToml.
std::string CheckFilesJson(const std::string& options_text) {
  LastRecords().clear();
  return Guarded([&] {
    json request = ParseRequest(options_text);
    std::string format = Text(request, "from");
    if (format.empty()) format = std::string(kAutoFormat);
    if (!IsImportFormat(format)) throw BadRequest{"unknown format '" + format + "'"};
    Claim claim = ReadClaim(request);
    // As the tool refuses them with files: a file's figures carry their values and metrics.
    if (!claim.value.empty()) throw BadRequest{"give a claim (--value ...) or files, not both"};
    if (!claim.metric.empty()) {
      throw BadRequest{"--metric is a claim's; a file's figures carry their own"};
    }
    const Corpus& corpus = CorpusFor(request, claim.model);
    ImportOptions import;
    import.count = claim.count;
    if (!claim.model.empty()) import.model = claim.model;
    if (!claim.hardware.empty()) import.hardware = claim.hardware;
    if (!claim.precision.empty()) import.precision = claim.precision;
    if (!claim.engine_version.empty()) import.engine_version = claim.engine_version;
    CheckOptions options;
    options.stated = claim;
    CheckReport report = CheckFiles(format, StagedFiles(), import, corpus, options);
    LastRecords() = std::move(report.records);
    return CheckJson(report);
  });
}

// One file, `name` and its bytes: CheckFilesJson of it alone.
std::string CheckFileJson(const std::string& name, const std::string& bytes,
                          const std::string& options_text) {
  ClearFiles();
  AddFile(name, bytes);
  std::string out = CheckFilesJson(options_text);
  ClearFiles();
  return out;
}

// The user's own records, as `check --corpus DIR` adds a folder: {"files": [{"name", "text"}]},
// each file written to /user/<kind>/<its name> (the kind from its folder in the name, else from
// its keys) and loaded with the bundled corpus by LoadCorpus. Every later call checks against
// the result; no files is the bundled corpus alone. Gives {"files": [{"name", "path", "kind",
// "how"}], "diagnostics": [...] (the user's files'), "records": {kind: count}}, or {"error"}.
std::string SetUserCorpus(const std::string& request_text) {
  return Guarded([&] {
    json request = ParseRequest(request_text);
    auto it = request.find("files");
    if (it == request.end() || !it->is_array()) throw BadRequest{"no \"files\" array"};
    LastClaimChecked().reset();
    Working& working = WorkingCorpus();
    std::error_code ec;
    std::filesystem::remove_all(kUserData, ec);
    working.user_names.clear();
    json files = json::array();
    for (const json& f : *it) {
      if (!f.is_object()) throw BadRequest{"a file is not {\"name\", \"text\"}"};
      const std::string name = Text(f, "name"), text = Text(f, "text");
      std::string base = std::filesystem::path(name).filename().string();
      if (base.size() < 6 || !base.ends_with(".toml")) {
        files.push_back({{"name", name}, {"path", nullptr}, {"how", "not a .toml file: not read"}});
        continue;
      }
      std::string how;
      RecordKind kind = KindOfUserFile(name, text, how);
      std::filesystem::path folder = std::filesystem::path(kUserData) / KindFolder(kind);
      std::filesystem::create_directories(folder, ec);
      std::string place = std::string(KindFolder(kind)) + "/" + base;
      if (working.user_names.contains(place)) how += "; replaces an earlier file of its name";
      std::ofstream((folder / base).string(), std::ios::binary | std::ios::trunc) << text;
      working.user_names[place] = name;
      files.push_back(
          {{"name", name}, {"path", place}, {"kind", std::string(KindFolder(kind))}, {"how", how}});
    }
    std::vector<std::string> roots = {std::string(kBundledData)};
    if (!working.user_names.empty()) roots.emplace_back(kUserData);
    working.corpus = LoadCorpus(roots);
    ++working.generation;
    json diagnostics = json::array();
    for (const Diagnostic& d : working.corpus.diagnostics) {
      // The user's files' (the bundled corpus has none of its own).
      if (!UserFile(d.where.path).empty()) {
        diagnostics.push_back(DiagnosticJson(d));
      }
    }
    json records = json::object();
    for (const FileEntry& e : working.corpus.files) {
      if (UserFile(e.path.str()).empty()) continue;
      std::string kind(KindFolder(e.kind));
      if (!records.contains(kind)) records[kind] = {{"read", 0}, {"rejected", 0}};
      records[kind][e.rejected ? "rejected" : "read"] =
          records[kind][e.rejected ? "rejected" : "read"].get<int>() + 1;
    }
    return json{{"files", files}, {"diagnostics", diagnostics}, {"records", records}}.dump();
  });
}

// The records of the last CheckFilesJson as one TOML text, each after a comment naming the file
// it would be (`benchmarks/<id>.toml`); "" when it imported none.
std::string RecordsToml() {
  std::string out;
  for (const ImportedRecord& r : LastRecords()) {
    out += "# " + std::string(KindFolder(r.kind)) + "/" + r.id + ".toml\n" + r.toml + "\n";
  }
  return out;
}

// The names the page completes: {"models": [{"id", "name", "aliases"}], "accelerators": [{"id",
// "name", "vendor", "aliases"}], "precisions": [...], "formats": [...]}.
std::string NamesJson() {
  return Guarded([] {
    const Corpus& corpus = CurrentCorpus();
    json models = json::array(), parts = json::array(), precisions = json::array(),
         formats = json::array();
    for (const Model& m : corpus.models) {
      models.push_back({{"id", m.header.id.str()}, {"name", m.name}, {"aliases", m.aliases}});
    }
    for (const Accelerator& a : corpus.accelerators) {
      parts.push_back({{"id", a.header.id.str()},
                       {"name", a.name},
                       {"vendor", a.vendor},
                       {"aliases", a.aliases}});
    }
    for (const PrecisionInfo& p : Precisions()) precisions.push_back(std::string(p.name));
    for (const std::string& f : ImportFormatNames()) formats.push_back(f);
    return json{{"models", models},
                {"accelerators", parts},
                {"precisions", precisions},
                {"formats", formats}}
        .dump();
  });
}

// The bundled corpus's benchmark records, each with its binding bound as a sweep computes it and
// the claim that states it (`rooflint check`'s flag names), for the page's table:
// {"benchmarks": [{"id", "model", "hardware", "accelerators", "metric", "statistic", "precision",
// "value", "verdict", "binding": {"instrument", "bound", "unit", "percent"} or null, "claim"}]}.
std::string CorpusJson() {
  return Guarded([] {
    const Corpus& corpus = CurrentCorpus();
    SweepOptions options;
    options.keep = KeptResults::kBinding;
    const SweepResult sweep = Sweep(corpus, options);
    const HardwareIndex hardware_index(corpus.accelerators);
    json rows = json::array();
    for (const RecordAudit& audit : sweep.records) {
      const Benchmark& b = *audit.benchmark;
      // The record's hardware text, unless it names no part the claim could read ("Groq
      // (8-bit)"): then the part the record points at.
      bool text_reads = !b.hardware.empty() &&
                        !ReadHardwareName(corpus, hardware_index, b.hardware.str()).parts.empty();
      json claim = {{"model", b.model.str()},
                    {"hardware", !text_reads && !b.accelerators.empty() ? b.accelerators.front()
                                                                        : b.hardware.str()},
                    {"value", b.value.text},
                    {"metric", std::string(MetricName(b.metric))}};
      if (!b.precision.empty()) claim["precision"] = b.precision.str();
      if (b.accelerator_count > 0) claim["count"] = std::to_string(b.accelerator_count);
      const Conditions& c = b.conditions;
      for (const auto& [key, condition] : {std::pair{"batch", &c.batch},
                                           {"concurrency", &c.concurrency},
                                           {"input-tokens", &c.input_tokens},
                                           {"input-tokens-mean", &c.input_tokens_mean},
                                           {"output-tokens", &c.output_tokens},
                                           {"engine", &c.engine},
                                           {"engine-version", &c.engine_version},
                                           {"speculative", &c.speculative},
                                           {"offload", &c.offload},
                                           {"prefix-cache", &c.prefix_cache},
                                           {"replicas", &c.replicas},
                                           {"samples-per-prompt", &c.samples_per_prompt}}) {
        if (condition->stated() && !condition->text().empty()) claim[key] = condition->text().str();
      }
      if (claim.contains("batch")) claim.erase("concurrency");
      const InstrumentResult* binding = audit.Binding();
      std::string verdict = "not-computable";
      json bound = nullptr;
      if (binding != nullptr && binding->Computed()) {
        verdict = binding->verdict == Verdict::kExceeds
                      ? (binding->assumption.empty() ? "exceeds" : "exceeds-assuming")
                  : binding->percent >= options.near_roof_percent ? "near-roof"
                                                                  : "within";
        bound = {{"instrument", std::string(binding->instrument)},
                 {"bound", binding->bound},
                 {"unit", std::string(binding->unit)},
                 {"percent", binding->percent}};
      }
      rows.push_back({{"id", b.header.id.str()},
                      {"user", !UserFile(b.header.path.str()).empty()},
                      {"model", b.model.str()},
                      {"hardware", b.hardware.str()},
                      {"accelerators", b.accelerators},
                      {"metric", std::string(MetricName(b.metric))},
                      {"statistic", b.statistic.str()},
                      {"precision", b.precision.empty() ? json(nullptr) : json(b.precision.str())},
                      {"value", b.value.text},
                      {"verdict", verdict},
                      {"binding", bound},
                      {"claim", claim}});
    }
    return json{{"benchmarks", rows}}.dump();
  });
}

}  // namespace rooflint::web

EMSCRIPTEN_BINDINGS(rooflint) {
  emscripten::function("checkClaim", &rooflint::web::CheckClaimJson);
  emscripten::function("claimCharts", &rooflint::web::ClaimChartsJson);
  emscripten::function("chartStyle", &rooflint::web::ChartStyle);
  emscripten::function("checkFile", &rooflint::web::CheckFileJson);
  emscripten::function("addFile", &rooflint::web::AddFile);
  emscripten::function("clearFiles", &rooflint::web::ClearFiles);
  emscripten::function("checkFiles", &rooflint::web::CheckFilesJson);
  emscripten::function("setUserCorpus", &rooflint::web::SetUserCorpus);
  emscripten::function("readModelConfig", &rooflint::web::ReadModelConfigJson);
  emscripten::function("recordsToml", &rooflint::web::RecordsToml);
  emscripten::function("names", &rooflint::web::NamesJson);
  emscripten::function("corpus", &rooflint::web::CorpusJson);
}
