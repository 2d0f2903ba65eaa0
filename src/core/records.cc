// Names of the record enumerations, and small record helpers.
#include "rooflint/records.h"

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

std::string_view MetricName(Metric m) {
  switch (m) {
    case Metric::kPerUserDecode:
      return "per-user-decode";
    case Metric::kAggregateOutput:
      return "aggregate-output";
    case Metric::kAggregateTotal:
      return "aggregate-total";
    case Metric::kRequests:
      return "requests";
    case Metric::kTtft:
      return "ttft";
    case Metric::kTpot:
      return "tpot";
    case Metric::kItl:
      return "itl";
    case Metric::kE2eLatency:
      return "e2e-latency";
    case Metric::kPrefill:
      return "prefill";
  }
  return "?";
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

SourceLocation KeyLocations::Find(std::string_view key, const std::string& path) const {
  for (const Entry& e : keys_) {
    if (e.key == key) return {path, e.line, e.column};
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
