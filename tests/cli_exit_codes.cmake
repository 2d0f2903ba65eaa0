# Runs the rooflint binary on small corpora and checks each exit code and a line of output.
# Invoked by CTest with -DROOFLINT=<binary> -DCORPORA=<tests/corpora>.
include(${CMAKE_CURRENT_LIST_DIR}/cli_expect.cmake)

expect_exit(0 sweep --verbose ${CORPORA}/base ${CORPORA}/clean)
if(NOT LAST_OUTPUT MATCHES "within-roof +per-user-decode +1 +2/7 +57.6 tok/s +memory-roof +111.1 +51.9% +within")
  message(FATAL_ERROR "clean sweep table row missing:\n${LAST_OUTPUT}")
endif()
expect_exit(1 sweep --verbose ${CORPORA}/base ${CORPORA}/clean ${CORPORA}/exceeds)
if(NOT LAST_OUTPUT MATCHES "error\\[exceeds-roof\\]: above-roof: 150 tok/s is 135.0% of the memory roof")
  message(FATAL_ERROR "exceeds finding missing:\n${LAST_OUTPUT}")
endif()
# By default, one line per error and warning, ruff's concise form, and no table.
expect_exit(1 sweep ${CORPORA}/base ${CORPORA}/clean ${CORPORA}/exceeds)
if(NOT LAST_OUTPUT MATCHES "exceeds/benchmarks/above-roof.toml:5:1: error\\[exceeds-roof\\]: above-roof: 150 tok/s is 135.0% of the memory roof"
   OR LAST_OUTPUT MATCHES "per-user-decode +1 +2/7")
  message(FATAL_ERROR "the concise sweep is not one line per finding without a table:\n${LAST_OUTPUT}")
endif()
expect_exit(2 sweep ${CORPORA}/base ${CORPORA}/invalid)
if(NOT LAST_OUTPUT MATCHES "error\\[unknown-key\\]: unknown key 'modle' in this benchmark record")
  message(FATAL_ERROR "unknown-key diagnostic missing:\n${LAST_OUTPUT}")
endif()
expect_exit(2 sweep ${CORPORA}/no-such-folder)
expect_exit(3 sweep --no-such-flag)
expect_exit(3 frobnicate)
expect_exit(0 sweep --format json ${CORPORA}/base ${CORPORA}/clean)
if(NOT LAST_OUTPUT MATCHES "\"instrument\":\"memory-roof\"")
  message(FATAL_ERROR "json output missing roofs:\n${LAST_OUTPUT}")
endif()
expect_exit(0 precisions)
expect_exit(0 instruments)

# show and roof.
expect_exit(0 show within-roof ${CORPORA}/base ${CORPORA}/clean)
if(NOT LAST_OUTPUT MATCHES "memory-roof +within +111.1 tok/s \\(51.9%\\)")
  message(FATAL_ERROR "show lacks the memory roof:\n${LAST_OUTPUT}")
endif()
expect_exit(3 show within-rof ${CORPORA}/base ${CORPORA}/clean)
if(NOT LAST_OUTPUT MATCHES "no record 'within-rof', did you mean 'within-roof'\\?")
  message(FATAL_ERROR "show lacks did-you-mean:\n${LAST_OUTPUT}")
endif()
# A folder that does not exist is said to be missing, not taken for a corpus without the record.
expect_exit(2 show within-roof ${CORPORA}/base ${CORPORA}/no-such-folder)
if(NOT LAST_OUTPUT MATCHES "no-such-folder: error\\[not-a-corpus\\]: not a folder")
  message(FATAL_ERROR "show does not say the folder is missing:\n${LAST_OUTPUT}")
endif()
expect_exit(0 roof --model test-7b --accelerator test-gpu-40gb --batch 64 --corpus ${CORPORA}/base)
if(NOT LAST_OUTPUT MATCHES "crossover: B\\* = F x W / \\(2 x P x BW\\)")
  message(FATAL_ERROR "roof lacks the crossover:\n${LAST_OUTPUT}")
endif()
expect_exit(3 roof --model nope --accelerator test-gpu-40gb --corpus ${CORPORA}/base)

# A baseline accepts today's findings: the same sweep against it is clean.
set(BASELINE ${CMAKE_CURRENT_BINARY_DIR}/cli-baseline.tsv)
file(REMOVE ${BASELINE})
# Writing it prints what it wrote, not the report, and succeeds.
expect_exit(0 sweep --write-baseline ${BASELINE} ${CORPORA}/base ${CORPORA}/exceeds)
if(NOT LAST_OUTPUT MATCHES "^rooflint: wrote [0-9]+ findings to .*cli-baseline.tsv \\(1 errors, "
   OR LAST_OUTPUT MATCHES "memory-roof")
  message(FATAL_ERROR "write-baseline printed more than its summary:\n${LAST_OUTPUT}")
endif()
expect_exit(0 sweep --baseline ${BASELINE} ${CORPORA}/base ${CORPORA}/exceeds)
file(WRITE ${BASELINE}.foreign "not a baseline\n")
expect_exit(3 sweep --write-baseline ${BASELINE}.foreign ${CORPORA}/base ${CORPORA}/clean)
if(NOT LAST_OUTPUT MATCHES "refusing to replace a file that is not a rooflint baseline")
  message(FATAL_ERROR "write-baseline clobbered a foreign file:\n${LAST_OUTPUT}")
endif()
file(READ ${BASELINE}.foreign KEPT)
if(NOT KEPT STREQUAL "not a baseline\n")
  message(FATAL_ERROR "the foreign file changed")
endif()
file(REMOVE ${BASELINE} ${BASELINE}.foreign)

# --select, --ignore, --max-warnings and --exit-zero, as ruff and eslint have them.
expect_exit(1 sweep --select exceeds- ${CORPORA}/base ${CORPORA}/exceeds)
expect_exit(0 sweep --ignore exceeds-roof,memory-roof ${CORPORA}/base ${CORPORA}/exceeds)
if(LAST_OUTPUT MATCHES "exceeds-roof")
  message(FATAL_ERROR "--ignore kept the finding it names:\n${LAST_OUTPUT}")
endif()
expect_exit(0 sweep --select no-scenario ${CORPORA}/base ${CORPORA}/exceeds)
expect_exit(3 sweep --select exceeds-rooof ${CORPORA}/base ${CORPORA}/exceeds)
if(NOT LAST_OUTPUT MATCHES "'exceeds-rooof' names no finding code and no instrument")
  message(FATAL_ERROR "a misspelt --select was not refused:\n${LAST_OUTPUT}")
endif()
expect_exit(0 sweep --exit-zero ${CORPORA}/base ${CORPORA}/exceeds)
expect_exit(2 sweep --exit-zero ${CORPORA}/base ${CORPORA}/invalid)
# A record at 99% of its memory roof: one near-roof warning.
set(NEAR ${CMAKE_CURRENT_BINARY_DIR}/cli-near-roof)
file(REMOVE_RECURSE ${NEAR})
file(READ ${CORPORA}/clean/benchmarks/within-roof.toml RECORD)
string(REPLACE "value = \"57.6 tok/s\"" "value = \"110 tok/s\"" RECORD "${RECORD}")
file(WRITE ${NEAR}/benchmarks/within-roof.toml "${RECORD}")
expect_exit(0 sweep ${CORPORA}/base ${NEAR})
expect_exit(0 sweep --max-warnings 1 ${CORPORA}/base ${NEAR})
expect_exit(1 sweep --max-warnings 0 ${CORPORA}/base ${NEAR})
if(NOT LAST_OUTPUT MATCHES "1 warnings, more than --max-warnings 0")
  message(FATAL_ERROR "--max-warnings did not say why it failed:\n${LAST_OUTPUT}")
endif()
expect_exit(1 sweep --strict ${CORPORA}/base ${NEAR})
file(REMOVE_RECURSE ${NEAR})

# Every command's output that cannot be written is a failure (exit 4, said on stderr), not
# exit 0: to a full disk, to a closed stdout, and into a broken pipe with SIGPIPE ignored.
set(VLLM_SAMPLE ${CMAKE_CURRENT_LIST_DIR}/import-samples/vllm/bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl)
set(writers
    "sweep '${CORPORA}/base'"
    "show within-roof '${CORPORA}/base' '${CORPORA}/clean'"
    "roof --model test-7b --accelerator test-gpu-40gb --corpus '${CORPORA}/base'"
    "import vllm-serve '${VLLM_SAMPLE}'"
    "import vllm-serve '${VLLM_SAMPLE}' --emit toml"
    "check --model llama-3.1-8b --hardware h100 --value '100 tok/s per user'"
    "codes" "precisions" "instruments" "list models" "schema benchmark")
foreach(w IN LISTS writers)
  set(redirects "> /dev/full" ">&-")
  if(NOT EXISTS /dev/full)
    list(REMOVE_AT redirects 0)
  endif()
  foreach(to IN LISTS redirects)
    execute_process(COMMAND sh -c "\"${ROOFLINT}\" ${w} ${to}" RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 4 OR NOT err MATCHES "cannot write the report to standard output")
      message(FATAL_ERROR "rooflint ${w} ${to}: exit ${rc}, expected 4\n${err}")
    endif()
  endforeach()
  # The reader is gone before the command writes: with SIGPIPE ignored, the write fails.
  execute_process(COMMAND sh -c "trap '' PIPE; { sleep 0.3; \"${ROOFLINT}\" ${w}; echo \"rc=$?\" >&2; } | true"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT err MATCHES "rc=4" OR NOT err MATCHES "cannot write the report to standard output")
    message(FATAL_ERROR "rooflint ${w} into a broken pipe:\n${err}")
  endif()
endforeach()

# Numeric and enumerated flags: NaN, infinities, values out of range and unknown names are
# usage errors (exit 3), never read as something else.
foreach(v nan NaN inf -inf 0.5 1e400)
  expect_exit(3 sweep --near-roof ${v} ${CORPORA}/base)
endforeach()
expect_exit(3 roof --model test-7b --accelerator test-gpu-40gb --kv-precision bogus
            --corpus ${CORPORA}/base)
if(NOT LAST_OUTPUT MATCHES "--kv-precision: unknown")
  message(FATAL_ERROR "roof --kv-precision bogus:\n${LAST_OUTPUT}")
endif()
expect_exit(3 roof --model test-7b --accelerator test-gpu-40gb --kv-precision auto
            --corpus ${CORPORA}/base)
expect_exit(0 roof --model test-7b --accelerator test-gpu-40gb --kv-precision fp8
            --corpus ${CORPORA}/base)

# After `--`, words are positional paths, even one that starts with '-'.
expect_exit(2 sweep ${CORPORA}/base -- -h)
if(LAST_OUTPUT MATCHES "Usage:")
  message(FATAL_ERROR "sweep DIR -- -h printed the help:\n${LAST_OUTPUT}")
endif()
expect_exit(0 sweep ${CORPORA}/base -- ${CORPORA}/clean)
if(NOT LAST_OUTPUT MATCHES "[1-9][0-9]* benchmarks swept")
  message(FATAL_ERROR "sweep DIR -- DIR2 did not sweep both:\n${LAST_OUTPUT}")
endif()
