// Parses one record file (TOML text) into a typed record, checking every key: unknown keys
// (with did-you-mean), missing keys, wrong types, units, ranges and enumerations. The text is
// loaded into a record_doc::Doc (core/record_doc.h): by the fast scanner when the record is in
// its subset, else by toml++ (whose exceptions are caught at that edge), which reports every
// syntax error.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/record_doc.h"
#include "core/text_util.h"
#include "rooflint/corpus.h"
#include "rooflint/precision.h"
#include "rooflint/schema.h"

namespace rooflint {
namespace {

using DocNode = record_doc::Node;
using DocTable = record_doc::Table;
using DocArray = record_doc::Array;
using record_doc::Entry;
using record_doc::NodeType;

using Keys = std::span<const std::string_view>;

using schema::kAbsentBecause;
using schema::kPeakStyles;
using schema::kScenarios;
using schema::kSourceKinds;
using schema::kStatistics;
using schema::kStatuses;

constexpr RecordKind kBench = RecordKind::kBenchmark;
constexpr RecordKind kAccel = RecordKind::kAccelerator;
constexpr RecordKind kModelKind = RecordKind::kModel;

// Every key name a valid record can have, as "key" or "table.key", sorted and unique, in
// storage that lives as long as the program: KeyLocations indexes it.
const std::vector<std::string>& KnownKeys() {
  static const auto* const kAll = [] {
    auto* set = new std::set<std::string, std::less<>>();
    for (RecordKind kind : {RecordKind::kAccelerator, RecordKind::kModel, RecordKind::kBenchmark,
                            RecordKind::kSource, RecordKind::kGotcha}) {
      for (const RecordField& f : RecordFields(kind)) {
        // KeyLocations holds a record's keys and those of its tables: one level down.
        if (std::count(f.key.begin(), f.key.end(), '.') > 1) continue;
        set->emplace(f.key);
        for (std::string_view m : f.members) set->insert(fmt::format("{}.{}", f.key, m));
      }
    }
    auto* sorted = new std::vector<std::string>(set->begin(), set->end());
    delete set;
    return sorted;
  }();
  return *kAll;
}

// A TOML number as a double: integers and floats each read as what they are.
double NumberOf(const DocNode& n) {
  if (n.is_integer()) return static_cast<double>(n.integer());
  if (n.is_floating_point()) return n.floating();
  return std::numeric_limits<double>::quiet_NaN();
}

std::string_view TypeName(const DocNode& n) {
  switch (n.type()) {
    case NodeType::kString:
      return "a string";
    case NodeType::kInteger:
      return "an integer";
    case NodeType::kFloat:
      return "a floating-point number";
    case NodeType::kBoolean:
      return "a boolean";
    case NodeType::kTable:
      return "a table";
    case NodeType::kArray:
      return "an array";
    case NodeType::kDate:
      return "a date";
    case NodeType::kTime:
      return "a time";
    case NodeType::kDateTime:
      return "a date-time";
    default:
      return "nothing";
  }
}

// Reads keys from TOML tables into typed fields, turning every problem into a diagnostic.
class Reader {
 public:
  Reader(std::string_view path, std::string_view text, std::vector<Diagnostic>& out)
      : path_(path), text_(text), out_(out) {}

  bool failed() const { return errors_ > 0; }
  // The text of line `n` (from 1) without its line break; "" past the end. A record that reads
  // cleanly asks for one line (its value's), found by walking to it; the first diagnostic
  // splits the record into lines once, so that many diagnostics cost one pass, not one each.
  std::string_view Line(int n) {
    if (n < 1) return {};
    if (split_) return n <= static_cast<int>(lines_.size()) ? lines_[n - 1] : std::string_view();
    size_t start = 0;
    for (int i = 1; i < n; ++i) {
      const size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) return {};
      start = end + 1;
    }
    return LineFrom(start);
  }

  void Report(Severity severity, DiagnosticCode code, std::string message, int line, int column,
              std::string hint) {
    Diagnostic d;
    d.severity = severity;
    d.code = code.name();
    d.message = message;
    d.where = {std::string(path_), line, column};
    if (const std::string_view text = DiagnosticLine(line); !text.empty()) {
      SetSourceLine(d, text);
    }
    d.hint = hint;
    if (severity == Severity::kError) ++errors_;
    out_.push_back(std::move(d));
  }
  void Error(DiagnosticCode code, std::string message, const record_doc::Region& at,
             std::string hint) {
    Report(Severity::kError, std::move(code), std::move(message), static_cast<int>(at.begin.line),
           static_cast<int>(at.begin.column), std::move(hint));
  }

  // Every key of `table` must be in `known`; `where` names the table in messages.
  void CheckKeys(const DocTable& table, Keys known, std::string_view where) {
    for (const Entry& e : table) {
      std::string_view k = e.key;
      // Every key of every record passes here.
      if (std::any_of(known.begin(), known.end(),
                      [k](std::string_view kk) { return record_doc::SameKey(kk, k); })) {
        continue;
      }
      std::string near = ClosestMatch(k, known);
      Error("unknown-key", fmt::format("unknown key '{}' in {}", k, where), {e.key_pos},
            near.empty() ? fmt::format("{} takes: {}", where, fmt::join(known, ", "))
                         : fmt::format("did you mean '{}'?", near));
    }
  }

  // The node for `key`, or nullptr (with a missing-key error when `required`).
  const DocNode* Get(const DocTable& table, std::string_view key, bool required,
                     std::string_view where, std::string_view example) {
    const DocNode* n = table.get(key);
    if (n == nullptr && required) {
      auto at = table.source();
      int line = at.begin.line > 0 ? static_cast<int>(at.begin.line) : 1;
      int col = at.begin.line > 0 ? static_cast<int>(at.begin.column) : 1;
      Report(Severity::kError, "missing-key",
             fmt::format("{} is missing the required key '{}'", where, key), line, col,
             fmt::format("add: {} = {}", key, example));
    }
    return n;
  }

  // `key` may be dotted ("conditions.batch") for the message; hints use the last part, which
  // is what is written on the line.
  static std::string_view AsWritten(std::string_view key) {
    size_t dot = key.rfind('.');
    return dot == std::string_view::npos ? key : key.substr(dot + 1);
  }

  void WrongType(const DocNode& n, std::string_view key, std::string_view want,
                 std::string_view example) {
    Error("wrong-type", fmt::format("'{}' must be {}, not {}", key, want, TypeName(n)), n.source(),
          fmt::format("write it as: {} = {}", AsWritten(key), example));
  }

  std::string String(const DocTable& t, std::string_view key, bool required, std::string_view where,
                     std::string_view example = "\"...\"") {
    return std::string(StringView(t, key, required, where, example));
  }
  // The same, kept as a SharedText (a benchmark's texts), made from the document's text with
  // no std::string between.
  SharedText Text(const DocTable& t, std::string_view key, bool required, std::string_view where,
                  std::string_view example = "\"...\"") {
    return SharedText(StringView(t, key, required, where, example));
  }
  // The same, as a view into the document (which must outlive it).
  std::string_view StringView(const DocTable& t, std::string_view key, bool required,
                              std::string_view where, std::string_view example) {
    const DocNode* n = Get(t, key, required, where, example);
    if (n == nullptr) return {};
    if (n->is_string()) {
      std::string_view s = n->str();
      if (required && Trim(s).empty()) {
        Error("empty-value", fmt::format("'{}' is empty", key), n->source(),
              fmt::format("write a value, e.g. {} = {}", key, example));
      }
      return s;
    }
    WrongType(*n, key, "a string", example);
    return {};
  }

  // A string that must be one of `allowed`.
  std::string Enum(const DocTable& t, std::string_view key, Keys allowed, bool required,
                   std::string_view where) {
    // The example is made only for a message: an Enum is read several times per record.
    auto example = [&] { return fmt::format("\"{}\"", allowed[0]); };
    const DocNode* n = t.get(key);
    if (n == nullptr) {
      if (required) Get(t, key, required, where, example());
      return {};
    }
    if (!n->is_string()) {
      WrongType(*n, key, "a string", example());
      return {};
    }
    std::string s = *n->value<std::string>();
    for (auto a : allowed) {
      if (a == s) return s;
    }
    std::string near = ClosestMatch(s, allowed);
    Error("unknown-value", fmt::format("'{}' is not a valid value for '{}'", s, key), n->source(),
          near.empty() ? fmt::format("{} is one of: {}", key, fmt::join(allowed, ", "))
                       : fmt::format("did you mean '{}'? ({} is one of: {})", near, key,
                                     fmt::join(allowed, ", ")));
    return {};
  }

  std::optional<ParsedQuantity> Quantity(const DocTable& t, std::string_view key, Dimension dim,
                                         bool required, std::string_view where,
                                         std::string_view example) {
    const DocNode* n = Get(t, key, required, where, example);
    if (n == nullptr) return std::nullopt;
    return QuantityNode(*n, key, dim, example);
  }

  std::optional<ParsedQuantity> QuantityNode(const DocNode& n, std::string_view key, Dimension dim,
                                             std::string_view example) {
    if (!n.is_string()) {
      if (n.is_number()) {
        Error("wrong-type",
              fmt::format("'{}' must be a string with a unit, not a bare number", key), n.source(),
              fmt::format("quantities carry their unit: {} = {} (units: {})", AsWritten(key),
                          example, UnitsFor(dim)));
      } else {
        WrongType(n, key, "a string with a unit", example);
      }
      return std::nullopt;
    }
    std::string s = *n.value<std::string>();
    auto parsed = ParseQuantity(s, dim);
    if (auto* err = std::get_if<QuantityError>(&parsed)) {
      auto at = n.source();
      int line = static_cast<int>(at.begin.line), column = static_cast<int>(at.begin.column);
      // Point inside the string: it opens at the node's column with one quote, or three for a
      // multi-line string.
      int quotes = 1;
      if (const std::string_view text = DiagnosticLine(line); !text.empty() && column >= 1) {
        std::string_view rest = text.substr(std::min<size_t>(column - 1, text.size()));
        if (rest.starts_with("\"\"\"") || rest.starts_with("'''")) quotes = 3;
      }
      Report(Severity::kError, err->code, fmt::format("{}: {}", key, err->message), line,
             column + quotes + err->column, err->hint);
      return std::nullopt;
    }
    return std::get<ParsedQuantity>(parsed);
  }

  // A count (parameters): a positive finite TOML integer or float within [min, max].
  std::optional<double> Count(const DocTable& t, std::string_view key, bool required,
                              std::string_view where, double min, double max,
                              std::string_view example) {
    const DocNode* n = Get(t, key, required, where, example);
    if (n == nullptr) return std::nullopt;
    if (!n->is_number()) {
      WrongType(*n, key, "a number", example);
      return std::nullopt;
    }
    double v = NumberOf(*n);
    if (!std::isfinite(v)) {
      Error("not-a-number", fmt::format("'{}' is not a finite number", key), n->source(),
            fmt::format("write e.g. {} = {}", key, example));
      return std::nullopt;
    }
    if (v <= 0) {
      Error("non-positive", fmt::format("'{}' must be greater than zero, got {}", key, v),
            n->source(), "check the sign and the figure");
      return std::nullopt;
    }
    if (v < min || v > max) {
      Error("absurd-value",
            fmt::format("'{}' = {} is outside the plausible range {} to {}", key, v, FormatSi(min),
                        FormatSi(max)),
            n->source(), "check the figure against its source (is it in billions?)");
      return std::nullopt;
    }
    return v;
  }

  std::optional<int64_t> Integer(const DocTable& t, std::string_view key, bool required,
                                 std::string_view where, int64_t min, int64_t max,
                                 std::string_view example) {
    const DocNode* n = Get(t, key, required, where, example);
    if (n == nullptr) return std::nullopt;
    return IntegerNode(*n, key, min, max, example);
  }

  std::optional<int64_t> IntegerNode(const DocNode& n, std::string_view key, int64_t min,
                                     int64_t max, std::string_view example) {
    if (!n.is_integer()) {
      WrongType(n, key, "an integer", example);
      return std::nullopt;
    }
    int64_t v = *n.value<int64_t>();
    if (v < min) {
      Error(v <= 0 ? DiagnosticCode("non-positive") : DiagnosticCode("absurd-value"),
            fmt::format("'{}' must be at least {}, got {}", key, min, v), n.source(),
            "check the figure against its source");
      return std::nullopt;
    }
    if (v > max) {
      Error("absurd-value", fmt::format("'{}' = {} is larger than {}", key, v, max), n.source(),
            "check the figure against its source");
      return std::nullopt;
    }
    return v;
  }

  std::vector<std::string> StringArray(const DocTable& t, std::string_view key, bool required,
                                       std::string_view where, std::string_view example) {
    std::vector<std::string> out;
    const DocNode* n = Get(t, key, required, where, example);
    if (n == nullptr) return out;
    const DocArray* arr = n->as_array();
    if (arr == nullptr) {
      WrongType(*n, key, "an array of strings", example);
      return out;
    }
    for (const DocNode* element : arr->elements()) {
      const DocNode& e = *element;
      if (auto s = e.value<std::string>(); s && e.is_string()) {
        out.push_back(*s);
      } else {
        Error("wrong-type", fmt::format("'{}' holds {}; it takes strings only", key, TypeName(e)),
              e.source(), fmt::format("write it as: {} = {}", key, example));
      }
    }
    return out;
  }

  // The same reads with the key, whether it is required, its example and its range from the
  // record schema.
  const DocNode* Get(const DocTable& t, const RecordField& f, std::string_view where) {
    return Get(t, f.Name(), f.required, where, f.example);
  }
  std::string String(const DocTable& t, const RecordField& f, std::string_view where) {
    return String(t, f.Name(), f.required, where, f.example);
  }
  SharedText Text(const DocTable& t, const RecordField& f, std::string_view where) {
    return Text(t, f.Name(), f.required, where, f.example);
  }
  std::string Enum(const DocTable& t, const RecordField& f, std::string_view where) {
    return Enum(t, f.Name(), f.values, f.required, where);
  }
  std::optional<ParsedQuantity> Quantity(const DocTable& t, const RecordField& f,
                                         std::string_view where) {
    return Quantity(t, f.Name(), f.dimension, f.required, where, f.example);
  }
  std::optional<double> Count(const DocTable& t, const RecordField& f, std::string_view where) {
    return Count(t, f.Name(), f.required, where, f.min, f.max, f.example);
  }
  std::optional<int64_t> Integer(const DocTable& t, const RecordField& f, std::string_view where) {
    return Integer(t, f.Name(), f.required, where, static_cast<int64_t>(f.min),
                   static_cast<int64_t>(f.max), f.example);
  }
  std::vector<std::string> StringArray(const DocTable& t, const RecordField& f,
                                       std::string_view where) {
    return StringArray(t, f.Name(), f.required, where, f.example);
  }
  const DocTable* Table(const DocTable& t, const RecordField& f, std::string_view where) {
    return Table(t, f.Name(), f.required, where, f.example);
  }
  std::string Precision(const DocTable& t, const RecordField& f, std::string_view where) {
    return Precision(t, f.Name(), f.required, where);
  }

  const DocTable* Table(const DocTable& t, std::string_view key, bool required,
                        std::string_view where, std::string_view example) {
    const DocNode* n = Get(t, key, required, where, example);
    if (n == nullptr) return nullptr;
    if (!n->is_table()) {
      WrongType(*n, key, "a table", example);
      return nullptr;
    }
    return n->as_table();
  }

  // `node` written as { absent = "why" }: the reason, or nullopt (with a diagnostic when the
  // table is malformed). `full` names the key in messages.
  std::optional<std::string> AbsentReason(const DocNode& node, std::string_view full) {
    const DocTable* tab = node.as_table();
    if (tab == nullptr) return std::nullopt;
    constexpr std::array<std::string_view, 1> kAbsentKeys = {"absent"};
    // The table's name for a message is made only when a key is not "absent".
    if (!std::all_of(tab->begin(), tab->end(),
                     [](const Entry& e) { return record_doc::SameKey("absent", e.key); })) {
      CheckKeys(*tab, kAbsentKeys, fmt::format("'{}'", full));
    }
    const DocNode* reason = tab->get("absent");
    if (reason == nullptr) {
      Error("missing-key", fmt::format("'{}' is a table without 'absent'", full), node.source(),
            fmt::format("write {} = {{ absent = \"why it is not known\" }}", AsWritten(full)));
      return std::nullopt;
    }
    if (!reason->is_string() || Trim(*reason->value<std::string>()).empty()) {
      Error("missing-absent-reason", fmt::format("'{}' is marked absent without a reason", full),
            reason->source(),
            "say why it is not known, e.g. { absent = \"not stated by the source\" }");
      return std::nullopt;
    }
    return *reason->value<std::string>();
  }

  // A precision name that must be in the precision table.
  std::string Precision(const DocTable& t, std::string_view key, bool required,
                        std::string_view where) {
    const DocNode* n = Get(t, key, required, where, "\"fp16\"");
    if (n == nullptr) return {};
    if (!n->is_string()) {
      WrongType(*n, key, "a string", "\"fp16\"");
      return {};
    }
    std::string s = *n->value<std::string>();
    if (FindPrecision(s) != nullptr) return s;
    std::vector<std::string_view> names;
    for (const auto& p : Precisions()) names.push_back(p.name);
    std::string near = ClosestMatch(ToLower(s), names);
    Error("unknown-precision", fmt::format("unknown precision '{}'", s), n->source(),
          near.empty() ? fmt::format("known precisions: {} (see `rooflint precisions`)",
                                     fmt::join(names, ", "))
                       : fmt::format("did you mean '{}'? (see `rooflint precisions`)", near));
    return {};
  }

  // Records where each known key stands; unknown keys are errors reported elsewhere.
  void RecordKeys(const DocTable& t, KeyLocations& keys, std::string_view prefix) {
    std::string name;
    for (const Entry& e : t) {
      std::string_view full = e.key;
      if (!prefix.empty()) {
        name.assign(prefix);
        name += '.';
        name += e.key;
        full = name;
      }
      if (int known = KnownKeyIndex(full); known >= 0) {
        keys.Add(known, static_cast<int>(e.key_pos.line), static_cast<int>(e.key_pos.column));
      }
      if (e.node->is_table() && prefix.empty()) RecordKeys(*e.node, keys, e.key);
    }
  }

  // Reads `id`, checks it against the file stem, and reads `status`.
  void Header(const DocTable& t, RecordKind kind, std::string_view stem, RecordHeader& h,
              std::string& id_out) {
    // Made for a message only: the happy path formats nothing.
    constexpr size_t kKindCount = static_cast<size_t>(RecordKind::kGotcha) + 1;
    static const auto* const kWhere = [] {
      auto* where = new std::array<std::string, kKindCount>();
      for (size_t k = 0; k < kKindCount; ++k) {
        (*where)[k] = fmt::format("this {} record", KindName(static_cast<RecordKind>(k)));
      }
      return where;
    }();
    const std::string& where = (*kWhere)[static_cast<size_t>(kind)];
    h.kind = kind;
    // A record's path and id are its own: made without looking for a copy to share. The id's
    // example (the file's stem) is made only when a message may quote it.
    h.path = SharedText::Unshared(path_);
    const DocNode* id = t.get("id");
    const bool plain = id != nullptr && id->is_string() && !Trim(id->str()).empty();
    h.id = SharedText::Unshared(
        StringView(t, "id", true, where, plain ? std::string() : fmt::format("\"{}\"", stem)));
    id_out = h.id.empty() ? std::string(stem) : h.id.str();
    if (id != nullptr && !h.id.empty()) {
      if (!IsValidId(h.id)) {
        Error("bad-id", fmt::format("id '{}' is not kebab-case", h.id), id->source(),
              "ids use lowercase letters, digits, '-' and '.', e.g. \"mpt-7b\"");
      } else if (h.id != stem) {
        Error("id-mismatch",
              fmt::format("id '{}' does not match the file name '{}.toml'", h.id, stem),
              id->source(),
              fmt::format("rename the file to '{}.toml' or set id = \"{}\"", h.id, stem));
      }
    }
    std::string status = Enum(t, schema::kStatus, where);
    if (status == "draft") h.status = Status::kDraft;
    if (status == "deprecated") h.status = Status::kDeprecated;
    // At most one location per key of the record and of its tables: room for them at once.
    size_t keys = 0;
    for (const Entry& e : t) keys += 1 + (e.node->is_table() ? e.node->size() : 0);
    h.keys.Reserve(keys);
    RecordKeys(t, h.keys, "");
  }

  // The [[waivers]] of a record: each names an instrument, optionally a code, and a reason.
  std::vector<Waiver> Waivers(const DocTable& t) {
    std::vector<Waiver> out;
    const DocNode* w = t.get("waivers");
    if (w == nullptr) return out;
    const DocArray* arr = w->as_array();
    if (arr == nullptr || !arr->is_array_of_tables()) {
      WrongType(*w, "waivers", "an array of tables ([[waivers]])",
                "[{ instrument = \"near-roof\", reason = \"...\" }]");
      return out;
    }
    for (const DocNode* n : arr->elements()) {
      const DocTable& wt = *n;
      static const std::vector<std::string_view> kKeys = KeysIn(kBench, "waivers");
      CheckKeys(wt, kKeys, "[[waivers]]");
      Waiver waiver;
      waiver.line = static_cast<int>(wt.source().begin.line);
      waiver.instrument = String(wt, FieldOf(kBench, "waivers.instrument"), "[[waivers]]");
      waiver.code = String(wt, FieldOf(kBench, "waivers.code"), "[[waivers]]");
      waiver.reason = String(wt, FieldOf(kBench, "waivers.reason"), "[[waivers]]");
      out.push_back(std::move(waiver));
    }
    return out;
  }

  SourceRef Citation(const DocNode& n, std::string_view key) {
    SourceRef ref;
    if (auto s = n.value<std::string>(); s && n.is_string()) {
      ref.source = *s;
    } else if (const DocTable* t = n.as_table()) {
      constexpr std::array<std::string_view, 2> kKeys = {"source", "locator"};
      CheckKeys(*t, kKeys, fmt::format("the citation '{}'", key));
      ref.source =
          String(*t, "source", true, fmt::format("the citation '{}'", key), "\"source-id\"");
      ref.locator = String(*t, "locator", false, "", "\"...\"");
    } else {
      WrongType(n, key, "a source id or { source = \"id\", locator = \"...\" }", "\"source-id\"");
    }
    return ref;
  }

 private:
  // The line that starts at text_[start], without its line break.
  std::string_view LineFrom(size_t start) const {
    size_t end = text_.find('\n', start);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view line = text_.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
  }
  // Line `n` for a diagnostic: the record is split into lines on the first one.
  std::string_view DiagnosticLine(int n) {
    if (!split_) Split();
    return Line(n);
  }
  void Split() {
    split_ = true;
    size_t start = 0;
    while (start <= text_.size()) {
      lines_.push_back(LineFrom(start));
      const size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) break;
      start = end + 1;
    }
  }

  std::string_view path_;
  std::string_view text_;
  std::vector<Diagnostic>& out_;
  bool split_ = false;
  std::vector<std::string_view> lines_;
  int errors_ = 0;
};

Metric MetricFromName(std::string_view s) { return FindMetric(s).value_or(Metric::kPerUserDecode); }

// The entries of `t` in the order they stand in the file (tables iterate alphabetically).
std::vector<Entry> InFileOrder(const DocTable& t) {
  std::vector<Entry> out(t.begin(), t.end());
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.key_pos.line, a.key_pos.column) < std::tie(b.key_pos.line, b.key_pos.column);
  });
  return out;
}

// Reads one [conditions] entry: a value of the expected shape, or { absent = "reason" }.
// A count as its decimal text, the interned copy (most records state the same few counts).
SharedText IntegerText(int64_t v) {
  char digits[24];
  const auto [end, ec] = std::to_chars(std::begin(digits), std::end(digits), v);
  return SharedText(std::string_view(digits, static_cast<size_t>(end - digits)));
}

Condition ReadCondition(Reader& r, const DocTable& t, const ConditionKey& spec) {
  const std::string_view key = spec.key;
  Condition c;
  const DocNode* n = t.get(key);
  if (n == nullptr) return c;
  const std::string_view full = spec.path;
  if (const DocTable* tab = n->as_table()) {
    // speculative and prefix_cache take a table of their own; { absent = ... } is the rest.
    if ((key == "speculative" || key == "prefix_cache") && tab->get("absent") == nullptr) {
      return c;
    }
    if (auto why = r.AbsentReason(*n, full)) {
      c.SetAbsent(*why);
    }
    return c;
  }
  if (spec.integer) {
    auto v = r.IntegerNode(*n, full, spec.min, 100'000'000, "1");
    if (v) {
      c.integer = *v;
      c.SetStated(IntegerText(*v));
    }
    return c;
  }
  if (key == "attention_window") {
    if (n->is_boolean() && !*n->value<bool>()) {
      c.boolean = false;
      c.SetStated("false");
      return c;
    }
    if (n->is_integer()) {
      if (auto v = r.IntegerNode(*n, full, spec.min, 100'000'000, "4096")) {
        c.integer = *v;
        c.SetStated(IntegerText(*v));
      }
      return c;
    }
    r.WrongType(*n, full, "false, a token count or { absent = \"why\" }", "false");
    return c;
  }
  if (key == "speculative" || key == "prefix_cache") {
    if (n->is_boolean()) {
      if (*n->value<bool>() && key == "speculative") {
        r.Error("unknown-value", "'conditions.speculative = true' does not say which method",
                n->source(),
                "describe it: speculative = { method = \"eagle3\", draft_tokens = 4 }");
        return c;
      }
      c.boolean = *n->value<bool>();
      c.SetStated(*c.boolean ? "true" : "false");
      return c;
    }
    // A word is not a description: "none" is not a method, and must never be read as one.
    std::string word = n->is_string() ? ToLower(Trim(*n->value<std::string>())) : "";
    bool negative = word == "none" || word == "no" || word == "off" || word == "false" ||
                    word == "disabled" || word == "n/a";
    r.Error("wrong-type",
            fmt::format("'{}' must be false, a table or {{ absent = \"why\" }}, not {}", full,
                        TypeName(*n)),
            n->source(),
            negative ? fmt::format("'{}' means not used: write {} = false", word, key)
            : key == "speculative"
                ? "write speculative = false, or speculative = { method = \"eagle3\", "
                  "draft_tokens = 4 }"
                : "write prefix_cache = false, or prefix_cache = { cached_tokens = 512 } or "
                  "{ hit_rate = 0.4 }");
    return c;
  } else if (key == "warmup" || key == "offload") {
    if (n->is_boolean()) {
      c.boolean = *n->value<bool>();
      c.SetStated(*c.boolean ? "true" : "false");
      return c;
    }
    if (n->is_integer() && key == "warmup") {
      c.integer = *n->value<int64_t>();
      c.SetStated(fmt::format("{}", *c.integer));
      return c;
    }
  }
  if (!n->is_string()) {
    r.WrongType(*n, full, "a string or { absent = \"why\" }", "\"...\"");
    return c;
  }
  std::string s = *n->value<std::string>();
  if (Trim(s).empty()) {
    r.Error("empty-value", fmt::format("'{}' is empty", full), n->source(),
            fmt::format("state it, or write {} = {{ absent = \"why it is not known\" }}", key));
    return c;
  }
  if (key == "scenario") {
    bool ok = false;
    for (auto sc : kScenarios) ok = ok || sc == s;
    if (!ok) {
      std::string near = ClosestMatch(ToLower(s), kScenarios);
      r.Error("unknown-value", fmt::format("'{}' is not a valid value for 'scenario'", s),
              n->source(),
              near.empty() ? fmt::format("scenario is one of: {}", fmt::join(kScenarios, ", "))
                           : fmt::format("did you mean '{}'?", near));
      return c;
    }
  }
  c.SetStated(s);
  return c;
}

// `speculative = { method, draft_tokens, acceptance_length, draft_model }`.
void ReadSpeculation(Reader& r, const DocTable& c, Conditions& k) {
  const DocNode* n = c.get("speculative");
  const DocTable* tab = n != nullptr ? n->as_table() : nullptr;
  if (tab == nullptr || tab->get("absent") != nullptr) return;
  constexpr std::string_view kWhere = "'conditions.speculative'";
  static const std::vector<std::string_view> kKeys = KeysIn(kBench, "conditions.speculative");
  r.CheckKeys(*tab, kKeys, kWhere);
  Speculation s;
  s.method = r.String(*tab, FieldOf(kBench, "conditions.speculative.method"), kWhere);
  if (tab->empty()) {
    r.Error("missing-key", "'conditions.speculative' is an empty table", n->source(),
            "say what is known: speculative = { method = \"eagle3\", draft_tokens = 4 }");
    return;
  }
  s.draft_tokens = r.Integer(*tab, FieldOf(kBench, "conditions.speculative.draft_tokens"), kWhere);
  s.draft_depth = r.Integer(*tab, FieldOf(kBench, "conditions.speculative.draft_depth"), kWhere);
  if (s.draft_depth && s.draft_tokens && *s.draft_depth > *s.draft_tokens) {
    r.Error("inconsistent-value",
            fmt::format("draft_depth ({}) is more than draft_tokens ({})", *s.draft_depth,
                        *s.draft_tokens),
            tab->get("draft_depth")->source(),
            "a tree of draft_tokens nodes is at most draft_tokens deep");
    s.draft_depth.reset();
  }
  s.draft_model = r.String(*tab, FieldOf(kBench, "conditions.speculative.draft_model"), kWhere);
  if (const DocNode* a = tab->get("acceptance_length")) {
    if (!a->is_number()) {
      r.WrongType(*a, "conditions.speculative.acceptance_length", "a number", "2.9");
    } else {
      double v = NumberOf(*a);
      const std::optional<int64_t> steps = s.draft_depth ? s.draft_depth : s.draft_tokens;
      double most = steps ? static_cast<double>(*steps) + 1 : 1001;
      if (!std::isfinite(v) || v < 1 || v > most) {
        r.Error(
            "absurd-value",
            fmt::format("acceptance_length {} is outside 1 to {} (k + 1 tokens per step)", v, most),
            a->source(), "the mean accepted length counts the target's own token: 1 <= a <= k + 1");
      } else {
        s.acceptance_length = v;
      }
    }
  }
  std::string method = s.method.empty() ? std::string("method not stated") : s.method.str();
  k.speculative.SetStated(
      s.draft_tokens ? fmt::format("{}, {} draft tokens", method, *s.draft_tokens) : method);
  k.speculation = std::move(s);
}

// `prefix_cache = false | true | { cached_tokens = N } | { hit_rate = 0.4 }`.
void ReadPrefixCache(Reader& r, const DocTable& c, Conditions& k) {
  if (k.prefix_cache.stated()) {
    k.prefix = PrefixCache{*k.prefix_cache.boolean, std::nullopt, std::nullopt};
    return;
  }
  const DocNode* n = c.get("prefix_cache");
  const DocTable* tab = n != nullptr ? n->as_table() : nullptr;
  if (tab == nullptr || tab->get("absent") != nullptr) return;
  constexpr std::string_view kWhere = "'conditions.prefix_cache'";
  static const std::vector<std::string_view> kKeys = KeysIn(kBench, "conditions.prefix_cache");
  r.CheckKeys(*tab, kKeys, kWhere);
  PrefixCache p;
  p.enabled = true;
  p.cached_tokens =
      r.Integer(*tab, FieldOf(kBench, "conditions.prefix_cache.cached_tokens"), kWhere);
  if (const DocNode* h = tab->get("hit_rate")) {
    double v = h->is_number() ? NumberOf(*h) : -1;
    if (!h->is_number() || !std::isfinite(v) || v < 0 || v > 1) {
      r.Error("absurd-value", "'conditions.prefix_cache.hit_rate' must be a number from 0 to 1",
              h->source(), "write the share of input tokens served from the cache, e.g. 0.4");
    } else {
      p.hit_rate = v;
    }
  }
  if (tab->empty()) {
    r.Error("missing-key", "'conditions.prefix_cache' is an empty table", n->source(),
            "write prefix_cache = true when only its use is known");
    return;
  }
  if (!p.cached_tokens && !p.hit_rate) return;  // each bad value is reported above
  k.prefix_cache.SetStated(p.cached_tokens ? fmt::format("{} cached tokens", *p.cached_tokens)
                                           : fmt::format("hit rate {:g}", *p.hit_rate));
  k.prefix = p;
}

void ParseBenchmark(Reader& r, const DocTable& t, Benchmark& b) {
  constexpr std::string_view kWhere = "this benchmark record";
  static const std::vector<std::string_view> kKeys = KeysIn(kBench, "");
  r.CheckKeys(t, kKeys, kWhere);
  b.title = r.Text(t, FieldOf(kBench, "title"), kWhere);
  std::string metric = r.Enum(t, FieldOf(kBench, "metric"), kWhere);
  if (!metric.empty()) b.metric = MetricFromName(metric);
  b.statistic = r.Enum(t, FieldOf(kBench, "statistic"), kWhere);
  if (!metric.empty()) {
    Dimension dim = MetricDimension(b.metric);
    std::string example = dim == Dimension::kTime          ? "\"17.4 ms\""
                          : dim == Dimension::kRequestRate ? "\"0.9 req/s\""
                                                           : "\"57.6 tok/s\"";
    if (auto v = r.Quantity(t, "value", dim, true, kWhere, example)) b.value = *v;
  } else {
    r.Get(t, FieldOf(kBench, "value"), kWhere);
  }
  // The line findings on the value point at (KeyLocations::Find, as MakeFinding asks it),
  // kept only when ValueLine cannot rebuild it from the value: a large corpus writes nearly
  // every value the usual way, and a copy of each line would be 40 MB at 1M records.
  b.value_line = ValueLineToKeep(r.Line(b.header.keys.Find("value", {}).line), b.value.text);
  b.derived_from = r.Text(t, FieldOf(kBench, "derived_from"), kWhere);
  b.model = r.Text(t, FieldOf(kBench, "model"), kWhere);
  if (const DocNode* n = t.get("precision"); n != nullptr && n->is_table()) {
    if (auto why = r.AbsentReason(*n, "precision")) b.precision_absent = *why;
  } else {
    b.precision = r.Precision(t, FieldOf(kBench, "precision"), kWhere);
  }
  if (t.get("compute_precision") != nullptr) {
    const DocNode* n = t.get("compute_precision");
    constexpr const RecordField& kField = FieldOf(kBench, "compute_precision");
    std::string cp = r.String(t, kField, kWhere);
    const bool known =
        std::find(kField.values.begin(), kField.values.end(), cp) != kField.values.end();
    if (!cp.empty() && !known) {
      std::string near = ClosestMatch(cp, kField.values);
      r.Error("unknown-precision", fmt::format("unknown compute precision '{}'", cp), n->source(),
              near.empty()
                  ? fmt::format("compute_precision is one of: {}", fmt::join(kField.values, ", "))
                  : fmt::format("did you mean '{}'?", near));
    } else {
      b.compute_precision = cp;
    }
  }
  if (t.get("kv_precision") != nullptr) {
    b.kv_precision = r.Precision(t, FieldOf(kBench, "kv_precision"), kWhere);
  }
  if (t.get("sparsity") != nullptr) {
    b.sparsity = r.Enum(t, FieldOf(kBench, "sparsity"), kWhere);
  }
  b.weights = r.Quantity(t, FieldOf(kBench, "weights"), kWhere);
  b.hardware = r.Text(t, FieldOf(kBench, "hardware"), kWhere);
  b.accelerators = r.StringArray(t, FieldOf(kBench, "accelerators"), kWhere);
  if (const DocTable* abs = r.Table(t, FieldOf(kBench, "accelerators_absent"), kWhere)) {
    static const std::vector<std::string_view> kAbsentKeys = KeysIn(kBench, "accelerators_absent");
    r.CheckKeys(*abs, kAbsentKeys, "'accelerators_absent'");
    AbsentPointer p;
    p.because =
        r.Enum(*abs, FieldOf(kBench, "accelerators_absent.because"), "'accelerators_absent'");
    p.note = r.Text(*abs, FieldOf(kBench, "accelerators_absent.note"), "'accelerators_absent'");
    b.accelerators_absent = p;
    if (!b.accelerators.empty()) {
      r.Error("conflicting-keys",
              "'accelerators' names parts but 'accelerators_absent' says "
              "there is no pointer",
              t.get("accelerators_absent")->source(),
              "keep one: the ids, or an empty list with the reason");
    }
  } else if (t.get("accelerators") != nullptr && t.get("accelerators")->is_array() &&
             b.accelerators.empty()) {
    r.Error("missing-key", "'accelerators' is empty and 'accelerators_absent' does not say why",
            t.get("accelerators")->source(),
            "name the parts, or add accelerators_absent = { because = \"no-record\" | "
            "\"ambiguous\" | \"not-stated\", note = \"...\" }");
  }
  if (const DocNode* n = t.get("accelerator_count"); n != nullptr && n->is_table()) {
    if (auto why = r.AbsentReason(*n, "accelerator_count")) {
      b.accelerator_count = 0;
      b.accelerator_count_absent = *why;
    }
  } else if (auto count = r.Integer(t, FieldOf(kBench, "accelerator_count"), kWhere)) {
    b.accelerator_count = *count;
  }
  b.source = r.Text(t, FieldOf(kBench, "source"), kWhere);
  b.locator = r.Text(t, FieldOf(kBench, "locator"), kWhere);
  b.set = r.Text(t, FieldOf(kBench, "set"), kWhere);
  if (const DocTable* d = r.Table(t, FieldOf(kBench, "set_differs"), kWhere)) {
    r.CheckKeys(*d, FieldOf(kBench, "set_differs").members, "'set_differs'");
    for (const Entry& e : InFileOrder(*d)) {
      std::string why = r.String(*d, e.key, true, "'set_differs'");
      if (!why.empty()) b.set_differs.emplace_back(std::string(e.key), why);
    }
  }
  b.notes = r.Text(t, FieldOf(kBench, "notes"), kWhere);
  if (const DocTable* c = r.Table(t, FieldOf(kBench, "calibration"), kWhere)) {
    static const std::vector<std::string_view> kCalibrationKeys = KeysIn(kBench, "calibration");
    r.CheckKeys(*c, kCalibrationKeys, "'calibration'");
    Calibration cal;
    cal.line = static_cast<int>(c->source().begin.line);
    auto expected = r.Count(*c, FieldOf(kBench, "calibration.expected_percent"), "'calibration'");
    auto tolerance = r.Count(*c, FieldOf(kBench, "calibration.tolerance"), "'calibration'");
    std::string instrument =
        r.String(*c, FieldOf(kBench, "calibration.instrument"), "'calibration'");
    if (expected && tolerance) {
      cal.expected_percent = *expected;
      cal.tolerance = *tolerance;
      if (!instrument.empty()) cal.instrument = instrument;
      b.calibration = cal;
    }
  }
  b.waivers = r.Waivers(t);

  if (const DocTable* c = r.Table(t, FieldOf(kBench, "conditions"), kWhere)) {
    static const std::vector<std::string_view> kConditionKeys = KeysIn(kBench, "conditions");
    r.CheckKeys(*c, kConditionKeys, "[conditions]");
    Conditions& k = b.conditions;
    for (const ConditionKey& key : ConditionKeys()) k.*key.member = ReadCondition(r, *c, key);
    ReadSpeculation(r, *c, k);
    ReadPrefixCache(r, *c, k);
    if (k.batch.state != Condition::State::kMissing &&
        k.concurrency.state != Condition::State::kMissing) {
      r.Error("conflicting-keys", "[conditions] has both 'batch' and 'concurrency'",
              c->get("concurrency")->source(),
              "batch is a static batch; concurrency is a closed-loop cap on requests in "
              "flight: keep the one the source states");
    }
  }
}

void ParseAccelerator(Reader& r, const DocTable& t, Accelerator& a) {
  constexpr std::string_view kWhere = "this accelerator record";
  static const std::vector<std::string_view> kKeys = KeysIn(kAccel, "");
  r.CheckKeys(t, kKeys, kWhere);
  a.name = r.String(t, FieldOf(kAccel, "name"), kWhere);
  a.vendor = r.String(t, FieldOf(kAccel, "vendor"), kWhere);
  a.form_factor = r.String(t, FieldOf(kAccel, "form_factor"), kWhere);
  a.aliases = r.StringArray(t, FieldOf(kAccel, "aliases"), kWhere);
  if (auto m = r.Quantity(t, FieldOf(kAccel, "memory"), kWhere)) {
    a.memory = Bytes(m->si);
    a.memory_text = m->text;
  }
  if (auto bw = r.Quantity(t, FieldOf(kAccel, "bandwidth"), kWhere)) {
    a.bandwidth = BytesPerSecond(bw->si);
    a.bandwidth_text = bw->text;
  }
  if (auto m = r.Quantity(t, FieldOf(kAccel, "on_chip_memory"), kWhere)) {
    a.on_chip_memory = Bytes(m->si);
    a.on_chip_memory_text = m->text;
  }
  if (auto m = r.Quantity(t, FieldOf(kAccel, "capacity_memory"), kWhere)) {
    a.capacity_memory = Bytes(m->si);
    a.capacity_memory_text = m->text;
  }
  if (auto bw = r.Quantity(t, FieldOf(kAccel, "capacity_bandwidth"), kWhere)) {
    a.capacity_bandwidth = BytesPerSecond(bw->si);
  }
  if ((t.get("capacity_memory") != nullptr) != (t.get("capacity_bandwidth") != nullptr)) {
    r.Error("missing-key", "capacity_memory and capacity_bandwidth go together", t.source(),
            "a tier's bytes bound nothing without the rate they are read at: state both, or "
            "neither");
  }
  if (const DocTable* peaks = r.Table(t, FieldOf(kAccel, "peak_dense"), kWhere)) {
    r.CheckKeys(*peaks, FieldOf(kAccel, "peak_dense").members, "[peak_dense]");
    // Tables iterate keys alphabetically; the record keeps them in file order.
    for (const Entry& entry : InFileOrder(*peaks)) {
      std::string_view key = entry.key;
      bool known = false;
      for (auto k : PeakKeys()) known = known || k == key;
      if (!known) continue;
      std::string full = fmt::format("peak_dense.{}", key);
      if (auto q = r.QuantityNode(*entry.node, full, Dimension::kComputeRate, "\"312 TFLOPS\"")) {
        a.peak_dense.emplace_back(std::string(key), FlopsPerSecond(q->si));
      }
    }
  }
  if (const DocTable* src = r.Table(t, FieldOf(kAccel, "sources"), kWhere)) {
    r.CheckKeys(*src, FieldOf(kAccel, "sources").members, "[sources]");
    for (const Entry& entry : InFileOrder(*src)) {
      a.sources.emplace_back(std::string(entry.key), r.Citation(*entry.node, entry.key));
    }
    auto cited = [&](std::string_view k) { return src->get(k) != nullptr; };
    for (std::string_view need : {"memory", "bandwidth"}) {
      if (!cited(need)) r.Get(*src, need, true, "[sources]", "\"source-id\"");
    }
    // A stated tier is a figure like any other: it is cited.
    for (std::string_view tier : {"on_chip_memory", "capacity_memory", "capacity_bandwidth"}) {
      if (t.get(tier) != nullptr && !cited(tier)) {
        r.Get(*src, tier, true, "[sources]", "\"source-id\"");
      }
    }
    if (!cited("peak_dense")) {
      for (const auto& [prec, value] : a.peak_dense) {
        if (!cited(prec)) {
          r.Get(*src, "peak_dense", true, fmt::format("[sources] (for peak_dense.{})", prec),
                "\"source-id\"");
          break;
        }
      }
    }
  }
  a.notes = r.String(t, FieldOf(kAccel, "notes"), kWhere);
  a.memory_type = r.String(t, FieldOf(kAccel, "memory_type"), kWhere);
  a.waivers = r.Waivers(t);
  if (auto g = r.Integer(t, FieldOf(kAccel, "gpus_per_package"), kWhere)) {
    a.gpus_per_package = *g;
  }
}

void ParseModel(Reader& r, const DocTable& t, Model& m) {
  constexpr std::string_view kWhere = "this model record";
  static const std::vector<std::string_view> kKeys = KeysIn(kModelKind, "");
  r.CheckKeys(t, kKeys, kWhere);
  m.name = r.String(t, FieldOf(kModelKind, "name"), kWhere);
  m.aliases = r.StringArray(t, FieldOf(kModelKind, "aliases"), kWhere);
  // A draft record may leave a fact unstated, with why; a verified one states them all.
  auto absent = [&](std::string_view key) {
    const DocNode* n = t.get(key);
    if (n == nullptr || !n->is_table()) return false;
    if (auto why = r.AbsentReason(*n, key)) {
      if (m.header.status != Status::kDraft) {
        r.Error("absent-in-verified",
                fmt::format("'{}' is absent, but only a draft model record may leave it "
                            "unstated",
                            key),
                n->source(), "state it from the model's config, or set status = \"draft\"");
      }
      m.absent.push_back({std::string(key), *why});
    }
    return true;
  };
  if (!absent("params_total")) {
    if (auto p = r.Count(t, FieldOf(kModelKind, "params_total"), kWhere)) m.params_total = *p;
  }
  if (absent("params_active")) {
    // unknown: the record may be a mixture of experts
  } else if (auto p = r.Count(t, FieldOf(kModelKind, "params_active"), kWhere)) {
    m.params_active = *p;
    if (m.params_total > 0 && *p > m.params_total) {
      r.Error("inconsistent-value",
              fmt::format("params_active ({}) is larger than params_total ({})", FormatSi(*p),
                          FormatSi(m.params_total)),
              t.get("params_active")->source(),
              "active parameters are the subset used per token; check both figures");
    }
  }
  if (auto e = r.Count(t, FieldOf(kModelKind, "embedding_params"), kWhere)) {
    m.embedding_params = *e;
    double per_token = m.params_active.value_or(m.params_total);
    if (per_token > 0 && *e >= per_token) {
      r.Error("inconsistent-value",
              fmt::format("embedding_params ({}) is not smaller than the parameters used per "
                          "token ({})",
                          FormatSi(*e), FormatSi(per_token)),
              t.get("embedding_params")->source(),
              "embedding_params is the input table alone: vocabulary x hidden size");
    }
  }
  if (const DocNode* n = t.get("tied_embeddings")) {
    if (n->is_boolean()) {
      m.tied_embeddings = *n->value<bool>();
    } else {
      r.WrongType(*n, "tied_embeddings", "a boolean", "false");
    }
  }
  if (!absent("layers")) {
    if (auto v = r.Integer(t, FieldOf(kModelKind, "layers"), kWhere)) m.layers = *v;
  }
  if (!absent("kv_heads")) {
    if (auto v = r.Integer(t, FieldOf(kModelKind, "kv_heads"), kWhere)) m.kv_heads = *v;
  }
  if (!absent("head_dim")) {
    if (auto v = r.Integer(t, FieldOf(kModelKind, "head_dim"), kWhere)) m.head_dim = *v;
  }
  if (auto v = r.Integer(t, FieldOf(kModelKind, "attention_heads"), kWhere)) {
    m.attention_heads = *v;
  }
  if (auto v = r.Integer(t, FieldOf(kModelKind, "hidden_size"), kWhere)) m.hidden_size = *v;
  // Grouped-query attention shares each K/V head among a whole group of query heads.
  if (m.attention_heads > 0 && m.kv_heads > 0 && m.attention_heads % m.kv_heads != 0) {
    r.Error("inconsistent-value",
            fmt::format("attention_heads ({}) is not a multiple of kv_heads ({})",
                        m.attention_heads, m.kv_heads),
            t.get("attention_heads")->source(),
            "each key-value head serves a whole group of query heads: check both figures");
  }
  if (!absent("native_precision")) {
    m.native_precision = r.Precision(t, FieldOf(kModelKind, "native_precision"), kWhere);
  }
  if (auto v = r.Integer(t, FieldOf(kModelKind, "sliding_window"), kWhere)) {
    m.sliding_window = *v;
  }
  if (auto v = r.Integer(t, FieldOf(kModelKind, "sliding_window_layers"), kWhere)) {
    m.sliding_window_layers = *v;
  }
  if (auto v = r.Integer(t, FieldOf(kModelKind, "kv_layers"), kWhere)) m.kv_layers = *v;
  if (m.layers > 0 && m.kv_layers > m.layers) {
    r.Error("inconsistent-value",
            fmt::format("kv_layers ({}) is more than layers ({})", m.kv_layers, m.layers),
            t.get("kv_layers")->source(), "count the layers that cache K and V per token");
  }
  if ((m.sliding_window > 0) != (m.sliding_window_layers > 0)) {
    r.Error("missing-key", "sliding_window and sliding_window_layers go together", t.source(),
            "state both: the window in tokens and how many layers use it");
  } else if (m.KvLayers() > 0 && m.sliding_window_layers > m.KvLayers()) {
    r.Error("inconsistent-value",
            fmt::format("sliding_window_layers ({}) is more than the {} layers that cache K and V",
                        m.sliding_window_layers, m.KvLayers()),
            t.get("sliding_window_layers")->source(), "count the layers that use the window");
  }
  if (auto v = r.Integer(t, FieldOf(kModelKind, "kv_latent_dim"), kWhere)) {
    m.kv_latent_dim = *v;
  }
  if (auto v = r.Integer(t, FieldOf(kModelKind, "experts"), kWhere)) m.experts = *v;
  if (auto v = r.Integer(t, FieldOf(kModelKind, "experts_per_token"), kWhere)) {
    m.experts_per_token = *v;
  }
  if (auto v = r.Count(t, FieldOf(kModelKind, "params_routed_experts"), kWhere)) {
    m.params_routed_experts = *v;
  }
  bool any_component = m.experts > 0 || m.experts_per_token > 0 || m.params_routed_experts > 0;
  bool all_components = m.experts > 0 && m.experts_per_token > 0 && m.params_routed_experts > 0;
  if (any_component && !all_components) {
    r.Error("missing-key", "experts, experts_per_token and params_routed_experts go together",
            t.source(), "state all three, or none");
  } else if (all_components && m.experts_per_token > m.experts) {
    r.Error("inconsistent-value", "experts_per_token is more than experts",
            t.get("experts_per_token")->source(), "check both figures");
  } else if (all_components && m.params_total > 0 && m.params_routed_experts >= m.params_total) {
    r.Error("inconsistent-value", "params_routed_experts is not less than params_total",
            t.get("params_routed_experts")->source(),
            "params_total holds the routed experts and the shared part");
  } else if (all_components && m.params_total > 0 && m.params_active && m.LookupOnlyParams() > 0) {
    // params_active counts the input-embedding table, as params_total does (the roofs take
    // it out); a published active count that leaves it out would lose it twice. The stated
    // components give the count: every shared parameter and k / E of the routed experts.
    const double counted =
        m.params_total - m.params_routed_experts * (1.0 - static_cast<double>(m.experts_per_token) /
                                                              static_cast<double>(m.experts));
    const double without = counted - m.LookupOnlyParams();
    const double active = *m.params_active;
    if (std::abs(active - without) <= 0.01 * without &&
        std::abs(active - counted) > 0.05 * counted) {
      r.Error("inconsistent-value",
              fmt::format("params_active ({}) is the per-token count without the input-embedding "
                          "table ({:.0f}); params_active counts it ({:.0f} from the components)",
                          FormatSi(active), without, counted),
              t.get("params_active")->source(),
              "write params_active with the embedding table, as params_total holds it: the roofs "
              "take embedding_params out themselves");
    }
  }
  if (t.get("experts_precision") != nullptr) {
    m.experts_precision = r.Precision(t, FieldOf(kModelKind, "experts_precision"), kWhere);
  }
  if (t.get("shared_precision") != nullptr) {
    m.shared_precision = r.Precision(t, FieldOf(kModelKind, "shared_precision"), kWhere);
  }
  m.source = r.String(t, FieldOf(kModelKind, "source"), kWhere);
  m.notes = r.String(t, FieldOf(kModelKind, "notes"), kWhere);
}

bool IsValidDay(int year, int month, int day) {
  if (month < 1 || month > 12 || day < 1) return false;
  constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return day <= (month == 2 && !leap ? 28 : kDays[month - 1]);
}

bool IsDateString(std::string_view s) {
  auto digits = [&](size_t from, size_t n) {
    if (s.size() < from + n) return false;
    for (size_t i = from; i < from + n; ++i) {
      if (!IsDigit(s[i])) return false;
    }
    return true;
  };
  if (s.size() == 4) return digits(0, 4);
  auto number = [&](size_t from, size_t n) { return std::stoi(std::string(s.substr(from, n))); };
  if (s.size() == 7 && digits(0, 4) && s[4] == '-' && digits(5, 2)) {
    return IsValidDay(number(0, 4), number(5, 2), 1);
  }
  if (s.size() == 10 && digits(0, 4) && s[4] == '-' && digits(5, 2) && s[7] == '-' &&
      digits(8, 2)) {
    return IsValidDay(number(0, 4), number(5, 2), number(8, 2));
  }
  return false;
}

void ParseSource(Reader& r, const DocTable& t, Source& s) {
  constexpr std::string_view kWhere = "this source record";
  constexpr RecordKind kSrc = RecordKind::kSource;
  static const std::vector<std::string_view> kKeys = KeysIn(kSrc, "");
  r.CheckKeys(t, kKeys, kWhere);
  s.title = r.String(t, FieldOf(kSrc, "title"), kWhere);
  s.publisher = r.String(t, FieldOf(kSrc, "publisher"), kWhere);
  s.url = r.String(t, FieldOf(kSrc, "url"), kWhere);
  if (!s.url.empty() && !s.url.starts_with("https://") && !s.url.starts_with("http://")) {
    r.Error("bad-url", fmt::format("url '{}' is not an http(s) address", s.url),
            t.get("url")->source(), "write the address a reader can open: \"https://...\"");
  }
  if (const DocNode* d = r.Get(t, FieldOf(kSrc, "date"), kWhere)) {
    if (auto date = d->value<record_doc::Date>(); date && d->is_date()) {
      s.date = fmt::format("{:04}-{:02}-{:02}", date->year, date->month, date->day);
    } else if (auto str = d->value<std::string>(); str && d->is_string() && IsDateString(*str)) {
      s.date = *str;
    } else {
      r.Error("wrong-type",
              "'date' must be a date (2023-10-12) or a string \"YYYY\", \"YYYY-MM\" or "
              "\"YYYY-MM-DD\"",
              d->source(), "write e.g. date = 2023-10-12, or date = \"2023-10\"");
    }
  }
  s.source_kind = r.Enum(t, FieldOf(kSrc, "kind"), kWhere);
  s.peaks = r.Enum(t, FieldOf(kSrc, "peaks"), kWhere);
  s.notes = r.String(t, FieldOf(kSrc, "notes"), kWhere);
}

void ParseGotcha(Reader& r, const DocTable& t, Gotcha& g) {
  constexpr std::string_view kWhere = "this gotcha record";
  constexpr RecordKind kGot = RecordKind::kGotcha;
  static const std::vector<std::string_view> kKeys = KeysIn(kGot, "");
  r.CheckKeys(t, kKeys, kWhere);
  g.title = r.String(t, FieldOf(kGot, "title"), kWhere);
  g.concepts = r.StringArray(t, FieldOf(kGot, "concepts"), kWhere);
  g.symptom = r.String(t, FieldOf(kGot, "symptom"), kWhere);
  g.root_cause = r.String(t, FieldOf(kGot, "root_cause"), kWhere);
  g.workaround = r.String(t, FieldOf(kGot, "workaround"), kWhere);
  g.notes = r.String(t, FieldOf(kGot, "notes"), kWhere);
}

template <class T>
void ParseInto(Reader& r, const DocTable& t, RecordKind kind, std::string_view stem,
               ParseResult& result, void (*parse)(Reader&, const DocTable&, T&)) {
  T rec;
  r.Header(t, kind, stem, rec.header, result.id);
  parse(r, t, rec);
  if (!r.failed()) result.record = std::move(rec);
}

// toml++'s messages quote the offending text, which may hold a line break: escape control
// characters so that a diagnostic's first line stays one line.
std::string OneLine(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += ' ';
    else
      out += c;
  }
  return out;
}

}  // namespace

std::span<const std::string> KnownKeyNames() { return KnownKeys(); }

namespace {

// FNV-1a: a key is a few bytes, so a byte loop beats a general string hash and its call.
uint32_t KeyHash(std::string_view s) {
  uint32_t h = 2166136261u;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

}  // namespace

int KnownKeyIndex(std::string_view name) {
  // Every key of every record is looked up here: an open-addressing table of the known names'
  // indexes, at most a quarter full, probed linearly (no search of the sorted names, no node
  // of a std::unordered_map to follow).
  struct Index {
    std::vector<int32_t> slots;  // -1: empty
    uint32_t mask = 0;
  };
  static const Index* const kIndex = [] {
    const std::vector<std::string>& keys = KnownKeys();
    auto* index = new Index;
    size_t size = 16;
    while (size < 4 * keys.size()) size *= 2;
    index->slots.assign(size, -1);
    index->mask = static_cast<uint32_t>(size - 1);
    for (size_t i = 0; i < keys.size(); ++i) {
      uint32_t at = KeyHash(keys[i]) & index->mask;
      while (index->slots[at] >= 0) at = (at + 1) & index->mask;
      index->slots[at] = static_cast<int32_t>(i);
    }
    return index;
  }();
  const std::vector<std::string>& keys = KnownKeys();
  for (uint32_t at = KeyHash(name) & kIndex->mask;; at = (at + 1) & kIndex->mask) {
    const int32_t k = kIndex->slots[at];
    if (k < 0) return -1;
    if (keys[static_cast<size_t>(k)] == name) return k;
  }
}

namespace record_doc {

ParseResult ParseRecordWith(RecordKind kind, std::string_view text, std::string_view path,
                            std::string_view stem, LoadPath load) {
  ParseResult result;
  result.id = std::string(stem);
  Reader reader(path, text, result.diagnostics);
  Doc doc;
  if (load == LoadPath::kSlowOnly || !ParseFast(text, doc)) {
    SyntaxError error;
    if (!ParseSlow(text, path, doc, error)) {
      reader.Report(Severity::kError, "toml-syntax",
                    fmt::format("not valid TOML: {}", OneLine(error.description)),
                    static_cast<int>(error.at.line), static_cast<int>(error.at.column),
                    "fix the syntax at the caret (strings in double quotes, one key per line, "
                    "each key once per table)");
      return result;
    }
  }
  const DocTable& table = doc.root();
  try {
    switch (kind) {
      case RecordKind::kBenchmark:
        ParseInto<Benchmark>(reader, table, kind, stem, result, ParseBenchmark);
        break;
      case RecordKind::kAccelerator:
        ParseInto<Accelerator>(reader, table, kind, stem, result, ParseAccelerator);
        break;
      case RecordKind::kModel:
        ParseInto<Model>(reader, table, kind, stem, result, ParseModel);
        break;
      case RecordKind::kSource:
        ParseInto<Source>(reader, table, kind, stem, result, ParseSource);
        break;
      case RecordKind::kGotcha:
        ParseInto<Gotcha>(reader, table, kind, stem, result, ParseGotcha);
        break;
    }
  } catch (const std::exception& e) {
    // Nothing above throws by design; this keeps a library surprise a diagnostic, not a crash.
    reader.Report(Severity::kError, "internal", fmt::format("internal error: {}", e.what()), 0, 0,
                  "please report this with the file");
    result.record = std::monostate{};
  }
  return result;
}

}  // namespace record_doc

ParseResult ParseRecord(RecordKind kind, std::string_view text, std::string_view path,
                        std::string_view stem) {
  return record_doc::ParseRecordWith(kind, text, path, stem, record_doc::LoadPath::kFastThenSlow);
}

}  // namespace rooflint
