// Boxed<T>: an optional value kept on the heap, one pointer wide when empty. A record keeps
// several facts most records leave out (a verbatim weights size, a speculation table, a
// calibration band); a large corpus holds a hundred thousand records, so a fact that is
// usually absent costs 8 bytes there rather than the size of its std::optional. The interface
// is std::optional's, for the uses records make of it; copies are deep.
#ifndef ROOFLINT_BOXED_H_
#define ROOFLINT_BOXED_H_

#include <memory>
#include <optional>
#include <utility>

namespace rooflint {

template <class T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(std::nullopt_t) {}                                 // NOLINT: as optional
  Boxed(const T& v) : p_(std::make_unique<T>(v)) {}        // NOLINT: as optional
  Boxed(T&& v) : p_(std::make_unique<T>(std::move(v))) {}  // NOLINT: as optional
  Boxed(const std::optional<T>& v)                         // NOLINT: as optional
      : p_(v ? std::make_unique<T>(*v) : nullptr) {}
  Boxed(std::optional<T>&& v)  // NOLINT: as optional
      : p_(v ? std::make_unique<T>(std::move(*v)) : nullptr) {}
  Boxed(const Boxed& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(const Boxed& o) {
    if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
    return *this;
  }
  Boxed& operator=(Boxed&&) noexcept = default;
  ~Boxed() = default;

  bool has_value() const { return p_ != nullptr; }
  explicit operator bool() const { return p_ != nullptr; }
  const T& operator*() const { return *p_; }
  T& operator*() { return *p_; }
  const T* operator->() const { return p_.get(); }
  T* operator->() { return p_.get(); }
  template <class... Args>
  T& emplace(Args&&... args) {
    p_ = std::make_unique<T>(std::forward<Args>(args)...);
    return *p_;
  }
  void reset() { p_.reset(); }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace rooflint

#endif  // ROOFLINT_BOXED_H_
