// The record format as data: one table of fields per record kind. The parser reads it (which
// keys exist, which are required, the enumerations, ranges and examples of its messages), the
// importers' TOML writer names its keys through it (a key the table lacks does not compile),
// `rooflint schema` turns it into a JSON Schema for editors, and a test holds
// docs/record-format.md to it.
//
// A field's key is its path: "metric", "conditions.batch", "waivers.reason",
// "conditions.speculative.method". A table whose keys are a fixed list of names of one shape
// (peak_dense, sources, set_differs) states the names in `members` and the shape of each.
#ifndef ROOFLINT_SCHEMA_H_
#define ROOFLINT_SCHEMA_H_

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/precision.h"
#include "rooflint/records.h"
#include "rooflint/units.h"

namespace rooflint {

// The TOML forms a field accepts, as bits: a field may take several (an integer or
// `{ absent = "why" }`).
enum Accepts : uint16_t {
  kAcceptsString = 1 << 0,
  kAcceptsInteger = 1 << 1,
  kAcceptsNumber = 1 << 2,  // an integer or a float
  kAcceptsBoolean = 1 << 3,
  kAcceptsFalse = 1 << 4,   // `false` only: `true` would not say what
  kAcceptsAbsent = 1 << 5,  // `{ absent = "why it is not known" }`
  kAcceptsTable = 1 << 6,
  kAcceptsTableArray = 1 << 7,  // [[key]]
  kAcceptsStringArray = 1 << 8,
  kAcceptsDate = 1 << 9,  // a TOML date
};

// What a string value must be.
enum class StringForm : uint8_t {
  kText,         // free text
  kId,           // a record id (kebab-case)
  kEnum,         // one of `values`
  kQuantity,     // a number and a unit of `dimension`
  kMetricValue,  // a quantity in the dimension of the record's metric
  kPrecision,    // a name in the precision table (`rooflint precisions`)
  kUrl,          // an http(s) address
  kDate,         // "YYYY", "YYYY-MM" or "YYYY-MM-DD"
  kCitation,     // a source id, or the table { source = "id", locator = "where" }
};

struct RecordField {
  std::string_view key;
  uint16_t accepts = kAcceptsString;
  bool required = false;
  StringForm form = StringForm::kText;
  std::span<const std::string_view> values = {};  // kEnum
  Dimension dimension = Dimension::kBytes;        // kQuantity
  double min = 0;                                 // integers and numbers: the range
  double max = 0;
  std::string_view example = "\"...\"";  // a value as written in TOML
  std::string_view summary = "";         // one line: what it holds
  // A table of named members: the names, and the form each member's string takes.
  std::span<const std::string_view> members = {};
  StringForm member_form = StringForm::kText;

  constexpr bool Takes(uint16_t forms) const { return (accepts & forms) != 0; }
  // The key as written on its line: the last part of the path.
  constexpr std::string_view Name() const {
    const size_t dot = key.rfind('.');
    return dot == std::string_view::npos ? key : key.substr(dot + 1);
  }
};

namespace schema {

inline constexpr std::array<std::string_view, 3> kStatuses = {"draft", "verified", "deprecated"};
inline constexpr std::array<std::string_view, 1> kSparsities = {"2:4"};
inline constexpr std::array<std::string_view, 6> kStatistics = {"mean", "median", "p50",
                                                                "p90",  "p99",    "peak"};
inline constexpr std::array<std::string_view, 4> kScenarios = {"offline", "server", "interactive",
                                                               "single-stream"};
inline constexpr std::array<std::string_view, 3> kAbsentBecause = {"no-record", "ambiguous",
                                                                   "not-stated"};
inline constexpr std::array<std::string_view, 10> kSourceKinds = {
    "blog",        "paper", "repo",  "mlperf", "vendor-sheet",
    "leaderboard", "docs",  "forum", "review", "dataset"};
inline constexpr std::array<std::string_view, 3> kPeakStyles = {"dense", "sparse", "mixed"};
// What an accelerator's [sources] may cite: its figures, and each peak alone.
inline constexpr std::array<std::string_view, 8 + kPeakKeys.size()> kCitedFigures = [] {
  std::array<std::string_view, 8 + kPeakKeys.size()> out = {
      "memory",  "bandwidth",      "peak_dense",      "form_factor",
      "aliases", "on_chip_memory", "capacity_memory", "capacity_bandwidth"};
  for (size_t i = 0; i < kPeakKeys.size(); ++i) out[8 + i] = kPeakKeys[i];
  return out;
}();

inline constexpr uint16_t kCountOrAbsent = kAcceptsInteger | kAcceptsAbsent;
inline constexpr uint16_t kTextOrAbsent = kAcceptsString | kAcceptsAbsent;
inline constexpr double kMaxTokens = 100'000'000;

// The fields every kind shares.
inline constexpr RecordField kId = {.key = "id",
                                    .required = true,
                                    .form = StringForm::kId,
                                    .example = "\"file-stem\"",
                                    .summary =
                                        "the file's stem: lowercase letters, digits, "
                                        "'-' and '.'"};
inline constexpr RecordField kStatus = {
    .key = "status",
    .form = StringForm::kEnum,
    .values = kStatuses,
    .example = "\"verified\"",
    .summary = "verified (the default), draft, or deprecated (reported apart, never failing)"};
inline constexpr RecordField kNotes = {.key = "notes", .summary = "free text"};
inline constexpr RecordField kWaivers = {
    .key = "waivers",
    .accepts = kAcceptsTableArray,
    .example = "[{ instrument = \"near-roof\", reason = \"...\" }]",
    .summary = "findings this record accepts, each with why"};
inline constexpr RecordField kWaiverInstrument = {
    .key = "waivers.instrument",
    .required = true,
    .example = "\"near-roof\"",
    .summary = "the instrument whose findings are accepted"};
inline constexpr RecordField kWaiverCode = {
    .key = "waivers.code", .example = "\"near-roof\"", .summary = "only this finding code of it"};
inline constexpr RecordField kWaiverReason = {.key = "waivers.reason",
                                              .required = true,
                                              .example = "\"why it is accepted\"",
                                              .summary = "why the finding is accepted"};

inline constexpr RecordField kBenchmarkFields[] = {
    kId,
    {.key = "title", .required = true, .summary = "what the figure is, in a line"},
    kStatus,
    {.key = "metric",
     .required = true,
     .form = StringForm::kEnum,
     .values = kMetricNames,
     .example = "\"per-user-decode\"",
     .summary = "what the value measures"},
    {.key = "statistic",
     .form = StringForm::kEnum,
     .values = kStatistics,
     .example = "\"mean\"",
     .summary = "which statistic of the runs the value is"},
    {.key = "value",
     .required = true,
     .form = StringForm::kMetricValue,
     .example = "\"57.6 tok/s\"",
     .summary = "the figure with its unit: tok/s, req/s or a time, by metric"},
    {.key = "derived_from", .summary = "the figure the value was derived from, verbatim"},
    {.key = "model",
     .required = true,
     .form = StringForm::kId,
     .example = "\"model-id\"",
     .summary = "the model record's id"},
    {.key = "precision",
     .accepts = kTextOrAbsent,
     .required = true,
     .form = StringForm::kPrecision,
     .example = "\"fp16\"",
     .summary = "the weight format, or { absent = \"why\" } when the source does not state it"},
    {.key = "compute_precision",
     .form = StringForm::kEnum,
     .values = kPeakKeys,
     .example = "\"fp8\"",
     .summary = "the precision the matrix multiplies run in, when the source states it"},
    {.key = "kv_precision",
     .form = StringForm::kPrecision,
     .example = "\"fp8\"",
     .summary = "the KV-cache element format, when the source states it"},
    {.key = "sparsity",
     .form = StringForm::kEnum,
     .values = kSparsities,
     .example = "\"2:4\"",
     .summary = "structured sparsity of the weights, when the source states it (2:4)"},
    {.key = "weights",
     .form = StringForm::kQuantity,
     .dimension = Dimension::kBytes,
     .example = "\"14 GB\"",
     .summary = "bytes of weights as the source states them, verbatim"},
    {.key = "hardware",
     .required = true,
     .example = "\"1x NVIDIA A100 40GB\"",
     .summary = "the hardware as the source names it"},
    {.key = "accelerators",
     .accepts = kAcceptsStringArray,
     .required = true,
     .form = StringForm::kId,
     .example = "[\"accelerator-id\"]",
     .summary = "the accelerator ids the figure may have run on; empty only with "
                "accelerators_absent"},
    {.key = "accelerators_absent",
     .accepts = kAcceptsTable,
     .example = "{ because = \"not-stated\", note = \"...\" }",
     .summary = "why accelerators is empty"},
    {.key = "accelerators_absent.because",
     .required = true,
     .form = StringForm::kEnum,
     .values = kAbsentBecause,
     .example = "\"not-stated\"",
     .summary = "no-record, ambiguous or not-stated"},
    {.key = "accelerators_absent.note", .required = true, .summary = "what is known of the parts"},
    {.key = "accelerator_count",
     .accepts = kCountOrAbsent,
     .required = true,
     .min = 1,
     .max = 1'000'000,
     .example = "1",
     .summary = "the accelerators the figure is summed over, or { absent = \"why\" }"},
    {.key = "source",
     .required = true,
     .form = StringForm::kId,
     .example = "\"source-id\"",
     .summary = "the source record's id"},
    {.key = "locator",
     .required = true,
     .example = "\"Table 2, row ...\"",
     .summary = "where in the source the figure stands"},
    {.key = "set",
     .form = StringForm::kId,
     .example = "\"set-id\"",
     .summary = "the sibling set: records read together"},
    {.key = "set_differs",
     .accepts = kAcceptsTable,
     .example = "{ engine = \"why this record differs from its set\" }",
     .summary = "fields in which this record may differ from its set, each with why",
     .members = kSetFields},
    kNotes,
    {.key = "calibration",
     .accepts = kAcceptsTable,
     .example = "{ expected_percent = 51.9, tolerance = 0.5 }",
     .summary = "an instrument-validation band: where the roof percent must land"},
    {.key = "calibration.expected_percent",
     .accepts = kAcceptsNumber,
     .required = true,
     .min = 0.001,
     .max = 1000,
     .example = "51.9",
     .summary = "the percent of the roof the hand arithmetic gives"},
    {.key = "calibration.tolerance",
     .accepts = kAcceptsNumber,
     .required = true,
     .min = 1e-6,
     .max = 100,
     .example = "0.5",
     .summary = "how far from it, in percentage points, the instrument may land"},
    {.key = "calibration.instrument",
     .example = "\"memory-roof\"",
     .summary = "the instrument calibrated (default memory-roof)"},
    kWaivers,
    kWaiverInstrument,
    kWaiverCode,
    kWaiverReason,
    {.key = "conditions",
     .accepts = kAcceptsTable,
     .required = true,
     .example = "{ batch = 1, ... }",
     .summary = "the load conditions: each a value or { absent = \"why\" }"},
    {.key = "conditions.batch",
     .accepts = kCountOrAbsent,
     .min = 1,
     .max = kMaxTokens,
     .example = "1",
     .summary = "sequences per decode step as the source states them"},
    {.key = "conditions.concurrency",
     .accepts = kCountOrAbsent,
     .min = 1,
     .max = kMaxTokens,
     .example = "64",
     .summary = "a client-side cap on requests in flight, used instead of batch"},
    {.key = "conditions.input_tokens",
     .accepts = kCountOrAbsent,
     .min = 0,
     .max = kMaxTokens,
     .example = "512",
     .summary = "input tokens every request had (a varied run: its minimum, or absent)"},
    {.key = "conditions.input_tokens_mean",
     .accepts = kCountOrAbsent,
     .min = 0,
     .max = kMaxTokens,
     .example = "1034",
     .summary = "the mean input tokens per request of a run whose lengths varied"},
    {.key = "conditions.output_tokens",
     .accepts = kCountOrAbsent,
     .min = 1,
     .max = kMaxTokens,
     .example = "128",
     .summary = "output tokens per request"},
    {.key = "conditions.engine",
     .accepts = kTextOrAbsent,
     .example = "\"vllm\"",
     .summary = "the engine or harness"},
    {.key = "conditions.engine_version",
     .accepts = kTextOrAbsent,
     .example = "\"0.6.3\"",
     .summary = "a build, commit, version or container digest"},
    {.key = "conditions.warmup",
     .accepts = kTextOrAbsent | kAcceptsBoolean | kAcceptsInteger,
     .min = 0,
     .max = kMaxTokens,
     .example = "\"2 runs discarded\"",
     .summary = "what warmup the source states"},
    {.key = "conditions.scenario",
     .accepts = kTextOrAbsent,
     .form = StringForm::kEnum,
     .values = kScenarios,
     .example = "\"offline\"",
     .summary = "the load scenario"},
    {.key = "conditions.speculative",
     .accepts = kAcceptsFalse | kAcceptsTable | kAcceptsAbsent,
     .example = "false",
     .summary = "false, or what the source states of the speculative decoding used"},
    {.key = "conditions.speculative.method",
     .example = "\"eagle3\"",
     .summary = "the speculation method"},
    {.key = "conditions.speculative.draft_tokens",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 1000,
     .example = "4",
     .summary = "tokens drafted per step (k); a draft tree's size"},
    {.key = "conditions.speculative.draft_depth",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 1000,
     .example = "5",
     .summary = "a draft tree's depth: the longest run of drafted tokens a step can accept"},
    {.key = "conditions.speculative.acceptance_length",
     .accepts = kAcceptsNumber,
     .min = 1,
     .max = 1001,
     .example = "2.9",
     .summary = "mean tokens accepted per step, 1 to k + 1"},
    {.key = "conditions.speculative.draft_model",
     .form = StringForm::kId,
     .example = "\"model-id\"",
     .summary = "the draft model's id"},
    {.key = "conditions.prefix_cache",
     .accepts = kAcceptsBoolean | kAcceptsTable | kAcceptsAbsent,
     .example = "false",
     .summary = "false when no input token was served from a cache; true, or how much was"},
    {.key = "conditions.prefix_cache.cached_tokens",
     .accepts = kAcceptsInteger,
     .min = 0,
     .max = kMaxTokens,
     .example = "512",
     .summary = "input tokens per request served from the cache"},
    {.key = "conditions.prefix_cache.hit_rate",
     .accepts = kAcceptsNumber,
     .min = 0,
     .max = 1,
     .example = "0.4",
     .summary = "the share of input tokens served from the cache"},
    {.key = "conditions.offload",
     .accepts = kTextOrAbsent | kAcceptsBoolean,
     .example = "false",
     .summary = "false when everything is on the accelerators; else what was kept in host "
                "memory"},
    {.key = "conditions.replicas",
     .accepts = kCountOrAbsent,
     .min = 1,
     .max = kMaxTokens,
     .example = "1",
     .summary = "independent copies of the model the accelerators are split into"},
    {.key = "conditions.samples_per_prompt",
     .accepts = kCountOrAbsent,
     .min = 1,
     .max = kMaxTokens,
     .example = "1",
     .summary = "completions generated per prompt (parallel sampling n, best-of, beam width)"},
    {.key = "conditions.attention_window",
     .accepts = kAcceptsFalse | kAcceptsInteger | kAcceptsAbsent,
     .min = 1,
     .max = kMaxTokens,
     .example = "false",
     .summary = "false when the engine keeps every token of a sequence's context in its cache; "
                "else the tokens it keeps (TensorRT-LLM's max_attention_window_size)"},
};

inline constexpr RecordField kAcceleratorFields[] = {
    kId,
    {.key = "name",
     .required = true,
     .example = "\"NVIDIA A100 40GB SXM4\"",
     .summary = "the vendor's product name"},
    {.key = "vendor", .required = true, .example = "\"NVIDIA\"", .summary = "who makes it"},
    {.key = "form_factor",
     .required = true,
     .example = "\"sxm\"",
     .summary = "sxm, oam, pcie, soc, superchip, tpu, laptop, ... (lowercase)"},
    {.key = "aliases",
     .accepts = kAcceptsStringArray,
     .required = true,
     .example = "[\"NVIDIA A100-SXM4-40GB\"]",
     .summary = "the names tools print for this part, and only for it"},
    {.key = "memory",
     .required = true,
     .form = StringForm::kQuantity,
     .dimension = Dimension::kBytes,
     .example = "\"40 GB\"",
     .summary = "memory capacity"},
    {.key = "bandwidth",
     .required = true,
     .form = StringForm::kQuantity,
     .dimension = Dimension::kBandwidth,
     .example = "\"1555 GB/s\"",
     .summary = "peak memory bandwidth, the vendor's figure"},
    kStatus,
    {.key = "peak_dense",
     .accepts = kAcceptsTable,
     .required = true,
     .form = StringForm::kQuantity,
     .dimension = Dimension::kComputeRate,
     .example = "{ fp16 = \"312 TFLOPS\" }",
     .summary = "one dense (not sparse) peak per precision the part computes in",
     .members = kPeakKeys,
     .member_form = StringForm::kQuantity},
    {.key = "sources",
     .accepts = kAcceptsTable,
     .required = true,
     .example = "{ memory = \"id\", bandwidth = \"id\", peak_dense = \"id\" }",
     .summary = "where each figure came from: memory, bandwidth, peak_dense (or one peak)",
     .members = kCitedFigures,
     .member_form = StringForm::kCitation},
    kNotes,
    {.key = "memory_type",
     .example = "\"HBM2e\"",
     .summary = "the memory technology: HBM2e, GDDR6X, LPDDR5X, ..."},
    kWaivers,
    kWaiverInstrument,
    kWaiverCode,
    kWaiverReason,
    {.key = "on_chip_memory",
     .form = StringForm::kQuantity,
     .dimension = Dimension::kBytes,
     .example = "\"520 MB\"",
     .summary = "on-chip SRAM in front of `memory` that may hold weights; its bandwidth bounds "
                "nothing"},
    {.key = "capacity_memory",
     .form = StringForm::kQuantity,
     .dimension = Dimension::kBytes,
     .example = "\"1.5 TB\"",
     .summary = "a larger, slower tier behind `memory` (DDR), with capacity_bandwidth"},
    {.key = "capacity_bandwidth",
     .form = StringForm::kQuantity,
     .dimension = Dimension::kBandwidth,
     .example = "\"100 GB/s\"",
     .summary = "the capacity tier's peak bandwidth, with capacity_memory"},
    {.key = "gpus_per_package",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 64,
     .example = "2",
     .summary = "GPUs in one package a hardware text may count (2 for a GB200 superchip)"},
};

inline constexpr uint16_t kDraftMayOmit = kAcceptsAbsent;  // draft model records only

inline constexpr RecordField kModelFields[] = {
    kId,
    {.key = "name", .required = true, .example = "\"MPT-7B\"", .summary = "the model's name"},
    {.key = "aliases",
     .accepts = kAcceptsStringArray,
     .required = true,
     .example = "[\"mosaicml/mpt-7b\"]",
     .summary = "names the model goes by (hub ids, GGUF type strings)"},
    {.key = "params_total",
     .accepts = kAcceptsNumber | kDraftMayOmit,
     .required = true,
     .min = 1e6,
     .max = 1e14,
     .example = "6.7e9",
     .summary = "parameter count; absent in draft records only"},
    {.key = "params_active",
     .accepts = kAcceptsNumber | kDraftMayOmit,
     .min = 1e6,
     .max = 1e14,
     .example = "3.3e9",
     .summary =
         "parameters used per token (mixture of experts only); absent in draft records only"},
    {.key = "layers",
     .accepts = kAcceptsInteger | kDraftMayOmit,
     .required = true,
     .min = 1,
     .max = 10'000,
     .example = "32",
     .summary = "layers of the model; absent in draft records only"},
    {.key = "kv_heads",
     .accepts = kAcceptsInteger | kDraftMayOmit,
     .required = true,
     .min = 1,
     .max = 10'000,
     .example = "8",
     .summary = "key-value heads per layer; absent in draft records only"},
    {.key = "head_dim",
     .accepts = kAcceptsInteger | kDraftMayOmit,
     .required = true,
     .min = 1,
     .max = 100'000,
     .example = "128",
     .summary = "elements per head; absent in draft records only"},
    {.key = "native_precision",
     .accepts = kAcceptsString | kDraftMayOmit,
     .required = true,
     .form = StringForm::kPrecision,
     .example = "\"bf16\"",
     .summary = "the precision the weights are published in; absent in draft records only"},
    {.key = "source",
     .required = true,
     .form = StringForm::kId,
     .example = "\"source-id\"",
     .summary = "a source id (a model card or paper)"},
    kStatus,
    kNotes,
    {.key = "attention_heads",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 10'000,
     .example = "32",
     .summary = "query heads per layer: a multiple of kv_heads"},
    {.key = "hidden_size",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 1'000'000,
     .example = "4096",
     .summary = "the width of the residual stream"},
    {.key = "embedding_params",
     .accepts = kAcceptsNumber,
     .min = 1e3,
     .max = 1e12,
     .example = "5.45e8",
     .summary = "input-embedding parameters (vocabulary x hidden size), within params_total"},
    {.key = "tied_embeddings",
     .accepts = kAcceptsBoolean,
     .example = "false",
     .summary = "true when the output projection is the input-embedding table"},
    {.key = "sliding_window",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = kMaxTokens,
     .example = "4096",
     .summary = "the window, in tokens, of the sliding-window layers"},
    {.key = "sliding_window_layers",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 10'000,
     .example = "18",
     .summary = "how many of the layers use the window"},
    {.key = "kv_layers",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 10'000,
     .example = "12",
     .summary = "hybrid models: how many of the layers cache K and V per token (else all)"},
    {.key = "kv_latent_dim",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 1'000'000,
     .example = "576",
     .summary = "latent attention: elements cached per token per layer"},
    {.key = "experts",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 100'000,
     .example = "128",
     .summary = "routed experts per layer"},
    {.key = "experts_per_token",
     .accepts = kAcceptsInteger,
     .min = 1,
     .max = 100'000,
     .example = "4",
     .summary = "routed experts each token uses"},
    {.key = "params_routed_experts",
     .accepts = kAcceptsNumber,
     .min = 1e6,
     .max = 1e14,
     .example = "1.1e11",
     .summary = "the parameters of all routed experts"},
    {.key = "experts_precision",
     .form = StringForm::kPrecision,
     .example = "\"mxfp4\"",
     .summary = "the routed experts' precision as published"},
    {.key = "shared_precision",
     .form = StringForm::kPrecision,
     .example = "\"bf16\"",
     .summary = "the precision of the rest as published"},
};

inline constexpr RecordField kSourceFields[] = {
    kId,
    {.key = "title", .required = true, .summary = "the document's title"},
    {.key = "publisher", .required = true, .summary = "who published it"},
    {.key = "url",
     .required = true,
     .form = StringForm::kUrl,
     .example = "\"https://...\"",
     .summary = "where to read it"},
    {.key = "date",
     .accepts = kAcceptsString | kAcceptsDate,
     .required = true,
     .form = StringForm::kDate,
     .example = "2023-10-12",
     .summary = "a TOML date, or \"YYYY\", \"YYYY-MM\" or \"YYYY-MM-DD\""},
    {.key = "kind",
     .required = true,
     .form = StringForm::kEnum,
     .values = kSourceKinds,
     .example = "\"blog\"",
     .summary = "what sort of document it is"},
    kStatus,
    {.key = "peaks",
     .form = StringForm::kEnum,
     .values = kPeakStyles,
     .example = "\"dense\"",
     .summary = "how the source prints FLOPS"},
    kNotes,
};

inline constexpr RecordField kGotchaFields[] = {
    kId,
    {.key = "title", .required = true, .summary = "the trap, in a line"},
    {.key = "concepts",
     .accepts = kAcceptsStringArray,
     .required = true,
     .form = StringForm::kId,
     .example = "[\"roofline\", \"batch-size\"]",
     .summary = "kebab-case concept tags"},
    {.key = "symptom", .required = true, .summary = "what it looks like"},
    {.key = "root_cause", .required = true, .summary = "why it happens"},
    {.key = "workaround", .required = true, .summary = "how to avoid it"},
    {.key = "notes", .summary = "free text"},
    kStatus,
};

}  // namespace schema

// The fields of `kind`, in the order a record writes them.
constexpr std::span<const RecordField> RecordFields(RecordKind kind) {
  switch (kind) {
    case RecordKind::kBenchmark:
      return schema::kBenchmarkFields;
    case RecordKind::kAccelerator:
      return schema::kAcceleratorFields;
    case RecordKind::kModel:
      return schema::kModelFields;
    case RecordKind::kSource:
      return schema::kSourceFields;
    case RecordKind::kGotcha:
      return schema::kGotchaFields;
  }
  return {};
}

// The field `key` of `kind`, found when the program is compiled: a key the table lacks is a
// compile error, so every key the parser reads and the importers write is in the table.
consteval const RecordField& FieldOf(RecordKind kind, std::string_view key) {
  for (const RecordField& f : RecordFields(kind)) {
    if (f.key == key) return f;
  }
  throw "no such field in the record schema";
}

// The same at run time: nullptr when `kind` has no field `key`.
const RecordField* FindField(RecordKind kind, std::string_view key);

// The fields directly inside `table` ("" for the top level, "conditions", "waivers", ...), in
// table order.
std::vector<const RecordField*> FieldsIn(RecordKind kind, std::string_view table);
// What `f` takes, for a reader: "integer 1 to 1e+06, or { absent = \"why\" }".
std::string FieldTakes(const RecordField& f);
// Their names as written: the keys that table takes.
std::vector<std::string_view> KeysIn(RecordKind kind, std::string_view table);

}  // namespace rooflint

#endif  // ROOFLINT_SCHEMA_H_
