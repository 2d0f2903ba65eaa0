// Reading, applying and writing baseline files.
#include "rooflint/baseline.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/file_io.h"

namespace rooflint {
namespace {

constexpr std::string_view kHeader = "# rooflint baseline v1";

// The first `max` tab-separated fields of `line`; false, with nothing more split, when it has
// more (a 60 MiB line of tabs is no 63 million strings).
bool SplitTabs(std::string_view line, size_t max, std::vector<std::string_view>& fields) {
  fields.clear();
  for (size_t from = 0;;) {
    if (fields.size() == max) return false;
    size_t tab = line.find('\t', from);
    fields.push_back(line.substr(from, tab == std::string_view::npos ? tab : tab - from));
    if (tab == std::string_view::npos) return true;
    from = tab + 1;
  }
}

}  // namespace

// A baseline lists one line per finding: 64 MiB is far past any real one.
constexpr size_t kMaxBaselineBytes = size_t{64} << 20;

bool ReadBaseline(const std::string& path, Baseline& out, std::string& error) {
  std::string text, why;
  if (!ReadRegularFile(path, kMaxBaselineBytes, text, why)) {
    error = fmt::format("{}: error[baseline]: cannot read the baseline file: {}", path, why);
    return false;
  }
  std::istringstream in(text);
  std::string line;
  int n = 0;
  bool header = false;
  std::vector<std::string_view> fields;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (n == 1) {
      header = line == kHeader;
      if (!header) {
        error = fmt::format(
            "{}:1: error[baseline]: not a rooflint baseline (the first line must be '{}')\n"
            "  hint: write one with `rooflint sweep --write-baseline {}`",
            path, kHeader, path);
        return false;
      }
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    if (!SplitTabs(line, 3, fields) || fields.size() != 3) {
      error = fmt::format(
          "{}:{}: error[baseline]: expected 3 tab-separated fields (record, instrument, code), "
          "found {}",
          path, n, std::count(line.begin(), line.end(), '\t') + 1);
      return false;
    }
    out.keys.emplace(fields[0], fields[1], fields[2]);
  }
  return true;
}

void ApplyBaseline(const Baseline& baseline, std::vector<Finding>& findings) {
  for (Finding& f : findings) {
    if (baseline.keys.count({f.record.str(), f.instrument.str(), f.code.str()}) > 0) {
      f.baselined = true;
    }
  }
}

bool WriteBaseline(const std::string& path, const std::vector<Finding>& findings, bool force,
                   std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(path, ec) && !force) {
    std::string existing, why;
    ReadRegularFile(path, kMaxBaselineBytes, existing, why);  // not a file: not a baseline
    std::istringstream in(existing);
    std::string first;
    std::getline(in, first);
    if (!first.empty() && first.back() == '\r') first.pop_back();
    if (first != kHeader) {
      error = fmt::format(
          "{}: error[baseline]: refusing to replace a file that is not a rooflint baseline\n"
          "  hint: choose another path, or pass --force to replace it",
          path);
      return false;
    }
  }
  std::set<FindingKey> keys;
  for (const Finding& f : findings) {
    if (!f.deprecated && !f.waived) keys.emplace(f.record, f.instrument, f.code);
  }
  std::ostringstream text;
  text << kHeader << "\n# record\tinstrument\tcode; findings listed here are not reported\n";
  for (const auto& [record, instrument, code] : keys) {
    text << record << '\t' << instrument << '\t' << code << '\n';
  }
  // One safe writer: an exclusive temporary beside the target, fsync, rename.
  std::string why;
  if (!WriteFileSafely(path, text.str(), why)) {
    error = fmt::format("{}: error[baseline]: {}", path, why);
    return false;
  }
  return true;
}

}  // namespace rooflint
