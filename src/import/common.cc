// Shared importer pieces: offsets to lines for diagnostics, hashes and slugs for ids, the JSON
// splitter, and resolving models, parts and precisions against the corpus.
#include "import/common.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstring>
#include <ctime>
#include <set>

#include "core/text_util.h"
#include "rooflint/names.h"
#include "rooflint/precision.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rooflint::import {
namespace {

// 64-bit FNV-1a (Fnv1a).
constexpr uint64_t kFnvOffset = 14695981039346656037ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

}  // namespace

SourceText::SourceText(std::string_view path, std::string_view text) : path_(path), text_(text) {
  line_starts_.push_back(0);
  const char* base = text.data();
  size_t pos = 0;
  while (pos < text.size()) {
    const void* nl = std::memchr(base + pos, '\n', text.size() - pos);
    if (nl == nullptr) break;
    pos = static_cast<const char*>(nl) - base + 1;
    line_starts_.push_back(pos);
  }
}

SourceText::SourceText(std::string_view path, std::string_view text, uint64_t& fnv1a)
    : path_(path), text_(text) {
  line_starts_.push_back(0);
  uint64_t h = kFnvOffset;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    h = (h ^ c) * kFnvPrime;
    if (c == '\n') line_starts_.push_back(i + 1);
  }
  fnv1a = h;
}

std::pair<int, int> SourceText::LineColumn(size_t offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  size_t line = it - line_starts_.begin();  // 1-based
  return {static_cast<int>(line), static_cast<int>(offset - line_starts_[line - 1] + 1)};
}

std::string_view SourceText::Line(int line) const {
  if (line < 1 || static_cast<size_t>(line) > line_starts_.size()) return {};
  size_t begin = line_starts_[line - 1];
  size_t end = static_cast<size_t>(line) < line_starts_.size() ? line_starts_[line] : text_.size();
  std::string_view l = text_.substr(begin, end - begin);
  while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.remove_suffix(1);
  return l;
}

std::string Excerpt(std::string_view line, size_t column) {
  size_t begin = column > 0 ? column - 1 : 0;
  std::string out;
  for (size_t i = begin; i < line.size() && out.size() < 40; ++i) {
    unsigned char c = line[i];
    out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  }
  return out;
}

Diagnostic SourceText::At(size_t offset, Severity severity, DiagnosticCode code,
                          std::string message, std::string hint) const {
  Diagnostic d;
  d.severity = severity;
  d.code = code.name();
  d.message = message;
  d.hint = hint;
  d.where.path = std::string(path_);
  if (offset == std::string_view::npos || offset > text_.size()) return d;
  auto [line, column] = LineColumn(offset);
  d.where.line = line;
  d.where.column = column;
  std::string_view l = Line(line);
  if (l.size() > 200 && column <= 150) {
    // Show the start of a long line: the caret still stands under the column.
    size_t cut = 150;
    while (cut > 0 && (static_cast<unsigned char>(l[cut]) & 0xc0) == 0x80) --cut;
    l = l.substr(0, cut);
    if (FirstInvalidUtf8(l) == std::string_view::npos) d.source_line = std::string(l) + " ...";
  } else if (l.size() <= 200 && FirstInvalidUtf8(l) == std::string_view::npos) {
    d.source_line = std::string(l);
  }
  if (d.source_line.empty() && !l.empty()) {
    d.message += fmt::format(" (near '{}')", Excerpt(l, column));
  }
  return d;
}

uint64_t Fnv1a(std::string_view bytes, uint64_t seed) {
  uint64_t h = seed;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= kFnvPrime;
  }
  return h;
}

std::string ShortHash(uint64_t h) { return fmt::format("{:08x}", (h ^ (h >> 32)) & 0xffffffffu); }

std::string Slug(std::string_view text, size_t max_length) {
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) && c < 0x80) {
      out += static_cast<char>(std::tolower(c));
    } else if (c == '.' && !out.empty() && out.back() != '-' && out.back() != '.') {
      out += '.';
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
    if (out.size() >= max_length) break;
  }
  while (!out.empty() && (out.back() == '-' || out.back() == '.')) out.pop_back();
  return out;
}

std::string_view BaseName(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string Today() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  return fmt::format("{:04}-{:02}-{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

std::string NumberText(double v) {
  std::string s = fmt::format("{}", v);
  size_t plus = s.find("e+");
  if (plus != std::string::npos) s.erase(plus + 1, 1);
  return s;
}

std::optional<int64_t> WholeNumberIn(double v, double min, double max) {
  assert(max <= 9007199254740992.0);  // 2^53
  if (!(v >= min && v <= max) || v != std::floor(v)) return std::nullopt;
  return static_cast<int64_t>(v);
}

std::optional<double> ParseNumber(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
    text.remove_suffix(1);
  }
  if (text.empty()) return std::nullopt;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '+' &&
        c != 'e' && c != 'E') {
      return std::nullopt;
    }
  }
  const char* first = text.data() + (text.front() == '+' ? 1 : 0);
  double v = 0;
  auto [ptr, ec] = std::from_chars(first, text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v)) {
    return std::nullopt;
  }
  return v;
}

// ----- JSON splitting -----

namespace {

bool IsJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The bytes the JSON scans below act on: quotes, backslashes and brackets. Everything else
// (digits, commas, spaces, the text of strings) is skipped a block of 64 bytes at a time.
bool IsScanByte(char c) {
  return c == '"' || c == '\\' || c == '{' || c == '}' || c == '[' || c == ']';
}

// Bit k set when p[k] is a scan byte, for the 64 bytes at p.
uint64_t ScanByteMask(const char* p) {
#if defined(__SSE2__)
  // '[' and ']' differ from '{' and '}' in bit 5 alone, and no other byte ORed with bit 5
  // gives '{' or '}'.
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i open = _mm_set1_epi8('{');
  const __m128i close = _mm_set1_epi8('}');
  const __m128i bit5 = _mm_set1_epi8(0x20);
  uint64_t mask = 0;
  for (int k = 0; k < 4; ++k) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    __m128i folded = _mm_or_si128(v, bit5);
    __m128i hit =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                     _mm_or_si128(_mm_cmpeq_epi8(folded, open), _mm_cmpeq_epi8(folded, close)));
    mask |= static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(hit)) & 0xFFFFu)
            << (16 * k);
  }
  return mask;
#else
  uint64_t mask = 0;
  for (int k = 0; k < 64; ++k) {
    if (IsScanByte(p[k])) mask |= uint64_t{1} << k;
  }
  return mask;
#endif
}

// Calls `visit(i)` for each scan byte of t from `from` on, in order. `visit` returns where to
// go on from (at least i + 1: i + 2 skips an escaped byte), or npos to stop. True when it
// stopped, false at the end of t.
template <typename Visit>
bool ForEachScanByte(std::string_view t, size_t from, Visit visit) {
  constexpr size_t kStop = std::string_view::npos;
  size_t i = from;
  while (i < t.size()) {
    if (t.size() - i < 64) {
      if (!IsScanByte(t[i])) {
        ++i;
        continue;
      }
      size_t next = visit(i);
      if (next == kStop) return true;
      i = next;
      continue;
    }
    uint64_t mask = ScanByteMask(t.data() + i);
    size_t next = i + 64;
    while (mask != 0) {
      size_t at = i + static_cast<size_t>(std::countr_zero(mask));
      next = visit(at);
      if (next == kStop) return true;
      if (next >= i + 64) break;
      mask &= ~uint64_t{0} << (next - i);
      next = i + 64;
    }
    i = next;
  }
  return false;
}

// Scans the JSON value starting at `pos` to its end without validating it (nlohmann does
// that on the span). Returns the end offset.
size_t ScanValue(std::string_view t, size_t pos, bool& truncated, bool& too_deep) {
  truncated = false;
  too_deep = false;
  char c = t[pos];
  if (c == '"') {
    for (size_t i = pos + 1; i < t.size(); ++i) {
      if (t[i] == '\\') {
        ++i;
      } else if (t[i] == '"') {
        return i + 1;
      }
    }
    truncated = true;
    return t.size();
  }
  if (c != '{' && c != '[') {
    size_t i = pos;
    while (i < t.size() && t[i] != ',' && t[i] != ']' && t[i] != '}' && !IsJsonSpace(t[i])) ++i;
    return i;
  }
  int depth = 0;
  bool in_string = false;
  size_t end = t.size();
  bool closed = ForEachScanByte(t, pos, [&](size_t i) -> size_t {
    char ch = t[i];
    if (in_string) {
      if (ch == '\\') return i + 2;
      if (ch == '"') in_string = false;
      return i + 1;
    }
    if (ch == '"') {
      in_string = true;
    } else if (ch == '{' || ch == '[') {
      if (++depth > kMaxJsonDepth) too_deep = true;
    } else if (ch == '}' || ch == ']') {
      if (--depth == 0) {
        end = i + 1;
        return std::string_view::npos;
      }
    }
    return i + 1;
  });
  if (closed) return end;
  truncated = true;
  return t.size();
}

size_t EndOfLine(std::string_view t, size_t pos) {
  size_t nl = t.find('\n', pos);
  return nl == std::string_view::npos ? t.size() : nl + 1;
}

}  // namespace

JsonValueSpan ScanJsonValue(std::string_view text, size_t begin) {
  JsonValueSpan span;
  span.begin = begin;
  span.end = begin < text.size() ? ScanValue(text, begin, span.truncated, span.too_deep) : begin;
  return span;
}

JsonSplit SplitJson(std::string_view t) {
  JsonSplit out;
  size_t pos = 0;
  if (t.starts_with("\xEF\xBB\xBF")) pos = 3;
  bool first = true;
  while (pos < t.size()) {
    if (IsJsonSpace(t[pos])) {
      ++pos;
      continue;
    }
    char c = t[pos];
    if (c == '[' && first) {
      out.top_array = true;
      size_t i = pos + 1;
      size_t index = 0;
      bool closed = false;
      while (i < t.size()) {
        if (IsJsonSpace(t[i]) || t[i] == ',') {
          ++i;
          continue;
        }
        if (t[i] == ']') {
          closed = true;
          ++i;
          break;
        }
        JsonValueSpan span;
        span.begin = i;
        span.end = ScanValue(t, i, span.truncated, span.too_deep);
        span.pointer_prefix = fmt::format("/{}", index++);
        out.values.push_back(span);
        if (span.end == i) ++span.end;  // a stray ':' or '}': let the parser report it
        i = std::max(span.end, i + 1);
      }
      if (!closed && !out.values.empty() && !out.values.back().truncated) {
        // A crash leaves llama-bench's array without its ']': the last object is complete.
        JsonValueSpan span;
        span.begin = t.size();
        span.end = t.size();
        span.truncated = true;
        span.pointer_prefix = "]";
        out.values.push_back(span);
      }
      pos = i;
    } else if (c == '{' || c == '[') {
      JsonValueSpan span;
      span.begin = pos;
      span.end = ScanValue(t, pos, span.truncated, span.too_deep);
      out.values.push_back(span);
      pos = span.end;
    } else {
      out.skipped_lines.push_back(pos);
      pos = EndOfLine(t, pos);
    }
    first = false;
  }
  return out;
}

JsonKeyScan::JsonKeyScan(std::string_view text, const JsonValueSpan& span)
    : text_(text), end_(span.end), pos_(span.begin) {
  done_ = span.begin >= text.size() || text[span.begin] != '{';
}

size_t JsonKeyScan::Find(std::string_view key) {
  if (auto it = seen_.find(key); it != seen_.end()) return it->second;
  if (done_) return std::string_view::npos;
  size_t found = std::string_view::npos;
  std::string_view t = text_;
  bool stopped = ForEachScanByte(t, pos_, [&](size_t i) -> size_t {
    char ch = t[i];
    if (in_string_) {
      if (ch == '\\') return i + 2;
      if (ch != '"') return i + 1;
      in_string_ = false;
      if (depth_ != 1) return i + 1;
      // A string at depth 1 followed by ':' is a key; its value stands after the colon.
      std::string_view name = t.substr(string_start_, i - string_start_);
      size_t j = i + 1;
      while (j < t.size() && IsJsonSpace(t[j])) ++j;
      if (j >= t.size() || t[j] != ':') return i + 1;
      ++j;
      while (j < t.size() && IsJsonSpace(t[j])) ++j;
      seen_.emplace(name, j);
      if (name != key) return i + 1;
      found = j;
      pos_ = i + 1;
      return std::string_view::npos;
    }
    if (i >= end_) {
      done_ = true;
      return std::string_view::npos;
    }
    if (ch == '"') {
      in_string_ = true;
      string_start_ = i + 1;
    } else if (ch == '{' || ch == '[') {
      ++depth_;
    } else if (ch == '}' || ch == ']') {
      --depth_;
    }
    return i + 1;
  });
  if (!stopped) done_ = true;
  return found;
}

size_t FindJsonKey(std::string_view t, const JsonValueSpan& span, std::string_view key) {
  return JsonKeyScan(t, span).Find(key);
}

std::optional<LatencyKey> ParseLatencyKey(std::string_view key) {
  if (key.size() > 64 || !key.ends_with("_ms")) return std::nullopt;
  size_t cut = key.find('_');
  std::string_view stat = key.substr(0, cut);
  std::string_view metric = key.substr(cut + 1, key.size() - cut - 1 - 3);
  bool stat_ok = stat == "mean" || stat == "median" || stat == "std";
  if (!stat_ok && stat.size() >= 2 && stat[0] == 'p' && IsDigit(stat[1])) {
    size_t i = 1;
    while (i < stat.size() && IsDigit(stat[i])) ++i;
    if (i < stat.size() && stat[i] == '.' && i + 1 < stat.size()) {
      ++i;
      while (i < stat.size() && IsDigit(stat[i])) ++i;
    }
    stat_ok = i == stat.size();
  }
  bool metric_ok = metric == "ttft" || metric == "tpot" || metric == "itl" || metric == "e2el" ||
                   metric == "e2e_latency";
  if (cut == std::string_view::npos || !stat_ok || !metric_ok) return std::nullopt;
  return LatencyKey{std::string(metric), std::string(stat)};
}

std::string_view LatencyMetric(std::string_view m) {
  if (m == "ttft") return "ttft";
  if (m == "tpot") return "tpot";
  if (m == "itl") return "itl";
  return "e2e-latency";
}

std::string_view LatencyName(std::string_view m) {
  if (m == "ttft") return "TTFT";
  if (m == "tpot") return "TPOT";
  if (m == "itl") return "ITL";
  return "E2E latency";
}

std::string_view LatencyMeaning(std::string_view m) {
  if (m == "tpot") {
    return "per request (latency - TTFT) / (output tokens - 1), then the statistic across "
           "requests";
  }
  if (m == "itl")
    return "pooled gaps between streamed chunks (a chunk may hold more than one token)";
  if (m == "ttft") return "client-side, including queueing";
  return "end-to-end request latency";
}

size_t ReadCsvRecord(std::string_view t, size_t pos, char sep, std::vector<CsvCell>& out,
                     size_t& bad) {
  out.clear();
  CsvCell c;
  c.offset = pos;
  size_t i = pos;
  while (true) {
    if (i < t.size() && t[i] == '"') {
      size_t quote = i;
      c.offset = i + 1;
      ++i;
      while (true) {
        if (i >= t.size()) {
          bad = quote;
          return std::string_view::npos;
        }
        if (t[i] == '"') {
          if (i + 1 < t.size() && t[i + 1] == '"') {
            c.text += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        c.text += t[i++];
      }
      while (i < t.size() && t[i] != sep && t[i] != '\n') ++i;
    } else {
      size_t b = i;
      while (i < t.size() && t[i] != sep && t[i] != '\n') ++i;
      std::string_view raw = t.substr(b, i - b);
      if (raw.ends_with('\r')) raw.remove_suffix(1);
      size_t lead = raw.find_first_not_of(" \t");
      c.offset = b + (lead == std::string_view::npos ? 0 : lead);
      c.text = std::string(Trim(raw));
    }
    out.push_back(std::move(c));
    c = CsvCell();
    if (i >= t.size()) return t.size();
    if (t[i] == '\n') return i + 1;
    ++i;
    c.offset = i;
  }
}

std::string WithoutInteractive(std::string_view name) {
  std::string lower = ToLower(name);
  size_t at = lower.find("-interactive");
  if (at == std::string_view::npos || at == 0) return "";
  size_t end = at + std::string_view("-interactive").size();
  if (end != lower.size() && lower[end] != '-') return "";
  return std::string(name.substr(0, at)) + std::string(name.substr(end));
}

size_t OutOfRangeOffset(std::string_view text, size_t begin, size_t end, std::string_view error) {
  size_t q = error.find('\'');
  size_t q2 = q == std::string_view::npos ? q : error.find('\'', q + 1);
  if (q2 == std::string_view::npos || q2 == q + 1) return begin;
  std::string_view number = error.substr(q + 1, q2 - q - 1);
  end = std::min(end, text.size());
  size_t at = begin < end ? text.substr(begin, end - begin).find(number) : std::string_view::npos;
  return at == std::string_view::npos ? begin : begin + at;
}

std::string PointerToken(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

// ----- TOML rendering -----

std::string TomlString(std::string_view s) {
  std::string out = "\"";
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = s[i];
    if (c >= 0x80) {
      size_t n = Utf8Length(s, i);
      if (n == 0) {
        out += "\\uFFFD";
        ++i;
        continue;
      }
      // The C1 controls, the bidi embeddings, overrides and isolates (U+202A..U+202E,
      // U+2066..U+2069) and the line and paragraph separators (U+2028, U+2029) are written
      // escaped: valid TOML either way, but raw they reorder or break the line an editor or a
      // review shows.
      uint32_t cp = 0;
      if (n == 2) cp = ((c & 0x1Fu) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3Fu);
      if (n == 3) {
        cp = ((c & 0x0Fu) << 12) | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) |
             (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
      }
      if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0x2028 && cp <= 0x2029) ||
          (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
        out += fmt::format("\\u{:04X}", cp);
      } else {
        out.append(s.substr(i, n));
      }
      i += n;
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += fmt::format("\\u{:04X}", c);
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  out += '"';
  return out;
}

std::string RenderBenchmark(const BenchmarkDraft& b) {
  RecordWriter w(RecordKind::kBenchmark);
  w.String("id", b.id).String("title", b.title).String("status", b.status);
  w.String("metric", b.metric).StringIf("statistic", b.statistic).String("value", b.value);
  w.StringIf("derived_from", b.derived_from).String("model", b.model);
  if (b.precision.empty()) {
    w.Absent("precision", b.precision_absent);
  } else {
    w.String("precision", b.precision);
  }
  w.StringIf("weights", b.weights).StringIf("kv_precision", b.kv_precision);
  w.String("hardware", b.hardware).Strings("accelerators", b.accelerators);
  if (b.accelerators_absent) {
    w.InlineTable("accelerators_absent", {{"because", b.accelerators_absent->first},
                                          {"note", b.accelerators_absent->second}});
  }
  if (b.accelerator_count > 0) {
    w.Integer("accelerator_count", b.accelerator_count);
  } else {
    w.Absent("accelerator_count", b.count_absent);
  }
  w.String("source", b.source).String("locator", b.locator);
  w.StringIf("set", b.set).StringIf("notes", b.notes);
  w.Section("conditions");
  for (const auto& [key, v] : b.conditions) {
    switch (v.kind) {
      case CondValue::Kind::kInt:
        w.Integer(key, v.integer);
        break;
      case CondValue::Kind::kBool:
        w.Boolean(key, v.boolean);
        break;
      case CondValue::Kind::kString:
        w.String(key, v.text);
        break;
      case CondValue::Kind::kAbsent:
        w.Absent(key, v.text);
        break;
      case CondValue::Kind::kTable:
        w.InlineTable(key, v.members);
        break;
    }
  }
  return w.Take();
}

std::string RenderModel(const ModelDraft& m) {
  RecordWriter w(RecordKind::kModel);
  w.String("id", m.id).String("name", m.name).String("status", "draft");
  w.Strings("aliases", m.aliases);
  if (m.params_total > 0) {
    w.Number("params_total", m.params_total);
  } else {
    w.Absent("params_total", "the imported file does not state the parameter count");
  }
  w.Absent("params_active",
           "the imported file does not say whether the model is a mixture of experts");
  constexpr std::string_view kGeometry =
      "no tool output states the model's geometry; read it from the model's config and make "
      "this record verified";
  w.Absent("layers", kGeometry).Absent("kv_heads", kGeometry).Absent("head_dim", kGeometry);
  w.Absent("native_precision", "not stated by the imported file");
  w.String("source", m.source).StringIf("notes", m.notes);
  return w.Take();
}

std::string RenderSource(const SourceDraft& s) {
  RecordWriter w(RecordKind::kSource);
  w.String("id", s.id).String("title", s.title).String("publisher", s.publisher);
  w.String("url", s.url).String("date", s.date).String("kind", s.kind);
  w.String("status", "draft").StringIf("notes", s.notes);
  return w.Take();
}

// ----- Corpus lookups -----

namespace {

std::string Join(const std::vector<std::string>& v, std::string_view sep = ", ") {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? std::string(sep) : "") + v[i];
  return out;
}

bool Contradicts(std::string_view a, std::string_view b) {
  auto ta = HardwareTokens(a);
  auto tb = HardwareTokens(b);
  return !std::includes(ta.begin(), ta.end(), tb.begin(), tb.end()) &&
         !std::includes(tb.begin(), tb.end(), ta.begin(), ta.end());
}

}  // namespace

Context::Context(const Corpus& corpus, const ImportOptions& options)
    : corpus_(corpus), options_(options) {}

const HardwareIndex& Context::Hardware() const {
  if (!hardware_) hardware_.emplace(corpus_.accelerators);
  return *hardware_;
}

Context::ModelMatch Context::ResolveModel(const std::vector<std::string>& names,
                                          size_t weak_from) const {
  ModelMatch m;
  std::string ambiguous;
  // A corpus name (id, name or alias, case-insensitive) of exactly one model, over the names
  // in [from, to).
  auto exact = [&](size_t from, size_t to) {
    for (size_t index = from; index < std::min(to, names.size()); ++index) {
      const std::string& name = names[index];
      if (name.empty()) continue;
      std::string key = ToLower(name);
      std::vector<std::string> ids;
      for (const Model& model : corpus_.models) {
        bool hit = ToLower(model.header.id) == key || ToLower(model.name) == key;
        for (const auto& a : model.aliases) hit = hit || ToLower(a) == key;
        if (hit) ids.push_back(model.header.id.str());
      }
      if (ids.size() == 1) {
        m.id = ids[0];
        m.how = fmt::format("'{}' is a name of model {}", name, ids[0]);
        m.matched = index;
        return true;
      }
      if (ids.size() > 1 && ambiguous.empty()) {
        ambiguous = fmt::format("'{}' names several models ({})", name, Join(ids));
      }
    }
    return false;
  };
  if (exact(0, weak_from)) return m;
  // The names people write beyond the corpus's own: a hub id without its organisation or with
  // a variant suffix, "llama2" for "llama-2" (names.h). Only a name that reads as exactly one
  // model. A file name read so names the model better than a type string several models
  // share, which is tried last.
  if (ambiguous.empty()) {
    for (size_t index = 0; index < names.size(); ++index) {
      if (names[index].empty() || index >= weak_from) continue;
      ModelName read = ReadModelName(corpus_, names[index]);
      if (read.model == nullptr) continue;
      m.id = read.model->header.id.str();
      m.how = read.how.empty() ? fmt::format("'{}' is a name of model {}", names[index], m.id)
                               : read.how;
      m.matched = index;
      return m;
    }
  }
  if (weak_from < names.size() && exact(weak_from, names.size())) return m;
  std::vector<std::string> tried;
  for (const auto& n : names) {
    std::string quoted = fmt::format("'{}'", n);
    if (!n.empty() && std::find(tried.begin(), tried.end(), quoted) == tried.end()) {
      tried.push_back(quoted);
    }
  }
  m.problem = !ambiguous.empty() ? ambiguous
              : tried.empty()
                  ? std::string("the file names no model")
                  : fmt::format("no model in the corpus is named {}", Join(tried, " or "));
  return m;
}

std::vector<std::string> Context::CpuRecordsNamed(std::string_view processor) const {
  std::vector<std::string> ids;
  if (Trim(processor).empty()) return ids;
  for (const Accelerator* a : Hardware().Match(processor).candidates) {
    if (a->form_factor != "cpu") return {};
    ids.push_back(a->header.id.str());
  }
  return ids;
}

Context::Parts Context::ResolveParts(const std::string& stated, const std::string& unstated_why,
                                     const Diagnostic& where, Sink& sink) const {
  Parts p;
  const ImportOptions& o = options_;
  std::string text = stated;
  if (!stated.empty()) {
    p.hardware = stated;
    if (!o.hardware.empty() && Contradicts(o.hardware, stated)) {
      Diagnostic d = where;
      d.severity = Severity::kWarning;
      d.code = DiagnosticCode("conflicting-flag").name();
      d.message = fmt::format(
          "--hardware '{}' contradicts the file's hardware '{}'; the file's "
          "is kept",
          o.hardware, stated);
      d.hint = "drop --hardware when the file states the hardware";
      sink.Add(d);
    }
  } else if (!o.hardware.empty()) {
    text = o.hardware;
    p.hardware = fmt::format("{} (user-stated: --hardware)", o.hardware);
    p.notes.push_back(
        fmt::format("Hardware '{}' is user-stated (--hardware): {}.", o.hardware, unstated_why));
  } else {
    p.hardware = "not stated by the file";
  }

  HardwareMatch match;
  if (!text.empty()) {
    match = Hardware().Match(text);
    if (match.candidates.empty() && text.find(", ") != std::string::npos) {
      // llama-bench's gpu_info joins every detected device: match each.
      size_t start = 0;
      while (start <= text.size()) {
        size_t comma = text.find(", ", start);
        std::string piece =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        for (const Accelerator* a : Hardware().Match(piece).candidates) {
          if (std::find(match.candidates.begin(), match.candidates.end(), a) ==
              match.candidates.end()) {
            match.candidates.push_back(a);
          }
        }
        if (comma == std::string::npos) break;
        start = comma + 2;
      }
    }
  }
  std::vector<std::string> candidates;
  for (const Accelerator* a : match.candidates) candidates.push_back(a->header.id.str());

  if (!o.accelerator.empty()) {
    if (!stated.empty() && !candidates.empty() &&
        std::find(candidates.begin(), candidates.end(), o.accelerator) == candidates.end()) {
      Diagnostic d = where;
      d.severity = Severity::kWarning;
      d.code = DiagnosticCode("conflicting-flag").name();
      d.message = fmt::format(
          "--accelerator {} is not a part the file's hardware '{}' names "
          "({}); the file's parts are kept",
          o.accelerator, stated, Join(candidates));
      d.hint = "drop --accelerator, or check which file you are importing";
      sink.Add(d);
    } else {
      p.ids = {o.accelerator};
      p.notes.push_back(
          fmt::format("Accelerator pointer {} is user-stated (--accelerator).", o.accelerator));
      return p;
    }
  }
  if (!candidates.empty()) {
    p.ids = candidates;
    if (candidates.size() > 1) {
      p.notes.push_back(
          fmt::format("The hardware text '{}' does not say which of {} ran it: "
                      "every one is computed and the most generous roof used.",
                      text, Join(candidates)));
    }
  } else if (!text.empty()) {
    p.absent = {"no-record", fmt::format("no accelerator record in the corpus matches '{}'", text)};
  } else {
    p.absent = {"not-stated", fmt::format("{}; pass --hardware or --accelerator", unstated_why)};
  }
  return p;
}

Context::PrecisionChoice Context::ResolvePrecision(const std::string& stated) const {
  PrecisionChoice c;
  if (!stated.empty()) {
    c.name = stated;
    c.how = "stated by the file";
  } else if (!options_.precision.empty()) {
    c.name = options_.precision;
    c.how = "user-stated (--precision)";
  } else {
    c.how = "the file does not state the weight format (pass --precision if you know it)";
  }
  return c;
}

Context::ModelChoice Context::ChooseModel(const std::vector<std::string>& names,
                                          const std::string& display, double params,
                                          std::string_view params_how, const std::string& source,
                                          const Diagnostic& where, Sink& sink, size_t weak_from,
                                          bool allow_draft) const {
  ModelChoice c;
  ModelMatch match = ResolveModel(names, weak_from);
  c.problem = match.problem;
  const std::string& flag = options_.model;
  auto warn = [&](DiagnosticCode code, std::string message, std::string hint) {
    Diagnostic d = where;
    d.severity = Severity::kWarning;
    d.code = code.name();
    d.message = message;
    d.hint = hint;
    sink.Add(d);
  };
  // A model the corpus lacks: a draft record from what the file states, never a guess.
  auto draft = [&](const std::string& problem) {
    ModelDraft m;
    m.name = display.empty() ? std::string("unnamed model") : display;
    // A local path ("/data2/shared/kimi-k2.5-int4") is a folder of the machine that ran, not a
    // name: the id takes its last component, never the path.
    std::string_view named = m.name;
    if (named.starts_with('/') || named.starts_with("./") || named.starts_with("../") ||
        named.starts_with("~/")) {
      while (named.size() > 1 && named.ends_with('/')) named.remove_suffix(1);
      named = named.substr(named.rfind('/') + 1);
    }
    m.id = Slug(named, 60);
    if (m.id.empty()) m.id = fmt::format("model-{}", ShortHash(Fnv1a(m.name)));
    if (corpus_.FindModel(m.id) != nullptr) m.id += "-" + ShortHash(Fnv1a(m.name));
    m.aliases = {m.name};
    m.params_total = params;
    m.params_how = std::string(params_how);
    m.source = source;
    m.notes = fmt::format(
        "Draft written by rooflint import: {} The corpus had no model named '{}'. Only what "
        "the file states is recorded{}; the geometry and native precision are absent until "
        "someone reads them from the model's config.",
        problem.empty() ? "" : problem + ".", m.name,
        params > 0 ? fmt::format(" (parameter count {}: {})", NumberText(params), params_how) : "");
    c.id = m.id;
    c.how = fmt::format("draft model record {} written for '{}' ({})", m.id, m.name, problem);
    c.draft = std::move(m);
  };
  // A type string several models share ("llama 70B" is an alias of Llama 2 70B, and Llama 3's
  // 70B models print it too) yields to the parameter count the file states: when other models
  // of the corpus match that count and the type string's model does not, the count names the
  // model. When one model matches it and the file gives no other name, that is the model;
  // when several do, or a file name the corpus lacks says otherwise, the record is a draft
  // with a warning, never silently the type string's model.
  if (!match.id.empty() && flag.empty() && allow_draft && match.matched >= weak_from &&
      params > 0) {
    const Model* named = corpus_.FindModel(match.id);
    auto apart = [&](const Model& model) {
      return std::fabs(params - model.params_total) / model.params_total;
    };
    if (named != nullptr && named->params_total > 0 && apart(*named) > 0.01) {
      std::vector<const Model*> closer;
      for (const Model& model : corpus_.models) {
        if (model.params_total > 0 && &model != named && apart(model) <= 0.01) {
          closer.push_back(&model);
        }
      }
      if (!closer.empty()) {
        std::vector<std::string> ids;
        for (const Model* model : closer) ids.push_back(model->header.id.str());
        std::string why = fmt::format(
            "{}, which has {} parameters, but the file states {} ({}), {:.1f}% apart; {} {} "
            "that count",
            match.how, FormatSi(named->params_total), NumberText(params), params_how,
            apart(*named) * 100, Join(ids), closer.size() == 1 ? "matches" : "match");
        bool other_name = false;
        for (size_t i = 0; i < std::min(weak_from, names.size()); ++i)
          other_name |= !names[i].empty();
        if (closer.size() == 1 && !other_name) {
          c.id = ids[0];
          c.how = fmt::format("the stated parameter count: {}", why);
          return c;
        }
        std::string problem = fmt::format(
            "{}{}", why,
            closer.size() > 1
                ? ": the count does not say which"
                : fmt::format(", and the file's name '{}' is not one of its names", display));
        draft(problem);
        warn("params-disagree",
             fmt::format("the model is not the type string's: {}; a draft model record {} is "
                         "written",
                         problem, c.id),
             "pass --model with the model the test ran, or add it to the corpus");
        return c;
      }
    }
  }
  if (!match.id.empty() && !flag.empty() && flag != match.id && match.matched >= weak_from) {
    c.id = flag;
    c.how = fmt::format("--model {} (user-stated; the file's type string only says {})", flag,
                        match.how);
    warn("weak-model-name",
         fmt::format("--model {} is used: the file names the model only by a type string "
                     "that several models share ({})",
                     flag, match.how),
         "the parameter count the file states is checked against --model");
  } else if (!match.id.empty()) {
    c.id = match.id;
    c.how = match.how;
    if (!flag.empty() && flag != match.id) {
      warn("conflicting-flag",
           fmt::format("--model {} contradicts the file's model ({}); the file's is kept", flag,
                       match.how),
           "drop --model when the corpus knows the file's model");
    }
  } else if (!flag.empty()) {
    c.id = flag;
    c.how = fmt::format("--model {} (user-stated; {})", flag, match.problem);
  } else if (!allow_draft) {
    return c;
  } else {
    draft(match.problem);
    return c;
  }
  // A parameter count the file states is checked against the record it resolves to.
  if (params > 0) {
    if (const Model* model = corpus_.FindModel(c.id); model != nullptr && model->params_total > 0) {
      double rel = std::fabs(params - model->params_total) / model->params_total;
      if (rel > 0.05) {
        warn("params-disagree",
             fmt::format("the file states {} parameters ({}), but model {} has {} ({:.0f}% "
                         "apart): the file may be a different model",
                         NumberText(params), params_how, c.id, FormatSi(model->params_total),
                         rel * 100),
             "check the model: pass --model with the right id, or correct the model record");
      }
    }
  }
  return c;
}

CondValue Context::EngineVersionFromFlag(std::string why) const {
  const std::string& flag = options_.engine_version;
  if (flag.empty()) return CondValue::Absent(std::move(why));
  return CondValue::Str(fmt::format("{} (user-stated: --engine-version)", flag));
}

std::optional<std::string> Context::Quantity(const std::string& text, Dimension dim,
                                             const Diagnostic& where, std::string_view what,
                                             Sink& sink) const {
  auto r = ParseQuantity(text, dim);
  if (const auto* e = std::get_if<QuantityError>(&r)) {
    Diagnostic d = where;
    d.severity = Severity::kError;
    d.code = e->code.name();
    size_t near = where.message.find(" (near '");
    d.message = fmt::format("{}: {}{}", what, e->message,
                            near == std::string::npos ? "" : where.message.substr(near));
    d.hint = e->hint;
    sink.Add(d);
    return std::nullopt;
  }
  return text;
}

// ----- Emitting -----

namespace {

void Emit(RecordKind kind, const std::string& id, std::string toml, const std::string& from,
          const Diagnostic& where, ImportResult& out) {
  ParseResult r = ParseRecord(kind, toml, fmt::format("{}.toml", id), id);
  if (!r.ok() || !r.diagnostics.empty()) {
    Diagnostic d = where;
    d.severity = Severity::kError;
    d.code = DiagnosticCode("internal").name();
    d.message =
        fmt::format("the {} record built from this entry does not re-parse: {}", KindName(kind),
                    r.diagnostics.empty() ? "rejected" : r.diagnostics[0].message);
    d.hint = "this is a bug in rooflint's importer: please report it with the file";
    out.diagnostics.push_back(d);
    return;
  }
  out.records.push_back({kind, id, std::move(toml), std::move(r.record), from});
}

}  // namespace

void SetCount(BenchmarkDraft& b, int64_t count, std::string why) {
  b.accelerator_count = count > 0 ? count : 0;
  b.count_absent = count > 0 ? "" : std::move(why);
}

BenchmarkDraft RunDraft(const std::string& model, const Context::PrecisionChoice& precision,
                        const Context::Parts& parts, int64_t count, const std::string& source,
                        const std::string& set) {
  BenchmarkDraft b;
  b.model = model;
  b.precision = precision.name;
  if (b.precision.empty()) b.precision_absent = precision.how;
  b.hardware = parts.hardware;
  b.accelerators = parts.ids;
  b.accelerators_absent = parts.absent;
  SetCount(b, count, "the file states no accelerator count (pass --count)");
  b.source = source;
  b.set = set;
  return b;
}

void EmitBenchmark(const BenchmarkDraft& b, const std::string& from, const Diagnostic& where,
                   ImportResult& out) {
  Emit(RecordKind::kBenchmark, b.id, RenderBenchmark(b), from, where, out);
}

void EmitSource(const SourceDraft& s, const std::string& from, const Diagnostic& where,
                ImportResult& out) {
  Emit(RecordKind::kSource, s.id, RenderSource(s), from, where, out);
}

void EmitModel(const ModelDraft& m, const std::string& from, const Diagnostic& where,
               ImportResult& out) {
  for (const ImportedRecord& r : out.records) {
    if (r.kind == RecordKind::kModel && r.id == m.id) return;
  }
  Emit(RecordKind::kModel, m.id, RenderModel(m), from, where, out);
}

std::string SourceIdOf(const Context& ctx, std::string_view prefix, std::string_view file_hash) {
  return ctx.options().source.empty() ? fmt::format("{}-{}", prefix, file_hash)
                                      : ctx.options().source;
}

FileImport::FileImport(const ImportFile& file, ImportResult& out)
    : file_(file),
      out_(out),
      src_(file.path, file.text, file_fnv_),
      file_hash_(ShortHash(file_fnv_)) {}

FileImport::~FileImport() {
  for (auto& d : diags_) out_.diagnostics.push_back(std::move(d));
  for (const auto& [path, dropped] : sink_.cap->dropped()) {
    DroppedDiagnostics& into = out_.dropped[path];
    into.count += dropped.count;
    into.errors += dropped.errors;
  }
}

bool FileImport::failed() const {
  return sink_.cap->DroppedAnError() ||
         std::any_of(diags_.begin(), diags_.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

bool FileImport::RefuseInvalidUtf8(std::string hint) {
  size_t bad = FirstInvalidUtf8(file_.text);
  if (bad == std::string_view::npos) return false;
  sink_.Add(src_.At(bad, Severity::kError, "bad-utf8", "the file is not valid UTF-8 here",
                    std::move(hint)));
  return true;
}

bool FileImport::RepeatsAnEarlierRun(std::string_view canonical, size_t offset) {
  auto [it, added] = run_at_.try_emplace(Fnv1a(canonical), offset);
  if (added) return false;
  ++repeats_[it->second];
  return true;
}

void FileImport::Add(BenchmarkDraft b, size_t offset) {
  drafts_.emplace_back(std::move(b), offset);
}

void FileImport::Add(std::vector<BenchmarkDraft> bs, size_t offset) {
  for (auto& b : bs) drafts_.emplace_back(std::move(b), offset);
}

void FileImport::AddModel(ModelDraft m, size_t offset) {
  models_.emplace_back(std::move(m), offset);
}

void FileImport::Emit(const std::optional<SourceDraft>& source) {
  for (const auto& [offset, n] : repeats_) {
    sink_.Add(src_.At(offset, Severity::kNote, "duplicate-run",
                      fmt::format("this run is repeated byte for byte {} more time{} in the file: "
                                  "one run, imported once",
                                  n, n == 1 ? "" : "s"),
                      "a benchmark tool that appends its results wrote the same run again"));
  }
  if (failed()) return;
  for (const auto& [b, offset] : drafts_) {
    EmitBenchmark(b, file_.path, src_.At(offset, Severity::kError, "", "", ""), out_);
  }
  for (const auto& [m, offset] : models_) {
    EmitModel(m, file_.path, src_.At(offset, Severity::kError, "", "", ""), out_);
  }
  if (source) EmitSource(*source, file_.path, src_.At(0, Severity::kError, "", "", ""), out_);
}

SourceDraft LocalRunSource(std::string id, std::string title, std::string_view run, std::string url,
                           const std::string& date, std::string notes) {
  SourceDraft s;
  s.id = std::move(id);
  s.title = std::move(title);
  s.publisher = fmt::format("not stated: {} imported from a local file", run);
  s.url = std::move(url);
  s.date = date.empty() ? Today() : date;
  s.kind = "dataset";
  s.notes = std::move(notes);
  return s;
}

std::string UnnamedStatistics(const std::vector<std::string>& skipped) {
  if (skipped.empty()) return "";
  return fmt::format(
      " Not imported: {} (the record format's statistic is mean, median, p50, p90, p99 or "
      "peak).",
      fmt::join(skipped, ", "));
}

char FirstNonSpace(std::string_view text) {
  size_t first = text.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos ? '\0' : text[first];
}

bool IsRecordStatistic(std::string_view statistic) {
  for (std::string_view s : {"mean", "median", "p50", "p90", "p99"}) {
    if (statistic == s) return true;
  }
  return false;
}

std::string OfferedLoadNote(double rate, double mean_output, double measured) {
  if (!(rate > 0) || !std::isfinite(rate) || !(mean_output > 0) || !(measured > 0)) return "";
  const double offered = rate * mean_output;
  if (measured < 0.7 * offered) return "";
  return fmt::format(
      "the run offered {} req/s x {} output tokens = {} tok/s, and served {} tok/s ({}% of it): "
      "the server kept up with the load it was given, so this aggregate is the load, not the "
      "server's capacity (compare it with no saturation figure)",
      NumberText(rate), fmt::format("{:.2f}", mean_output), fmt::format("{:.1f}", offered),
      fmt::format("{:.1f}", measured), fmt::format("{:.0f}", measured / offered * 100));
}

}  // namespace rooflint::import
