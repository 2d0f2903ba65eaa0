// synthetic_corpus N FOLDER [mixed|findings]: writes the benchmark generator's corpus of N
// benchmark records (bench/synthetic_corpus.h) of the shape named (mixed by default) under
// FOLDER, which must not exist yet. bench/compare.sh uses it.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>

#include "synthetic_corpus.h"

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: synthetic_corpus N FOLDER [mixed|findings]\n");
    return 2;
  }
  rooflint::SyntheticShape shape = rooflint::SyntheticShape::kMixed;
  if (argc == 4) {
    std::string name = argv[3];
    if (name == "findings") {
      shape = rooflint::SyntheticShape::kFindings;
    } else if (name != "mixed") {
      std::fprintf(stderr, "synthetic_corpus: the shape is mixed or findings, not '%s'\n", argv[3]);
      return 2;
    }
  }
  char* end = nullptr;
  unsigned long long n = std::strtoull(argv[1], &end, 10);
  if (end == argv[1] || *end != '\0') {
    std::fprintf(stderr, "synthetic_corpus: N must be a count, not '%s'\n", argv[1]);
    return 2;
  }
  if (std::filesystem::exists(argv[2])) {
    std::fprintf(stderr, "synthetic_corpus: %s exists already\n", argv[2]);
    return 2;
  }
  try {
    rooflint::WriteSyntheticCorpus(argv[2], static_cast<size_t>(n), shape);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "synthetic_corpus: %s\n", e.what());
    return 1;
  }
  return 0;
}
