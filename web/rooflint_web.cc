// The browser page's bridge to the library: JSON text in, JSON text out, through embind. A
// claim is checked with the names of `rooflint check`'s flags, a file's bytes with an importer
// or auto, and the result is CheckJson's bytes, what `rooflint check --format json` prints. The
// corpus is the bundled one, embedded in the module at /data. Every input is untrusted: what
// cannot be read, and any exception, comes back as {"error": "..."}, never an abort.
#include <emscripten/bind.h>

#include <cstdint>
#include <exception>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/audit.h"
#include "rooflint/check.h"
#include "rooflint/corpus.h"
#include "rooflint/hardware_match.h"
#include "rooflint/import.h"
#include "rooflint/names.h"
#include "rooflint/precision.h"

namespace rooflint::web {
namespace {

using nlohmann::json;

// Where the build embeds the bundled corpus (web/CMakeLists.txt, --embed-file).
constexpr std::string_view kBundledData = "/data";

// What a request cannot be read as: its message is the diagnostic the page shows.
struct BadRequest {
  std::string message;
};

const Corpus& BundledCorpus() {
  static const Corpus corpus = [] {
    std::vector<std::string> roots = {std::string(kBundledData)};
    return LoadCorpus(roots);
  }();
  return corpus;
}

std::string Error(std::string_view message) {
  return json{{"error", std::string(message)}}.dump(2) + "\n";
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
    return Error(e.message);
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

}  // namespace

// A claim, as {"model": ..., "hardware": ..., "value": ..., ...} with `rooflint check`'s flag
// names: CheckJson's bytes, or {"error"} when the request cannot be read.
std::string CheckClaimJson(const std::string& request_text) {
  return Guarded([&] {
    Claim claim = ReadClaim(ParseRequest(request_text));
    return CheckJson(CheckClaim(claim, BundledCorpus()));
  });
}

// Stages a file for CheckFilesJson: its name and its bytes.
void AddFile(const std::string& name, const std::string& bytes) {
  StagedFiles().push_back(ImportFile{name, bytes});
}

void ClearFiles() { StagedFiles().clear(); }

// The staged files, benchmark tools' output, with {"from": FORMAT or "auto", "hardware",
// "model", "precision", "count", "engine-version"} as `rooflint check FILE...` takes them:
// CheckJson's bytes, or {"error"}. Their records are kept for RecordsToml.
std::string CheckFilesJson(const std::string& options_text) {
  LastRecords().clear();
  return Guarded([&] {
    json request = ParseRequest(options_text);
    std::string format = Text(request, "from");
    if (format.empty()) format = std::string(kAutoFormat);
    if (!IsImportFormat(format)) throw BadRequest{"unknown format '" + format + "'"};
    Claim claim = ReadClaim(request);
    ImportOptions import;
    import.count = claim.count;
    if (!claim.model.empty()) import.model = claim.model;
    if (!claim.hardware.empty()) import.hardware = claim.hardware;
    if (!claim.precision.empty()) import.precision = claim.precision;
    if (!claim.engine_version.empty()) import.engine_version = claim.engine_version;
    CheckReport report = CheckFiles(format, StagedFiles(), import, BundledCorpus());
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
    const Corpus& corpus = BundledCorpus();
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
    const Corpus& corpus = BundledCorpus();
    SweepOptions options;
    options.keep_every_result = false;
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
        if (condition->stated() && !condition->text.empty()) claim[key] = condition->text.str();
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
  emscripten::function("checkFile", &rooflint::web::CheckFileJson);
  emscripten::function("addFile", &rooflint::web::AddFile);
  emscripten::function("clearFiles", &rooflint::web::ClearFiles);
  emscripten::function("checkFiles", &rooflint::web::CheckFilesJson);
  emscripten::function("recordsToml", &rooflint::web::RecordsToml);
  emscripten::function("names", &rooflint::web::NamesJson);
  emscripten::function("corpus", &rooflint::web::CorpusJson);
}
