// The hardware resolver on real hardware strings, against the bundled corpus. Every table under
// tests/hardware-strings/ (tab-separated: text, expected ids or "-" or "cpu", stated count,
// source) must hold three properties: no text ever resolves to a part it does not name, at
// least 95% of the texts that name corpus parts resolve to exactly those parts, and every
// stated count is read.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "rooflint/corpus.h"
#include "rooflint/hardware_match.h"

namespace rooflint {
namespace {

namespace fs = std::filesystem;

struct Row {
  std::string where;  // file:line
  std::string text;
  std::string expected;  // as written: ids, "-" or "cpu"
  std::vector<std::string> ids;
  std::string count;
  std::string source;
};

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  if (!s.empty() && s.back() == sep) out.emplace_back();
  return out;
}

std::vector<Row> LoadTables(std::string* problems) {
  fs::path dir = fs::path(ROOFLINT_TEST_CORPORA).parent_path() / "hardware-strings";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".tsv") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Row> rows;
  for (const fs::path& f : files) {
    std::ifstream in(f);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      std::vector<std::string> cols = Split(line, '\t');
      std::string where = f.filename().string() + ":" + std::to_string(n);
      if (cols.size() < 4 || cols[0].empty() || cols[1].empty() || cols[3].empty()) {
        *problems += where + ": want text, ids, count, source (tab-separated)\n";
        continue;
      }
      Row r{where, cols[0], cols[1], {}, cols[2], cols[3]};
      if (r.expected != "-" && r.expected != "cpu") {
        for (const std::string& id : Split(r.expected, ',')) {
          if (!id.empty()) r.ids.push_back(id);
        }
        std::sort(r.ids.begin(), r.ids.end());
      }
      rows.push_back(std::move(r));
    }
  }
  return rows;
}

class HardwareStringsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::vector<std::string> roots = {ROOFLINT_BUNDLED_DATA};
    corpus_ = new Corpus(LoadCorpus(roots));
    index_ = new HardwareIndex(corpus_->accelerators);
  }
  static void TearDownTestSuite() {
    delete index_;
    delete corpus_;
  }
  static std::vector<std::string> Ids(const HardwareMatch& m) {
    std::vector<std::string> out;
    for (const Accelerator* a : m.candidates) out.push_back(a->header.id.str());
    std::sort(out.begin(), out.end());
    return out;
  }
  static std::string Join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : ",") + s;
    return out.empty() ? "-" : out;
  }

  static Corpus* corpus_;
  static HardwareIndex* index_;
};

Corpus* HardwareStringsTest::corpus_ = nullptr;
HardwareIndex* HardwareStringsTest::index_ = nullptr;

TEST_F(HardwareStringsTest, TablesAreWellFormed) {
  std::string problems;
  std::vector<Row> rows = LoadTables(&problems);
  EXPECT_EQ(problems, "");
  EXPECT_FALSE(rows.empty());
}

TEST_F(HardwareStringsTest, NeverAWrongPart) {
  std::string problems;
  std::string wrong;
  for (const Row& r : LoadTables(&problems)) {
    HardwareMatch m = index_->Match(r.text);
    std::vector<std::string> got = Ids(m);
    bool subset = std::includes(r.ids.begin(), r.ids.end(), got.begin(), got.end());
    if (!subset) {
      wrong += r.where + ": '" + r.text + "' -> " + Join(got) + " (expected " + r.expected + ")\n";
    }
    if (r.expected == "cpu" && !m.cpu_only) {
      wrong += r.where + ": '" + r.text + "' is not read as a CPU-only system\n";
    }
    if (r.expected != "cpu" && m.cpu_only) {
      wrong += r.where + ": '" + r.text + "' is read as a CPU-only system\n";
    }
  }
  EXPECT_EQ(wrong, "");
}

TEST_F(HardwareStringsTest, AlmostEveryNamedPartResolvesExactly) {
  std::string problems;
  int named = 0, exact = 0;
  std::string misses;
  for (const Row& r : LoadTables(&problems)) {
    if (r.ids.empty()) continue;
    ++named;
    std::vector<std::string> got = Ids(index_->Match(r.text));
    if (got == r.ids) {
      ++exact;
      continue;
    }
    std::string absent;
    for (const std::string& id : r.ids) {
      if (corpus_->FindAccelerator(id) == nullptr) absent += " " + id;
    }
    misses += r.where + ": '" + r.text + "' -> " + Join(got) + " (expected " + r.expected +
              (absent.empty() ? "" : "; not in the corpus:" + absent) + ")\n";
  }
  std::cout << exact << " of " << named << " texts that name parts resolve exactly\n" << misses;
  EXPECT_GE(exact * 100, named * 95) << misses;
}

TEST_F(HardwareStringsTest, EveryStatedCountIsRead) {
  std::string problems;
  std::string wrong;
  for (const Row& r : LoadTables(&problems)) {
    HardwareMatch m = index_->Match(r.text);
    std::string got;
    if (r.expected == "cpu") {
      // A CPU-only row's count, when stated, is of its host CPUs.
      if (m.count) {
        got = "accelerators " + std::to_string(*m.count);
      } else if (!r.count.empty() && m.host_cpus) {
        got = std::to_string(*m.host_cpus);
      }
    } else if (m.count) {
      got = std::to_string(*m.count);
    }
    if (got != r.count) {
      wrong += r.where + ": '" + r.text + "' count " + (got.empty() ? "none" : got) +
               " (expected " + (r.count.empty() ? "none" : r.count) + ")\n";
    }
  }
  EXPECT_EQ(wrong, "");
}

// The parts published claims of 2025-2026 name resolve from the short names people write, to
// that part alone: a new part takes no text from its neighbours (B300 stays the HGX part, GB200
// and MI355X keep theirs), and a generation the corpus lacks (Trainium, Inferentia) still
// resolves to nothing. Counts written beside the new names are read as for any other part.
TEST_F(HardwareStringsTest, TheHardwareOfTodayResolvesFromTheNamesPeopleWrite) {
  struct Case {
    const char* text;
    const char* ids;  // as Join writes them: sorted, comma-separated, "-" for none
    int count;        // 0 when the text states none
  };
  const Case cases[] = {
      {"Jetson AGX Thor", "nvidia-jetson-agx-thor", 0},
      {"NVIDIA Jetson AGX Thor Developer Kit", "nvidia-jetson-agx-thor", 0},
      {"GB300", "nvidia-gb300", 0},
      {"NVIDIA GB300 NVL72", "nvidia-gb300", 0},
      {"4x GB300", "nvidia-gb300", 4},
      {"MI350X", "amd-mi350x", 0},
      {"8x AMD Instinct MI350X", "amd-mi350x", 8},
      {"TPU v6e", "google-tpu-v6e", 0},
      {"TPU v7", "google-tpu7x", 0},
      {"TPU7x", "google-tpu7x", 0},
      {"Ironwood", "google-tpu7x", 0},
      {"Trainium2", "aws-trainium2", 0},
      {"16x Trainium2", "aws-trainium2", 16},
      {"AWS Inferentia2", "aws-inferentia2", 0},
      {"Intel Arc Pro B70", "intel-arc-pro-b70", 0},
      // Neighbours keep their names.
      {"B300", "nvidia-b300-sxm", 0},
      {"GB200", "nvidia-gb200", 0},
      {"MI355X", "amd-mi355x", 0},
      {"Arc Pro B60", "intel-arc-pro-b60", 0},
      // Generations without a record stay unresolved.
      {"Trainium", "-", 0},
      {"Inferentia", "-", 0},
  };
  std::string wrong;
  for (const Case& c : cases) {
    HardwareMatch m = index_->Match(c.text);
    std::string got = Join(Ids(m));
    int count = m.count ? static_cast<int>(*m.count) : 0;
    if (got != c.ids || count != c.count) {
      wrong += std::string("'") + c.text + "' -> " + got + " x" + std::to_string(count) +
               " (expected " + c.ids + " x" + std::to_string(c.count) + ")\n";
    }
  }
  EXPECT_EQ(wrong, "");
}

}  // namespace
}  // namespace rooflint
