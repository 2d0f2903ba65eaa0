// The import driver (see driver.h): a run's stated facts weighed against the flags, the
// notes every format shares, and one benchmark draft per figure.
#include "import/driver.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace rooflint::import {
namespace {

// The model: the file's names, else --model, else the reader's error. False when there is none.
bool ChooseRunModel(const StatedRun& run, const Context& ctx, Sink& sink,
                    Context::ModelChoice& model) {
  const std::string& flag = ctx.options().model;
  if (!run.model_names.empty()) {
    model = ctx.ChooseModel(run.model_names, run.model_display, run.params, run.params_how,
                            run.source_id, run.at(run.model_key, Severity::kWarning, "", "", ""),
                            sink, run.weak_from, run.allow_draft);
    if (!model.id.empty()) return true;
  } else if (!flag.empty()) {
    model.id = flag;
    model.how = fmt::format("--model {} (user-stated: the file names no model)", flag);
    return true;
  }
  Diagnostic d = run.no_model;
  d.severity = Severity::kError;
  if (!model.problem.empty()) d.message += fmt::format(" ({})", model.problem);
  sink.Add(std::move(d));
  return false;
}

// The accelerator count: the file's, else --count, else the "N x" of --hardware; 0 when none.
int64_t ChooseCount(const StatedRun& run, const Context& ctx, Sink& sink,
                    std::vector<std::string>& notes) {
  const std::optional<int64_t>& flag = ctx.options().count;
  if (run.count > 0 && flag && run.count_is_reading) {
    notes.push_back(fmt::format(
        "accelerator_count {} is user-stated (--count), not the file's reading of {} from {}.",
        *flag, run.count, run.count_how));
    return *flag;
  }
  if (run.count > 0) {
    notes.push_back(fmt::format("accelerator_count {} from {}.", run.count, run.count_how));
    if (flag && *flag != run.count) {
      sink.Add(run.at(run.count_key, Severity::kWarning, "conflicting-flag",
                      fmt::format("--count {} contradicts the file's {} = {}; the file's is kept",
                                  *flag, run.count_how, run.count),
                      "drop --count when the file states the parallelism"));
    }
    return run.count;
  }
  if (flag) {
    // Why the file's own count is not used, when the reader says more than that it is absent.
    bool why = run.count_absent != StatedRun().count_absent;
    notes.push_back(fmt::format("accelerator_count {} is user-stated (--count{}).", *flag,
                                why ? fmt::format("; {}", run.count_absent) : ""));
    return *flag;
  }
  const std::string& hw = ctx.options().hardware;
  size_t x = hw.find_first_of("xX");
  auto n = x == std::string::npos ? std::nullopt : ParseNumber(hw.substr(0, x));
  if (run.count_from_hardware_flag && n && *n >= 1 && *n == std::floor(*n) && *n <= 1e6) {
    notes.push_back(fmt::format("accelerator_count {} from the user-stated --hardware '{}'.",
                                static_cast<int64_t>(*n), hw));
    return static_cast<int64_t>(*n);
  }
  notes.push_back(fmt::format("accelerator_count absent: {} (pass --count).", run.count_absent));
  return 0;
}

// The engine_version condition: the file's, else --engine-version, else absent.
CondValue ChooseVersion(const StatedRun& run, const Context& ctx, Sink& sink) {
  const std::string& flag = ctx.options().engine_version;
  const StatedText& stated = run.engine_version;
  if (stated.value.empty()) return ctx.EngineVersionFromFlag(run.engine_version_absent);
  // A flag the stated version contains ("b1234" of "b1234 (build 5678)") agrees with it.
  bool agrees = stated.value.find(flag) != std::string::npos;
  if (!flag.empty() && !agrees) {
    sink.Add(run.at(stated.key, Severity::kWarning, "conflicting-flag",
                    fmt::format("--engine-version '{}' contradicts {} '{}'; the file's is kept",
                                flag, stated.how, stated.value),
                    "drop --engine-version when the file states the version"));
  }
  return CondValue::Str(stated.value);
}

}  // namespace

DrivenRun DriveRun(const StatedRun& run, const Context& ctx, Sink& sink) {
  DrivenRun out;
  std::vector<std::string> notes;

  Context::ModelChoice model;
  if (!ChooseRunModel(run, ctx, sink, model)) return out;
  // The reader's words on where the name came from, when the file's own name matched.
  const std::string& flag_model = ctx.options().model;
  bool from_file = !model.draft && (flag_model.empty() || model.id != flag_model);
  notes.push_back(
      fmt::format("Model: {}{}.", model.how, from_file ? run.model_how_suffix : std::string()));

  // The weight format: the file's, else --precision, else absent.
  Context::PrecisionChoice precision = ctx.ResolvePrecision(run.precision.value);
  if (precision.name.empty() && !run.precision_absent.empty()) {
    precision.how = run.precision_absent;
  } else if (!run.precision.value.empty()) {
    precision.how = run.precision.how;
    const std::string& flag = ctx.options().precision;
    if (!flag.empty() && flag != run.precision.value) {
      sink.Add(run.at(run.precision.key, Severity::kWarning, "conflicting-flag",
                      fmt::format("--precision {} contradicts the file's {} ({}); the file's is "
                                  "kept",
                                  flag, run.precision.value, run.precision.how),
                      "drop --precision when the file states the weight format"));
    }
  }
  notes.push_back(precision.name.empty()
                      ? fmt::format("Precision absent: {}.", precision.how)
                      : fmt::format("Precision {}: {}.", precision.name, precision.how));

  Context::Parts parts;
  if (run.no_accelerator) {
    parts.hardware = run.hardware.value;
    parts.absent = run.no_accelerator;
  } else {
    parts = ctx.ResolveParts(run.hardware.value, run.hardware_unstated,
                             run.at(run.hardware.key, Severity::kNote, "", "", ""), sink);
  }
  notes.insert(notes.end(), parts.notes.begin(), parts.notes.end());
  int64_t count = ChooseCount(run, ctx, sink, notes);
  if (run.replicas >= 1) {
    notes.push_back(fmt::format(
        "replicas {} from {}: each replica serves its own requests on accelerator_count / {} "
        "accelerators.",
        run.replicas, run.replicas_how, run.replicas));
  }
  notes.insert(notes.end(), run.notes.begin(), run.notes.end());

  // An open-loop run near the load it was offered measured the load, not the server.
  for (const StatedFigure& f : run.figures) {
    if (f.metric != "aggregate-output" || f.statistic != "mean") continue;
    std::string offered = OfferedLoadNote(run.request_rate, run.mean_output, f.value);
    if (offered.empty()) break;
    sink.Add(run.at(f.key, Severity::kNote, "offered-load",
                    fmt::format("request_rate {} req/s: {}", NumberText(run.request_rate), offered),
                    "a server's capacity is measured with more load than it can serve (a higher "
                    "request rate, or a concurrency cap)"));
    notes.push_back(fmt::format("Offered load: {}.", offered));
    break;
  }

  // The conditions: the format's, the engine version after the engine, replicas last.
  std::vector<std::pair<std::string, CondValue>> conditions;
  CondValue output = run.output_tokens;
  if (output.kind == CondValue::Kind::kInt && output.integer < 1) {
    output = CondValue::Absent("fewer than one output token per request");
  }
  conditions.emplace_back(run.load_key, run.load);
  if (run.input_tokens_is_mean && run.input_tokens.kind == CondValue::Kind::kInt) {
    conditions.emplace_back(
        "input_tokens",
        run.input_tokens_least
            ? CondValue::Int(*run.input_tokens_least)
            : CondValue::Absent(!run.input_tokens_mean_why.empty()
                                    ? run.input_tokens_mean_why
                                    : std::string("the input lengths varied; input_tokens_mean "
                                                  "is their mean, and the file states no "
                                                  "shortest length")));
    conditions.emplace_back("input_tokens_mean", run.input_tokens);
  } else {
    conditions.emplace_back("input_tokens", run.input_tokens);
  }
  conditions.emplace_back("output_tokens", output);
  conditions.insert(conditions.end(), run.conditions.begin(), run.conditions.end());
  std::erase_if(conditions, [](const auto& c) {
    return c.second.kind == CondValue::Kind::kAbsent && c.second.text.empty();
  });
  if (!run.engine_version.value.empty() || !run.engine_version_absent.empty()) {
    auto engine = std::find_if(conditions.begin(), conditions.end(),
                               [](const auto& c) { return c.first == "engine"; });
    conditions.insert(engine == conditions.end() ? conditions.end() : engine + 1,
                      {"engine_version", ChooseVersion(run, ctx, sink)});
  }
  if (run.replicas >= 1) conditions.emplace_back("replicas", CondValue::Int(run.replicas));

  std::string load = run.load_slug.empty() ? "" : fmt::format("-{}", run.load_slug);
  std::string set = fmt::format("{}-{}{}-{}", run.id_prefix, model.id, load, ShortHash(run.hash));
  std::string shared = fmt::format("{}", fmt::join(notes, " "));
  for (const StatedFigure& f : run.figures) {
    auto q =
        ctx.Quantity(fmt::format("{} {}", f.text.empty() ? NumberText(f.value) : f.text, f.unit),
                     f.dimension, run.at(f.key, Severity::kError, "", "", ""), f.what, sink);
    if (!q) continue;
    BenchmarkDraft b =
        RunDraft(model.id, precision, parts, count, run.source_id, set + f.set_suffix);
    b.kv_precision = run.kv_precision;
    b.weights = run.weights;
    if (count == 0) SetCount(b, 0, fmt::format("{} (pass --count)", run.count_absent));
    b.status = f.status;
    b.metric = f.metric;
    b.statistic = f.statistic;
    b.value = *q;
    b.title = f.title;
    b.locator = f.locator.empty() ? run.locator_prefix + f.key : f.locator;
    b.conditions = conditions;
    b.id = fmt::format(
        "{}-{}{}-{}{}-{}", run.id_prefix, model.id, load, f.metric,
        f.statistic_in_id && !f.statistic.empty() ? fmt::format("-{}", Slug(f.statistic)) : "",
        ShortHash(Fnv1a(f.key, run.hash)));
    b.notes = fmt::format("{} {}{}", f.lead, shared, run.every_tail);
    if (out.drafts.empty()) b.notes += run.first_tail;
    if (run.finish) run.finish(b);
    out.drafts.emplace_back(std::move(b), &f);
  }
  out.model = std::move(model.draft);
  return out;
}

size_t AddRun(StatedRun run, const Context& ctx, FileImport& fi, size_t offset) {
  DrivenRun driven = DriveRun(run, ctx, fi.sink());
  for (auto& [b, f] : driven.drafts) fi.Add(std::move(b), f->offset);
  if (driven.model) fi.AddModel(std::move(*driven.model), offset);
  return driven.drafts.size();
}

}  // namespace rooflint::import
