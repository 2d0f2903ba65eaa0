# Shared by the CLI test scripts: run the rooflint binary (${ROOFLINT}) with ARGN, fail unless
# it exits with `code`, and leave its stdout and stderr in LAST_OUTPUT.
function(expect_exit code)
  execute_process(COMMAND ${ROOFLINT} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "rooflint ${ARGN}: exit ${rc}, expected ${code}\n${out}\n${err}")
  endif()
  set(LAST_OUTPUT "${out}${err}" PARENT_SCOPE)
endfunction()
