// The status instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("status"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include "audit/instrument.h"
#include "audit/results.h"

namespace rooflint {
namespace {

constexpr FindingCode kStatusCheckCodes[] = {FindingCode::kReliesOnDraft};
constexpr InstrumentInfo kStatusCheckInfo{
    .id = ids::kStatus,
    .kind = InstrumentKind::kCheck,
    .summary = "deprecated records are reported apart; verified figures resting on drafts noted",
    .doc = "status",
    .codes = kStatusCheckCodes,
};

class StatusCheck final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kStatusCheckInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    switch (b.header.status) {
      case Status::kDeprecated:
        out.checks.push_back(CheckResult(
            id(), true, "deprecated: swept and reported apart; its findings never fail a sweep"));
        return;
      case Status::kDraft:
        out.checks.push_back(CheckResult(id(), true, "draft: swept like a verified record"));
        return;
      case Status::kVerified:
        break;
    }
    std::vector<std::string> drafts;
    if (in.model != nullptr && in.model->header.status == Status::kDraft) {
      drafts.push_back(fmt::format("model {}", in.model->header.id));
    }
    for (const Accelerator* p : in.parts) {
      if (p->header.status == Status::kDraft) {
        drafts.push_back(fmt::format("accelerator {}", p->header.id));
      }
    }
    if (drafts.empty()) {
      out.checks.push_back(CheckResult(id(), true, "verified, resting on verified records"));
      return;
    }
    std::string msg = fmt::format("a verified figure whose roofs rest on draft records: {}",
                                  fmt::join(drafts, ", "));
    findings.push_back(MakeFinding(b, id(), FindingCode::kReliesOnDraft, msg, "status", "",
                                   "verify those records' figures, or mark this one draft"));
    out.checks.push_back(CheckResult(id(), false, msg));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeStatus() { return std::make_unique<StatusCheck>(); }

}  // namespace rooflint
