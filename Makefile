# rooflint: the two commands of the quick start, and the steps they are made of.
#   make sweep   install what the build needs, build in Release, sweep the bundled corpus
#   make test    the same setup, then every test: Release, ASan+UBSan, and a short fuzz run
BUILD ?= build
JOBS ?= 2
FUZZ_SECONDS ?= 60
# Debian packages the build, the tests and the fuzzer need.
PACKAGES := cmake ninja-build g++ clang libclang-rt-14-dev libtomlplusplus-dev libcli11-dev \
            libfmt-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev chromium

.PHONY: deps release sweep test test-release test-sanitize fuzz bench clean

deps:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi

release: deps
	cmake -S . -B $(BUILD)/release -G Ninja -DCMAKE_BUILD_TYPE=Release \
	      -DROOFLINT_TESTS=ON -DROOFLINT_BENCH=ON
	cmake --build $(BUILD)/release -j $(JOBS)

sweep: release
	$(BUILD)/release/rooflint sweep

test: test-release test-sanitize fuzz

test-release: release
	cd $(BUILD)/release && ctest --output-on-failure -j $(JOBS)

test-sanitize: deps
	cmake -S . -B $(BUILD)/sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug \
	      -DROOFLINT_SANITIZE=ON -DROOFLINT_TESTS=ON -DROOFLINT_BENCH=OFF
	cmake --build $(BUILD)/sanitize -j $(JOBS)
	cd $(BUILD)/sanitize && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS)

# libFuzzer over the record parser, seeded with the bundled corpus and the test corpora.
# Inputs it has ever crashed on live in tests/fuzz-regressions/ and are replayed first.
fuzz: deps
	CC=clang CXX=clang++ cmake -S . -B $(BUILD)/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	      -DROOFLINT_FUZZ=ON
	cmake --build $(BUILD)/fuzz -j $(JOBS) --target record_fuzzer
	$(BUILD)/fuzz/fuzz/record_fuzzer tests/fuzz-regressions/*.toml
	mkdir -p $(BUILD)/fuzz/corpus
	$(BUILD)/fuzz/fuzz/record_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 \
	  -dict=fuzz/record.dict -max_len=4096 -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/ \
	  $(BUILD)/fuzz/corpus data/benchmarks data/accelerators data/models data/sources \
	  data/gotchas tests/corpora/base tests/corpora/invalid/benchmarks
	cmake --build $(BUILD)/fuzz -j $(JOBS) --target import_fuzzer
	$(BUILD)/fuzz/fuzz/import_fuzzer tests/fuzz-regressions/import/*.json
	mkdir -p $(BUILD)/fuzz/import-corpus
	$(BUILD)/fuzz/fuzz/import_fuzzer -max_total_time=$(FUZZ_SECONDS) -seed=1 -max_len=8192 \
	  -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/import-corpus \
	  tests/import-samples/llama-bench tests/import-samples/vllm tests/import-samples/mlperf \
	  tests/fuzz-regressions/import

bench: release
	$(BUILD)/release/bench/sweep_bench --benchmark_counters_tabular=true
	$(BUILD)/release/bench/import_bench

clean:
	rm -rf $(BUILD)
