// Whether the tests run under AddressSanitizer: tests that walk every byte of their inputs take
// a sample there (an instrumented build, several times slower), the Release run walking every
// byte.
#ifndef ROOFLINT_TESTS_SANITIZER_H_
#define ROOFLINT_TESTS_SANITIZER_H_

namespace rooflint {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

}  // namespace rooflint

#endif  // ROOFLINT_TESTS_SANITIZER_H_
