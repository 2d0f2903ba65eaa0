// Detecting the local accelerators: the probe runner and one reader per probe's output.
#include "rooflint/local_hardware.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <string_view>
#include <utility>

#include "core/text_util.h"

extern char** environ;

namespace rooflint {
namespace {

using Clock = std::chrono::steady_clock;

// More distinct names than this is not a machine but garbage.
constexpr size_t kMaxModels = 16;
// A longer name is not a GPU's (the longest nvidia-smi prints are under 40 bytes).
constexpr size_t kMaxNameBytes = 96;
// /proc/cpuinfo of a 512-thread machine is under 2 MiB.
constexpr size_t kMaxCpuinfoBytes = 8 << 20;

std::string FindExecutable(const std::string& path, const std::string& name) {
  if (name.empty() || name.find('/') != std::string::npos) return "";
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find(':', start);
    if (end == std::string::npos) end = path.size();
    std::string_view dir(path.data() + start, end - start);
    // A relative folder ("" or "." in PATH) would make the answer depend on the working folder.
    if (!dir.empty() && dir[0] == '/') {
      std::string candidate = std::string(dir) + "/" + name;
      struct stat st;
      if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
          ::access(candidate.c_str(), X_OK) == 0) {
        return candidate;
      }
    }
    start = end + 1;
  }
  return "";
}

// The parent's environment with LC_ALL=C, so that probes print their English labels.
std::vector<std::string> ProbeEnvironment() {
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    std::string_view v(*e);
    if (v.starts_with("LC_ALL=") || v.starts_with("LANG=") || v.starts_with("LANGUAGE=")) continue;
    env.emplace_back(v);
  }
  env.emplace_back("LC_ALL=C");
  return env;
}

std::vector<char*> CStrings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Kills the probe's process group (its children too: a shell script's `sleep` holds the pipe
// open after the shell is gone) and reaps the probe. The group is killed while the probe is not
// yet reaped, so its id cannot have been reused.
void KillAndReap(pid_t pid, int* status) {
  ::kill(-pid, SIGKILL);
  while (::waitpid(pid, status, 0) < 0 && errno == EINTR) {
  }
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && ToLower(a) == ToLower(b);
}

bool HasAlnum(std::string_view s) {
  for (char c : s) {
    if (IsAlnum(c)) return true;
  }
  return false;
}

bool AllDigits(std::string_view s, size_t max_digits) {
  if (s.empty() || s.size() > max_digits) return false;
  for (char c : s) {
    if (!IsDigit(c)) return false;
  }
  return true;
}

// "[N/A]", "[Not Supported]": what nvidia-smi prints for a value it does not have.
bool IsBracketed(std::string_view s) {
  return s.size() >= 3 && s.size() <= 40 && s.front() == '[' && s.back() == ']';
}

// "Enabled", "Disabled", "N/A".
bool IsWord(std::string_view s) {
  if (s.empty() || s.size() > 24) return false;
  for (char c : s) {
    if (!IsAlnum(c) && c != '/') return false;
  }
  return true;
}

// "0x74a1": a PCI id that rocm-smi prints when it has no name for the card.
bool IsPciId(std::string_view s) {
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return false;
  for (char c : s.substr(2)) {
    if (!IsDigit(c) && !((c | 0x20) >= 'a' && (c | 0x20) <= 'f')) return false;
  }
  return true;
}

// A capacity word such as "80GB" or "480 GB" in a GPU name.
bool StatesCapacity(std::string_view name) {
  std::string lower = ToLower(name);
  for (size_t i = 0; i < lower.size(); ++i) {
    if (!IsDigit(lower[i]) || (i > 0 && IsDigit(lower[i - 1]))) continue;
    size_t j = i;
    while (j < lower.size() && IsDigit(lower[j])) ++j;
    if (j < lower.size() && lower[j] == ' ') ++j;
    std::string_view rest = std::string_view(lower).substr(j);
    for (std::string_view unit : {"gib", "gb", "g"}) {
      if (rest.starts_with(unit) && (rest.size() == unit.size() || !IsAlnum(rest[unit.size()]))) {
        return true;
      }
    }
  }
  return false;
}

// A GPU or CPU model and how many of it, in the order first seen.
struct Group {
  std::string name;
  int64_t count = 0;
};

void AddTo(std::vector<Group>& groups, const std::string& name) {
  for (Group& g : groups) {
    if (g.name == name) {
      ++g.count;
      return;
    }
  }
  groups.push_back({name, 1});
}

// "4x NAME", or a mixed system as the matcher reads one: "2x A + 1x B".
std::string GroupsText(const std::vector<Group>& groups) {
  std::string text;
  for (const Group& g : groups) {
    if (!text.empty()) text += " + ";
    text += std::to_string(g.count) + "x " + g.name;
  }
  return text;
}

int64_t Total(const std::vector<Group>& groups) {
  int64_t n = 0;
  for (const Group& g : groups) n += g.count;
  return n;
}

std::string Plural(int64_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string Quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string GroupsList(const std::vector<Group>& groups) {
  std::string out;
  for (const Group& g : groups) {
    if (!out.empty()) out += ", ";
    out += std::to_string(g.count) + "x " + Quoted(g.name);
  }
  return out;
}

// What a probe that answered nothing useful did, for a note; "" when it printed normally.
std::string Failure(const ProbeRun& run, const std::string& name,
                    const LocalHardwareOptions& options) {
  if (!run.started) return name + ": cannot run: " + run.error;
  if (run.timed_out) {
    return name + ": no answer within " + std::to_string(options.probe_time_limit.count()) +
           " ms; stopped";
  }
  if (run.truncated) {
    return name + ": printed more than " + std::to_string(options.probe_output_limit) +
           " bytes; not trusted";
  }
  if (!run.exit_code) return name + ": killed by a signal";
  if (*run.exit_code != 0) {
    std::string first;
    for (std::string_view line : Lines(run.output)) {
      first = PrintableText(line, 80);
      if (!first.empty()) break;
    }
    return name + ": exited with " + std::to_string(*run.exit_code) +
           (first.empty() ? "" : ": " + Quoted(first));
  }
  return "";
}

// The detection in progress: the notes, and the probes not found on the path.
class Detector {
 public:
  Detector(const std::string& path, const LocalHardwareOptions& options)
      : path_(path), options_(options) {}

  LocalHardware& result() { return result_; }

  // Runs a probe; false (with a note) when it is missing or failed.
  bool Run(const std::vector<std::string>& argv, ProbeRun* run) {
    *run = RunProbe(path_, argv, options_);
    if (!run->found) {
      missing_.push_back(argv[0]);
      return false;
    }
    std::string failure = Failure(*run, argv[0], options_);
    if (!failure.empty()) {
      Note(failure);
      return false;
    }
    return true;
  }

  void Note(std::string note) { result_.notes.push_back(std::move(note)); }

  void Answer(std::string text, int64_t count, std::string how) {
    result_.text = std::move(text);
    result_.count = count;
    result_.how = std::move(how);
  }

  void NoteMissing() {
    if (missing_.empty()) return;
    std::string list;
    for (const std::string& m : missing_) list += (list.empty() ? "" : ", ") + m;
    result_.notes.insert(result_.notes.begin(), "not on the path: " + list);
  }

 private:
  const std::string& path_;
  const LocalHardwareOptions& options_;
  LocalHardware result_;
  std::vector<std::string> missing_;
};

// Sets the answer from GPU groups; false (with a note) when there are none or too many.
bool AnswerGpus(Detector& d, const std::string& probe, const std::vector<Group>& groups,
                size_t unread_lines) {
  if (unread_lines > 0) d.Note(probe + ": " + Plural(unread_lines, "line", "lines") + " not read");
  if (groups.empty()) {
    d.Note(probe + ": printed no GPU");
    return false;
  }
  if (groups.size() > kMaxModels) {
    d.Note(probe + ": printed " + std::to_string(groups.size()) + " different names; not trusted");
    return false;
  }
  int64_t total = Total(groups);
  std::string how = probe + ": " + Plural(total, "GPU", "GPUs");
  if (groups.size() == 1) {
    how += " " + Quoted(groups[0].name);
  } else {
    how += ", " + std::to_string(groups.size()) + " models: " + GroupsList(groups);
    d.Note("mixed GPU models: " + GroupsList(groups));
  }
  d.Answer(GroupsText(groups), total, std::move(how));
  return true;
}

bool ProbeNvidia(Detector& d) {
  ProbeRun run;
  bool with_mig = true;
  if (!d.Run(
          {"nvidia-smi", "--query-gpu=name,memory.total,mig.mode.current", "--format=csv,noheader"},
          &run)) {
    // A driver that predates MIG refuses the field; one with no GPU or a hung one is not asked
    // again.
    if (!run.started || run.timed_out || run.truncated || !run.exit_code ||
        run.output.find("No devices were found") != std::string::npos) {
      return false;
    }
    with_mig = false;
    if (!d.Run({"nvidia-smi", "--query-gpu=name,memory.total", "--format=csv,noheader"}, &run)) {
      return false;
    }
  }
  std::vector<Group> groups;
  size_t unread = 0;
  int64_t mig = 0;
  std::string mig_name;
  for (std::string_view line : Lines(run.output)) {
    if (Trim(line).empty()) continue;
    std::vector<std::string_view> fields;
    size_t start = 0;
    for (size_t comma; (comma = line.find(',', start)) != std::string_view::npos;
         start = comma + 1) {
      fields.push_back(line.substr(start, comma - start));
    }
    fields.push_back(line.substr(start));
    size_t columns = with_mig ? 3 : 2;
    if (fields.size() < columns) {
      ++unread;
      continue;
    }
    // The name is every field before the last columns - 1: a comma in a name stays in it.
    size_t name_end = fields.size() - (columns - 1);
    std::string_view raw_name(fields[0].data(), fields[name_end - 1].data() +
                                                    fields[name_end - 1].size() - fields[0].data());
    std::string name = PrintableText(raw_name, kMaxNameBytes + 1);
    std::string memory = PrintableText(fields[name_end]);
    std::string mode = with_mig ? PrintableText(fields.back()) : "";
    // A line is read only when every field has its form: garbage with commas is not a GPU.
    size_t digits = 0;
    while (digits < memory.size() && IsDigit(memory[digits])) ++digits;
    bool mebibytes = digits > 0 && digits <= 7 && memory.substr(digits) == " MiB";
    if (!HasAlnum(name) || name.size() > kMaxNameBytes || !(mebibytes || IsBracketed(memory)) ||
        (with_mig && !IsBracketed(mode) && !IsWord(mode))) {
      ++unread;
      continue;
    }
    if (EqualsIgnoreCase(mode, "Enabled")) {
      ++mig;
      mig_name = name;
    }
    // "81559 MiB": only a name that states no capacity gains it, to tell apart parts the name
    // alone does not (an 8 GB and a 16 GB card of one name).
    if (mebibytes && !StatesCapacity(name)) name += " " + memory.substr(0, digits) + "MiB";
    AddTo(groups, name);
  }
  if (mig > 0) {
    d.Note("nvidia-smi: MIG mode is on for " + std::to_string(mig) + " of " +
           std::to_string(Total(groups)) + " GPUs (" + Quoted(mig_name) +
           "); work runs on MIG instances, slices the GPU's name does not describe");
    return false;
  }
  return AnswerGpus(d, "nvidia-smi", groups, unread);
}

bool ProbeRocmSmi(Detector& d) {
  ProbeRun run;
  if (!d.Run({"rocm-smi", "--showproductname"}, &run)) return false;
  // "GPU[0]\t\t: Card series:\t\tNAME", "GPU[0] : Card Series: NAME": by GPU, in order.
  struct Card {
    std::string index, series, model;
  };
  std::vector<Card> cards;
  for (std::string_view line : Lines(run.output)) {
    std::string_view t = Trim(line);
    if (!t.starts_with("GPU[")) continue;
    size_t close = t.find(']');
    if (close == std::string_view::npos || !AllDigits(t.substr(4, close - 4), 4)) continue;
    std::string index(t.substr(4, close - 4));
    std::string_view rest = Trim(t.substr(close + 1));
    if (!rest.starts_with(':')) continue;
    rest = rest.substr(1);
    size_t colon = rest.find(':');
    if (colon == std::string_view::npos) continue;
    std::string key = ToLower(Trim(rest.substr(0, colon)));
    std::string value = PrintableText(rest.substr(colon + 1), kMaxNameBytes + 1);
    if (key != "card series" && key != "card model") continue;
    Card* card = nullptr;
    for (Card& c : cards) {
      if (c.index == index) card = &c;
    }
    if (card == nullptr) {
      if (cards.size() >= 4096) continue;
      card = &cards.emplace_back(Card{index, "", ""});
    }
    (key == "card series" ? card->series : card->model) = value;
  }
  std::vector<Group> groups;
  size_t unnamed = 0;
  for (const Card& c : cards) {
    auto named = [](const std::string& v) {
      return HasAlnum(v) && !IsPciId(v) && v.size() <= kMaxNameBytes;
    };
    bool series_ok = named(c.series);
    bool model_ok = named(c.model);
    if (series_ok) {
      AddTo(groups, c.series);
    } else if (model_ok) {
      AddTo(groups, c.model);
    } else {
      ++unnamed;
    }
  }
  if (unnamed > 0) {
    d.Note("rocm-smi: " + Plural(unnamed, "GPU", "GPUs") + " named only by PCI id");
  }
  if (unnamed > 0 && !groups.empty()) {
    // A count that leaves out GPUs it cannot name would understate the machine.
    d.Note("rocm-smi: not used, as it names only some GPUs");
    return false;
  }
  return AnswerGpus(d, "rocm-smi", groups, 0);
}

bool ProbeAmdSmi(Detector& d) {
  ProbeRun run;
  if (!d.Run({"amd-smi", "static", "--asic"}, &run)) return false;
  std::vector<Group> groups;
  for (std::string_view line : Lines(run.output)) {
    std::string_view t = Trim(line);
    if (!t.starts_with("MARKET_NAME:")) continue;
    std::string name = PrintableText(t.substr(12), kMaxNameBytes + 1);
    if (HasAlnum(name) && name.size() <= kMaxNameBytes && Total(groups) < 4096) {
      AddTo(groups, name);
    }
  }
  return AnswerGpus(d, "amd-smi", groups, 0);
}

bool ProbeApple(Detector& d) {
  ProbeRun run;
  if (!d.Run({"sysctl", "-n", "machdep.cpu.brand_string", "hw.memsize"}, &run)) return false;
  std::vector<std::string_view> lines = Lines(run.output);
  std::string brand = lines.empty() ? "" : PrintableText(lines[0], 80);
  // "Apple M2 Ultra"; early macOS on an M1 said "Apple processor", naming no chip.
  if (!brand.starts_with("Apple M") || brand.size() < 8 || !IsDigit(brand[7])) {
    d.Note("sysctl: " + Quoted(brand) + " is not an Apple silicon chip name");
    return false;
  }
  std::string text = brand;
  std::string how = "sysctl: " + Quoted(brand);

  ProbeRun profile;
  if (d.Run({"system_profiler", "SPDisplaysDataType"}, &profile)) {
    // "Total Number of Cores: 76" under "Chipset Model: Apple M2 Ultra".
    bool apple_gpu = false;
    std::string cores;
    for (std::string_view line : Lines(profile.output)) {
      std::string_view t = Trim(line);
      if (t.starts_with("Chipset Model:")) {
        apple_gpu = Trim(t.substr(14)).starts_with("Apple");
      } else if (apple_gpu && t.starts_with("Total Number of Cores:")) {
        std::string_view n = Trim(t.substr(22));
        if (AllDigits(n, 4) && n != "0") cores = n;
        break;
      }
    }
    if (!cores.empty()) {
      text += " " + cores + "-Core GPU";
      how += "; system_profiler: " + cores + " GPU cores";
    } else {
      d.Note("system_profiler: no GPU core count");
    }
  }

  std::string_view memsize = lines.size() > 1 ? Trim(lines[1]) : std::string_view();
  if (AllDigits(memsize, 19)) {
    // Apple's "192GB" is 192 GiB: hw.memsize is 206158430208.
    double gib = std::stod(std::string(memsize)) / (1024.0 * 1024.0 * 1024.0);
    if (gib >= 1) {
      std::string gb = std::to_string(std::llround(gib)) + "GB";
      text += " " + gb;
      how += ", hw.memsize " + std::string(memsize) + " (" + gb + ")";
    }
  } else {
    d.Note("sysctl: no hw.memsize");
  }
  d.Answer(std::move(text), 1, std::move(how));
  return true;
}

// "Intel(R) Xeon(R) Platinum 8480+" -> "Intel Xeon Platinum 8480+"; "AMD EPYC 9654 96-Core
// Processor" -> "AMD EPYC 9654".
std::string CpuName(std::string_view raw) {
  std::string s = PrintableText(raw, 120);
  for (std::string_view mark : {"(R)", "(r)", "(TM)", "(tm)"}) {
    for (size_t at; (at = s.find(mark)) != std::string::npos;) s.erase(at, mark.size());
  }
  if (size_t at = s.find(" @ "); at != std::string::npos) s.erase(at);
  std::string out;
  size_t start = 0;
  while (start < s.size()) {
    size_t end = s.find(' ', start);
    if (end == std::string::npos) end = s.size();
    std::string_view word(s.data() + start, end - start);
    std::string lower = ToLower(word);
    bool core_count = lower.ends_with("-core") && AllDigits(lower.substr(0, lower.size() - 5), 4);
    if (!word.empty() && lower != "cpu" && lower != "processor" && !core_count) {
      out += (out.empty() ? "" : " ") + std::string(word);
    }
    start = end + 1;
  }
  return out;
}

bool ProbeCpuinfo(Detector& d, const std::string& cpuinfo_path) {
  std::string text;
  int fd = ::open(cpuinfo_path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  struct stat st;
  if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    int err = fd < 0 ? errno : ENODEV;
    if (fd >= 0) ::close(fd);
    d.Note("cpuinfo: cannot read " + cpuinfo_path + ": " + std::strerror(err));
    return false;
  }
  // Read to the end rather than by st_size: a /proc file states size 0.
  char buf[16384];
  bool cut = false;
  while (true) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    if (text.size() + static_cast<size_t>(n) > kMaxCpuinfoBytes) {
      cut = true;
      break;
    }
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  if (cut) d.Note("cpuinfo: not read past " + std::to_string(kMaxCpuinfoBytes) + " bytes");

  // Each processor's block states its model name, then its physical id (socket).
  std::vector<std::pair<std::string, std::string>> sockets;  // id, model
  std::string model, raw_model;
  for (std::string_view line : Lines(text)) {
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view key = Trim(line.substr(0, colon));
    std::string_view value = Trim(line.substr(colon + 1));
    if (key == "model name") {
      model = CpuName(value);
      if (raw_model.empty()) raw_model = PrintableText(value, 120);
    } else if (key == "physical id" && AllDigits(value, 6)) {
      bool seen = false;
      for (const auto& s : sockets) seen = seen || s.first == value;
      if (!seen && sockets.size() < 4096) sockets.emplace_back(std::string(value), model);
    }
  }
  if (!HasAlnum(model)) {
    d.Note("cpuinfo: names no CPU model");
    return false;
  }
  std::vector<Group> groups;
  if (sockets.empty()) {
    d.Note("cpuinfo: states no physical id; counted one socket");
    AddTo(groups, model);
  }
  for (const auto& s : sockets) AddTo(groups, HasAlnum(s.second) ? s.second : model);
  if (groups.size() > kMaxModels) {
    d.Note("cpuinfo: " + std::to_string(groups.size()) + " different CPU models; not trusted");
    return false;
  }
  int64_t total = Total(groups);
  std::string how = "cpuinfo: " + Plural(total, "socket", "sockets");
  if (groups.size() == 1) {
    how += " " + Quoted(raw_model);
  } else {
    how += ": " + GroupsList(groups);
    d.Note("mixed CPU models: " + GroupsList(groups));
  }
  d.Answer(GroupsText(groups), total, std::move(how));
  return true;
}

}  // namespace

std::string PrintableText(std::string_view raw, size_t max_bytes) {
  std::string out;
  bool space = false;
  for (size_t i = 0; i < raw.size();) {
    unsigned char c = static_cast<unsigned char>(raw[i]);
    if (c == 0x1b) {
      // An escape sequence: ESC [ parameters final-byte, or ESC and one character.
      ++i;
      if (i < raw.size() && raw[i] == '[') {
        ++i;
        while (i < raw.size() && !(raw[i] >= 0x40 && raw[i] <= 0x7e)) ++i;
      }
      if (i < raw.size()) ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      ++i;
      continue;
    }
    size_t len = c < 0x80 ? 1 : Utf8Length(raw, i);
    bool control = c < 0x20 || c == 0x7f ||
                   (len == 2 && c == 0xc2 && static_cast<unsigned char>(raw[i + 1]) < 0xa0);
    if (len == 0 || control) {
      i += len == 0 ? 1 : len;
      continue;
    }
    if (out.size() + (space ? 1 : 0) + len > max_bytes) break;
    if (space) out += ' ';
    space = false;
    out.append(raw.substr(i, len));
    i += len;
  }
  return out;
}

ProbeRun RunProbe(const std::string& path, const std::vector<std::string>& argv,
                  const LocalHardwareOptions& options) {
  ProbeRun run;
  if (argv.empty()) return run;
  std::string exe = FindExecutable(path, argv[0]);
  if (exe.empty()) return run;
  run.found = true;

  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    run.error = std::strerror(errno);
    return run;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group, to be killed whole; no blocked signals, and SIGPIPE at its default
  // so that a probe still writing when the reading stops ends.
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);

  std::vector<std::string> args = argv;
  args[0] = exe;
  std::vector<char*> cargs = CStrings(args);
  std::vector<std::string> env = ProbeEnvironment();
  std::vector<char*> cenv = CStrings(env);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, exe.c_str(), &actions, &attr, cargs.data(), cenv.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    run.error = std::strerror(rc);
    return run;
  }
  run.started = true;

  const Clock::time_point deadline = Clock::now() + options.probe_time_limit;
  auto remaining_ms = [&] {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    return left.count() < 0 ? 0 : static_cast<int>(std::min<int64_t>(left.count(), 1000000));
  };
  char buf[16384];
  bool eof = false;
  int status = 0;
  bool exited = false;  // exited and not reaped, or reaped below
  while (!run.timed_out && !run.truncated && !exited) {
    if (!eof) {
      int ms = remaining_ms();
      if (ms == 0) {
        run.timed_out = true;
        break;
      }
      struct pollfd p = {fds[0], POLLIN, 0};
      int n = ::poll(&p, 1, ms);
      if (n < 0 && errno != EINTR) break;
      if (n <= 0) continue;
      ssize_t r = ::read(fds[0], buf, sizeof buf);
      if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (r <= 0) {
        eof = true;
        continue;
      }
      size_t room = options.probe_output_limit - run.output.size();
      run.output.append(buf, std::min(room, static_cast<size_t>(r)));
      if (static_cast<size_t>(r) > room) run.truncated = true;
    } else {
      // Output is complete; wait for the exit, without reaping, so the group id stays ours.
      siginfo_t info;
      info.si_pid = 0;
      int w = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
      // ECHILD: a program that ignores SIGCHLD has its children reaped for it, status unknown.
      if ((w == 0 && info.si_pid == pid) || (w < 0 && errno == ECHILD)) {
        exited = true;
        break;
      }
      if (remaining_ms() == 0) {
        run.timed_out = true;
        break;
      }
      ::poll(nullptr, 0, 5);
    }
  }
  ::close(fds[0]);
  // Kills what the probe left running (or the probe itself), then reaps it.
  KillAndReap(pid, &status);
  if (exited && WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

LocalHardware DetectLocalHardware(const std::string& path, const std::string& cpuinfo_path,
                                  const LocalHardwareOptions& options) {
  Detector d(path, options);
  bool found = ProbeNvidia(d) || ProbeRocmSmi(d) || ProbeAmdSmi(d) || ProbeApple(d) ||
               ProbeCpuinfo(d, cpuinfo_path);
  d.NoteMissing();
  if (!found) d.Note("no probe answered: the hardware is unknown");
  return std::move(d.result());
}

}  // namespace rooflint
