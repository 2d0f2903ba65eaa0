// The sibling-set instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("sibling-set"), and its InstrumentInfo
// below gives the summary line (a test keeps the two equal); docs/physics.md has the physics
// behind it.
#include <fmt/format.h>

#include <cmath>
#include <map>
#include <unordered_map>

#include "audit/instrument.h"
#include "audit/results.h"

namespace rooflint {
namespace {

int DecimalsOf(const std::string& number) {
  size_t dot = number.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(number.size() - dot - 1);
}

bool AgreesAt(double computed, double written, int decimals) {
  double k = std::pow(10.0, decimals);
  return std::fabs(std::round(computed * k) / k - written) <=
         1e-9 * std::max(1.0, std::fabs(written));
}

// The stated batch only: aggregate = per-user x B holds for a static batch of B sequences
// that decode in step. A concurrency is not such a batch: requests in flight come and go, and
// a serving tool's per-user rate is a mean over requests (often with the first token inside),
// so the product says nothing.
std::optional<int64_t> BatchOf(const Benchmark& b) { return b.conditions.StatedBatch(); }

bool Excused(const Benchmark& b, std::string_view field) {
  for (const auto& [f, why] : b.set_differs) {
    if (f == field) return true;
  }
  return false;
}

// One `ratio(ID_A / ID_B) = 13.9x` in a record's notes.
struct RatioNote {
  std::string numerator;
  std::string denominator;
  std::string stated;  // "13.9"
};

// Every ratio note in `notes`, read by one forward scan (no backtracking: the text is untrusted
// corpus content). Ids are [a-z0-9][a-z0-9.-]* of at most 200 characters and the figure at most
// 20 digits; anything else is not a ratio note.
std::vector<RatioNote> RatioNotes(std::string_view notes) {
  std::vector<RatioNote> out;
  constexpr size_t kMaxId = 200, kMaxDigits = 20;
  auto id_char = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  for (size_t at = notes.find("ratio("); at != std::string_view::npos;
       at = notes.find("ratio(", at + 1)) {
    size_t i = at + 6;
    auto spaces = [&] {
      while (i < notes.size() &&
             (notes[i] == ' ' || notes[i] == '\t' || notes[i] == '\n' || notes[i] == '\r')) {
        ++i;
      }
    };
    auto id = [&](std::string& into) {
      size_t start = i;
      if (i >= notes.size() || !id_char(notes[i])) return false;
      while (i < notes.size() && (id_char(notes[i]) || notes[i] == '.' || notes[i] == '-') &&
             i - start <= kMaxId) {
        ++i;
      }
      if (i - start > kMaxId) return false;
      into.assign(notes.substr(start, i - start));
      return true;
    };
    auto expect = [&](char c) {
      if (i >= notes.size() || notes[i] != c) return false;
      ++i;
      return true;
    };
    RatioNote r;
    spaces();
    if (!id(r.numerator)) continue;
    spaces();
    if (!expect('/')) continue;
    spaces();
    if (!id(r.denominator)) continue;
    spaces();
    if (!expect(')')) continue;
    spaces();
    if (!expect('=')) continue;
    spaces();
    size_t start = i;
    while (i < notes.size() && notes[i] >= '0' && notes[i] <= '9') ++i;
    if (i == start) continue;
    if (i < notes.size() && notes[i] == '.' && i + 1 < notes.size() && notes[i + 1] >= '0' &&
        notes[i + 1] <= '9') {
      ++i;
      while (i < notes.size() && notes[i] >= '0' && notes[i] <= '9') ++i;
    }
    if (i - start > kMaxDigits || !expect('x')) continue;
    r.stated.assign(notes.substr(start, i - 1 - start));
    out.push_back(std::move(r));
  }
  return out;
}

// Each set's members in corpus order, by id, and its per-user members by batch, so that no
// record compares itself with every other member (a set may be large, or hostile).
struct SetIndex {
  std::vector<const Benchmark*> members;
  std::unordered_map<std::string_view, const Benchmark*> by_id;
  std::multimap<int64_t, const Benchmark*> per_user_by_batch;
};
struct Sets final : CorpusFacts {
  std::unordered_map<std::string_view, SetIndex> by_name;
};

// A record is compared with at most this many per-user members of its batch.
constexpr size_t kMaxCompared = 16;

constexpr FindingCode kSiblingSetCodes[] = {
    FindingCode::kSetMismatch, FindingCode::kSetAggregateMismatch,
    FindingCode::kSetRatioUnknownRecord, FindingCode::kSetRatioMismatch};
constexpr InstrumentInfo kSiblingSetInfo{
    .id = ids::kSiblingSet,
    .kind = InstrumentKind::kCheck,
    .summary = "records of one set agree: same setup, aggregate = per-user x batch, stated ratios",
    .doc = "sibling-set",
    .codes = kSiblingSetCodes,
};

class SiblingSet final : public CorpusInstrument {
 public:
  const InstrumentInfo& info() const override { return kSiblingSetInfo; }

  std::unique_ptr<CorpusFacts> Prepare(const Corpus& corpus) const override {
    auto sets = std::make_unique<Sets>();
    for (const Benchmark& u : corpus.benchmarks) {
      if (u.set.empty()) continue;
      SetIndex& index = sets->by_name[u.set];
      index.members.push_back(&u);
      index.by_id.emplace(u.header.id, &u);
      if (u.metric == Metric::kPerUserDecode && BatchOf(u)) {
        index.per_user_by_batch.emplace(*BatchOf(u), &u);
      }
    }
    return sets;
  }

  void AuditRecord(const CorpusFacts& facts, RecordAudit& a,
                   std::vector<Finding>& findings) const override {
    const Benchmark& b = *a.benchmark;
    if (b.set.empty()) {
      a.checks.push_back(NotApplicable(id(), "the record is in no sibling set"));
      return;
    }
    const SetIndex& index = static_cast<const Sets&>(facts).by_name.at(b.set);
    const std::vector<const Benchmark*>& members = index.members;
    if (members.size() < 2) {
      a.checks.push_back(NotApplicable(
          id(), fmt::format("the set '{}' has no other member to compare with", b.set)));
      return;
    }
    std::vector<std::string> checked, problems;
    auto fail = [&](FindingCode code, std::string message, std::string_view key,
                    std::string arithmetic = "") {
      problems.push_back(message);
      findings.push_back(
          MakeFinding(b, id(), code, std::move(message), key, std::move(arithmetic)));
    };
    // Same setup as the set's first member.
    const Benchmark& first = *members[0];
    if (&first != &b) {
      for (std::string_view field : SetFieldNames()) {
        std::string_view mine = SetFieldValue(b, field), theirs = SetFieldValue(first, field);
        if (mine == theirs || Excused(b, field) || Excused(first, field)) continue;
        fail(FindingCode::kSetMismatch,
             fmt::format("{} is '{}' here but '{}' in {} of the same set '{}'", field, mine, theirs,
                         first.header.id, b.set),
             field == "input_tokens" || field == "output_tokens" || field == "engine" ? "conditions"
                                                                                      : field);
      }
      checked.push_back(fmt::format("same setup as {}", first.header.id));
    }
    // aggregate = per-user x batch, checked on the aggregate member.
    auto batch = BatchOf(b);
    if (b.metric == Metric::kAggregateOutput && batch) {
      auto [from, to] = index.per_user_by_batch.equal_range(*batch);
      size_t compared = 0, same_batch = 0;
      for (auto it = from; it != to; ++it) ++same_batch;
      size_t other_statistic = 0;
      for (auto it = from; it != to && compared < kMaxCompared; ++it) {
        const Benchmark& u = *it->second;
        // A p99 per-user rate times B is no aggregate: only one statistic is compared with
        // itself (unstated with unstated).
        if (u.statistic != b.statistic) {
          ++other_statistic;
          continue;
        }
        ++compared;
        double product = u.value.si * static_cast<double>(*batch);
        std::string arithmetic =
            fmt::format("{} x {} = {:.6g} tok/s", u.value.text, *batch, product);
        if (AgreesAt(product, b.value.number, b.value.decimals) ||
            AgreesAt(b.value.si / static_cast<double>(*batch), u.value.number, u.value.decimals)) {
          checked.push_back(fmt::format("aggregate = per-user x batch: {}", arithmetic));
        } else {
          fail(FindingCode::kSetAggregateMismatch,
               fmt::format("{} is not {} x batch {} ({}): aggregate and per-user at one "
                           "batch disagree",
                           b.value.text, u.header.id, *batch, arithmetic),
               "value", arithmetic);
        }
      }
      if (other_statistic > 0) {
        checked.push_back(fmt::format(
            "{} per-user member{} at batch {} state{} another statistic than this record's "
            "{}: not compared",
            other_statistic, other_statistic == 1 ? "" : "s", *batch,
            other_statistic == 1 ? "s" : "", b.statistic.empty() ? "(unstated)" : b.statistic));
      }
      if (same_batch > compared + other_statistic) {
        checked.push_back(
            fmt::format("compared with the first {} of the {} per-user members "
                        "at batch {}",
                        compared, same_batch, *batch));
      }
    }
    // Ratios stated in the notes.
    for (const RatioNote& note : RatioNotes(b.notes)) {
      const std::string& num_id = note.numerator;
      const std::string& den_id = note.denominator;
      const std::string& stated = note.stated;
      auto member = [&](const std::string& id) -> const Benchmark* {
        auto it = index.by_id.find(id);
        return it == index.by_id.end() ? nullptr : it->second;
      };
      const Benchmark *num = member(num_id), *den = member(den_id);
      if (num == nullptr || den == nullptr) {
        fail(FindingCode::kSetRatioUnknownRecord,
             fmt::format("the notes state ratio({} / {}), but {} is not in the set '{}'", num_id,
                         den_id, num == nullptr ? num_id : den_id, b.set),
             "notes");
        continue;
      }
      double ratio = num->value.si / den->value.si;
      std::string arithmetic =
          fmt::format("{} / {} = {:.4g}", num->value.text, den->value.text, ratio);
      if (AgreesAt(ratio, std::stod(stated), DecimalsOf(stated))) {
        checked.push_back(fmt::format("ratio {}x: {}", stated, arithmetic));
      } else {
        fail(FindingCode::kSetRatioMismatch,
             fmt::format("the notes state {}x for {} / {}, but {}", stated, num_id, den_id,
                         arithmetic),
             "notes", arithmetic);
      }
    }
    // The result lists what it checked; a record with hundreds of ratio notes lists the
    // first ones and a count.
    auto list = [](const std::vector<std::string>& items) {
      constexpr size_t kListed = 10;
      std::vector<std::string_view> shown(items.begin(),
                                          items.begin() + std::min(items.size(), kListed));
      std::string out = fmt::format("{}", fmt::join(shown, "; "));
      if (items.size() > kListed) out += fmt::format("; and {} more", items.size() - kListed);
      return out;
    };
    std::string reason = problems.empty()
                             ? fmt::format("set '{}' ({} records): {}", b.set, members.size(),
                                           checked.empty() ? "consistent" : list(checked))
                             : list(problems);
    a.checks.push_back(CheckResult(id(), problems.empty(), reason));
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeSiblingSet() { return std::make_unique<SiblingSet>(); }

}  // namespace rooflint
