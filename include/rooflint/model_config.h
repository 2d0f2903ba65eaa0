// A Hugging Face config.json as a draft model record, for a model the corpus lacks.
//
// The config states the geometry (layers, heads, hidden size, vocabulary, experts, sliding
// window, MLA ranks) and the dtype; the parameter count is counted from the shapes with the
// architecture's formula for the model types whose module layout is known here (llama,
// mistral, qwen2, qwen3, qwen2_moe, qwen3_moe, mixtral, deepseek_v3, gpt_oss). For any other
// model type the count comes from a model.safetensors.index.json beside the config (its
// metadata.total_size over the bytes of the dtype), or is written absent with why.
//
// Nothing the file does not state is filled in: a fact it leaves out is written
// `{ absent = "why" }` where the record format allows it (a draft model record), or left out
// with a sentence in the notes. Where a count rests on a transformers default (a tie of the
// embeddings the config does not state), the notes say so.
//
// The files are untrusted: a config past 1 MiB (an index past 64 MiB) is refused, and every
// problem is a diagnostic located in the file (path:line:col) with a hint. Never throws.
#ifndef ROOFLINT_MODEL_CONFIG_H_
#define ROOFLINT_MODEL_CONFIG_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/diagnostic.h"
#include "rooflint/import.h"
#include "rooflint/records.h"

namespace rooflint {

struct ModelConfigResult {
  std::string toml;                     // a model record (status = "draft"), "" on error
  std::optional<Model> model;           // the record parsed back with ParseRecord
  std::vector<Diagnostic> diagnostics;  // located in the config file: path:line:col, with hints
};

// Reads a Hugging Face config.json into a draft model record with id `id` citing source `source`.
// `index_text` is the text of a model.safetensors.index.json beside it ("" when none): its
// metadata.total_size (bytes) with the dtype gives the parameter count when the architecture's
// formula is not known. Never throws; bad input is a located diagnostic.
ModelConfigResult ModelFromHfConfig(std::string_view config_text, std::string_view config_path,
                                    std::string_view id, std::string_view source,
                                    std::string_view index_text = {},
                                    std::string_view index_path = {});

// What `--model-config` adds to a corpus: the model a config.json describes, as a draft record,
// and a source record citing the file (which has no address), both appended to `corpus` and
// indexed. The id is `name` (a model name the user gave, "" when none) made an id, else
// `folder_name`'s (the config's folder); "-config" is added when the corpus holds that id. `id`
// is "" when the config cannot be read: `diagnostics` say why, located in the file. Every front
// end (the tool's `check` and `import`, the page) adds a config through this.
struct AddedModel {
  std::string id;
  std::vector<Diagnostic> diagnostics;
  std::vector<ImportedRecord> records;  // the model's record, then the source's, as TOML
};
AddedModel AddModelConfig(Corpus& corpus, std::string_view config_text,
                          std::string_view config_path, std::string_view name,
                          std::string_view folder_name, std::string_view index_text = {},
                          std::string_view index_path = {});

// The largest config.json and model.safetensors.index.json read. A config is a few KiB; an
// index names every tensor, tens of thousands for a large mixture of experts.
inline constexpr size_t kMaxHfConfigBytes = size_t{1} << 20;
inline constexpr size_t kMaxSafetensorsIndexBytes = size_t{64} << 20;

}  // namespace rooflint

#endif  // ROOFLINT_MODEL_CONFIG_H_
