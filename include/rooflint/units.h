// Physical quantities as types, and the strict parser for quantity strings such as
// "1555 GB/s". Arithmetic between quantities is only defined where it means something:
// Bytes / BytesPerSecond -> Seconds compiles, Bytes + Seconds does not.
#ifndef ROOFLINT_UNITS_H_
#define ROOFLINT_UNITS_H_

#include <compare>
#include <string>
#include <string_view>
#include <variant>

#include "rooflint/diagnostic_codes.h"
#include "rooflint/shared_text.h"

namespace rooflint {

// A value in SI base units (bytes, seconds, FLOP, tokens, requests) tagged by dimension.
template <class Tag>
class Quantity {
 public:
  constexpr Quantity() = default;
  constexpr explicit Quantity(double si) : si_(si) {}
  constexpr double si() const { return si_; }

  constexpr Quantity operator+(Quantity o) const { return Quantity(si_ + o.si_); }
  constexpr Quantity operator-(Quantity o) const { return Quantity(si_ - o.si_); }
  constexpr Quantity operator*(double k) const { return Quantity(si_ * k); }
  constexpr Quantity operator/(double k) const { return Quantity(si_ / k); }
  // The ratio of two quantities of one dimension is a plain number.
  constexpr double operator/(Quantity o) const { return si_ / o.si_; }
  constexpr auto operator<=>(const Quantity&) const = default;

 private:
  double si_ = 0;
};

template <class Tag>
constexpr Quantity<Tag> operator*(double k, Quantity<Tag> q) {
  return q * k;
}

using Bytes = Quantity<struct BytesTag>;                    // B
using BytesPerSecond = Quantity<struct BytesPerSecondTag>;  // B/s
using Flops = Quantity<struct FlopsTag>;                    // FLOP (a count of operations)
using FlopsPerSecond = Quantity<struct FlopsPerSecondTag>;  // FLOP/s (or OP/s for integers)
using TokensPerSecond = Quantity<struct TokensPerSecondTag>;
using RequestsPerSecond = Quantity<struct RequestsPerSecondTag>;
using Seconds = Quantity<struct SecondsTag>;
// Events per second: decode steps, tokens or requests, whichever the caller counts. A roof is
// a rate of these: n x BW / W is decode steps per second, n x F / FLOPs per token is tokens.
using PerSecond = Quantity<struct PerSecondTag>;

constexpr Seconds operator/(Bytes b, BytesPerSecond bw) { return Seconds(b.si() / bw.si()); }
constexpr Seconds operator/(Flops f, FlopsPerSecond r) { return Seconds(f.si() / r.si()); }
// How often a cost can be paid: bandwidth over the bytes each event reads, or a FLOP rate over
// the FLOPs each event costs.
constexpr PerSecond operator/(BytesPerSecond bw, Bytes per_event) {
  return PerSecond(bw.si() / per_event.si());
}
constexpr PerSecond operator/(FlopsPerSecond r, Flops per_event) {
  return PerSecond(r.si() / per_event.si());
}
// The FLOPs of `tokens` tokens through a model using `params` parameters per token: a
// multiply and an add per parameter, 2 x P x tokens.
constexpr Flops MatmulFlops(double params, double tokens) { return Flops(2.0 * params * tokens); }
// Milliseconds, as the time floors report.
constexpr double Milliseconds(Seconds t) { return t.si() * 1e3; }

enum class Dimension {
  kBytes,
  kBandwidth,
  kComputeRate,
  kTokenRate,
  kRequestRate,
  kTime,
};

// "bytes", "bandwidth", ... as used in diagnostics.
std::string_view DimensionName(Dimension d);
// The units a key of dimension `d` accepts, for hints: "B, kB, MB, GB, ...".
std::string_view UnitsFor(Dimension d);
// A well-formed quantity of dimension `d`, for hints: "1555 GB/s".
std::string_view ExampleFor(Dimension d);

// A quantity string as written in a record, parsed.
struct ParsedQuantity {
  double si = 0;      // the value in SI base units
  double number = 0;  // the number as written
  Dimension dimension = Dimension::kBytes;
  SharedText unit;   // the unit as written ("GB/s")
  int decimals = 0;  // digits after the decimal point as written ("57.6" -> 1)
  std::string text;  // the whole string as written
};

// Why a quantity string was rejected. `code` is a stable diagnostic code
// (unknown-unit, wrong-dimension, not-a-number, non-positive, absurd-value);
// `column` is the 0-based offset in the string the problem starts at.
struct QuantityError {
  DiagnosticCode code;
  std::string message;
  std::string hint;
  int column = 0;
};

// Parses "<number> <unit>" strictly: a decimal number (optionally with an exponent), optional
// spaces, and a unit from the table in units.cc. The number must be finite, positive and
// within the plausible range for `expected`; the unit's dimension must be `expected`.
std::variant<ParsedQuantity, QuantityError> ParseQuantity(std::string_view text,
                                                          Dimension expected);

// Formats a number with `digits` significant digits, without trailing zeros: 111.1, 1555,
// 7108.6. Used for every number a reader sees.
std::string FormatNumber(double v, int digits = 4);
// Formats in scientific style for arithmetic lines: 1555e9, 14e9, 6.7e9.
std::string FormatSi(double v);
// A quantity with a decimal prefix on its unit, the number as FormatNumber writes it: 256e9 B/s
// is "256 GB/s", 69.5e9 B "69.5 GB", 989e12 FLOP/s "989 TFLOP/s". How the arithmetic and its
// bases write bytes, bandwidths and compute rates.
std::string FormatBytes(double bytes);
std::string FormatBandwidth(double bytes_per_second);
std::string FormatFlops(double flops_per_second);

}  // namespace rooflint

#endif  // ROOFLINT_UNITS_H_
