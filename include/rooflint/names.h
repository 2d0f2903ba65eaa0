// The names people type for models, hardware and weight formats, read against a corpus: a
// Hugging Face id with or without its organisation and with its variant suffixes
// ("meta-llama/Llama-3.1-70B-Instruct", "Llama-3.1-8B-Instruct-FP8"), a vendor's short name for
// a part ("h100", "MI300X", "M3 Ultra"), and the dtype and quantization names of vLLM and
// Hugging Face ("bfloat16", "half", "awq", "w4a16"). Every lookup says how it read the name, and
// a name it cannot read gets the nearest known one as a suggestion, never a guess.
#ifndef ROOFLINT_NAMES_H_
#define ROOFLINT_NAMES_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/hardware_match.h"

namespace rooflint {

// A weight format as typed, read as a row of the precision table (precision.h).
struct PrecisionName {
  std::string name;     // the table's name ("bf16", "int4"); "" when not read (see `native`)
  bool native = false;  // "auto": the model's native precision, whatever the table calls it
  std::string how;      // "'bfloat16' is bf16", "'awq' is 4-bit integer weights (int4)"
  std::string problem;  // why it cannot be read, with a suggestion when one is near
};
// Reads `text` case-insensitively: a table name, or a dtype or quantization name.
PrecisionName ReadPrecisionName(std::string_view text);
// A KV-cache element format (--kv-precision): as ReadPrecisionName, but "auto" is no KV-cache
// format, a problem.
PrecisionName ReadKvPrecisionName(std::string_view text);
// The names ReadPrecisionName reads besides the table's own, with what each becomes, in the
// order `rooflint list precisions` prints them.
struct PrecisionAlias {
  std::string_view alias;
  std::string_view name;  // "" for "auto"
  std::string_view meaning;
};
std::span<const PrecisionAlias> PrecisionAliases();

// A model as typed, read against the corpus's ids, names and aliases.
// The weight format a command was given: `flag` as ReadPrecisionName reads it ("auto": the
// model's native precision), else the one the model's name states (`named`, from ModelName).
// `name` is "" when neither states one, and when "auto" meets a model with no stated native
// precision (`native_unknown` then, with why in `how`); `problem` when the flag is no name.
struct WeightFormat {
  std::string name;
  std::string how;  // for notes: "'awq' is 4-bit ...", "auto: bf16", "from the model name '...'"
  std::string problem;
  bool native_unknown = false;
};
WeightFormat ReadWeightFormat(std::string_view flag, const Model* model, std::string_view named,
                              std::string_view model_text);

struct ModelName {
  const Model* model = nullptr;
  std::string how;        // "'Llama-3.1-70B-Instruct' is an alias of llama-3.1-70b"
  std::string precision;  // a weight format the name states ("-FP8", "-AWQ"), "" when none
  std::string problem;    // why nothing was read: no match (with a suggestion), or several
};
// Tried in order, the first that names exactly one model wins: the text as it is; without an
// organisation ("meta-llama/"); then with variant suffixes dropped one at a time from the end
// (-Instruct, -chat, -hf, -it, -base, and the weight-format ones, which set `precision`).
// Case, spaces and underscores do not matter ("Llama 3.1 70B" is "llama-3.1-70b").
ModelName ReadModelName(const Corpus& corpus, std::string_view text);

// Hardware as typed: an accelerator id, or any text the hardware matcher reads.
struct HardwareName {
  std::vector<const Accelerator*> parts;  // every candidate; empty when nothing matched
  std::optional<int64_t> count;           // the count the text states, if any
  std::string how;                        // "'h100' names 3 parts: ..."
  std::string problem;                    // why nothing matched, with a suggestion if near
};
HardwareName ReadHardwareName(const Corpus& corpus, const HardwareIndex& index,
                              std::string_view text);

// The candidate nearest to `word` (case-insensitive): the shortest that begins with `word`,
// else one within a third of its length in edits; "" when none is near. Bounded:
// words and candidates past 64 bytes are not compared.
std::string Suggest(std::string_view word, std::span<const std::string> candidates);
// ", did you mean 'x'?" or "" for the suggestion Suggest gives.
std::string DidYouMean(std::string_view word, std::span<const std::string> candidates);

}  // namespace rooflint

#endif  // ROOFLINT_NAMES_H_
