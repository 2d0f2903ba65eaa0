// The settings file (config.h): its keys, finding it, reading it, and `rooflint config`.
#include "cli/config.h"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include "core/file_io.h"
#include "core/text_util.h"
#include "core/toml.h"
#include "report/escape.h"
#include "rooflint/audit.h"
#include "rooflint/diagnostic.h"
#include "rooflint/finding_codes.h"
#include "rooflint/names.h"
#include "rooflint/report.h"

namespace rooflint::cli {
namespace {

constexpr std::string_view kFormats[] = {"text", "json", "md", "sarif", "html"};
constexpr std::string_view kColors[] = {"auto", "always", "never"};

// The keys, in the order `rooflint config` lists them; each is a `sweep` flag of that name.
constexpr ConfigKey kKeys[] = {
    {"corpus", ConfigType::kPaths, {}, "the corpus folders swept when none is given", "data/"},
    {"select",
     ConfigType::kNames,
     {},
     "keep only findings of these codes or instruments",
     "every finding"},
    {"ignore", ConfigType::kNames, {}, "drop findings of these codes or instruments", "none"},
    {"strict", ConfigType::kBool, {}, "warnings fail the sweep too", "false"},
    {"max-warnings", ConfigType::kCount, {}, "fail the sweep past this many warnings", "no limit"},
    {"exit-zero", ConfigType::kBool, {}, "exit 0 whatever the findings", "false"},
    {"near-roof",
     ConfigType::kPercent,
     {},
     "near-roof threshold, in percent of the memory roof",
     "95"},
    {"baseline", ConfigType::kPath, {}, "report only findings not in this baseline file", "none"},
    {"format", ConfigType::kChoice, kFormats, "the report format", "text"},
    {"color", ConfigType::kChoice, kColors, "colour in the text report", "auto"},
    {"quiet", ConfigType::kBool, {}, "errors and warnings only", "false"},
    {"verbose", ConfigType::kBool, {}, "the whole text report", "false"},
    {"show-waived", ConfigType::kBool, {}, "list waived findings", "false"},
};

constexpr size_t kMaxConfigBytes = 64 * 1024;

const ConfigKey* FindKey(std::string_view name) {
  for (const ConfigKey& k : kKeys) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

// How a key's value is written, for a hint.
std::string Example(const ConfigKey& k) {
  switch (k.type) {
    case ConfigType::kBool:
      return fmt::format("{} = true", k.name);
    case ConfigType::kCount:
      return fmt::format("{} = 0", k.name);
    case ConfigType::kPercent:
      return fmt::format("{} = 95", k.name);
    case ConfigType::kChoice:
      return fmt::format("{} = \"{}\"  # one of {}", k.name, k.choices.front(),
                         fmt::join(k.choices, ", "));
    case ConfigType::kPath:
      return fmt::format("{} = \"rooflint-baseline.tsv\"", k.name);
    case ConfigType::kPaths:
      return fmt::format("{} = [\"data\"]", k.name);
    case ConfigType::kNames:
      return fmt::format("{} = [\"exceeds-roof\", \"kv-\"]", k.name);
  }
  return "";
}

// Reads one file's keys into `config`, a diagnostic per problem into `problems`.
class Reader {
 public:
  Reader(const std::string& path, std::string_view text, Config& config,
         std::vector<Diagnostic>& problems)
      : path_(path), text_(text), config_(config), problems_(problems) {
    folder_ = std::filesystem::path(path).parent_path();
  }

  void Read() {
    toml::table table;
    try {
      table = toml::parse(text_, path_);
    } catch (const toml::parse_error& e) {
      Problem("toml-syntax", std::string(e.description()), e.source(),
              "a settings file is TOML: `key = value` lines, as `rooflint config` prints them");
      return;
    }
    for (auto&& [name, node] : table) {
      const ConfigKey* key = FindKey(name.str());
      if (key == nullptr) {
        std::vector<std::string> names;
        for (const ConfigKey& k : kKeys) names.emplace_back(k.name);
        Problem("unknown-key",
                fmt::format("unknown key '{}' in a settings file{}", name.str(),
                            DidYouMean(name.str(), names)),
                name.source(), "`rooflint config` lists the keys a settings file takes");
        continue;
      }
      Take(*key, node);
    }
  }

 private:
  void Problem(std::string_view code, std::string message, const toml::source_region& at,
               std::string hint) {
    Diagnostic d;
    d.code = std::string(code);
    d.message = message;
    d.where = {path_, static_cast<int>(at.begin.line), static_cast<int>(at.begin.column)};
    d.hint = hint;
    SetSourceLine(d, LineOf(d.where.line));
    problems_.push_back(std::move(d));
  }

  std::string_view LineOf(int n) const {
    size_t begin = 0;
    for (int i = 1; i < n && begin != std::string_view::npos; ++i) {
      begin = text_.find('\n', begin);
      if (begin != std::string_view::npos) ++begin;
    }
    if (n < 1 || begin == std::string_view::npos || begin > text_.size()) return {};
    const size_t end = text_.find('\n', begin);
    std::string_view line = text_.substr(begin, end == std::string_view::npos ? end : end - begin);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
  }

  void WrongType(const ConfigKey& k, const toml::node& n, std::string_view want) {
    Problem("wrong-type", fmt::format("'{}' must be {}", k.name, want), n.source(),
            fmt::format("write it as: {}", Example(k)));
  }

  std::string Joined(std::string_view p) const {
    const std::filesystem::path path(p);
    if (path.is_absolute() || folder_.empty()) return std::string(p);
    return (folder_ / path).lexically_normal().string();
  }

  void Take(const ConfigKey& k, const toml::node& n) {
    ConfigValue v{&k, false, static_cast<int>(n.source().begin.line)};
    switch (k.type) {
      case ConfigType::kBool:
        if (!n.is_boolean()) return WrongType(k, n, "true or false");
        v.value = n.as_boolean()->get();
        break;
      case ConfigType::kCount: {
        if (!n.is_integer()) return WrongType(k, n, "a whole number");
        const int64_t count = n.as_integer()->get();
        if (count < 0 || count > 1'000'000'000) {
          return Problem("unknown-value",
                         fmt::format("'{}' = {} is not a count (0 or more)", k.name, count),
                         n.source(), fmt::format("write it as: {}", Example(k)));
        }
        v.value = count;
        break;
      }
      case ConfigType::kPercent: {
        if (!n.is_number()) return WrongType(k, n, "a number (percent)");
        const double percent = n.value<double>().value_or(0);
        if (!(percent >= 1 && percent <= 1000)) {
          return Problem("unknown-value",
                         fmt::format("'{}' = {} is outside 1 to 1000 (percent)", k.name, percent),
                         n.source(), fmt::format("write it as: {}", Example(k)));
        }
        v.value = percent;
        break;
      }
      case ConfigType::kChoice: {
        if (!n.is_string()) return WrongType(k, n, "a string");
        const std::string& s = n.as_string()->get();
        std::vector<std::string> choices(k.choices.begin(), k.choices.end());
        if (std::find(choices.begin(), choices.end(), s) == choices.end()) {
          return Problem("unknown-value",
                         fmt::format("'{}' = \"{}\" is not one of {}{}", k.name, s,
                                     fmt::join(k.choices, ", "), DidYouMean(s, choices)),
                         n.source(), fmt::format("write it as: {}", Example(k)));
        }
        v.value = s;
        break;
      }
      case ConfigType::kPath:
        if (!n.is_string() || n.as_string()->get().empty()) {
          return WrongType(k, n, "a path (a non-empty string)");
        }
        v.value = Joined(n.as_string()->get());
        break;
      case ConfigType::kPaths:
      case ConfigType::kNames: {
        const toml::array* list = n.as_array();
        const std::string_view want =
            k.type == ConfigType::kPaths ? "a list of paths" : "a list of codes or instruments";
        if (list == nullptr) return WrongType(k, n, want);
        std::vector<std::string> items;
        for (const toml::node& item : *list) {
          if (!item.is_string() || item.as_string()->get().empty()) {
            return WrongType(k, item, want);
          }
          const std::string& s = item.as_string()->get();
          if (k.type == ConfigType::kNames && !KnownSelector(s)) {
            return Problem(
                "unknown-value",
                fmt::format("'{}' names no finding code and no instrument (in '{}')", s, k.name),
                item.source(), "`rooflint codes` and `rooflint instruments` list them");
          }
          items.push_back(k.type == ConfigType::kPaths ? Joined(s) : s);
        }
        v.value = std::move(items);
        break;
      }
    }
    config_.values.push_back(std::move(v));
  }

  const std::string& path_;
  std::string_view text_;
  Config& config_;
  std::vector<Diagnostic>& problems_;
  std::filesystem::path folder_;
};

// The settings file nearest the working folder, as a path relative to it ("rooflint.toml",
// "../../.rooflint.toml"); "" when no folder up to the root has one.
std::string FindUpward() {
  std::error_code ec;
  std::filesystem::path folder = std::filesystem::current_path(ec);
  if (ec) return "";
  std::string up;
  for (int depth = 0; depth < 256; ++depth) {
    for (std::string_view name : kConfigNames) {
      std::error_code exists_ec;
      if (std::filesystem::exists(std::filesystem::symlink_status(folder / name, exists_ec))) {
        return up + std::string(name);
      }
    }
    if (!folder.has_relative_path()) break;  // the root
    folder = folder.parent_path();
    up += "../";
  }
  return "";
}

std::string ValueText(const ConfigValue& v) {
  return std::visit(
      [](const auto& x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>) {
          return x ? "true" : "false";
        } else if constexpr (std::is_same_v<T, int64_t>) {
          return fmt::format("{}", x);
        } else if constexpr (std::is_same_v<T, double>) {
          return fmt::format("{}", x);
        } else if constexpr (std::is_same_v<T, std::string>) {
          return fmt::format("\"{}\"", EscapeTerminal(x));
        } else {
          std::vector<std::string> quoted;
          for (const std::string& s : x) quoted.push_back(fmt::format("\"{}\"", EscapeTerminal(s)));
          return fmt::format("[{}]", fmt::join(quoted, ", "));
        }
      },
      v.value);
}

struct ConfigCommandOptions {
  std::string config;
  bool isolated = false;
};

ExitCode RunConfig(const ConfigCommandOptions& opt) {
  Config config;
  std::string errors;
  if (!LoadConfig(opt.config, opt.isolated, config, errors)) {
    std::cerr << errors;
    return ExitCode::kUsage;
  }
  std::ostream& out = std::cout;
  if (config.path.empty()) {
    out << Wrap(fmt::format("No settings file{}: every value below is the default.",
                            opt.isolated ? " (--isolated)"
                                         : fmt::format(" ({} in this folder or any above it)",
                                                       fmt::join(kConfigNames, " or "))),
                "", "  ", TerminalColumns());
  } else {
    out << fmt::format("Settings for `rooflint sweep` from {}{}:\n", EscapeTerminal(config.path),
                       config.found_upward ? " (the nearest, looking upward from here)" : "");
  }
  struct Line {
    std::string_view name, meaning;
    std::string value, from;
  };
  std::vector<Line> lines;
  size_t width = 0, value_width = 0;
  for (const ConfigKey& k : kKeys) {
    const ConfigValue* v = config.Find(k.name);
    lines.push_back(
        {k.name, k.meaning, v != nullptr ? ValueText(*v) : std::string(k.default_text),
         v != nullptr ? fmt::format("{}:{}", EscapeTerminal(config.path), v->line) : "default"});
    width = std::max(width, k.name.size());
    value_width = std::max(value_width, lines.back().value.size());
  }
  for (const Line& l : lines) {
    out << fmt::format("  {:<{}}  {:<{}}  {}\n", l.name, width, l.value, value_width, l.from);
    out << fmt::format("  {:<{}}  {}\n", "", width, l.meaning);
  }
  out << "A flag given to `rooflint sweep` wins over the file, and folders given win over "
         "`corpus`.\n";
  return ExitCode::kClean;
}

}  // namespace

std::span<const ConfigKey> ConfigKeys() { return kKeys; }

const ConfigValue* Config::Find(std::string_view key) const {
  for (const ConfigValue& v : values) {
    if (v.key->name == key) return &v;
  }
  return nullptr;
}

bool KnownSelector(std::string_view selector) {
  if (selector.empty()) return false;
  for (const FindingCodeInfo& c : FindingCodes()) {
    if (c.name.starts_with(selector)) return true;
  }
  for (const InstrumentInfo* i : InstrumentInfos()) {
    if (i->id.starts_with(selector)) return true;
  }
  return false;
}

bool LoadConfig(const std::string& explicit_path, bool isolated, Config& config,
                std::string& errors) {
  config = Config{};
  if (isolated) return true;
  config.path = explicit_path.empty() ? FindUpward() : explicit_path;
  config.found_upward = explicit_path.empty();
  if (config.path.empty()) return true;
  std::string text, why;
  ReadFailure failure = ReadFailure::kNone;
  if (!ReadRegularFile(config.path, kMaxConfigBytes, text, why, &failure)) {
    Diagnostic d;
    d.code = failure == ReadFailure::kNotAFile   ? "not-a-file"
             : failure == ReadFailure::kTooLarge ? "file-too-large"
                                                 : "io-error";
    d.message = fmt::format("cannot read the settings file: {}", why);
    d.where.path = config.path;
    d.hint =
        config.found_upward ? "`--isolated` reads no settings file; `--config FILE` names one" : "";
    errors = RenderForTerminal(d, TerminalColumns());
    return false;
  }
  std::vector<Diagnostic> problems;
  Reader(config.path, text, config, problems).Read();
  for (const Diagnostic& d : problems) errors += RenderForTerminal(d, TerminalColumns());
  return problems.empty();
}

Command AddConfigCommand(CLI::App& app) {
  auto opt = std::make_shared<ConfigCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "config", "Print the settings `rooflint sweep` takes from rooflint.toml, and from where");
  cmd->add_option("--config", opt->config,
                  "Read this settings file instead of looking for rooflint.toml");
  cmd->add_flag("--isolated", opt->isolated, "Read no settings file")->excludes("--config");
  return {cmd, [opt] { return RunConfig(*opt); }};
}

}  // namespace rooflint::cli
