// Escaping for the report printers: the one place text from records becomes markup. Every
// function keeps valid UTF-8 as it is and replaces what cannot appear in its output (invalid
// UTF-8, control characters XML forbids) with U+FFFD, so a record can never break a report.
#ifndef ROOFLINT_REPORT_ESCAPE_H_
#define ROOFLINT_REPORT_ESCAPE_H_

#include <string>
#include <string_view>

namespace rooflint {

// Text content of an HTML, SVG or XML element: & < > escaped.
std::string EscapeXmlText(std::string_view s);
// An attribute value, double- or single-quoted: & < > " ' escaped; tabs and newlines as
// character references so they survive attribute normalisation.
std::string EscapeXmlAttr(std::string_view s);
// A fragment id for an HTML anchor: ASCII letters, digits, '-', '_' and '.' kept, every other
// byte as "_xx" (its hex), so distinct ids stay distinct.
std::string AnchorId(std::string_view s);
// A Markdown table cell or inline text: the characters Markdown would read as markup
// (\ ` * _ [ ] < > | #) backslash-escaped, & as &amp;, newlines as spaces; and what a
// pull-request comment would act on made inert: `@` takes a zero-width space after it (no
// mention), the `:` of `://` and the `.` of `www.` become character references (no autolink).
std::string EscapeMarkdown(std::string_view s);
// Valid UTF-8 with invalid sequences and XML-forbidden control characters (all C0 but tab,
// newline and carriage return) replaced by U+FFFD.
std::string SanitizeUtf8(std::string_view s);
// Text for a terminal or a CI log: invalid UTF-8 becomes U+FFFD, and every control character
// (C0 but tab, DEL, and the C1 range, which some terminals obey) is written visibly as \xNN
// or \n, so a file name, key or value can neither send escape sequences nor start a line of
// its own (a forged `path: error[...]` line). The bidi embeddings, overrides and isolates
// (U+202A..U+202E, U+2066..U+2069) and the line and paragraph separators (U+2028, U+2029) are
// written as \uNNNN too: they reorder or break the line as a viewer shows it.
std::string EscapeTerminal(std::string_view s);
// EscapeTerminal(s) appended to `out`.
void AppendEscapedTerminal(std::string_view s, std::string& out);

}  // namespace rooflint

#endif  // ROOFLINT_REPORT_ESCAPE_H_
