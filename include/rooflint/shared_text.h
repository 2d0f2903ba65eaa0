// SharedText: an immutable string that every holder of the same words shares. A sweep of a
// large corpus says the same things again and again ("the value is not derived (no
// derived_from)", the same KV arithmetic for every record of one model on one part): the
// instrument results hold their reasons and arithmetic as SharedText, one pointer each, and
// while a TextInterning scope is open on a thread, a text made again on that thread is found in
// a small cache of the texts made last and shared. Outside a scope every text is its own copy;
// either way a text lives as long as a holder.
#ifndef ROOFLINT_SHARED_TEXT_H_
#define ROOFLINT_SHARED_TEXT_H_

#include <fmt/format.h>

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace rooflint {

class SharedText {
 public:
  SharedText() = default;
  SharedText(std::string_view s);  // NOLINT: implicit, as a std::string is from its sources
  SharedText(const std::string& s) : SharedText(std::string_view(s)) {}  // NOLINT
  SharedText(const char* s) : SharedText(std::string_view(s)) {}         // NOLINT
  SharedText(const SharedText& o) noexcept : rep_(o.rep_) { Ref(); }
  SharedText(SharedText&& o) noexcept : rep_(o.rep_) { o.rep_ = nullptr; }
  SharedText& operator=(const SharedText& o) noexcept {
    SharedText copy(o);
    std::swap(rep_, copy.rep_);
    return *this;
  }
  SharedText& operator=(SharedText&& o) noexcept {
    std::swap(rep_, o.rep_);
    return *this;
  }
  ~SharedText() { Unref(); }
  // A text that is its own copy even inside a TextInterning scope: for texts no other holder
  // has (a record's path and id), which would only cost a lookup and push a shared text out.
  static SharedText Unshared(std::string_view s) {
    SharedText t;
    if (!s.empty()) t.rep_ = Make(s);
    return t;
  }

  std::string_view view() const {
    return rep_ == nullptr ? std::string_view() : std::string_view(rep_->chars, rep_->size);
  }
  operator std::string_view() const { return view(); }  // NOLINT: reads as a string
  std::string str() const { return std::string(view()); }
  bool empty() const { return rep_ == nullptr; }
  size_t size() const { return rep_ == nullptr ? 0 : rep_->size; }
  const char* data() const { return rep_ == nullptr ? "" : rep_->chars; }
  size_t find(std::string_view s, size_t from = 0) const { return view().find(s, from); }
  size_t rfind(std::string_view s, size_t from = std::string_view::npos) const {
    return view().rfind(s, from);
  }
  bool starts_with(std::string_view s) const { return view().starts_with(s); }
  bool ends_with(std::string_view s) const { return view().ends_with(s); }
  void clear() { *this = SharedText(); }
  char operator[](size_t i) const { return rep_->chars[i]; }
  std::string_view substr(size_t from, size_t n = std::string_view::npos) const {
    return view().substr(from, n);
  }
  // A new text: this one followed by `s` (the old one is shared, never changed).
  SharedText& operator+=(std::string_view s) {
    *this = SharedText(std::string(view()).append(s));
    return *this;
  }

  friend bool operator==(const SharedText& a, const SharedText& b) {
    return a.rep_ == b.rep_ || a.view() == b.view();
  }
  friend bool operator==(const SharedText& a, std::string_view b) { return a.view() == b; }
  friend bool operator==(const SharedText& a, const std::string& b) { return a.view() == b; }
  friend bool operator==(const SharedText& a, const char* b) { return a.view() == b; }
  friend auto operator<=>(const SharedText& a, const SharedText& b) {
    return a.view() <=> b.view();
  }
  // Joined with other text, as a std::string is.
  friend std::string operator+(std::string a, const SharedText& b) { return a.append(b.view()); }
  friend std::string operator+(const SharedText& a, std::string_view b) {
    return std::string(a.view()).append(b);
  }
  friend std::string operator+(const SharedText& a, const char* b) {
    return std::string(a.view()).append(b);
  }
  friend std::string operator+(const char* a, const SharedText& b) {
    return std::string(a).append(b.view());
  }
  friend std::ostream& operator<<(std::ostream& out, const SharedText& t) {
    return out << t.view();
  }

 private:
  friend class TextInterning;
  // One allocation: the count, the size and the characters (not NUL-terminated).
  struct Rep {
    std::atomic<uint32_t> refs;
    uint32_t size;
    char chars[1];
  };
  void Ref() const {
    if (rep_ != nullptr) rep_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  void Unref();
  static Rep* Make(std::string_view s);
  Rep* rep_ = nullptr;  // nullptr: the empty text
};

// While one is alive on a thread, a SharedText made on that thread from the same string as one
// made before shares its copy, unless a text made since took its slot in the cache (4096 slots,
// by hash). Scopes nest (the innermost is used); the cache holds its texts until it closes.
class TextInterning {
 public:
  TextInterning();
  ~TextInterning();
  TextInterning(const TextInterning&) = delete;
  TextInterning& operator=(const TextInterning&) = delete;
  // The cache's slots, a power of two; a text goes to slot hash(text) % kSlots.
  static constexpr size_t kSlots = 4096;

 private:
  friend class SharedText;
  struct Table;
  Table* table_;
  TextInterning* outer_;
};

}  // namespace rooflint

template <>
struct fmt::formatter<rooflint::SharedText> : fmt::formatter<std::string_view> {
  template <class Context>
  auto format(const rooflint::SharedText& t, Context& ctx) const {
    return fmt::formatter<std::string_view>::format(t.view(), ctx);
  }
};

#endif  // ROOFLINT_SHARED_TEXT_H_
