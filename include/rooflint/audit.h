// Auditing a corpus: every instrument is run on every benchmark record (and the corpus-wide
// ones on the corpus), each result carries its arithmetic, and everything that fails becomes a
// finding. Roofs say whether a number can be true; checks say whether it can be trusted and
// read correctly.
#ifndef ROOFLINT_AUDIT_H_
#define ROOFLINT_AUDIT_H_

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/boxed.h"
#include "rooflint/corpus.h"
#include "rooflint/diagnostic.h"
#include "rooflint/finding_codes.h"
#include "rooflint/hardware_match.h"
#include "rooflint/records.h"
#include "rooflint/shared_text.h"
#include "rooflint/units.h"

namespace rooflint {

struct PrecisionInfo;

// Roofs end within, exceeds or not-computable; checks end pass, fail or not-applicable.
enum class Verdict { kWithin, kExceeds, kNotComputable, kPass, kFail, kNotApplicable };
std::string_view VerdictName(Verdict v);  // "within", "exceeds", "not-computable", "pass", ...

enum class InstrumentKind {
  kRoof,   // a bound a rate cannot exceed (memory-roof, compute-roof, kv-roof, spec-roof)
  kFloor,  // a bound a time cannot undercut (tpot-floor, ttft-floor, ...)
  kCheck,  // a rule about the record (conditions, pointers, derivation, ...)
};
std::string_view InstrumentKindName(InstrumentKind kind);  // "roof", "floor", "check"
// Roofs and floors compute a bound; their results are RecordAudit::roofs, the checks' checks.
constexpr bool ComputesBound(InstrumentKind kind) { return kind != InstrumentKind::kCheck; }

// A set of benchmark metrics: the records an instrument applies to.
class MetricSet {
 public:
  constexpr MetricSet(std::initializer_list<Metric> metrics) {
    for (Metric m : metrics) bits_ |= Bit(m);
  }
  static constexpr MetricSet All() {
    MetricSet s({});
    s.bits_ = (uint32_t{1} << kMetricCount) - 1;
    return s;
  }
  constexpr bool Contains(Metric m) const { return (bits_ & Bit(m)) != 0; }
  constexpr bool IsAll() const { return bits_ == All().bits_; }
  // The metrics' names joined: "tpot and itl", "per-user-decode, aggregate-output and prefill".
  std::string Names() const;

 private:
  static constexpr uint32_t Bit(Metric m) { return uint32_t{1} << static_cast<unsigned>(m); }
  uint32_t bits_ = 0;
};

// What an instrument is, declared once in its own file (ruff's rule metadata): the sweep
// applies its metric guard, and `rooflint instruments`, the finding-code catalogue's
// "emitted by" column, the reports' kinds and the instrument table of docs/instruments.md are
// read from the declarations.
struct InstrumentInfo {
  std::string_view id;  // stable kebab-case id (ids::k...)
  InstrumentKind kind;
  std::string_view summary;  // one line: the first line of its section in docs/instruments.md
  std::string_view doc;      // the heading of that section ("spec-roof and spec-floor")
  // The kind of record it judges: benchmarks, or (spec-lint) accelerators.
  RecordKind audits = RecordKind::kBenchmark;
  // The benchmark metrics it applies to: a record of another metric gets a not-applicable
  // result from the sweep, and the instrument is not called.
  MetricSet metrics = MetricSet::All();
  // Why it does not apply to another metric; "" says "applies to <metrics> records only".
  std::string_view other_metrics = "";
  std::span<const FindingCode> codes = {};  // every code it may emit
  // Whether it declares `code` among those it emits.
  bool Emits(FindingCode code) const;
};

// The id of every instrument (each instrument's id() returns its constant): code that looks
// for one instrument's result names it by constant, so a misspelt id does not compile.
namespace ids {
inline constexpr std::string_view kMemoryRoof = "memory-roof";
inline constexpr std::string_view kComputeRoof = "compute-roof";
inline constexpr std::string_view kTpotFloor = "tpot-floor";
inline constexpr std::string_view kTtftFloor = "ttft-floor";
inline constexpr std::string_view kE2eFloor = "e2e-floor";
inline constexpr std::string_view kKvRoof = "kv-roof";
inline constexpr std::string_view kKvFloor = "kv-floor";
inline constexpr std::string_view kSpecRoof = "spec-roof";
inline constexpr std::string_view kSpecFloor = "spec-floor";
inline constexpr std::string_view kConditions = "conditions";
inline constexpr std::string_view kPointers = "pointers";
inline constexpr std::string_view kCapacity = "capacity";
inline constexpr std::string_view kDerivation = "derivation";
inline constexpr std::string_view kSiblingSet = "sibling-set";
inline constexpr std::string_view kNearRoof = "near-roof";
inline constexpr std::string_view kCalibration = "calibration";
inline constexpr std::string_view kStatus = "status";
inline constexpr std::string_view kSpecLint = "spec-lint";
// Not an instrument: the findings about [[waivers]] entries themselves.
inline constexpr std::string_view kWaivers = "waivers";
}  // namespace ids

// True for the time floors (a value below them is impossible), by their declared kind.
bool IsFloor(std::string_view instrument_id);

// The unit of a term of a bound's formula; the printers format a value by it.
enum class TermUnit : uint8_t {
  kCount,           // n, B, a plain number
  kTokens,          // I, O, tokens
  kParams,          // P, a parameter count
  kBytes,           // W, KV(I)
  kBytesPerSecond,  // BW
  kFlopsPerSecond,  // F
  kMilliseconds,    // a step's time
  kPercent,         // a share
};

// "count", "tokens", "params", "B", "B/s", "FLOP/s", "ms", "%": the unit's name in the JSON
// report.
std::string_view TermUnitName(TermUnit unit);

// How a quantity was obtained, as data: the rule that obtained it and what the rule read (the
// record, its model, a word and numbers), put in words by BasisText only when a report prints
// them; or, for a basis composed of other texts, its words. A sweep makes one for every term of
// every bound, and prints few.
struct Basis {
  // Appends the words of `b` to `out`.
  using Rule = void (*)(const Basis& b, std::string& out);
  Rule rule = nullptr;  // nullptr: the basis is `text`
  const Benchmark* record = nullptr;
  const Model* model = nullptr;
  // Static text, or a corpus record's (which outlives every report): a peak's key, a format.
  std::string_view words[2];
  double x[8] = {};
  SharedText text;  // the words, when there is no rule ("": no basis)

  Basis() = default;
  Basis(SharedText said) : text(std::move(said)) {}  // NOLINT: words are a basis
  Basis(const std::string& said) : text(said) {}     // NOLINT
  Basis(const char* said) : text(said) {}            // NOLINT
  Basis(std::string_view said) : text(said) {}       // NOLINT
  Basis(Rule r, std::initializer_list<double> numbers, const Benchmark* b = nullptr,
        const Model* m = nullptr, std::string_view w0 = {}, std::string_view w1 = {})
      : rule(r), record(b), model(m), words{w0, w1} {
    size_t i = 0;
    for (double n : numbers) {
      if (i < std::size(x)) x[i++] = n;
    }
  }
  bool empty() const { return rule == nullptr && text.empty(); }
};
// The words of a basis ("batch 64", "14 GB stated by the record").
std::string BasisText(const Basis& b);

// One named quantity of a bound's formula, with its unit and how it was obtained.
struct Term {
  std::string_view symbol;  // static text: "W", "n", "BW", "F", "P", "B", "KV(I)", ...
  double value = 0;
  TermUnit unit = TermUnit::kCount;
  // How the value was obtained ("14e9 B (14 GB stated by the record)", "batch 64"), or empty
  // when the formula alone says it (a part's bandwidth, a stated token count).
  Basis basis;
};

// How a bound was computed: a formula over named terms. `text` is static and names each term
// in braces ("{B} x {n} x {BW} / {W}"); the printers put in the values, each in its unit, and
// only when they print it (ArithmeticText, AccountText).
struct Formula {
  std::string_view text;
  std::vector<Term> terms;
  // Static text printed after the result, in the same braces; "{F.basis}" puts in how term F
  // was obtained, which the account then leaves out ("  [F = {F.basis}]"). Empty mostly.
  std::string_view remark;
  // What the formula is computed for, beyond its terms ("per-user decode: every step streams
  // the weights, whatever the batch"), or empty.
  SharedText note;
  // With more than one candidate part: each one's bound, in the order of the result's
  // `accelerators` (the bound is the most generous of them), and how the candidates were found.
  std::vector<double> candidate_bounds;
  SharedText candidates_basis;
  // The term of this symbol, or nullptr.
  const Term* Find(std::string_view symbol) const;
};
// Puts every basis of `f` in words, for a formula that outlives the records its bases read (a
// result of records made for one query).
void SettleBases(Formula& f);

// One instrument applied to one record. Roofs fill bound, unit and percent; checks leave them.
// A large sweep holds one per instrument per record, so the names are views of static text
// and the prose is SharedText (one copy of each distinct text a sweep makes).
struct InstrumentResult {
  std::string_view instrument;  // ids::k...: memory-roof, compute-roof, conditions, ...
  Verdict verdict = Verdict::kNotComputable;
  double bound = 0;       // in `unit`; meaningful for a computed roof only
  std::string_view unit;  // tok/s, req/s or ms (static text, as MetricUnit gives it)
  // value / bound x 100 for rates, bound / value x 100 for time floors: over 100 is impossible.
  double percent = 0;
  // Why it is not computable or does not apply, or what a check found. A computed bound
  // leaves it empty: its account is its formula's (AccountText).
  SharedText reason;
  SharedText arithmetic;  // a check's evidence, checkable by hand (a bound has its formula)
  // How a computed bound was computed, or what a check compared (capacity), with its terms;
  // empty for other results (and for the roofs a lean sweep keeps:
  // SweepOptions::keep). Boxed: one pointer wide.
  Boxed<Formula> formula;
  std::vector<SharedText> accelerators;  // the accelerator ids a roof was computed with
  // A fact the bound takes that the record does not state ("no prefix cache": the source
  // does not say), or "" when the bound rests on stated facts only. A value past a bound that
  // rests on an assumption is a warning naming it, never an error, unless it is also past
  // `assumption_free_bound` (the bound without the assumed term; NaN when there is none).
  SharedText assumption;
  double assumption_free_bound = std::numeric_limits<double>::quiet_NaN();
  // True when the bound was computed (the verdict is within or exceeds).
  bool Computed() const { return verdict == Verdict::kWithin || verdict == Verdict::kExceeds; }
};

// The arithmetic of a result as one line: its formula with its values put in, and a computed
// bound's value ("1 x 1555e9 B/s / 14e9 B = 111.1 tok/s"); else a check's evidence.
std::string ArithmeticText(const InstrumentResult& r);
// The account of a result: its reason, then, for a result with a formula, how each term was
// obtained, what it is computed for and its candidate parts ("W = 14e9 B (...); B = batch 64").
std::string AccountText(const InstrumentResult& r);
// The same with each term's basis already in words (`bases`, BasisText of each term of the
// formula, in order): for a printer that prints them beside it.
std::string AccountText(const InstrumentResult& r, std::span<const std::string> bases);
// A formula with its values put in, without a result ("{n} x {BW}" -> "1 x 1555e9 B/s").
std::string FormulaText(const Formula& f);
// A term's value in its unit ("14e9 B", "312e12 FLOP/s", "64").
std::string TermValueText(const Term& t);

// Something a reader must look at, from an instrument: a diagnostic whose `instrument` is
// set, with the record, the arithmetic and its waiver, baseline and deprecation state
// (diagnostic.h). Its code is a row of the catalogue (finding_codes.h).
using Finding = Diagnostic;

struct RecordAudit {
  const Benchmark* benchmark = nullptr;
  std::vector<InstrumentResult> roofs;   // the roof instruments' results
  std::vector<InstrumentResult> checks;  // the check instruments' results
  // The roof that binds: the computed roof with the highest percent (nullptr if none).
  const InstrumentResult* Binding() const;
  // The result of the instrument with this id (ids::k...), or nullptr.
  const InstrumentResult* Find(std::string_view instrument) const;
};

// What each record keeps of its audit after a sweep (SweepOptions::keep).
enum class KeptResults : uint8_t {
  kEvery,    // every result, with its formula
  kBinding,  // the binding roof (RecordAudit::Binding) and the roofs not computed, in order (or
             // the first roof when there are neither), without their formulas, and no check
  kNone,     // nothing: SweepResult::records hold only their `benchmark`
};

// Settings of a sweep, with their defaults.
struct SweepOptions {
  double near_roof_percent = 95.0;  // near-roof: a value at or above this % of its roof
  // Called now and then with the records audited so far and the total, from the auditing
  // threads (so it must be thread-safe); empty for none.
  std::function<void(size_t done, size_t total)> progress;
  // What each record keeps of its audit: what its report reads (ReportFormat::reads). A record
  // has 17 results, a computed bound's formula a few terms: what is not kept is freed as each
  // record is audited. The findings and the calibration counts are the same whatever is kept.
  KeptResults keep = KeptResults::kEvery;
  // Whether each finding carries its arithmetic (Diagnostic::arithmetic): false for a report
  // that prints none (the concise text report), which is then spared formatting it.
  bool findings_arithmetic = true;
  // Called with each block of records as soon as their audits are whole, the corpus
  // instruments' checks included: `begin` is the block's first index in the corpus and `audits`
  // its records' audits, in corpus order, valid during the call. Called from the auditing
  // threads, several at once, in any order; the threads take blocks in corpus order, so a
  // caller that writes them in order holds few. It sees every result; unless `keep` is kEvery,
  // SweepResult::records then keep none (only `benchmark`): the call had them. A report can so
  // write its records while the sweep runs (RecordStream, report.h); empty for none.
  std::function<void(size_t begin, std::span<const RecordAudit> audits)> on_block;
  // Whether a record's unknown accelerator count and weight format still give bounds (what
  // `check` and `import` answer with) rather than "not computable". An unknown count is taken
  // as the count the hardware text states, else 1, and every bound that uses it rests on that
  // assumption (a warning, never an error). An unknown weight format, with no `weights`
  // stated, bounds at the fewest bits the record's engine loads (precision.h:
  // NarrowestWeightsFor), which can give an error, and at the model's native precision, an
  // assumption named in a warning.
  bool bound_unknowns = false;
  // At most this many threads audit the records (0: one per hardware thread; 1: the calling
  // thread alone, none started). The result does not depend on it.
  unsigned threads = 0;
};

// The declaration of every instrument, in the order they run (instrument authors register
// instruments in src/audit/instruments/registry.cc).
std::span<const InstrumentInfo* const> InstrumentInfos();
// The declaration of the instrument with this id, or nullptr.
const InstrumentInfo* FindInstrumentInfo(std::string_view id);
// The instruments as a Markdown table read from their declarations (id, kind, the metrics it
// applies to, the codes it emits), as docs/instruments.md carries it and `rooflint instruments
// --markdown` prints it.
std::string InstrumentsMarkdown();

// The checks on one accelerator record (spec-lint).
struct PartAudit {
  const Accelerator* part = nullptr;
  std::vector<InstrumentResult> checks;
};

struct SweepResult {
  std::vector<RecordAudit> records;  // one per valid benchmark, in corpus order
  std::vector<PartAudit> parts;      // one per valid accelerator, in corpus order
  std::vector<Finding> findings;     // sorted by path and line
  size_t calibration_records = 0;    // records that carry a calibration band
  size_t calibration_failures = 0;   // of which landed outside it
  // False when any calibration record landed outside its band: the findings are not to be
  // trusted until the instruments are fixed.
  bool Trusted() const { return calibration_failures == 0; }
};

// Runs every instrument on every benchmark of the corpus, then the corpus-wide instruments,
// then applies each record's waivers.
SweepResult Sweep(const Corpus& corpus, const SweepOptions& options = {});

// A configuration to compute the roofs of, without a measured figure ("what if").
struct WhatIfQuery {
  std::string model;        // a model id
  std::string accelerator;  // an accelerator id
  int64_t count = 1;
  int64_t batch = 1;
  std::string precision;      // "" means the model's native precision
  int64_t input_tokens = 0;   // 0: not given
  int64_t output_tokens = 0;  // 0: not given
  std::string kv_precision;   // "" : 4 bits assumed, 2 bits at error level
};

struct WhatIfResult {
  std::string problem;  // non-empty when the query cannot be answered (unknown ids, ...)
  std::vector<std::pair<Metric, InstrumentResult>> roofs;  // by metric
  double crossover_batch = 0;  // B*, where decode turns compute-bound (0: not computable)
  std::string crossover_arithmetic;
  std::string inputs;  // W, P, F, BW as used
  // Whether the weights alone fit in n x memory, with the arithmetic ("" when not computable):
  // a roof of weights that cannot be resident is the roof of a run that cannot happen.
  std::string weights_fit;
  bool weights_fit_known = false;
  bool weights_fit_ok = true;
  // With a context (input + output tokens): the KV cache of one sequence, the largest batch
  // whose weights and caches fit in n x memory, and the aggregate KV-aware roof as B grows:
  // B x n x BW / (W + B x KV) bends below the weights-only line and tends to n x BW / KV.
  std::vector<std::string> kv_lines;
  int64_t largest_batch = 0;  // 0: not computable, or nothing fits
  double kv_saturation = 0;   // n x BW / KV(context), tok/s (0: not computable)
};

// Every roof and floor for the configuration, and the crossover batch
// B* = F x W / (2 x P x BW) above which decode is compute-bound.
WhatIfResult WhatIf(const Corpus& corpus, const WhatIfQuery& query);

}  // namespace rooflint

// A basis formats as its words.
template <>
struct fmt::formatter<rooflint::Basis> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(const rooflint::Basis& b, Context& ctx) const {
    return fmt::formatter<std::string_view>::format(rooflint::BasisText(b), ctx);
  }
};

#endif  // ROOFLINT_AUDIT_H_
