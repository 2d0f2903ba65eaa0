// The console summary of vLLM's `bench serve` (benchmark_serving.py) and SGLang's
// `bench_serving`: the "============ Serving Benchmark Result ============" block both print at
// the end of a run, and that people paste into issues, READMEs and chats, often a dozen in one
// file. Each block is one run. The block states the measured totals and statistics, rounded to
// two decimals as printed; it never names the model, the hardware or the weight format, so
// those come from what the paste holds above the block (vLLM's `Namespace(...)` line, the
// command line that ran it) or from the flags, and are otherwise absent.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/text_util.h"
#include "import/common.h"
#include "import/driver.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;
constexpr std::string_view kBanner = " Serving Benchmark Result ";

// One "Label:   value" line of a block.
struct ConsoleField {
  std::string value;
  size_t offset = 0;  // where the value stands
  size_t line = 0;    // where its line starts
};

// One block and what the text before it (back to the previous block) says of the run.
struct Block {
  size_t begin = 0, end = 0;
  std::map<std::string, ConsoleField, std::less<>> fields;
  std::string_view before;  // the text between the previous block (or the file's start) and it
  bool closed = false;      // ends with its line of '='
};

bool IsRule(std::string_view line, char c) {
  line = Trim(line);
  return line.size() >= 10 && line.find_first_not_of(c) == kNpos;
}

std::vector<Block> SplitBlocks(std::string_view text) {
  std::vector<Block> blocks;
  size_t previous_end = 0;
  size_t pos = 0;
  Block* open = nullptr;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == kNpos ? text.size() : nl;
    std::string_view line = text.substr(pos, end - pos);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.find(kBanner) != kNpos && line.starts_with("==")) {
      Block& b = blocks.emplace_back();
      b.begin = pos;
      b.before = text.substr(previous_end, pos - previous_end);
      open = &b;
    } else if (open != nullptr) {
      open->end = end;
      if (IsRule(line, '=')) {
        open->closed = true;
        previous_end = end;
        open = nullptr;
      } else if (size_t colon = line.find(':'); colon != kNpos && !line.starts_with("--")) {
        std::string_view label = Trim(line.substr(0, colon));
        std::string_view rest = line.substr(colon + 1);
        std::string_view value = Trim(rest);
        if (!label.empty() && !value.empty() && open->fields.size() < 200) {
          open->fields.emplace(std::string(label),
                               ConsoleField{std::string(value),
                                            pos + colon + 1 + rest.find_first_not_of(" \t"), pos});
        }
      }
    }
    if (nl == kNpos) break;
    pos = nl + 1;
  }
  return blocks;
}

// The value of `name` in a Python `Namespace(...)` repr (`model='x'`, `max_concurrency=64`),
// quotes removed; "" when absent.
std::string NamespaceValue(std::string_view ns, std::string_view name) {
  for (size_t at = ns.find(name); at != kNpos; at = ns.find(name, at + 1)) {
    if (at > 0 && ns[at - 1] != ' ' && ns[at - 1] != '(') continue;
    size_t eq = at + name.size();
    if (eq >= ns.size() || ns[eq] != '=') continue;
    std::string_view rest = ns.substr(eq + 1);
    if (!rest.empty() && (rest[0] == '\'' || rest[0] == '"')) {
      size_t close = rest.find(rest[0], 1);
      return close == kNpos ? "" : std::string(rest.substr(1, close - 1));
    }
    size_t stop = rest.find_first_of(",)");
    return std::string(Trim(rest.substr(0, stop)));
  }
  return "";
}

// The value of a command-line flag (`--model X`, `--model=X`) in the text before a block: the
// last one, which is the command nearest the block; "" when absent.
std::string FlagValue(std::string_view text, std::string_view flag) {
  std::string found;
  for (size_t at = text.find(flag); at != kNpos; at = text.find(flag, at + 1)) {
    size_t after = at + flag.size();
    if (after >= text.size() || (text[after] != ' ' && text[after] != '=')) continue;
    std::string_view rest = text.substr(after + 1);
    rest = rest.substr(std::min(rest.size(), rest.find_first_not_of(" ")));
    size_t stop = rest.find_first_of(" \t\r\n\\`'\"");
    std::string_view value = rest.substr(0, stop);
    if (!value.empty() && !value.starts_with("-")) found = std::string(value);
  }
  return found;
}

// A console latency label ("Mean TTFT (ms)", "P99 ITL (ms)", "Median E2EL (ms)", SGLang's
// "Mean E2E Latency (ms)") as the JSON key the same tool writes for it ("mean_ttft_ms").
std::optional<std::string> LatencyKeyOf(std::string_view label) {
  if (!label.ends_with(" (ms)")) return std::nullopt;
  label.remove_suffix(5);
  size_t space = label.find(' ');
  if (space == kNpos) return std::nullopt;
  std::string statistic = ToLower(label.substr(0, space));
  std::string metric = ToLower(label.substr(space + 1));
  if (metric == "e2e latency") metric = "e2e_latency";
  std::string key = fmt::format("{}_{}_ms", statistic, metric);
  if (!ParseLatencyKey(key)) return std::nullopt;
  return key;
}

class BlockImporter {
 public:
  BlockImporter(const SourceText& src, const Block& block, int index, Sink& sink)
      : src_(src), b_(block), index_(index), sink_(sink) {}

  std::optional<StatedRun> Run(const std::string& source_id);

 private:
  const ConsoleField* Get(std::string_view label) const {
    auto it = b_.fields.find(label);
    return it == b_.fields.end() ? nullptr : &it->second;
  }
  const ConsoleField* GetAny(std::initializer_list<std::string_view> labels) const {
    for (std::string_view l : labels) {
      if (const ConsoleField* f = Get(l)) return f;
    }
    return nullptr;
  }
  size_t Where(std::string_view label) const {
    const ConsoleField* f = Get(label);
    return f != nullptr ? f->offset : b_.begin;
  }
  void Error(size_t at, DiagnosticCode code, std::string message, std::string hint) {
    sink_.Add(src_.At(at, Severity::kError, std::move(code), std::move(message), std::move(hint)));
    failed_ = true;
  }
  // The number a field prints, or an error at it.
  std::optional<double> Number(const ConsoleField* f, std::string_view label) {
    auto v = ParseNumber(Trim(f->value.substr(0, f->value.find(' '))));
    if (!v || !std::isfinite(*v) || *v < 0) {
      Error(f->offset, "not-a-number", fmt::format("{}: '{}' is not a number", label, f->value),
            "the console prints every figure as a number");
      return std::nullopt;
    }
    return v;
  }

  const SourceText& src_;
  const Block& b_;
  int index_;
  Sink& sink_;
  bool failed_ = false;
};

std::optional<StatedRun> BlockImporter::Run(const std::string& source_id) {
  StatedRun run;
  std::vector<std::string>& notes = run.notes;
  const std::string what =
      index_ > 0 ? fmt::format("block {} (line {})", index_ + 1, src_.LineColumn(b_.begin).first)
                 : fmt::format("the block (line {})", src_.LineColumn(b_.begin).first);
  // SGLang's bench_serving prints the same banner, with its backend and load inside the block.
  const bool sglang = Get("Backend") != nullptr || Get("Total generated tokens (retokenized)");
  const std::string_view tool = sglang ? "SGLang bench_serving" : "vLLM bench serve";
  run.id_prefix = sglang ? "sglang-console" : "vllm-console";
  run.source_id = source_id;
  run.hash = Fnv1a(src_.text().substr(b_.begin, b_.end - b_.begin));
  run.at = [this](std::string_view key, Severity severity, DiagnosticCode code, std::string message,
                  std::string hint) {
    return src_.At(Where(key), severity, std::move(code), std::move(message), std::move(hint));
  };
  if (!b_.closed) {
    Error(b_.begin, "truncated",
          fmt::format("{} stops before its closing line of '=': the paste was cut", what),
          "paste the whole block, from the '=== Serving Benchmark Result ===' line to the line "
          "of '=' that closes it");
    return std::nullopt;
  }
  const ConsoleField* done = Get("Successful requests");
  const ConsoleField* out_tput = Get("Output token throughput (tok/s)");
  const ConsoleField* total_in = Get("Total input tokens");
  const ConsoleField* total_out = Get("Total generated tokens");
  for (auto [field, label] : {std::pair{done, "Successful requests"},
                              std::pair{out_tput, "Output token throughput (tok/s)"},
                              std::pair{total_in, "Total input tokens"},
                              std::pair{total_out, "Total generated tokens"}}) {
    if (field == nullptr) {
      Error(b_.begin, "missing-field", fmt::format("{} has no '{}' line", what, label),
            fmt::format("{} prints it in every summary; paste the whole block", tool));
    }
  }
  if (failed_) return std::nullopt;
  auto n_done = Number(done, "Successful requests");
  auto in_total = Number(total_in, "Total input tokens");
  auto out_total = Number(total_out, "Total generated tokens");
  if (failed_) return std::nullopt;
  auto completed = WholeNumberIn(*n_done, 1, 1e12);
  if (!completed) {
    Error(done->offset, "no-requests",
          fmt::format("{} successful requests: nothing was measured", done->value),
          "a run with no successful request has no throughput or latency to import");
    return std::nullopt;
  }

  // What the paste says above the block: vLLM's Namespace(...) line and the command line.
  std::string_view before = b_.before;
  std::string ns;
  if (size_t at = before.rfind("Namespace("); at != kNpos) {
    size_t nl = before.find('\n', at);
    ns = std::string(before.substr(at, nl == kNpos ? kNpos : nl - at));
  }
  std::string model = NamespaceValue(ns, "model");
  std::string model_how = "the Namespace(...) line above the block";
  if (model.empty() || model == "None") {
    model = FlagValue(before, "--model");
    model_how = "the --model of the command line above the block";
  }
  run.no_model = src_.At(b_.begin, Severity::kError, "missing-field",
                         fmt::format("{} names no model: the console summary does not print it, "
                                     "and no command line or Namespace(...) line stands above it",
                                     what),
                         "pass --model with the corpus id (or Hugging Face id) the run served");
  if (!model.empty()) {
    run.model_names = {model, std::string(BaseName(model))};
    run.model_display = model;
    notes.push_back(fmt::format("Model '{}' is read from {}.", model, model_how));
  }
  run.hardware_unstated = fmt::format("the {} console summary records no hardware", tool);
  run.engine_version_absent = fmt::format("the {} console summary records no engine version", tool);
  run.precision_absent = "the console summary does not state the weight format";

  // The load: a concurrency cap, else the peak in flight the client measured, else absent with
  // the arrival rate.
  std::string rate_text = "not stated";
  double rate = 0;
  std::string rate_word;
  if (const ConsoleField* f = GetAny({"Request rate configured (RPS)", "Traffic request rate"})) {
    rate_word = f->value;
  } else if (std::string r = NamespaceValue(ns, "request_rate"); !r.empty()) {
    rate_word = r;
  } else if (size_t at = before.rfind("Traffic request rate:"); at != kNpos) {
    size_t nl = before.find('\n', at);
    rate_word = std::string(Trim(before.substr(at + 21, nl == kNpos ? kNpos : nl - at - 21)));
  } else {
    rate_word = FlagValue(before, "--request-rate");
  }
  if (rate_word == "inf") {
    rate_text = "inf (every request sent at once)";
    run.load_slug = "burst";
  } else if (auto r = ParseNumber(rate_word); r && *r > 0 && std::isfinite(*r)) {
    rate = *r;
    run.request_rate = rate;
    rate_text = fmt::format("{} req/s", NumberText(rate));
    run.load_slug = fmt::format("{}qps", Slug(NumberText(rate)));
  } else {
    run.load_slug = "rate-unknown";
  }
  std::optional<int64_t> cap;
  std::string cap_how;
  if (const ConsoleField* f = GetAny({"Maximum request concurrency", "Max request concurrency"})) {
    if (auto v = ParseNumber(f->value)) cap = WholeNumberIn(*v, 1, 1e9);
    cap_how = fmt::format("'{}' in the block", f->value);
  } else if (std::string c = NamespaceValue(ns, "max_concurrency"); !c.empty() && c != "None") {
    if (auto v = ParseNumber(c)) cap = WholeNumberIn(*v, 1, 1e9);
    cap_how = "max_concurrency of the Namespace(...) line";
  } else if (std::string flag = FlagValue(before, "--max-concurrency"); !flag.empty()) {
    if (auto v = ParseNumber(flag)) cap = WholeNumberIn(*v, 1, 1e9);
    cap_how = "--max-concurrency of the command line above the block";
  }
  // Without a cap, vLLM's "Peak concurrent requests" (its max_concurrent_requests, an exact
  // sweep over each request's span) bounds the sequences of a step as a cap does. SGLang's line
  // of the same name is not that: it printed 2 under a cap of 1, so it is never taken as B.
  std::optional<int64_t> peak_in_flight;
  if (const ConsoleField* f = Get("Peak concurrent requests"); f != nullptr && !sglang) {
    if (auto v = ParseNumber(f->value)) peak_in_flight = WholeNumberIn(*v, 1, 1e9);
  }
  if (cap) {
    run.load = CondValue::Int(*cap);
    notes.push_back(
        fmt::format("Concurrency {} is the cap on requests in flight ({}); request "
                    "rate {}.",
                    *cap, cap_how, rate_text));
  } else if (peak_in_flight) {
    run.load = CondValue::Int(*peak_in_flight);
    notes.push_back(
        fmt::format("Concurrency {} is 'Peak concurrent requests', the most in flight "
                    "the client measured (no cap was set; request rate {}).",
                    *peak_in_flight, rate_text));
  } else {
    run.load = CondValue::Absent(fmt::format(
        "no concurrency cap is printed{}: open-loop arrivals at request rate {}",
        sglang ? " (SGLang's 'Peak concurrent requests' is not a bound: it can exceed the cap)"
               : "",
        rate_text));
  }

  // Lengths: the totals over the successful requests, as means rounded down (the generous
  // side for the roofs).
  auto length = [&](double total, const char* name) {
    const double mean = total / static_cast<double>(*completed);
    notes.push_back(
        fmt::format("{}: {} total / {} requests = {:.2f} per request (measured mean, "
                    "rounded down).",
                    name, NumberText(total), *completed, mean));
    return CondValue::Int(static_cast<int64_t>(std::floor(mean)));
  };
  run.input_tokens = length(*in_total, "input_tokens");
  run.output_tokens = length(*out_total, "output_tokens");
  // One fixed input length only when the mean is the length asked for (a random dataset's
  // input length above the block); else the lengths may have varied (ShareGPT, a random
  // range), and the mean is written as one.
  const double mean_in = *in_total / static_cast<double>(*completed);
  std::string asked_in = NamespaceValue(ns, "random_input_len");
  if (asked_in.empty()) asked_in = FlagValue(before, "--random-input-len");
  const auto asked = ParseNumber(asked_in);
  run.input_tokens_is_mean = !(asked && *asked == mean_in);
  if (run.input_tokens_is_mean) {
    notes.push_back(
        "input_tokens_mean: the paste does not show that every request had this length (no "
        "random input length above the block equal to it), so it is written as a mean.");
  }
  run.mean_output = *out_total / static_cast<double>(*completed);
  if (const ConsoleField* f = Get("Failed requests"); f != nullptr && f->value != "0") {
    notes.push_back(fmt::format("{} requests failed; the figures are over the {} that succeeded.",
                                f->value, *completed));
  }

  // Speculative decoding: the section newer vLLM prints when the server speculated.
  const ConsoleField* accepted = Get("Acceptance length");
  const ConsoleField* drafts = Get("Drafts");
  const ConsoleField* draft_tokens = Get("Draft tokens");
  auto& conditions = run.conditions;
  conditions.emplace_back(
      "engine", CondValue::Absent(fmt::format("the {} console summary records the client, not the "
                                              "serving engine",
                                              tool)));
  conditions.emplace_back("warmup",
                          CondValue::Absent(fmt::format("the {} console summary records no "
                                                        "warmup",
                                                        tool)));
  conditions.emplace_back(
      "scenario", CondValue::Absent(fmt::format("an online serving run ({}, request rate {}), "
                                                "not an MLPerf scenario",
                                                tool, rate_text)));
  if (accepted != nullptr || drafts != nullptr) {
    TomlMembers table = {{"method", std::string("not recorded (the console's Speculative "
                                                "Decoding section)")}};
    std::optional<int64_t> k;
    if (drafts != nullptr && draft_tokens != nullptr) {
      auto d = ParseNumber(drafts->value), t = ParseNumber(draft_tokens->value);
      if (d && t && *d >= 1 && *t >= *d && *t / *d <= 1000) {
        k = static_cast<int64_t>(std::ceil(*t / *d - 1e-9));
        table.emplace_back("draft_tokens", *k);
      }
    }
    if (accepted != nullptr) {
      if (auto a = ParseNumber(accepted->value);
          a && *a >= 1 && (!k || *a <= static_cast<double>(*k) + 1)) {
        table.emplace_back("acceptance_length", *a);
      }
    }
    notes.push_back("Speculative decoding ran: the block has a Speculative Decoding section.");
    conditions.emplace_back("speculative", CondValue::Table(std::move(table)));
  } else {
    conditions.emplace_back(
        "speculative", CondValue::Absent("the console summary records no server configuration"));
  }

  // The figures.
  const std::string shape =
      fmt::format("{}, request rate {}", model.empty() ? "model not stated" : model, rate_text);
  auto figure = [&](const ConsoleField* f, std::string_view label, std::string metric,
                    std::string statistic, std::string unit, Dimension dim) -> StatedFigure* {
    auto v = Number(f, label);
    if (!v) return nullptr;  // Number has reported it
    StatedFigure fig;
    fig.metric = std::move(metric);
    fig.statistic = std::move(statistic);
    fig.value = *v;
    fig.text = f->value.substr(0, f->value.find(' '));
    fig.unit = std::move(unit);
    fig.dimension = dim;
    fig.key = std::string(label);
    fig.what = std::string(label);
    fig.offset = b_.begin;
    // The file's name is in the source record: a renamed copy gives the same record.
    fig.locator = fmt::format("line {}: '{}'", src_.LineColumn(f->line).first, label);
    fig.title = fmt::format("{} console {}, {}", tool, label, shape);
    run.figures.push_back(std::move(fig));
    return &run.figures.back();
  };
  if (StatedFigure* fig = figure(out_tput, "Output token throughput (tok/s)", "aggregate-output",
                                 "mean", "tok/s", Dimension::kTokenRate)) {
    fig->lead = fmt::format(
        "Aggregate output tokens/s over the run, as the console prints it (two decimals): {} "
        "output tokens over the benchmark's duration.",
        NumberText(*out_total));
  }
  if (const ConsoleField* peak = Get("Peak output token throughput (tok/s)")) {
    if (StatedFigure* fig = figure(peak, "Peak output token throughput (tok/s)", "aggregate-output",
                                   "peak", "tok/s", Dimension::kTokenRate);
        fig != nullptr && !failed_) {
      fig->lead =
          "Peak aggregate output tokens/s: the most output tokens, over all requests, that "
          "arrived within one whole second of the run.";
    }
  }
  std::vector<std::string> skipped;
  for (const auto& [label, f] : b_.fields) {
    auto key = LatencyKeyOf(label);
    if (!key) {
      // A latency statistic no serving benchmark's result file names (SGLang's "Max ITL").
      if (std::string_view(label).ends_with(" (ms)")) skipped.push_back(label);
      continue;
    }
    auto lk = ParseLatencyKey(*key);
    if (lk->statistic == "std") continue;
    if (!IsRecordStatistic(lk->statistic)) {
      skipped.push_back(label);
      continue;
    }
    if (StatedFigure* fig = figure(&f, label, std::string(LatencyMetric(lk->metric)), lk->statistic,
                                   "ms", Dimension::kTime);
        fig != nullptr && !failed_) {
      fig->lead = fmt::format("{} {} over {} successful requests: {}.", lk->statistic,
                              LatencyName(lk->metric), *completed, LatencyMeaning(lk->metric));
    }
  }
  run.first_tail = UnnamedStatistics(skipped);
  run.every_tail =
      " The console rounds every figure to two decimals; the saved result file (--save-result) "
      "holds them unrounded.";
  if (failed_) return std::nullopt;
  return run;
}

}  // namespace

bool LooksLikeServingConsole(std::string_view text) {
  size_t at = text.find(kBanner);
  return at != kNpos && at >= 2 && text.substr(at - 2, 2) == "==" &&
         text.find("Successful requests:", at) != kNpos;
}

void ImportServingConsole(const ImportFile& file, const Context& ctx, ImportResult& out) {
  FileImport fi(file, out);
  const SourceText& src = fi.src();
  Sink& sink = fi.sink();
  if (fi.RefuseInvalidUtf8("the console prints UTF-8 text; is this a pasted summary?")) return;
  std::vector<Block> blocks = SplitBlocks(file.text);
  if (blocks.empty()) {
    sink.Add(src.At(0, Severity::kError, "no-runs",
                    "no '============ Serving Benchmark Result ============' block: nothing to "
                    "import",
                    "paste the summary vLLM bench serve or SGLang bench_serving prints at the "
                    "end of a run"));
    return;
  }
  std::string source_id = SourceIdOf(ctx, "serving-console", fi.file_hash());
  size_t runs = 0;
  for (size_t i = 0; i < blocks.size(); ++i) {
    BlockImporter importer(src, blocks[i], static_cast<int>(blocks.size() > 1 ? i : 0), sink);
    auto stated = importer.Run(source_id);
    if (!stated) continue;
    const std::string_view block_text(file.text.data() + blocks[i].begin,
                                      blocks[i].end - blocks[i].begin);
    if (fi.RepeatsAnEarlierRun(block_text, blocks[i].begin)) continue;
    AddRun(std::move(*stated), ctx, fi, blocks[i].begin);
    ++runs;
  }
  std::optional<SourceDraft> source;
  if (ctx.options().source.empty()) {
    source = LocalRunSource(
        source_id, fmt::format("serving benchmark console summary, {}", BaseName(file.path)),
        "a serving benchmark run (console summary)",
        "https://github.com/vllm-project/vllm/blob/main/vllm/benchmarks/serve.py", "",
        fmt::format("Imported by rooflint from '{}' ({} bytes, content hash {}, {} block(s)). The "
                    "url is the tool that printed the summary, not the paste: a pasted run has "
                    "no address. The date is the import date: a summary states none.",
                    BaseName(file.path), file.text.size(), fi.file_hash(), blocks.size()));
  }
  fi.Emit(source);
}

}  // namespace rooflint::import
