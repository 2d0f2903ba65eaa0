// Writing a report or a baseline safely: the one writer the commands use.
#ifndef ROOFLINT_CORE_FILE_IO_H_
#define ROOFLINT_CORE_FILE_IO_H_

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rooflint {

// Whether `path`, every symbolic link in it resolved, is `real_root` (a path with no links, as
// std::filesystem::canonical gives) or inside it; false when it cannot be resolved. The test
// of a link in a corpus or in the folder `import --write` writes into: untrusted content may
// link within, never out.
bool ResolvesInside(const std::filesystem::path& real_root, const std::filesystem::path& path);

// Writes `text` to `path` so that no reader ever sees half a file and nothing else is touched:
//  - a regular file (or a path that does not exist yet) is replaced through a temporary file
//    created exclusively beside it (unique name, O_EXCL), written, fsync'ed and renamed over
//    it; a symbolic link is followed and its target replaced, never the link itself;
//  - a name of a descriptor the process holds (/dev/stdout, /dev/stderr, /dev/fd/N,
//    /proc/self/fd/N), given or met following links, is written through that descriptor as it
//    stands (a log opened for appending keeps what it held, a pipe gets the text), never
//    reopened or replaced;
//  - a path that exists and is not a regular file (/dev/null, a terminal, a FIFO) is written
//    directly, never replaced;
//  - a folder is refused.
// Returns false with `error` ("cannot ...: reason") when it cannot; the temporary is removed.
bool WriteFileSafely(const std::string& path, std::string_view text, std::string& error);

// One file to create, for CreateFilesAtomically.
struct NewFile {
  std::string path;  // under the folder written into: "benchmarks/x.toml", no ".."
  std::string text;
};

// Creates every file of `files` under the folder `root` (created when missing; it may itself
// be a link, which the user chose), all or none, never over an existing file and never outside
// `root`, whatever links it holds. Each folder below `root` is resolved, must lie inside it (a
// link that stays inside is followed, one that leaves is refused), and is opened from the
// folder above with O_NOFOLLOW, so a link put there meanwhile is refused too; each file is
// first written to an exclusive temporary in its folder (folders are created) and fsync'ed;
// then each is linked into place in order (linkat), which fails rather than replace a file
// that appeared meanwhile. If any step fails, the files linked so far are removed again, every
// temporary is deleted, and `error` says which path failed and why.
//
// All or none holds even when the process is killed: a journal in `root`
// (.rooflint-import.journal) lists each temporary as it is made and says when every file is
// linked. The next call finds it first and puts the folder back: the files of an unfinished
// call are removed (only those that are still its temporary's file), the temporaries deleted;
// `recovered` (when given) then says what was done. `after_link`, for tests, is called with
// the number of files linked so far after each link.
bool CreateFilesAtomically(const std::string& root, const std::vector<NewFile>& files,
                           std::string& error, std::string* recovered = nullptr,
                           const std::function<void(size_t)>& after_link = {});
// The first step of CreateFilesAtomically alone, for a caller that looks at what `root` holds
// before it decides what to write (a record placed by a killed write is not one imported
// before): puts back what an interrupted write left, `note` saying what was done ("" when
// nothing was left). False with `error` when its journal cannot be read.
bool RecoverInterruptedWrite(const std::string& root, std::string& note, std::string& error);

// What is at a path under a folder, looked up as CreateFilesAtomically would create it there.
struct FoundUnder {
  enum Kind {
    kNothing,  // no such file (or no such folder yet)
    kFile,     // a regular file of at most the size asked: its text is `text`
    kOther,    // a link, a folder, a larger file, anything else: taken as other content
    kLeaves,   // a folder on the way is a link that leaves the folder: `where` is its path
    kError,    // it cannot be looked at: `where` says why
  };
  Kind kind = kNothing;
  std::string text;
  std::string where;
};
FoundUnder LookUnder(const std::string& root, const std::string& path, size_t max_bytes);

// Why a read failed, for callers that report each case with a code of their own.
enum class ReadFailure { kNone, kIo, kNotAFile, kTooLarge };

// The one file reader: reads `path` into `text` when it is a regular file of at most
// `max_bytes`. The open never blocks (a FIFO is refused, not waited on) and a device is never
// read. Returns false with `error` ("not a regular file ...", "N bytes: more than ...", the
// system's reason) and `failure` set otherwise.
bool ReadRegularFile(const std::string& path, size_t max_bytes, std::string& text,
                     std::string& error, ReadFailure* failure = nullptr);
// ReadRegularFile for many files, most in the folder of the one before (a corpus's kind
// folder, the records a report quotes lines of): the last file's folder is kept open and the
// next file in it is opened relative to it (openat), so the system does not walk the folder's
// path again for each file. One per thread.
class FolderReader {
 public:
  FolderReader() = default;
  ~FolderReader();
  FolderReader(const FolderReader&) = delete;
  FolderReader& operator=(const FolderReader&) = delete;
  bool Read(const std::string& path, size_t max_bytes, std::string& text, std::string& error,
            ReadFailure* failure = nullptr);

 private:
  std::string folder_;  // of the last file read
  int folder_fd_ = -1;  // open, or -1 when it could not be opened (then paths are opened)
};

}  // namespace rooflint

#endif  // ROOFLINT_CORE_FILE_IO_H_
