// The process exit codes, in one place.
#ifndef ROOFLINT_EXIT_CODES_H_
#define ROOFLINT_EXIT_CODES_H_

namespace rooflint {

enum class ExitCode : int {
  kClean = 0,         // no error-severity finding on a non-deprecated record
  kFindings = 1,      // findings (or, under --strict, warnings) on non-deprecated records
  kInvalidInput = 2,  // a record or file could not be read as a valid record
  kUsage = 3,         // bad command line
  kInternal = 4,      // a bug in rooflint
};

}  // namespace rooflint

#endif  // ROOFLINT_EXIT_CODES_H_
