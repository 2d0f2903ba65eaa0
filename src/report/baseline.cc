// Reading, applying and writing baseline files.
#include "rooflint/baseline.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/file_io.h"

namespace rooflint {
namespace {

constexpr std::string_view kHeader = "# rooflint baseline v1";

std::vector<std::string> SplitTabs(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == '\t') {
      out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(std::move(cur));
  return out;
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
    auto fields = SplitTabs(line);
    if (fields.size() != 3) {
      error = fmt::format(
          "{}:{}: error[baseline]: expected 3 tab-separated fields (record, instrument, code), "
          "found {}",
          path, n, fields.size());
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
