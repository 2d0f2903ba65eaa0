// The instrument registry: every instrument, in the order a sweep runs them, and what the
// sweep does with their declarations. Adding one is its file in this folder (found by the
// build, its InstrumentInfo declared there), its factory declared here and pushed in run order,
// its section of docs/instruments.md, and its tests (docs/ARCHITECTURE.md, "How to add").
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "audit/instrument.h"
#include "audit/results.h"
#include "rooflint/audit.h"

namespace rooflint {

// Each defined in the instrument's own file.
std::unique_ptr<Instrument> MakeMemoryRoof();
std::unique_ptr<Instrument> MakeComputeRoof();
std::unique_ptr<Instrument> MakeTpotFloor();
std::unique_ptr<Instrument> MakeTtftFloor();
std::unique_ptr<Instrument> MakeE2eFloor();
std::unique_ptr<Instrument> MakeKvMemoryRoof();
std::unique_ptr<Instrument> MakeKvTpotFloor();
std::unique_ptr<Instrument> MakeSpeculationRoof();
std::unique_ptr<Instrument> MakeSpeculationFloor();
std::unique_ptr<Instrument> MakeAcceptRoof();
std::unique_ptr<Instrument> MakeCapacity();
std::unique_ptr<Instrument> MakeConditions();
std::unique_ptr<Instrument> MakePointers();
std::unique_ptr<Instrument> MakeDerivation();
std::unique_ptr<Instrument> MakeSiblingSet();
std::unique_ptr<Instrument> MakeNearRoof();
std::unique_ptr<Instrument> MakeSpecLint();
std::unique_ptr<Instrument> MakeCalibration();
std::unique_ptr<Instrument> MakeStatus();

std::span<const std::unique_ptr<Instrument>> Instruments() {
  static const auto* const kAll = [] {
    auto* v = new std::vector<std::unique_ptr<Instrument>>();
    v->push_back(MakeMemoryRoof());
    v->push_back(MakeComputeRoof());
    v->push_back(MakeTpotFloor());
    v->push_back(MakeTtftFloor());
    v->push_back(MakeE2eFloor());
    v->push_back(MakeKvMemoryRoof());
    v->push_back(MakeKvTpotFloor());
    v->push_back(MakeSpeculationRoof());
    v->push_back(MakeSpeculationFloor());
    v->push_back(MakeAcceptRoof());
    // Checks run after the roofs: near-roof and calibration read the roofs' results.
    v->push_back(MakeConditions());
    v->push_back(MakePointers());
    v->push_back(MakeCapacity());
    v->push_back(MakeDerivation());
    v->push_back(MakeNearRoof());
    v->push_back(MakeCalibration());
    v->push_back(MakeStatus());
    // Corpus instruments run once, after every record has been audited.
    v->push_back(MakeSiblingSet());
    v->push_back(MakeSpecLint());
    return v;
  }();
  return *kAll;
}

namespace {

// GitHub's anchor of a Markdown heading: lower case, spaces to hyphens, other punctuation
// but hyphens dropped.
std::string Anchor(std::string_view heading) {
  std::string out;
  for (char c : heading) {
    if (c == ' ') {
      out += '-';
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') {
      out += c;
    } else if (c >= 'A' && c <= 'Z') {
      out += static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

// The record and corpus instruments of Instruments(), each list in run order.
template <class Kind>
std::span<const Kind* const> OfKind() {
  static const auto* const kList = [] {
    auto* v = new std::vector<const Kind*>();
    for (const auto& i : Instruments()) {
      if (const auto* k = dynamic_cast<const Kind*>(i.get())) v->push_back(k);
    }
    return v;
  }();
  return *kList;
}

}  // namespace

std::span<const RecordInstrument* const> RecordInstruments() { return OfKind<RecordInstrument>(); }
std::span<const CorpusInstrument* const> CorpusInstruments() { return OfKind<CorpusInstrument>(); }

const Instrument* FindInstrument(std::string_view id) {
  for (const auto& i : Instruments()) {
    if (i->id() == id) return i.get();
  }
  return nullptr;
}

std::span<const InstrumentInfo* const> InstrumentInfos() {
  static const auto* const kInfos = [] {
    auto* v = new std::vector<const InstrumentInfo*>();
    for (const auto& i : Instruments()) v->push_back(&i->info());
    return v;
  }();
  return *kInfos;
}

const InstrumentInfo* FindInstrumentInfo(std::string_view id) {
  const Instrument* i = FindInstrument(id);
  return i == nullptr ? nullptr : &i->info();
}

std::string InstrumentsMarkdown() {
  std::string out = "| instrument | kind | applies to | emits |\n|---|---|---|---|\n";
  for (const auto& i : Instruments()) {
    const InstrumentInfo& info = i->info();
    std::string codes;
    for (FindingCode c : info.codes)
      codes += fmt::format("{}`{}`", codes.empty() ? "" : ", ", CodeName(c));
    out += fmt::format(
        "| [{}](#{}) | {} | {} | {} |\n", info.id, Anchor(info.doc), InstrumentKindName(info.kind),
        info.audits != RecordKind::kBenchmark ? fmt::format("{} records", KindName(info.audits))
        : info.metrics.IsAll()                ? "every benchmark"
                                              : info.metrics.Names(),
        codes.empty() ? "-" : codes);
  }
  return out;
}

bool IsFloor(std::string_view id) {
  const Instrument* i = FindInstrument(id);
  return i != nullptr && i->kind() == InstrumentKind::kFloor;
}

std::string_view InstrumentKindName(InstrumentKind kind) {
  switch (kind) {
    case InstrumentKind::kRoof:
      return "roof";
    case InstrumentKind::kFloor:
      return "floor";
    case InstrumentKind::kCheck:
      return "check";
  }
  return "?";
}

std::string MetricSet::Names() const {
  std::vector<std::string_view> names;
  for (size_t m = 0; m < kMetricCount; ++m) {
    if (Contains(static_cast<Metric>(m))) names.push_back(MetricName(static_cast<Metric>(m)));
  }
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

bool InstrumentInfo::Emits(FindingCode code) const {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

void RecordInstrument::Run(const AuditInput& in, RecordAudit& out,
                           std::vector<Finding>& findings) const {
  const InstrumentInfo& i = info();
  if (i.metrics.Contains(in.benchmark->metric)) {
    Audit(in, out, findings);
    return;
  }
  std::call_once(not_applicable_once_, [&] {
    not_applicable_ = SharedText::Unshared(
        i.other_metrics.empty() ? fmt::format("applies to {} records only", i.metrics.Names())
                                : std::string(i.other_metrics));
  });
  (ComputesBound(i.kind) ? out.roofs : out.checks).push_back(NotApplicable(i.id, not_applicable_));
}

}  // namespace rooflint
