# `rooflint sweep --format md|sarif|html --output FILE` end to end: each format is written to
# its file (replacing an old one, through a temporary file that does not stay behind), the
# exit code is the sweep's, stdout stays empty, and a folder is refused as an output path.
# Invoked by CTest with -DROOFLINT=<binary> -DCORPORA=<tests/corpora> -DWORK=<scratch folder>.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(sweep_to format file expected_rc)
  execute_process(COMMAND ${ROOFLINT} sweep ${CORPORA}/base ${CORPORA}/exceeds --format ${format}
                          --output ${file}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "--format ${format}: exit ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "--format ${format} --output: wrote to stdout:\n${out}")
  endif()
endfunction()

file(WRITE ${WORK}/report.sarif "an old report, to be replaced\n")
sweep_to(sarif ${WORK}/report.sarif 1)
file(READ ${WORK}/report.sarif sarif)
if(NOT sarif MATCHES "\"version\": \"2.1.0\"" OR NOT sarif MATCHES "\"ruleId\": \"exceeds-roof\"")
  message(FATAL_ERROR "SARIF report without its version or the exceeds-roof result:\n${sarif}")
endif()

sweep_to(md ${WORK}/report.md 1)
file(READ ${WORK}/report.md md)
if(NOT md MATCHES "# rooflint report" OR NOT md MATCHES "\\*\\*exceeds\\*\\*")
  message(FATAL_ERROR "Markdown report incomplete:\n${md}")
endif()

sweep_to(html ${WORK}/report.html 1)
file(READ ${WORK}/report.html html)
if(NOT html MATCHES "<svg class=\"plane" OR NOT html MATCHES "class=\"point per-user exceeds[ \"]")
  message(FATAL_ERROR "HTML report without its serving plane or the exceeding point:\n${html}")
endif()

file(GLOB leftovers ${WORK}/*.tmp-*)
if(leftovers)
  message(FATAL_ERROR "temporary files left behind: ${leftovers}")
endif()

execute_process(COMMAND ${ROOFLINT} sweep ${CORPORA}/base --format md --output ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 3 OR NOT err MATCHES "is a folder; --output takes a file path")
  message(FATAL_ERROR "--output to a folder: exit ${rc}\n${out}\n${err}")
endif()

# The one safe writer: a path that is not a regular file is written in place, never
# replaced (/dev/null stays a device); a symbolic link survives and its target gets the report;
# no predictable temporary is left beside the target; a report that cannot reach standard
# output (a full disk) fails the command.
execute_process(COMMAND ${ROOFLINT} sweep ${CORPORA}/base --format md --output /dev/null
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR IS_DIRECTORY /dev/null OR NOT EXISTS /dev/null)
  message(FATAL_ERROR "--output /dev/null: exit ${rc}\n${err}")
endif()
file(WRITE ${WORK}/target.md "old")
file(CREATE_LINK ${WORK}/target.md ${WORK}/link.md SYMBOLIC)
execute_process(COMMAND ${ROOFLINT} sweep ${CORPORA}/base --format md --output ${WORK}/link.md
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT IS_SYMLINK ${WORK}/link.md)
  message(FATAL_ERROR "--output through a symbolic link replaced the link\n${err}")
endif()
file(READ ${WORK}/target.md written)
if(NOT written MATCHES "rooflint")
  message(FATAL_ERROR "--output through a link did not write its target:\n${written}")
endif()
file(GLOB leftovers ${WORK}/.*.XXXXXX ${WORK}/*.tmp-*)
if(leftovers)
  message(FATAL_ERROR "temporary files left behind: ${leftovers}")
endif()
if(EXISTS /dev/full)
  execute_process(COMMAND sh -c "\"${ROOFLINT}\" sweep \"${CORPORA}/base\" > /dev/full"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0 OR rc EQUAL 1 OR NOT err MATCHES "cannot write the report to standard output")
    message(FATAL_ERROR "a report to a full disk: exit ${rc}\n${err}")
  endif()
endif()

# Inputs that are not regular files are refused at once, never waited on: a FIFO as the
# --baseline or as an import file used to hang the command.
execute_process(COMMAND mkfifo ${WORK}/fifo RESULT_VARIABLE made)
if(made EQUAL 0)
  execute_process(COMMAND ${ROOFLINT} sweep ${CORPORA}/base --baseline ${WORK}/fifo
                  RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 20)
  if(NOT rc EQUAL 3 OR NOT err MATCHES "not a regular file")
    message(FATAL_ERROR "--baseline FIFO: exit ${rc}\n${err}")
  endif()
  execute_process(COMMAND ${ROOFLINT} import llama-bench ${WORK}/fifo
                  RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 20)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "not a regular file")
    message(FATAL_ERROR "import of a FIFO: exit ${rc}\n${err}")
  endif()
  execute_process(COMMAND ${ROOFLINT} sweep ${CORPORA}/base --baseline /dev/zero
                  RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 20)
  if(NOT rc EQUAL 3 OR NOT err MATCHES "not a regular file")
    message(FATAL_ERROR "--baseline /dev/zero: exit ${rc}\n${err}")
  endif()
endif()

# --output naming a descriptor (/dev/stdout, /dev/stderr, /dev/fd/N) writes through to what it
# already is: a log opened for append keeps what it held and its inode (a rename over it lost
# the log), and a pipe gets the report (the temporary beside /proc/self/fd/1 could not be made).
foreach(case "/dev/stdout >>" "/dev/stderr 2>>" "/dev/fd/3 3>>")
  separate_arguments(parts UNIX_COMMAND "${case}")
  list(GET parts 0 name)
  list(GET parts 1 redirect)
  file(WRITE ${WORK}/build.log "logged before the sweep\n")
  execute_process(COMMAND ls -i ${WORK}/build.log OUTPUT_VARIABLE inode_before)
  string(REGEX MATCH "^[0-9]+" inode_before "${inode_before}")
  execute_process(COMMAND sh -c "\"$0\" sweep \"$1\" --output ${name} ${redirect} \"$2\""
                          ${ROOFLINT} ${CORPORA}/base ${WORK}/build.log
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  execute_process(COMMAND ls -i ${WORK}/build.log OUTPUT_VARIABLE inode_after)
  string(REGEX MATCH "^[0-9]+" inode_after "${inode_after}")
  file(READ ${WORK}/build.log log)
  if(NOT rc EQUAL 0 OR NOT log MATCHES "^logged before the sweep\n.*benchmarks swept"
     OR NOT inode_before STREQUAL inode_after)
    message(FATAL_ERROR "--output ${name} ${redirect} a log: exit ${rc}, inode ${inode_before} "
                        "then ${inode_after}\n${err}\n${log}")
  endif()
endforeach()
execute_process(COMMAND ${ROOFLINT} sweep ${CORPORA}/base --output /dev/stdout
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "benchmarks swept")
  message(FATAL_ERROR "--output /dev/stdout into a pipe: exit ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${ROOFLINT} sweep ${CORPORA}/base --write-baseline /dev/stdout --force
                        --output /dev/null
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^# rooflint baseline v1\n")
  message(FATAL_ERROR "--write-baseline /dev/stdout into a pipe: exit ${rc}\n${out}\n${err}")
endif()
