// The importer table (see registry.h): a format's name, help line, detection, folder files
// and entry point, in one row each.
#include "import/registry.h"

#include <array>

namespace rooflint::import {

// Defined in each importer's own file.
bool LooksLikeMlperf(std::string_view text);
bool MlperfFolderFile(std::string_view file_name);
void ImportMlperf(std::span<const ImportFile> files, const Context& ctx, ImportResult& out);
bool LooksLikeVllmServe(std::string_view text);
void ImportVllmServe(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeLlamaBench(std::string_view text);
void ImportLlamaBench(const ImportFile& file, const Context& ctx, ImportResult& out);

namespace {

// Detection order: MLPerf first (its systems JSON is JSON, and a summary holds no JSON at
// all), then the JSON results, then llama-bench, whose markdown and CSV forms are the loosest.
constexpr Importer kImporters[] = {
    {{"mlperf", "MLPerf Inference LoadGen summary and detail logs, systems JSON (or a folder)"},
     LooksLikeMlperf, MlperfFolderFile, nullptr, ImportMlperf},
    {{"vllm-serve", "vLLM `bench serve` / benchmark_serving.py --save-result JSON"},
     LooksLikeVllmServe, nullptr, ImportVllmServe, nullptr},
    {{"llama-bench", "llama.cpp llama-bench -o json, jsonl, csv, sql or md"},
     LooksLikeLlamaBench, nullptr, ImportLlamaBench, nullptr},
};

}  // namespace

std::span<const Importer> ImporterTable() { return kImporters; }

const Importer* FindImporter(std::string_view name) {
  for (const Importer& row : kImporters) {
    if (row.info.name == name) return &row;
  }
  return nullptr;
}

}  // namespace rooflint::import

namespace rooflint {

std::span<const ImporterInfo> Importers() {
  static const auto kInfos = [] {
    std::array<ImporterInfo, std::size(import::kImporters)> infos;
    for (size_t i = 0; i < infos.size(); ++i) infos[i] = import::kImporters[i].info;
    return infos;
  }();
  return kInfos;
}

std::vector<std::string> ImportFormatNames() {
  std::vector<std::string> names = {std::string(kAutoFormat)};
  for (const ImporterInfo& i : Importers()) names.emplace_back(i.name);
  return names;
}

bool IsImportFormat(std::string_view name) {
  return name == kAutoFormat || import::FindImporter(name) != nullptr;
}

}  // namespace rooflint
