// The importer table (see registry.h): a format's name, help line, detection, folder files
// and entry point, in one row each.
#include "import/registry.h"

#include <array>

namespace rooflint::import {

// Defined in each importer's own file.
bool LooksLikeMlperf(std::string_view text);
bool MlperfFolderFile(std::string_view file_name);
void ImportMlperf(std::span<const ImportFile> files, const Context& ctx, ImportResult& out);
bool LooksLikeMlperfTable(std::string_view text);
void ImportMlperfTable(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeSglangServing(std::string_view text);
void ImportSglangServing(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeVllmThroughput(std::string_view text);
void ImportVllmThroughput(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeLlmperf(std::string_view text);
void ImportLlmperf(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeVllmServe(std::string_view text);
void ImportVllmServe(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeLlamaBench(std::string_view text);
void ImportLlamaBench(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeServingConsole(std::string_view text);
void ImportServingConsole(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeTrtllmBench(std::string_view text);
void ImportTrtllmBench(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeAiperf(std::string_view text);
void ImportAiperf(const ImportFile& file, const Context& ctx, ImportResult& out);
bool LooksLikeGenaiPerf(std::string_view text);
void ImportGenaiPerf(const ImportFile& file, const Context& ctx, ImportResult& out);

namespace {

// Detection order: MLPerf first (its systems JSON is JSON, and a summary holds no JSON at
// all), then the JSON results, then llama-bench, whose markdown and CSV forms are the loosest.
constexpr Importer kImporters[] = {
    {{"mlperf", "MLPerf Inference LoadGen summary and detail logs, systems JSON (or a folder)"},
     LooksLikeMlperf,
     MlperfFolderFile,
     nullptr,
     ImportMlperf},
    // The results site's table: a CSV whose header names the site's "System Name (click +
    // for details)" column; before llama-bench, whose CSV form is the loosest.
    {{"mlperf-table",
      "MLPerf Inference results table (the CSV the mlcommons.org results pages export)"},
     LooksLikeMlperfTable,
     nullptr,
     ImportMlperfTable,
     nullptr},
    // AIPerf and GenAI-Perf: a summary JSON with input_config (and the CSV and per-request
    // forms, recognised to be refused with a hint).
    {{"aiperf", "NVIDIA AIPerf profile_export_aiperf.json (the CSV and .jsonl are refused)"},
     LooksLikeAiperf,
     nullptr,
     ImportAiperf,
     nullptr},
    {{"genai-perf", "NVIDIA GenAI-Perf profile_export_genai_perf.json (the CSV is refused)"},
     LooksLikeGenaiPerf,
     nullptr,
     ImportGenaiPerf,
     nullptr},
    // SGLang's lines hold "output_throughput" too: before vllm-serve.
    {{"sglang-serving", "SGLang bench_serving --output-file JSONL (one run per line)"},
     LooksLikeSglangServing,
     nullptr,
     ImportSglangServing,
     nullptr},
    {{"vllm-throughput", "vLLM `bench throughput` / benchmark_throughput.py --output-json"},
     LooksLikeVllmThroughput,
     nullptr,
     ImportVllmThroughput,
     nullptr},
    {{"llmperf", "ray-project LLMPerf token_benchmark_ray.py *_summary.json"},
     LooksLikeLlmperf,
     nullptr,
     ImportLlmperf,
     nullptr},
    {{"vllm-serve", "vLLM `bench serve` / benchmark_serving.py --save-result JSON"},
     LooksLikeVllmServe,
     nullptr,
     ImportVllmServe,
     nullptr},
    // Console text: the pasted summary of vLLM's and SGLang's serving benchmarks, whose banner
    // no other format prints.
    {{"serving-console",
      "vLLM bench serve / SGLang bench_serving console summary, pasted (one run per block)"},
     LooksLikeServingConsole,
     nullptr,
     ImportServingConsole,
     nullptr},
    {{"trtllm-bench", "TensorRT-LLM trtllm-bench throughput / latency report (console log)"},
     LooksLikeTrtllmBench,
     nullptr,
     ImportTrtllmBench,
     nullptr},
    {{"llama-bench", "llama.cpp llama-bench -o json, jsonl, csv, sql or md"},
     LooksLikeLlamaBench,
     nullptr,
     ImportLlamaBench,
     nullptr},
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
