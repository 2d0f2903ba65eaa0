// SharedText and its interning table (shared_text.h).
#include "rooflint/shared_text.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <unordered_set>

namespace rooflint {
namespace {

thread_local TextInterning* current = nullptr;

}  // namespace

struct TextInterning::Table {
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
    size_t operator()(const SharedText& t) const { return (*this)(t.view()); }
  };
  struct Equal {
    using is_transparent = void;
    bool operator()(const SharedText& a, const SharedText& b) const { return a == b; }
    bool operator()(std::string_view a, const SharedText& b) const { return b == a; }
    bool operator()(const SharedText& a, std::string_view b) const { return a == b; }
  };
  std::unordered_set<SharedText, Hash, Equal> texts;
};

TextInterning::TextInterning() : table_(new Table), outer_(current) { current = this; }

TextInterning::~TextInterning() {
  current = outer_;
  delete table_;
}

SharedText::Rep* SharedText::Make(std::string_view s) {
  if (s.size() > UINT32_MAX) throw std::length_error("SharedText: a text of 4 GiB or more");
  void* memory = ::operator new(offsetof(Rep, chars) + s.size());
  Rep* rep = static_cast<Rep*>(memory);
  new (&rep->refs) std::atomic<uint32_t>(1);
  rep->size = static_cast<uint32_t>(s.size());
  std::memcpy(rep->chars, s.data(), s.size());
  return rep;
}

SharedText::SharedText(std::string_view s) {
  if (s.empty()) return;
  if (current == nullptr) {
    rep_ = Make(s);
    return;
  }
  auto& texts = current->table_->texts;
  if (auto it = texts.find(s); it != texts.end()) {
    rep_ = it->rep_;
    Ref();
    return;
  }
  SharedText made;
  made.rep_ = Make(s);
  rep_ = made.rep_;
  Ref();
  texts.insert(std::move(made));
}

void SharedText::Unref() {
  if (rep_ != nullptr && rep_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    rep_->refs.~atomic();
    ::operator delete(rep_);
  }
  rep_ = nullptr;
}

}  // namespace rooflint
