// Shared test fixtures: builders of benchmark, accelerator, model and source records with named
// fields (a test states only what differs from a valid record), and a small corpus of parts and
// models.
#ifndef ROOFLINT_TESTS_FIXTURES_H_
#define ROOFLINT_TESTS_FIXTURES_H_

#include <gtest/gtest.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "rooflint/audit.h"
#include "test_corpus.h"

namespace rooflint::testing {

inline constexpr char kSource[] = R"(
id = "test-source"
title = "A test source"
publisher = "rooflint tests"
url = "https://example.invalid/test"
date = 2026-01-01
kind = "paper"
)";

// A TOML value for a record builder's field: a string is written between double quotes as it
// is (TOML escapes are the caller's), an integer or a boolean as itself, and Raw(text) as the
// TOML text given (a table, a list, a float as written). A field holding std::nullopt leaves its
// key out.
class Val {
 public:
  Val(const char* s) : toml_(std::string("\"") + s + "\"") {}  // NOLINT: implicit by design
  Val(const std::string& s) : toml_("\"" + s + "\"") {}        // NOLINT
  Val(int n) : toml_(std::to_string(n)) {}                     // NOLINT
  Val(bool b) : toml_(b ? "true" : "false") {}                 // NOLINT
  static Val Raw(std::string toml) {
    Val v(0);
    v.toml_ = std::move(toml);
    return v;
  }
  const std::string& toml() const { return toml_; }

 private:
  std::string toml_;
};
using Field = std::optional<Val>;

// Raw TOML for a field: Raw("1.0"), Raw("[\"a\", 80]").
inline Val Raw(std::string toml) { return Val::Raw(std::move(toml)); }
// `{ absent = "why" }`, for a condition or fact the source does not state.
inline Val Absent(const std::string& why) { return Raw("{ absent = \"" + why + "\" }"); }

// A list of strings: List({"a", "b"}) is ["a", "b"].
inline Val List(std::initializer_list<std::string> items) {
  std::string list;
  for (const std::string& item : items) list += (list.empty() ? "\"" : ", \"") + item + "\"";
  return Raw("[" + list + "]");
}

// The pointer line of a benchmark: `accelerators = ["a", ...]`.
inline std::string PointTo(std::initializer_list<std::string> ids) {
  return "accelerators = " + List(ids).toml();
}
// The pointer lines of a benchmark whose pointer is empty, with its reason.
inline std::string NoPointer(const std::string& because, const std::string& note) {
  return "accelerators = []\naccelerators_absent = { because = \"" + because + "\", note = \"" +
         note + "\" }";
}

namespace detail {
inline void Key(std::string& out, const char* key, const Field& v) {
  if (v) out += std::string(key) + " = " + v->toml() + "\n";
}
inline void Lines(std::string& out, const std::string& lines) {
  if (!lines.empty()) out += lines + (lines.back() == '\n' ? "" : "\n");
}
}  // namespace detail

// A benchmark record with named fields; the defaults are a valid record of MPT-7B at batch 1
// on one 40GB A100 whose form factor is unknown (an empty pointer, "ambiguous"). Toml() writes
// the keys in the order below, one a line, with no blank line before `locator`; so with the
// defaults `id` is line 1, `metric` line 4 and `value` line 5; each optional key set moves the
// lines after it down one.
struct BenchRecord {
  Field id = "r";
  Field title = "t";
  Field status = "verified";
  Field metric = "per-user-decode";
  Field value = "57.6 tok/s";
  Field model = "mpt-7b";
  Field precision = "fp16";
  Field compute_precision = std::nullopt;
  Field weights = "14 GB";
  Field hardware = "1x NVIDIA A100 40GB";
  std::string pointer = NoPointer("ambiguous", "SXM4 or PCIe");  // raw lines
  Field accelerator_count = 1;
  Field source = "test-source";
  Field locator = "Table 2";
  std::string extra;  // raw lines after `locator` (set, derived_from, notes, ...)
  // [conditions], after one blank line:
  Field batch = 1;
  Field concurrency = std::nullopt;
  Field speculative = false;
  std::string conditions;  // raw lines after `speculative`
  Field input_tokens = 512;
  Field output_tokens = 64;
  Field engine = "e";
  Field engine_version = Absent("x");
  Field warmup = Absent("x");
  Field scenario = "offline";
  std::string tail;  // raw text after [conditions] ([[waivers]] tables)

  std::string Toml() const {
    std::string out;
    detail::Key(out, "id", id);
    detail::Key(out, "title", title);
    detail::Key(out, "status", status);
    detail::Key(out, "metric", metric);
    detail::Key(out, "value", value);
    detail::Key(out, "model", model);
    detail::Key(out, "precision", precision);
    detail::Key(out, "compute_precision", compute_precision);
    detail::Key(out, "weights", weights);
    detail::Key(out, "hardware", hardware);
    detail::Lines(out, pointer);
    detail::Key(out, "accelerator_count", accelerator_count);
    detail::Key(out, "source", source);
    detail::Key(out, "locator", locator);
    detail::Lines(out, extra);
    out += "\n[conditions]\n";
    detail::Key(out, "batch", batch);
    detail::Key(out, "concurrency", concurrency);
    detail::Key(out, "speculative", speculative);
    detail::Lines(out, conditions);
    detail::Key(out, "input_tokens", input_tokens);
    detail::Key(out, "output_tokens", output_tokens);
    detail::Key(out, "engine", engine);
    detail::Key(out, "engine_version", engine_version);
    detail::Key(out, "warmup", warmup);
    detail::Key(out, "scenario", scenario);
    if (!tail.empty()) out += "\n" + tail;
    return out;
  }
};

// An accelerator record with named fields; the defaults are a valid 40GB A100 SXM4 citing
// test-source. Toml() writes, with the defaults: id (line 1), name, vendor, form_factor,
// aliases, memory (6), bandwidth (7), a blank line, [peak_dense] (9), the peaks (10), a blank
// line, [sources] (12) and its citations; `status` and `extra`, when set, stand before `memory`
// and after `bandwidth`.
struct PartRecord {
  Field id = "r";
  Field name = "NVIDIA A100 40GB SXM4";
  Field vendor = "NVIDIA";
  Field form_factor = "sxm";
  Field aliases = Raw("[]");
  Field status = std::nullopt;
  Field memory = "40 GB";
  Field bandwidth = "1555 GB/s";
  std::string extra;                            // raw lines after `bandwidth`
  std::string peaks = "fp16 = \"312 TFLOPS\"";  // raw lines of [peak_dense]
  Field memory_source = "test-source";
  Field bandwidth_source = "test-source";
  Field peak_dense_source = "test-source";
  std::string more_sources;  // raw lines after the citations

  std::string Toml() const {
    std::string out;
    detail::Key(out, "id", id);
    detail::Key(out, "name", name);
    detail::Key(out, "vendor", vendor);
    detail::Key(out, "form_factor", form_factor);
    detail::Key(out, "aliases", aliases);
    detail::Key(out, "status", status);
    detail::Key(out, "memory", memory);
    detail::Key(out, "bandwidth", bandwidth);
    detail::Lines(out, extra);
    out += "\n[peak_dense]\n";
    detail::Lines(out, peaks);
    out += "\n[sources]\n";
    detail::Key(out, "memory", memory_source);
    detail::Key(out, "bandwidth", bandwidth_source);
    detail::Key(out, "peak_dense", peak_dense_source);
    detail::Lines(out, more_sources);
    return out;
  }
};

// A model record with named fields; the defaults are MPT-7B citing test-source. Toml() writes
// id (line 1), name, status when set, aliases, params_total, params_active and
// embedding_params when set, layers, kv_heads, head_dim, native_precision, source, then `extra`.
struct ModelRecord {
  Field id = "r";
  Field name = "MPT-7B";
  Field status = std::nullopt;
  Field aliases = Raw("[]");
  Field params_total = Raw("6.7e9");
  Field params_active = std::nullopt;
  Field embedding_params = std::nullopt;
  Field layers = 32;
  Field kv_heads = 32;
  Field head_dim = 128;
  Field native_precision = "bf16";
  Field source = "test-source";
  std::string extra;  // raw lines at the end

  std::string Toml() const {
    std::string out;
    detail::Key(out, "id", id);
    detail::Key(out, "name", name);
    detail::Key(out, "status", status);
    detail::Key(out, "aliases", aliases);
    detail::Key(out, "params_total", params_total);
    detail::Key(out, "params_active", params_active);
    detail::Key(out, "embedding_params", embedding_params);
    detail::Key(out, "layers", layers);
    detail::Key(out, "kv_heads", kv_heads);
    detail::Key(out, "head_dim", head_dim);
    detail::Key(out, "native_precision", native_precision);
    detail::Key(out, "source", source);
    detail::Lines(out, extra);
    return out;
  }
};

// A source record with named fields; the defaults are a valid blog post. Toml() writes id
// (line 1), title, publisher, url (4), date (5), kind (6), then `extra`.
struct SourceRecord {
  Field id = "r";
  Field title = "T";
  Field publisher = "P";
  Field url = "https://example.com/post";
  Field date = Raw("2023-10-12");
  Field kind = "blog";
  std::string extra;  // raw lines at the end

  std::string Toml() const {
    std::string out;
    detail::Key(out, "id", id);
    detail::Key(out, "title", title);
    detail::Key(out, "publisher", publisher);
    detail::Key(out, "url", url);
    detail::Key(out, "date", date);
    detail::Key(out, "kind", kind);
    detail::Lines(out, extra);
    return out;
  }
};

inline constexpr char kMpt[] = R"(
id = "mpt-7b"
name = "MPT-7B"
aliases = []
params_total = 6.7e9
layers = 32
kv_heads = 32
head_dim = 128
native_precision = "bf16"
source = "test-source"
)";

inline constexpr char kMoe[] = R"(
id = "moe-30b-a3b"
name = "A 30B MoE with 3B active"
aliases = []
params_total = 30e9
params_active = 3e9
layers = 48
kv_heads = 4
head_dim = 128
native_precision = "bf16"
source = "test-source"
)";

// A corpus of one source, four parts (two 40GB A100 forms, an 80GB A100, a SoC without
// peaks) and two models (MPT-7B, a 30B MoE with 3B active), for roof and check tests.
class RoofsTest : public ::testing::Test {
 protected:
  static constexpr char kA100Peaks[] = "fp16 = \"312 TFLOPS\"\nint8 = \"624 TOPS\"";

  TestCorpus& Base() {
    corpus_.Add(RecordKind::kSource, kSource)
        .Add(RecordKind::kAccelerator, PartRecord{.id = "a100-40gb-sxm4",
                                                  .aliases = List({"NVIDIA A100-SXM4-40GB"}),
                                                  .peaks = kA100Peaks}
                                           .Toml())
        .Add(RecordKind::kAccelerator, PartRecord{.id = "a100-40gb-pcie",
                                                  .name = "NVIDIA A100 40GB PCIe",
                                                  .form_factor = "pcie",
                                                  .aliases = List({"NVIDIA A100-PCIE-40GB"}),
                                                  .peaks = kA100Peaks}
                                           .Toml())
        .Add(RecordKind::kAccelerator, PartRecord{.id = "a100-80gb-sxm4",
                                                  .name = "NVIDIA A100 80GB SXM4",
                                                  .aliases = List({"NVIDIA A100-SXM4-80GB"}),
                                                  .memory = "80 GB",
                                                  .bandwidth = "2039 GB/s"}
                                           .Toml())
        .Add(RecordKind::kAccelerator, PartRecord{.id = "soc-no-peak",
                                                  .name = "Test SoC 400",
                                                  .bandwidth = "400 GB/s",
                                                  .peaks = "",
                                                  .peak_dense_source = std::nullopt}
                                           .Toml())
        .Add(RecordKind::kModel, kMpt)
        .Add(RecordKind::kModel, kMoe);
    return corpus_;
  }
  SweepResult Run(const SweepOptions& options = {}) { return Sweep(corpus_.Build(), options); }

  TestCorpus corpus_;
};

// The sibling set "trio" on the a100 of RoofsTest::Base(): bs1 (per-user, batch 1), bs64a
// (aggregate `aggregate` at batch 64) and bs64u (12.5 tok/s per user at batch 64, with `ratios`
// in its notes). 12.5 x 64 = 800 tok/s is the aggregate that agrees.
inline void AddTrio(TestCorpus& c, const std::string& aggregate, const std::string& ratios) {
  c.Add(RecordKind::kBenchmark, BenchRecord{.id = "bs1", .extra = "set = \"trio\""}.Toml())
      .Add(RecordKind::kBenchmark, BenchRecord{.id = "bs64a",
                                               .metric = "aggregate-output",
                                               .value = aggregate,
                                               .extra = "set = \"trio\"",
                                               .batch = 64}
                                       .Toml())
      .Add(RecordKind::kBenchmark,
           BenchRecord{.id = "bs64u",
                       .value = "12.5 tok/s",
                       .extra = "set = \"trio\"\nnotes = \"" + ratios + "\"",
                       .batch = 64}
               .Toml());
}

}  // namespace rooflint::testing

#endif  // ROOFLINT_TESTS_FIXTURES_H_
