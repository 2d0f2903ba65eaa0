# The settings file: rooflint.toml found upward from the working folder, its values under the
# flags' names, a flag given winning, --config and --isolated, `rooflint config`, a located
# diagnostic for each mistake in the file, and the width of terminal output ($COLUMNS).
# Invoked by CTest with -DROOFLINT=<binary> -DCORPORA=<tests/corpora> -DWORK=<scratch folder>.
include(${CMAKE_CURRENT_LIST_DIR}/cli_expect.cmake)

file(REMOVE_RECURSE ${WORK})
set(PROJECT ${WORK}/project)
file(MAKE_DIRECTORY ${PROJECT}/sub/deeper)
file(COPY ${CORPORA}/base ${CORPORA}/exceeds DESTINATION ${PROJECT})
function(settings text)
  file(WRITE ${PROJECT}/rooflint.toml "${text}")
endfunction()
set(RUN_IN ${PROJECT}/sub/deeper)

# Found two folders up; its corpus paths are relative to the file, and so are the paths shown.
settings("corpus = [\"base\", \"exceeds\"]\n")
expect_exit(1 sweep)
if(NOT LAST_OUTPUT MATCHES "\\.\\./\\.\\./exceeds/benchmarks/above-roof\\.toml:5:1: error\\[exceeds-roof\\]")
  message(FATAL_ERROR "the settings file's corpus was not swept from two folders down:\n${LAST_OUTPUT}")
endif()
# Its ignore applies; a flag given wins over it; --isolated reads no file.
settings("corpus = [\"base\", \"exceeds\"]\nignore = [\"exceeds-roof\", \"memory-roof\"]\n")
expect_exit(0 sweep)
expect_exit(1 sweep --ignore no-scenario)
expect_exit(1 sweep --isolated ../../base ../../exceeds)
# Folders given win over `corpus`.
expect_exit(0 sweep ../../base)

# `rooflint config`: each value and where it came from.
settings("corpus = [\"base\", \"exceeds\"]\nstrict = true\nnear-roof = 90\n")
expect_exit(0 config)
if(NOT LAST_OUTPUT MATCHES "from \\.\\./\\.\\./rooflint\\.toml \\(the nearest"
   OR NOT LAST_OUTPUT MATCHES "strict +true +\\.\\./\\.\\./rooflint\\.toml:2"
   OR NOT LAST_OUTPUT MATCHES "near-roof +90 +\\.\\./\\.\\./rooflint\\.toml:3"
   OR NOT LAST_OUTPUT MATCHES "exit-zero +false +default")
  message(FATAL_ERROR "rooflint config does not say what is in force and from where:\n${LAST_OUTPUT}")
endif()
expect_exit(0 config --isolated)
if(NOT LAST_OUTPUT MATCHES "No settings file \\(--isolated\\)")
  message(FATAL_ERROR "rooflint config --isolated read a file:\n${LAST_OUTPUT}")
endif()
# strict from the file fails the sweep on a warning; --isolated does not read it.
file(WRITE ${WORK}/other.toml "strict = false\nexit-zero = true\n")
expect_exit(0 sweep --config ${WORK}/other.toml ../../base ../../exceeds)
expect_exit(3 sweep --config ${WORK}/other.toml --isolated)
expect_exit(3 sweep --config ${WORK}/missing.toml)
if(NOT LAST_OUTPUT MATCHES "missing\\.toml: error\\[io-error\\]: cannot read the settings file")
  message(FATAL_ERROR "a missing --config file was not refused:\n${LAST_OUTPUT}")
endif()
# .rooflint.toml is found first in a folder that has both.
file(WRITE ${PROJECT}/sub/.rooflint.toml "exit-zero = true\n")
expect_exit(0 config)
if(NOT LAST_OUTPUT MATCHES "from \\.\\./\\.rooflint\\.toml")
  message(FATAL_ERROR "the nearest settings file was not the one read:\n${LAST_OUTPUT}")
endif()
file(REMOVE ${PROJECT}/sub/.rooflint.toml)

# Each mistake is a located diagnostic, exit 3 (as a bad flag is), and nothing is swept.
function(expect_problem text pattern)
  settings("${text}")
  expect_exit(3 sweep)
  if(NOT LAST_OUTPUT MATCHES "${pattern}" OR LAST_OUTPUT MATCHES "benchmarks swept")
    message(FATAL_ERROR "settings '${text}': expected ${pattern}:\n${LAST_OUTPUT}")
  endif()
endfunction()
expect_problem("stirct = true\n"
  "rooflint\\.toml:1:1: error\\[unknown-key\\]: unknown key 'stirct' in a settings file, did you mean 'strict'\\?")
expect_problem("strict = true\nmax-warnings = \"3\"\n"
  "rooflint\\.toml:2:16: error\\[wrong-type\\]: 'max-warnings' must be a whole number.*hint: write it as: max-warnings = 0")
expect_problem("select = [\"exceeds-rooof\"]\n"
  "rooflint\\.toml:1:11: error\\[unknown-value\\]: 'exceeds-rooof' names no finding code")
expect_problem("format = \"sarf\"\n"
  "error\\[unknown-value\\]: 'format' = \"sarf\" is not one of text, json, md, sarif, html, did you mean 'sarif'")
expect_problem("near-roof = 5000\n" "error\\[unknown-value\\]: 'near-roof' = 5000 is outside 1 to 1000")
expect_problem("corpus = \"base\"\n" "error\\[wrong-type\\]: 'corpus' must be a list of paths")
expect_problem("[sweep]\nstrict = true\n" "error\\[unknown-key\\]: unknown key 'sweep'")
expect_problem("strict = \n" "rooflint\\.toml:1:10: error\\[toml-syntax\\]")
file(REMOVE ${PROJECT}/rooflint.toml)
file(MAKE_DIRECTORY ${PROJECT}/rooflint.toml)
expect_exit(3 sweep)
if(NOT LAST_OUTPUT MATCHES "rooflint\\.toml: error\\[not-a-file\\]")
  message(FATAL_ERROR "a folder named rooflint.toml was not refused:\n${LAST_OUTPUT}")
endif()
file(REMOVE_RECURSE ${PROJECT}/rooflint.toml)

# The width of terminal output: $COLUMNS when standard output is not a terminal, else 100;
# the summary line wraps to it.
set(ROOFLINT_PLAIN ${ROOFLINT})
set(ROOFLINT ${CMAKE_COMMAND} -E env COLUMNS=60 ${ROOFLINT_PLAIN})
expect_exit(1 sweep ../../base ../../exceeds)
string(REGEX MATCHALL "[^\n]+" lines "${LAST_OUTPUT}")
foreach(line IN LISTS lines)
  string(LENGTH "${line}" n)
  if(n GREATER 60 AND NOT line MATCHES "^\\.\\./")
    message(FATAL_ERROR "a line is wider than COLUMNS=60 (${n}):\n${line}")
  endif()
endforeach()
