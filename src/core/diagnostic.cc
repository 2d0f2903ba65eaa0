// Rendering and ordering of diagnostics.
#include "rooflint/diagnostic.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <tuple>

#include "core/file_io.h"
#include "core/text_util.h"
#include "rooflint/diagnostic_cap.h"

namespace rooflint {

std::span<const DiagnosticCodeInfo> DiagnosticCodes() { return kDiagnosticCodes; }

const DiagnosticCodeInfo* FindDiagnosticCode(std::string_view name) {
  for (const DiagnosticCodeInfo& c : kDiagnosticCodes) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::string_view SeverityName(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
      return "note";
  }
  return "?";
}

std::string Render(const Diagnostic& d, size_t width) {
  std::string out;
  std::string subject = d.record.empty() ? "" : d.record + ": ";
  if (d.where.line > 0) {
    out = fmt::format("{}:{}:{}: {}[{}]: {}{}\n", d.where.path, d.where.line,
                      std::max(d.where.column, 1), SeverityName(d.severity), d.code, subject,
                      d.message);
  } else {
    out = fmt::format("{}: {}[{}]: {}{}\n", d.where.path, SeverityName(d.severity), d.code, subject,
                      d.message);
  }
  if (d.where.line > 0 && !d.source_line.empty()) {
    std::string gutter = fmt::format("{}", d.where.line);
    out += fmt::format("  {} | {}\n", gutter, d.source_line);
    // The caret sits under the column; tabs in the line are kept so it lines up.
    std::string pad;
    int col = std::max(d.caret_column > 0 ? d.caret_column : d.where.column, 1);
    for (int i = 0; i + 1 < col && i < static_cast<int>(d.source_line.size()); ++i) {
      pad += d.source_line[i] == '\t' ? '\t' : ' ';
    }
    out += fmt::format("  {} | {}^\n", std::string(gutter.size(), ' '), pad);
  }
  auto line = [&](std::string_view label, std::string_view text) {
    if (text.empty()) return;
    std::string first = fmt::format("  {}: ", label);
    out += width > 0 ? Wrap(text, first, "    ", width) : fmt::format("{}{}\n", first, text);
  };
  line("arithmetic", d.arithmetic);
  line("hint", d.hint);
  if (d.waived) line("waived", d.waiver_reason);
  line("instrument", d.instrument);
  return out;
}

SourceLineReader::SourceLineReader(size_t max_bytes)
    : max_bytes_(max_bytes), files_(std::make_unique<FolderReader>()) {}

SourceLineReader::~SourceLineReader() = default;

void SourceLineReader::Attach(Diagnostic& d) {
  if (d.where.line <= 0 || !d.source_line.empty()) return;
  if (!read_ || d.where.path != path_) {
    path_ = d.where.path;
    text_.clear();
    starts_.assign(1, 0);
    std::string error;
    const bool read = files_->Read(path_, max_bytes_, text_, error);
    if (!read) text_.clear();
    for (const char *at = text_.data(), *end = at + text_.size();
         (at = static_cast<const char*>(std::memchr(at, '\n', static_cast<size_t>(end - at))));
         ++at) {
      starts_.push_back(static_cast<size_t>(at - text_.data()) + 1);
    }
    read_ = true;
  }
  size_t n = static_cast<size_t>(d.where.line);
  if (text_.empty() || n > starts_.size()) return;
  size_t begin = starts_[n - 1];
  size_t end = n < starts_.size() ? starts_[n] - 1 : text_.size();
  std::string_view l(text_.data() + begin, end - begin);
  if (l.ends_with('\r')) l.remove_suffix(1);
  SetSourceLine(d, l);
}

void AttachSourceLines(std::span<Diagnostic> ds, size_t max_bytes) {
  SourceLineReader lines(max_bytes);
  for (Diagnostic& d : ds) lines.Attach(d);
}

void SetSourceLine(Diagnostic& d, std::string_view line) {
  constexpr size_t kWidth = 120;  // bytes of the line shown at most
  d.source_line.clear();
  d.caret_column = 0;
  size_t begin = 0, end = line.size();
  size_t column = static_cast<size_t>(std::max(d.where.column, 1)) - 1;
  if (line.size() > kWidth) {
    begin = column > kWidth / 2 ? column - kWidth / 2 : 0;
    end = std::min(line.size(), begin + kWidth);
    // Cut at character boundaries.
    while (begin > 0 && (static_cast<unsigned char>(line[begin]) & 0xc0) == 0x80) --begin;
    while (end < line.size() && (static_cast<unsigned char>(line[end]) & 0xc0) == 0x80) ++end;
  }
  std::string_view window = line.substr(begin, end - begin);
  std::string shown;
  shown.reserve(window.size() + 8);
  if (begin > 0) shown += "... ";
  for (size_t i = 0; i < window.size();) {
    unsigned char c = static_cast<unsigned char>(window[i]);
    size_t n = Utf8Length(window, i);
    if (n == 0) return;  // not UTF-8: never echoed
    bool c1 = n == 2 && c == 0xc2 && static_cast<unsigned char>(window[i + 1]) < 0xa0;
    if ((n == 1 && ((c < 0x20 && c != '\t') || c == 0x7f)) || c1) {
      shown += '?';
    } else {
      shown.append(window.substr(i, n));
    }
    i += n;
  }
  if (end < line.size()) shown += " ...";
  d.source_line = shown;
  if (begin > 0) d.caret_column = static_cast<int>(column - begin + 1 + 4);
}

bool DiagnosticCap::Keep(const Diagnostic& d) {
  auto it = kept_.find(d.where.path);
  if (it == kept_.end()) it = kept_.emplace(d.where.path, 0).first;
  if (it->second < per_file_) {
    ++it->second;
    return true;
  }
  auto drop = dropped_.find(d.where.path);
  if (drop == dropped_.end()) drop = dropped_.emplace(d.where.path, DroppedDiagnostics{}).first;
  ++drop->second.count;
  drop->second.errors += d.severity == Severity::kError;
  return false;
}

bool DiagnosticCap::DroppedAnError() const {
  return std::any_of(dropped_.begin(), dropped_.end(),
                     [](const auto& d) { return d.second.errors > 0; });
}

Diagnostic DiagnosticCap::Summary(std::string_view path, const DroppedDiagnostics& dropped,
                                  size_t per_file) {
  Diagnostic more;
  more.severity = dropped.errors > 0 ? Severity::kError : Severity::kWarning;
  more.code = DiagnosticCode("more-diagnostics").name();
  more.where.path = path;
  more.message = fmt::format("... and {} more diagnostics in this file ({} errors), not shown",
                             dropped.count, dropped.errors);
  more.hint = fmt::format("fix the ones above first; at most {} are shown per file", per_file);
  return more;
}

void CapPerFile(std::vector<Diagnostic>& ds, size_t per_file) { CapPerFile(ds, per_file, {}); }

void CapPerFile(std::vector<Diagnostic>& ds, size_t per_file, const DroppedByFile& dropped) {
  std::vector<Diagnostic> kept;
  kept.reserve(ds.size());
  DiagnosticCap cap(per_file);
  for (size_t i = 0; i < ds.size();) {
    const std::string path = ds[i].where.path.str();
    for (; i < ds.size() && ds[i].where.path == path; ++i) {
      if (cap.Keep(ds[i])) kept.push_back(std::move(ds[i]));
    }
    DroppedDiagnostics more;
    if (auto it = cap.dropped().find(path); it != cap.dropped().end()) more = it->second;
    if (auto it = dropped.find(path); it != dropped.end()) {
      more.count += it->second.count;
      more.errors += it->second.errors;
    }
    if (more.count > 0) kept.push_back(DiagnosticCap::Summary(path, more, per_file));
  }
  ds = std::move(kept);
}

void SortDiagnostics(std::vector<Diagnostic>& ds) {
  std::stable_sort(ds.begin(), ds.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.where.path, a.where.line, a.where.column, a.code) <
           std::tie(b.where.path, b.where.line, b.where.column, b.code);
  });
}

}  // namespace rooflint
