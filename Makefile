# rooflint: the two commands of the quick start, and the steps they are made of.
#   make sweep   install what the tool needs, build the tool alone in Release, sweep the bundled
#                corpus
#   make test    install everything, check the formatting, then every test: Release (GCC) and
#                ASan+UBSan (clang) with warnings as errors, the browser page against the tool,
#                clang-tidy's checks (.clang-tidy) over the sources, and a short run of each
#                fuzzer
#   make web     the browser page in $(BUILD)/web (emscripten)
#   make format  reformat the C++ sources in place with the repository's .clang-format
#   make python  build the Python module for Debian's python3 and install it into its site-packages
BUILD ?= build
JOBS ?= 2
# Seconds per fuzz target; four targets at 30 s, two at a time, give two minutes of fuzzing in
# one minute.
FUZZ_SECONDS ?= 30
CLANG_FORMAT ?= clang-format
# Debian packages: the tool's own (make sweep), and what the tests, the benchmarks, the fuzzers
# and the formatting check add (make test).
TOOL_PACKAGES := cmake ninja-build g++ libtomlplusplus-dev libcli11-dev libfmt-dev \
                 nlohmann-json3-dev libsimdjson-dev libsqlite3-dev libmimalloc-dev
TEST_PACKAGES = clang libclang-rt-14-dev clang-format clang-tidy libgtest-dev libgmock-dev \
                 libbenchmark-dev chromium python3-jsonschema $(PYTHON_PACKAGES) \
                 $(WEB_PACKAGES)
# The Python module's: pybind11 and the headers of Debian's python3, and pytest for its tests.
PYTHON_PACKAGES := pybind11-dev python3-dev python3-pytest
# The interpreter the module is built for and tested with: Debian's, whose packages those are.
PYTHON ?= /usr/bin/python3
# The browser page (make web): emscripten and the header-only libraries it compiles.
WEB_PACKAGES := cmake ninja-build emscripten nodejs libtomlplusplus-dev libfmt-dev \
                nlohmann-json3-dev
# The C++ sources that follow .clang-format.
FORMAT_FILES = $(shell find src include tests bench fuzz python web -type f \( -name '*.cc' -o -name '*.h' \) | sort)

.PHONY: deps deps-tool deps-format tool release sweep test test-release sanitize test-sanitize fuzz \
        format format-check tidy bench clean python web

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

# The Python module, built for Debian's python3 and installed into its site-packages (the
# package rooflint/ with the bundled corpus inside): `python3 -c 'import rooflint'` works after.
python: deps-tool
	$(call install_missing,$(PYTHON_PACKAGES))
	cmake -S . -B $(BUILD)/python -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DROOFLINT_TESTS=OFF -DROOFLINT_BENCH=OFF -DROOFLINT_WERROR=OFF \
	      -DROOFLINT_PYTHON=ON -DPython3_EXECUTABLE=$(PYTHON)
	cmake --build $(BUILD)/python -j $(JOBS) --target rooflint_python
	sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo cmake --install $(BUILD)/python --component python
	cd / && $(PYTHON) -c 'import rooflint; print("rooflint", rooflint.__version__, "for", \
	  __import__("sys").executable, "with", len(rooflint.models()), "models")'

# The browser page in $(BUILD)/web: a static folder (index.html, app.js, style.css and
# rooflint.js, which holds the WebAssembly and the bundled corpus) that opens from file://.
# Debian's emscripten runs its JS tools with node, which finds Debian's node modules only
# through NODE_PATH.
EMSCRIPTEN_ENV := NODE_PATH=/usr/share/nodejs
web:
	$(call install_missing,$(WEB_PACKAGES))
	$(EMSCRIPTEN_ENV) emcmake cmake -S . -B $(BUILD)/web-build -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DROOFLINT_WEB=ON -DROOFLINT_WEB_OUT=$(abspath $(BUILD))/web
	$(EMSCRIPTEN_ENV) cmake --build $(BUILD)/web-build -j $(JOBS)

# The formatting check runs first: it takes seconds, the builds take minutes.
test: format-check
	@$(MAKE) --no-print-directory test-release test-sanitize tidy fuzz

release: deps
	cmake -S . -B $(BUILD)/release -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DROOFLINT_TESTS=ON -DROOFLINT_BENCH=ON -DROOFLINT_WERROR=ON \
	      -DROOFLINT_PYTHON=ON -DPython3_EXECUTABLE=$(PYTHON)
	cmake --build $(BUILD)/release -j $(JOBS)

# The page first: the release tests check it against the tool (web.node, web.browser).
test-release: release web
	cd $(BUILD)/release && ctest --output-on-failure -j $(JOBS)

# One clang build holds the ASan+UBSan tests and the fuzzers (CMakeLists.txt says why): at -O1
# with line tables only, which compiles in about the time GCC's -O0 build took and runs the tests
# more than twice as fast.
SANITIZE_FLAGS ?= -O1 -gline-tables-only
sanitize: deps
	cmake -S . -B $(BUILD)/sanitize -G Ninja -DCMAKE_CXX_COMPILER=clang++ \
	      -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="$(SANITIZE_FLAGS)" \
	      -DROOFLINT_SANITIZE=ON -DROOFLINT_FUZZ=ON -DROOFLINT_TESTS=ON -DROOFLINT_BENCH=OFF \
	      -DROOFLINT_WERROR=ON
	cmake --build $(BUILD)/sanitize -j $(JOBS)

test-sanitize: sanitize
	cd $(BUILD)/sanitize && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS)

format-check: deps-format
	$(CLANG_FORMAT) --dry-run -Werror $(FORMAT_FILES)

format: deps-format
	$(CLANG_FORMAT) -i $(FORMAT_FILES)

# clang-tidy with the repository's .clang-tidy (a few checks for bugs and needless copies, every
# warning an error) over the library, the CLI and the fuzz targets, compiled as the sanitizer
# build compiles them (its compile_commands.json). The tests are left out: they build as unity
# files.
TIDY_SOURCES := $(abspath src)/|$(abspath fuzz)/
tidy: sanitize
	run-clang-tidy -p $(BUILD)/sanitize -quiet -j $(JOBS) '$(TIDY_SOURCES)' > $(BUILD)/tidy.log 2>&1 \
	  || { grep -a -A3 -E 'error:|warning:' $(BUILD)/tidy.log; echo "make: clang-tidy found the above"; exit 1; }
	@echo "clang-tidy: no finding in src/ or fuzz/"

# libFuzzer, FUZZ_SECONDS per target, JOBS targets at a time (each fuzzer is one process; the
# output of each is printed whole when it ends). Inputs a target has ever crashed on live in
# tests/fuzz-regressions/ and are replayed first. The fuzzers come from the sanitizer build; their
# working folders (corpora grown, crash artifacts) are in $(BUILD)/fuzz.
FUZZ_BIN = $(BUILD)/sanitize/fuzz
FUZZ_WORK = $(BUILD)/fuzz
FUZZ_TARGETS := fuzz-record fuzz-import fuzz-sweep fuzz-toml-fast fuzz-printer
.PHONY: $(FUZZ_TARGETS) fuzz-large-seeds
fuzz: sanitize
	@$(MAKE) --no-print-directory -j $(JOBS) --output-sync=target $(FUZZ_TARGETS)

# Inputs up to 128 KiB, and seeds of the shapes that were once quadratic (a long array, many
# table headers, many dangling ids), so the fuzzers reach them: generated, not committed.
FUZZ_MAX_LEN = 131072
FUZZ_LARGE = $(FUZZ_WORK)/large-seeds
fuzz-large-seeds:
	rm -rf $(FUZZ_LARGE) && mkdir -p $(FUZZ_LARGE)
	{ echo 'id = "long-array"'; echo 'name = "Long Array"'; printf 'aliases = ['; \
	  seq -f '"alias-%g",' 1 9000 | tr -d '\n'; echo '"z"]'; } > $(FUZZ_LARGE)/long-array.toml
	{ echo 'id = "many-headers"'; seq -f '[table%g]' 1 7000 | sed 's/$$/\nx = 1/'; } \
	  > $(FUZZ_LARGE)/many-headers.toml
	{ echo 'id = "dangling"'; echo 'model = "llama-3.1-8b"'; printf 'accelerators = ['; \
	  seq -f '"no-such-part-%g",' 1 6000 | tr -d '\n'; echo '"z"]'; } > $(FUZZ_LARGE)/dangling.toml

fuzz-record: fuzz-large-seeds
	$(FUZZ_BIN)/record_fuzzer tests/fuzz-regressions/*.toml
	mkdir -p $(FUZZ_WORK)/corpus
	$(FUZZ_BIN)/record_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 \
	  -dict=fuzz/record.dict -max_len=$(FUZZ_MAX_LEN) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_WORK)/ $(FUZZ_WORK)/corpus data/benchmarks data/accelerators \
	  data/models data/sources data/gotchas tests/corpora/base tests/corpora/invalid/benchmarks \
	  $(FUZZ_LARGE)

fuzz-import:
	$(FUZZ_BIN)/import_fuzzer $(filter-out %/README.md,$(wildcard tests/fuzz-regressions/import/*))
	mkdir -p $(FUZZ_WORK)/import-corpus
	$(FUZZ_BIN)/import_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 -max_len=$(FUZZ_MAX_LEN) \
	  -print_final_stats=1 -artifact_prefix=$(FUZZ_WORK)/ $(FUZZ_WORK)/import-corpus \
	  $(wildcard tests/import-samples/*/) \
	  tests/fuzz-regressions/import

fuzz-sweep: fuzz-large-seeds
	@# The sweep fuzzer reads one test corpus folder as one input: its records joined with
	@# "#@<kind>" marker lines (see fuzz/sweep_fuzzer.cc).
	rm -rf $(FUZZ_WORK)/sweep-seeds && mkdir -p $(FUZZ_WORK)/sweep-seeds $(FUZZ_WORK)/sweep-corpus
	for d in tests/corpora/*/; do \
	  seed=$(FUZZ_WORK)/sweep-seeds/$$(basename $$d).toml; \
	  for f in $$d*/*.toml; do \
	    [ -f "$$f" ] || continue; \
	    printf '#@%s\n' "$$(basename $$(dirname $$f))" >> $$seed; cat "$$f" >> $$seed; \
	  done; \
	done
	cat fuzz/sweep.dict fuzz/record.dict > $(FUZZ_WORK)/sweep.dict
	$(FUZZ_BIN)/sweep_fuzzer tests/fuzz-regressions/*.toml $(FUZZ_WORK)/sweep-seeds/*.toml
	$(FUZZ_BIN)/sweep_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 \
	  -dict=$(FUZZ_WORK)/sweep.dict -max_len=$(FUZZ_MAX_LEN) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_WORK)/ $(FUZZ_WORK)/sweep-corpus $(FUZZ_WORK)/sweep-seeds \
	  data/benchmarks $(FUZZ_LARGE)

fuzz-toml-fast: fuzz-large-seeds
	@# The fast TOML path against toml++ (src/core/record_doc.h), seeded like the record fuzzer.
	mkdir -p $(FUZZ_WORK)/toml-fast-corpus
	$(FUZZ_BIN)/toml_fast_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 \
	  -dict=fuzz/record.dict -max_len=$(FUZZ_MAX_LEN) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_WORK)/ $(FUZZ_WORK)/toml-fast-corpus data/benchmarks \
	  data/accelerators data/models data/sources data/gotchas $(wildcard tests/corpora/*/*/) \
	  $(FUZZ_LARGE)

fuzz-printer:
	@# Hostile text in every field the reports show (fuzz/printer_fuzzer.cc).
	mkdir -p $(FUZZ_WORK)/printer-corpus
	$(FUZZ_BIN)/printer_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 \
	  -dict=fuzz/printer.dict -max_len=4096 -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_WORK)/ $(FUZZ_WORK)/printer-corpus fuzz/printer-seeds

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

# The side-by-side measure (bench/compare.sh): rooflint's text and JSON sweeps, the Python
# peer (bench/peer_sweep.py) and reading the files, on a synthetic corpus of BENCH_N records in
# a temporary folder, of each shape in BENCH_SHAPES (mixed: under half the records with a
# finding; findings: one on every record); medians of three interleaved runs, and the ratios.
# Release with LTO.
BENCH_N ?= 100000
BENCH_SHAPES ?= mixed findings
.PHONY: bench-compare
bench-compare: bench-build
	for shape in $(BENCH_SHAPES); do \
	  ROOFLINT=$(BUILD)/bench/rooflint SYNTHETIC_CORPUS=$(BUILD)/bench/bench/synthetic_corpus \
	    bench/compare.sh $(BENCH_N) $$shape || exit 1; \
	done
