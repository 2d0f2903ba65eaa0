// The one path from what a file states to records. A format's reader fills in a StatedRun for
// each run of a file: the facts the file states (model names, weight format, hardware text,
// accelerator count and replicas, engine version, load, figures), each with where the file
// states it, and the sentences and conditions only that format knows. AddRun weighs each fact
// against the user's flags in one way for every format:
//
//   fact        the file states it                      the file does not
//   model       its names, resolved as names.h reads   --model, else an error the reader words
//               them; else a draft model record
//   precision   kept; a different --precision warns     --precision (user-stated), else absent
//   hardware    kept; --hardware/--accelerator warn     --hardware or --accelerator, else absent
//   count       kept; a different --count warns         --count, else the "N x" of --hardware
//   version     kept; a different --engine-version      --engine-version, else absent
//               warns (one the file's contains agrees)
//
// and it adds the notes every format shares (model, weight format, parts, count, replicas,
// offered load), builds one benchmark draft per figure and hands them to the FileImport.
#ifndef ROOFLINT_IMPORT_DRIVER_H_
#define ROOFLINT_IMPORT_DRIVER_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "import/common.h"

namespace rooflint::import {

// One figure a run states.
struct StatedFigure {
  std::string metric;     // a rooflint metric: "aggregate-output", "ttft", ...
  std::string statistic;  // "mean", "p99", ... ("" for none)
  double value = 0;
  std::string text;  // the number as the file writes it ("220.0530"), kept when given
  std::string unit;  // "tok/s", "ms", "s", "req/s"
  Dimension dimension = Dimension::kTokenRate;
  std::string key;   // the field it was read from: the locator's tail, the id's hash, and
                     // where its diagnostics point
  std::string what;  // its name in a diagnostic ("/3/output_throughput: output throughput")
  std::string title;
  std::string lead;  // the first sentences of its notes: what the figure measures
  std::string status = "verified";
  bool statistic_in_id = true;
  std::string locator;     // when set, the whole locator (else the run's prefix and the key)
  std::string set_suffix;  // a set of its own beside the run's ("-per-user")
  size_t offset = 0;       // where the record comes from in the file
};

// A fact the file states, and where: a flag that contradicts it is a warning at `key`.
struct StatedText {
  std::string value;  // "" when the file does not state it
  std::string how;    // where the file states it, for the notes ("server_info version")
  std::string key;
};

// A diagnostic at a key of the run (a JSON member, a report's field): its message led by where
// the key stands, as JsonRun::At writes it.
using Locate =
    std::function<Diagnostic(std::string_view key, Severity severity, DiagnosticCode code,
                             std::string message, std::string hint)>;

struct StatedRun {
  // Identity: ids are "<id_prefix>-<model>[-<load_slug>]-<metric>[-<statistic>]-<hash>", the
  // set "<id_prefix>-<model>[-<load_slug>]-<hash>"; locators "<locator_prefix><key>".
  std::string id_prefix;
  std::string load_slug;
  uint64_t hash = 0;  // the run's content
  std::string locator_prefix;
  std::string source_id;
  // Where the run's keys stand, for every diagnostic the driver reports.
  Locate at;

  // The model: the names the file writes, tried in order (names.h's forms before weak_from),
  // as Context::ChooseModel weighs them. With none, --model is used, and without it the reader's
  // `no_model` error is reported.
  std::vector<std::string> model_names;
  std::string model_display;
  double params = 0;
  std::string params_how;
  size_t weak_from = static_cast<size_t>(-1);
  bool allow_draft = true;
  std::string model_key;
  std::string model_how_suffix;  // said after a name of the file matched (" (the name sent, ...)")
  Diagnostic no_model;  // the error when nothing names the model (its message then names why)

  // The weight format the file states, already in rooflint's names, and why it states none
  // when it says more than nothing ("" for the usual reason).
  StatedText precision;
  std::string precision_absent;
  // The KV cache's element format the file states ("" when it does not), and the weights'
  // size in bytes as the file writes it ("3.56 GiB"; "" when it does not).
  std::string kv_precision;
  std::string weights;
  // The hardware text the file states, and why it states none. `no_accelerator` (because, note)
  // when the file states that no accelerator ran it (a CPU-only system): the text is then kept
  // as the hardware with no part to resolve, and no flag is weighed.
  StatedText hardware;
  std::string hardware_unstated;
  std::optional<std::pair<std::string, std::string>> no_accelerator;
  // The accelerator count the file states (0: none), how, and why it is absent.
  int64_t count = 0;
  std::string count_how;
  std::string count_key;
  std::string count_absent = "the file states no accelerator count";
  // False when the file says more accelerators were present than served the figure (GPU
  // telemetry of a whole node): the "N x" of --hardware is then not read as the count.
  bool count_from_hardware_flag = true;
  // True when `count` is the reader's generous reading of what the file lists (devices found),
  // not a count the file states: --count then replaces it without a warning.
  bool count_is_reading = false;
  // Data-parallel replicas the file states (0: none), and how.
  int64_t replicas = 0;
  std::string replicas_how;
  // The engine version the file states, and why it is absent.
  StatedText engine_version;
  std::string engine_version_absent;

  // The load offered to an open-loop run: the arrival rate (req/s; 0 for none or a burst) and
  // the mean output tokens per request, to say when the aggregate is the load (OfferedLoadNote).
  double request_rate = 0;
  double mean_output = 0;

  // The load ("concurrency" or "batch") and the mean tokens per request, measured: the first
  // conditions of every record. An output below one token is written absent.
  std::string load_key = "concurrency";
  CondValue load;
  CondValue input_tokens;
  // True when input_tokens is the mean of lengths that varied (a random or ShareGPT dataset):
  // it is written as input_tokens_mean, and input_tokens absent, as no request is sure to have
  // had that length.
  bool input_tokens_is_mean = false;
  // The shortest input the file states of such a run (a measured minimum): input_tokens then.
  std::optional<int64_t> input_tokens_least;
  // Why input_tokens is absent when the file states a mean and no shortest length; empty: the
  // lengths varied and the file states no shortest.
  std::string input_tokens_mean_why;
  CondValue output_tokens;
  // The other conditions this format states, in record-format.md's order; engine_version goes
  // after engine, and replicas last. A condition absent with no reason is not written.
  std::vector<std::pair<std::string, CondValue>> conditions;
  // Sentences for every record, after the shared ones; `every_tail` closes every record's notes
  // and `first_tail` the first record's (what the file holds that is not imported).
  std::vector<std::string> notes;
  std::string every_tail;
  std::string first_tail;
  std::vector<StatedFigure> figures;
  // The format's last touches to each record once the shared facts are resolved (an id or a
  // title that names the resolved model or hardware); none by default.
  std::function<void(BenchmarkDraft&)> finish;
};

// The records of one run: a draft per figure that is a quantity (with the figure it came from),
// and a draft model record when the corpus lacks the model.
struct DrivenRun {
  std::vector<std::pair<BenchmarkDraft, const StatedFigure*>> drafts;
  std::optional<ModelDraft> model;
};
// The records of `run`; problems go to `sink` (a figure that is not a quantity, or a model that
// nothing names, is a located error). `run` must outlive the result.
DrivenRun DriveRun(const StatedRun& run, const Context& ctx, Sink& sink);

// DriveRun, with the records added to `fi` (the draft model at `offset`). A file with an error
// imports nothing. Returns the number of benchmark drafts added.
size_t AddRun(StatedRun run, const Context& ctx, FileImport& fi, size_t offset);

}  // namespace rooflint::import

#endif  // ROOFLINT_IMPORT_DRIVER_H_
