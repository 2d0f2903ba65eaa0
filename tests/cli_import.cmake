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
# The audit's comments quote input text (here --hardware; a file's gpu_info alike): a newline in
# it must not end the comment and start a TOML line of its own, and no escape sequence, other
# control character or bidi override may reach the terminal raw. The records' TOML strings
# escape them themselves.
string(ASCII 27 esc)
string(ASCII 7 bel)
string(ASCII 226 128 174 rlo)  # U+202E, the right-to-left override
set(hostile "Zorblax\nstatus = \"verified\"\n[forged]\n${esc}]0;pwned${bel}${esc}[31mred${rlo}")
execute_process(COMMAND ${ROOFLINT} import auto ${SAMPLES}/vllm-throughput/zhangxinyuehfad_vllm-ascend-nightly_throughput_llama8B_tp1_dummy-weights_85d19684.json
                        --model llama-3.1-8b --emit toml --hardware "${hostile}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_QUIET)
string(FIND "${out}" "\n[forged]" forged)
string(FIND "${out}" "${esc}" raw_esc)
string(FIND "${out}" "${bel}" raw_bel)
string(FIND "${out}" [=[#   compute-roof  not-computable: no pointer, and no accelerator in the corpus matches the hardware text 'Zorblax\nstatus = "verified"\n[forged]\n\x1b]0;pwned\x07\x1b[31mred\u202e (user-stated: --hardware)']=]
       escaped)
if(NOT rc EQUAL 0 OR NOT forged EQUAL -1 OR NOT raw_esc EQUAL -1 OR NOT raw_bel EQUAL -1
   OR escaped EQUAL -1)
  message(FATAL_ERROR "input text reached the printed comments raw (exit ${rc}):\n${out}")
endif()
# The diagnostics on stderr quote input text too (a --hardware the file contradicts): escaped.
execute_process(COMMAND ${ROOFLINT} import auto ${LB}/b5163_rtx4080_qwen2.5-7b.json --emit toml
                        --hardware "${hostile}"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
string(FIND "${err}" "\n[forged]" forged)
string(FIND "${err}" "${esc}" raw_esc)
string(FIND "${err}" "${rlo}" raw_rlo)
string(FIND "${err}" [=[warning[conflicting-flag]: --hardware 'Zorblax\nstatus = "verified"\n[forged]\n\x1b]0;pwned\x07\x1b[31mred\u202e' contradicts]=]
       escaped)
if(NOT rc EQUAL 0 OR NOT forged EQUAL -1 OR NOT raw_esc EQUAL -1 OR NOT raw_rlo EQUAL -1
   OR escaped EQUAL -1)
  message(FATAL_ERROR "input text reached the diagnostics on stderr raw (exit ${rc}):\n${err}")
endif()
expect_exit(3 import vllm ${LB}/b5163_rtx4080_qwen2.5-7b.json)
if(NOT LAST_OUTPUT MATCHES "unknown format 'vllm', did you mean 'vllm-serve'\\?")
  message(FATAL_ERROR "no suggestion for a format:\n${LAST_OUTPUT}")
endif()
# A file given first, where the format goes: said so, with the command that reads it.
expect_exit(3 import ${LB}/b5163_rtx4080_qwen2.5-7b.json)
if(NOT LAST_OUTPUT MATCHES "b5163_rtx4080_qwen2.5-7b.json' is a file, not a format: the format comes first"
   OR NOT LAST_OUTPUT MATCHES "hint: rooflint import auto [^ ]*b5163_rtx4080_qwen2.5-7b.json \\(auto")
  message(FATAL_ERROR "a file given as the format is not explained:\n${LAST_OUTPUT}")
endif()
expect_exit(3 import auto)
if(NOT LAST_OUTPUT MATCHES "rooflint import: no files given")
  message(FATAL_ERROR "no message for an import without files:\n${LAST_OUTPUT}")
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
if(NOT n EQUAL 71)
  message(FATAL_ERROR "expected 71 benchmark files, found ${n}")
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

# A run given twice in one import (a file named twice, a line repeated) is not a record
# "imported before": that note is for the corpus's own records.
set(VLLM ${SAMPLES}/vllm/bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl)
expect_exit(0 import vllm-serve ${VLLM} ${VLLM} --emit toml)
if(LAST_OUTPUT MATCHES "imported before")
  message(FATAL_ERROR "a file given twice was said to be imported before:\n${LAST_OUTPUT}")
endif()
