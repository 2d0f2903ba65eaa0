// The instrument registry: every instrument, in the order a sweep runs them. Adding one is its
// file under src/audit/ (found by the build), its factory declared here and pushed in run order,
// its section of docs/instruments.md, and its tests (docs/ARCHITECTURE.md, "How to add").
#include <memory>
#include <vector>

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

}  // namespace rooflint
