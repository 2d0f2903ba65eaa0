// Units: the strict quantity parser and number formatting.
#include "rooflint/units.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace rooflint {
namespace {

ParsedQuantity Ok(std::string_view text, Dimension d) {
  auto r = ParseQuantity(text, d);
  EXPECT_TRUE(std::holds_alternative<ParsedQuantity>(r)) << text;
  return std::holds_alternative<ParsedQuantity>(r) ? std::get<ParsedQuantity>(r) : ParsedQuantity{};
}

QuantityError Bad(std::string_view text, Dimension d) {
  auto r = ParseQuantity(text, d);
  EXPECT_TRUE(std::holds_alternative<QuantityError>(r)) << text;
  return std::holds_alternative<QuantityError>(r) ? std::get<QuantityError>(r)
                                                  : QuantityError{.code = ""};
}

TEST(ParseQuantity, DecimalAndBinaryPrefixesDiffer) {
  EXPECT_DOUBLE_EQ(Ok("14 GB", Dimension::kBytes).si, 14e9);
  EXPECT_DOUBLE_EQ(Ok("59.02 GiB", Dimension::kBytes).si, 59.02 * 1073741824.0);
  EXPECT_DOUBLE_EQ(Ok("1555 GB/s", Dimension::kBandwidth).si, 1555e9);
  EXPECT_DOUBLE_EQ(Ok("3.35 TB/s", Dimension::kBandwidth).si, 3.35e12);
  EXPECT_DOUBLE_EQ(Ok("312 TFLOPS", Dimension::kComputeRate).si, 312e12);
  EXPECT_DOUBLE_EQ(Ok("624 TOPS", Dimension::kComputeRate).si, 624e12);
  EXPECT_DOUBLE_EQ(Ok("17.4 ms", Dimension::kTime).si, 17.4e-3);
  EXPECT_DOUBLE_EQ(Ok("155000000 ns", Dimension::kTime).si, 0.155);
}

TEST(ParseQuantity, KeepsTheTextTheUnitAndTheDecimalsAsWritten) {
  ParsedQuantity q = Ok("57.6 tok/s", Dimension::kTokenRate);
  EXPECT_DOUBLE_EQ(q.si, 57.6);
  EXPECT_DOUBLE_EQ(q.number, 57.6);
  EXPECT_EQ(q.unit, "tok/s");
  EXPECT_EQ(q.decimals, 1);
  EXPECT_EQ(q.text, "57.6 tok/s");
  EXPECT_EQ(Ok("4677120000 B", Dimension::kBytes).decimals, 0);
  EXPECT_DOUBLE_EQ(Ok("1.2e3 tok/s", Dimension::kTokenRate).si, 1200);
  EXPECT_DOUBLE_EQ(Ok("0.9req/s", Dimension::kRequestRate).si, 0.9);
}

TEST(ParseQuantity, UnitsAreCaseSensitiveWithDidYouMean) {
  QuantityError e = Bad("14 gb", Dimension::kBytes);
  EXPECT_EQ(e.code, "unknown-unit");
  EXPECT_EQ(e.message, "unknown unit 'gb'");
  EXPECT_EQ(e.hint, "did you mean 'GB'? (units are case-sensitive: GB is 1e9 B, GiB is 2^30 B)");
  EXPECT_EQ(e.column, 3);
}

TEST(ParseQuantity, BitsAreNotBytes) {
  QuantityError e = Bad("1555 Gb/s", Dimension::kBandwidth);
  EXPECT_EQ(e.code, "unknown-unit");
  EXPECT_EQ(e.message, "'Gb/s' is gigaBITS per second");
  EXPECT_EQ(e.hint, "write bytes per second: GB/s (1 GB/s = 8 Gb/s)");
}

TEST(ParseQuantity, WrongDimensionIsAnError) {
  QuantityError e = Bad("1555 GB", Dimension::kBandwidth);
  EXPECT_EQ(e.code, "wrong-dimension");
  EXPECT_EQ(e.message, "'GB' is a unit of bytes, but this key takes a bandwidth");
}

TEST(ParseQuantity, RejectsNanInfinityZeroNegativeAndAbsurd) {
  EXPECT_EQ(Bad("nan GB/s", Dimension::kBandwidth).code, "not-a-number");
  EXPECT_EQ(Bad("inf GB/s", Dimension::kBandwidth).message, "'inf GB/s' is not a finite number");
  EXPECT_EQ(Bad("0 GB/s", Dimension::kBandwidth).code, "non-positive");
  EXPECT_EQ(Bad("-3 GB/s", Dimension::kBandwidth).code, "non-positive");
  EXPECT_EQ(Bad("1000000000 GB/s", Dimension::kBandwidth).code, "absurd-value");
  QuantityError exabyte = Bad("1000 PB/s", Dimension::kBandwidth);
  EXPECT_EQ(exabyte.code, "absurd-value");
  EXPECT_EQ(exabyte.message,
            "'1000 PB/s' is outside the plausible range for a bandwidth (1 GB/s to 100 PB/s)");
  // A wafer-scale part's on-chip SRAM streams at petabytes per second (Cerebras WSE-3: 21 PB/s).
  EXPECT_DOUBLE_EQ(Ok("21 PB/s", Dimension::kBandwidth).si, 21e15);
  EXPECT_EQ(Bad("1e400 GB/s", Dimension::kBandwidth).code, "absurd-value");
  EXPECT_EQ(Bad("1e-400 GB/s", Dimension::kBandwidth).code, "absurd-value");
  EXPECT_DOUBLE_EQ(Ok("+14 GB", Dimension::kBytes).si, 14e9);
  EXPECT_EQ(Bad("", Dimension::kBytes).code, "not-a-number");
  EXPECT_EQ(Bad("14", Dimension::kBytes).code, "unknown-unit");
  EXPECT_EQ(Bad("14 GB GB", Dimension::kBytes).code, "unknown-unit");
  EXPECT_EQ(Bad(". GB", Dimension::kBytes).code, "not-a-number");
}

TEST(Units, TypedArithmetic) {
  Seconds t = Bytes(14e9) / BytesPerSecond(1555e9);
  EXPECT_NEAR(t.si(), 0.0090032, 1e-7);
  EXPECT_DOUBLE_EQ(Milliseconds(t), t.si() * 1e3);
  // The memory roof's steps per second: 1555e9 / 14e9 = 111.07.
  PerSecond steps = BytesPerSecond(1555e9) / Bytes(14e9);
  EXPECT_NEAR(steps.si(), 111.07, 0.01);
  // The compute roof's tokens per second on a 312 TFLOP/s part: 312e12 / (2 x 6.7e9) = 23283.6.
  EXPECT_DOUBLE_EQ(MatmulFlops(6.7e9, 1).si(), 13.4e9);
  EXPECT_NEAR((FlopsPerSecond(312e12) / MatmulFlops(6.7e9, 1)).si(), 23283.58, 0.01);
  EXPECT_DOUBLE_EQ(Bytes(28e9) / Bytes(14e9), 2.0);
}

// A unit slip does not compile: each of these is ill-formed.
template <class A, class B>
concept Divisible = requires(A a, B b) {
  a / b;
};
template <class A, class B>
concept Addable = requires(A a, B b) {
  a + b;
};
static_assert(Divisible<BytesPerSecond, Bytes>);
static_assert(!Divisible<Bytes, FlopsPerSecond>);  // bytes over a FLOP rate
static_assert(!Divisible<BytesPerSecond, Flops>);  // bandwidth over FLOPs
static_assert(!Divisible<FlopsPerSecond, Bytes>);  // a FLOP rate over bytes
static_assert(!Addable<Bytes, Seconds>);
static_assert(!Addable<Bytes, Flops>);

TEST(Format, NumbersAndSiMantissas) {
  EXPECT_EQ(FormatNumber(111.0714), "111.1");
  EXPECT_EQ(FormatNumber(7108.571), "7108.6");
  EXPECT_EQ(FormatNumber(51.857), "51.9");
  EXPECT_EQ(FormatNumber(0.04294), "0.0429");
  EXPECT_EQ(FormatSi(1555e9), "1555e9");
  EXPECT_EQ(FormatSi(14e9), "14e9");
  EXPECT_EQ(FormatSi(6.7e9), "6.7e9");
  EXPECT_EQ(FormatSi(312e12), "312e12");
  EXPECT_EQ(FormatSi(64), "64");
  EXPECT_EQ(FormatSi(7.62e9), "7.62e9");
  EXPECT_EQ(FormatSi(3.1875e9), "3.188e9");
  EXPECT_EQ(FormatSi(0.009003), "0.009003");
  EXPECT_EQ(FormatSi(std::nan("")), "n/a");
}

// FormatSi keeps the texts of recent values in a table of 256 slots: a value must get its own
// text whatever else filled the table since, and values that share a slot must not swap texts.
TEST(Format, SiTextsStayTheSameWhateverWasFormattedBefore) {
  std::mt19937_64 rng(5);
  std::vector<double> values = {1555e9, 14e9, 6.7e9, 312e12, 64, 3.1875e9, 0.009003, -2.5e6, 0};
  for (int i = 0; i < 5000; ++i) {
    const double mantissa = std::uniform_real_distribution<double>(1, 1000)(rng);
    values.push_back(std::round(mantissa * 10) / 10 * std::pow(10.0, static_cast<int>(rng() % 24)));
  }
  std::vector<std::string> first;
  for (double v : values) first.push_back(FormatSi(v));
  EXPECT_EQ(first[0], "1555e9");
  EXPECT_EQ(first[5], "3.188e9");
  EXPECT_EQ(first[8], "0");
  // Again in another order, each value twice running (the second from the table).
  std::vector<size_t> order(values.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  for (size_t i : order) {
    ASSERT_EQ(FormatSi(values[i]), first[i]) << values[i];
    ASSERT_EQ(FormatSi(values[i]), first[i]) << values[i];
  }
}

// The unit formatters share FormatSi's table: a value formatted in one unit is never returned
// in another's text, whatever was formatted before.
TEST(Format, UnitTextsKeepTheirUnitThroughTheSharedTable) {
  // Twice: the second round's texts come from the table.
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(FormatSi(1555e9), "1555e9");
    EXPECT_EQ(FormatBytes(1555e9), "1.555 TB");
    EXPECT_EQ(FormatBandwidth(1555e9), "1.555 TB/s");
    EXPECT_EQ(FormatFlops(1555e9), "1.555 TFLOP/s");
    EXPECT_EQ(FormatBytes(14e9), "14 GB");
    EXPECT_EQ(FormatFlops(59.39e12), "59.39 TFLOP/s");
    EXPECT_EQ(FormatBytes(0.5), "0.5 B");
    EXPECT_EQ(FormatBytes(999), "999 B");
    EXPECT_EQ(FormatBytes(1e21), "1e3 EB");  // past the largest prefix
  }
}

}  // namespace
}  // namespace rooflint
