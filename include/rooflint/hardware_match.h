// Resolves a benchmark's free-text hardware ("1x NVIDIA A100 40GB", "DGX-H100_H100-SXM-80GBx8",
// "Apple M2 Ultra 76-Core GPU 192GB") to the accelerator records it may name, and reads the
// count it states. It never picks between parts the text does not tell apart, and never
// answers with the nearest part when the corpus lacks the one the text names.
//
// The rules, on the words of the text (case-insensitive; vendor and filler words ignored):
//  - A part is named when every identity word of one of its names or aliases is in the text.
//    Identity words are model numbers ("a100", "4090", "mi300x", "m3", "v5e") and tier words
//    ("ti", "super", "xt", "xtx", "gre", "d", "max", "pro", "ultra", "ada", "sff", "lite",
//    "laptop", "mobile", ...). So text that under-specifies yields every part it may name
//    ("A100 40GB": both 40GB forms), and a tier the text omits is never assumed ("RTX 5060" is
//    not the 5060 Ti, "RTX 4090" not the 4090 D, "M3" not an M3 Max). One exception: a model
//    number of letters and digits that no other part's names hold or begin with ("B60",
//    "8060S") names its part without the name's tier words ("ARC B60": the Arc Pro B60).
//  - Variant words are not required but must hold when stated: "H100" names the SXM5, PCIe and
//    NVL parts, "H100 NVL" the NVL part only. Edition words (workstation, server, max-q) are
//    compared as a set with the part's: "RTX PRO 6000" names every edition, "... Max-Q
//    Workstation Edition" that one only, and a part whose names state no edition is not ruled
//    out by one ("MaxQ" in an MLPerf system name is a power category).
//  - Words that appear in no part's name or alias (codenames, partition modes, power, system,
//    cloud-instance and vendor names) neither name nor exclude a part.
//  - A word the text states that contradicts a part's own facts removes that part:
//      * a model number or tier word that none of the part's names holds ("RTX 4090 D" is not
//        the 4090; "H200 NVL" is not the H200 SXM);
//      * a capacity ("40GB", "81559MiB", "144G") more than the GB/GiB slack away from the
//        part's memory (for a system-on-chip: above its largest memory; for a dual-GPU card:
//        also its total), unless the part's own names spell it; a capacity followed by "RAM"
//        bounds only a system-on-chip, one followed by "SSD" or "disk" nothing;
//      * a core count ("40-core GPU", "16 CPU") that the part's names state otherwise;
//      * a form factor (SXM, PCIe, OAM) other than the part's;
//      * a memory type (HBM3, GDDR6X) other than the one its names state.
//  - Among the parts left, text equal to one part's alias names that part alone, and parts
//    whose names confirm more of the text's words win over parts that merely do not
//    contradict them ("H100 80GB HBM3": the SXM5, whose alias states HBM3).
//  - A CPU socket with a record (form factor "cpu": the Xeon 6980P) is a part like any other,
//    and "2x" before it counts sockets. Named beside an accelerator it is the host: it leaves
//    the candidates, and its count is one of host CPUs. A CPU's brand words ("xeon", "epyc")
//    never make a text or a count one of accelerators.
//  - Text that names nothing in the corpus matches nothing. Text that names two different
//    parts matches nothing as a whole; when two or more of its pieces (split at counts and at
//    , + / ; | and brackets) name parts, it is a mixed system and names all of them.
#ifndef ROOFLINT_HARDWARE_MATCH_H_
#define ROOFLINT_HARDWARE_MATCH_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "rooflint/records.h"

namespace rooflint {

// A hash for maps keyed by std::string that a std::string_view looks up without a copy (with
// std::equal_to<>): the hardware index's words, and a resolver's hardware texts.
struct TextHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

namespace hardware_internal {
struct Word;  // a word of a hardware text after normalisation
}  // namespace hardware_internal

// A fraction of one part that a hardware text names: an NVIDIA MIG profile ("A100 1g.10gb",
// "H100 MIG 3g.40gb") or an AMD compute partition mode ("MI300X CPX") with its memory mode
// ("NPS4"). A record on a slice gets the slice's share of its part (ShareOf).
struct PartitionText {
  std::string text;            // as written: "1g.10gb", "CPX", "CPX NPS4"
  int64_t mig_compute = 0;     // a MIG profile's compute slices (the 1 of "1g.10gb"); 0: none
  double mig_memory = 0;       // its memory in bytes ("10gb": 10e9)
  int64_t amd_partitions = 0;  // DPX 2, QPX 4, CPX 8; 0 when none (SPX is the whole part)
  std::string nps;             // the memory mode as written ("NPS4"), "" when not stated
};

// The share of `part` a partition holds: its peaks, bandwidth and memory scale by these. A
// share no source states is the whole part (1), the generous side, and `how` says so.
//  - MIG (NVIDIA MIG user guide, "Supported MIG Profiles" and its terminology): a memory slice
//    is an eighth of the GPU's memory, capacity and bandwidth alike; a profile's memory share
//    is its capacity over the part's, rounded up to eighths ("1g.10gb" of an 80 GB part: 1/8;
//    "3g.40gb": 4/8), and its bandwidth share the same. Its compute share is g/7 of the SMs on
//    seven-slice parts (A100, H100, H200, B200), and on parts of four or two slices (A30, RTX
//    PRO Blackwell) the memory share: the larger of the two is taken.
//  - AMD (AMD SMI "GPU partitioning"): an MI300X holds 8 XCDs, and a compute partition mode
//    splits them evenly: SPX 1, DPX 2, QPX 4, CPX 8 partitions, so CPX is 1/8 of the compute.
//    What bandwidth and memory one partition reaches under an NPS mode is not taken from a
//    source: the whole part's. Other AMD parts: the whole part.
struct PartitionShare {
  double compute = 1;
  double bandwidth = 1;
  double memory = 1;
  std::string how;
};
PartitionShare ShareOf(const PartitionText& p, const Accelerator& part);

struct HardwareMatch {
  // In corpus order; empty when nothing matches. A mixed system lists each part it names.
  std::vector<const Accelerator*> candidates;
  bool exact = false;  // one candidate, and the text is exactly one of its names or aliases

  // The accelerators the text counts, when it states a count: "8x", "x8", "8 x", "3090 24GB * 2",
  // "H100-SXM-80GBx8", "4xNVIDIA_L40S", "4x8xH100" (32), "dual", "quad", "B60 Dual" (a card of
  // two GPUs), "GPU 0,1,2,3" (4), "num_chips=4", "tpu-v5e-4", "L4-1". "1x" is a count of 1.
  // A TPU slice name counts chips: "TPU v5p-8" and "TPU v4-8" name 8 TensorCores, 4 chips.
  // A cloud machine type whose parts its provider states counts them ("p5.48xlarge": 8 H100
  // 80GB; "g5.12xlarge": 4 A10G, never 12); another instance name counts nothing.
  // The counts of a mixed system are summed. A text that counts superchip packages of a part
  // with gpus_per_package > 1 ("2x GB200 Grace Blackwell Superchip") is converted to GPUs (4).
  // Capacities, core counts, model numbers, PCIe lane widths and MIG instances are not counts,
  // nor is a count of systems of several chips named as such ("2x GroqRack", "GroqNode",
  // "SambaRack": unset, the chips they hold not being stated).
  // Unset when the text states no count.
  std::optional<int64_t> count;
  std::string count_text;  // the words that state it, as written ("8x", "x8"); "" when none
  std::string count_how;   // "8 from '8x'", or the package conversion; "" when no count
  // How a count was read other than as written, "" when as written: a TPU slice name's number
  // in chips ("v5p-8" is 8 TensorCores = 4 chips; "v5litepod-8" is 8 chips; "tpu7x-8" is
  // taken as 8 chips, an assumption the note names, since Google's page does not say).
  std::string count_note;
  bool count_assumed = false;  // the note is an assumption (the larger reading), not a source
  // Host CPUs the text counts ("87xMI355X_22xEPYC9575F": 22); unset when it counts none.
  std::optional<int64_t> host_cpus;
  // A MIG profile or partition mode the text names: the figure ran on a slice of a part.
  std::optional<PartitionText> partition;
  // The text names CPUs (a CPU model, an Intel codename such as "EMR" or "GNR", sockets such
  // as "2S") and no accelerator: a CPU-only system, not an unknown accelerator.
  bool cpu_only = false;
};

// Word tokens of a hardware name, lowercased, with vendor and filler words and counts ("1x",
// "8x", a count glued to a name as in "4xNVIDIA" or "80GBx8") dropped, "40 GB" joined to
// "40gb", "76-Core GPU" to "76coregpu", "sxm2".."sxm5" folded to "sxm", "PCI-E" to "pcie",
// "Max-Q" to "maxq", "Gaudi 2" to "gaudi2", and "RTX4090" split to "rtx" "4090", "4060Ti" to
// "4060" "ti". Sorted and unique.
std::vector<std::string> HardwareTokens(std::string_view text);

class HardwareIndex {
 public:
  // `parts` must outlive the index.
  explicit HardwareIndex(std::span<const Accelerator> parts);

  // The parts `text` may name under the rules above, and the count it states.
  HardwareMatch Match(std::string_view text) const;

 private:
  struct Name {
    std::vector<int> identity;  // token ids that must all be in the text, sorted
    std::vector<int> tokens;    // every token id of the name, sorted
    bool alias = false;
  };
  struct Entry {
    const Accelerator* part;
    std::vector<Name> names;
    std::vector<int> words;  // every token id of every name, sorted
    // "30-core GPU" in any name: the count, and 'g' (GPU), 'c' (CPU) or '?' (not said).
    std::vector<std::pair<int64_t, char>> core_counts;
    double memory = 0;  // bytes: the record's memory, else a name's "40GB"
    bool states_memory_type = false;
    std::vector<int> editions;  // edition word ids of its names, sorted
  };
  int Id(std::string_view token) const;  // -1 when no name holds it
  // The parts the words name, in corpus order; `card` is the GPUs per stated card ("Dual": 2),
  // whose memory a capacity may total. Sets *exact.
  std::vector<const Accelerator*> Resolve(std::span<const hardware_internal::Word> words,
                                          int64_t card, bool* exact) const;

  std::unordered_map<std::string, int, TextHash, std::equal_to<>> vocabulary_;
  std::vector<uint8_t> kinds_;  // by token id
  std::vector<Entry> entries_;
};

}  // namespace rooflint

#endif  // ROOFLINT_HARDWARE_MATCH_H_
