// Hardware-text resolution by word tokens.
#include "rooflint/hardware_match.h"

#include <algorithm>
#include <array>

#include "core/text_util.h"

namespace rooflint {
namespace {

// Words that never tell two parts apart: vendor and brand names, filler.
constexpr std::array<std::string_view, 17> kNoise = {
    "nvidia", "amd",  "intel", "apple", "geforce", "radeon", "instinct", "tm", "r",
    "gpu",    "graphics", "card", "with", "and", "corporation", "x", "1x"};

bool IsNoise(std::string_view t) {
  if (std::find(kNoise.begin(), kNoise.end(), t) != kNoise.end()) return true;
  // Counts: "8x", "x8".
  if (t.size() >= 2 && t.back() == 'x' &&
      std::all_of(t.begin(), t.end() - 1, [](char c) { return IsDigit(c); }))
    return true;
  if (t.size() >= 2 && t.front() == 'x' &&
      std::all_of(t.begin() + 1, t.end(), [](char c) { return IsDigit(c); }))
    return true;
  return false;
}

bool AllDigits(std::string_view t) {
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return IsDigit(c); });
}

bool Includes(const std::vector<std::string>& big, const std::vector<std::string>& small) {
  return std::includes(big.begin(), big.end(), small.begin(), small.end());
}

}  // namespace

std::vector<std::string> HardwareTokens(std::string_view text) {
  std::vector<std::string> raw;
  std::string cur;
  for (char c : text) {
    if (IsAlnum(c)) {
      cur += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    } else if (!cur.empty()) {
      raw.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) raw.push_back(std::move(cur));

  std::vector<std::string> out;
  for (size_t i = 0; i < raw.size(); ++i) {
    std::string t = raw[i];
    // "40 GB" -> "40gb", "40-core" -> "40core".
    if (AllDigits(t) && i + 1 < raw.size() &&
        (raw[i + 1] == "gb" || raw[i + 1] == "gib" || raw[i + 1] == "core")) {
      t += raw[++i];
    }
    if (t == "sxm4" || t == "sxm5" || t == "sxm2" || t == "sxm3") t = "sxm";
    // A count glued to a name: "4xNVIDIA_L40S" -> "nvidia", "l40s"; "8xh100" -> "h100".
    size_t digits = 0;
    while (digits < t.size() && IsDigit(t[digits])) ++digits;
    if (digits > 0 && digits + 1 < t.size() && t[digits] == 'x' && !IsDigit(t[digits + 1])) {
      t.erase(0, digits + 1);
    }
    if (IsNoise(t)) continue;
    out.push_back(std::move(t));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

HardwareIndex::HardwareIndex(std::span<const Accelerator> parts) {
  entries_.reserve(parts.size());
  for (const Accelerator& a : parts) {
    Entry e{&a, {}};
    e.names.push_back(HardwareTokens(a.name));
    for (const auto& alias : a.aliases) e.names.push_back(HardwareTokens(alias));
    std::erase_if(e.names, [](const auto& n) { return n.empty(); });
    entries_.push_back(std::move(e));
  }
}

HardwareMatch HardwareIndex::Match(std::string_view text) const {
  HardwareMatch m;
  std::vector<std::string> tokens = HardwareTokens(text);
  if (tokens.empty()) return m;
  for (const Entry& e : entries_) {
    if (std::any_of(e.names.begin(), e.names.end(),
                    [&](const auto& n) { return n == tokens; })) {
      m.candidates.push_back(e.part);
    }
  }
  if (!m.candidates.empty()) {
    m.exact = m.candidates.size() == 1;
    return m;
  }
  for (const Entry& e : entries_) {
    if (std::any_of(e.names.begin(), e.names.end(),
                    [&](const auto& n) { return Includes(n, tokens); })) {
      m.candidates.push_back(e.part);
    }
  }
  return m;
}

}  // namespace rooflint
