// Hardware-text resolution: identity words name parts, stated facts rule parts out, and the
// count is read from where the text attaches it.
#include "rooflint/hardware_match.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include "core/text_util.h"

namespace rooflint {

namespace hardware_internal {

// A word of the text after normalisation, a count mark, or a separator.
struct Word {
  std::string text;            // normalised, lowercase; "" for a mark or a separator
  bool noise = false;          // vendor or filler word
  bool separator = false;      // , + / ; | or a bracket
  bool system_memory = false;  // a capacity followed by "RAM"
  int64_t count = 0;           // > 0: a count mark
  bool prefix = false;         // the count applies to the words after it (else to those before)
  bool multiplier = false;     // "Dual" after a card's name: GPUs per card
  bool tentative = false;      // a number glued after a word: a count only after a part's name
  std::string as_written;      // a count's words in the original text
  std::string note;            // how a count was read, when not as written (a TPU slice)
  bool assumed = false;        // the note's reading is an assumption, not a source
  bool instance = false;       // a count a cloud machine type's name states
};

}  // namespace hardware_internal

namespace {

using hardware_internal::Word;

// How a word takes part in matching.
enum class Kind : uint8_t {
  kIdentity,    // model numbers and tier words: name, and contradict, a part
  kNeutral,     // brand, family and descriptive words: neither name nor exclude
  kVariant,     // "nvl": not required, but must hold when stated
  kEdition,     // "workstation", "server", "maxq": compared as a set with the part's
  kCapacity,    // "40gb", "81559mib": checked against the part's memory
  kCores,       // "30coregpu": checked against the core counts the part's names state
  kFormFactor,  // "sxm", "pcie", "oam": checked against the part's form factor
  kMemoryType,  // "hbm3", "gddr6x": checked against the memory type its names state
};

// Vendor names and filler: dropped from the tokens altogether.
constexpr std::array<std::string_view, 22> kNoise = {
    "nvidia", "amd",         "intel", "apple", "google",   "geforce", "radeon", "instinct",
    "tm",     "r",           "gpu",   "gpus",  "graphics", "card",    "with",   "and",
    "x",      "corporation", "n",     "a",     "w",        "inc"};

// Brand, family, generation and descriptive words: they appear in names but tell no two parts
// apart, so a text stating them (or not) changes nothing.
constexpr std::array<std::string_view, 36> kNeutral = {
    "rtx",     "gtx",       "rx",         "arc",         "tesla",      "quadro",
    "ai",      "ryzen",     "cloud",      "tpu",         "generation", "gen",
    "edition", "superchip", "superchips", "grace",       "blackwell",  "hopper",
    "ampere",  "lovelace",  "dgx",        "hgx",         "aws",        "one",
    "of",      "the",       "per",        "cpu",         "core",       "processor",
    "memory",  "vram",      "unified",    "accelerator", "module",     "baseboard"};

// Tier words: always identity words, even when no name in the corpus holds them, so that
// "RTX 4090 Laptop" is never the desktop 4090.
constexpr std::array<std::string_view, 15> kTiers = {"ti",     "super", "xt",  "xtx",   "gre",
                                                     "d",      "max",   "pro", "ultra", "mobile",
                                                     "laptop", "lite",  "ada", "sff",   "se"};

constexpr std::array<std::string_view, 1> kVariants = {"nvl"};
constexpr std::array<std::string_view, 3> kEditions = {"workstation", "server", "maxq"};
constexpr std::array<std::string_view, 4> kFormFactors = {"sxm", "pcie", "oam", "mxm"};

// Systems of several chips, sold under their own names: a count of them is no count of chips
// ("2x GroqRack"), and their chip count is not read from the name (a rack's chips are not all
// one model's).
constexpr std::array<std::string_view, 3> kSystems = {"groqnode", "groqrack", "sambarack"};

// Words that make a text, or a count's subject, a host CPU: models and Intel codenames.
constexpr std::array<std::string_view, 22> kCpuWords = {
    "xeon",      "epyc", "threadripper", "ryzen", "graviton", "altra", "cpu", "cpus",
    "processor", "i3",   "i5",           "i7",    "i9",       "emr",   "spr", "gnr",
    "icx",       "skx",  "clx",          "cpx",   "srf",      "vcpu"};

// Words that make a text name a GPU even when no part matches ("Radeon RX 6550M").
constexpr std::array<std::string_view, 11> kGpuWords = {
    "gpu", "gpus", "accelerator", "geforce", "instinct", "tpu",
    "rx",  "rtx",  "gtx",         "quadro",  "tesla"};

// Words after "dual"/"quad" that make it a property, not a count ("dual-slot").
constexpr std::array<std::string_view, 8> kNotCounted = {"slot", "channel", "rank",  "port",
                                                         "fan",  "width",   "issue", "core"};

// Words after a capacity that make it not the accelerator's memory.
constexpr std::array<std::string_view, 5> kStorage = {"ssd", "hdd", "nvme", "disk", "storage"};

// A capacity within this factor of the part's memory is the same capacity: an 8% margin
// covers the GB/GiB confusion (1.0737: "80GB" for a part that holds 80 GiB) and a usable
// figure below the physical one (an H100 that holds 80 GiB reports 81559MiB). The records
// state exact capacities where a source settles the unit, so no wider margin is needed: an
// "H100 SXM 94GB" text is the NVL, not the 80 GiB SXM5.
constexpr double kCapacitySlack = 1.08;

template <size_t N>
bool In(const std::array<std::string_view, N>& list, std::string_view t) {
  return std::find(list.begin(), list.end(), t) != list.end();
}

bool AllDigits(std::string_view t) {
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return IsDigit(c); });
}

bool IsNumber(std::string_view t) {  // "128", "128.00"
  return !t.empty() && IsDigit(t.front()) && IsDigit(t.back()) &&
         std::all_of(t.begin(), t.end(), [](char c) { return IsDigit(c) || c == '.'; });
}

bool IsAlpha(char c) { return IsAlnum(c) && !IsDigit(c); }

bool HasDigit(std::string_view t) {
  return std::any_of(t.begin(), t.end(), [](char c) { return IsDigit(c); });
}

bool HasAlpha(std::string_view t) {
  return std::any_of(t.begin(), t.end(), [](char c) { return IsAlpha(c); });
}

// The value of a count of 1 to 3 digits, or 0.
int64_t SmallCount(std::string_view t) {
  if (t.empty() || t.size() > 3 || !AllDigits(t)) return 0;
  int64_t v = 0;
  std::from_chars(t.data(), t.data() + t.size(), v);
  return v;
}

constexpr std::array<std::pair<std::string_view, double>, 8> kUnits = {{{"gib", 1073741824.0},
                                                                        {"mib", 1048576.0},
                                                                        {"tib", 1099511627776.0},
                                                                        {"gi", 1073741824.0},
                                                                        {"gb", 1e9},
                                                                        {"mb", 1e6},
                                                                        {"tb", 1e12},
                                                                        {"g", 1e9}}};

bool IsUnit(std::string_view t) {
  return std::any_of(kUnits.begin(), kUnits.end(), [&](const auto& u) { return u.first == t; });
}

// Bytes of a capacity token ("40gb", "81559mib", "1.5tb", "144g"), or 0 when it is not one.
double CapacityBytes(std::string_view t) {
  for (const auto& [unit, scale] : kUnits) {
    if (t.size() <= unit.size() || !t.ends_with(unit)) continue;
    std::string_view num = t.substr(0, t.size() - unit.size());
    if (!IsNumber(num)) return 0;
    double v = 0;
    auto [p, ec] = std::from_chars(num.data(), num.data() + num.size(), v);
    if (ec != std::errc() || p != num.data() + num.size()) return 0;
    return v * scale;
  }
  return 0;
}

// The core count of a "30core", "30coregpu" or "14corecpu" token, or 0; `unit` gets 'g' for GPU
// cores, 'c' for CPU cores, '?' when the text does not say.
int64_t CoreCount(std::string_view t, char* unit = nullptr) {
  char u = '?';
  if (t.ends_with("coregpu") || t.ends_with("corecpu")) {
    u = t[t.size() - 3];
    t.remove_suffix(3);
  }
  if (unit != nullptr) *unit = u;
  if (!t.ends_with("core")) return 0;
  std::string_view num = t.substr(0, t.size() - 4);
  if (!AllDigits(num) || num.size() > 3) return 0;
  int64_t v = 0;
  std::from_chars(num.data(), num.data() + num.size(), v);
  return v;
}

bool IsMemoryType(std::string_view t) {
  for (std::string_view p : {"hbm", "gddr", "lpddr"}) {
    if (!t.starts_with(p)) continue;
    std::string_view r = t.substr(p.size());
    size_t digits = 0;
    while (digits < r.size() && IsDigit(r[digits])) ++digits;
    std::string_view suffix = r.substr(digits);
    if (p == std::string_view("hbm") ? (suffix.empty() || suffix == "e")
                                     : (digits > 0 && (suffix.empty() || suffix == "x"))) {
      return true;
    }
  }
  return false;
}

Kind KindOf(std::string_view t) {
  if (CapacityBytes(t) > 0) return Kind::kCapacity;
  if (CoreCount(t) > 0) return Kind::kCores;
  if (In(kFormFactors, t)) return Kind::kFormFactor;
  if (IsMemoryType(t)) return Kind::kMemoryType;
  if (In(kVariants, t)) return Kind::kVariant;
  if (In(kEditions, t)) return Kind::kEdition;
  if (In(kNeutral, t)) return Kind::kNeutral;
  return Kind::kIdentity;
}

bool IsCpuWord(std::string_view t) {
  if (In(kCpuWords, t) || t.starts_with("epyc") || t.starts_with("xeon") || t.ends_with("vcpu")) {
    return true;
  }
  // Sockets ("2S") and CPU core counts ("86C") as MLPerf CPU system names write them.
  return t.size() >= 2 && (t.back() == 's' || t.back() == 'c') &&
         AllDigits(t.substr(0, t.size() - 1)) && t.size() <= 4;
}

// A part that is a CPU socket (an accelerator record with form factor "cpu": the Xeon 6980P).
// Beside an accelerator it is the host, not a part the figure ran on.
bool IsCpuPart(const Accelerator* a) { return a->form_factor == "cpu"; }

// A TPU generation with no suffix ("v4"): a part word only after "TPU" or before a slice size
// ("v4-8"); elsewhere ("SR650 V4", "ND96isr_MI300X_v5") it is a server generation.
bool IsBareVersion(std::string_view t) {
  return t.size() >= 2 && t[0] == 'v' && AllDigits(t.substr(1));
}

// A TPU slice name's number ("v5p-8", "v4-8", "v5litepod-8", "v6e-8", "tpu7x-8"): what it
// counts, by generation. Google Cloud's TPU docs: v2 to v4 accelerator types name TensorCores
// ("TPU types and topologies": "v4-128 specifies ... 128 TensorCores"), and a v4 chip holds
// two ("TPU v4": "Each TPU v4 chip contains two TensorCores"); a v5p accelerator type names
// TensorCores, two a chip ("TPU v5p": "v5p-32 ... 32 TensorCores (16 chips)"); v5e's names
// chips ("TPU v5e": "v$VERSION_NUMBER-$CHIP_COUNT", v5litepod-8 is the 8-chip 2x4 slice), and
// a v6e chip holds one TensorCore ("TPU v6e"), so its number counts chips either way. TPU7x's
// page as read does not say which its number counts (a TPU7x chip holds two TensorCores): the
// number is taken as chips, the larger count, and the reading is named as an assumption.
struct TpuSlice {
  int cores_per_chip = 1;  // what the number is divided by to count chips
  std::string_view rule;
  bool assumed = false;
};

std::optional<TpuSlice> TpuSliceOf(std::string_view generation) {
  if (generation == "v4" || generation == "v5p") {
    return TpuSlice{2,
                    generation == "v4"
                        ? "a v4 slice name counts TensorCores, 2 per chip (Google Cloud TPU docs, "
                          "'TPU types and topologies' and 'TPU v4')"
                        : "a v5p slice name counts TensorCores, 2 per chip (Google Cloud TPU docs, "
                          "'TPU v5p': v5p-32 is 32 TensorCores, 16 chips)",
                    false};
  }
  if (generation == "v5e" || generation == "v5litepod" || generation == "v6e" ||
      generation == "v6") {
    return TpuSlice{1,
                    "a v5e or v6e slice name counts chips (Google Cloud TPU docs: v5e types are "
                    "v$VERSION_NUMBER-$CHIP_COUNT; a v6e chip holds one TensorCore)",
                    false};
  }
  if (generation == "tpu7x" || generation == "v7" || generation == "v7x") {
    return TpuSlice{1,
                    "assumed: a TPU7x slice name read as chips, the larger count; Google's "
                    "TPU7x page as read does not say whether it counts chips or TensorCores (2 "
                    "per chip, which would make it half as many chips)",
                    true};
  }
  return std::nullopt;
}

// Words that name a TPU generation on their own, so that a number glued after them is a slice
// size without "TPU" before them ("v5p-8", "v5litepod-8").
bool IsTpuGenerationWord(std::string_view t) {
  return t == "v5p" || t == "v5e" || t == "v5litepod" || t == "v6e" || t == "tpu7x";
}

struct Raw {
  std::string text;  // lowercase
  std::string orig;  // as written
  bool separator = false;
  bool glued = false;  // joined to the word before by '-', '.' or '_'
  char joint = 0;      // the '-', '.' or '_' that joins it, when glued
  std::string note;    // a count's source, for a cloud machine type read as its parts
};

// Splits glued forms: "8xh100" -> "8x" "h100", "4x8xh100" -> "4x" "8x" "h100", "h100x8" ->
// "h100" "x8", "80gbx8" -> "80gb" "x8", "rtx4090" -> "rtx" "4090", "4060ti" -> "4060" "ti",
// "5060ti16gb" -> "5060" "ti" "16gb".
void SplitGlued(std::string_view t, std::string_view orig, bool glued, std::vector<Raw>& out) {
  auto emit = [&](std::string_view a, std::string_view o) {
    out.push_back(Raw{std::string(a), std::string(o), false, glued});
    glued = true;
  };
  size_t digits = 0;
  while (digits < t.size() && IsDigit(t[digits])) ++digits;
  if (digits >= 1 && digits <= 3 && t.size() > digits + 1 && t[digits] == 'x') {
    std::string_view rest = t.substr(digits + 1);
    size_t rd = 0;
    while (rd < rest.size() && IsDigit(rest[rd])) ++rd;
    bool count_next = rd >= 1 && rd <= 3 && rd < rest.size() && rest[rd] == 'x';
    if ((IsAlpha(rest[0]) && rest != "t" && rest != "tx") || count_next) {
      emit(t.substr(0, digits + 1), orig.substr(0, digits + 1));
      SplitGlued(rest, orig.substr(digits + 1), true, out);
      return;
    }
  }
  if (digits == t.size() - 1 && t.back() == 'x' && digits <= 3) {
    emit(t, orig);  // "8x"
    return;
  }
  size_t x = t.rfind('x');
  if (x != std::string_view::npos && x > 0 && x + 1 < t.size() && t.size() - x - 1 <= 3 &&
      AllDigits(t.substr(x + 1))) {
    std::string_view head = t.substr(0, x);
    bool device_like = HasDigit(head) && HasAlpha(head) &&
                       (IsDigit(head.back()) || head.ends_with("gb") || head.ends_with("gib") ||
                        (head.size() >= 2 && head.back() == 'x' && IsDigit(head[head.size() - 2])));
    if (device_like) {
      SplitGlued(head, orig.substr(0, x), glued, out);
      out.push_back(Raw{std::string(t.substr(x)), std::string(orig.substr(x)), false, true});
      return;
    }
  }
  for (std::string_view brand : {"rtx", "gtx", "rx"}) {
    if (t.size() > brand.size() + 2 && t.starts_with(brand) && IsDigit(t[brand.size()])) {
      emit(brand, orig.substr(0, brand.size()));
      SplitGlued(t.substr(brand.size()), orig.substr(brand.size()), true, out);
      return;
    }
  }
  // A model number glued to its tier and capacity: "4060ti", "7900xt", "5060ti16gb".
  if (digits >= 3 && digits <= 5 && digits < t.size()) {
    size_t letters = digits;
    while (letters < t.size() && IsAlpha(t[letters])) ++letters;
    std::string_view tier = t.substr(digits, letters - digits);
    std::string_view rest = t.substr(letters);
    if (In(kTiers, tier) && tier != "d" && (rest.empty() || CapacityBytes(rest) > 0)) {
      emit(t.substr(0, digits), orig.substr(0, digits));
      emit(tier, orig.substr(digits, tier.size()));
      if (!rest.empty()) emit(rest, orig.substr(letters));
      return;
    }
  }
  emit(t, orig);
}

// A cloud instance's size, glued to its family: AWS "12xlarge" of "g5.12xlarge", whose number
// counts vCPUs, not parts.
bool IsInstanceSize(std::string_view t) {
  return t.ends_with("xlarge") && AllDigits(t.substr(0, t.size() - 6));
}

// A GCP accelerator-optimized machine type's middle word ("a3-highgpu-8g", "a2-ultragpu-1g",
// "ct5lp-hightpu-4t"), whose last word counts its parts with a letter that is no unit.
bool IsMachineTypeWord(std::string_view t) {
  return t == "highgpu" || t == "megagpu" || t == "ultragpu" || t == "edgegpu" || t == "hightpu";
}

bool IsMachineTypeCount(std::string_view t) {
  return t.size() >= 2 && (t.back() == 'g' || t.back() == 't') &&
         AllDigits(t.substr(0, t.size() - 1));
}

// Cloud machine types whose accelerators the provider's own files state: the name is read as
// that many of that part ("p5.48xlarge" is 8 H100 80GB). `name` is the type's words joined by
// '.', lowercase, as the text's words are compared ("a3-highgpu-8g" is "a3.highgpu.8g"); an
// Azure size may be written with or without its "Standard_" prefix. `part` is the part as a
// hardware text names it: model and capacity where the provider states a capacity that tells
// variants apart (an A100 40GB from an 80GB), never a form factor the provider does not state
// (the H100 80GB of a p5 names the SXM5 and the PCIe card, and the bounds take the more
// generous). A part the corpus lacks (trn1's Trainium) names nothing; the count still holds.
struct CloudMachine {
  std::string_view name;
  int64_t count;
  std::string_view part;
  std::string_view source;
};

// AWS: aws/karpenter-provider-aws, website/content/en/v1.14/reference/instance-types.md at
// commit 1d927085dd81 (generated from the EC2 API): each type's labels instance-gpu-name and
// instance-gpu-count (a10g, l4, l40s, a100, h100, h200; memory in MiB 40960 or 81920 for an
// A100, 81920 for an H100, 144384 for an H200) or instance-accelerator-name and -count
// (inferentia2, trainium, trainium2).
constexpr std::string_view kAws =
    "AWS EC2 instance types (aws/karpenter-provider-aws instance-types reference, generated from "
    "the EC2 API: instance-gpu-count / instance-accelerator-count)";
// Azure: MicrosoftDocs/azure-compute-docs, articles/virtual-machines/sizes/gpu-accelerated/
// ndasra100v4-series.md, ndma100v4-series.md, ndh100v5-series.md, ndmi300xv5-series.md and
// their includes/*-series-specs.md: each size's 'Accelerators (Qty.)' 8 and the GPU
// ('Nvidia A100 GPU (40GB)', '(80GB)', 'Nvidia H100 GPU (80GB)', 'AMD Instinct MI300X GPU
// (192GB)').
constexpr std::string_view kAzure =
    "Azure VM sizes (Microsoft's azure-compute-docs, gpu-accelerated size series pages: "
    "'Accelerators (Qty.)')";
// GCP: GoogleCloudPlatform/cluster-toolkit, modules/internal/gpu-definition/main.tf at commit
// 147e356daa10: accelerator_machines, machine type -> { type, count } (nvidia-tesla-a100 is the
// A100 40GB; nvidia-h100-mega-80gb the H100 80GB of the A3 Mega).
constexpr std::string_view kGcp =
    "GCP machine types (Google's cluster-toolkit gpu-definition: accelerator_machines)";

constexpr auto kCloudMachines = std::to_array<CloudMachine>({
    {"g5.xlarge", 1, "A10G", kAws},
    {"g5.2xlarge", 1, "A10G", kAws},
    {"g5.4xlarge", 1, "A10G", kAws},
    {"g5.8xlarge", 1, "A10G", kAws},
    {"g5.12xlarge", 4, "A10G", kAws},
    {"g5.16xlarge", 1, "A10G", kAws},
    {"g5.24xlarge", 4, "A10G", kAws},
    {"g5.48xlarge", 8, "A10G", kAws},
    {"g6.xlarge", 1, "L4", kAws},
    {"g6.2xlarge", 1, "L4", kAws},
    {"g6.4xlarge", 1, "L4", kAws},
    {"g6.8xlarge", 1, "L4", kAws},
    {"g6.12xlarge", 4, "L4", kAws},
    {"g6.16xlarge", 1, "L4", kAws},
    {"g6.24xlarge", 4, "L4", kAws},
    {"g6.48xlarge", 8, "L4", kAws},
    {"g6e.xlarge", 1, "L40S", kAws},
    {"g6e.2xlarge", 1, "L40S", kAws},
    {"g6e.4xlarge", 1, "L40S", kAws},
    {"g6e.8xlarge", 1, "L40S", kAws},
    {"g6e.12xlarge", 4, "L40S", kAws},
    {"g6e.16xlarge", 1, "L40S", kAws},
    {"g6e.24xlarge", 4, "L40S", kAws},
    {"g6e.48xlarge", 8, "L40S", kAws},
    {"p4d.24xlarge", 8, "A100 40GB", kAws},
    {"p4de.24xlarge", 8, "A100 80GB", kAws},
    {"p5.4xlarge", 1, "H100 80GB", kAws},
    {"p5.48xlarge", 8, "H100 80GB", kAws},
    {"p5e.48xlarge", 8, "H200 141GB", kAws},
    {"p5en.48xlarge", 8, "H200 141GB", kAws},
    {"inf2.xlarge", 1, "Inferentia2", kAws},
    {"inf2.8xlarge", 1, "Inferentia2", kAws},
    {"inf2.24xlarge", 6, "Inferentia2", kAws},
    {"inf2.48xlarge", 12, "Inferentia2", kAws},
    {"trn1.2xlarge", 1, "Trainium", kAws},
    {"trn1.32xlarge", 16, "Trainium", kAws},
    {"trn1n.32xlarge", 16, "Trainium", kAws},
    {"trn2.48xlarge", 16, "Trainium2", kAws},
    {"nd96asr.v4", 8, "A100 40GB", kAzure},
    {"nd96amsr.a100.v4", 8, "A100 80GB", kAzure},
    {"nd96isr.h100.v5", 8, "H100 80GB", kAzure},
    {"nd96isr.mi300x.v5", 8, "MI300X 192GB", kAzure},
    {"a2.highgpu.1g", 1, "A100 40GB", kGcp},
    {"a2.highgpu.2g", 2, "A100 40GB", kGcp},
    {"a2.highgpu.4g", 4, "A100 40GB", kGcp},
    {"a2.highgpu.8g", 8, "A100 40GB", kGcp},
    {"a2.megagpu.16g", 16, "A100 40GB", kGcp},
    {"a2.ultragpu.1g", 1, "A100 80GB", kGcp},
    {"a2.ultragpu.2g", 2, "A100 80GB", kGcp},
    {"a2.ultragpu.4g", 4, "A100 80GB", kGcp},
    {"a2.ultragpu.8g", 8, "A100 80GB", kGcp},
    {"a3.highgpu.1g", 1, "H100 80GB", kGcp},
    {"a3.highgpu.2g", 2, "H100 80GB", kGcp},
    {"a3.highgpu.4g", 4, "H100 80GB", kGcp},
    {"a3.highgpu.8g", 8, "H100 80GB", kGcp},
    {"a3.megagpu.8g", 8, "H100 80GB", kGcp},
    {"a3.ultragpu.8g", 8, "H200 141GB", kGcp},
    {"g2.standard.4", 1, "L4", kGcp},
    {"g2.standard.8", 1, "L4", kGcp},
    {"g2.standard.12", 1, "L4", kGcp},
    {"g2.standard.16", 1, "L4", kGcp},
    {"g2.standard.24", 2, "L4", kGcp},
    {"g2.standard.32", 1, "L4", kGcp},
    {"g2.standard.48", 4, "L4", kGcp},
    {"g2.standard.96", 8, "L4", kGcp},
    {"a4.highgpu.8g", 8, "B200", kGcp},
    {"a4x.highgpu.4g", 4, "GB200", kGcp},
});

// The machine type that the words `raw[first..]` and `last` spell, joined as they are glued,
// or nullptr. `first` gets the index of its first word in `raw`.
const CloudMachine* FindCloudMachine(const std::vector<Raw>& raw, std::string_view last,
                                     size_t* first) {
  for (const CloudMachine& m : kCloudMachines) {
    if (!m.name.ends_with(last) || m.name.size() <= last.size() ||
        m.name[m.name.size() - last.size() - 1] != '.') {
      continue;
    }
    // Walk back over the glued words before `last`, each one a word of the name.
    std::string_view rest = m.name.substr(0, m.name.size() - last.size() - 1);
    size_t i = raw.size();
    bool ok = true;
    while (!rest.empty()) {
      if (i == 0 || raw[i - 1].separator) {
        ok = false;
        break;
      }
      const std::string& w = raw[i - 1].text;
      const size_t dot = rest.rfind('.');
      std::string_view tail = dot == std::string_view::npos ? rest : rest.substr(dot + 1);
      if (tail != w) {
        ok = false;
        break;
      }
      --i;
      rest = dot == std::string_view::npos ? std::string_view() : rest.substr(0, dot);
      // Every word but the name's first is glued to the one before.
      if (!rest.empty() && !raw[i].glued) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    *first = i;
    return &m;
  }
  return nullptr;
}

std::vector<Raw> Split(std::string_view text) {
  std::vector<Raw> raw;
  std::string cur, cur_orig;
  bool glued = false;
  char joint = 0;
  auto flush = [&] {
    if (cur.empty()) return;
    // A machine type a provider states the parts of reads as them: "p5.48xlarge" is "8x H100
    // 80GB", its count noted with its source.
    size_t first = 0;
    if (const CloudMachine* m = glued ? FindCloudMachine(raw, cur, &first) : nullptr) {
      // Azure's "Standard_" and SageMaker's "ml." belong to the name.
      if (first > 0 && raw[first].glued && !raw[first - 1].separator &&
          (raw[first - 1].text == "standard" || raw[first - 1].text == "ml")) {
        --first;
      }
      std::string written;
      for (size_t j = first; j < raw.size(); ++j) {
        if (j > first && raw[j].joint != 0) written += raw[j].joint;
        written += raw[j].orig;
      }
      written += joint;
      written += cur_orig;
      raw.resize(first);
      raw.push_back(
          Raw{fmt::format("{}x", m->count), written, false, false, 0,
              fmt::format("'{}' holds {} {}: {}", written, m->count, m->part, m->source)});
      std::string_view part = m->part;
      while (!part.empty()) {
        const size_t space = part.find(' ');
        std::string_view word = part.substr(0, space);
        std::string lower(word);
        for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        raw.push_back(Raw{lower, std::string(word), false, false, 0, {}});
        part = space == std::string_view::npos ? std::string_view() : part.substr(space + 1);
      }
      cur.clear();
      cur_orig.clear();
      return;
    }
    // A cloud instance name is no count and no capacity: "g5.12xlarge" is not 12 parts and
    // "a3-highgpu-8g" not 8 GB. The name is dropped, family and all: the parts it holds are
    // what the rest of the text says.
    const bool instance =
        glued && !raw.empty() && !raw.back().separator &&
        (IsInstanceSize(cur) || (IsMachineTypeCount(cur) && IsMachineTypeWord(raw.back().text)));
    if (instance) {
      const bool family_glued = raw.back().glued;
      // GCP's v5e machine types name their chips: "ct5lp-hightpu-4t" is v5litepod-4, 4 TPU v5e
      // chips (Google Cloud TPU docs, v5e configurations and "Supported versions":
      // AcceleratorType v5litepod-1, -4, -8 against machine types ct5lp-hightpu-1t, -4t, -8t,
      // slices of 1, 4 and 8 chips).
      const bool v5e = family_glued && raw.size() >= 2 && raw.back().text == "hightpu" &&
                       raw[raw.size() - 2].text == "ct5lp" && cur.back() == 't';
      std::string written =
          v5e ? raw[raw.size() - 2].orig + "-" + raw.back().orig + "-" + cur_orig : "";
      raw.pop_back();
      if (family_glued && !raw.empty() && !raw.back().separator) raw.pop_back();
      if (v5e) {
        raw.push_back(Raw{cur.substr(0, cur.size() - 1) + "x", written, false, false});
        raw.push_back(Raw{"tpu", "TPU", false, false});
        raw.push_back(Raw{"v5e", "v5e", false, false});
      }
      cur.clear();
      cur_orig.clear();
      return;
    }
    const size_t at = raw.size();
    SplitGlued(cur, cur_orig, glued, raw);
    if (at < raw.size() && glued) raw[at].joint = joint;
    cur.clear();
    cur_orig.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    bool dot_in_number = c == '.' && IsNumber(cur) && i + 1 < text.size() && IsDigit(text[i + 1]);
    if (IsAlnum(c) || dot_in_number) {
      if (cur.empty()) {
        glued = i > 0 && (text[i - 1] == '-' || text[i - 1] == '.' || text[i - 1] == '_');
        joint = glued ? text[i - 1] : 0;
      }
      cur += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      cur_orig += c;
      continue;
    }
    flush();
    // A multiplication sign counts like "x": "3090 24GB * 2", "2× RTX PRO 6000".
    bool times = text.substr(i).starts_with("\xc3\x97");
    if (c == '*' || times) {
      raw.push_back(Raw{"x", std::string(text.substr(i, times ? 2 : 1)), false, false});
      if (times) ++i;
    } else if (std::string_view(",+/;|()[]").find(c) != std::string_view::npos) {
      raw.push_back(Raw{"", std::string(1, c), true, false});
    }
  }
  flush();
  return raw;
}

bool IsNode(std::string_view t) { return t == "node" || t == "nodes"; }

// The index of "nodes" when the number at `i` counts nodes ("12 D Nodes", "4 P Nodes",
// "1-node"): the words between describe the node, not a part. 0 when it does not.
size_t NodeCountEnd(const std::vector<Raw>& raw, size_t i) {
  for (size_t j = i + 1; j < raw.size() && j <= i + 3; ++j) {
    if (raw[j].separator || HasDigit(raw[j].text)) return 0;
    if (IsNode(raw[j].text)) return j;
  }
  return 0;
}

// Whether the number at `i` counts the GPUs the words after it name, as in "128 H200 GPUs" or
// "4 RTX 4090 GPUs": a model number, then "GPU(s)", within four words and no separator.
bool CountsGpusAfter(const std::vector<Raw>& raw, size_t i) {
  bool model = false;
  for (size_t j = i + 1; j < raw.size() && j <= i + 4; ++j) {
    std::string_view t = raw[j].text;
    if (raw[j].separator || (AllDigits(t) && t.size() <= 3)) return false;
    if (t == "gpu" || t == "gpus") return model;
    if (CapacityBytes(t) > 0) continue;
    model = model || (HasDigit(t) && HasAlpha(t)) || (AllDigits(t) && t.size() >= 4);
  }
  return false;
}

std::vector<Word> Lex(std::string_view text) {
  std::vector<Raw> raw = Split(text);
  // Apple chips count cores as "16 CPU, 40 GPU" and "16CPU+40GPU": there these are cores.
  bool apple = std::any_of(raw.begin(), raw.end(), [](const Raw& r) {
    return r.text.size() == 2 && r.text[0] == 'm' && r.text[1] >= '1' && r.text[1] <= '9';
  });

  std::vector<Word> out;
  auto push = [&](std::string t) {
    Word w;
    w.noise = In(kNoise, t);
    w.text = std::move(t);
    out.push_back(std::move(w));
  };
  auto mark = [&](int64_t n, bool prefix, std::string as_written) {
    // Counts written back to back multiply: "4x8xH100" is 32.
    if (prefix && !out.empty() && out.back().count > 0 && out.back().prefix &&
        !out.back().multiplier) {
      out.back().count *= n;
      out.back().as_written += as_written;
      return;
    }
    Word w;
    w.count = n;
    w.prefix = prefix;
    w.as_written = std::move(as_written);
    out.push_back(std::move(w));
  };
  // A count glued after a TPU generation counts what that generation's slice names count.
  auto slice_mark = [&](std::string_view generation_text, int64_t n, std::string as_written) {
    // A copy: the text may be a word of `out`, which mark() may reallocate.
    const std::string generation(generation_text);
    std::optional<TpuSlice> slice = TpuSliceOf(generation);
    if (!slice) {
      mark(n, false, std::move(as_written));
      return;
    }
    const int64_t chips = (n + slice->cores_per_chip - 1) / slice->cores_per_chip;
    mark(chips, false, as_written);
    out.back().note =
        slice->cores_per_chip > 1
            ? fmt::format("'{}-{}' is {} TensorCores = {} chips: {}", generation, n, n, chips,
                          slice->rule)
            : fmt::format("'{}-{}' is {} chips: {}", generation, n, chips, slice->rule);
    out.back().assumed = slice->assumed;
  };
  auto text_at = [&](size_t i) -> std::string_view {
    return i < raw.size() ? std::string_view(raw[i].text) : std::string_view();
  };
  auto last_word = [&]() -> const Word* {
    return !out.empty() && out.back().count == 0 && !out.back().separator ? &out.back() : nullptr;
  };
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i].separator) {
      Word w;
      w.separator = true;
      out.push_back(std::move(w));
      continue;
    }
    const std::string& t = raw[i].text;
    std::string_view n = text_at(i + 1);
    if (t.size() >= 2 && t.back() == 'g' &&
        AllDigits(std::string_view(t).substr(0, t.size() - 1)) && CapacityBytes(n) > 0) {
      ++i;  // a MIG profile ("1g.10gb"): a slice of the GPU, not its memory
      continue;
    }
    if ((IsNumber(t) && IsUnit(n)) || CapacityBytes(t) > 0) {
      bool split = CapacityBytes(t) <= 0;  // "40 GB"
      std::string capacity = split ? t + std::string(n) : t;
      size_t end = split ? i + 1 : i;  // the unit's index
      std::string_view after = text_at(end + 1);
      // "400 GB/s" is a bandwidth.
      bool rate = end + 2 < raw.size() && raw[end + 1].orig == "/" &&
                  (raw[end + 2].text == "s" || raw[end + 2].text == "sec");
      i = rate ? end + 2 : end;
      if (rate || In(kStorage, after)) continue;
      push(capacity);
      out.back().system_memory = after == "ram";
      continue;
    }
    if (AllDigits(t)) {
      if (n == "core" || n == "cores") {
        // "30-core GPU" and "14-core CPU" count different cores.
        std::string_view unit = text_at(i + 2);
        bool of = unit == "gpu" || unit == "cpu";
        push(t + "core" + (of ? std::string(unit) : ""));
        i += of ? 2 : 1;
      } else if (apple && (n == "gpu" || n == "cpu")) {
        push(t + "core" + std::string(n));
        ++i;
      } else if ((n == "x" || n == "gpu" || n == "gpus") && SmallCount(t) > 0) {
        mark(SmallCount(t), n == "x", raw[i].orig + " " + raw[i + 1].orig);
        ++i;
      } else if (size_t nodes = NodeCountEnd(raw, i); nodes != 0) {
        // A count of nodes is not a count of GPUs, and a node's name ("D", "P") is no tier.
        i = nodes;
      } else if (!raw[i].glued && SmallCount(t) > 0 && CountsGpusAfter(raw, i)) {
        mark(SmallCount(t), true, raw[i].orig);  // "128 H200 GPUs"
      } else if (const Word* prev = last_word();
                 raw[i].glued && SmallCount(t) > 0 && prev != nullptr && HasDigit(prev->text) &&
                 HasAlpha(prev->text) && KindOf(prev->text) == Kind::kIdentity &&
                 !IsBareVersion(prev->text) &&
                 (prev->text[0] != 'v' || (i >= 2 && text_at(i - 2) == "tpu") ||
                  IsTpuGenerationWord(prev->text))) {
        // A count glued after the part: "L4-1-24G", "BM.GPU.B200.8", "tpu-v5e-4", and a TPU
        // slice size in chips ("v5p-8": 4).
        slice_mark(prev->text, SmallCount(t), raw[i].orig);
        out.back().tentative = true;
      } else if (i > 0 && IsBareVersion(text_at(i - 1)) && raw[i].glued) {
        // A TPU slice size after "TPU" ("TPU v4-8": 4 chips); elsewhere not a count.
        if (text_at(i - 2) == "tpu") slice_mark(text_at(i - 1), SmallCount(t), raw[i].orig);
      } else {
        push(t);
      }
      continue;
    }
    if (apple && (t.ends_with("gpu") || t.ends_with("cpu")) && t.size() > 3 &&
        AllDigits(std::string_view(t).substr(0, t.size() - 3))) {
      push(t.substr(0, t.size() - 3) + "core" + t.substr(t.size() - 3));  // "40GPU"
      continue;
    }
    if (apple && t.ends_with("cu") && t.size() > 2 &&
        AllDigits(std::string_view(t).substr(0, t.size() - 2))) {
      push(t.substr(0, t.size() - 2) + "coregpu");  // "40CU": GPU cores
      continue;
    }
    if ((t == "gpu" || t == "gpus") && n == "0") {
      // "GPU 0,1,2,3,4,5,6,7:" lists the devices.
      size_t j = i + 1;
      int64_t listed = 0;
      std::string written = raw[i].orig;
      while (j < raw.size() && (raw[j].separator || raw[j].text == std::to_string(listed))) {
        if (!raw[j].separator) ++listed;
        written += raw[j].separator ? raw[j].orig : " " + raw[j].orig;
        ++j;
      }
      if (listed >= 2) mark(listed, true, written);
      push(t);
      i = j - 1;
      continue;
    }
    if (t == "x" && AllDigits(n) && SmallCount(n) > 0 && !out.empty()) {
      mark(SmallCount(n), false, raw[i].orig + " " + raw[i + 1].orig);
      ++i;
      continue;
    }
    if (t.size() >= 2 && t.back() == 'x' &&
        SmallCount(std::string_view(t).substr(0, t.size() - 1)) > 0) {
      mark(SmallCount(std::string_view(t).substr(0, t.size() - 1)), true, raw[i].orig);
      if (!raw[i].note.empty()) {
        out.back().note = raw[i].note;
        out.back().instance = true;
      }
      continue;
    }
    if (t.size() >= 2 && t.front() == 'x' && SmallCount(std::string_view(t).substr(1)) > 0) {
      // "PCIe Gen5 x16" is a lane width, not a count.
      std::string_view before = text_at(i - 1);
      bool lanes = i > 0 && (before.starts_with("pci") || before.starts_with("gen") ||
                             before.find('.') != std::string_view::npos);
      if (!lanes) mark(SmallCount(std::string_view(t).substr(1)), false, raw[i].orig);
      continue;
    }
    if ((t == "chips" || t == "chip") && SmallCount(n) > 0) {
      mark(SmallCount(n), false, raw[i].orig + "=" + raw[i + 1].orig);  // "num_chips=4"
      ++i;
      continue;
    }
    if ((t == "dual" || t == "quad") && !In(kNotCounted, n)) {
      // After a card's name ("Arc Pro B60 Dual") it is the GPUs per card.
      const Word* prev = last_word();
      bool card = prev != nullptr && !prev->noise && HasDigit(prev->text);
      mark(t == "dual" ? 2 : 4, !card, raw[i].orig);
      out.back().multiplier = card;
      continue;
    }
    if (t == "pci" && (n == "e" || n == "express")) {
      push("pcie");
      ++i;
      continue;
    }
    if (t == "max" && n == "q") {
      push("maxq");
      ++i;
      continue;
    }
    if (t == "gaudi" && n.size() == 1 && IsDigit(n[0])) {
      push("gaudi" + std::string(n));
      ++i;
      continue;
    }
    if ((t == "macbook" || t == "ipad") && (n == "pro" || n == "air")) {
      ++i;  // the product line, not the chip's tier
      continue;
    }
    if (t.size() == 4 && t.starts_with("sxm") && IsDigit(t[3])) {
      push("sxm");
      continue;
    }
    if (t == "pci" || (t.starts_with("pcie") && AllDigits(std::string_view(t).substr(4)))) {
      push("pcie");
      continue;
    }
    if (IsBareVersion(t)) {
      bool tpu =
          text_at(i - 1) == "tpu" || (i + 1 < raw.size() && raw[i + 1].glued && AllDigits(n));
      if (tpu) push(t);
      continue;
    }
    if (t == "cores") {
      push("core");
      continue;
    }
    push(t);
  }
  return out;
}

// The MIG profile or AMD partition mode a text names, if any: "1g.10gb" (the "+me" media
// extension changes no share), "MIG 3g.40gb", "CPX", "CPX/NPS4".
std::optional<PartitionText> ReadPartition(std::string_view text) {
  std::vector<Raw> raw = Split(text);
  PartitionText p;
  std::vector<std::string> written;
  for (size_t i = 0; i < raw.size(); ++i) {
    const std::string& t = raw[i].text;
    if (t.size() >= 2 && t.back() == 'g' &&
        AllDigits(std::string_view(t).substr(0, t.size() - 1)) && i + 1 < raw.size() &&
        raw[i + 1].glued && CapacityBytes(raw[i + 1].text) > 0 && p.mig_compute == 0) {
      p.mig_compute = SmallCount(std::string_view(t).substr(0, t.size() - 1));
      p.mig_memory = CapacityBytes(raw[i + 1].text);
      written.push_back(raw[i].orig + "." + raw[i + 1].orig);
      ++i;
      continue;
    }
    // SPX is one partition, the whole part: no slice.
    constexpr std::array<std::pair<std::string_view, int64_t>, 3> kModes = {
        {{"dpx", 2}, {"qpx", 4}, {"cpx", 8}}};
    for (const auto& [mode, n] : kModes) {
      if (t == mode && p.amd_partitions == 0) {
        p.amd_partitions = n;
        written.push_back(raw[i].orig);
      }
    }
    if ((t == "nps1" || t == "nps2" || t == "nps4") && p.nps.empty()) {
      p.nps = raw[i].orig;
      written.push_back(raw[i].orig);
    }
  }
  if (p.mig_compute <= 0 && p.amd_partitions == 0) return std::nullopt;
  p.text = fmt::format("{}", fmt::join(written, " "));
  return p;
}

// Editions a text states against a part's: every stated one must be the part's, and a part
// that is the Max-Q edition is named only by text that says so. A part or a text that states
// no edition agrees with any.
bool EditionsAgree(const std::vector<int>& stated, const std::vector<int>& part, int maxq) {
  if (stated.empty() || part.empty()) return true;
  if (!std::includes(part.begin(), part.end(), stated.begin(), stated.end())) return false;
  bool part_maxq = std::binary_search(part.begin(), part.end(), maxq);
  bool text_maxq = std::binary_search(stated.begin(), stated.end(), maxq);
  return part_maxq == text_maxq;
}

}  // namespace

std::vector<std::string> HardwareTokens(std::string_view text) {
  std::vector<std::string> out;
  for (Word& w : Lex(text)) {
    if (w.count == 0 && !w.separator && !w.noise) out.push_back(std::move(w.text));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

int HardwareIndex::Id(std::string_view token) const {
  auto it = vocabulary_.find(token);
  return it == vocabulary_.end() ? -1 : it->second;
}

HardwareIndex::HardwareIndex(std::span<const Accelerator> parts) {
  std::vector<std::string> token_text;  // by id
  auto intern = [&](const std::string& t) {
    auto [it, inserted] = vocabulary_.emplace(t, static_cast<int>(kinds_.size()));
    if (inserted) {
      kinds_.push_back(static_cast<uint8_t>(KindOf(t)));
      token_text.push_back(t);
    }
    return it->second;
  };
  for (std::string_view tier : kTiers) intern(std::string(tier));
  for (std::string_view edition : kEditions) intern(std::string(edition));
  for (std::string_view variant : kVariants) intern(std::string(variant));
  entries_.reserve(parts.size());
  for (const Accelerator& a : parts) {
    Entry e{&a, {}, {}, {}, a.memory.si(), false, {}};
    auto add = [&](const std::string& text, bool alias) {
      Name n;
      n.alias = alias;
      for (const std::string& t : HardwareTokens(text)) {
        int id = intern(t);
        Kind k = KindOf(t);
        n.tokens.push_back(id);
        if (k == Kind::kIdentity) n.identity.push_back(id);
        if (k == Kind::kCores) {
          char unit = '?';
          int64_t c = CoreCount(t, &unit);
          e.core_counts.emplace_back(c, unit);
        }
        if (k == Kind::kCapacity && a.memory.si() <= 0) e.memory = CapacityBytes(t);
        if (k == Kind::kMemoryType) e.states_memory_type = true;
        if (k == Kind::kEdition) e.editions.push_back(id);
        e.words.push_back(id);
      }
      std::sort(n.tokens.begin(), n.tokens.end());
      std::sort(n.identity.begin(), n.identity.end());
      if (!n.identity.empty()) e.names.push_back(std::move(n));
    };
    add(a.name, false);
    for (const auto& alias : a.aliases) add(alias, true);
    for (auto* v : {&e.words, &e.editions}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    entries_.push_back(std::move(e));
  }
  // A name's one model number of letters and digits ("B60", "8060S", "R9700") that no other
  // part's names hold, nor begin with, names its part alone, without the name's tier words:
  // there is no other B60 to confuse it with. A digits-only number ("5060") never does, nor a
  // name with two, nor "v5" while another part is the "v5p".
  std::vector<int> owners(kinds_.size(), 0);
  for (const Entry& e : entries_) {
    for (int id : e.words) ++owners[id];
  }
  auto extended = [&](const Entry& self, const std::string& t) {
    return std::any_of(entries_.begin(), entries_.end(), [&](const Entry& other) {
      return &other != &self && std::any_of(other.words.begin(), other.words.end(), [&](int id) {
        return token_text[id].size() > t.size() && token_text[id].starts_with(t);
      });
    });
  };
  for (Entry& e : entries_) {
    std::vector<int> solos;
    for (const Name& nm : e.names) {
      std::vector<int> models;
      for (int id : nm.identity) {
        const std::string& t = token_text[id];
        if (HasDigit(t) && HasAlpha(t)) models.push_back(id);
      }
      if (models.size() == 1 && owners[models[0]] == 1 && !extended(e, token_text[models[0]])) {
        solos.push_back(models[0]);
      }
    }
    std::sort(solos.begin(), solos.end());
    solos.erase(std::unique(solos.begin(), solos.end()), solos.end());
    for (int id : solos) {
      Name solo;  // no tokens: the text is never exactly this name
      solo.identity = {id};
      e.names.push_back(std::move(solo));
    }
  }
}

std::vector<const Accelerator*> HardwareIndex::Resolve(std::span<const Word> words, int64_t card,
                                                       bool* exact) const {
  *exact = false;
  // What the words state, by kind.
  std::vector<int> identity;    // ids of identity words in the vocabulary
  std::vector<int> stated;      // ids of every non-neutral word in the vocabulary
  std::vector<int> variants;    // ids of variant words
  std::vector<int> editions;    // ids of edition words
  bool unmatched_fact = false;  // a capacity, core count, ... that no name spells this way
  std::vector<std::pair<double, const Word*>> capacities;
  std::vector<std::pair<int64_t, char>> cores;
  std::vector<std::string_view> form_factors, memory_types;
  for (const Word& w : words) {
    if (w.count > 0 || w.separator || w.noise) continue;
    Kind k = KindOf(w.text);
    int id = Id(w.text);
    switch (k) {
      case Kind::kNeutral:
        continue;
      case Kind::kIdentity:
        if (id >= 0) identity.push_back(id);
        break;
      case Kind::kVariant:
        variants.push_back(id);
        break;
      case Kind::kEdition:
        editions.push_back(id);
        break;
      case Kind::kCapacity:
        capacities.emplace_back(CapacityBytes(w.text), &w);
        break;
      case Kind::kCores: {
        char unit = '?';
        int64_t c = CoreCount(w.text, &unit);
        cores.emplace_back(c, unit);
        break;
      }
      case Kind::kFormFactor:
        form_factors.push_back(w.text);
        break;
      case Kind::kMemoryType:
        memory_types.push_back(w.text);
        break;
    }
    if (id >= 0) {
      stated.push_back(id);
    } else if (k != Kind::kIdentity) {
      unmatched_fact = true;
    }
  }
  for (auto* v : {&identity, &stated, &variants, &editions}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }

  // Candidates: named by identity words, not contradicted by any stated fact.
  struct Scored {
    const Entry* entry;
    int confirmed;
  };
  std::vector<Scored> found;
  for (const Entry& e : entries_) {
    bool named = std::any_of(e.names.begin(), e.names.end(), [&](const Name& nm) {
      return std::includes(identity.begin(), identity.end(), nm.identity.begin(),
                           nm.identity.end());
    });
    if (!named) continue;
    auto holds = [&](int id) {
      return id >= 0 && std::binary_search(e.words.begin(), e.words.end(), id);
    };
    bool ok = std::all_of(identity.begin(), identity.end(), holds) &&
              std::all_of(variants.begin(), variants.end(), holds) &&
              EditionsAgree(editions, e.editions, Id("maxq"));
    int confirmed = 0;
    for (auto [c, w] : capacities) {
      if (!ok) break;
      if (holds(Id(w->text))) {
        ++confirmed;
        continue;
      }
      // A system-on-chip's and a CPU socket's memory is their largest configuration.
      bool soc = e.part->form_factor == "soc" || e.part->form_factor == "cpu";
      if (e.memory <= 0 || (w->system_memory && !soc)) continue;
      auto near = [](double r) { return r <= kCapacitySlack && r >= 1 / kCapacitySlack; };
      double r = c / e.memory;
      ok = soc ? r <= kCapacitySlack : near(r) || (card > 1 && near(r / card));
      ++confirmed;
    }
    for (auto [c, unit] : cores) {
      // Only counts of the same kind of core (or of an unsaid kind) can contradict.
      bool comparable = false, same = false;
      for (auto [pc, punit] : e.core_counts) {
        if (unit != '?' && punit != '?' && unit != punit) continue;
        comparable = true;
        same = same || pc == c;
      }
      if (!ok || !comparable) continue;
      ok = same;
      ++confirmed;
    }
    for (std::string_view f : form_factors) {
      if (!ok) break;
      ok = holds(Id(f)) || e.part->form_factor == f;
      ++confirmed;
    }
    for (std::string_view t : memory_types) {
      if (!ok) break;
      if (holds(Id(t))) {
        ++confirmed;
      } else {
        ok = !e.states_memory_type;
      }
    }
    if (ok) found.push_back({&e, confirmed});
  }

  // Text equal to one candidate's alias names that part; else the parts whose names confirm
  // the most stated facts.
  auto equals = [&](const Name& nm) {
    return !unmatched_fact && !nm.tokens.empty() && nm.tokens == stated;
  };
  const Entry* by_alias = nullptr;
  int aliased = 0;
  for (const Scored& s : found) {
    if (std::any_of(s.entry->names.begin(), s.entry->names.end(),
                    [&](const Name& nm) { return nm.alias && equals(nm); })) {
      by_alias = s.entry;
      ++aliased;
    }
  }
  std::vector<const Entry*> chosen;
  if (aliased == 1) {
    chosen.push_back(by_alias);
  } else {
    int best = 0;
    for (const Scored& s : found) best = std::max(best, s.confirmed);
    for (const Scored& s : found) {
      if (s.confirmed == best) chosen.push_back(s.entry);
    }
  }
  if (chosen.size() == 1) {
    *exact = std::any_of(chosen[0]->names.begin(), chosen[0]->names.end(), equals);
  }
  std::vector<const Accelerator*> out;
  for (const Entry* e : chosen) out.push_back(e->part);
  return out;
}

PartitionShare ShareOf(const PartitionText& p, const Accelerator& part) {
  PartitionShare s;
  const std::string_view id = part.header.id.view();
  if (p.mig_compute > 0) {
    const double memory = part.memory.si();
    if (memory <= 0) {
      s.how = fmt::format(
          "MIG {}: {} states no memory, so the slice's memory share is unknown: the whole "
          "part's bandwidth, memory and compute are taken (generous)",
          p.text, id);
      return s;
    }
    // Eighths of the part's memory the profile holds, rounded up: the generous side when a
    // profile's name rounds its capacity.
    const double eighths = std::clamp(std::ceil(8 * p.mig_memory / memory - 1e-9), 1.0, 8.0);
    s.memory = s.bandwidth = eighths / 8;
    s.compute = std::min(1.0, std::max(static_cast<double>(p.mig_compute) / 7, s.memory));
    s.how = fmt::format(
        "MIG {} of {}: {:g}/8 of its memory and bandwidth ({} of {}, rounded up to memory "
        "slices of an eighth each), {} of its compute (the larger of {}/7 compute slices and "
        "the memory share); NVIDIA MIG user guide, 'Supported MIG Profiles'",
        p.text, id, eighths, FormatBytes(p.mig_memory), FormatBytes(memory),
        FormatNumber(s.compute), p.mig_compute);
    return s;
  }
  if (id == "amd-mi300x" && p.amd_partitions > 0) {
    s.compute = 1.0 / static_cast<double>(p.amd_partitions);
    if (p.amd_partitions == 8) {
      // AMD's MI300X partitioning overview (ROCm amdgpu-docs, gpu-partitioning/mi300x/
      // overview.rst): a CPX partition is one XCD with 24GB of the 192GB HBM in either memory
      // mode; under NPS1 its memory is interleaved across all 8 HBM stacks, under NPS4 across
      // the 2 stacks of its quadrant, which it shares with the quadrant's other XCD.
      const bool nps4 = ToLower(p.nps) == "nps4";
      s.memory = 1.0 / 8;
      s.bandwidth = nps4 ? 1.0 / 4 : 1.0;
      s.how = fmt::format(
          "{} of {}: 1/8 of its compute and of its memory (one of its 8 XCDs with 24GB of its "
          "192GB); {} (AMD's MI300X GPU partitioning overview, 'CPX' and 'Memory Partitioning "
          "(NPS)')",
          p.text, id,
          nps4 ? "1/4 of its bandwidth under NPS4 (2 of its 8 HBM stacks, the partition's "
                 "quadrant, at most)"
               : fmt::format("the whole part's bandwidth{} (memory interleaved across all 8 HBM "
                             "stacks under NPS1: generous)",
                             p.nps.empty() ? ", the memory mode not stated" : ""));
      return s;
    }
    s.how = fmt::format(
        "{} of {}: 1/{} of its compute ({} of its 8 XCDs; AMD SMI docs, 'GPU partitioning'); "
        "the bandwidth and memory one partition reaches{} are not taken from a source: the "
        "whole part's (generous)",
        p.text, id, p.amd_partitions, 8 / p.amd_partitions,
        p.nps.empty() ? "" : fmt::format(" under {}", p.nps));
    return s;
  }
  s.how = fmt::format(
      "partition '{}' of {}: no source gives this part's share, so the whole part's bandwidth, "
      "memory and compute are taken (generous)",
      p.text, id);
  return s;
}

HardwareMatch HardwareIndex::Match(std::string_view text) const {
  HardwareMatch m;
  m.partition = ReadPartition(text);
  std::vector<Word> words = Lex(text);

  // The GPUs per card a "Dual" after a card's name states, whose memory a capacity may total.
  int64_t card = 1;
  for (const Word& w : words) {
    if (w.count > 0 && w.multiplier) card = w.count;
  }

  // The parts: the whole text, else its pieces when two or more of them name parts.
  m.candidates = Resolve(words, card, &m.exact);
  if (m.candidates.empty()) {
    std::vector<const Accelerator*> all;
    int naming = 0;
    size_t start = 0;
    auto piece = [&](size_t from, size_t to) {
      if (from >= to) return;
      bool exact = false;
      std::vector<const Accelerator*> got =
          Resolve(std::span<const Word>(words).subspan(from, to - from), card, &exact);
      if (got.empty()) return;
      ++naming;
      for (const Accelerator* a : got) {
        if (std::find(all.begin(), all.end(), a) == all.end()) all.push_back(a);
      }
    };
    for (size_t i = 0; i <= words.size(); ++i) {
      if (i == words.size() || words[i].separator || (words[i].count > 0 && !words[i].multiplier)) {
        piece(start, i);
        start = i + 1;
      }
    }
    if (naming >= 2) {
      for (const Entry& e : entries_) {
        if (std::find(all.begin(), all.end(), e.part) != all.end()) m.candidates.push_back(e.part);
      }
    }
  }

  // A CPU socket named beside an accelerator is its host ("8x H100, 2x Xeon 6980P"): the
  // accelerators are the parts, and a count of the CPUs counts host CPUs.
  const bool names_accelerator = std::any_of(m.candidates.begin(), m.candidates.end(),
                                             [](const Accelerator* a) { return !IsCpuPart(a); });
  if (names_accelerator) std::erase_if(m.candidates, IsCpuPart);

  // Counts: each mark applies to the words after it (a prefix) or before it (a suffix), up to
  // the next mark; the words it covers say whether it counts host CPUs or accelerators.
  struct Counted {
    int64_t n;
    size_t from, to;
    std::string written;
    std::string note;
    bool assumed;
    bool instance = false;
  };
  std::vector<Counted> accelerators;
  for (size_t i = 0; i < words.size(); ++i) {
    const Word& w = words[i];
    if (w.count == 0) continue;
    if (w.tentative) {
      int id = i > 0 ? Id(words[i - 1].text) : -1;
      if (id < 0 || kinds_[id] != static_cast<uint8_t>(Kind::kIdentity)) continue;
    }
    if (w.multiplier) {
      card = w.count;
      if (!accelerators.empty() && accelerators.back().to >= i) {
        accelerators.back().n *= w.count;
        accelerators.back().written += " " + w.as_written;
      } else {
        accelerators.push_back({w.count, i, i, w.as_written, w.note, w.assumed});
      }
      continue;
    }
    size_t from = i + 1, to = words.size();
    if (w.prefix) {
      for (size_t j = i + 1; j < words.size(); ++j) {
        if (words[j].count > 0 && !words[j].multiplier) {
          to = j;
          break;
        }
      }
    } else {
      from = i;
      while (from > 0 && (words[from - 1].count == 0 || words[from - 1].multiplier)) --from;
      to = i;
    }
    bool cpu = false, accelerator = false, slices = false;
    for (size_t j = from; j < to; ++j) {
      const std::string& t = words[j].text;
      if (t == "mig") slices = true;
      if (IsCpuWord(t)) {
        cpu = true;
        continue;  // "xeon", "epyc": a CPU's brand, never an accelerator's
      }
      int id = Id(t);
      if (In(kGpuWords, t) ||
          (id >= 0 && kinds_[id] == static_cast<uint8_t>(Kind::kIdentity) && !In(kTiers, t))) {
        accelerator = true;
      }
    }
    if (slices) continue;  // "28x MIG 1g.10gb": GPU instances, not GPUs
    if (cpu && !accelerator) {
      m.host_cpus = m.host_cpus.value_or(0) + w.count;
      continue;
    }
    // A suffix closing a prefix's words counts the same words: "4x L4-PCIE-24GBx4" is 4,
    // "2x DGX-H100x8" is 16.
    if (!w.prefix && !accelerators.empty() && accelerators.back().to == i &&
        accelerators.back().from == from) {
      Counted& c = accelerators.back();
      if (c.n != w.count) c.n *= w.count;
      c.written += " " + w.as_written;
      continue;
    }
    accelerators.push_back({w.count, from, to, w.as_written, w.note, w.assumed, w.instance});
  }
  if (!accelerators.empty()) {
    // Counts of different parts add up (a mixed system); two counts of the same part are one
    // count written twice ("GX2560M7_H100_SXM_80GBx4 (4x H100-SXM-80GB)").
    // Without a part, the model numbers the counts' words share tell ("(72x GB300-288GB)
    // (72x NVIDIA GB300)").
    struct Seen {
      std::vector<const Accelerator*> parts;
      std::vector<std::string> models;
      int64_t n;
      bool instance;
    };
    std::vector<Seen> seen;
    int64_t total = 0;
    for (const Counted& c : accelerators) {
      bool exact = false;
      std::span<const Word> subject = std::span<const Word>(words).subspan(c.from, c.to - c.from);
      std::vector<const Accelerator*> parts = Resolve(subject, card, &exact);
      if (names_accelerator && !parts.empty() &&
          std::all_of(parts.begin(), parts.end(), IsCpuPart)) {
        m.host_cpus = m.host_cpus.value_or(0) + c.n;
        continue;
      }
      std::vector<std::string> models;
      for (const Word& w : subject) {
        if (w.count == 0 && HasDigit(w.text) && HasAlpha(w.text) &&
            KindOf(w.text) == Kind::kIdentity) {
          models.push_back(w.text);
        }
      }
      auto same = std::find_if(seen.begin(), seen.end(), [&](const Seen& s) {
        // A machine type's parts and the same parts named beside it ("8x H100 SXM
        // (p5.48xlarge)": the H100 SXM is one of the H100 80GB a p5 may hold) are one count.
        // Parts are in corpus order, as Resolve returns them.
        if ((c.instance || s.instance) && !parts.empty() && !s.parts.empty() &&
            (std::includes(parts.begin(), parts.end(), s.parts.begin(), s.parts.end()) ||
             std::includes(s.parts.begin(), s.parts.end(), parts.begin(), parts.end()))) {
          return true;
        }
        if (!parts.empty() || !s.parts.empty()) return s.parts == parts;
        return std::any_of(models.begin(), models.end(), [&](const std::string& t) {
          return std::find(s.models.begin(), s.models.end(), t) != s.models.end();
        });
      });
      if (same != seen.end()) {
        if (c.n > same->n) {
          total += c.n - same->n;
          same->n = c.n;
        }
        continue;
      }
      seen.push_back({std::move(parts), std::move(models), c.n, c.instance});
      total += c.n;
      m.count_text += (m.count_text.empty() ? "" : ", ") + c.written;
      if (!c.note.empty()) m.count_note += (m.count_note.empty() ? "" : "; ") + c.note;
      m.count_assumed = m.count_assumed || c.assumed;
    }
    m.count = total;
    m.count_how = fmt::format("{} from '{}'", total, m.count_text);
    if (!m.count_note.empty()) m.count_how += fmt::format(" ({})", m.count_note);
  }

  bool cpu_word = false, gpu_word = false;
  for (const Word& w : words) {
    if (IsCpuWord(w.text)) {
      cpu_word = true;
      continue;
    }
    int id = Id(w.text);
    if (In(kGpuWords, w.text) || w.text.starts_with("gaudi") ||
        (id >= 0 && kinds_[id] == static_cast<uint8_t>(Kind::kIdentity) && !In(kTiers, w.text))) {
      gpu_word = true;
    }
  }
  m.cpu_only = m.candidates.empty() && cpu_word && !gpu_word;
  if (m.cpu_only && m.count) {
    // Every count in a CPU-only text counts CPUs.
    m.host_cpus = m.host_cpus.value_or(0) + *m.count;
    m.count.reset();
    m.count_text.clear();
    m.count_how.clear();
  }

  // A count of superchip packages of a part that holds several GPUs per package.
  bool packages = std::any_of(words.begin(), words.end(), [](const Word& w) {
    return w.text == "superchip" || w.text == "superchips";
  });
  if (m.count && packages && !m.candidates.empty()) {
    int64_t per = m.candidates[0]->gpus_per_package;
    bool same = std::all_of(m.candidates.begin(), m.candidates.end(),
                            [&](const Accelerator* a) { return a->gpus_per_package == per; });
    if (same && per > 1) {
      int64_t n = *m.count;
      m.count = n * per;
      m.count_how =
          fmt::format("{} superchip{} from '{}' x {} GPUs per package ({}) = {} GPUs", n,
                      n == 1 ? "" : "s", m.count_text, per, m.candidates[0]->header.id, *m.count);
    }
  }

  // A count of systems of several chips counts no chips: the count is unknown, never 1.
  const bool systems =
      std::any_of(words.begin(), words.end(), [](const Word& w) { return In(kSystems, w.text); });
  if (m.count && systems) {
    m.count.reset();
    m.count_text.clear();
    m.count_how.clear();
  }
  return m;
}

}  // namespace rooflint
