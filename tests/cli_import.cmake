# `rooflint import` end to end: print, write into a corpus folder, refuse to clobber, and sweep
# the result without invalid input. Invoked by CTest with -DROOFLINT=<binary>
# -DSAMPLES=<tests/import-samples> -DDATA=<data> -DWORK=<a scratch folder>.
include(${CMAKE_CURRENT_LIST_DIR}/cli_expect.cmake)

set(LB ${SAMPLES}/llama-bench)
set(MLPERF ${SAMPLES}/mlperf)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# Printing: each figure's verdict by default; the records, each with its audit, on request.
expect_exit(0 import auto ${LB}/b5163_rtx4080_qwen2.5-7b.json)
if(NOT LAST_OUTPUT MATCHES "per-user-decode mean +118.9 tok/s +memory-roof +164.9 tok/s +72.1% +within")
  message(FATAL_ERROR "verdict of the tg128 record missing:\n${LAST_OUTPUT}")
endif()
expect_exit(0 import auto ${LB}/b5163_rtx4080_qwen2.5-7b.json --emit toml)
if(NOT LAST_OUTPUT MATCHES "#   memory-roof   within  72.1% of 164.9 tok/s")
  message(FATAL_ERROR "memory roof of the tg128 record missing:\n${LAST_OUTPUT}")
endif()
expect_exit(3 import vllm ${LB}/b5163_rtx4080_qwen2.5-7b.json)
if(NOT LAST_OUTPUT MATCHES "unknown format 'vllm', did you mean 'vllm-serve'\\?")
  message(FATAL_ERROR "no suggestion for a format:\n${LAST_OUTPUT}")
endif()
expect_exit(2 import llama-bench ${LB}/NEGATIVE_readme_handedited_header_mismatch.csv)
if(NOT LAST_OUTPUT MATCHES "NEGATIVE_readme_handedited_header_mismatch.csv:2:1: error\\[column-count\\]")
  message(FATAL_ERROR "column-count diagnostic missing:\n${LAST_OUTPUT}")
endif()
expect_exit(3 import frobnicate ${LB}/b5163_rtx4080_qwen2.5-7b.json)
expect_exit(3 import auto ${LB}/b5163_rtx4080_qwen2.5-7b.json --hardware x --accelerator y)

# Writing: every sample into one corpus folder, then a sweep of it with the bundled data.
expect_exit(0 import auto ${LB}/b5163_rtx4080_qwen2.5-7b.json ${LB}/b5163_rtx4080_qwen2.5-7b.jsonl
            ${LB}/b5163_rtx4080_qwen2.5-7b.csv ${LB}/b5163_rtx4080_qwen2.5-7b.sql
            ${LB}/b5163_rtx4080_md_table.md ${LB}/b1275_rtx3090ti_llama7b_oldschema.json
            --write ${WORK})
expect_exit(0 import vllm-serve ${SAMPLES}/vllm/bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl
            --write ${WORK})
expect_exit(0 import mlperf ${MLPERF} --write ${WORK})
file(GLOB written ${WORK}/benchmarks/*.toml)
list(LENGTH written n)
if(NOT n EQUAL 61)
  message(FATAL_ERROR "expected 61 benchmark files, found ${n}")
endif()
execute_process(COMMAND ${ROOFLINT} sweep ${DATA} ${WORK} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(rc EQUAL 2 OR NOT out MATCHES " 0 rejected")
  message(FATAL_ERROR "sweep of the imported corpus: exit ${rc}\n${out}")
endif()

# The same file again: already there, nothing rewritten.
expect_exit(0 import auto ${LB}/b5163_rtx4080_qwen2.5-7b.json --write ${WORK})
if(NOT LAST_OUTPUT MATCHES "already holds this record: skipped")
  message(FATAL_ERROR "re-import not detected:\n${LAST_OUTPUT}")
endif()
# The same measurement with other flags: refused, with the file named.
expect_exit(2 import auto ${LB}/b5163_rtx4080_qwen2.5-7b.json --count 2 --write ${WORK})
if(NOT LAST_OUTPUT MATCHES "error\\[file-exists\\]: refusing to overwrite")
  message(FATAL_ERROR "overwrite not refused:\n${LAST_OUTPUT}")
endif()
file(REMOVE_RECURSE ${WORK})
