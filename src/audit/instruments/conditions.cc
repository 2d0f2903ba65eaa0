// The conditions instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("conditions"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/results.h"

namespace rooflint {
namespace {

constexpr FindingCode kConditionsCheckCodes[] = {
    FindingCode::kMissingCondition, FindingCode::kNoScenario, FindingCode::kSpeculationUnstated};
constexpr InstrumentInfo kConditionsCheckInfo{
    .id = ids::kConditions,
    .kind = InstrumentKind::kCheck,
    .summary = "the seven load conditions and the scenario: each stated or absent with a reason",
    .doc = "conditions",
    .codes = kConditionsCheckCodes,
};

class ConditionsCheck final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kConditionsCheckInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const Conditions& c = b.conditions;
    // Model and hardware are required top-level keys: always stated in a valid record. The
    // reason is written as it goes: "name (why), name (why)", and the missing names apart.
    std::string absent, missing;
    size_t absent_count = 0;
    auto list = [](std::string& into, std::string_view item) {
      if (!into.empty()) into += ", ";
      into += item;
    };
    for (const NamedCondition& n : LoadConditions(c)) {
      if (n.condition->absent()) {
        list(absent, n.name);
        absent += " (";
        absent += n.condition->absent_reason();
        absent += ')';
        ++absent_count;
      } else if (!n.condition->stated()) {
        list(missing, n.name);
        findings.push_back(MakeFinding(
            b, id(), FindingCode::kMissingCondition,
            fmt::format("the {} is neither stated nor marked absent", n.name), "conditions", "",
            fmt::format("add to [conditions]: {} = <value>, or {} = {{ absent = \"why it is "
                        "not known\" }}",
                        n.key == "batch" ? "batch (or concurrency)" : n.key, n.key)));
      }
    }
    std::string reason = fmt::format("ABSENT CONDITIONS ({} of 7)", absent_count);
    if (absent_count > 0) {
      reason += ": ";
      reason += absent;
    }
    if (!missing.empty()) {
      reason += "; MISSING (neither stated nor absent): ";
      reason += missing;
    }
    if (c.scenario.stated()) {
      reason += fmt::format("; scenario {}", c.scenario.text());
    } else {
      std::string why = c.scenario.absent()
                            ? fmt::format("scenario absent ({})", c.scenario.absent_reason())
                            : "scenario neither stated nor marked absent";
      reason += fmt::format("; {}: not comparable with MLPerf Offline or Server figures", why);
      if (!c.scenario.absent()) {
        list(missing, "scenario");
        findings.push_back(MakeFinding(
            b, id(), FindingCode::kMissingCondition,
            "the scenario is neither stated nor marked absent", "conditions", "",
            "add scenario = \"offline\" | \"server\" | \"interactive\" | \"single-stream\", or "
            "scenario = { absent = \"why\" }"));
      } else {
        findings.push_back(MakeFinding(
            b, id(), FindingCode::kNoScenario,
            fmt::format("{}: not comparable with MLPerf Offline or Server figures", why),
            "conditions.scenario"));
      }
    }
    if (c.speculative.state == Condition::State::kMissing) {
      reason += "; speculative decoding not stated";
      findings.push_back(MakeFinding(
          b, id(), FindingCode::kSpeculationUnstated,
          "whether speculative decoding was used is not stated: the memory roof assumes it "
          "was not",
          "conditions", "", "add speculative = false, or a description of the method"));
    }
    out.checks.push_back(CheckResult(id(), missing.empty(), reason));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeConditions() { return std::make_unique<ConditionsCheck>(); }

}  // namespace rooflint
