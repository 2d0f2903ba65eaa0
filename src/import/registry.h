// The importer table: one row per format. Adding an importer is a new src/import/<format>.cc
// defining its detection and entry point, one row in registry.cc, the file in CMakeLists.txt,
// a section of docs/importers.md, and a test with real samples (docs/ARCHITECTURE.md).
#ifndef ROOFLINT_IMPORT_REGISTRY_H_
#define ROOFLINT_IMPORT_REGISTRY_H_

#include <span>
#include <string_view>

#include "import/common.h"
#include "rooflint/import.h"

namespace rooflint::import {

struct Importer {
  ImporterInfo info;
  // True when `text` (a whole file) is this tool's output. `auto` asks the rows in table
  // order, so a format whose files the others could mistake comes first.
  bool (*detect)(std::string_view text);
  // True for a file name this importer takes from a folder given on the command line
  // (nullptr: it reads only files given by name).
  bool (*from_folder)(std::string_view file_name);
  // Exactly one of the two entry points is set: `each` imports one file on its own; `set`
  // imports every file of the format at once (MLPerf pairs logs and system descriptions).
  void (*each)(const ImportFile& file, const Context& ctx, ImportResult& out);
  void (*set)(std::span<const ImportFile> files, const Context& ctx, ImportResult& out);
};

// Every row, in detection order.
std::span<const Importer> ImporterTable();
// The row named `name`, or nullptr ("auto" is no row).
const Importer* FindImporter(std::string_view name);

}  // namespace rooflint::import

#endif  // ROOFLINT_IMPORT_REGISTRY_H_
