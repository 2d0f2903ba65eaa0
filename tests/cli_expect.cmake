# Shared by the CLI test scripts: run the rooflint binary (${ROOFLINT}) with ARGN, fail unless
# it exits with `code`, and leave its stdout and stderr in LAST_OUTPUT. The command runs in
# ${RUN_IN} when a script sets it (the folder a settings file is looked for from).
function(expect_exit code)
  if(NOT DEFINED RUN_IN)
    set(RUN_IN ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  execute_process(COMMAND ${ROOFLINT} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err WORKING_DIRECTORY ${RUN_IN})
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "rooflint ${ARGN}: exit ${rc}, expected ${code}\n${out}\n${err}")
  endif()
  set(LAST_OUTPUT "${out}${err}" PARENT_SCOPE)
endfunction()
