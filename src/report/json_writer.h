// A streaming JSON writer for the JSON report: it appends compact JSON text to a string, with
// no document tree, byte for byte as nlohmann::json::dump(-1, ' ', false,
// error_handler_t::replace) prints the same values (tests/json_writer_test.cc compares the
// two on many values):
// - a double in the shortest form that reads back to it (nlohmann's own Grisu2 routine), with
//   ".0" on an integral value, an exponent as "e+21" or "e-07", and null for NaN and infinity;
// - integers in decimal; true, false and null;
// - strings with " \ \b \f \n \r \t escaped, the other control characters as \u00xx, every
//   valid UTF-8 sequence kept as it is and each invalid one replaced by U+FFFD at the same
//   places nlohmann replaces them.
// The writer does not sort keys: a caller that must match nlohmann::json (a std::map, so keys
// in byte order) writes them in that order.
#ifndef ROOFLINT_REPORT_JSON_WRITER_H_
#define ROOFLINT_REPORT_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace rooflint {

// `s` as a quoted, escaped JSON string, appended to `out`.
void AppendJsonString(std::string& out, std::string_view s);
// `x` as nlohmann::json prints a double, appended to `out`.
void AppendJsonDouble(std::string& out, double x);
void AppendJsonInteger(std::string& out, int64_t x);
void AppendJsonUnsigned(std::string& out, uint64_t x);

// Writes values, objects and arrays into a string, placing the commas: a value after another
// value of the same array, or a key after another member, gets one.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  // Starts a new top-level value (no comma before it).
  void Restart() { comma_ = false; }

  void BeginObject() { Open('{'); }
  void EndObject() { Close('}'); }
  void BeginArray() { Open('['); }
  void EndArray() { Close(']'); }
  // A member's key; the value written next is its value.
  void Key(std::string_view key) {
    Separate();
    AppendJsonString(out_, key);
    out_ += ':';
    comma_ = false;
  }

  void String(std::string_view s) {
    Separate();
    AppendJsonString(out_, s);
    comma_ = true;
  }
  void Double(double x) {
    Separate();
    AppendJsonDouble(out_, x);
    comma_ = true;
  }
  void Integer(int64_t x) {
    Separate();
    AppendJsonInteger(out_, x);
    comma_ = true;
  }
  void Unsigned(uint64_t x) {
    Separate();
    AppendJsonUnsigned(out_, x);
    comma_ = true;
  }
  void Bool(bool b) {
    Separate();
    out_ += b ? "true" : "false";
    comma_ = true;
  }
  void Null() {
    Separate();
    out_ += "null";
    comma_ = true;
  }

  std::string& out() { return out_; }

 private:
  void Separate() {
    if (comma_) out_ += ',';
  }
  void Open(char c) {
    Separate();
    out_ += c;
    comma_ = false;
  }
  void Close(char c) {
    out_ += c;
    comma_ = true;
  }

  std::string& out_;
  bool comma_ = false;
};

}  // namespace rooflint

#endif  // ROOFLINT_REPORT_JSON_WRITER_H_
