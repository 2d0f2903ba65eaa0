// The pointers instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("pointers"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include <algorithm>

#include "audit/instrument.h"
#include "audit/results.h"

namespace rooflint {
namespace {

std::string Ids(const std::vector<const Accelerator*>& parts) {
  std::vector<std::string_view> ids;
  for (const auto* p : parts) ids.push_back(p->header.id);
  return fmt::format("{}", fmt::join(ids, ", "));
}

// What the candidates have in common, for advice on a stale reason.
std::string CandidateAdvice(const std::vector<const Accelerator*>& parts) {
  if (parts.size() == 1) {
    return fmt::format("point at it: accelerators = [\"{}\"]", parts[0]->header.id);
  }
  bool same_form = std::all_of(parts.begin(), parts.end(), [&](const Accelerator* p) {
    return p->form_factor == parts[0]->form_factor;
  });
  bool same_bandwidth = std::all_of(parts.begin(), parts.end(), [&](const Accelerator* p) {
    return p->bandwidth.si() == parts[0]->bandwidth.si();
  });
  std::string out = same_form ? "the candidates share a form factor: list them all in accelerators "
                                "if the source cannot tell them apart"
                              : "the candidates differ in form factor: keep the pointer empty with "
                                "because = \"ambiguous\"";
  out += same_bandwidth
             ? fmt::format("; the roof is exact anyway: the candidates agree on bandwidth ({})",
                           parts[0]->bandwidth_text)
             : "; the candidates differ in bandwidth, so the roof uses the most generous";
  return out;
}

constexpr FindingCode kPointersCodes[] = {
    FindingCode::kPointerContradictsHardware, FindingCode::kStalePointerReason,
    FindingCode::kCountDisagrees, FindingCode::kSliceCountedAsPart};
constexpr InstrumentInfo kPointersInfo{
    .id = ids::kPointers,
    .kind = InstrumentKind::kCheck,
    .summary = "ids resolve, pointers agree with the hardware text, empty-pointer reasons hold",
    .doc = "pointers",
    .codes = kPointersCodes,
};

class Pointers final : public RecordInstrument {
 public:
  const InstrumentInfo& info() const override { return kPointersInfo; }

 private:
  void Audit(const AuditInput& in, RecordAudit& out,
             std::vector<Finding>& findings) const override {
    const Benchmark& b = *in.benchmark;
    const Corpus& corpus = *in.corpus;
    std::vector<std::string> problems, notes;
    if (corpus.FindModel(b.model) == nullptr) {
      problems.push_back(fmt::format("model '{}' is not in the corpus", b.model));
    }
    if (corpus.FindSource(b.source) == nullptr) {
      problems.push_back(fmt::format("source '{}' is not in the corpus", b.source));
    }
    const auto& named = in.text_match->candidates;
    if (!b.accelerators.empty()) {
      for (const auto& aid : b.accelerators) {
        const Accelerator* a = corpus.FindAccelerator(aid);
        if (a == nullptr) {
          problems.push_back(fmt::format("accelerator '{}' is not in the corpus", aid));
          continue;
        }
        if (named.empty()) continue;
        if (std::find(named.begin(), named.end(), a) == named.end()) {
          std::string msg =
              fmt::format("the pointer {} contradicts the hardware text '{}', which names {}", aid,
                          b.hardware, Ids(named));
          problems.push_back(msg);
          findings.push_back(MakeFinding(
              b, id(), FindingCode::kPointerContradictsHardware, msg, "accelerators", "",
              "point at the part the source measured, or correct the hardware text"));
        }
      }
      notes.push_back(
          named.empty()
              ? fmt::format("the hardware text '{}' names no part, so the pointer "
                            "cannot be checked against it",
                            b.hardware)
              : fmt::format("the pointer agrees with the hardware text '{}'", b.hardware));
    } else if (b.accelerators_absent) {
      const AbsentPointer& why = *b.accelerators_absent;
      std::string stale;
      if (why.because == "no-record" && !named.empty()) {
        stale = fmt::format(
            "the empty pointer says no-record (\"{}\"), but the corpus now holds {} matching "
            "'{}': {}",
            why.note, named.size() == 1 ? "a part" : "parts", b.hardware, Ids(named));
      } else if (why.because == "ambiguous" && named.size() == 1) {
        stale = fmt::format("the empty pointer says ambiguous, but only {} matches '{}' now",
                            named[0]->header.id, b.hardware);
      } else if (why.because == "ambiguous" && named.empty()) {
        stale = fmt::format(
            "the empty pointer says ambiguous, but no part matches '{}': the "
            "reason is no-record",
            b.hardware);
      }
      if (!stale.empty()) {
        problems.push_back(stale);
        findings.push_back(
            MakeFinding(b, id(), FindingCode::kStalePointerReason, stale, "accelerators_absent", "",
                        named.empty() ? "set because = \"no-record\"" : CandidateAdvice(named)));
      } else {
        notes.push_back(fmt::format("empty pointer ({}): still holds", why.because));
      }
    }
    // The count the hardware text states must agree with accelerator_count.
    const HardwareMatch& m = *in.text_match;
    if (m.count && b.accelerator_count > 0 && *m.count != b.accelerator_count) {
      std::string msg = fmt::format(
          "the hardware text '{}' states {} accelerator{} ({}), but accelerator_count is {}",
          b.hardware, *m.count, *m.count == 1 ? "" : "s",
          m.count_how.empty() ? m.count_text : m.count_how, b.accelerator_count);
      problems.push_back(msg);
      findings.push_back(MakeFinding(
          b, id(), FindingCode::kCountDisagrees, msg, "accelerator_count", "",
          "the roofs use accelerator_count; correct whichever of the two is wrong (a superchip "
          "text may count packages, not GPUs)"));
    } else if (m.count && b.accelerator_count > 0) {
      notes.push_back(fmt::format("the hardware text states the same count ({})", *m.count));
    }
    // A slice of a part counted as whole parts (a pointer at the part, accelerator_count, and
    // no count of slices in the text): the bounds take the slice's share.
    // A slice whose share is the whole part ("7g.80gb") is not warned.
    const bool smaller =
        m.partition &&
        std::any_of(b.accelerators.begin(), b.accelerators.end(), [&](const auto& aid) {
          const Accelerator* a = corpus.FindAccelerator(aid);
          if (a == nullptr) return false;
          const PartitionShare s = ShareOf(*m.partition, *a);
          return s.compute < 1 || s.bandwidth < 1 || s.memory < 1;
        });
    if (smaller && b.accelerator_count > 0 && !m.count) {
      std::string msg = fmt::format(
          "the hardware text '{}' names {}, a slice of a part, but the record counts {} whole "
          "part{} ({}): the bounds use the slice's share of the part",
          b.hardware, m.partition->text, b.accelerator_count, b.accelerator_count == 1 ? "" : "s",
          fmt::join(b.accelerators, ", "));
      problems.push_back(msg);
      findings.push_back(MakeFinding(
          b, id(), FindingCode::kSliceCountedAsPart, msg, "accelerator_count", "",
          "a MIG instance or compute partition holds a fraction of its part's memory, bandwidth "
          "and compute: say so in the record's notes, and compare it only with figures on the "
          "same slice"));
    }
    out.checks.push_back(CheckResult(id(), problems.empty(),
                                     problems.empty()
                                         ? fmt::format("{}", fmt::join(notes, "; "))
                                         : fmt::format("{}", fmt::join(problems, "; "))));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakePointers() { return std::make_unique<Pointers>(); }

}  // namespace rooflint
