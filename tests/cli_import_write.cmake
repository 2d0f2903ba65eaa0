# `rooflint import --write` is all or nothing, and a record's identity comes from its content,
# not its file name. Invoked by CTest with -DROOFLINT=<binary>
# -DSAMPLES=<tests/import-samples> -DDATA=<data> -DWORK=<a scratch folder>.
include(${CMAKE_CURRENT_LIST_DIR}/cli_expect.cmake)

set(VLLM ${SAMPLES}/vllm/bench_serve_llmd_l40s_llama3.2-3b_3rates.jsonl)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/in)

function(count_files dir expected)
  file(GLOB_RECURSE found ${dir}/*)
  list(LENGTH found n)
  if(NOT n EQUAL ${expected})
    message(FATAL_ERROR "expected ${expected} files under ${dir}, found ${n}: ${found}")
  endif()
endfunction()

# The same run given twice (two copies of one file) is written once, with no false
# "it appeared while importing".
file(COPY ${VLLM} DESTINATION ${WORK}/in)
file(COPY_FILE ${VLLM} ${WORK}/in/copy.jsonl)
expect_exit(0 import vllm-serve ${VLLM} ${WORK}/in/copy.jsonl --write ${WORK}/twice)
if(LAST_OUTPUT MATCHES "appeared while importing")
  message(FATAL_ERROR "a repeated run was taken for a race:\n${LAST_OUTPUT}")
endif()
file(GLOB benchmarks ${WORK}/twice/benchmarks/*.toml)
list(LENGTH benchmarks n_once)
expect_exit(0 import vllm-serve ${VLLM} --write ${WORK}/once)
file(GLOB benchmarks ${WORK}/once/benchmarks/*.toml)
list(LENGTH benchmarks n_single)
if(NOT n_once EQUAL n_single)
  message(FATAL_ERROR "twice: ${n_once} benchmark files, once: ${n_single}")
endif()

# A renamed copy imported again writes nothing new and is no error: the benchmarks are the
# same by content, and the source record already there is kept.
file(COPY_FILE ${VLLM} ${WORK}/in/renamed-run.jsonl)
expect_exit(0 import vllm-serve ${WORK}/in/renamed-run.jsonl --write ${WORK}/once)
if(NOT LAST_OUTPUT MATCHES "already holds this record: skipped")
  message(FATAL_ERROR "the renamed copy was not recognised:\n${LAST_OUTPUT}")
endif()
file(GLOB benchmarks ${WORK}/once/benchmarks/*.toml)
list(LENGTH benchmarks n_again)
if(NOT n_again EQUAL n_single)
  message(FATAL_ERROR "the renamed copy added files: ${n_again} vs ${n_single}")
endif()

# A benchmark that exists with other content is refused, and then nothing is written: not
# the source record, not the other benchmarks, and no temporary file is left behind.
expect_exit(0 import vllm-serve ${VLLM} --write ${WORK}/edited)
file(GLOB benchmarks ${WORK}/edited/benchmarks/*.toml)
list(GET benchmarks 0 victim)
file(READ ${victim} text)
file(WRITE ${victim} "${text}# edited by hand\n")
file(GLOB sources ${WORK}/edited/sources/*.toml)
file(REMOVE ${sources})
file(GLOB_RECURSE before ${WORK}/edited/*)
list(LENGTH before n_before)
expect_exit(2 import vllm-serve ${VLLM} --write ${WORK}/edited)
if(NOT LAST_OUTPUT MATCHES "error\\[file-exists\\]" OR NOT LAST_OUTPUT MATCHES "nothing written")
  message(FATAL_ERROR "the edited record was not refused:\n${LAST_OUTPUT}")
endif()
count_files(${WORK}/edited ${n_before})

# A model the corpus lacks, given as a Hugging Face config.json: its model and source records
# are written beside the benchmarks that cite them, so the written folder sweeps with the
# bundled data and no dangling id. A file whose own model the corpus knows cites no config
# model: then none is written.
set(THROUGHPUT ${SAMPLES}/vllm-throughput/zhangxinyuehfad_vllm-ascend-nightly_throughput_llama8B_tp1_dummy-weights_85d19684.json)
file(MAKE_DIRECTORY ${WORK}/frob-8b)
file(WRITE ${WORK}/frob-8b/config.json [=[{
  "architectures": ["LlamaForCausalLM"], "model_type": "llama",
  "hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 128256,
  "tie_word_embeddings": false, "torch_dtype": "bfloat16"
}]=])
expect_exit(0 import auto ${THROUGHPUT} --model-config ${WORK}/frob-8b/config.json
            --hardware "1x H100 SXM" --write ${WORK}/config)
count_files(${WORK}/config/models 1)
if(NOT EXISTS ${WORK}/config/models/frob-8b.toml OR
   NOT EXISTS ${WORK}/config/sources/frob-8b-hf-config.toml)
  message(FATAL_ERROR "the config's model and source were not written:\n${LAST_OUTPUT}")
endif()
expect_exit(0 sweep ${DATA} ${WORK}/config)
if(NOT LAST_OUTPUT MATCHES " 0 input errors")
  message(FATAL_ERROR "the written folder does not sweep cleanly:\n${LAST_OUTPUT}")
endif()
expect_exit(0 import vllm-serve ${VLLM} --model-config ${WORK}/frob-8b/config.json
            --write ${WORK}/uncited)
if(EXISTS ${WORK}/uncited/models/frob-8b.toml)
  message(FATAL_ERROR "a model no benchmark cites was written:\n${LAST_OUTPUT}")
endif()

# Nothing is written outside --write DIR, whatever links it holds: a kind folder that links out
# of it (a pull request can add `benchmarks -> ../../elsewhere`), directly or through a link
# inside, is refused at its path before anything is written, here or there. A link that stays
# inside DIR is followed.
file(MAKE_DIRECTORY ${WORK}/elsewhere ${WORK}/linked-out ${WORK}/hopped-out/store)
file(CREATE_LINK ${WORK}/elsewhere ${WORK}/linked-out/benchmarks SYMBOLIC)
file(CREATE_LINK ../elsewhere ${WORK}/hopped-out/hop SYMBOLIC)
file(CREATE_LINK hop ${WORK}/hopped-out/sources SYMBOLIC)
foreach(dir linked-out/benchmarks hopped-out/sources)
  get_filename_component(target ${WORK}/${dir} DIRECTORY)
  expect_exit(2 import vllm-serve ${VLLM} --write ${target})
  if(NOT LAST_OUTPUT MATCHES "${WORK}/${dir}: error\\[symlink-outside-corpus\\]: [^\n]*\n  hint: "
     OR NOT LAST_OUTPUT MATCHES "nothing written")
    message(FATAL_ERROR "a folder link out of --write DIR was not refused:\n${LAST_OUTPUT}")
  endif()
  count_files(${WORK}/elsewhere 0)
endforeach()
# Nor inside: the refusal comes before the first file, so no sources/ was made beside the link.
count_files(${WORK}/linked-out 0)
count_files(${WORK}/hopped-out 0)
if(EXISTS ${WORK}/linked-out/sources OR EXISTS ${WORK}/hopped-out/benchmarks)
  message(FATAL_ERROR "a refused import made folders in --write DIR")
endif()
file(MAKE_DIRECTORY ${WORK}/linked-in/store)
file(CREATE_LINK store ${WORK}/linked-in/benchmarks SYMBOLIC)
expect_exit(0 import vllm-serve ${VLLM} --write ${WORK}/linked-in)
file(GLOB benchmarks ${WORK}/linked-in/store/*.toml)
list(LENGTH benchmarks n_inside)
if(NOT n_inside EQUAL n_single)
  message(FATAL_ERROR "a link inside --write DIR: ${n_inside} benchmark files written through it, "
                      "expected ${n_single}:\n${LAST_OUTPUT}")
endif()

# A write killed between its links leaves records, their temporaries and a journal (made here by
# hand, as a kill leaves them: the record and its temporary one file). The next write puts the
# folder back first, so a record the killed one placed is not taken for one imported before:
# the folder ends with every record, and no temporary or journal.
expect_exit(0 import vllm-serve ${VLLM} --write ${WORK}/whole)
file(GLOB_RECURSE whole RELATIVE ${WORK}/whole ${WORK}/whole/*)
file(GLOB placed ${WORK}/whole/benchmarks/*.toml)
list(GET placed 0 first)
get_filename_component(name ${first} NAME)
file(MAKE_DIRECTORY ${WORK}/killed/benchmarks)
file(COPY_FILE ${first} ${WORK}/killed/benchmarks/.${name}.abcdef)
file(CREATE_LINK ${WORK}/killed/benchmarks/.${name}.abcdef ${WORK}/killed/benchmarks/${name})
file(WRITE ${WORK}/killed/.rooflint-import.journal
     "rooflint import journal 1\nstage\tbenchmarks\t.${name}.abcdef\t${name}\n")
expect_exit(0 import vllm-serve ${VLLM} --write ${WORK}/killed)
if(NOT LAST_OUTPUT MATCHES "the 1 records it had placed are removed and its 1 temporary files")
  message(FATAL_ERROR "the killed write was not put back:\n${LAST_OUTPUT}")
endif()
file(GLOB_RECURSE killed RELATIVE ${WORK}/killed ${WORK}/killed/*)
if(NOT killed STREQUAL whole)
  message(FATAL_ERROR "after a killed write, the next one wrote:\n${killed}\nnot:\n${whole}")
endif()
