// The unit table and the strict quantity parser.
#include "rooflint/units.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/text_util.h"

namespace rooflint {
namespace {

struct UnitDef {
  std::string_view name;
  Dimension dimension;
  double factor;  // SI base units per one of this unit
};

constexpr double kKi = 1024.0;
constexpr double kMi = kKi * 1024.0;
constexpr double kGi = kMi * 1024.0;
constexpr double kTi = kGi * 1024.0;

constexpr std::array kUnits = {
    UnitDef{"B", Dimension::kBytes, 1},
    UnitDef{"kB", Dimension::kBytes, 1e3},
    UnitDef{"KB", Dimension::kBytes, 1e3},
    UnitDef{"MB", Dimension::kBytes, 1e6},
    UnitDef{"GB", Dimension::kBytes, 1e9},
    UnitDef{"TB", Dimension::kBytes, 1e12},
    UnitDef{"PB", Dimension::kBytes, 1e15},
    UnitDef{"KiB", Dimension::kBytes, kKi},
    UnitDef{"MiB", Dimension::kBytes, kMi},
    UnitDef{"GiB", Dimension::kBytes, kGi},
    UnitDef{"TiB", Dimension::kBytes, kTi},
    UnitDef{"B/s", Dimension::kBandwidth, 1},
    UnitDef{"MB/s", Dimension::kBandwidth, 1e6},
    UnitDef{"GB/s", Dimension::kBandwidth, 1e9},
    UnitDef{"TB/s", Dimension::kBandwidth, 1e12},
    UnitDef{"PB/s", Dimension::kBandwidth, 1e15},
    UnitDef{"MiB/s", Dimension::kBandwidth, kMi},
    UnitDef{"GiB/s", Dimension::kBandwidth, kGi},
    UnitDef{"TiB/s", Dimension::kBandwidth, kTi},
    UnitDef{"GFLOPS", Dimension::kComputeRate, 1e9},
    UnitDef{"TFLOPS", Dimension::kComputeRate, 1e12},
    UnitDef{"PFLOPS", Dimension::kComputeRate, 1e15},
    UnitDef{"GOPS", Dimension::kComputeRate, 1e9},
    UnitDef{"TOPS", Dimension::kComputeRate, 1e12},
    UnitDef{"POPS", Dimension::kComputeRate, 1e15},
    UnitDef{"tok/s", Dimension::kTokenRate, 1},
    UnitDef{"req/s", Dimension::kRequestRate, 1},
    UnitDef{"ns", Dimension::kTime, 1e-9},
    UnitDef{"us", Dimension::kTime, 1e-6},
    UnitDef{"ms", Dimension::kTime, 1e-3},
    UnitDef{"s", Dimension::kTime, 1},
};

// Spellings people write that mean something else, or are close but not accepted.
struct Misspelling {
  std::string_view written;
  std::string_view message;
  std::string_view hint;
};
constexpr std::array kMisspellings = {
    Misspelling{"Gb/s", "'Gb/s' is gigaBITS per second",
                "write bytes per second: GB/s (1 GB/s = 8 Gb/s)"},
    Misspelling{"Tb/s", "'Tb/s' is teraBITS per second",
                "write bytes per second: TB/s (1 TB/s = 8 Tb/s)"},
    Misspelling{"Gb", "'Gb' is gigaBITS", "write bytes: GB (1e9 B) or GiB (2^30 B)"},
    Misspelling{"GBps", "'GBps' is not a unit rooflint accepts", "write GB/s"},
    Misspelling{"TBps", "'TBps' is not a unit rooflint accepts", "write TB/s"},
    Misspelling{"TFLOP/s", "'TFLOP/s' is not a unit rooflint accepts", "write TFLOPS"},
    Misspelling{"tokens/s", "'tokens/s' is not a unit rooflint accepts", "write tok/s"},
    Misspelling{"t/s", "'t/s' is not a unit rooflint accepts", "write tok/s"},
    Misspelling{"tps", "'tps' is not a unit rooflint accepts", "write tok/s"},
    Misspelling{"µs", "'µs' is not a unit rooflint accepts", "write us"},
};

struct Range {
  double min_si;
  double max_si;
  std::string_view min_text;
  std::string_view max_text;
};

Range RangeFor(Dimension d) {
  switch (d) {
    case Dimension::kBytes:
      return {1e6, 1e14, "1 MB", "100 TB"};
    case Dimension::kBandwidth:
      return {1e9, 1e17, "1 GB/s", "100 PB/s"};
    case Dimension::kComputeRate:
      return {1e10, 1e17, "0.01 TFLOPS", "100 PFLOPS"};
    case Dimension::kTokenRate:
      return {0, 1e9, "0 tok/s", "1e9 tok/s"};
    case Dimension::kRequestRate:
      return {0, 1e7, "0 req/s", "1e7 req/s"};
    case Dimension::kTime:
      return {0, 86400, "0 s", "1 day"};
  }
  return {0, 0, "", ""};
}

// Length of the leading decimal number in `s`: digits, optional fraction, optional exponent.
// Returns 0 if `s` does not start with one. Sets `decimals` to the digits after the point.
size_t ScanNumber(std::string_view s, int& decimals) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  size_t int_start = i;
  while (i < s.size() && IsDigit(s[i])) ++i;
  if (i == int_start) return 0;
  decimals = 0;
  if (i < s.size() && s[i] == '.') {
    size_t frac_start = ++i;
    while (i < s.size() && IsDigit(s[i])) ++i;
    if (i == frac_start) return 0;
    decimals = static_cast<int>(i - frac_start);
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '-' || s[j] == '+')) ++j;
    size_t exp_start = j;
    while (j < s.size() && IsDigit(s[j])) ++j;
    if (j > exp_start) i = j;
  }
  return i;
}

}  // namespace

std::string_view DimensionName(Dimension d) {
  switch (d) {
    case Dimension::kBytes:
      return "bytes";
    case Dimension::kBandwidth:
      return "bandwidth";
    case Dimension::kComputeRate:
      return "compute rate";
    case Dimension::kTokenRate:
      return "token rate";
    case Dimension::kRequestRate:
      return "request rate";
    case Dimension::kTime:
      return "time";
  }
  return "?";
}

std::string_view ExampleFor(Dimension d) {
  switch (d) {
    case Dimension::kBytes:
      return "14 GB";
    case Dimension::kBandwidth:
      return "1555 GB/s";
    case Dimension::kComputeRate:
      return "312 TFLOPS";
    case Dimension::kTokenRate:
      return "57.6 tok/s";
    case Dimension::kRequestRate:
      return "0.9 req/s";
    case Dimension::kTime:
      return "17.4 ms";
  }
  return "";
}

std::string_view UnitsFor(Dimension d) {
  switch (d) {
    case Dimension::kBytes:
      return "B, kB, MB, GB, TB, PB, KiB, MiB, GiB, TiB";
    case Dimension::kBandwidth:
      return "B/s, MB/s, GB/s, TB/s, PB/s, MiB/s, GiB/s, TiB/s";
    case Dimension::kComputeRate:
      return "GFLOPS, TFLOPS, PFLOPS, GOPS, TOPS, POPS";
    case Dimension::kTokenRate:
      return "tok/s";
    case Dimension::kRequestRate:
      return "req/s";
    case Dimension::kTime:
      return "ns, us, ms, s";
  }
  return "";
}

std::variant<ParsedQuantity, QuantityError> ParseQuantity(std::string_view text,
                                                          Dimension expected) {
  std::string_view s = Trim(text);
  int lead = static_cast<int>(s.data() - text.data());
  int decimals = 0;
  size_t n = ScanNumber(s, decimals);
  if (n == 0) {
    std::string lower = ToLower(s);
    bool nan_like = lower.starts_with("nan") || lower.starts_with("inf") ||
                    lower.starts_with("-inf") || lower.starts_with("+inf");
    return QuantityError{
        "not-a-number",
        nan_like ? fmt::format("'{}' is not a finite number", text)
                 : fmt::format("'{}' does not start with a number", text),
        fmt::format("write a number and a unit, e.g. \"{}\"", ExampleFor(expected)), lead};
  }
  double number = 0;
  std::string digits(s.substr(0, n));
  // from_chars takes no leading '+'; "+14 GB" is as good as "14 GB".
  const char* first = digits.data() + (digits[0] == '+' ? 1 : 0);
  auto [ptr, ec] = std::from_chars(first, digits.data() + digits.size(), number);
  if (ec == std::errc::result_out_of_range) {
    return QuantityError{"absurd-value",
                         fmt::format("'{}' is too large or too small for any {} quantity", digits,
                                     DimensionName(expected)),
                         "check the exponent", lead};
  }
  if (ec != std::errc() || ptr != digits.data() + digits.size() || !std::isfinite(number)) {
    return QuantityError{"not-a-number", fmt::format("'{}' is not a finite number", digits),
                         "write an ordinary decimal number", lead};
  }
  std::string_view unit = Trim(s.substr(n));
  int unit_col = lead + static_cast<int>(unit.empty() ? s.size() : unit.data() - s.data());
  if (unit.empty()) {
    return QuantityError{
        "unknown-unit", fmt::format("'{}' has no unit", text),
        fmt::format("a {} takes one of: {}", DimensionName(expected), UnitsFor(expected)),
        unit_col};
  }
  const UnitDef* def = nullptr;
  for (const auto& u : kUnits) {
    if (u.name == unit) def = &u;
  }
  if (def == nullptr) {
    for (const auto& m : kMisspellings) {
      if (m.written == unit) {
        return QuantityError{"unknown-unit", std::string(m.message), std::string(m.hint), unit_col};
      }
    }
    std::string best;
    size_t best_distance = 3;
    for (const auto& u : kUnits) {
      if (u.dimension != expected) continue;
      size_t d = EditDistance(ToLower(unit), ToLower(u.name));
      if (d < best_distance) best_distance = d, best = std::string(u.name);
    }
    std::string hint = best.empty() ? fmt::format("a {} takes one of: {}", DimensionName(expected),
                                                  UnitsFor(expected))
                                    : fmt::format(
                                          "did you mean '{}'? (units are case-sensitive: GB is "
                                          "1e9 B, GiB is 2^30 B)",
                                          best);
    return QuantityError{"unknown-unit", fmt::format("unknown unit '{}'", unit), hint, unit_col};
  }
  if (def->dimension != expected) {
    return QuantityError{"wrong-dimension",
                         fmt::format("'{}' is a unit of {}, but this key takes a {}", unit,
                                     DimensionName(def->dimension), DimensionName(expected)),
                         fmt::format("use one of: {}", UnitsFor(expected)), unit_col};
  }
  if (number <= 0) {
    return QuantityError{
        "non-positive",
        fmt::format("{} must be greater than zero, got '{}'", DimensionName(expected), text),
        "a physical quantity here is positive; check the sign and the figure", lead};
  }
  double si = number * def->factor;
  Range r = RangeFor(expected);
  if (si < r.min_si || si > r.max_si || !std::isfinite(si)) {
    return QuantityError{
        "absurd-value",
        fmt::format("'{}' is outside the plausible range for a {} ({} to {})", text,
                    DimensionName(expected), r.min_text, r.max_text),
        "check the prefix (GB vs TB, MB/s vs GB/s) and the figure against its source", lead};
  }
  return ParsedQuantity{si, number, def->dimension, std::string(unit), decimals, std::string(text)};
}

namespace {

// The number formatting every report goes through writes into buffers on the stack with
// std::to_chars, which rounds exactly as printf (and fmt) do: these functions run several times
// per record, and formatting each piece into a fresh std::string was a tenth of a sweep.
// 400 bytes hold any finite double in fixed notation with one decimal.
struct NumberBuffer {
  char data[400];
  size_t size = 0;
  std::string_view view() const { return {data, size}; }
  // printf's %.{precision}g (fmt's {:.{precision}g}): precision 0 is taken as 1.
  void General(double v, int precision) {
    size = static_cast<size_t>(
        std::to_chars(data, data + sizeof data, v, std::chars_format::general, precision).ptr -
        data);
  }
  // printf's %.{precision}f.
  void Fixed(double v, int precision) {
    size = static_cast<size_t>(
        std::to_chars(data, data + sizeof data, v, std::chars_format::fixed, precision).ptr - data);
  }
  // Appends 'e' and the exponent as a plain integer (1555e9, 9.003e-6).
  void Exponent(int e) {
    data[size++] = 'e';
    size = static_cast<size_t>(std::to_chars(data + size, data + sizeof data, e).ptr - data);
  }
};

}  // namespace

std::string FormatNumber(double v, int digits) {
  if (!std::isfinite(v)) return "n/a";
  double a = std::fabs(v);
  NumberBuffer b;
  if (a >= 1.0) {
    b.Fixed(v, 1);
    return std::string(b.view());
  }
  if (a == 0.0) return "0";
  b.General(v, digits > 0 ? digits - 1 : 3);
  return std::string(b.view());
}

namespace {

std::string FormatSiUncached(double v) {
  if (!std::isfinite(v)) return "n/a";
  if (v == 0) return "0";
  NumberBuffer plain;
  plain.General(v, 4);
  if (std::fabs(v) < 1.0) return std::string(plain.view());  // 0.009003, not 9003e-6
  const bool plain_has_e = plain.view().find('e') != std::string_view::npos;
  if (!plain_has_e && std::fabs(v) < 1000.0) return std::string(plain.view());
  // A mantissa in [1, 1000) times a power of ten that is a multiple of three, or a four-digit
  // mantissa one step down when that is exact and shorter: 1555e9 rather than 1.555e12,
  // 6.7e9 rather than 6700e6, never a rounding such as 3188e6.
  int e3 = static_cast<int>(std::floor(std::log10(std::fabs(v)) / 3.0)) * 3;
  double m = v / std::pow(10.0, e3);
  if (std::fabs(m) >= 1000.0) m /= 1000.0, e3 += 3;  // log10 rounding at the edges
  NumberBuffer best;
  best.General(m, 4);
  if (e3 != 0) best.Exponent(e3);
  double m4 = m * 1000.0;
  if (e3 >= 3 && std::fabs(m4) < 10000.0 &&
      std::fabs(m4 - std::round(m4)) <= 1e-9 * std::fabs(m4)) {
    NumberBuffer four;
    four.Fixed(m4, 0);
    four.Exponent(e3 - 3);
    if (four.size < best.size) best = four;
  }
  if (!plain_has_e && plain.size <= best.size) return std::string(plain.view());
  return std::string(best.view());
}

}  // namespace

namespace {

// The texts of the values this thread formatted last, by their bits and the formatter's tag, in
// a small table where a newer value takes an older one's slot: the records of a corpus repeat
// their parts' and models' figures (bandwidths, weights, memory), and a text costs two or three
// conversions and a logarithm. Each formatter is pure, so an entry is never stale.
std::string Cached(double v, uint8_t tag, std::string (*make)(double, uint8_t)) {
  struct Entry {
    uint64_t bits = 0;
    uint8_t tag = 0;
    uint8_t size = 0;  // 0: empty (no text is empty)
    char text[22] = {};
  };
  thread_local std::array<Entry, 256> cache;
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  Entry& e = cache[((bits + tag) * 0x9E3779B97F4A7C15u) >> 56];
  if (e.size > 0 && e.bits == bits && e.tag == tag) return std::string(e.text, e.size);
  std::string text = make(v, tag);
  if (!text.empty() && text.size() <= sizeof e.text) {
    e.bits = bits;
    e.tag = tag;
    e.size = static_cast<uint8_t>(text.size());
    std::memcpy(e.text, text.data(), text.size());
  }
  return text;
}

constexpr uint8_t kPlain = 0, kBytes = 1, kBandwidth = 2, kFlops = 3;

// `v` in the unit of `tag` with the largest decimal prefix that leaves the number at 1 or more.
std::string Scaled(double v, uint8_t tag) {
  const std::string_view unit = tag == kBytes ? "B" : tag == kBandwidth ? "B/s" : "FLOP/s";
  constexpr std::array<std::string_view, 7> kPrefixes = {"", "k", "M", "G", "T", "P", "E"};
  size_t prefix = 0;
  double scaled = v;
  while (std::isfinite(scaled) && std::fabs(scaled) >= 1000.0 && prefix + 1 < kPrefixes.size()) {
    scaled /= 1000.0;
    ++prefix;
  }
  return std::isfinite(v)
             ? fmt::format("{} {}{}", FormatSiUncached(scaled), kPrefixes[prefix], unit)
             : fmt::format("n/a {}", unit);
}

}  // namespace

std::string FormatSi(double v) {
  return Cached(v, kPlain, [](double x, uint8_t) { return FormatSiUncached(x); });
}

std::string FormatBytes(double bytes) { return Cached(bytes, kBytes, Scaled); }
std::string FormatBandwidth(double bytes_per_second) {
  return Cached(bytes_per_second, kBandwidth, Scaled);
}
std::string FormatFlops(double flops_per_second) {
  return Cached(flops_per_second, kFlops, Scaled);
}

}  // namespace rooflint
