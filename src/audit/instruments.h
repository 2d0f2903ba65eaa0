// Factories for the instruments; registry.cc is the one place that lists them.
#ifndef ROOFLINT_AUDIT_INSTRUMENTS_H_
#define ROOFLINT_AUDIT_INSTRUMENTS_H_

#include <memory>

#include "rooflint/audit.h"

namespace rooflint {

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

}  // namespace rooflint

#endif  // ROOFLINT_AUDIT_INSTRUMENTS_H_
