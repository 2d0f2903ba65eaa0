// FormatSi and FormatNumber write every number of every report: they were rewritten for speed
// (stack buffers and std::to_chars instead of fmt::format into strings), and must not change a
// single character. This test keeps the fmt-based implementations they replaced as the reference
// and compares the two on edge values and on random ones drawn with a fixed seed.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "rooflint/units.h"
#include "sanitizer.h"

namespace rooflint {
namespace {

// The reference: FormatNumber and FormatSi as they were before the rewrite, unchanged.
std::string ReferenceFormatNumber(double v, int digits = 4) {
  if (!std::isfinite(v)) return "n/a";
  double a = std::fabs(v);
  if (a >= 1.0) return fmt::format("{:.1f}", v);
  if (a == 0.0) return "0";
  return fmt::format("{:.{}g}", v, digits > 0 ? digits - 1 : 3);
}

std::string ReferenceFormatSi(double v) {
  if (!std::isfinite(v)) return "n/a";
  if (v == 0) return "0";
  std::string plain = fmt::format("{:.4g}", v);
  if (std::fabs(v) < 1.0) return plain;
  if (plain.find('e') == std::string::npos && std::fabs(v) < 1000.0) return plain;
  int e3 = static_cast<int>(std::floor(std::log10(std::fabs(v)) / 3.0)) * 3;
  double m = v / std::pow(10.0, e3);
  if (std::fabs(m) >= 1000.0) m /= 1000.0, e3 += 3;
  std::string best = e3 == 0 ? fmt::format("{:.4g}", m) : fmt::format("{:.4g}e{}", m, e3);
  double m4 = m * 1000.0;
  if (e3 >= 3 && std::fabs(m4) < 10000.0 &&
      std::fabs(m4 - std::round(m4)) <= 1e-9 * std::fabs(m4)) {
    std::string four = fmt::format("{:.0f}e{}", m4, e3 - 3);
    if (four.size() < best.size()) best = four;
  }
  if (plain.find('e') == std::string::npos && plain.size() <= best.size()) return plain;
  return best;
}

// Compares both functions on v and -v (FormatNumber at the precisions callers pass, or at
// every precision from -1 to 8 when `all_digits`); returns the number of mismatches, each
// reported once.
int Compare(double v, bool all_digits = false) {
  int failures = 0;
  for (double x : {v, -v}) {
    std::string got = FormatSi(x), want = ReferenceFormatSi(x);
    if (got != want) {
      ++failures;
      ADD_FAILURE() << fmt::format("FormatSi({:.17g}) = '{}', was '{}'", x, got, want);
    }
    for (int digits = -1; digits <= 8; ++digits) {
      if (!all_digits && digits != 4 && digits != 5) continue;
      got = FormatNumber(x, digits);
      want = ReferenceFormatNumber(x, digits);
      if (got != want) {
        ++failures;
        ADD_FAILURE() << fmt::format("FormatNumber({:.17g}, {}) = '{}', was '{}'", x, digits, got,
                                     want);
      }
    }
  }
  return failures;
}

// Values where rounding changes the digit count or the notation: every power of ten and the
// doubles next to it, the round-half points of four significant digits, the edges of the
// three-digit mantissa, and figures of the corpus.
std::vector<double> HandPickedValues() {
  return {0.0,
          -0.0,
          std::numeric_limits<double>::infinity(),
          std::numeric_limits<double>::quiet_NaN(),
          std::numeric_limits<double>::min(),
          std::numeric_limits<double>::denorm_min(),
          std::numeric_limits<double>::max(),
          std::numeric_limits<double>::lowest(),
          std::numeric_limits<double>::epsilon(),
          1555e9,
          14e9,
          6.7e9,
          3.188e9,
          312e12,
          3.35e12,
          0.009003,
          59.02 * 1073741824.0,
          17.4e-3,
          57.6,
          7108.6,
          111.1};
}

std::vector<double> EdgeValues() {
  std::vector<double> v = HandPickedValues();
  for (int e = -320; e <= 308; ++e) {
    double p = std::pow(10.0, e);
    for (double base :
         {1.0,    0.5,    0.95,   0.995, 0.9995, 0.99995, 0.999949,   0.99995001, 1.0005, 1.00005,
          9.9995, 99.995, 999.95, 999.5, 0.0995, 1.2345,  1.23449999, 6.7,        1.555,  3.188}) {
      double x = base * p;
      v.push_back(x);
      v.push_back(std::nextafter(x, 0.0));
      v.push_back(std::nextafter(x, std::numeric_limits<double>::infinity()));
    }
  }
  for (int i = 0; i <= 2000; ++i) v.push_back(i * 0.05);  // x.x5: the .1f rounding ties
  for (int i = 0; i <= 2000; ++i) v.push_back(i);
  return v;
}

TEST(FormatSpeedRewrite, EdgeValuesMatchTheReference) {
  int failures = 0;
  const std::vector<double> values = EdgeValues();
  // Under AddressSanitizer every fifth generated value (5 is prime to the 3 neighbours and 20
  // bases of each power of ten, so every kind of edge is still met): all of them took 49 s
  // there. The Release run takes every value.
  const size_t kSpecial = HandPickedValues().size();  // first in the list: always all of them
  for (size_t i = 0; i < values.size();
       i += kUnderAddressSanitizer && i >= kSpecial ? size_t{5} : size_t{1}) {
    const double v = values[i];
    // Every precision on the magnitudes records hold, the usual ones elsewhere.
    failures += Compare(v, v == 0 || (std::fabs(v) > 1e-13 && std::fabs(v) < 1e16));
    ASSERT_LT(failures, 20) << "stopping after 20 mismatches";
  }
}

TEST(FormatSpeedRewrite, RandomValuesMatchTheReference) {
  std::mt19937_64 rng(20261130);  // fixed: a failure reproduces
  std::uniform_real_distribution<double> exponent(-30.0, 30.0);
  std::uniform_int_distribution<int> significant(1, 6);
  int failures = 0;
  for (int i = 0; i < 10000; ++i) {
    // Any bit pattern (every exponent, subnormals, NaN and infinity), ...
    uint64_t bits = rng();
    double any;
    std::memcpy(&any, &bits, sizeof any);
    failures += Compare(any);
    // ... figures of the sizes a corpus holds, ...
    double x = std::pow(10.0, exponent(rng));
    failures += Compare(x);
    // ... and short decimals such as records state (1555e9, 6.7e9, 0.0125), where the exact
    // and rounding paths of FormatSi part.
    int digits = significant(rng);
    double mantissa = std::round(x / std::pow(10.0, std::floor(std::log10(x)) - digits + 1));
    failures +=
        Compare(mantissa * std::pow(10.0, static_cast<int>(std::floor(exponent(rng))) - digits));
    ASSERT_LT(failures, 20) << "stopping after 20 mismatches";
  }
}

}  // namespace
}  // namespace rooflint
