# `rooflint check`, `list`, `roof` and `show` by the names people type, end to end, and the
# did-you-mean of a mistyped command. Invoked by CTest with -DROOFLINT=<binary>
# -DSAMPLES=<tests/import-samples> -DWORK=<a scratch folder>.
include(${CMAKE_CURRENT_LIST_DIR}/cli_expect.cmake)

function(expect_match pattern what)
  if(NOT LAST_OUTPUT MATCHES "${pattern}")
    message(FATAL_ERROR "${what}:\n${LAST_OUTPUT}")
  endif()
endfunction()

# A vendor's claim in its own words: impossible (exit 1), with the roof's arithmetic.
expect_exit(1 check --model meta-llama/Llama-3.1-70B-Instruct --hardware "1x H200"
            --precision FP8 --value "250 tok/s per user" --speculative false)
expect_match("IMPOSSIBLE +250 tok/s is 362.0% of the memory-roof \\(69.1 tok/s; MBU 362.0%\\)" "the verdict")
expect_match("1 x 4.8 TB/s / 69.5 GB = 69.1 tok/s" "the arithmetic")
# Unstated speculation: a warning that names it, and what would make it definite (exit 0).
expect_exit(0 check --model llama-3.1-70b --hardware "1x H200" --precision fp8
            --value "250 tok/s per user")
expect_match("IMPOSSIBLE IF" "the assumed verdict")
expect_match("--speculative false" "the missing fact")
# The same as JSON.
expect_exit(1 check --model llama-3.1-70b --hardware h200 --count 1 --precision fp8
            --value "250 tok/s per user" --speculative false --format json)
expect_match("\"verdict\": \"exceeds\"" "the JSON verdict")
expect_match("\"binding\": {" "the JSON binding bound")
# A model served today, by its hub id, and a mixture of experts whose memory roof streams its
# active parameters: Llama 4 Scout's 17.17e9 of 107.8e9.
expect_exit(0 check --model Qwen/Qwen3-32B --hardware "1x Intel Arc Pro B70" --precision q4_k_m
            --engine llama.cpp --batch 1 --speculative false --value "23.47 tok/s per user")
expect_match("'Qwen/Qwen3-32B' names model qwen3-32b" "a Qwen3 hub id")
expect_match("POSSIBLE +23.47 tok/s is 74.7% of the memory-roof \\(31.4 tok/s" "the Qwen3 verdict")
expect_exit(0 check --model Llama-4-Scout-17B-16E-Instruct --hardware "1x Ryzen AI Max+ 395"
            --precision q4_k_m --engine llama.cpp --batch 1 --speculative false
            --value "19.88 tok/s per user")
expect_match("names model llama-4-scout-17b-16e" "a Llama 4 name without its organisation")
expect_match("memory-roof +26.2 tok/s +75.8%" "the active-parameter roof")
# A claim that cannot be read: exit 2, each flag named, with the nearest names.
expect_exit(2 check --model llama-3.1-7b --hardware nvidia-rtx-480 --value "35 ms")
expect_match("--model: no model in the corpus is named 'llama-3.1-7b', did you mean" "model")
expect_match("did you mean nvidia-rtx-4080\\?" "hardware")
expect_match("--value: '35 ms' is a time but does not say of what" "value")
# A file with one flag: every figure's verdict, and the replicas the file states.
expect_exit(0 check ${SAMPLES}/vllm/bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl)
expect_match("tpot mean +13.6 ms +tpot-floor +7.4 ms +1.8x +within" "the TPOT floor per replica")
expect_match("note\\[offered-load\\]" "the offered load")
# The names.
expect_exit(3 swep)
expect_match("unknown command 'swep', did you mean 'sweep'\\?" "command suggestion")
expect_exit(0 list models 70b)
expect_match("llama-3.1-70b" "list models")
expect_exit(0 list precisions awq)
expect_match("awq +int4" "list precisions")
expect_exit(0 list formats vllm)
expect_exit(3 list modles)
expect_match("did you mean 'models'\\?" "list suggestion")
expect_exit(0 roof --model Llama-3.1-70B-Instruct --accelerator "RTX 4090")
expect_match("capacity: 141.1 GB of weights do NOT fit" "roof's capacity line")
expect_exit(0 show meta-llama/Llama-3.1-70B-Instruct)
expect_match("model llama-3.1-70b" "show a model")
expect_exit(3 show nvidia-h20-sxm)
expect_match("did you mean 'nvidia-h200-sxm'\\?" "show suggestion")
# --hardware auto on a machine whose only probe is a stand-in nvidia-smi.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/bin)
file(WRITE ${WORK}/bin/nvidia-smi
     "#!/bin/sh\nprintf 'NVIDIA H100 80GB HBM3, 81559 MiB, Disabled\\nNVIDIA H100 80GB HBM3, 81559 MiB, Disabled\\n'\n")
file(CHMOD ${WORK}/bin/nvidia-smi PERMISSIONS OWNER_READ OWNER_EXECUTE)
set(ENV{PATH} "${WORK}/bin")
expect_exit(0 check --model llama-3.1-8b --hardware auto --precision bf16
            --value "100 tok/s per user")
expect_match("--hardware auto: nvidia-smi" "the probe that answered")
expect_match("2x NVIDIA H100 80GB HBM3" "the machine's hardware text")
file(REMOVE_RECURSE ${WORK})
# import reads the same names, and suggests for an id it cannot read.
expect_exit(3 import auto ${SAMPLES}/llama-bench/b5163_rtx4080_qwen2.5-7b.json
            --accelerator nvidia-rtx-480)
expect_match("--accelerator: no accelerator in the corpus matches 'nvidia-rtx-480', did you mean nvidia-rtx-4080\\?" "import suggestion")
# A condition given with a file fills in what the file does not state, and says so: this log
# prints no dataset table, so its average input length is only a mean.
expect_exit(0 check ${SAMPLES}/trtllm-bench/shaamil101_v0.16.0_llama3.1-70b-fp8_tp8_isl8192_osl1024_n400_throughput_stdout.txt
            --hardware "8x H100 SXM" --input-tokens 8192)
expect_match("input_tokens 8192 stated on the command line \\(--input-tokens\\): the file does not say" "the stated condition")
# A file's figures carry their metrics: --metric is refused by name.
expect_exit(3 check ${SAMPLES}/trtllm-bench/shaamil101_v0.16.0_llama3.1-70b-fp8_tp8_isl8192_osl1024_n400_throughput_stdout.txt
            --hardware "8x H100 SXM" --metric ttft)
expect_match("--metric is a claim's; a file's figures carry their own" "the refused flag")
# A figure past a bound only at the smaller of two counts (two superchips stated as 2 while the
# text says 4 GPUs): the headline is that bound's, 2 x 8 TB/s / 68.71 GB = 232.8 tok/s, not the
# binding 465.7 it is within, and no speculation is asked to accept under one token a step.
expect_exit(0 check --model llama-2-70b --hardware "2x GB200 Grace Blackwell Superchip" --count 2
            --value "300 tok/s per user" --precision fp8 --batch 1)
expect_match("IMPOSSIBLE IF +300 tok/s is 128.8% of the memory roof \\(232.8 tok/s\\)" "the smaller count's bound")
expect_match("2 x 8 TB/s / 68.71 GB = 232.8 tok/s" "its arithmetic")
if(LAST_OUTPUT MATCHES "accepting at least 0")
  message(FATAL_ERROR "a speculation under one token a step:\n${LAST_OUTPUT}")
endif()
