// Checking figures without writing a record: one claim as a person states it ("250 tok/s per
// user, Llama-3.1-70B, fp8, 1x H200"), or every figure of a benchmark tool's output file. Each
// figure is audited with every instrument that applies, against the corpus given, and comes
// back as a verdict with its binding bound and one line of arithmetic, every bound, its
// findings, and the facts it lacks with what each would add. The same physics and the same
// rule as a sweep: no error rests on an assumption. An unknown count or weight format still
// gives bounds (SweepOptions::bound_unknowns), each assumption named.
#ifndef ROOFLINT_CHECK_H_
#define ROOFLINT_CHECK_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/import.h"

namespace rooflint {

// One figure as a person states it. Names are read as names.h reads them; "" and unset are
// "not given", written absent in the record the claim becomes, never filled in.
struct Claim {
  std::string model;      // a model id, name, alias or Hugging Face id
  std::string hardware;   // an accelerator id or hardware text ("1x H200", "8x MI300X")
  std::string value;      // "250 tok/s", "250 tok/s per user", "35 ms TTFT"
  std::string metric;     // a metric name; "" to infer it from the value's unit and words
  std::string precision;  // the weight format, any name ReadPrecisionName reads
  std::optional<int64_t> count;
  std::optional<int64_t> batch;
  std::optional<int64_t> concurrency;
  std::optional<int64_t> input_tokens;
  // The mean prompt length of a run whose lengths varied: no length every request had.
  std::optional<int64_t> input_tokens_mean;
  std::optional<int64_t> output_tokens;
  std::optional<int64_t> replicas;            // data-parallel replicas the count is split into
  std::optional<int64_t> samples_per_prompt;  // completions per prompt (n, best-of, beams)
  std::string engine;
  std::string engine_version;
  std::string speculative;  // "false", or the draft length k; "" not given
  // The mean tokens accepted per verification step of speculative decoding (1 to k + 1, the
  // bonus token included), as the engine reported it; "" not given.
  std::string acceptance_length;
  std::string offload;       // "true" or "false"; "" not given
  std::string prefix_cache;  // "false", "true", or a hit rate in [0, 1]; "" not given
  std::string kv_precision;  // the KV-cache element format; "" not given
  // "false" (the engine kept every token of a sequence's context) or the tokens it kept; ""
  // not given.
  std::string attention_window;
};

// A bound on a figure, as a check reports it.
struct CheckBound {
  std::string instrument;  // memory-roof, tpot-floor, ...
  std::string verdict;     // within, exceeds, not-computable
  double bound = 0;        // in `unit`, when computed
  std::string unit;
  double percent = 0;  // of the roof (value / bound), or of the floor (bound / value), x 100
  std::string arithmetic;
  std::string assumption;  // the unstated fact the bound takes, "" when none
  std::string reason;      // why it is not computable, or how its terms were found
};

// A fact the figure does not state, and what stating it would add.
struct MissingFact {
  std::string flag;                  // "--count N"
  std::string what;                  // "the accelerator count"
  std::vector<std::string> unlocks;  // "kv-roof" (computed), "memory-roof (no assumption)"
  std::string note;                  // a word on what it changes, when the list says too little
};

// One figure and its verdict.
struct CheckedFigure {
  std::string id;    // the record's id ("claim", or the imported benchmark's)
  std::string from;  // the input file, "" for a claim
  std::string metric;
  std::string statistic;  // mean, median, p99, ... ("" when not stated)
  std::string set;        // the run the figure belongs to (a sibling-set id), "" when none
  std::string value;      // as stated ("250 tok/s")
  std::string model;      // the model id
  std::string hardware;
  std::vector<std::string> accelerators;  // the candidate parts
  std::string precision;                  // as stated, "" when not
  // within, near-roof, exceeds, exceeds-assuming, not-computable (the same words for floors).
  std::string verdict;
  std::optional<CheckBound> binding;  // the bound the verdict rests on
  std::vector<CheckBound> bounds;     // every roof and floor
  // Do the weights (and the KV cache of the stated batch and input) fit? fits,
  // does-not-fit, does-not-fit-assuming, or not-computable; with its arithmetic.
  std::optional<CheckBound> capacity;
  std::vector<Finding> findings;
  std::vector<MissingFact> missing;
  std::vector<std::string> notes;  // how names were read, what was inferred
};

struct CheckReport {
  std::vector<CheckedFigure> figures;
  std::vector<Diagnostic> diagnostics;  // about the claim or the files
  std::vector<ImportedRecord> records;  // the records imported from files, for --write
  bool HasErrors() const;
  // True when a figure has an error-level finding.
  bool HasErrorFindings() const;
};

struct CheckOptions {
  double near_roof_percent = 95.0;
  bool probe_missing = true;  // work out what each missing fact would add
  // CheckFiles: conditions the user states for every figure of the files, as a claim's flags
  // state them (batch or concurrency, the lengths, engine, speculation, prefix cache, offload,
  // replicas, samples per prompt, KV precision). A figure whose file does not state one takes
  // it, with a note; a file that states another value keeps its own, with a warning. The
  // claim's model, hardware, value, metric, precision, count and engine version are not read
  // here: ImportOptions carries those.
  Claim stated;
};

// Audits one claim against `corpus`. A claim that cannot be read (an unknown model, a value
// without a unit, a time without its metric) is a diagnostic saying which flag, with a
// suggestion where a known name is near.
CheckReport CheckClaim(const Claim& claim, const Corpus& corpus, const CheckOptions& options = {});

// Imports `files` as `format` ("auto" detects each) and audits every benchmark they give.
CheckReport CheckFiles(std::string_view format, std::span<const ImportFile> files,
                       const ImportOptions& import_options, const Corpus& corpus,
                       const CheckOptions& options = {});

// The report as JSON, indented, ending in a newline: {"tool", "version", "figures": [{"id",
// "from", "metric", "statistic", "set" (from, statistic and set: a file's, when stated), "value",
// "model", "hardware", "accelerators", "precision", "verdict", "binding", "bounds", "capacity",
// "findings", "missing", "notes"}], "diagnostics": [...]}. What `rooflint check --format json`
// prints; every front end returns these bytes.
std::string CheckJson(const CheckReport& report);

// Reads a metric from a value's words and unit ("250 tok/s per user", "35 ms TTFT"): the
// value as a record writes it, and every metric it may be (two when a token rate does not say
// per user or aggregate). `problem` says why none can be read.
struct MetricReading {
  std::string value;  // "250 tok/s"
  std::vector<Metric> metrics;
  std::string how;  // "'per user': per-user-decode"
  std::string problem;
};
MetricReading ReadValueAndMetric(std::string_view value, std::string_view metric);

}  // namespace rooflint

#endif  // ROOFLINT_CHECK_H_
