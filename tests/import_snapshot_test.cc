// Snapshots of what the importers write: every sample under tests/import-samples/ imported with
// no flag (`auto`), its records and diagnostics compared byte for byte with
// tests/golden/import/<tool>/<sample>.txt, so any change in what an importer writes shows as a
// diff. ROOFLINT_UPDATE_GOLDEN=1 rewrites them (review the diff before committing). A sample
// is imported on its own; the MLPerf folder is imported whole, as its runs pair a summary with a
// detail log and a systems JSON. A source's date that is the import date is written as such.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "import/common.h"
#include "import_test_util.h"

namespace rooflint::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kSnapshotSamples = ROOFLINT_IMPORT_SAMPLES;
const fs::path kSnapshotGolden = fs::path(ROOFLINT_TESTS_DIR) / "golden" / "import";

// The records and diagnostics of importing `paths`, with the samples folder left out of paths.
std::string Snapshot(const std::vector<std::string>& paths) {
  std::vector<Diagnostic> read_errors;
  std::vector<ImportFile> files = ReadImportPaths(paths, read_errors);
  std::string prefix = kSnapshotSamples.string() + "/";
  for (ImportFile& f : files) {
    if (f.path.starts_with(prefix)) f.path = f.path.substr(prefix.size());
  }
  ImportResult r = Import(kAutoFormat, files, {}, Bundled());
  std::string out;
  const std::string today = fmt::format("date = \"{}\"\n", import::Today());
  for (const ImportedRecord& rec : r.records) {
    std::string toml = rec.toml;
    if (rec.kind == RecordKind::kSource) {
      if (size_t at = toml.find(today); at != std::string::npos) {
        toml.replace(at, today.size(), "date = \"<the import date>\"\n");
      }
    }
    out += fmt::format("# {} {}\n{}\n", KindName(rec.kind), rec.id, toml);
  }
  for (const Diagnostic& d : read_errors) out += Render(d);
  for (const Diagnostic& d : r.diagnostics) out += Render(d);
  return out;
}

void CheckSnapshot(const fs::path& name, const std::string& actual) {
  fs::path path = kSnapshotGolden / name;
  path += ".txt";
  const char* update = std::getenv("ROOFLINT_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path << " is missing: run with ROOFLINT_UPDATE_GOLDEN=1 to write it";
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(actual, expected.str()) << "what the importers write for " << name
                                    << " changed; if intended, rerun with ROOFLINT_UPDATE_GOLDEN=1";
}

TEST(ImportSnapshot, EverySampleImportsAsItsSnapshotSays) {
  std::vector<fs::path> samples;
  for (const auto& tool : fs::directory_iterator(kSnapshotSamples)) {
    if (!tool.is_directory()) continue;
    if (tool.path().filename() == "mlperf") {
      samples.push_back(tool.path());
      continue;
    }
    for (const auto& f : fs::directory_iterator(tool.path())) {
      if (f.is_regular_file() && f.path().filename() != "SOURCES.md") samples.push_back(f.path());
    }
  }
  std::sort(samples.begin(), samples.end());
  ASSERT_GE(samples.size(), 40u);
  for (const fs::path& sample : samples) {
    fs::path name = fs::relative(sample, kSnapshotSamples);
    if (fs::is_directory(sample)) name /= "all";
    CheckSnapshot(name, Snapshot({sample.string()}));
  }
}

}  // namespace
}  // namespace rooflint::testing
