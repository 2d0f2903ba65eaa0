// The printers on hostile text: the input is one text, written into every field a report shows
// (a benchmark's title, hardware, locator and notes, a source's title and address) of a few
// bundled benchmarks, some with findings and some without; then the corpus is swept and every
// report format printed, `show` of each benchmark, the import's audit comments and each
// finding rendered as a diagnostic. What each printer must never let through from the text:
//   text report, show, findings as the terminal gets them (Render itself is raw: its callers
//     escape), audit comments: a raw control character (C0 but newline
//     and tab, DEL, C1), a bidi embedding, override or isolate, or a line or paragraph
//     separator; and every line of the audit comments is a comment;
//   HTML and Markdown: markup. Printed again with the text's markup characters made plain
//     (`<`, `@`, `:` and backticks each a space, `www.` as `vvv.`), a report may differ in its
//     text but not in its markup: as many raw `<` (in Markdown, not backslash-escaped; and
//     backticks), live `@name` mentions, `://` and `www.` as before. A printer that writes the
//     text raw somewhere fails this;
//   JSON and SARIF: they parse back.
// Every output must be valid UTF-8.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "report/audit_comments.h"
#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"

namespace {

[[noreturn]] void Fail(const char* what, std::string_view output) {
  std::fprintf(stderr, "printer_fuzzer: %s\n--- output ---\n%.*s\n", what,
               static_cast<int>(output.size() > 4000 ? 4000 : output.size()), output.data());
  std::abort();
}

// The bundled corpus with a few of its benchmarks: the first ones with findings and the first
// ones without, so that the text reaches findings, their arithmetic and the plain rows.
const rooflint::Corpus& Base() {
  static const rooflint::Corpus* const kBase = [] {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    rooflint::Corpus all = rooflint::LoadCorpus(roots, 1);
    rooflint::SweepResult sweep = rooflint::Sweep(all);
    std::unordered_map<std::string_view, int> findings;
    for (const rooflint::Finding& f : sweep.findings) ++findings[f.record.view()];
    auto* base = new rooflint::Corpus();
    base->sources = all.sources;
    base->gotchas = all.gotchas;
    int with = 0, without = 0;
    std::set<std::string, std::less<>> models, parts;
    for (const rooflint::Benchmark& b : all.benchmarks) {
      const bool has = findings.contains(b.header.id.view());
      if (has ? with >= 4 : without >= 2) continue;
      (has ? with : without) += 1;
      base->benchmarks.push_back(b);
      models.insert(std::string(b.model.view()));
      parts.insert(b.accelerators.begin(), b.accelerators.end());
    }
    // Only the parts and models they run on: each run sweeps this corpus three times.
    for (const rooflint::Model& m : all.models) {
      if (models.contains(m.header.id.view())) base->models.push_back(m);
    }
    for (const rooflint::Accelerator& a : all.accelerators) {
      if (parts.contains(a.header.id.view())) base->accelerators.push_back(a);
    }
    base->Index();
    return base;
  }();
  return *kBase;
}

// The base corpus with `text` in every shown field: a benchmark's title, locator and hardware
// text, every source's title, and, with `notes`, the notes and every source's address. The
// instruments read the notes (ratio statements), so the markup comparison leaves them out: it
// compares two texts that differ in `<`, `@`, `:` and a backtick, which the hardware matcher
// reads as the space it compares them with.
rooflint::Corpus Hostile(const std::string& text, bool notes) {
  rooflint::Corpus c = Base();
  for (rooflint::Benchmark& b : c.benchmarks) {
    b.title = text;
    b.locator = text;
    b.hardware = text;
    if (notes) b.notes = text;
  }
  for (rooflint::Source& s : c.sources) {
    s.title = text;
    if (notes) s.url = text;
  }
  c.Index();
  return c;
}

// The first raw control, C1, bidi or separator character of `s`, or "" when there is none.
const char* Unsafe(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<uint8_t>(s[i]);
    const auto next = [&](size_t k) {
      return i + k < s.size() ? static_cast<uint8_t>(s[i + k]) : uint8_t{0};
    };
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return "a raw control character";
    if (c == 0xc2 && next(1) >= 0x80 && next(1) < 0xa0) return "a raw C1 control character";
    if (c == 0xe2 && next(1) == 0x80 && next(2) >= 0xa8 && next(2) <= 0xae) {
      return "a raw bidi override or line separator";
    }
    if (c == 0xe2 && next(1) == 0x81 && next(2) >= 0xa6 && next(2) <= 0xa9) {
      return "a raw bidi isolate";
    }
  }
  return "";
}

bool ValidUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<uint8_t>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k) {
      if ((static_cast<uint8_t>(s[i + k]) & 0xc0) != 0x80) return false;
    }
    i += n;
  }
  return true;
}

void CheckTerminalText(const char* what, std::string_view out) {
  if (!ValidUtf8(out)) Fail(what, out);
  if (const char* bad = Unsafe(out); *bad != '\0') {
    std::fprintf(stderr, "printer_fuzzer: %s: %s\n", what, bad);
    Fail(what, out);
  }
}

// The markup a report holds: raw `<`, live mentions and the two autolink shapes. In Markdown a
// backslash-escaped `<` is text.
struct Markup {
  size_t open = 0, ticks = 0, mentions = 0, schemes = 0, www = 0;
  bool operator==(const Markup&) const = default;
};

Markup MarkupOf(std::string_view s, bool markdown) {
  Markup m;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    size_t slashes = 0;
    while (markdown && slashes < i && s[i - 1 - slashes] == '\\') ++slashes;
    if (c == '<' && slashes % 2 == 0) {
      ++m.open;
    } else if (c == '`' && slashes % 2 == 0) {
      ++m.ticks;
    } else if (c == '@' && i + 1 < s.size() &&
               (std::isalnum(static_cast<unsigned char>(s[i + 1])) != 0 || s[i + 1] == '_')) {
      ++m.mentions;
    } else if (s.substr(i, 3) == "://") {
      ++m.schemes;
    } else if ((c == 'w' || c == 'W') && i + 4 <= s.size()) {
      std::string four(s.substr(i, 4));
      for (char& ch : four) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (four == "www.") ++m.www;
    }
  }
  return m;
}

std::string Printed(const rooflint::Corpus& c,
                    void (*print)(const rooflint::Report&, std::ostream&)) {
  rooflint::Report report = rooflint::BuildReport(c, rooflint::Sweep(c));
  std::ostringstream out;
  print(report, out);
  return out.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);

  // Everywhere, the instruments' fields too.
  const rooflint::Corpus c = Hostile(text, true);
  rooflint::SweepResult sweep = rooflint::Sweep(c);
  std::unordered_map<std::string_view, std::vector<const rooflint::Finding*>> findings_of;
  for (const rooflint::Finding& f : sweep.findings) {
    findings_of[f.record.view()].push_back(&f);
    CheckTerminalText("a finding rendered for the terminal", rooflint::RenderForTerminal(f, 80));
  }
  for (const rooflint::RecordAudit& a : sweep.records) {
    std::ostringstream comments;
    auto found = findings_of.find(a.benchmark->header.id.view());
    std::span<const rooflint::Finding* const> of_record;
    if (found != findings_of.end()) of_record = found->second;
    rooflint::PrintAuditComments(a, of_record, comments);
    const std::string out = comments.str();
    CheckTerminalText("the import's audit comments", out);
    for (size_t at = 0; at < out.size(); at = out.find('\n', at) + 1) {
      if (out[at] != '#') Fail("an audit comment line that is not a comment", out);
    }
  }
  rooflint::Report report = rooflint::BuildReport(c, std::move(sweep));
  for (bool verbose : {true, false}) {
    std::ostringstream out;
    rooflint::TextOptions options;
    options.verbose = verbose;
    options.columns = 80;
    rooflint::PrintText(report, options, out);
    CheckTerminalText(verbose ? "the verbose text report" : "the text report", out.str());
  }
  for (const rooflint::Benchmark& b : c.benchmarks) {
    std::ostringstream out;
    rooflint::PrintRecord(report, b.header.id.view(), out);
    CheckTerminalText("show", out.str());
  }
  for (auto print : {rooflint::PrintJson, rooflint::PrintSarif}) {
    std::ostringstream out;
    print(report, out);
    if (!nlohmann::json::accept(out.str()))
      Fail("a JSON or SARIF report that does not parse", out.str());
  }
  std::string md, html;
  {
    std::ostringstream out;
    rooflint::PrintMarkdown(report, out);
    md = out.str();
    std::ostringstream h;
    rooflint::PrintHtml(report, h);
    html = h.str();
  }
  if (!ValidUtf8(md)) Fail("a Markdown report that is not UTF-8", md);
  if (!ValidUtf8(html)) Fail("an HTML report that is not UTF-8", html);

  // Markup: the same report from the text made plain (every `<`, `@`, `:` and backtick a
  // space, and `www.` as `vvv.`) holds as much markup.
  std::string plain = text;
  for (char& ch : plain) {
    if (ch == '<' || ch == '@' || ch == ':' || ch == '`') ch = ' ';
  }
  for (size_t at = 0; at + 4 <= plain.size(); ++at) {
    if ((plain[at] | 0x20) == 'w' && (plain[at + 1] | 0x20) == 'w' &&
        (plain[at + 2] | 0x20) == 'w' && plain[at + 3] == '.') {
      plain.replace(at, 3, "vvv");
    }
  }
  const rooflint::Corpus marked = Hostile(text, false);
  const rooflint::Corpus unmarked = Hostile(plain, false);
  const std::string md_marked = Printed(marked, rooflint::PrintMarkdown);
  if (!(MarkupOf(md_marked, true) == MarkupOf(Printed(unmarked, rooflint::PrintMarkdown), true))) {
    Fail("markup from record text in the Markdown report", md_marked);
  }
  const std::string html_marked = Printed(marked, rooflint::PrintHtml);
  if (MarkupOf(html_marked, false).open !=
      MarkupOf(Printed(unmarked, rooflint::PrintHtml), false).open) {
    Fail("markup from record text in the HTML report", html_marked);
  }
  return 0;
}
