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
if(NOT sarif MATCHES "\"version\": \"2.1.0\"" OR NOT sarif MATCHES "\"ruleId\": \"memory-roof\"")
  message(FATAL_ERROR "SARIF report without its version or the memory-roof result:\n${sarif}")
endif()

sweep_to(md ${WORK}/report.md 1)
file(READ ${WORK}/report.md md)
if(NOT md MATCHES "# rooflint report" OR NOT md MATCHES "\\*\\*exceeds\\*\\*")
  message(FATAL_ERROR "Markdown report incomplete:\n${md}")
endif()

sweep_to(html ${WORK}/report.html 1)
file(READ ${WORK}/report.html html)
if(NOT html MATCHES "<svg class=\"roofline\"" OR NOT html MATCHES "class=\"point per-user exceeds\"")
  message(FATAL_ERROR "HTML report without its chart or the exceeding point:\n${html}")
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
