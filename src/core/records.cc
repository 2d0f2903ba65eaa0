// Names of the record enumerations, and small record helpers.
#include "rooflint/records.h"

#include "rooflint/schema.h"

namespace rooflint {

std::string_view KindName(RecordKind k) {
  switch (k) {
    case RecordKind::kAccelerator:
      return "accelerator";
    case RecordKind::kModel:
      return "model";
    case RecordKind::kBenchmark:
      return "benchmark";
    case RecordKind::kSource:
      return "source";
    case RecordKind::kGotcha:
      return "gotcha";
  }
  return "?";
}

std::string_view KindFolder(RecordKind k) {
  switch (k) {
    case RecordKind::kAccelerator:
      return "accelerators";
    case RecordKind::kModel:
      return "models";
    case RecordKind::kBenchmark:
      return "benchmarks";
    case RecordKind::kSource:
      return "sources";
    case RecordKind::kGotcha:
      return "gotchas";
  }
  return "?";
}

std::string_view StatusName(Status s) {
  switch (s) {
    case Status::kDraft:
      return "draft";
    case Status::kVerified:
      return "verified";
    case Status::kDeprecated:
      return "deprecated";
  }
  return "?";
}

namespace {
// In Metric order.
static_assert(static_cast<size_t>(Metric::kPrefill) + 1 == kMetricNames.size());

// A [conditions] key of the record schema, with where the record keeps it and whether leaving
// it out goes without a finding.
consteval ConditionKey Key(std::string_view path, Condition Conditions::*member, bool optional) {
  const RecordField& f = FieldOf(RecordKind::kBenchmark, path);
  return {f.Name(), path, member, f.accepts == schema::kCountOrAbsent, static_cast<int64_t>(f.min),
          optional};
}

// In the schema's order (schema_test holds them to it).
const ConditionKey kConditionKeys[] = {
    Key("conditions.batch", &Conditions::batch, false),
    Key("conditions.concurrency", &Conditions::concurrency, true),
    Key("conditions.input_tokens", &Conditions::input_tokens, false),
    Key("conditions.input_tokens_mean", &Conditions::input_tokens_mean, true),
    Key("conditions.output_tokens", &Conditions::output_tokens, false),
    Key("conditions.engine", &Conditions::engine, false),
    Key("conditions.engine_version", &Conditions::engine_version, false),
    Key("conditions.warmup", &Conditions::warmup, false),
    Key("conditions.scenario", &Conditions::scenario, false),
    Key("conditions.speculative", &Conditions::speculative, false),
    Key("conditions.prefix_cache", &Conditions::prefix_cache, true),
    Key("conditions.offload", &Conditions::offload, true),
    Key("conditions.replicas", &Conditions::replicas, true),
    Key("conditions.samples_per_prompt", &Conditions::samples_per_prompt, true),
    Key("conditions.attention_window", &Conditions::attention_window, true),
};

}  // namespace

std::string_view MetricName(Metric m) {
  auto i = static_cast<size_t>(m);
  return i < kMetricNames.size() ? kMetricNames[i] : "?";
}

std::span<const std::string_view> MetricNames() { return kMetricNames; }

std::optional<Metric> FindMetric(std::string_view name) {
  for (size_t i = 0; i < kMetricNames.size(); ++i) {
    if (kMetricNames[i] == name) return static_cast<Metric>(i);
  }
  return std::nullopt;
}

std::span<const ConditionKey> ConditionKeys() { return kConditionKeys; }

std::span<const std::string_view> ConditionKeyNames() {
  static const auto kNames = [] {
    std::array<std::string_view, std::size(kConditionKeys)> names{};
    for (size_t i = 0; i < names.size(); ++i) names[i] = kConditionKeys[i].key;
    return names;
  }();
  return kNames;
}

std::span<const std::string_view> SetFieldNames() { return kSetFields; }

namespace {
// The usual form of a value's line: this, the value as written, a closing quote.
constexpr std::string_view kValueOpen = "value = \"";
}  // namespace

SharedText ValueLineToKeep(std::string_view line, std::string_view text) {
  const bool usual = !text.empty() && line.size() == kValueOpen.size() + text.size() + 1 &&
                     line.starts_with(kValueOpen) &&
                     line.substr(kValueOpen.size(), text.size()) == text && line.back() == '"';
  return usual ? SharedText() : SharedText::Unshared(line);
}

std::string ValueLine(const Benchmark& b) {
  // The parser keeps the line unless it is the usual form of a value it read (never empty).
  if (!b.value_line.empty() || b.value.text.empty()) return b.value_line.str();
  std::string line(kValueOpen);
  line += b.value.text;
  line += '"';
  return line;
}

std::string_view SetFieldValue(const Benchmark& b, std::string_view field) {
  if (field == "model") return b.model;
  if (field == "hardware") return b.hardware;
  if (field == "precision") return b.precision;
  if (field == "engine") {
    return b.conditions.engine.stated() ? std::string_view(b.conditions.engine.text()) : "";
  }
  if (field == "input_tokens") return b.conditions.input_tokens.text();
  if (field == "output_tokens") return b.conditions.output_tokens.text();
  return {};
}

bool IsLatencyMetric(Metric m) {
  return m == Metric::kTtft || m == Metric::kTpot || m == Metric::kItl || m == Metric::kE2eLatency;
}

Dimension MetricDimension(Metric m) {
  if (IsLatencyMetric(m)) return Dimension::kTime;
  if (m == Metric::kRequests) return Dimension::kRequestRate;
  return Dimension::kTokenRate;
}

std::array<NamedCondition, 5> LoadConditions(const Conditions& c) {
  const Condition& batch =
      c.concurrency.state != Condition::State::kMissing ? c.concurrency : c.batch;
  return {{{"batch-or-concurrency", "batch", &batch},
           {"input length", "input_tokens", &c.input_tokens},
           {"output length", "output_tokens", &c.output_tokens},
           {"engine version", "engine_version", &c.engine_version},
           {"warmup", "warmup", &c.warmup}}};
}

void KeyLocations::Add(int key, int line, int column) {
  if (keys_.capacity() == 0) keys_.reserve(kTypicalKeys);
  auto field = [](int v) {
    return std::min<uint64_t>(static_cast<uint64_t>(std::max(v, 0)), kFieldMax);
  };
  keys_.push_back(static_cast<uint64_t>(static_cast<uint16_t>(key)) | field(line) << 16 |
                  field(column) << 40);
}

SourceLocation KeyLocations::Find(std::string_view key, const SharedText& path) const {
  const int index = KnownKeyIndex(key);
  if (index < 0) return {path, 1, 1};
  for (uint64_t e : keys_) {
    if ((e & 0xffff) == static_cast<uint64_t>(index)) {
      return {path, static_cast<int>(e >> 16 & kFieldMax), static_cast<int>(e >> 40 & kFieldMax)};
    }
  }
  return {path, 1, 1};
}

std::string_view Model::AbsentReason(std::string_view key) const {
  for (const AbsentFact& f : absent) {
    if (f.key == key) return f.reason;
  }
  return {};
}

std::optional<FlopsPerSecond> Accelerator::Peak(std::string_view precision) const {
  for (const auto& [p, v] : peak_dense) {
    if (p == precision) return v;
  }
  return std::nullopt;
}

}  // namespace rooflint
