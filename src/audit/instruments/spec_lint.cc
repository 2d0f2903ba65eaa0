// The spec-lint instrument. The rule, the cases it does not apply to and a worked
// example are written once, in docs/instruments.md ("spec-lint"), and its InstrumentInfo below
// gives the summary line (a test keeps the two equal); docs/physics.md has the physics behind it.
#include <fmt/format.h>

#include <cmath>
#include <map>

#include "audit/instrument.h"
#include "audit/results.h"
#include "core/text_util.h"
#include "rooflint/hardware_match.h"
#include "rooflint/units.h"

namespace rooflint {
namespace {

// Precisions from widest to narrowest; a narrower one should not have a lower peak.
constexpr std::string_view kFloatChain[] = {"fp64", "fp32", "tf32", "fp16", "fp8", "fp6", "fp4"};
constexpr std::string_view kIntChain[] = {"int8", "int4"};

std::optional<double> Peak16(const Accelerator& a) {
  auto fp16 = a.Peak("fp16"), bf16 = a.Peak("bf16");
  if (!fp16 && !bf16) return std::nullopt;
  return std::max(fp16 ? fp16->si() : 0.0, bf16 ? bf16->si() : 0.0);
}

std::optional<double> PeakOf(const Accelerator& a, std::string_view precision) {
  if (precision == "fp16") return Peak16(a);
  auto p = a.Peak(precision);
  return p ? std::optional<double>(p->si()) : std::nullopt;
}

constexpr FindingCode kSpecLintCodes[] = {
    FindingCode::kSparseLookingPeak, FindingCode::kSparseSource,   FindingCode::kNonMonotonicPeaks,
    FindingCode::kBinaryBandwidth,   FindingCode::kGbGibConfusion, FindingCode::kDuplicateName};
constexpr InstrumentInfo kSpecLintInfo{
    .id = ids::kSpecLint,
    .kind = InstrumentKind::kCheck,
    .summary = "accelerator figures: sparse-looking or non-monotonic peaks, GB/GiB, duplicates",
    .doc = "spec-lint",
    .audits = RecordKind::kAccelerator,
    .codes = kSpecLintCodes,
};

class SpecLint final : public CorpusInstrument {
 public:
  const InstrumentInfo& info() const override { return kSpecLintInfo; }

  void AuditCorpus(const Corpus& corpus, SweepResult& result) const override {
    // Every name and alias, by its tokens, to find parts that share one.
    std::map<std::vector<std::string>, const Accelerator*> owner;
    for (const Accelerator& a : corpus.accelerators) {
      std::vector<std::string> problems, checked;
      auto warn = [&](FindingCode code, std::string message, std::string_view key,
                      std::string hint) {
        problems.push_back(message);
        Finding f;
        f.record = a.header.id;
        f.instrument = std::string(id());
        SetCode(f, code);
        f.message = message;
        f.hint = hint;
        f.where = a.header.keys.Find(key, a.header.path);
        f.deprecated = a.header.status == Status::kDeprecated;
        result.findings.push_back(std::move(f));
      };

      if (a.peak_dense.empty()) {
        checked.push_back("no peaks stated: the peak rules do not apply");
      } else {
        auto fp16 = a.Peak("fp16"), bf16 = a.Peak("bf16"), fp8 = a.Peak("fp8");
        if (fp8 && (fp16 || bf16) && *Peak16(a) == fp8->si()) {
          warn(FindingCode::kSparseLookingPeak,
               fmt::format("the 16-bit peak equals the fp8 peak ({}): one of them is "
                           "likely a 2:4-sparse figure or mislabelled",
                           FormatFlops(fp8->si())),
               "peak_dense", "use the dense figures; sparse ones are twice the dense");
        }
        if (fp16 && bf16 && (fp16->si() == 2 * bf16->si() || bf16->si() == 2 * fp16->si())) {
          warn(FindingCode::kSparseLookingPeak,
               fmt::format("fp16 ({}) and bf16 ({}) differ by exactly 2x: a sparse figure, or "
                           "an FP16-accumulate rate that belongs in fp16_acc16",
                           FormatFlops(fp16->si()), FormatFlops(bf16->si())),
               "peak_dense", "put the FP32-accumulate rate in fp16 and bf16");
        }
        for (const auto& [figure, ref] : a.sources) {
          const Source* s = corpus.FindSource(ref.source);
          bool is_peak = figure == "peak_dense" || a.Peak(figure).has_value();
          if (s != nullptr && is_peak && s->peaks == "sparse") {
            warn(FindingCode::kSparseSource,
                 fmt::format("the {} figure is cited from {}, which prints sparse peaks only",
                             figure, s->header.id),
                 fmt::format("sources.{}", figure),
                 "halve the figure if the source says it is 2:4-sparse, and cite where");
          }
        }
        auto monotonic = [&](std::span<const std::string_view> chain) {
          std::optional<double> wider;
          std::string_view wider_name;
          for (std::string_view p : chain) {
            auto v = PeakOf(a, p);
            if (!v) continue;
            if (wider && *v < *wider) {
              warn(FindingCode::kNonMonotonicPeaks,
                   fmt::format("{} ({}) is below {} ({}): a narrower precision "
                               "should not compute slower",
                               p, FormatFlops(*v), wider_name, FormatFlops(*wider)),
                   "peak_dense",
                   "check both figures against the source (dense vs sparse, "
                   "vector vs matrix)");
            }
            wider = v;
            wider_name = p;
          }
        };
        monotonic(kFloatChain);
        monotonic(kIntChain);
        checked.push_back(fmt::format("{} peaks checked", a.peak_dense.size()));
      }

      std::string bw_unit;
      double bw_number = 0;
      auto parsed = ParseQuantity(a.bandwidth_text, Dimension::kBandwidth);
      if (auto* p = std::get_if<ParsedQuantity>(&parsed)) bw_unit = p->unit, bw_number = p->number;
      if (bw_unit == "GiB/s" || bw_unit == "TiB/s" || bw_unit == "MiB/s") {
        warn(FindingCode::kBinaryBandwidth,
             fmt::format("bandwidth is written in {} ({}); vendors state decimal GB/s", bw_unit,
                         a.bandwidth_text),
             "bandwidth", "check the source: 1 GiB/s is 1.0737 GB/s");
      } else if (bw_unit == "GB/s" && bw_number != std::round(bw_number)) {
        double gib = bw_number / 1.073741824;
        if (std::fabs(gib - std::round(gib)) <= 1e-4 * gib) {
          warn(FindingCode::kGbGibConfusion,
               fmt::format("bandwidth {} is {} x 1.073741824: a GB figure converted as if it "
                           "were GiB",
                           a.bandwidth_text, std::round(gib)),
               "bandwidth", fmt::format("the vendor figure is likely {} GB/s", std::round(gib)));
        }
      }
      checked.push_back(fmt::format("bandwidth {}", a.bandwidth_text));

      std::vector<std::string> names = {a.name};
      names.insert(names.end(), a.aliases.begin(), a.aliases.end());
      for (const std::string& n : names) {
        auto tokens = HardwareTokens(n);
        if (tokens.empty()) continue;
        auto [it, inserted] = owner.emplace(tokens, &a);
        if (!inserted && it->second != &a) {
          warn(FindingCode::kDuplicateName,
               fmt::format("'{}' also names {}: hardware text with it cannot tell the two apart", n,
                           it->second->header.id),
               "aliases", "keep a name shared by several parts out of every part's aliases");
        }
      }

      PartAudit pa;
      pa.part = &a;
      pa.checks.push_back(CheckResult(id(), problems.empty(),
                                      problems.empty()
                                          ? fmt::format("{}", fmt::join(checked, "; "))
                                          : fmt::format("{}", fmt::join(problems, "; "))));
      result.parts.push_back(std::move(pa));
    }
  }
};

}  // namespace

std::unique_ptr<Instrument> MakeSpecLint() { return std::make_unique<SpecLint>(); }

}  // namespace rooflint
