// Checking a claim or a file's figures (check.h): the claim becomes a record written as an
// importer writes one (and re-parsed, so it is one the loader would take), the figures are
// audited in a corpus of the reference records alone (the user's other benchmarks play no
// part in a figure's bounds), and each missing fact is worked out by auditing a copy of the
// record that states it.
#include "rooflint/check.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "core/text_util.h"
#include "import/common.h"
#include "rooflint/names.h"
#include "rooflint/precision.h"

namespace rooflint {
namespace {

using import::BenchmarkDraft;
using import::CondValue;
using import::ParseNumber;
using import::RenderBenchmark;

constexpr std::string_view kClaimSource = "command-line-claim";
constexpr std::string_view kClaimPath = "<claim>";

Diagnostic FlagError(DiagnosticCode code, std::string_view message, std::string_view hint = "") {
  Diagnostic d;
  d.severity = Severity::kError;
  d.code = code.name();
  d.message = message;
  d.hint = hint;
  d.where.path = kClaimPath;
  return d;
}

// A warning about a whole input file.
Diagnostic FileWarning(DiagnosticCode code, std::string_view path, std::string_view message,
                       std::string_view hint) {
  Diagnostic d;
  d.severity = Severity::kWarning;
  d.code = code.name();
  d.where.path = path;
  d.message = message;
  d.hint = hint;
  return d;
}

bool Contains(std::string_view text, std::string_view word) {
  return text.find(word) != std::string_view::npos;
}

// The unit spellings people write, as the unit parser's ("tokens/sec" -> "tok/s").
std::string_view CanonicalUnit(std::string_view unit) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 22> kUnits = {{
      {"tok/s", "tok/s"},
      {"tokens/s", "tok/s"},
      {"token/s", "tok/s"},
      {"tok/sec", "tok/s"},
      {"tokens/sec", "tok/s"},
      {"t/s", "tok/s"},
      {"tps", "tok/s"},
      {"tk/s", "tok/s"},
      {"req/s", "req/s"},
      {"requests/s", "req/s"},
      {"req/sec", "req/s"},
      {"requests/sec", "req/s"},
      {"rps", "req/s"},
      {"qps", "req/s"},
      {"ms", "ms"},
      {"msec", "ms"},
      {"s", "s"},
      {"sec", "s"},
      {"seconds", "s"},
      {"us", "us"},
      {"µs", "us"},
      {"ns", "ns"},
  }};
  for (const auto& [spelling, canonical] : kUnits) {
    if (unit == spelling) return canonical;
  }
  return {};
}

}  // namespace

MetricReading ReadValueAndMetric(std::string_view value, std::string_view metric) {
  MetricReading r;
  std::string text = ToLower(Trim(value));
  if (text.size() > 200) {
    r.problem = "the value is longer than 200 characters";
    return r;
  }
  // The number, then the unit (glued or after a space), then words.
  size_t i = 0;
  while (i < text.size() && (IsDigit(text[i]) || text[i] == '.' || text[i] == ',' ||
                             text[i] == 'e' || text[i] == '+' || text[i] == '-')) {
    if (text[i] == 'e' && (i == 0 || !IsDigit(text[i - 1]))) break;
    ++i;
  }
  std::string number = text.substr(0, i);
  number.erase(std::remove(number.begin(), number.end(), ','), number.end());
  if (number.empty() || ParseNumber(number) == std::nullopt) {
    r.problem = fmt::format("'{}' does not start with a number", value);
    return r;
  }
  while (i < text.size() && text[i] == ' ') ++i;
  size_t unit_end = text.find(' ', i);
  std::string unit_text =
      text.substr(i, unit_end == std::string::npos ? std::string::npos : unit_end - i);
  std::string words = unit_end == std::string::npos ? "" : text.substr(unit_end + 1);
  // "ms/token", "ms/tok": a time per output token.
  bool per_token = false;
  for (std::string_view suffix : {"/token", "/tok", "/output-token"}) {
    if (unit_text.ends_with(suffix) && unit_text.size() > suffix.size()) {
      unit_text.resize(unit_text.size() - suffix.size());
      per_token = true;
    }
  }
  std::string_view unit = CanonicalUnit(unit_text);
  if (unit.empty()) {
    r.problem =
        fmt::format("'{}': no unit rooflint reads ('{}'); write tok/s, req/s, or a time (ms, s)",
                    value, unit_text);
    return r;
  }
  r.value = fmt::format("{} {}", number, unit);
  if (!metric.empty()) {
    std::optional<Metric> m = FindMetric(metric);
    if (!m) {
      std::vector<std::string> names;
      for (std::string_view n : MetricNames()) names.emplace_back(n);
      r.problem = fmt::format("unknown metric '{}'{}", metric, DidYouMean(metric, names));
      return r;
    }
    r.metrics.push_back(*m);
    return r;
  }
  auto says = [&](std::initializer_list<std::string_view> ws) {
    for (std::string_view w : ws) {
      if (Contains(words, w)) return true;
    }
    return false;
  };
  auto infer = [&](Metric m, std::string why) {
    r.metrics.push_back(m);
    r.how = fmt::format("{} ({})", MetricName(m), why);
  };
  if (unit == "tok/s") {
    if (says({"per user", "per-user", "/user", "per request", "per stream", "single user",
              "per sequence"})) {
      infer(Metric::kPerUserDecode, "the value says per user");
    } else if (says({"prefill", "prompt", "pp"})) {
      infer(Metric::kPrefill, "the value says prefill");
    } else if (says({"total"})) {
      infer(Metric::kAggregateTotal, "the value says total: input and output tokens");
    } else if (says({"aggregate", "throughput", "system", "server", "output"})) {
      infer(Metric::kAggregateOutput, "the value says aggregate");
    } else {
      r.metrics = {Metric::kPerUserDecode, Metric::kAggregateOutput};
      r.how =
          "a token rate that says neither per user nor aggregate: both readings are checked "
          "(say which with --metric, or 'per user' / 'aggregate' in the value)";
    }
  } else if (unit == "req/s") {
    infer(Metric::kRequests, "a request rate");
  } else if (per_token || says({"tpot", "per output token", "per token", "time per"})) {
    infer(Metric::kTpot, per_token ? "a time per token" : "the value says TPOT");
  } else if (says({"ttft", "first token", "time to first"})) {
    infer(Metric::kTtft, "the value says TTFT");
  } else if (says({"itl", "inter-token", "inter token"})) {
    infer(Metric::kItl, "the value says ITL");
  } else if (says({"e2e", "end-to-end", "end to end", "request latency", "latency"})) {
    infer(Metric::kE2eLatency, "the value says end-to-end latency");
  } else {
    r.problem = fmt::format(
        "'{}' is a time but does not say of what: add TTFT, TPOT, ITL or e2e to the value, or "
        "give --metric ttft|tpot|itl|e2e-latency",
        value);
  }
  return r;
}

bool CheckReport::HasErrors() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

bool CheckReport::HasErrorFindings() const {
  for (const CheckedFigure& f : figures) {
    for (const Finding& x : f.findings) {
      if (x.Counts(false)) return true;
    }
  }
  return false;
}

namespace {

// The corpus a figure is audited in: the reference records, none of the user's benchmarks.
Corpus ReferenceCorpus(const Corpus& corpus) {
  Corpus c;
  c.accelerators = corpus.accelerators;
  c.models = corpus.models;
  c.sources = corpus.sources;
  c.gotchas = corpus.gotchas;
  return c;
}

CheckBound BoundOf(const InstrumentResult& r) {
  CheckBound b;
  b.instrument = std::string(r.instrument);
  b.verdict = std::string(VerdictName(r.verdict));
  b.bound = r.bound;
  b.unit = std::string(r.unit);
  b.percent = r.percent;
  b.arithmetic = ArithmeticText(r);
  b.assumption = r.assumption.str();
  b.reason = AccountText(r);
  return b;
}

// The facts a probe states, one at a time, in a copy of the record.
struct Probe {
  std::string flag;
  std::string what;
  bool (*unstated)(const Benchmark&);
  void (*state)(Benchmark&, const Model*);
};

void StateInt(Condition& c, int64_t v) {
  c.integer = v;
  c.SetStated(SharedText(std::to_string(v)));
}
void StateFalse(Condition& c) {
  c.boolean = false;
  c.SetStated(SharedText("false"));
}

const std::array<Probe, 10> kProbes = {{
    {"--count N", "the accelerator count",
     [](const Benchmark& b) { return b.accelerator_count <= 0; },
     [](Benchmark& b, const Model*) { b.accelerator_count = 1; }},
    {"--precision P", "the weight format",
     [](const Benchmark& b) { return b.precision.empty() && !b.weights; },
     [](Benchmark& b, const Model* m) {
       b.precision = SharedText(m != nullptr && !m->native_precision.empty()
                                    ? std::string_view(m->native_precision)
                                    : std::string_view("bf16"));
     }},
    {"--batch B (or --concurrency C)", "the batch",
     [](const Benchmark& b) { return !b.conditions.BatchBound(); },
     [](Benchmark& b, const Model*) { StateInt(b.conditions.batch, 1); }},
    {"--input-tokens I", "the input length",
     [](const Benchmark& b) { return !b.conditions.input_tokens.integer; },
     [](Benchmark& b, const Model*) { StateInt(b.conditions.input_tokens, 1024); }},
    {"--output-tokens O", "the output length",
     [](const Benchmark& b) { return !b.conditions.output_tokens.integer; },
     [](Benchmark& b, const Model*) { StateInt(b.conditions.output_tokens, 256); }},
    {"--speculative false", "whether decoding was speculative",
     [](const Benchmark& b) { return !b.conditions.speculative.stated(); },
     [](Benchmark& b, const Model*) { StateFalse(b.conditions.speculative); }},
    {"--prefix-cache false", "whether a prefix cache served input tokens",
     [](const Benchmark& b) { return !b.conditions.prefix_cache.stated(); },
     [](Benchmark& b, const Model*) {
       StateFalse(b.conditions.prefix_cache);
       b.conditions.prefix = PrefixCache{};
     }},
    {"--samples-per-prompt 1 (with --prefix-cache false)",
     "whether the sequences of a step could share a prompt's KV cache",
     [](const Benchmark& b) {
       return !b.conditions.PrivateKvCaches() && !b.conditions.StatesSharedKv();
     },
     [](Benchmark& b, const Model*) {
       StateInt(b.conditions.samples_per_prompt, 1);
       if (!b.conditions.prefix_cache.stated()) {
         StateFalse(b.conditions.prefix_cache);
         b.conditions.prefix = PrefixCache{};
       }
     }},
    {"--offload false", "whether weights or caches were offloaded to host memory",
     [](const Benchmark& b) { return !b.conditions.offload.stated(); },
     [](Benchmark& b, const Model*) { StateFalse(b.conditions.offload); }},
    {"--attention-window false", "whether the engine kept every token of the context",
     [](const Benchmark& b) { return !b.conditions.attention_window.stated(); },
     [](Benchmark& b, const Model*) { StateFalse(b.conditions.attention_window); }},
}};

// What each result of a record says, for comparing a probe with its record.
struct Standing {
  std::vector<std::string> computed;         // instruments with a computed bound
  std::vector<std::string> assumption_free;  // of which rest on no assumption
  std::vector<size_t> assumption_length;     // per computed bound, its assumption's length
  bool capacity_definite = false;            // capacity judged without an assumption
};
Standing StandingOf(const RecordAudit& a) {
  Standing s;
  for (const InstrumentResult& r : a.roofs) {
    if (!r.Computed()) continue;
    s.computed.emplace_back(r.instrument);
    s.assumption_length.push_back(r.assumption.size());
    if (r.assumption.empty()) s.assumption_free.emplace_back(r.instrument);
  }
  if (const InstrumentResult* c = a.Find(ids::kCapacity)) {
    s.capacity_definite =
        c->verdict == Verdict::kPass || (c->verdict == Verdict::kFail && c->assumption.empty());
  }
  return s;
}

std::vector<std::string> Unlocks(const Standing& before, const Standing& after) {
  std::vector<std::string> out;
  for (const std::string& i : after.computed) {
    if (std::find(before.computed.begin(), before.computed.end(), i) == before.computed.end()) {
      out.push_back(i);
    }
  }
  for (const std::string& i : after.assumption_free) {
    bool computed_before =
        std::find(before.computed.begin(), before.computed.end(), i) != before.computed.end();
    bool free_before = std::find(before.assumption_free.begin(), before.assumption_free.end(), i) !=
                       before.assumption_free.end();
    if (computed_before && !free_before) out.push_back(fmt::format("{} (no assumption)", i));
  }
  // A bound that still rests on an assumption, but on fewer (the assumptions are joined into one
  // text, which stating a fact shortens).
  for (size_t k = 0; k < after.computed.size(); ++k) {
    auto it = std::find(before.computed.begin(), before.computed.end(), after.computed[k]);
    if (it == before.computed.end() || after.assumption_length[k] == 0) continue;
    size_t before_length = before.assumption_length[it - before.computed.begin()];
    if (after.assumption_length[k] < before_length) {
      out.push_back(fmt::format("{} (one assumption fewer)", after.computed[k]));
    }
  }
  if (after.capacity_definite && !before.capacity_definite) out.emplace_back("capacity");
  return out;
}

std::string VerdictOf(const RecordAudit& a, const std::vector<Finding>& findings) {
  bool error = false, assuming = false, near = false;
  for (const Finding& f : findings) {
    error = error || HasCode(f, FindingCode::kExceedsRoof) || HasCode(f, FindingCode::kBelowFloor);
    assuming = assuming || HasCode(f, FindingCode::kExceedsRoofAssuming) ||
               HasCode(f, FindingCode::kBelowFloorAssuming);
    near = near || HasCode(f, FindingCode::kNearRoof);
  }
  // A tighter instrument reports no second finding for a figure another already put past its
  // bound; the verdicts say it all the same.
  for (const InstrumentResult& r : a.roofs) {
    if (r.verdict != Verdict::kExceeds) continue;
    if (r.assumption.empty()) error = true;
  }
  if (error) return "exceeds";
  if (assuming) return "exceeds-assuming";
  if (near) return "near-roof";
  for (const InstrumentResult& r : a.roofs) {
    if (r.Computed()) return "within";
  }
  return "not-computable";
}

// The binding bound: for a verdict of exceeds, the exceeded bound without an assumption that
// it rests on (when one is); else, and among those, the highest %.
const InstrumentResult* BindingOf(const RecordAudit& a, std::string_view verdict) {
  auto definite = [&](const InstrumentResult& r) {
    return verdict == "exceeds" && r.verdict == Verdict::kExceeds && r.assumption.empty();
  };
  const InstrumentResult* best = nullptr;
  for (const InstrumentResult& r : a.roofs) {
    if (!r.Computed()) continue;
    if (best == nullptr || definite(r) > definite(*best) ||
        (definite(r) == definite(*best) && r.percent > best->percent)) {
      best = &r;
    }
  }
  return best;
}

std::optional<CheckBound> CapacityOf(const RecordAudit& a) {
  const InstrumentResult* c = a.Find(ids::kCapacity);
  if (c == nullptr) return std::nullopt;
  CheckBound b;
  b.instrument = std::string(ids::kCapacity);
  b.arithmetic = ArithmeticText(*c);
  b.reason = AccountText(*c);
  b.assumption = c->assumption.str();
  switch (c->verdict) {
    case Verdict::kPass:
      b.verdict = "fits";
      break;
    case Verdict::kFail:
      b.verdict = b.assumption.empty() ? "does-not-fit" : "does-not-fit-assuming";
      break;
    default:
      b.verdict = "not-computable";
  }
  return b;
}

// Audits `records` (each with the notes its reading gave) in the reference corpus, and each
// with the probes of its missing facts.
void AuditFigures(const Corpus& corpus,
                  std::vector<std::pair<Benchmark, std::vector<std::string>>> records,
                  const std::vector<Source>& extra_sources, const std::vector<Model>& extra_models,
                  const CheckOptions& options, CheckReport& report) {
  if (records.empty()) return;
  Corpus c = ReferenceCorpus(corpus);
  for (const Source& s : extra_sources) {
    if (c.FindSource(s.header.id) == nullptr) c.sources.push_back(s);
  }
  for (const Model& m : extra_models) {
    if (c.FindModel(m.header.id) == nullptr) c.models.push_back(m);
  }
  c.Index();
  // The records, then each one's probes: ids stay unique by an index suffix.
  struct ProbeOf {
    size_t record;
    size_t probe;
  };
  std::vector<ProbeOf> probes;
  const size_t n = records.size();
  for (size_t i = 0; i < n; ++i) c.benchmarks.push_back(records[i].first);
  if (options.probe_missing) {
    for (size_t i = 0; i < n; ++i) {
      const Benchmark& b = records[i].first;
      const Model* m = c.FindModel(b.model);
      for (size_t p = 0; p < kProbes.size(); ++p) {
        if (!kProbes[p].unstated(b)) continue;
        Benchmark copy = b;
        copy.header.id = SharedText(fmt::format("{}--probe-{}-{}", b.header.id, i, p));
        kProbes[p].state(copy, m);
        c.benchmarks.push_back(std::move(copy));
        probes.push_back({i, p});
      }
    }
  }
  c.Index();
  SweepOptions sweep_options;
  sweep_options.near_roof_percent = options.near_roof_percent;
  sweep_options.bound_unknowns = true;
  SweepResult sweep = Sweep(c, sweep_options);
  // Each record's findings, gathered once: a file of 3,000 runs is no scan of every finding
  // per figure.
  std::unordered_map<std::string_view, std::vector<const Finding*>> findings_of;
  for (const Finding& x : sweep.findings) findings_of[x.record.view()].push_back(&x);

  for (size_t i = 0; i < n; ++i) {
    const Benchmark& b = c.benchmarks[i];
    const RecordAudit& a = sweep.records[i];
    CheckedFigure f;
    f.id = b.header.id.str();
    f.metric = std::string(MetricName(b.metric));
    f.value = b.value.text;
    f.statistic = b.statistic.str();
    f.set = b.set.str();
    f.model = b.model.str();
    f.hardware = b.hardware.str();
    f.accelerators = b.accelerators;
    for (const InstrumentResult& r : a.roofs) {
      if (f.accelerators.empty() && !r.accelerators.empty())
        f.accelerators.assign(r.accelerators.begin(), r.accelerators.end());
    }
    f.precision = b.precision.str();
    f.notes = std::move(records[i].second);
    if (auto it = findings_of.find(b.header.id.view()); it != findings_of.end()) {
      for (const Finding* x : it->second) f.findings.push_back(*x);
    }
    f.verdict = VerdictOf(a, f.findings);
    for (const InstrumentResult& r : a.roofs) {
      if (r.verdict != Verdict::kNotApplicable) f.bounds.push_back(BoundOf(r));
    }
    if (const InstrumentResult* r = BindingOf(a, f.verdict)) f.binding = BoundOf(*r);
    f.capacity = CapacityOf(a);
    report.figures.push_back(std::move(f));
  }
  const size_t first_probe = n;
  for (size_t k = 0; k < probes.size(); ++k) {
    const ProbeOf& p = probes[k];
    Standing before = StandingOf(sweep.records[p.record]);
    Standing after = StandingOf(sweep.records[first_probe + k]);
    std::vector<std::string> unlocks = Unlocks(before, after);
    if (unlocks.empty()) continue;
    MissingFact m;
    m.flag = kProbes[p.probe].flag;
    m.what = kProbes[p.probe].what;
    m.unlocks = std::move(unlocks);
    report.figures[p.record].missing.push_back(std::move(m));
  }
  // A model the corpus lacks (a draft the file's name made) gives no bound: its config does.
  for (size_t i = 0; i < n; ++i) {
    const Model* m = c.FindModel(c.benchmarks[i].model);
    if (m == nullptr || (m->ParamsPerToken() > 0 && m->layers > 0)) continue;
    MissingFact fact;
    fact.flag = "--model-config config.json";
    fact.what = "the model's shape and parameter count";
    fact.note = fmt::format(
        "model {} is not in the corpus{}: its Hugging Face config.json stands in for a record "
        "(or --model ID names one the corpus has; `rooflint list models`)",
        m->header.id,
        m->header.status == Status::kDraft ? " (a draft record from the name alone)" : "");
    report.figures[i].missing.insert(report.figures[i].missing.begin(), std::move(fact));
  }
  // Without a stated weight format, the bound that may err takes the narrowest weights the
  // engine loads: naming the engine tightens it.
  for (size_t i = 0; i < n; ++i) {
    const Benchmark& b = c.benchmarks[i];
    if (!b.precision.empty() || b.weights || b.conditions.engine.stated()) continue;
    NarrowestWeights any = NarrowestWeightsFor("", "");
    MissingFact m;
    m.flag = "--engine E (and --engine-version V)";
    m.what = "the engine";
    m.note = fmt::format(
        "the bound that may err assumes the narrowest weights any engine loads ({:g} bit{}, {}); "
        "an engine that loads no narrower than 4 bits makes it up to 4x tighter",
        any.bits, any.bits == 1 ? "" : "s", any.format);
    report.figures[i].missing.push_back(std::move(m));
  }
}

// Appends the conditions the claim's flags state to `d`. With `absent_when_unstated` (a claim),
// a condition no flag gives is written absent, naming the flag; without it (the conditions a
// user states for a file's figures) it is left out. False, with a diagnostic, when a flag's
// value cannot be read.
bool AppendClaimConditions(const Claim& claim, bool absent_when_unstated, BenchmarkDraft& d,
                           std::vector<Diagnostic>& diagnostics) {
  auto absent = [&](std::string_view key, std::string why) {
    if (absent_when_unstated) d.conditions.emplace_back(std::string(key), CondValue::Absent(why));
  };
  auto count = [&](std::string_view key, const std::optional<int64_t>& v, std::string_view flag) {
    if (v) {
      d.conditions.emplace_back(std::string(key), CondValue::Int(*v));
    } else {
      absent(key, fmt::format("not given ({})", flag));
    }
  };
  if (claim.concurrency) {
    count("concurrency", claim.concurrency, "--concurrency");
  } else {
    count("batch", claim.batch, "--batch or --concurrency");
  }
  count("input_tokens", claim.input_tokens, "--input-tokens");
  if (claim.input_tokens_mean) {
    d.conditions.emplace_back("input_tokens_mean", CondValue::Int(*claim.input_tokens_mean));
  }
  count("output_tokens", claim.output_tokens, "--output-tokens");
  for (const auto& [key, v, flag] :
       {std::tuple{"engine", &claim.engine, "--engine"},
        std::tuple{"engine_version", &claim.engine_version, "--engine-version"}}) {
    if (!v->empty()) {
      d.conditions.emplace_back(key, CondValue::Str(*v));
    } else {
      absent(key, fmt::format("not given ({})", flag));
    }
  }
  if (claim.replicas) d.conditions.emplace_back("replicas", CondValue::Int(*claim.replicas));
  if (claim.samples_per_prompt) {
    d.conditions.emplace_back("samples_per_prompt", CondValue::Int(*claim.samples_per_prompt));
  }
  absent("warmup", "not given");
  absent("scenario", "not given");
  std::optional<double> accepted;
  if (!claim.acceptance_length.empty()) {
    accepted = ParseNumber(claim.acceptance_length);
    if (!accepted || !(*accepted >= 1 && *accepted <= 65) || claim.speculative == "false") {
      diagnostics.push_back(
          FlagError("bad-flag",
                    claim.speculative == "false"
                        ? std::string("--acceptance-length is a speculative run's: it excludes "
                                      "--speculative false")
                        : fmt::format("--acceptance-length '{}': give the mean tokens accepted per "
                                      "step, 1 to k + 1 (the bonus token included)",
                                      claim.acceptance_length)));
      return false;
    }
  }
  if (claim.speculative == "false") {
    d.conditions.emplace_back("speculative", CondValue::Bool(false));
  } else if (!claim.speculative.empty() || accepted) {
    import::TomlMembers members;
    if (!claim.speculative.empty()) {
      auto k_tokens = ParseNumber(claim.speculative);
      if (!k_tokens || *k_tokens < 1 || *k_tokens > 64 || *k_tokens != std::floor(*k_tokens)) {
        diagnostics.push_back(FlagError(
            "bad-flag", fmt::format("--speculative '{}': give false or the draft length k (1 "
                                    "to 64)",
                                    claim.speculative)));
        return false;
      }
      if (accepted && *accepted > *k_tokens + 1) {
        diagnostics.push_back(FlagError(
            "bad-flag", fmt::format("--acceptance-length {} is more than k + 1 = {}: a step "
                                    "accepts at most its k draft tokens and one more",
                                    FormatNumber(*accepted), static_cast<int64_t>(*k_tokens) + 1)));
        return false;
      }
      members.emplace_back("draft_tokens", static_cast<int64_t>(*k_tokens));
    }
    if (accepted) members.emplace_back("acceptance_length", *accepted);
    d.conditions.emplace_back("speculative", CondValue::Table(std::move(members)));
  } else {
    absent("speculative", "not given (--speculative)");
  }
  if (claim.prefix_cache == "false" || claim.prefix_cache == "true") {
    d.conditions.emplace_back("prefix_cache", CondValue::Bool(claim.prefix_cache == "true"));
  } else if (!claim.prefix_cache.empty()) {
    auto rate = ParseNumber(claim.prefix_cache);
    if (!rate || *rate < 0 || *rate > 1) {
      diagnostics.push_back(FlagError(
          "bad-flag", fmt::format("--prefix-cache '{}': give false, true or a hit rate from 0 "
                                  "to 1",
                                  claim.prefix_cache)));
      return false;
    }
    d.conditions.emplace_back("prefix_cache", CondValue::Table({{"hit_rate", *rate}}));
  } else {
    absent("prefix_cache", "not given (--prefix-cache)");
  }
  if (claim.offload == "false" || claim.offload == "true") {
    d.conditions.emplace_back("offload", CondValue::Bool(claim.offload == "true"));
  } else if (!claim.offload.empty()) {
    diagnostics.push_back(
        FlagError("bad-flag", fmt::format("--offload '{}': give true or false", claim.offload)));
    return false;
  } else {
    absent("offload", "not given (--offload)");
  }
  if (claim.attention_window == "false") {
    d.conditions.emplace_back("attention_window", CondValue::Bool(false));
  } else if (!claim.attention_window.empty()) {
    auto window = ParseNumber(claim.attention_window);
    if (!window || *window < 1 || *window > 1e8 || *window != std::floor(*window)) {
      diagnostics.push_back(FlagError(
          "bad-flag", fmt::format("--attention-window '{}': give false or the tokens the engine "
                                  "kept per sequence",
                                  claim.attention_window)));
      return false;
    }
    d.conditions.emplace_back("attention_window", CondValue::Int(static_cast<int64_t>(*window)));
  } else {
    absent("attention_window", "not given (--attention-window)");
  }
  return true;
}

// The conditions `stated` gives (CheckOptions::stated) put into every figure whose file does
// not state them, each with a note; a figure whose file states another value keeps it, and
// each flag that disagrees with a file gets one warning there. False, with a diagnostic, when
// a flag's value cannot be read.
bool StateConditions(const Claim& stated,
                     std::vector<std::pair<Benchmark, std::vector<std::string>>>& records,
                     std::vector<Diagnostic>& diagnostics) {
  Claim conditions = stated;
  conditions.engine_version.clear();  // ImportOptions::engine_version carries it
  BenchmarkDraft d;
  d.id = "stated";
  d.title = "the conditions stated on the command line";
  d.status = "draft";
  d.metric = std::string(MetricName(Metric::kAggregateOutput));
  d.value = "1 tok/s";
  d.model = "stated";
  d.precision_absent = "not given";
  d.hardware = "stated";
  d.accelerators_absent = {{"not-stated", "only the conditions are read"}};
  d.count_absent = "not given";
  d.source = std::string(kClaimSource);
  d.locator = "the command line";
  std::string kv_precision;
  if (!conditions.kv_precision.empty()) {
    PrecisionName p = ReadKvPrecisionName(conditions.kv_precision);
    if (!p.problem.empty()) {
      Diagnostic x = FlagError("unknown-precision", fmt::format("--kv-precision: {}", p.problem),
                               "`rooflint list precisions` lists them");
      x.where.path = "<flags>";
      diagnostics.push_back(std::move(x));
      return false;
    }
    kv_precision = p.name;
  }
  const size_t had = diagnostics.size();
  if (!AppendClaimConditions(conditions, false, d, diagnostics)) {
    for (size_t i = had; i < diagnostics.size(); ++i) diagnostics[i].where.path = "<flags>";
    return false;
  }
  if (d.conditions.empty() && kv_precision.empty()) return true;
  ParseResult parsed = ParseRecord(RecordKind::kBenchmark, RenderBenchmark(d), kClaimPath, d.id);
  if (!parsed.ok()) {
    for (Diagnostic& x : parsed.diagnostics) {
      x.where.path = std::string(kClaimPath);
      x.source_line = SharedText();
      diagnostics.push_back(std::move(x));
    }
    return false;
  }
  const Conditions& given = std::get<Benchmark>(parsed.record).conditions;
  // Per flag and file: the first disagreeing figure's value, and how many disagree.
  struct Disagreement {
    std::string flag, given, first;
    size_t figures = 0;
  };
  std::map<std::pair<std::string, std::string>, Disagreement> disagreements;
  auto state = [&](Benchmark& b, std::vector<std::string>& notes, std::string_view key,
                   std::string_view given_text, std::string_view have_text, bool have_stated) {
    std::string flag = "--" + std::string(key);
    std::replace(flag.begin(), flag.end(), '_', '-');
    if (have_stated) {
      if (have_text == given_text) return false;
      Disagreement& x = disagreements[{flag, b.header.path.str()}];
      if (x.figures++ == 0) {
        x.flag = flag;
        x.given = std::string(given_text);
        x.first = fmt::format("{} = {} ({})", key, have_text, b.header.id);
      }
      return false;
    }
    notes.push_back(fmt::format("{} {} stated on the command line ({}): the file does not say", key,
                                given_text, flag));
    return true;
  };
  for (auto& [b, notes] : records) {
    for (const ConditionKey& k : ConditionKeys()) {
      const Condition& g = given.*k.member;
      Condition& have = b.conditions.*k.member;
      if (!g.stated() ||
          !state(b, notes, k.key, g.text().view(), have.text().view(), have.stated())) {
        continue;
      }
      have = g;
      if (k.member == &Conditions::speculative) b.conditions.speculation = given.speculation;
      if (k.member == &Conditions::prefix_cache) b.conditions.prefix = given.prefix;
    }
    if (!kv_precision.empty() && state(b, notes, "kv_precision", kv_precision,
                                       b.kv_precision.view(), !b.kv_precision.empty())) {
      b.kv_precision = SharedText(kv_precision);
    }
  }
  for (const auto& [where, x] : disagreements) {
    diagnostics.push_back(FileWarning(
        "flag-disagrees", where.second,
        fmt::format("{} {} disagrees with what the file states for {} figure{} (first: {}): the "
                    "file's value{} kept",
                    x.flag, x.given, x.figures, x.figures == 1 ? "" : "s", x.first,
                    x.figures == 1 ? " is" : "s are"),
        "a condition flag fills in what a file does not state; it never overrides the file"));
  }
  return true;
}

}  // namespace

CheckReport CheckClaim(const Claim& claim, const Corpus& corpus, const CheckOptions& options) {
  CheckReport report;
  std::vector<std::string> notes;
  // The model.
  if (claim.model.empty()) {
    report.diagnostics.push_back(FlagError("missing-flag", "no model: give --model",
                                           "`rooflint list models` lists the corpus's models"));
  }
  ModelName model;
  if (!claim.model.empty()) {
    model = ReadModelName(corpus, claim.model);
    if (model.model == nullptr) {
      report.diagnostics.push_back(FlagError(
          "unknown-model", fmt::format("--model: {}", model.problem),
          "`rooflint list models FILTER` lists the corpus's models with their aliases; a model "
          "the corpus lacks can be given as its Hugging Face config.json (--model-config)"));
    } else if (!model.how.empty()) {
      notes.push_back(model.how);
    }
  }
  // The hardware.
  HardwareName hardware;
  if (claim.hardware.empty()) {
    report.diagnostics.push_back(
        FlagError("missing-flag",
                  "no hardware: give --hardware (an accelerator id or text such as '8x H100')",
                  "`rooflint list accelerators` lists the corpus's parts"));
  } else {
    hardware = ReadHardwareName(corpus, HardwareIndex(corpus.accelerators), claim.hardware);
    if (hardware.parts.empty()) {
      report.diagnostics.push_back(FlagError(
          "unknown-hardware", fmt::format("--hardware: {}", hardware.problem),
          "`rooflint list accelerators FILTER` lists the corpus's parts and their names"));
    } else if (!hardware.how.empty()) {
      notes.push_back(hardware.how);
    }
  }
  // The weight format: the flag, else what the model name states.
  WeightFormat weights =
      ReadWeightFormat(claim.precision, model.model, model.precision, claim.model);
  const std::string& precision = weights.name;
  if (!weights.problem.empty()) {
    report.diagnostics.push_back(FlagError("unknown-precision",
                                           fmt::format("--precision: {}", weights.problem),
                                           "`rooflint list precisions` lists them"));
  } else if (!weights.how.empty() && (model.model != nullptr || !weights.native_unknown)) {
    notes.push_back(weights.how);
  }
  std::string kv_precision;
  if (!claim.kv_precision.empty()) {
    PrecisionName p = ReadKvPrecisionName(claim.kv_precision);
    if (!p.problem.empty()) {
      report.diagnostics.push_back(FlagError("unknown-precision",
                                             fmt::format("--kv-precision: {}", p.problem),
                                             "`rooflint list precisions` lists them"));
    } else {
      kv_precision = p.name;
    }
  }
  // The value and its metric.
  MetricReading reading;
  if (claim.value.empty()) {
    report.diagnostics.push_back(FlagError(
        "missing-flag", "no value: give --value (\"250 tok/s per user\", \"35 ms TTFT\")"));
  } else {
    reading = ReadValueAndMetric(claim.value, claim.metric);
    if (!reading.problem.empty()) {
      report.diagnostics.push_back(
          FlagError("unreadable-value", fmt::format("--value: {}", reading.problem)));
    } else if (!reading.how.empty()) {
      notes.push_back(reading.how);
    }
  }
  if (claim.batch && claim.concurrency) {
    report.diagnostics.push_back(
        FlagError("conflicting-flags", "--batch and --concurrency: give one",
                  "--batch is the sequences one decode step holds; --concurrency a client's cap on "
                  "requests in flight"));
  }
  if (report.HasErrors()) return report;

  // The claim as a record, written and re-parsed as an importer's are.
  std::vector<std::pair<Benchmark, std::vector<std::string>>> records;
  for (size_t k = 0; k < reading.metrics.size(); ++k) {
    const Metric metric = reading.metrics[k];
    BenchmarkDraft d;
    d.id = reading.metrics.size() == 1 ? "claim" : fmt::format("claim-as-{}", MetricName(metric));
    d.title = fmt::format("{} {} of {} on {}", claim.value, MetricName(metric),
                          model.model->header.id, claim.hardware);
    d.status = "draft";
    d.metric = std::string(MetricName(metric));
    d.value = reading.value;
    d.model = model.model->header.id.str();
    d.precision = precision;
    if (precision.empty()) d.precision_absent = "not given (--precision)";
    d.kv_precision = kv_precision;
    d.hardware = claim.hardware;
    for (const Accelerator* a : hardware.parts) d.accelerators.push_back(a->header.id.str());
    if (claim.count) {
      d.accelerator_count = *claim.count;
    } else if (hardware.count) {
      // The user typed the count into the hardware ("8x H100"): it is the claim's own.
      d.accelerator_count = *hardware.count;
    } else {
      d.count_absent = "not given (--count), and the hardware text states none";
    }
    d.source = std::string(kClaimSource);
    d.locator = "the command line";
    if (!AppendClaimConditions(claim, true, d, report.diagnostics)) return report;
    std::string toml = RenderBenchmark(d);
    ParseResult parsed = ParseRecord(RecordKind::kBenchmark, toml, kClaimPath, d.id);
    if (!parsed.ok()) {
      // The flags went into a record the parser refuses: say what it refused, flag by flag.
      for (Diagnostic& x : parsed.diagnostics) {
        x.where.path = std::string(kClaimPath);
        x.source_line = SharedText();
        report.diagnostics.push_back(std::move(x));
      }
      return report;
    }
    Benchmark b = std::get<Benchmark>(std::move(parsed.record));
    std::vector<std::string> figure_notes = notes;
    if (reading.metrics.size() > 1) {
      figure_notes.push_back(fmt::format("if the figure is {}", MetricName(metric)));
    }
    records.emplace_back(std::move(b), std::move(figure_notes));
  }
  Source source;
  source.header.kind = RecordKind::kSource;
  source.header.id = SharedText(kClaimSource);
  source.header.path = SharedText(kClaimPath);
  source.header.status = Status::kDraft;
  source.title = "A figure given on the command line";
  AuditFigures(corpus, std::move(records), {source}, {}, options, report);
  return report;
}

CheckReport CheckFiles(std::string_view format, std::span<const ImportFile> files,
                       const ImportOptions& import_options, const Corpus& corpus,
                       const CheckOptions& options) {
  CheckReport report;
  ImportOptions names_read = import_options;
  std::string problem;
  if (!ReadImportNames(corpus, names_read, problem)) {
    Diagnostic d = FlagError("unknown-name", problem,
                             "`rooflint list models|accelerators|precisions` lists the names");
    d.where.path = "<flags>";
    report.diagnostics.push_back(std::move(d));
    return report;
  }
  ImportResult imported = Import(format, files, names_read, corpus);
  report.diagnostics = std::move(imported.diagnostics);
  std::vector<std::pair<Benchmark, std::vector<std::string>>> records;
  std::vector<Source> sources;
  std::vector<Model> models;
  for (const ImportedRecord& r : imported.records) {
    if (r.kind == RecordKind::kBenchmark) {
      Benchmark b = std::get<Benchmark>(r.record);
      b.header.path = SharedText(r.from);
      records.emplace_back(std::move(b), std::vector<std::string>{});
    } else if (r.kind == RecordKind::kSource) {
      sources.push_back(std::get<Source>(r.record));
    } else if (r.kind == RecordKind::kModel) {
      models.push_back(std::get<Model>(r.record));
    }
  }
  // One figure per benchmark id: a file given twice is the same run.
  std::vector<std::pair<Benchmark, std::vector<std::string>>> unique;
  std::unordered_set<std::string> ids;
  for (auto& r : records) {
    if (ids.insert(r.first.header.id.str()).second) unique.push_back(std::move(r));
  }
  if (!StateConditions(options.stated, unique, report.diagnostics)) return report;
  std::vector<std::string> from;
  for (const auto& r : unique) from.push_back(r.first.header.path.str());
  AuditFigures(corpus, std::move(unique), sources, models, options, report);
  for (size_t i = 0; i < report.figures.size() && i < from.size(); ++i) {
    report.figures[i].from = from[i];
  }
  // A file whose figures name a model the corpus lacks gets no bound at all: say so once per
  // file and model, with what would give one.
  std::unordered_set<std::string> bounded_files;
  for (const CheckedFigure& f : report.figures) {
    if (f.binding) bounded_files.insert(f.from);
  }
  std::set<std::pair<std::string, std::string>> said;
  for (const CheckedFigure& f : report.figures) {
    bool bounded = bounded_files.contains(f.from);
    bool lacks_model = std::any_of(f.missing.begin(), f.missing.end(), [](const MissingFact& m) {
      return m.flag.starts_with("--model-config");
    });
    if (bounded || !lacks_model) continue;
    if (!said.emplace(f.from, f.model).second) continue;
    report.diagnostics.push_back(FileWarning(
        "no-bound", f.from,
        fmt::format("no figure of this file can be bounded: its model '{}' is not in the corpus "
                    "(a draft record from the name alone, with no parameter count or shape)",
                    f.model),
        "give the model's Hugging Face config.json with --model-config, or --model with an id "
        "of the corpus (`rooflint list models`)"));
  }
  report.records = std::move(imported.records);
  return report;
}

}  // namespace rooflint
