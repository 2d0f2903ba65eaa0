// The settings file, ruff's way: a `rooflint.toml` (or `.rooflint.toml`) found upward from the
// working directory holds defaults for `rooflint sweep`'s flags, under the flags' own names;
// a flag given on the command line wins over the file. `--config FILE` names one, `--isolated`
// reads none, and `rooflint config` prints what is in force and where each value came from.
#ifndef ROOFLINT_CLI_CONFIG_H_
#define ROOFLINT_CLI_CONFIG_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "cli/command.h"

namespace rooflint::cli {

// The file names looked for in each folder, in this order.
inline constexpr std::string_view kConfigNames[] = {".rooflint.toml", "rooflint.toml"};

enum class ConfigType {
  kBool,
  kCount,    // an integer, 0 or more
  kPercent,  // a number from 1 to 1000
  kChoice,   // one of `choices`
  kPath,     // a path, relative to the file's folder
  kPaths,    // a list of paths, relative to the file's folder
  kNames,    // a list of finding codes or instrument ids (or prefixes of them)
};

// One key the file takes: the table `rooflint config` prints and the parser checks against.
struct ConfigKey {
  std::string_view name;  // as in the file, and the sweep flag `--<name>`
  ConfigType type;
  std::span<const std::string_view> choices;  // for kChoice
  std::string_view meaning;                   // one line
  std::string_view default_text;              // what holds when neither file nor flag says
};
std::span<const ConfigKey> ConfigKeys();

// One value the file sets, checked against its key.
struct ConfigValue {
  const ConfigKey* key = nullptr;
  // kBool: bool; kCount: int64_t; kPercent: double; kChoice and kPath: string; kPaths and
  // kNames: strings. Paths are already joined to the file's folder.
  std::variant<bool, int64_t, double, std::string, std::vector<std::string>> value;
  int line = 0;
};

struct Config {
  std::string path;  // the file read ("" when none); relative when found from the working folder
  bool found_upward = false;  // found by looking upward, not named by --config
  std::vector<ConfigValue> values;
  const ConfigValue* Find(std::string_view key) const;
};

// Reads the settings: `explicit_path` when given; none when `isolated`; else the first of
// kConfigNames in the working folder or the nearest folder above it that has one. False when
// the file cannot be read or is wrong, with each problem rendered as a located diagnostic
// (`path:line:col: error[code]: message`, the line, a hint) in `errors`.
bool LoadConfig(const std::string& explicit_path, bool isolated, Config& config,
                std::string& errors);

// Whether a --select or --ignore word names some finding code or instrument id, or a prefix of
// one (a word that names nothing is a typo: it would select nothing).
bool KnownSelector(std::string_view selector);

// `rooflint config`.
Command AddConfigCommand(CLI::App& app);

}  // namespace rooflint::cli

#endif  // ROOFLINT_CLI_CONFIG_H_
