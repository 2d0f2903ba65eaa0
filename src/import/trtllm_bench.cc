// TensorRT-LLM `trtllm-bench throughput` / `latency` reports, as printed on the console (the
// `=====`-framed sections, inside the MPI and engine logging a captured stdout holds) to
// records. Every figure is read by its label, never by position: the labels changed meaning
// between versions ("Token Throughput" of 0.16 is output tokens only; newer reports print
// "Total Output Throughput" for it and "Total Token Throughput" for input + output). The engine
// settings the report states (TP x PP, max runtime batch size, quantization, KV cache dtype)
// become the accelerator count, the concurrency cap, the precision and the kv_precision.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "import/common.h"
#include "import/driver.h"
#include "rooflint/corpus.h"

namespace rooflint::import {
namespace {

constexpr size_t kNpos = std::string_view::npos;

// One "Label: value" line of a report section.
struct Field {
  std::string value;    // verbatim, trimmed
  size_t offset = 0;    // of the value
  size_t line = 0;      // offset of the line
  std::string section;  // the section it stands in
};

struct Section {
  std::string name;                                   // "PERFORMANCE OVERVIEW" (trimmed)
  size_t offset = 0;                                  // of the "= NAME" line
  std::vector<std::pair<std::string, size_t>> lines;  // content lines and their offsets
};

// One printed report: its sections in order, and every labelled value outside the dataset
// table, first occurrence kept.
struct Report {
  size_t begin = 0;
  size_t end = 0;
  size_t before = 0;  // where the text before it starts: the previous report's end, or 0
  std::vector<Section> sections;
  std::map<std::string, Field, std::less<>> fields;

  const Section* Find(std::string_view name) const {
    for (const Section& s : sections) {
      if (s.name == name) return &s;
    }
    return nullptr;
  }
  const Field* Get(std::initializer_list<std::string_view> labels) const {
    for (std::string_view l : labels) {
      auto it = fields.find(l);
      if (it != fields.end()) return &it->second;
    }
    return nullptr;
  }
};

bool AllEquals(std::string_view line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) {
    line.remove_suffix(1);
  }
  return line.size() >= 10 && line.find_first_not_of('=') == kNpos;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

struct Line {
  std::string_view text;  // without the line break
  size_t offset;
};

std::vector<Line> Lines(std::string_view t) {
  std::vector<Line> out;
  size_t pos = 0;
  while (pos < t.size()) {
    size_t nl = t.find('\n', pos);
    size_t end = nl == kNpos ? t.size() : nl;
    out.push_back({t.substr(pos, end - pos), pos});
    if (nl == kNpos) break;
    pos = nl + 1;
  }
  return out;
}

// The reports of a file: a section banner is a line of '=', a line "= NAME" and a line of '=';
// a section's content runs to the next line of '='. A section name seen again starts a new
// report (a script that ran the tool several times into one log).
std::vector<Report> SplitReports(std::string_view text) {
  std::vector<Report> reports;
  std::vector<Line> lines = Lines(text);
  Section* open = nullptr;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view l = lines[i].text;
    if (AllEquals(l)) {
      open = nullptr;
      if (i + 2 < lines.size() && lines[i + 1].text.starts_with("= ") &&
          AllEquals(lines[i + 2].text)) {
        std::string name(Trim(lines[i + 1].text.substr(2)));
        if (reports.empty() || reports.back().Find(name) != nullptr) {
          size_t before = reports.empty() ? 0 : reports.back().end;
          reports.emplace_back();
          reports.back().begin = lines[i].offset;
          reports.back().before = before;
        }
        Report& r = reports.back();
        r.sections.push_back({name, lines[i + 1].offset, {}});
        open = &r.sections.back();
        r.end = lines[i + 2].offset + lines[i + 2].text.size();
        i += 2;
      } else if (!reports.empty()) {
        reports.back().end = lines[i].offset + l.size();
      }
      continue;
    }
    if (open == nullptr) continue;
    Report& r = reports.back();
    r.end = lines[i].offset + l.size();
    open->lines.emplace_back(std::string(l), lines[i].offset);
    if (open->name == "DATASET DETAILS" || l.starts_with("--")) continue;
    size_t colon = l.find(':');
    if (colon == kNpos) continue;
    std::string_view label = Trim(l.substr(0, colon));
    std::string_view rest = l.substr(colon + 1);
    std::string_view value = Trim(rest);
    if (label.empty() || value.empty()) continue;
    // The offset of the value: past the separator's whitespace.
    size_t value_at = lines[i].offset + colon + 1 + rest.find_first_not_of(" \t");
    r.fields.emplace(std::string(label),
                     Field{std::string(value), value_at, lines[i].offset, open->name});
  }
  return reports;
}

// The input column of the DATASET DETAILS percentile table (newer reports print it: rows
// "MIN:", "MAX:", "AVG:" and percentiles, columns Input, Output, Seq. Length): the shortest and
// longest input of the dataset, when both rows read as numbers.
struct InputRange {
  double least = 0;
  double most = 0;
};
std::optional<InputRange> DatasetInputRange(const Report& r) {
  const Section* s = r.Find("DATASET DETAILS");
  if (s == nullptr) return std::nullopt;
  std::optional<double> least;
  std::optional<double> most;
  for (const auto& [line, offset] : s->lines) {
    std::string_view l = Trim(line);
    bool is_min = l.starts_with("MIN:");
    if (!is_min && !l.starts_with("MAX:")) continue;
    std::string_view rest = Trim(l.substr(4));
    auto v = ParseNumber(rest.substr(0, rest.find_first_of(" \t")));
    if (!v || *v < 0 || *v > 1e9) return std::nullopt;
    (is_min ? least : most) = *v;
  }
  if (!least || !most || *least > *most) return std::nullopt;
  return InputRange{*least, *most};
}

// TensorRT-LLM QuantAlgo names (tensorrt_llm/quantization/mode.py) to the weight format.
std::string WeightFormat(std::string_view quant, std::string_view dtype, std::string& how) {
  auto is = [&](std::initializer_list<std::string_view> names) {
    return std::find(names.begin(), names.end(), quant) != names.end();
  };
  if (quant == "None" || quant == "NO_QUANT") {
    std::string d;
    if (dtype == "bfloat16") d = "bf16";
    if (dtype == "float16") d = "fp16";
    if (dtype == "float32") d = "fp32";
    if (!d.empty()) {
      how = fmt::format(
          "Quantization {} and Dtype {}: unquantized weights are held in the model "
          "dtype",
          quant, dtype);
    }
    return d;
  }
  how = fmt::format("Quantization {}", quant);
  if (is({"FP8", "FP8_PER_CHANNEL_PER_TOKEN", "FP8_BLOCK_SCALES"})) return "fp8";
  if (is({"NVFP4", "W4A8_NVFP4_FP8"})) return "nvfp4";
  if (is({"W4A16_MXFP4", "W4A8_MXFP4_FP8", "W4A8_MXFP4_MXFP8"})) return "mxfp4";
  if (is({"W4A16", "W4A16_AWQ", "W4A16_GPTQ", "W4A8_AWQ"}) || quant.starts_with("W4A8_QSERVE")) {
    return "int4";
  }
  if (is({"W8A16", "W8A16_GPTQ"}) || quant.starts_with("W8A8_SQ")) return "int8";
  return "";
}

std::string KvFormat(std::string_view kv) {
  if (kv == "FP8") return "fp8";
  if (kv == "INT8") return "int8";
  if (kv == "NVFP4") return "nvfp4";
  return "";
}

// The date of the last logger timestamp ("[07/11/2025-10:46:06]", month/day/year as
// tensorrt_llm/logger.py writes it) before `end`, as YYYY-MM-DD.
std::string LogDate(std::string_view text, size_t end) {
  std::string_view head = text.substr(0, end);
  size_t at = head.rfind("] [TRT-LLM]");
  while (at != kNpos && at >= 20) {
    std::string_view s = head.substr(at - 20, 20);
    if (s[0] == '[' && s[3] == '/' && s[6] == '/' && s[11] == '-') {
      bool digits = true;
      for (size_t i : {1u, 2u, 4u, 5u, 7u, 8u, 9u, 10u})
        digits = digits && std::isdigit(static_cast<unsigned char>(s[i]));
      if (digits) {
        return fmt::format("{}-{}-{}", s.substr(7, 4), s.substr(1, 2), s.substr(4, 2));
      }
    }
    if (at == 0) break;
    at = head.rfind("] [TRT-LLM]", at - 1);
  }
  return "";
}

// The engine's attention window as the executor logs it before the report: one line per rank,
// "TRTGptModel mMaxAttentionWindowSize: (25000) * 80" (the windows of a cycle of layers, in
// parentheses, its repeats, and "+ (a, b)" for the layers left over) or, in older versions, one
// number; beside it "TRTGptModel maxSequenceLen: N". The report's "Max Sequence Length" states the
// latter too. `value` is unset when the log prints no window.
struct EngineWindow {
  std::optional<CondValue> value;
  std::string note;
};

// The windows of one logged value; nullopt when it does not read as the forms above.
std::optional<std::vector<int64_t>> WindowsOf(std::string_view v) {
  std::vector<int64_t> windows;
  int depth = 0;
  bool bare = v.find('(') == kNpos;  // the older form: one number
  size_t i = 0;
  while (i < v.size()) {
    char c = v[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = i;
      while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) ++i;
      auto n = ParseNumber(v.substr(b, i - b));
      auto w = n ? WholeNumberIn(*n, 1, 1e9) : std::nullopt;
      if (!w) return std::nullopt;
      if (depth == 1 || bare) windows.push_back(*w);  // outside parentheses: a repeat count
      continue;
    }
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth < 0 || depth > 1 || std::string_view(" \t,()*+").find(c) == kNpos)
      return std::nullopt;
    ++i;
  }
  if (depth != 0 || windows.empty() || (bare && windows.size() != 1)) return std::nullopt;
  return windows;
}

EngineWindow ReadEngineWindow(const SourceText& src, size_t from, size_t to,
                              const Field* report_max_seq) {
  EngineWindow out;
  std::string_view text = src.text().substr(from, to - from);
  constexpr std::string_view kWindow = "TRTGptModel mMaxAttentionWindowSize:";
  constexpr std::string_view kSeq = "TRTGptModel maxSequenceLen:";
  auto value_at = [&](size_t at, std::string_view label) {
    size_t eol = text.find('\n', at);
    return Trim(
        text.substr(at + label.size(), (eol == kNpos ? text.size() : eol) - at - label.size()));
  };
  // Every rank's window line: the windows of all, and the first line to cite.
  std::vector<int64_t> windows;
  std::string first_text;
  int first_line = 0;
  for (size_t at = text.find(kWindow); at != kNpos; at = text.find(kWindow, at + 1)) {
    std::string_view v = value_at(at, kWindow);
    int line = src.LineColumn(from + at).first;
    auto ws = WindowsOf(v);
    if (!ws) {
      out.value = CondValue::Absent(
          fmt::format("the engine's attention window line {} ('{}') does not read as the windows "
                      "TensorRT-LLM logs",
                      line, Excerpt(v)));
      return out;
    }
    windows.insert(windows.end(), ws->begin(), ws->end());
    if (first_line == 0) {
      first_line = line;
      first_text = Excerpt(v);
    }
  }
  if (windows.empty()) return out;
  auto [least, most] = std::minmax_element(windows.begin(), windows.end());
  std::string cite = fmt::format("line {}: 'mMaxAttentionWindowSize: {}'", first_line, first_text);
  // The longest sequence the engine admits, as the log and the report state it; the larger
  // when they differ, so that no stated length exceeds it.
  std::optional<int64_t> max_seq;
  std::string seq_cite;
  auto take = [&](std::string_view v, size_t at, std::string_view label) {
    auto n = ParseNumber(v);
    auto s = n ? WholeNumberIn(*n, 1, 1e9) : std::nullopt;
    if (!s || (max_seq && *s <= *max_seq)) return;
    max_seq = s;
    seq_cite = fmt::format("line {}: '{} {}'", src.LineColumn(at).first, label, v);
  };
  for (size_t at = text.find(kSeq); at != kNpos; at = text.find(kSeq, at + 1)) {
    take(value_at(at, kSeq), from + at, "maxSequenceLen");
  }
  if (report_max_seq != nullptr) {
    take(report_max_seq->value, report_max_seq->line, "Max Sequence Length");
  }
  if (max_seq && *least >= *max_seq) {
    out.value = CondValue::Bool(false);
    out.note = fmt::format(
        "attention_window false: the engine's attention window, {}{} tokens in every layer "
        "({}), is no shorter than the longest sequence it admits, {} tokens ({}), so it cut no "
        "sequence's context.",
        *least == *most ? "" : "at least ", *least, cite, *max_seq, seq_cite);
  } else if (*least == *most) {
    out.value = CondValue::Int(*least);
    out.note = fmt::format(
        "attention_window {}: the engine kept at most {} tokens of a sequence's context in each "
        "layer's KV cache ({}{}).",
        *least, *least, cite,
        max_seq
            ? fmt::format("; the longest sequence it admits is {} tokens, {}", *max_seq, seq_cite)
            : std::string());
  } else {
    out.value = CondValue::Absent(fmt::format(
        "the engine's attention windows differ by layer, {} to {} tokens ({}){}: one window "
        "cannot state them",
        *least, *most, cite,
        max_seq ? fmt::format(", some below the longest sequence it admits, {} tokens", *max_seq)
                : std::string()));
  }
  return out;
}

// What a figure of the report is, by label.
struct Figure {
  std::vector<std::string_view> labels;
  std::string metric;
  std::string statistic;
  std::string unit;  // "tok/s", "req/s", "ms"
  std::string what;  // the first sentence of its notes
};

const std::vector<Figure>& Figures() {
  static const auto* const kFigures = new std::vector<Figure>{
      {{"Token Throughput (tokens/sec)"},
       "aggregate-output",
       "mean",
       "tok/s",
       "Aggregate output tokens/s of the whole run: total output tokens (the first token "
       "included) / Total Latency, first request start to last response. The 0.16-era label "
       "'Token Throughput' counts output tokens only"},
      {{"Total Output Throughput (tokens/sec)"},
       "aggregate-output",
       "mean",
       "tok/s",
       "Aggregate output tokens/s of the whole run: total output tokens (the first token "
       "included) / Total Latency, first request start to last response"},
      {{"Total Token Throughput (tokens/sec)"},
       "aggregate-total",
       "mean",
       "tok/s",
       "Aggregate input + output tokens/s of the whole run: (total input + total output "
       "tokens) / Total Latency"},
      {{"Request Throughput (req/sec)"},
       "requests",
       "mean",
       "req/s",
       "Requests completed per second: requests / Total Latency"},
      {{"Per User Output Speed (tps/user)"},
       "per-user-decode",
       "mean",
       "tok/s",
       "Per-user generation speed, the mean over requests of (output tokens - 1) / (latency - "
       "TTFT): the time to the first token excluded (printed by streaming runs only)"},
      {{"Per User Output Throughput [w/ ctx] (tps/user)",
        "Per User Output Throughput (tokens/sec/user)"},
       "per-user-decode",
       "mean",
       "tok/s",
       "Per-user output tokens/s WITH the context phase: the mean over requests of each "
       "request's output tokens / its whole latency, so the prefill and queueing time is "
       "inside; it is below the decode speed"},
      {{"Average request latency (ms)"},
       "e2e-latency",
       "mean",
       "ms",
       "Mean end-to-end request latency, submission to last token"},
      {{"[Latency] P50"}, "e2e-latency", "p50", "ms", "Median end-to-end request latency"},
      {{"[Latency] P90"}, "e2e-latency", "p90", "ms", "p90 end-to-end request latency"},
      {{"[Latency] P99"}, "e2e-latency", "p99", "ms", "p99 end-to-end request latency"},
      {{"Average time-to-first-token [TTFT] (ms)", "Average time-to-first-token (ms)"},
       "ttft",
       "mean",
       "ms",
       "Mean time to first token over requests (streaming run)"},
      {{"[TTFT] P50"}, "ttft", "p50", "ms", "Median time to first token (streaming run)"},
      {{"[TTFT] P90"}, "ttft", "p90", "ms", "p90 time to first token (streaming run)"},
      {{"[TTFT] P99"}, "ttft", "p99", "ms", "p99 time to first token (streaming run)"},
      {{"Average time-per-output-token [TPOT] (ms)", "Average inter-token latency (ms)"},
       "tpot",
       "mean",
       "ms",
       "Mean over requests of (last token time - first token time) / (output tokens - 1) "
       "(streaming run)"},
      {{"[TPOT] P50"}, "tpot", "p50", "ms", "Median per-request TPOT (streaming run)"},
      {{"[TPOT] P90"}, "tpot", "p90", "ms", "p90 per-request TPOT (streaming run)"},
      {{"[TPOT] P99"}, "tpot", "p99", "ms", "p99 per-request TPOT (streaming run)"},
      {{"[GTPS] P50"},
       "per-user-decode",
       "p50",
       "tok/s",
       "Median per-request generation speed, TTFT excluded (streaming run)"},
      {{"[GTPS] P90"},
       "per-user-decode",
       "p90",
       "tok/s",
       "p90 per-request generation speed, TTFT excluded (streaming run)"},
      {{"[GTPS] P99"},
       "per-user-decode",
       "p99",
       "tok/s",
       "p99 per-request generation speed, TTFT excluded (streaming run)"},
  };
  return *kFigures;
}

// What the trtllm-bench command line printed above a pasted report says of the run (a
// report pasted alone, without the log's header sections, names no model or parallelism;
// the command that ran it often stands above it): the last `trtllm-bench` command in the
// text before the report, with its `\`-continued lines.
struct CommandLine {
  size_t at = kNpos;  // where the command starts
  std::string model;
  size_t model_at = kNpos;
  std::optional<int64_t> tp, pp, concurrency, max_batch_size;
  size_t tp_at = kNpos, concurrency_at = kNpos, max_batch_size_at = kNpos;
};

CommandLine ReadCommandLine(std::string_view text, size_t from, size_t to) {
  CommandLine c;
  std::string_view before = text.substr(from, to - from);
  size_t at = kNpos;
  for (size_t p = before.rfind("trtllm-bench"); p != kNpos;
       p = p == 0 ? kNpos : before.rfind("trtllm-bench", p - 1)) {
    // A command word: at a line's start, or after a prompt or a space; not a path or a name.
    char prev = p == 0 ? '\n' : before[p - 1];
    size_t after = p + std::string_view("trtllm-bench").size();
    char next = after < before.size() ? before[after] : '\n';
    if ((prev == '\n' || prev == ' ' || prev == '\t' || prev == '$' || prev == '`') &&
        (next == ' ' || next == '\t' || next == '\\')) {
      at = p;
      break;
    }
  }
  if (at == kNpos) return c;
  c.at = from + at;
  // The command's words and where each stands, over its continued lines.
  std::vector<std::pair<std::string_view, size_t>> words;
  size_t p = at;
  while (p < before.size()) {
    size_t eol = before.find('\n', p);
    std::string_view line = before.substr(p, eol == kNpos ? kNpos : eol - p);
    if (line.ends_with('\r')) line.remove_suffix(1);
    std::string_view body = Trim(line);
    bool continued = body.ends_with('\\');
    size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      size_t b = i;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
      if (i > b && line.substr(b, i - b) != "\\")
        words.emplace_back(line.substr(b, i - b), from + p + b);
    }
    if (!continued || eol == kNpos) break;
    p = eol + 1;
  }
  auto count = [](std::string_view w) -> std::optional<int64_t> {
    auto v = ParseNumber(w);
    return v ? WholeNumberIn(*v, 1, 1e5) : std::nullopt;
  };
  for (size_t i = 0; i < words.size(); ++i) {
    std::string_view w = words[i].first;
    std::string_view value;
    size_t value_at = kNpos;
    size_t eq = w.find('=');
    std::string_view flag = w.substr(0, eq);
    if (eq != kNpos) {
      value = w.substr(eq + 1);
      value_at = words[i].second + eq + 1;
    } else if (i + 1 < words.size()) {
      value = words[i + 1].first;
      value_at = words[i + 1].second;
    }
    if (value.empty() || value.starts_with('-')) continue;
    if (flag == "--model" || flag == "-m") {
      c.model = std::string(value);
      c.model_at = value_at;
    } else if (flag == "--tp") {
      c.tp = count(value);
      c.tp_at = value_at;
    } else if (flag == "--pp") {
      c.pp = count(value);
    } else if (flag == "--concurrency") {
      c.concurrency = count(value);
      c.concurrency_at = value_at;
    } else if (flag == "--max_batch_size") {
      c.max_batch_size = count(value);
      c.max_batch_size_at = value_at;
    }
  }
  return c;
}

class ReportImporter {
 public:
  ReportImporter(const SourceText& src, const Report& report, int index, const Context& ctx,
                 Sink& sink)
      : src_(src), r_(report), index_(index), ctx_(ctx), sink_(sink) {}

  // What the report states (nullopt when it has an error), and the date its log line gives.
  std::optional<StatedRun> Run(const std::string& source_id, std::string& date);

 private:
  void Error(size_t at, DiagnosticCode code, std::string message, std::string hint) {
    sink_.Add(src_.At(at, Severity::kError, std::move(code), std::move(message), std::move(hint)));
    failed_ = true;
  }
  // A number field; nullopt (and an error) when its text is not a number.
  std::optional<double> Number(const Field* f, std::string_view label) {
    if (f == nullptr) return std::nullopt;
    auto v = ParseNumber(f->value);
    if (!v) {
      Error(f->offset, "not-a-number", fmt::format("{}: '{}' is not a number", label, f->value),
            "trtllm-bench prints this figure as a number");
    }
    return v;
  }
  // A positive integer field (TP Size, Max Runtime Batch Size); "None" is nullopt, silently.
  std::optional<int64_t> Count(const Field* f, std::string_view label) {
    if (f == nullptr || f->value == "None") return std::nullopt;
    auto v = Number(f, label);
    if (!v) return std::nullopt;
    std::optional<int64_t> n = WholeNumberIn(*v, 1, 1e5);
    if (!n) {
      Error(f->offset, "out-of-range", fmt::format("{}: {} is not a count >= 1", label, f->value),
            "trtllm-bench prints sizes and caps as whole numbers");
    }
    return n;
  }

  // Where a key stands: a place the reader named (spots_), a field's value, else the report.
  size_t Where(std::string_view key) const {
    if (auto it = spots_.find(key); it != spots_.end()) return it->second;
    auto it = r_.fields.find(key);
    return it != r_.fields.end() ? it->second.offset : r_.begin;
  }

  const SourceText& src_;
  const Report& r_;
  std::map<std::string, size_t, std::less<>> spots_;
  int index_;
  const Context& ctx_;
  Sink& sink_;
  bool failed_ = false;
};

std::optional<StatedRun> ReportImporter::Run(const std::string& source_id, std::string& date) {
  StatedRun run;
  std::vector<std::string>& notes = run.notes;
  run.id_prefix = "trtllm-bench";
  run.source_id = source_id;
  // Identity: the report's text.
  run.hash = Fnv1a(src_.text().substr(r_.begin, r_.end - r_.begin));
  run.at = [this](std::string_view key, Severity severity, DiagnosticCode code, std::string message,
                  std::string hint) {
    return src_.At(Where(key), severity, std::move(code), std::move(message), std::move(hint));
  };
  const Section* perf = r_.Find("PERFORMANCE OVERVIEW");
  std::string what =
      index_ > 0 ? fmt::format("report {} (line {})", index_ + 1, src_.LineColumn(r_.begin).first)
                 : fmt::format("the report (line {})", src_.LineColumn(r_.begin).first);
  if (perf == nullptr) {
    const Section& last = r_.sections.back();
    Error(last.offset, "truncated",
          fmt::format("{} has no PERFORMANCE OVERVIEW section: it stops after {}", what, last.name),
          "the run stopped or the log was cut while the report was printed; re-run it");
    return std::nullopt;
  }
  const Field* out_tput =
      r_.Get({"Total Output Throughput (tokens/sec)", "Token Throughput (tokens/sec)"});
  if (out_tput == nullptr) {
    Error(perf->offset, "missing-field",
          fmt::format("{}: PERFORMANCE OVERVIEW has no 'Total Output Throughput (tokens/sec)' "
                      "(or 0.16's 'Token Throughput (tokens/sec)')",
                      what),
          "the log may be cut inside the report; re-run it");
    return std::nullopt;
  }

  // Model.
  const Field* model_field = r_.Get({"Model"});
  run.no_model = src_.At(r_.begin, Severity::kError, "missing-field",
                         fmt::format("{} names no model: its header section (ENGINE DETAILS or "
                                     "the backend section) is not in the file, and no "
                                     "trtllm-bench command line above it names one",
                                     what),
                         "pass --model with the corpus id of the model the run used");
  std::string model_text = model_field ? model_field->value : ctx_.options().model;
  if (model_field != nullptr) {
    run.model_names = {model_text, std::string(BaseName(model_text))};
    run.model_display = model_text;
    run.model_key = "Model";
  }
  // A report pasted without its header: the command line above it, when it stands there.
  CommandLine cmd;
  if (r_.Find("ENGINE DETAILS") == nullptr && model_field == nullptr) {
    cmd = ReadCommandLine(src_.text(), r_.before, r_.begin);
  }
  int cmd_line = cmd.at == kNpos ? 0 : src_.LineColumn(cmd.at).first;
  if (model_field == nullptr && !cmd.model.empty()) {
    model_text = cmd.model;
    run.model_names = {model_text, std::string(BaseName(model_text))};
    run.model_display = model_text;
    spots_["command-model"] = cmd.model_at;
    run.model_key = "command-model";
    notes.push_back(fmt::format(
        "Model '{}' is read from the trtllm-bench command line above the report (line {}).",
        model_text, cmd_line));
  }

  // Backend and version.
  std::string backend = "not stated (the header section is not in the file)";
  for (const Section& s : r_.sections) {
    if (s.name == "ENGINE DETAILS") backend = "TensorRT engine (ENGINE DETAILS)";
    std::string upper;
    for (char c : s.name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (upper.ends_with(" BACKEND")) backend = s.name;
  }
  notes.push_back(fmt::format("Backend: {}.", backend));
  if (const Field* v = r_.Get({"TensorRT-LLM Version", "TensorRT LLM Version"})) {
    spots_["version"] = v->offset;
    run.engine_version = {v->value, "the report's version", "version"};
  }
  run.engine_version_absent =
      "the report's header section (with the TensorRT-LLM version) is not in the file";

  // Weight format and KV cache.
  const Field* quant = r_.Get({"Quantization"});
  const Field* dtype = r_.Get({"Dtype"});
  if (quant != nullptr) {
    std::string how;
    run.precision.value = WeightFormat(quant->value, dtype ? dtype->value : "", how);
    run.precision.how = how;
    run.precision.key = "Quantization";
    if (run.precision.value.empty()) {
      notes.push_back(fmt::format("Quantization '{}'{} is not read as a weight format.",
                                  quant->value,
                                  dtype ? fmt::format(" (Dtype {})", dtype->value) : ""));
    }
  }
  run.precision_absent = quant != nullptr
                             ? fmt::format(
                                   "the report's Quantization '{}' is not a weight format "
                                   "rooflint reads (pass --precision if you know it)",
                                   quant->value)
                             : "the report states no Quantization (its header section is not in "
                               "the file; pass --precision if you know it)";
  if (const Field* kv = r_.Get({"KV Cache Dtype"})) {
    run.kv_precision = KvFormat(kv->value);
    notes.push_back(
        run.kv_precision.empty()
            ? fmt::format("KV Cache Dtype '{}': the KV cache is not quantized and "
                          "its element format is not printed; kv_precision is left "
                          "unstated (the KV bounds take the smallest element).",
                          kv->value)
            : fmt::format("kv_precision {}: KV Cache Dtype {}.", run.kv_precision, kv->value));
  }

  // Parallelism: the figures are summed over TP x PP GPUs.
  auto tp = Count(r_.Get({"TP Size"}), "TP Size");
  auto pp = Count(r_.Get({"PP Size"}), "PP Size");
  const Field* ep = r_.Get({"EP Size"});
  if (failed_) return std::nullopt;
  run.count_absent = "the report states no TP Size and PP Size";
  // Without the report's sizes, the command line's --tp and --pp (trtllm-bench's default
  // --pp is 1).
  bool sizes_from_command = false;
  if (!tp && !pp && cmd.tp) {
    tp = cmd.tp;
    pp = cmd.pp.value_or(1);
    sizes_from_command = true;
    spots_["TP Size"] = cmd.tp_at;
  }
  if (tp && pp && *tp * *pp > 100000) {
    Error(Where("TP Size"), "out-of-range",
          fmt::format("TP Size {} x PP Size {} is not a GPU count a run has", *tp, *pp),
          "trtllm-bench prints the parallel sizes of the run");
    return std::nullopt;
  }
  if (tp && pp) {
    int64_t count = *tp * *pp;
    run.count = count;
    run.count_key = "TP Size";
    run.count_how = sizes_from_command
                        ? fmt::format(
                              "--tp {} x --pp {} of the trtllm-bench command line above the report "
                              "(line {}){}",
                              *tp, *pp, cmd_line,
                              cmd.pp ? "" : "; --pp is not given, and trtllm-bench's default is 1")
                        : fmt::format("TP Size {} x PP Size {}", *tp, *pp);
    notes.push_back(fmt::format(
        "The aggregate figures are summed over TP Size x PP Size GPUs{}.",
        ep ? fmt::format(" (EP Size {}: expert parallelism splits the TP ranks, it adds no GPU)",
                         ep->value)
           : ""));
    // Newer reports print the per-GPU output rate: total / world size.
    const Field* per_gpu = r_.Get(
        {"Per GPU Output Throughput (tps/gpu)", "Per GPU Output Throughput (tokens/sec/gpu)"});
    auto total = ParseNumber(out_tput->value);
    auto share = per_gpu ? ParseNumber(per_gpu->value) : std::nullopt;
    if (total && share && *share > 0) {
      double world = *total / *share;
      if (std::fabs(world - static_cast<double>(count)) > 0.01 * static_cast<double>(count)) {
        sink_.Add(src_.At(per_gpu->offset, Severity::kWarning, "gpu-count-disagrees",
                          fmt::format("{} / {} = {:.2f} GPUs, but TP Size x PP Size = {}; the "
                                      "accelerator count is written absent",
                                      out_tput->value, per_gpu->value, world, count),
                          "the per-GPU figure divides by the world size; pass --count if you "
                          "know it"));
        run.count_absent = fmt::format(
            "the report disagrees with itself: TP x PP = {} but total / per-GPU output = {:.2f}",
            count, world);
        run.count = 0;
      } else {
        notes.push_back(fmt::format("Per GPU Output Throughput {} = {} / {} GPUs (checked).",
                                    per_gpu->value, out_tput->value, count));
      }
    }
  }

  // Hardware: only newer reports print the GPU (MACHINE DETAILS).
  std::string gpu;
  std::string unstated =
      "this trtllm-bench report prints no GPU name (newer versions print a "
      "MACHINE DETAILS section)";
  size_t gpu_at = r_.begin;
  const Section* machine = r_.Find("MACHINE DETAILS");
  if (machine != nullptr) {
    for (const auto& [l, at] : machine->lines) {
      std::string_view t = Trim(l);
      if (t.empty()) continue;
      if (t.starts_with("No GPU info")) {
        unstated = fmt::format("the report's MACHINE DETAILS says '{}'", t);
      } else {
        size_t mem = t.find(", memory ");
        gpu = std::string(t.substr(0, mem));
        gpu_at = at;
      }
      break;
    }
  }
  spots_["gpu"] = gpu_at;
  run.hardware = {gpu, "MACHINE DETAILS", "gpu"};
  run.hardware_unstated = unstated;

  // Load: the engine's cap on sequences per step, and the mean in flight.
  auto cap = Count(r_.Get({"Max Runtime Batch Size"}), "Max Runtime Batch Size");
  bool cap_from_command = false;
  if (!cap && cmd.max_batch_size) {
    cap = cmd.max_batch_size;
    cap_from_command = true;
    spots_["Max Runtime Batch Size"] = cmd.max_batch_size_at;
  }
  auto max_tokens = Count(r_.Get({"Max Runtime Tokens"}), "Max Runtime Tokens");
  const Field* in_flight = r_.Get({"Number of concurrent requests"});
  const Field* issue = r_.Get({"Issue Rate (req/sec)"});
  if (failed_) return std::nullopt;
  std::string load;
  if (in_flight)
    load += fmt::format("a mean of {} requests in flight (a mean, neither a cap nor a peak)",
                        in_flight->value);
  if (issue) {
    load += fmt::format("{}Issue Rate {} req/s", load.empty() ? "" : ", ", issue->value);
    auto rate = ParseNumber(issue->value);
    if (rate && *rate >= 1e9) load += " (every request issued at once)";
  }
  // The cap bounds the sequences of a step; it is neither the batch that ran nor a client
  // concurrency, so only a cap of 1, which fixes the batch, is written (as the batch).
  std::pair<std::string, CondValue> load_cond;
  if (cap && *cap == 1) {
    load_cond = {"batch", CondValue::Int(1)};
    run.load_key = "batch";
    notes.push_back(cap_from_command
                        ? fmt::format("batch 1: --max_batch_size 1 on the trtllm-bench command "
                                      "line above the report (line {}) lets the engine run one "
                                      "sequence per step.",
                                      cmd_line)
                        : "batch 1: Max Runtime Batch Size 1 lets the engine run one sequence "
                          "per step (trtllm-bench latency sets it so).");
  } else if (cmd.concurrency) {
    load_cond = {"concurrency", CondValue::Int(*cmd.concurrency)};
    spots_["concurrency"] = cmd.concurrency_at;
    notes.push_back(fmt::format(
        "concurrency {}: the --concurrency of the trtllm-bench command line above the report "
        "(line {}), the client's cap on requests in flight.",
        *cmd.concurrency, cmd_line));
  } else {
    std::string why = cap ? fmt::format(
                                "the report states no client concurrency; Max Runtime "
                                "Batch Size {} is the engine's cap on sequences per "
                                "step (a limit, not the batch that ran)",
                                *cap)
                          : std::string(
                                "the report states no client concurrency and no Max "
                                "Runtime Batch Size");
    if (!load.empty()) why += fmt::format("; {}", load);
    load_cond = {"concurrency", CondValue::Absent(why)};
  }
  if (max_tokens) notes.push_back(fmt::format("Max Runtime Tokens {} (a cap).", *max_tokens));

  // Lengths: measured means (total tokens / requests).
  const Field* n_req = r_.Get({"Number of requests"});
  auto isl = Number(r_.Get({"Average Input Length (tokens)"}), "Average Input Length (tokens)");
  auto osl = Number(r_.Get({"Average Output Length (tokens)"}), "Average Output Length (tokens)");
  if (failed_) return std::nullopt;
  auto length = [&](std::optional<double> mean, const char* name) -> CondValue {
    if (!mean)
      return CondValue::Absent(fmt::format("the report states no average {} length", name));
    if (*mean < 0 || *mean > 1e9) {
      return CondValue::Absent(fmt::format("the report's average {} length {} is out of range",
                                           name, NumberText(*mean)));
    }
    int64_t v = static_cast<int64_t>(std::floor(*mean));
    if (*mean != std::floor(*mean)) {
      notes.push_back(
          fmt::format("{} tokens: the measured mean is {} per request, rounded "
                      "down (the generous side for the roofs).",
                      name, NumberText(*mean)));
    }
    if (v < 1 && std::string_view(name) == "output") {
      return CondValue::Absent("fewer than one output token per request");
    }
    return CondValue::Int(v);
  };
  CondValue in_cond = length(isl, "input");
  CondValue out_cond = length(osl, "output");

  // Run facts for notes.
  std::vector<std::string> facts;
  if (n_req) facts.push_back(fmt::format("{} requests", n_req->value));
  if (const Field* f = r_.Get({"Total Latency (ms)"})) {
    facts.push_back(fmt::format("Total Latency {} ms", f->value));
  }
  if (const Field* f = r_.Get({"Scheduling Policy"})) {
    facts.push_back(fmt::format("Scheduling Policy {}", f->value));
  }
  if (const Field* f = r_.Get({"KV Memory Percentage"})) {
    facts.push_back(fmt::format("KV Memory Percentage {}", f->value));
  }
  if (const Field* f = r_.Get({"Max Sequence Length"})) {
    facts.push_back(fmt::format("Max Sequence Length {}", f->value));
  }
  if (!facts.empty()) notes.push_back(fmt::format("Run: {}.", fmt::join(facts, ", ")));

  // Which subcommand: the logger line before the report, when the log holds it.
  std::string_view head = src_.text().substr(0, r_.begin);
  std::string command = "trtllm-bench";
  size_t t = head.rfind("Preparing to run throughput benchmark");
  size_t l = head.rfind("Preparing to run latency benchmark");
  if (t != kNpos && (l == kNpos || t > l)) command = "trtllm-bench throughput";
  if (l != kNpos && (t == kNpos || l > t)) command = "trtllm-bench latency";
  date = LogDate(src_.text(), r_.begin);

  // Speculative decoding: newer reports print a DECODING STATISTICS (MODE) section.
  CondValue speculative = CondValue::Absent(
      "the report prints no speculative-decoding section; versions before its DECODING "
      "STATISTICS section print none either, so this is not a 'false'");
  for (const Section& s : r_.sections) {
    if (s.name.starts_with("DECODING STATISTICS")) {
      size_t open = s.name.find('(');
      size_t close = s.name.rfind(')');
      std::string mode = open != kNpos && close != kNpos && close > open
                             ? s.name.substr(open + 1, close - open - 1)
                             : "";
      if (Trim(mode).empty()) mode = "not printed";
      speculative = CondValue::Table({{"method", mode}});
      notes.push_back(fmt::format("Speculative decoding ran: {}.", s.name));
    }
  }

  // The engine's attention window, where the log before the report states it.
  EngineWindow window =
      ReadEngineWindow(src_, r_.before, r_.begin, r_.Get({"Max Sequence Length"}));
  if (!window.note.empty()) notes.push_back(window.note);

  run.load = load_cond.second;
  run.input_tokens = in_cond;
  // "Average Input Length" is a mean: a length every request had only where the dataset table
  // shows the shortest input equal to the longest.
  if (in_cond.kind == CondValue::Kind::kInt) {
    std::optional<InputRange> range = DatasetInputRange(r_);
    if (range && range->least == range->most) {
      notes.push_back(fmt::format(
          "input_tokens: every request had {} input tokens (DATASET DETAILS: MIN = MAX).",
          NumberText(range->least)));
    } else {
      run.input_tokens_is_mean = true;
      if (range) {
        run.input_tokens_least = static_cast<int64_t>(std::floor(range->least));
        notes.push_back(fmt::format(
            "input_tokens_mean: the dataset's inputs ran from {} to {} tokens (DATASET DETAILS), "
            "so the Average Input Length is a mean and input_tokens their minimum.",
            NumberText(range->least), NumberText(range->most)));
      } else {
        run.input_tokens_mean_why =
            r_.Find("DATASET DETAILS") == nullptr
                ? "the report prints only the Average Input Length (no DATASET DETAILS table "
                  "with the shortest input), so no length is known that every request had"
                : "the DATASET DETAILS table's MIN and MAX inputs do not read as numbers, so "
                  "no length is known that every request had";
      }
    }
  }
  run.output_tokens = out_cond;
  std::vector<std::pair<std::string, CondValue>>& conditions = run.conditions;
  conditions.emplace_back("engine", CondValue::Str("TensorRT-LLM"));
  conditions.emplace_back("warmup",
                          CondValue::Absent("trtllm-bench does not print its --warmup setting "
                                            "in the report"));
  conditions.emplace_back(
      "scenario", CondValue::Absent(fmt::format(
                      "a {} run (in-process, no server), not an MLPerf scenario{}", command,
                      issue ? fmt::format("; Issue Rate {} req/s", issue->value) : std::string())));
  conditions.emplace_back("speculative", speculative);
  if (window.value) conditions.emplace_back("attention_window", *window.value);

  std::string shape =
      tp && pp ? fmt::format("TP{} x PP{}", *tp, *pp) : std::string("parallelism not stated");
  bool has_speed = r_.Get({"Per User Output Speed (tps/user)"}) != nullptr;
  if (has_speed) {
    if (const Field* f = r_.Get({"Per User Output Throughput [w/ ctx] (tps/user)",
                                 "Per User Output Throughput (tokens/sec/user)"})) {
      notes.push_back(fmt::format(
          "Per User Output Throughput {} tok/s is not imported: it includes the time to the "
          "first token; Per User Output Speed is the decode figure.",
          f->value));
    }
  }
  // The per-user figures stand in the run's set. With a stated batch (a cap of 1) the
  // sibling-set check would test aggregate = per-user x B, which these figures do not satisfy
  // by definition: the aggregate counts the time to the first token, Per User Output Speed
  // leaves it out, and the [GTPS] lines are percentiles, not means. They then stand in a set
  // of their own (`<set>-per-user`).
  bool batch_stated = load_cond.first == "batch";
  for (const Figure& fig : Figures()) {
    const Field* f = nullptr;
    std::string_view label;
    for (std::string_view lab : fig.labels) {
      auto it = r_.fields.find(lab);
      if (it != r_.fields.end()) {
        f = &it->second;
        label = lab;
        break;
      }
    }
    if (f == nullptr) continue;
    // With the generation-only speed printed, the [w/ ctx] figure stays in the notes.
    if (has_speed && label.starts_with("Per User Output Throughput")) continue;
    auto v = Number(f, label);
    if (!v) continue;
    Dimension dim = fig.unit == "ms"      ? Dimension::kTime
                    : fig.unit == "req/s" ? Dimension::kRequestRate
                                          : Dimension::kTokenRate;
    StatedFigure figure;
    figure.metric = fig.metric;
    figure.statistic = fig.statistic;
    figure.value = *v;
    figure.text = f->value;
    figure.unit = fig.unit;
    figure.dimension = dim;
    figure.key = std::string(label);
    figure.what = std::string(label);
    figure.offset = r_.begin;
    // The file's name is in the source record: a renamed copy gives the same record.
    figure.locator =
        fmt::format("line {}: '{}' ({})", src_.LineColumn(f->line).first, label, f->section);
    if (fig.metric == "per-user-decode" && batch_stated) figure.set_suffix = "-per-user";
    figure.title = fmt::format("{} {}, {}, {}", command, label, model_text, shape);
    figure.lead = fig.what + ".";
    run.figures.push_back(std::move(figure));
  }
  if (failed_) return std::nullopt;
  return run;
}

}  // namespace

bool LooksLikeTrtllmBench(std::string_view text) {
  if (text.find("= PERFORMANCE OVERVIEW") != kNpos &&
      (text.find("Throughput (tokens/sec):") != kNpos ||
       text.find("= WORLD + RUNTIME INFORMATION") != kNpos)) {
    return true;
  }
  // A run that printed no report (it failed or was cut): the benchmark's own log lines.
  std::string_view head = text.substr(0, 1 << 16);
  return head.find("[TRT-LLM] [I] Preparing to run throughput benchmark") != kNpos ||
         head.find("[TRT-LLM] [I] Preparing to run latency benchmark") != kNpos ||
         text.find("= WORLD + RUNTIME INFORMATION") != kNpos;
}

void ImportTrtllmBench(const ImportFile& file, const Context& ctx, ImportResult& out) {
  FileImport fi(file, out);
  const SourceText& src = fi.src();
  Sink& sink = fi.sink();
  if (fi.RefuseInvalidUtf8("trtllm-bench prints UTF-8 text; is this the console log?")) return;
  std::vector<Report> reports = SplitReports(file.text);
  if (reports.empty()) {
    // Point at the last line the run printed.
    std::string_view t = file.text;
    size_t end = t.find_last_not_of(" \t\r\n");
    size_t at = end == kNpos ? kNpos : t.rfind('\n', end);
    at = end == kNpos ? kNpos : (at == kNpos ? 0 : at + 1);
    sink.Add(src.At(at, Severity::kError, "no-runs",
                    "no trtllm-bench report: the log ends here without the '= PERFORMANCE "
                    "OVERVIEW' section (the run failed or was stopped before it reported)",
                    "import the log of a run that finished; its report is the "
                    "=====-framed block printed at the end"));
    return;
  }
  std::string source_id = SourceIdOf(ctx, "trtllm-bench-run", fi.file_hash());
  std::string date;
  for (size_t i = 0; i < reports.size(); ++i) {
    ReportImporter importer(src, reports[i], static_cast<int>(reports.size() > 1 ? i : 0), ctx,
                            sink);
    std::string report_date;
    auto stated = importer.Run(source_id, report_date);
    if (!stated) continue;
    AddRun(std::move(*stated), ctx, fi, reports[i].begin);
    if (date.empty()) date = report_date;
  }
  std::optional<SourceDraft> source;
  if (ctx.options().source.empty()) {
    source = LocalRunSource(
        source_id, fmt::format("trtllm-bench report, {}", BaseName(file.path)),
        "a TensorRT-LLM trtllm-bench run",
        "https://github.com/NVIDIA/TensorRT-LLM/blob/main/tensorrt_llm/bench/dataclasses/"
        "reporting.py",
        date,
        fmt::format(
            "Imported by rooflint from '{}' ({} bytes, content hash {}, {} report(s)). The url is "
            "the tool that wrote the file, not the file: a local run has no address.{}",
            BaseName(file.path), file.text.size(), fi.file_hash(), reports.size(),
            date.empty() ? " The date is the import date: the file states none."
                         : " The date is the logger's timestamp before the report."));
  }
  fi.Emit(source);
}

}  // namespace rooflint::import
