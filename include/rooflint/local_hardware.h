// Reads the accelerators of the machine rooflint runs on (`--hardware auto`) as hardware text in
// the form HardwareIndex::Match reads ("4x NVIDIA H100 80GB HBM3", "Apple M2 Ultra 76-Core GPU
// 192GB", "2x NVIDIA A100 80GB PCIe + 1x NVIDIA GeForce RTX 4090 24564MiB").
//
// Probes, in order; the first that answers wins, and each that fails says why in `notes`:
//  1. nvidia-smi --query-gpu=name,memory.total,mig.mode.current --format=csv,noheader (again
//     without mig.mode.current when a driver too old to know it refuses the query). A GPU's
//     memory is appended as "81559MiB" only when its name states no capacity. A GPU in MIG mode
//     runs work on instances smaller than the GPU its name describes, so any MIG GPU makes the
//     probe give way to the next.
//  2. rocm-smi --showproductname ("Card Series", else "Card Model" when the series is a bare
//     PCI id), then amd-smi static --asic (MARKET_NAME) when rocm-smi gives nothing.
//  3. Apple silicon: sysctl -n machdep.cpu.brand_string hw.memsize, and the GPU core count from
//     system_profiler SPDisplaysDataType.
//  4. A cpuinfo file (a CPU-only machine): its model name, counted once per physical id.
//
// Probe output is untrusted. A probe is run without a shell (posix_spawn of the executable found
// in `path`, its absolute folders only), with stdin from /dev/null, stderr discarded, LC_ALL=C,
// in its own process group; its stdout is read through a pipe up to 64 KiB and for at most the
// time limit, after which the group is killed and the probe counts as failed. An answer from
// output cut at 64 KiB is not trusted. Names keep printable text only: escape sequences, control
// characters and bytes that are not UTF-8 are dropped, runs of spaces joined, length capped.
#ifndef ROOFLINT_LOCAL_HARDWARE_H_
#define ROOFLINT_LOCAL_HARDWARE_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rooflint {

struct LocalHardware {
  // Hardware text as the matcher reads it; "" when no probe answered.
  std::string text;
  // Accelerators found (for a CPU-only machine, its sockets); unset when none.
  std::optional<int64_t> count;
  // Which probe answered and what it printed, short: "nvidia-smi: 4 GPUs 'NVIDIA H100 80GB HBM3'".
  std::string how;
  // Probes not on the path, failed, timed out or set aside (MIG), mixed models, and the like.
  std::vector<std::string> notes;
};

struct LocalHardwareOptions {
  std::chrono::milliseconds probe_time_limit{5000};  // per probe run
  size_t probe_output_limit = 64 * 1024;             // bytes of stdout read from one probe
};

// `path` is the list of folders (':'-separated, as PATH) searched for the probes; tests give a
// folder of stand-in scripts. `cpuinfo_path` is read for the CPU-only answer.
LocalHardware DetectLocalHardware(const std::string& path,
                                  const std::string& cpuinfo_path = "/proc/cpuinfo",
                                  const LocalHardwareOptions& options = {});

// One probe run, for tests of the runner itself.
struct ProbeRun {
  bool found = false;            // the executable is in one of `path`'s folders
  bool started = false;          // posix_spawn succeeded
  bool timed_out = false;        // killed at the time limit
  bool truncated = false;        // stdout went past the output limit; the rest was not read
  std::optional<int> exit_code;  // unset when killed by a signal or not started
  std::string output;            // stdout as printed, at most the output limit
  std::string error;             // why it did not start
};
ProbeRun RunProbe(const std::string& path, const std::vector<std::string>& argv,
                  const LocalHardwareOptions& options = {});

// `raw` as printable text: ANSI escape sequences, control characters and invalid UTF-8 dropped,
// whitespace runs joined to one space, trimmed, at most `max_bytes` (cut at a character).
std::string PrintableText(std::string_view raw, size_t max_bytes = 160);

}  // namespace rooflint

#endif  // ROOFLINT_LOCAL_HARDWARE_H_
