// What the web build's C++ library (emscripten 3.1.6's libc++, of LLVM 14) lacks of C++20 and
// the library uses, included before every source of the web build (-include). Nothing here is
// compiled by the other builds.
//  - operator<=> of std::string_view (SharedText's ordering);
//  - std::from_chars and std::to_chars of a double (printf's conversions, which round the
//    same way: correctly);
//  - std::jthread: a build without threads (no -pthread) has one core
//    (hardware_concurrency() is 1), so the library never starts one; should it, this one runs
//    its function at once, on the calling thread, which the callers' join-at-scope-end allows.
#ifndef ROOFLINT_WEB_COMPAT_H_
#define ROOFLINT_WEB_COMPAT_H_

#ifdef __cplusplus
#include <cerrno>
#include <charconv>
#include <cmath>
#include <compare>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string_view>
#include <thread>
#include <utility>
#include <version>

#if defined(__EMSCRIPTEN__) && defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 160000

namespace std {

template <class C, class T>
constexpr strong_ordering operator<=>(basic_string_view<C, T> a, basic_string_view<C, T> b) {
  const int c = a.compare(b);
  return c < 0 ? strong_ordering::less : c > 0 ? strong_ordering::greater : strong_ordering::equal;
}

// std::from_chars(first, last, double&) (chars_format::general): a decimal or "inf"/"nan" after
// an optional '-', no leading space or '+'; "0x1" reads as "0" (a hexadecimal float needs
// chars_format::hex). Out of range: result_out_of_range and `value` left as it was.
inline from_chars_result from_chars(const char* first, const char* last, double& value) {
  const char* p = first;
  if (p < last && *p == '-') ++p;
  if (p == last || !(std::isdigit(static_cast<unsigned char>(*p)) || *p == '.' || *p == 'i' ||
                     *p == 'I' || *p == 'n' || *p == 'N')) {
    return {first, errc::invalid_argument};
  }
  // strtod reads "0x..." as hexadecimal: only its "0" is a decimal.
  size_t length = static_cast<size_t>(last - first);
  if (p + 1 < last && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    length = static_cast<size_t>(p + 1 - first);
  }
  char buffer[512];
  if (length >= sizeof buffer) length = sizeof buffer - 1;
  std::memcpy(buffer, first, length);
  buffer[length] = '\0';
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(buffer, &end);
  if (end == buffer) return {first, errc::invalid_argument};
  if (errno == ERANGE) return {first + (end - buffer), errc::result_out_of_range};
  value = v;
  return {first + (end - buffer), errc{}};
}

// std::to_chars(first, last, double, format, precision): printf's %.*g, %.*f or %.*e.
inline to_chars_result to_chars(char* first, char* last, double value, chars_format format,
                                int precision) {
  const char* spec = format == chars_format::fixed        ? "%.*f"
                     : format == chars_format::scientific ? "%.*e"
                                                          : "%.*g";
  const int n = std::snprintf(first, static_cast<size_t>(last - first), spec, precision, value);
  if (n < 0 || n >= last - first) return {last, errc::value_too_large};
  return {first + n, errc{}};
}

#ifndef __cpp_lib_jthread
class jthread {
 public:
  jthread() noexcept = default;
  template <class F, class... Args>
  explicit jthread(F&& f, Args&&... args) {
    std::invoke(std::forward<F>(f), std::forward<Args>(args)...);
  }
  jthread(jthread&&) noexcept = default;
  jthread& operator=(jthread&&) noexcept = default;
  bool joinable() const noexcept { return false; }
  void join() {}
};
#endif

}  // namespace std

#endif
#endif
#endif  // ROOFLINT_WEB_COMPAT_H_
