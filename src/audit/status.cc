// status: what a record's status means for its findings, and whether a verified figure rests on
// unverified ones.
//
// Rules: deprecated records are swept and reported apart, and their findings never fail the
// sweep; draft records are swept like verified ones. A verified record that relies on a draft
// model or accelerator record is noted: its roofs are only as good as those figures.
// Applies to every benchmark record; there is no does-not-apply case.
// Example: a verified llama-bench figure on nvidia-rtx-4080, whose tensor peaks are computed
// rather than read from NVIDIA's sheet (status draft), is noted.
#include <fmt/format.h>

#include "audit/instruments.h"
#include "audit/results.h"

namespace rooflint {
namespace {

class StatusCheck final : public RecordInstrument {
 public:
  std::string_view id() const override { return ids::kStatus; }
  std::string_view summary() const override {
    return "deprecated records are reported apart; verified figures resting on drafts noted";
  }
  InstrumentKind kind() const override { return InstrumentKind::kCheck; }

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
