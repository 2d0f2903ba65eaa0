// The record types of a corpus: benchmarks, accelerators, models, sources and gotchas, as
// loaded from their TOML files. Quantities are typed (units.h); every record remembers the
// file and line of each key so that findings can point at them.
#ifndef ROOFLINT_RECORDS_H_
#define ROOFLINT_RECORDS_H_

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rooflint/boxed.h"
#include "rooflint/diagnostic.h"
#include "rooflint/shared_text.h"
#include "rooflint/units.h"

namespace rooflint {

enum class RecordKind { kAccelerator, kModel, kBenchmark, kSource, kGotcha };
std::string_view KindName(RecordKind k);    // "accelerator", ...
std::string_view KindFolder(RecordKind k);  // "accelerators", ...

enum class Status { kDraft, kVerified, kDeprecated };
std::string_view StatusName(Status s);

enum class Metric {
  kPerUserDecode,
  kAggregateOutput,
  kAggregateTotal,
  kRequests,
  kTtft,
  kTpot,
  kItl,
  kE2eLatency,
  kPrefill,  // prompt tokens processed per second by one sequence's prefill (llama-bench pp)
};
inline constexpr size_t kMetricCount = static_cast<size_t>(Metric::kPrefill) + 1;
// Every metric's name, in Metric order.
inline constexpr std::array<std::string_view, kMetricCount> kMetricNames = {
    "per-user-decode", "aggregate-output", "aggregate-total", "requests", "ttft", "tpot", "itl",
    "e2e-latency",     "prefill"};
std::string_view MetricName(Metric m);  // "per-user-decode", ...
// Every metric's name, in Metric order: the one table the parser, the checks and the printers
// read (records.cc).
std::span<const std::string_view> MetricNames();
std::optional<Metric> FindMetric(std::string_view name);
// The dimension a metric's value is written in: token rate, request rate or time.
Dimension MetricDimension(Metric m);
// True for the metrics that are a time per something (TTFT, TPOT, ITL, end-to-end latency).
bool IsLatencyMetric(Metric m);

// The name of every key a valid record can have, as "key" or "table.key", sorted: the parser's
// table (record_parser.cc), which KeyLocations indexes.
std::span<const std::string> KnownKeyNames();
// The index of `name` in KnownKeyNames(), or -1 when no record has such a key.
int KnownKeyIndex(std::string_view name);

// Where each key of a record stands in its file, for pointing findings at it.
class KeyLocations {
 public:
  // `key` indexes KnownKeyNames(). A line or column past 2^24 - 1 (a file of 16 MiB; the
  // loader reads at most 1 MiB) is kept as 2^24 - 1.
  void Add(int key, int line, int column);
  // Room for `n` keys at once, when the caller knows how many it may add.
  void Reserve(size_t n) { keys_.reserve(n); }
  // The location of `key` ("value", "conditions.batch"), or the record's first line.
  SourceLocation Find(std::string_view key, const SharedText& path) const;

 private:
  // A benchmark record writes about 25 keys: room for them at once, not five regrowths, when
  // no Reserve came first.
  static constexpr size_t kTypicalKeys = 32;
  static constexpr uint64_t kFieldMax = (uint64_t{1} << 24) - 1;
  // 8 bytes, as a large corpus holds one per key of every record: the key's index in the low
  // 16 bits, then the line and the column in 24 bits each.
  std::vector<uint64_t> keys_;
};

// The part every record has: identity, provenance, and what loading it said.
struct RecordHeader {
  RecordKind kind = RecordKind::kBenchmark;
  SharedText id;
  SharedText path;  // as given to the loader, for diagnostics (shared with Corpus::files)
  Status status = Status::kVerified;
  KeyLocations keys;
};

// A citation: a source id and, optionally, where in it.
struct SourceRef {
  std::string source;
  std::string locator;
};

// A finding its record accepts, with the reason: still shown, marked waived, never fails.
struct Waiver {
  std::string instrument;
  std::string code;  // "" waives every finding of the instrument on this record
  std::string reason;
  int line = 0;
};

struct Accelerator {
  RecordHeader header;
  std::string name;
  std::string vendor;
  std::string form_factor;
  std::vector<std::string> aliases;
  Bytes memory;
  std::string memory_text;  // as written ("80 GB"), for the capacity check's reading of GB
  BytesPerSecond bandwidth;
  std::string bandwidth_text;  // as written, for arithmetic lines ("1555 GB/s")
  // Dense peaks by precision key ("fp16", "int8", "fp16_acc16"), in file order.
  std::vector<std::pair<std::string, FlopsPerSecond>> peak_dense;
  std::vector<std::pair<std::string, SourceRef>> sources;  // by figure: memory, bandwidth, ...
  std::string notes;
  std::string memory_type;      // "HBM2e", "GDDR6X", ...; "" when not stated
  std::vector<Waiver> waivers;  // spec-lint findings this record accepts, with why
  // GPUs in one package that a hardware text may count: a GB200 superchip holds two of the
  // GPUs this record describes, a GH200 one. 1 for every ordinary card.
  int64_t gpus_per_package = 1;
  // Memory tiers besides `memory` (docs/physics.md, "Where the weights live"): on-chip SRAM in
  // front of it that may hold weights (SambaNova SN40L: 520 MB), whose bandwidth is taken as
  // unlimited; and a larger, slower tier behind it (the SN40L's DDR). 0 when not stated. A part
  // whose only memory is SRAM (Groq, Cerebras) states it as `memory` and has neither.
  Bytes on_chip_memory;
  std::string on_chip_memory_text;
  Bytes capacity_memory;
  std::string capacity_memory_text;
  BytesPerSecond capacity_bandwidth;

  // Whether the part states a tier besides `memory`.
  bool Tiered() const { return on_chip_memory > Bytes(0) || capacity_memory > Bytes(0); }
  // The dense peak for `precision`, if the part states one.
  std::optional<FlopsPerSecond> Peak(std::string_view precision) const;
};

// A fact a record does not state, with why: written `key = { absent = "why" }`.
struct AbsentFact {
  std::string key;
  std::string reason;
};

struct Model {
  RecordHeader header;
  std::string name;
  std::vector<std::string> aliases;
  double params_total = 0;              // 0 when absent (draft records only)
  std::optional<double> params_active;  // mixture-of-experts only
  // Input-embedding parameters (vocabulary x hidden size); 0 when not stated.
  double embedding_params = 0;
  // Whether the output projection shares the input-embedding table; unset when not stated.
  std::optional<bool> tied_embeddings;
  int64_t layers = 0;            // 0 when absent (draft records only)
  int64_t kv_heads = 0;          // likewise
  int64_t head_dim = 0;          // likewise
  int64_t attention_heads = 0;   // query heads per layer; 0 when not stated
  int64_t hidden_size = 0;       // the residual width; 0 when not stated
  std::string native_precision;  // "" when absent (draft records only)
  std::string source;
  std::string notes;
  // The facts a draft record leaves unstated, with why (params_total, layers, ...).
  std::vector<AbsentFact> absent;
  // Sliding-window attention: `sliding_window_layers` of the `layers` attend to at most the last
  // `sliding_window` tokens (and cache no more); 0 when the model has none.
  int64_t sliding_window = 0;
  int64_t sliding_window_layers = 0;
  // Hybrid models (Qwen3-Next, Jamba, Nemotron-H): how many of the `layers` cache K and V per
  // token; the rest are linear-attention or state-space layers with a state of fixed size. 0
  // when not stated: every layer caches K and V.
  int64_t kv_layers = 0;
  // The layers that cache K and V per token: kv_layers when stated, else layers.
  int64_t KvLayers() const { return kv_layers > 0 ? kv_layers : layers; }
  // Multi-head latent attention: elements cached per token per layer (kv_lora_rank +
  // qk_rope_head_dim) instead of 2 x kv_heads x head_dim; 0 when the model is not MLA.
  int64_t kv_latent_dim = 0;
  // Mixture-of-experts components, when stated: routed experts per layer, experts each token
  // uses, the parameters of all routed experts, and the precision of each component when the
  // checkpoint stores them differently ("" when not stated).
  int64_t experts = 0;
  int64_t experts_per_token = 0;
  double params_routed_experts = 0;
  std::string experts_precision;
  std::string shared_precision;

  // Why `key` is absent, or "" when it is stated.
  std::string_view AbsentReason(std::string_view key) const;
  // Input-embedding parameters that are neither streamed nor multiplied per token: an untied
  // table is read one row per token. A tied table is the output projection too, so nothing is
  // taken out; an unstated tie is taken as untied (the generous side: fewer bytes and FLOPs).
  double LookupOnlyParams() const { return tied_embeddings.value_or(false) ? 0 : embedding_params; }
  // Parameters multiplied per token: the active count for an MoE, else the total, without the
  // lookup-only embedding table. 0 when the record states no parameter count.
  double ParamsPerToken() const {
    if (ActiveUnknown()) return 0;
    double p = params_active.value_or(params_total);
    return p > 0 ? p - LookupOnlyParams() : 0;
  }
  // True when the record writes params_active absent: it may be a mixture of experts, so the
  // parameters (and bytes) used per token are unknown, whatever the total.
  bool ActiveUnknown() const { return !AbsentReason("params_active").empty(); }
  bool IsMoe() const { return params_active.has_value() && *params_active < params_total; }
};

struct Source {
  RecordHeader header;
  std::string title;
  std::string publisher;
  std::string url;
  std::string date;
  std::string source_kind;  // blog, paper, repo, mlperf, vendor-sheet, ...
  std::string peaks;        // "dense", "sparse" or "mixed": how it prints FLOPS ("" unstated)
  std::string notes;
};

struct Gotcha {
  RecordHeader header;
  std::string title;
  std::vector<std::string> concepts;
  std::string symptom;
  std::string root_cause;
  std::string workaround;
  std::string notes;
};

// One load condition: stated with a value, marked absent with a reason, or missing.
// An optional int64_t in 12 bytes aligned to 4, read as a std::optional is, so that a
// Condition packs into 32 bytes: std::optional<int64_t> takes 16 and aligns to 8, which made a
// Condition 40 bytes and a record's eleven 88 bytes larger.
class OptionalInt64 {
 public:
  OptionalInt64() = default;
  OptionalInt64(std::nullopt_t) {}         // NOLINT: implicit, as std::optional's
  OptionalInt64(int64_t v) { *this = v; }  // NOLINT
  OptionalInt64& operator=(int64_t v) {
    const auto u = static_cast<uint64_t>(v);
    low_ = static_cast<uint32_t>(u);
    high_ = static_cast<uint32_t>(u >> 32);
    has_ = true;
    return *this;
  }
  OptionalInt64& operator=(std::nullopt_t) {
    *this = OptionalInt64();
    return *this;
  }
  bool has_value() const { return has_; }
  explicit operator bool() const { return has_; }
  // The value; as with std::optional, only when there is one.
  int64_t operator*() const {
    return static_cast<int64_t>((static_cast<uint64_t>(high_) << 32) | low_);
  }
  int64_t value_or(int64_t otherwise) const { return has_ ? **this : otherwise; }
  operator std::optional<int64_t>() const {  // NOLINT: reads as the optional it stands for
    return has_ ? std::optional<int64_t>(**this) : std::nullopt;
  }
  friend bool operator==(const OptionalInt64& a, int64_t b) { return a.has_ && *a == b; }
  friend bool operator==(const OptionalInt64& a, const OptionalInt64& b) {
    return a.has_ == b.has_ && (!a.has_ || *a == *b);
  }

 private:
  uint32_t low_ = 0, high_ = 0;
  bool has_ = false;
};

struct Condition {
  enum class State : uint8_t { kMissing, kStated, kAbsent };
  // A record holds fifteen of these, and a large corpus says the same things in them ("not
  // published", "vllm"): the texts are shared (the loader interns them per thread). A condition
  // is stated or absent, never both, so one text holds its value or why it is absent; the
  // members are in the order that packs them into 24 bytes.
  OptionalInt64 integer;  // the stated value, for integer conditions
  State state = State::kMissing;
  std::optional<bool> boolean;  // the stated value, for true/false conditions

  bool stated() const { return state == State::kStated; }
  bool absent() const { return state == State::kAbsent; }
  // The stated value as text ("1", "fastertransformer", "false"); "" unless stated.
  const SharedText& text() const { return stated() ? words_ : None(); }
  // Why the value is unknown; "" unless absent.
  const SharedText& absent_reason() const { return absent() ? words_ : None(); }
  // States the condition as `value` (its integer or boolean, when it has one, is set apart).
  void SetStated(SharedText value) {
    state = State::kStated;
    words_ = std::move(value);
  }
  // Writes the condition absent, for `reason`.
  void SetAbsent(SharedText reason) {
    state = State::kAbsent;
    words_ = std::move(reason);
  }

 private:
  static const SharedText& None() {
    static const SharedText none;
    return none;
  }
  SharedText words_;
};

// Speculative decoding as a record states it: `speculative = false`, or a table with the
// method and, where stated, the draft length k (tokens proposed per step), the mean accepted
// length, and the draft model.
struct Speculation {
  SharedText method;                    // "eagle3", "ngram", "draft-model", "mtp", ...
  std::optional<int64_t> draft_tokens;  // k
  // A draft tree's depth (SGLang's speculative_num_steps), when draft_tokens counts the tree's
  // nodes (speculative_num_draft_tokens): a step accepts at most depth + 1 tokens.
  std::optional<int64_t> draft_depth;
  std::optional<double> acceptance_length;  // mean tokens accepted per step, 1 <= a <= k + 1
  SharedText draft_model;                   // a model id, for a separate draft model
};

// Prefix caching as a record states it: `prefix_cache = false`, or the input tokens served
// from the cache per request, or the cache hit rate.
struct PrefixCache {
  bool enabled = false;
  std::optional<int64_t> cached_tokens;
  std::optional<double> hit_rate;  // 0..1
};

struct Conditions {
  Condition batch;
  Condition concurrency;
  Condition input_tokens;       // a length every request had: the KV and prefill terms' I
  Condition input_tokens_mean;  // a varied run's mean length: those terms' I as an assumption
  Condition output_tokens;
  Condition engine;
  Condition engine_version;
  Condition warmup;
  Condition scenario;
  Condition speculative;
  Condition prefix_cache;
  Condition offload;  // weights or KV cache kept in host memory: false, or what the source says
  // Independent copies of the model the accelerators are split into (data-parallel replicas,
  // the decode pool's instances): each serves its own requests on accelerator_count / replicas
  // accelerators. Unstated, one replica spans them all (the generous reading).
  Condition replicas;
  // Completions generated per prompt (parallel sampling's n, best-of, a beam width): over 1, the
  // sequences of one prompt can share its KV cache.
  Condition samples_per_prompt;
  // The tokens of a sequence's context the engine keeps in each layer's cache: `false` (every
  // one, as the model's own layers define) or a count (TensorRT-LLM's max_attention_window_size,
  // StreamingLLM-style eviction). Unstated, a KV term over the whole context is an assumption.
  Condition attention_window;
  Boxed<Speculation> speculation;  // set when speculative is stated as a table
  Boxed<PrefixCache> prefix;       // set when prefix_cache is stated

  // B, the sequences one decode step holds, derived here once for every reader:
  // StatedBatch() is `batch` as stated (bounds that tighten as B grows, and aggregate = per-user
  // x B, use only this); BatchBound() is the stated batch, else the concurrency cap (requests in
  // flight bound the sequences in a step: bounds that loosen as B grows may use it). nullopt
  // when the record does not state it.
  std::optional<int64_t> StatedBatch() const {
    if (batch.integer && *batch.integer > 0) return batch.integer;
    return std::nullopt;
  }
  std::optional<int64_t> BatchBound() const {
    if (auto b = StatedBatch()) return b;
    if (concurrency.integer && *concurrency.integer > 0) return concurrency.integer;
    return std::nullopt;
  }

  // True when the record states that speculative decoding was used (anything but `false`).
  bool UsesSpeculation() const {
    return speculative.stated() && !(speculative.boolean && !*speculative.boolean);
  }
  // True unless the record states that speculative decoding was not used.
  bool MayUseSpeculation() const { return !(speculative.boolean && !*speculative.boolean); }
  // True when the record states that no input token was served from a prefix cache.
  bool NoPrefixCache() const { return prefix && !prefix->enabled; }
  // True when the record rules out every way the sequences of a step can share a prompt's KV
  // cache: no prefix cache, and one completion per prompt. Only then does a step read B private
  // caches for certain.
  bool PrivateKvCaches() const {
    return NoPrefixCache() && samples_per_prompt.integer && *samples_per_prompt.integer == 1;
  }
  // True when the record states a way they do share it: a prefix cache, or several samples.
  bool StatesSharedKv() const {
    return (prefix && prefix->enabled) ||
           (samples_per_prompt.integer && *samples_per_prompt.integer > 1);
  }
};

// The [conditions] keys, in the order a record writes them: the one table the parser (which
// keys exist, how each is read), `show` and the reports read (records.cc).
struct ConditionKey {
  std::string_view key;           // "batch"
  std::string_view path;          // "conditions.batch"
  Condition Conditions::*member;  // where it is kept
  bool integer;                   // a count: batch, concurrency and the token counts
  int64_t min;                    // the least count allowed (integer keys only)
  bool optional;                  // a record may leave it out without a finding
};
std::span<const ConditionKey> ConditionKeys();
std::span<const std::string_view> ConditionKeyNames();  // the keys alone, in the same order

// The fields the members of a sibling set share, each excusable by `set_differs`: the one
// table the record schema (which keys set_differs takes) and the sibling-set check read.
inline constexpr std::array<std::string_view, 6> kSetFields = {
    "model", "hardware", "engine", "precision", "input_tokens", "output_tokens"};
std::span<const std::string_view> SetFieldNames();
struct Benchmark;
// The line `value` is written on in b's file: b.value_line, or the usual form it stands for.
std::string ValueLine(const Benchmark& b);
// What Benchmark::value_line keeps of `line`, the line `value` is written on, for a value read
// as `text`: nothing when it is the usual form, `value = "<text>"`, which ValueLine rebuilds.
SharedText ValueLineToKeep(std::string_view line, std::string_view text);
// The value of set field `field` of `b` as written ("" when it does not state it).
std::string_view SetFieldValue(const Benchmark& b, std::string_view field);

// One of the seven load conditions as [conditions] holds it (model and hardware, the other two,
// are required top-level keys).
struct NamedCondition {
  std::string_view name;  // as reported: "engine version"
  std::string_view key;   // the [conditions] key: "engine_version"
  const Condition* condition;
};
// The five load conditions of [conditions], in report order; batch-or-concurrency is whichever
// of the two the record writes. The pointers point into `c`.
std::array<NamedCondition, 5> LoadConditions(const Conditions& c);

struct AbsentPointer {
  SharedText because;  // no-record | ambiguous | not-stated
  SharedText note;
};

// An instrument-validation band: the record's roof percent must land within
// expected_percent +- tolerance (docs/physics.md section 4).
struct Calibration {
  double expected_percent = 0;
  double tolerance = 0;
  std::string instrument = "memory-roof";
  int line = 0;
};

struct Benchmark {
  // A large corpus holds a hundred thousand of these: the texts are SharedText (one pointer;
  // the loader's threads share the copies of the texts records repeat, such as a model id, a
  // hardware text or a source), and the facts most records leave out are Boxed.
  RecordHeader header;
  SharedText title;
  Metric metric = Metric::kPerUserDecode;
  SharedText statistic;  // "" when not stated
  ParsedQuantity value;
  // The line of the file that `value` is written on, as written, when it is not the usual
  // `value = "<value.text>"` (ValueLine rebuilds that one): nearly every finding points at it,
  // and a finding takes its source line from here rather than from the file read again.
  SharedText value_line;
  SharedText derived_from;
  SharedText model;
  SharedText precision;  // "" when absent: then precision_absent says why
  SharedText precision_absent;
  SharedText compute_precision;  // "" when not stated
  SharedText kv_precision;       // the KV-cache element format, "" when not stated
  // Structured sparsity of the weights ("2:4": two of every four kept, with a 2-bit index
  // each), "" when not stated: dense.
  SharedText sparsity;
  bool Sparse24() const { return sparsity.view() == "2:4"; }
  Boxed<ParsedQuantity> weights;
  SharedText hardware;
  std::vector<std::string> accelerators;
  std::optional<AbsentPointer> accelerators_absent;
  // How many accelerators: 0 when the record writes it absent (accelerator_count_absent says
  // why). An unknown count is never taken as 1.
  int64_t accelerator_count = 1;
  SharedText accelerator_count_absent;
  SharedText source;
  SharedText locator;
  SharedText set;
  // Fields in which this record may differ from its set, with why ("engine" -> "...").
  std::vector<std::pair<std::string, std::string>> set_differs;
  SharedText notes;
  Conditions conditions;
  Boxed<Calibration> calibration;
  std::vector<Waiver> waivers;
};

}  // namespace rooflint

#endif  // ROOFLINT_RECORDS_H_
