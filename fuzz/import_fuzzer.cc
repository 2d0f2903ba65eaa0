// Feeds arbitrary bytes to every importer of the table, and to detection (`auto`), against
// the bundled corpus, and to ModelFromHfConfig as a config.json and as the index beside one;
// then to `check`: the bytes as a file (CheckFiles), and split at newlines into a claim's model,
// hardware, value and precision (CheckClaim), which reads them as names (names.h).
// Each must return records or diagnostics and never crash, hang or leak; every record it
// returns must re-parse cleanly.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/check.h"
#include "rooflint/corpus.h"
#include "rooflint/import.h"
#include "rooflint/model_config.h"

namespace {

const rooflint::Corpus& Bundled() {
  static const rooflint::Corpus* const kCorpus = [] {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    return new rooflint::Corpus(rooflint::LoadCorpus(roots));
  }();
  return *kCorpus;
}

// A config.json with no parameter formula (model_type "mystery"), so that the count comes
// from the index the fuzz bytes stand for.
constexpr std::string_view kIndexedConfig = R"({"model_type": "mystery", "num_hidden_layers": 2,
  "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 1000, "torch_dtype": "bfloat16"})";

// ModelFromHfConfig's contract: a record that re-parses, or diagnostics and no record.
void CheckModelConfig(const rooflint::ModelConfigResult& r) {
  for (const auto& d : r.diagnostics) {
    (void)rooflint::Render(d);
    if (d.code.view() == "internal") std::abort();  // a record it made that does not parse
  }
  if (r.toml.empty() != !r.model.has_value()) std::abort();
  if (r.toml.empty() == r.diagnostics.empty()) std::abort();
  if (!r.toml.empty()) {
    rooflint::ParseResult p =
        rooflint::ParseRecord(rooflint::RecordKind::kModel, r.toml, "x.toml", "fuzz-model");
    if (!p.ok() || !p.diagnostics.empty()) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<rooflint::ImportFile> files = {
      {"fuzz/input", std::string(reinterpret_cast<const char*>(data), size)}};
  for (const std::string& format : rooflint::ImportFormatNames()) {
    rooflint::ImportResult r = rooflint::Import(format, files, {}, Bundled());
    for (const auto& d : r.diagnostics) (void)rooflint::Render(d);
    if (r.records.empty() && r.diagnostics.empty()) std::abort();  // silently nothing
    for (const auto& rec : r.records) {
      rooflint::ParseResult p = rooflint::ParseRecord(rec.kind, rec.toml, "x.toml", rec.id);
      if (!p.ok() || !p.diagnostics.empty()) std::abort();
    }
  }
  // The MLPerf reader reads a file's path too: a run in a submission's layout (a v5.0
  // interactive benchmark folder, its systems JSON looked up beside the results folder), a
  // compliance run below its scenario, and a folder a person named whose words are no model.
  for (const char* path :
       {"closed/Fuzz/results/sys/llama2-70b-interactive-99/Server/performance/run_1/"
        "mlperf_log_summary.txt",
        "closed/Fuzz/results/sys/llama2-70b-99/Server/TEST09/performance/run_1/"
        "mlperf_log_summary.txt",
        "det_offline_vs_server/mlperf_log_summary.txt"}) {
    std::vector<rooflint::ImportFile> laid_out = {{path, files[0].text}};
    rooflint::ImportResult r = rooflint::Import("mlperf", laid_out, {}, Bundled());
    for (const auto& d : r.diagnostics) (void)rooflint::Render(d);
    if (r.records.empty() && r.diagnostics.empty()) std::abort();  // silently nothing
    for (const auto& rec : r.records) {
      rooflint::ParseResult p = rooflint::ParseRecord(rec.kind, rec.toml, "x.toml", rec.id);
      if (!p.ok() || !p.diagnostics.empty()) std::abort();
    }
  }
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  CheckModelConfig(
      rooflint::ModelFromHfConfig(text, "fuzz/config.json", "fuzz-model", "fuzz-source"));
  CheckModelConfig(rooflint::ModelFromHfConfig(kIndexedConfig, "fuzz/config.json", "fuzz-model",
                                               "fuzz-source", text,
                                               "fuzz/model.safetensors.index.json"));
  // check: a file gives figures or diagnostics; a claim gives figures or diagnostics, and a
  // figure's verdict is one of the five words.
  rooflint::CheckOptions quick;
  quick.probe_missing = size % 2 == 0;
  rooflint::CheckReport file = rooflint::CheckFiles("auto", files, {}, Bundled(), quick);
  if (file.figures.empty() && file.diagnostics.empty()) std::abort();
  std::vector<std::string> fields(4);
  size_t field = 0;
  for (char c : text) {
    if (c == '\n' && field + 1 < fields.size()) {
      ++field;
    } else {
      fields[field] += c;
    }
  }
  rooflint::Claim claim;
  claim.model = fields[0];
  claim.hardware = fields[1];
  claim.value = fields[2];
  claim.precision = fields[3];
  rooflint::CheckReport r = rooflint::CheckClaim(claim, Bundled(), quick);
  if (r.figures.empty() && r.diagnostics.empty()) std::abort();
  for (const auto& f : r.figures) {
    const std::string& v = f.verdict;
    if (v != "within" && v != "near-roof" && v != "exceeds" && v != "exceeds-assuming" &&
        v != "not-computable") {
      std::abort();
    }
  }
  return 0;
}
