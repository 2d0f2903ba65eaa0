// SharedText and its interning table (shared_text.h).
#include "rooflint/shared_text.h"

#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <stdexcept>
#include <vector>

namespace rooflint {
namespace {

thread_local TextInterning* current = nullptr;

}  // namespace

// A direct-mapped cache of the texts made last, by hash: a text repeated across records (the
// same reason, the same arithmetic for one model on one part) is found in its slot and shared;
// a text that is new replaces the slot's. A sweep makes millions of texts, tens of thousands of
// them distinct: a table of every one would be walked through cache misses at every lookup,
// where this one stays small (32 KiB) and costs one probe.
struct TextInterning::Table {
  std::vector<SharedText> slots = std::vector<SharedText>(kSlots);
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
  SharedText& slot =
      current->table_->slots[std::hash<std::string_view>()(s) & (TextInterning::kSlots - 1)];
  if (slot.view() != s) {
    Rep* made = Make(s);  // before the slot lets go: `s` may be a view into the slot's text
    slot.Unref();
    slot.rep_ = made;
  }
  rep_ = slot.rep_;
  Ref();
}

void SharedText::Unref() {
  if (rep_ != nullptr && rep_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    rep_->refs.~atomic();
    ::operator delete(rep_);
  }
  rep_ = nullptr;
}

}  // namespace rooflint
