# rooflint: the two commands of the quick start, and the steps they are made of.
#   make sweep   install what the tool needs, build the tool alone in Release, sweep the bundled
#                corpus
#   make test    install everything, check the formatting, then every test: Release and
#                ASan+UBSan with warnings as errors, and a short run of each fuzzer
#   make format  reformat the C++ sources in place with the repository's .clang-format
BUILD ?= build
JOBS ?= 2
# Seconds per fuzz target; four targets at 30 s keep the fuzz step at the two minutes of
# fuzzing it had with two.
FUZZ_SECONDS ?= 30
CLANG_FORMAT ?= clang-format
# Debian packages: the tool's own (make sweep), and what the tests, the benchmarks, the fuzzers
# and the formatting check add (make test).
TOOL_PACKAGES := cmake ninja-build g++ libtomlplusplus-dev libcli11-dev libfmt-dev \
                 nlohmann-json3-dev libsimdjson-dev libmimalloc-dev
TEST_PACKAGES := clang libclang-rt-14-dev clang-format libgtest-dev libgmock-dev \
                 libbenchmark-dev chromium
# The C++ sources that follow .clang-format.
FORMAT_FILES = $(shell find src include tests bench fuzz -type f \( -name '*.cc' -o -name '*.h' \) | sort)

.PHONY: deps deps-tool deps-format tool release sweep test test-release test-sanitize fuzz \
        format format-check bench clean

# Installs the Debian packages of $(1) that are not installed yet.
define install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps-tool:
	$(call install_missing,$(TOOL_PACKAGES))

deps-format:
	$(call install_missing,clang-format)

deps:
	$(call install_missing,$(TOOL_PACKAGES) $(TEST_PACKAGES))

# The tool alone: no tests, no benchmarks, warnings as they come.
tool: deps-tool
	cmake -S . -B $(BUILD)/tool -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DROOFLINT_TESTS=OFF -DROOFLINT_BENCH=OFF -DROOFLINT_WERROR=OFF
	cmake --build $(BUILD)/tool -j $(JOBS) --target rooflint

sweep: tool
	$(BUILD)/tool/rooflint sweep

# The formatting check runs first: it takes seconds, the builds take minutes.
test: format-check
	@$(MAKE) --no-print-directory test-release test-sanitize fuzz

release: deps
	cmake -S . -B $(BUILD)/release -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DROOFLINT_TESTS=ON -DROOFLINT_BENCH=ON -DROOFLINT_WERROR=ON
	cmake --build $(BUILD)/release -j $(JOBS)

test-release: release
	cd $(BUILD)/release && ctest --output-on-failure -j $(JOBS)

test-sanitize: deps
	cmake -S . -B $(BUILD)/sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug \
	      -DROOFLINT_SANITIZE=ON -DROOFLINT_TESTS=ON -DROOFLINT_BENCH=OFF -DROOFLINT_WERROR=ON
	cmake --build $(BUILD)/sanitize -j $(JOBS)
	cd $(BUILD)/sanitize && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS)

format-check: deps-format
	$(CLANG_FORMAT) --dry-run -Werror $(FORMAT_FILES)

format: deps-format
	$(CLANG_FORMAT) -i $(FORMAT_FILES)

# libFuzzer, FUZZ_SECONDS per target (fuzz/CMakeLists.txt says what each covers). Inputs a
# target has ever crashed on live in tests/fuzz-regressions/ and are replayed first.
fuzz: deps
	CC=clang CXX=clang++ cmake -S . -B $(BUILD)/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	      -DROOFLINT_FUZZ=ON
	cmake --build $(BUILD)/fuzz -j $(JOBS) --target record_fuzzer import_fuzzer sweep_fuzzer \
	  toml_fast_fuzzer
	$(BUILD)/fuzz/fuzz/record_fuzzer tests/fuzz-regressions/*.toml
	mkdir -p $(BUILD)/fuzz/corpus
	$(BUILD)/fuzz/fuzz/record_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 \
	  -dict=fuzz/record.dict -max_len=4096 -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/ \
	  $(BUILD)/fuzz/corpus data/benchmarks data/accelerators data/models data/sources \
	  data/gotchas tests/corpora/base tests/corpora/invalid/benchmarks
	$(BUILD)/fuzz/fuzz/import_fuzzer tests/fuzz-regressions/import/*.json
	mkdir -p $(BUILD)/fuzz/import-corpus
	$(BUILD)/fuzz/fuzz/import_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 -max_len=8192 \
	  -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/import-corpus \
	  $(wildcard tests/import-samples/*/) \
	  tests/fuzz-regressions/import
	@# The sweep fuzzer reads one test corpus folder as one input: its records joined with
	@# "#@<kind>" marker lines (see fuzz/sweep_fuzzer.cc).
	rm -rf $(BUILD)/fuzz/sweep-seeds && mkdir -p $(BUILD)/fuzz/sweep-seeds $(BUILD)/fuzz/sweep-corpus
	for d in tests/corpora/*/; do \
	  seed=$(BUILD)/fuzz/sweep-seeds/$$(basename $$d).toml; \
	  for f in $$d*/*.toml; do \
	    [ -f "$$f" ] || continue; \
	    printf '#@%s\n' "$$(basename $$(dirname $$f))" >> $$seed; cat "$$f" >> $$seed; \
	  done; \
	done
	cat fuzz/sweep.dict fuzz/record.dict > $(BUILD)/fuzz/sweep.dict
	$(BUILD)/fuzz/fuzz/sweep_fuzzer tests/fuzz-regressions/*.toml $(BUILD)/fuzz/sweep-seeds/*.toml
	$(BUILD)/fuzz/fuzz/sweep_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 \
	  -dict=$(BUILD)/fuzz/sweep.dict -max_len=8192 -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/ \
	  $(BUILD)/fuzz/sweep-corpus $(BUILD)/fuzz/sweep-seeds data/benchmarks
	@# The fast TOML path against toml++ (src/core/record_doc.h), seeded like the record fuzzer.
	mkdir -p $(BUILD)/fuzz/toml-fast-corpus
	$(BUILD)/fuzz/fuzz/toml_fast_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 \
	  -dict=fuzz/record.dict -max_len=4096 -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/ \
	  $(BUILD)/fuzz/toml-fast-corpus data/benchmarks data/accelerators data/models data/sources \
	  data/gotchas $(wildcard tests/corpora/*/*/)

# The micro-benchmarks, from a build made for measuring: tests off, so that they link with LTO as
# the tool does (the test build links them without it, see CMakeLists.txt).
bench: bench-build
	$(BUILD)/bench/bench/sweep_bench --benchmark_counters_tabular=true
	$(BUILD)/bench/bench/import_bench

.PHONY: bench-build
bench-build:
	$(call install_missing,$(TOOL_PACKAGES) libbenchmark-dev time python3)
	cmake -S . -B $(BUILD)/bench -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DROOFLINT_TESTS=OFF -DROOFLINT_BENCH=ON -DROOFLINT_WERROR=OFF
	cmake --build $(BUILD)/bench -j $(JOBS)

clean:
	rm -rf $(BUILD)

# Issue 10's side-by-side measure (bench/compare.sh): rooflint's text and JSON sweeps, the Python
# peer (bench/peer_sweep.py) and reading the files, on one synthetic corpus of BENCH_N records
# in a temporary folder; medians of three interleaved runs, and the ratios. Release with LTO.
BENCH_N ?= 100000
.PHONY: bench-compare
bench-compare: bench-build
	ROOFLINT=$(BUILD)/bench/rooflint SYNTHETIC_CORPUS=$(BUILD)/bench/bench/synthetic_corpus \
	  bench/compare.sh $(BENCH_N)
