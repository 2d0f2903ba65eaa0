// The verdict table of `check` and `import` (check_command.cc): text for a person, JSON for a
// program, and the exit code.
#ifndef ROOFLINT_CLI_CHECK_OUTPUT_H_
#define ROOFLINT_CLI_CHECK_OUTPUT_H_

#include <ostream>
#include <string>
#include <string_view>

#include "rooflint/check.h"
#include "rooflint/exit_codes.h"

namespace rooflint::cli {

// One figure: a block with the capacity, the verdict, the binding bound's arithmetic, every
// bound and what is missing. Several: a line each, then the findings and what is missing.
// Unless `all`, a file's figures within their bounds are listed once per run and metric.
void PrintCheckText(const CheckReport& report, bool color, std::ostream& out, bool all = false);
// {"figures": [{"metric", "value", "verdict", "binding", "bounds", "findings", "missing",
// ...}], "diagnostics": [...]}.
void PrintCheckJson(const CheckReport& report, std::ostream& out);
// 2 when the input has errors, 1 when a figure has an error-level finding, else 0.
ExitCode CheckExitCode(const CheckReport& report);
// ", did you mean 'vllm-serve'?" for an import format name, or "".
std::string FormatSuggestion(std::string_view name);

// `--hardware auto`: replaces "auto" with the text this machine's probes give
// (local_hardware.h), saying on stderr what answered. False when nothing did.
bool ApplyLocalHardware(std::string& hardware, std::string_view command);
// `--model-config FILE`: adds the model a Hugging Face config.json describes (and its source) to
// `corpus` as a draft record, and sets `model` to its id (--model's text when that names no
// model of the corpus, else the config's folder name). False, after located diagnostics, when
// the file cannot be read. With `records`, the model and source records are appended to it as
// an import writes them (`import --write` writes them beside the benchmarks that cite them).
bool AddModelConfig(const std::string& config_path, std::string& model, Corpus& corpus,
                    std::string_view command, std::vector<ImportedRecord>* records = nullptr);

}  // namespace rooflint::cli

#endif  // ROOFLINT_CLI_CHECK_OUTPUT_H_
