// The safe writer: exclusive temporary, fsync, rename; special files and descriptors written
// in place.
#include "core/file_io.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <random>

namespace rooflint {
namespace fs = std::filesystem;
namespace {

bool WriteAll(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// The descriptor `path` names when it is one of the names the system gives an open descriptor
// of this process (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, and
// /proc/thread-self/fd/N or /proc/<this process>/fd/N), else -1.
int DescriptorNamed(const fs::path& path) {
  std::error_code ec;
  const std::string p = fs::absolute(path, ec).lexically_normal().string();
  if (p == "/dev/stdout") return STDOUT_FILENO;
  if (p == "/dev/stderr") return STDERR_FILENO;
  const std::string own = fmt::format("/proc/{}/fd/", ::getpid());
  for (std::string_view folder :
       {std::string_view("/dev/fd/"), std::string_view("/proc/self/fd/"),
        std::string_view("/proc/thread-self/fd/"), std::string_view(own)}) {
    if (!p.starts_with(folder) || p.size() == folder.size()) continue;
    int fd = -1;
    const char* end = p.data() + p.size();
    auto [stop, error] = std::from_chars(p.data() + folder.size(), end, fd);
    if (error == std::errc() && stop == end && fd >= 0) return fd;
  }
  return -1;
}

// Follows the links `path` names, one at a time (a relative one from the link's folder), to
// the first descriptor's name met on the way (then `fd` >= 0) or a path that is not a link.
// The descriptor's names must be caught before they are followed: /dev/stdout leads to
// /proc/self/fd/1, which leads to the log file stdout appends to, or to "pipe:[N]", which is
// no path at all. False with `error` when a link cannot be read or the links loop.
bool FollowLinks(fs::path& path, int& fd, std::string& error) {
  constexpr int kMaxLinks = 40;  // as the system's own limit (ELOOP)
  for (int links = 0; links <= kMaxLinks; ++links) {
    std::error_code ec;
    fd = DescriptorNamed(path);
    if (fd >= 0 || !fs::is_symlink(path, ec)) return true;
    const fs::path next = fs::read_symlink(path, ec);
    if (ec) {
      error = fmt::format("cannot follow the link: {}", ec.message());
      return false;
    }
    path = path.parent_path() / next;  // an absolute `next` replaces the whole path
  }
  error = "cannot follow the link: too many levels of symbolic links";
  return false;
}

// Writes `text` into the open descriptor `fd` where it stands: appended to a file opened for
// appending, into a pipe or a terminal as they are. What the process printed through its
// streams before is flushed first, so that it comes first.
bool WriteInPlace(int fd, std::string_view text, std::string& error) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  if (!WriteAll(fd, text)) {
    error = fmt::format("cannot write it: {}", std::strerror(errno));
    return false;
  }
  return true;
}

// Writes `text` into the new file `fd` (made 0644: mkstemp makes 0600), fsyncs and closes it.
// False with `error` ("cannot write it: reason") when any step fails.
bool FillAndClose(int fd, std::string_view text, std::string& error) {
  ::fchmod(fd, 0644);
  bool ok = WriteAll(fd, text) && ::fsync(fd) == 0;
  const int saved = errno;
  ok = (::close(fd) == 0) && ok;
  if (!ok) error = fmt::format("cannot write it: {}", std::strerror(saved));
  return ok;
}

// Creates an exclusive temporary ".NAME.XXXXXX" in the open folder `folder`, as mkstemp does
// beside a path: a name nobody chose, O_EXCL, never through a link. Its name goes to `temp`.
int CreateTemporaryAt(int folder, std::string_view name, std::string& temp) {
  static constexpr std::string_view kLetters =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  thread_local std::mt19937_64 random{std::random_device{}()};
  std::uniform_int_distribution<size_t> letter(0, kLetters.size() - 1);
  for (int attempt = 0; attempt < 100; ++attempt) {
    temp.assign(1, '.');
    temp += name;
    temp += '.';
    for (int i = 0; i < 6; ++i) temp += kLetters[letter(random)];
    const int fd =
        ::openat(folder, temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;  // errno is EEXIST
}

// Opens the folder `sub` (relative, no "..") of the folder `root`, creating `root` and the
// folders on the way when `create`, never outside `root`. `root` is taken as it is: the user
// named it. Below it, where `sub` leads with every link resolved must be inside `root`: else
// `leaving` is set to the first link on the way that leads out. The resolved folders are then
// opened one from the other with O_NOFOLLOW, so a link made there meanwhile fails the open
// rather than being followed. Returns the open folder, or -1: with `error` set when it failed,
// with neither set when it does not exist (and not `create`).
int OpenFolderUnder(const std::string& root, const fs::path& sub, bool create, std::string& error,
                    std::string& leaving) {
  std::error_code ec;
  if (create && !fs::is_directory(root, ec)) fs::create_directories(root, ec);
  if (ec) {
    error = ec.message();
    return -1;
  }
  const fs::path real_root = fs::canonical(root, ec);
  if (ec) {
    if (ec != std::errc::no_such_file_or_directory) error = ec.message();
    return -1;
  }
  const fs::path full = fs::path(root) / sub;
  if (!ResolvesInside(real_root, full)) {
    fs::path on_the_way = root;
    leaving = full.string();
    for (const fs::path& part : sub) {
      on_the_way /= part;
      if (fs::is_symlink(on_the_way, ec) && !ResolvesInside(real_root, on_the_way)) {
        leaving = on_the_way.string();
        break;
      }
    }
    return -1;
  }
  int fd = ::open(real_root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    error = std::strerror(errno);
    return -1;
  }
  for (const fs::path& part : fs::weakly_canonical(full, ec).lexically_relative(real_root)) {
    if (part == ".") continue;
    if (create && ::mkdirat(fd, part.c_str(), 0755) != 0 && errno != EEXIST) {
      error = std::strerror(errno);
      ::close(fd);
      return -1;
    }
    const int next = ::openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const int saved = errno;
    ::close(fd);
    if (next < 0) {
      if (saved != ENOENT || create) error = std::strerror(saved);
      return -1;
    }
    fd = next;
  }
  return fd;
}

}  // namespace

bool ResolvesInside(const fs::path& real_root, const fs::path& path) {
  std::error_code ec;
  const fs::path target = fs::weakly_canonical(path, ec);
  auto [r, t] = std::mismatch(real_root.begin(), real_root.end(), target.begin(), target.end());
  return !ec && r == real_root.end();
}

bool WriteFileSafely(const std::string& path, std::string_view text, std::string& error) {
  // Follow a symbolic link: its target is what the user means, and the link must survive.
  fs::path target = fs::path(path);
  int named_fd = -1;
  if (!FollowLinks(target, named_fd, error)) return false;
  // A descriptor this process was given (`--output /dev/stdout >> build.log`): written through
  // as it is. Reopened by its name, a log opened for appending would be written from its start;
  // replaced, what it held would be lost and the shell's descriptor left on the old file.
  if (named_fd >= 0) return WriteInPlace(named_fd, text, error);
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      error = "is a folder; --output takes a file path";
      return false;
    }
    if (!S_ISREG(st.st_mode)) {
      // A device or a FIFO: write into it as it is; replacing it would destroy it.
      int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
      if (fd < 0) {
        error = fmt::format("cannot open it: {}", std::strerror(errno));
        return false;
      }
      bool ok = WriteInPlace(fd, text, error);
      ok = (::close(fd) == 0) && ok;
      if (!ok && error.empty()) error = fmt::format("cannot write it: {}", std::strerror(errno));
      return ok;
    }
  }
  fs::path dir = target.parent_path();
  std::string pattern =
      (dir.empty() ? fs::path(".") : dir) / ("." + target.filename().string() + ".XXXXXX");
  int fd = ::mkstemp(pattern.data());  // O_CREAT | O_EXCL, mode 0600, a name nobody chose
  if (fd < 0) {
    error = fmt::format("cannot create a temporary file beside it: {}", std::strerror(errno));
    return false;
  }
  if (!FillAndClose(fd, text, error)) {
    ::unlink(pattern.c_str());
    return false;
  }
  if (::rename(pattern.c_str(), target.c_str()) != 0) {
    const int saved = errno;
    ::unlink(pattern.c_str());
    error = fmt::format("cannot replace it: {}", std::strerror(saved));
    return false;
  }
  return true;
}

namespace {

bool ReadRegularFileAt(int dir_fd, const char* name, size_t max_bytes, std::string& text,
                       std::string& error, ReadFailure* failure);

// The journal of a CreateFilesAtomically in progress, in the root folder: a first line, one
// `stage` line per temporary as it is made (its folder under the root, its name, the record's
// name), and `committed` once every record is linked. A process killed before `committed`
// leaves records that the next call removes; killed after, temporaries that it deletes.
constexpr char kJournalName[] = ".rooflint-import.journal";
constexpr std::string_view kJournalFirstLine = "rooflint import journal 1";
constexpr size_t kMaxJournalBytes = size_t{256} << 20;

// A temporary's name as CreateTemporaryAt makes it for `name`: ".NAME.XXXXXX".
bool IsTemporaryOf(std::string_view temp, std::string_view name) {
  if (name.empty() || name[0] == '.' || temp.size() != name.size() + 8) return false;
  if (temp[0] != '.' || temp.substr(1, name.size()) != name || temp[name.size() + 1] != '.') {
    return false;
  }
  return std::all_of(temp.end() - 6, temp.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  });
}

// A folder under the root as a journal names it: relative, no "..", "." or empty part.
bool IsPlainRelativeFolder(std::string_view folder) {
  if (folder.empty()) return true;
  if (folder.front() == '/' || folder.back() == '/') return false;
  for (size_t start = 0; start <= folder.size();) {
    size_t end = folder.find('/', start);
    if (end == std::string_view::npos) end = folder.size();
    std::string_view part = folder.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return false;
    start = end + 1;
  }
  return true;
}

// Finishes what an interrupted CreateFilesAtomically left in `root`: with no `committed`
// line, removes every record it had linked (the same file as its temporary, so never one that
// was there before or came from elsewhere); in both cases deletes its temporaries, then the
// journal. `note` says what was done; false with `error` when the journal cannot be read.
bool RecoverAt(const std::string& root, int root_fd, std::string& note, std::string& error) {
  std::string text, why;
  if (!ReadRegularFileAt(root_fd, kJournalName, kMaxJournalBytes, text, why, nullptr)) {
    error = fmt::format(
        "{}: an interrupted import's journal that cannot be read ({}); look at "
        "what it lists, then remove it",
        (fs::path(root) / kJournalName).string(), why);
    return false;
  }
  struct Entry {
    std::string folder, temp, name;
  };
  std::vector<Entry> entries;
  bool committed = false, first = true;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) break;  // a line cut short by the kill: never acted on
    std::string_view line(text.data() + start, end - start);
    start = end + 1;
    if (first) {
      first = false;
      if (line != kJournalFirstLine) break;
      continue;
    }
    if (line == "committed") {
      committed = true;
      continue;
    }
    // "stage\tFOLDER\tTEMP\tNAME"
    size_t a = line.find('\t'), b = line.find('\t', a + 1), c = line.find('\t', b + 1);
    if (line.substr(0, a) != "stage" || a == std::string_view::npos ||
        b == std::string_view::npos || c == std::string_view::npos ||
        line.find('\t', c + 1) != std::string_view::npos) {
      continue;
    }
    Entry e{std::string(line.substr(a + 1, b - a - 1)), std::string(line.substr(b + 1, c - b - 1)),
            std::string(line.substr(c + 1))};
    if (!IsPlainRelativeFolder(e.folder) || e.name.find('/') != std::string::npos ||
        !IsTemporaryOf(e.temp, e.name)) {
      continue;
    }
    entries.push_back(std::move(e));
  }
  if (first) committed = false;
  size_t removed = 0, temporaries = 0;
  std::map<std::string, int> folders;
  for (const Entry& e : entries) {
    auto folder = folders.find(e.folder);
    if (folder == folders.end()) {
      std::string ignored, leaving;
      folder =
          folders.emplace(e.folder, OpenFolderUnder(root, e.folder, false, ignored, leaving)).first;
    }
    const int fd = folder->second;
    if (fd < 0) continue;
    struct stat temp {
    }, placed{};
    if (::fstatat(fd, e.temp.c_str(), &temp, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(temp.st_mode)) {
      continue;
    }
    if (!committed && ::fstatat(fd, e.name.c_str(), &placed, AT_SYMLINK_NOFOLLOW) == 0 &&
        placed.st_ino == temp.st_ino && placed.st_dev == temp.st_dev &&
        ::unlinkat(fd, e.name.c_str(), 0) == 0) {
      ++removed;
    }
    if (::unlinkat(fd, e.temp.c_str(), 0) == 0) ++temporaries;
  }
  for (const auto& [name, fd] : folders) {
    if (fd >= 0) ::close(fd);
  }
  ::unlinkat(root_fd, kJournalName, 0);
  note = committed ? fmt::format(
                         "an earlier import into {} was stopped after it had written "
                         "every record: {} temporary files it left are deleted",
                         root, temporaries)
                   : fmt::format(
                         "an earlier import into {} was stopped before it had written "
                         "every record: the {} records it had placed are removed and its "
                         "{} temporary files deleted: the folder is as it was before it",
                         root, removed, temporaries);
  return true;
}

}  // namespace

bool RecoverInterruptedWrite(const std::string& root, std::string& note, std::string& error) {
  std::string open_error, leaving;
  const int root_fd = OpenFolderUnder(root, "", false, open_error, leaving);
  if (root_fd < 0) {
    if (open_error.empty()) return true;  // no folder yet: nothing to recover
    error = fmt::format("{}: cannot open it: {}", root, open_error);
    return false;
  }
  struct stat st {};
  bool ok = true;
  if (::fstatat(root_fd, kJournalName, &st, AT_SYMLINK_NOFOLLOW) == 0) {
    ok = RecoverAt(root, root_fd, note, error);
  }
  ::close(root_fd);
  return ok;
}

bool CreateFilesAtomically(const std::string& root, const std::vector<NewFile>& files,
                           std::string& error, std::string* recovered,
                           const std::function<void(size_t)>& after_link) {
  struct Staged {
    int folder;        // the open folder it goes into
    std::string name;  // its name there
    std::string temp;  // the temporary's name there
    bool linked = false;
  };
  std::map<std::string, int> folders;  // each folder under root, opened once
  std::vector<Staged> staged;
  // The journal, in the root: made first (an earlier one is recovered), so that whenever this
  // process is killed, the next call puts the folder back to none or all.
  std::string root_error, root_leaving;
  const int root_fd = OpenFolderUnder(root, "", true, root_error, root_leaving);
  if (root_fd < 0) {
    error = fmt::format("{}: cannot open it: {}", root, root_error);
    return false;
  }
  int journal = -1;
  for (int attempt = 0; attempt < 2 && journal < 0; ++attempt) {
    journal =
        ::openat(root_fd, kJournalName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (journal < 0 && errno == EEXIST && attempt == 0) {
      std::string note;
      if (!RecoverAt(root, root_fd, note, error)) {
        ::close(root_fd);
        return false;
      }
      if (recovered != nullptr) *recovered = note;
    }
  }
  if (journal < 0) {
    error = fmt::format("{}: cannot create its journal: {}", root, std::strerror(errno));
    ::close(root_fd);
    return false;
  }
  bool journal_ok = WriteAll(journal, fmt::format("{}\n", kJournalFirstLine));
  auto finish = [&](bool ok) {
    for (const Staged& f : staged) {
      if (!ok && f.linked) ::unlinkat(f.folder, f.name.c_str(), 0);
      ::unlinkat(f.folder, f.temp.c_str(), 0);
    }
    for (const auto& [name, fd] : folders) ::close(fd);
    ::close(journal);
    ::unlinkat(root_fd, kJournalName, 0);
    ::close(root_fd);
    return ok;
  };
  // Stage: every file written and on disk before any appears.
  for (const NewFile& f : files) {
    const fs::path path(f.path);
    const std::string shown = (fs::path(root) / path).string();
    auto folder = folders.find(path.parent_path().string());
    if (folder == folders.end()) {
      std::string why, leaving;
      const int fd = OpenFolderUnder(root, path.parent_path(), true, why, leaving);
      if (fd < 0) {
        error = leaving.empty() ? fmt::format("{}: cannot create its folder: {}", shown, why)
                                : fmt::format(
                                      "{}: a symbolic link that leaves {}; nothing was "
                                      "written",
                                      leaving, root);
        return finish(false);
      }
      folder = folders.emplace(path.parent_path().string(), fd).first;
    }
    Staged& file = staged.emplace_back(Staged{folder->second, path.filename().string(), {}});
    const int fd = CreateTemporaryAt(file.folder, file.name, file.temp);
    if (fd < 0) {
      error = fmt::format("{}: cannot create a temporary file beside it: {}", shown,
                          std::strerror(errno));
      staged.pop_back();
      return finish(false);
    }
    journal_ok = journal_ok &&
                 WriteAll(journal, fmt::format("stage\t{}\t{}\t{}\n", path.parent_path().string(),
                                               file.temp, file.name));
    std::string why;
    if (!FillAndClose(fd, f.text, why)) {
      error = fmt::format("{}: {}", shown, why);
      return finish(false);
    }
  }
  // The journal names every temporary, on disk before the first record appears.
  if (!journal_ok || ::fsync(journal) != 0) {
    error = fmt::format("{}: cannot write its journal: {}; nothing was written", root,
                        std::strerror(errno));
    return finish(false);
  }
  // Commit: link each into place; a name that exists now (a link too) is a refusal, not an
  // overwrite.
  for (size_t i = 0; i < staged.size(); ++i) {
    Staged& f = staged[i];
    if (::linkat(f.folder, f.temp.c_str(), f.folder, f.name.c_str(), 0) != 0) {
      const int saved = errno;
      const std::string shown = (fs::path(root) / files[i].path).string();
      error = saved == EEXIST
                  ? fmt::format("{}: it appeared while importing; nothing was written", shown)
                  : fmt::format("{}: cannot create it: {}; nothing was written", shown,
                                std::strerror(saved));
      return finish(false);
    }
    f.linked = true;
    if (after_link) after_link(i + 1);
  }
  // Every record is in place: from here an interruption leaves only temporaries to delete.
  WriteAll(journal, "committed\n");
  return finish(true);
}

namespace {

// ReadRegularFile of `name` in the open folder `dir_fd` (AT_FDCWD: `name` is a path).
bool ReadRegularFileAt(int dir_fd, const char* name, size_t max_bytes, std::string& text,
                       std::string& error, ReadFailure* failure) {
  ReadFailure ignored;
  ReadFailure& why = failure != nullptr ? *failure : ignored;
  why = ReadFailure::kNone;
  text.clear();
  int fd = ::openat(dir_fd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    why = ReadFailure::kIo;
    error = std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    why = ReadFailure::kNotAFile;
    error = "not a regular file (a FIFO, a device or a folder): not read";
    return false;
  }
  if (static_cast<size_t>(st.st_size) > max_bytes) {
    ::close(fd);
    why = ReadFailure::kTooLarge;
    error = fmt::format("{} bytes: more than the {} this file may hold; not read", st.st_size,
                        max_bytes);
    return false;
  }
  // Read straight into `text`, asking for one byte more than the size: a read that comes back
  // short once the stated size is in is the end of the file, so a file that did not grow takes
  // one read, not two. Past max_bytes it is refused: at most max_bytes + 1 bytes are held.
  const size_t size = static_cast<size_t>(st.st_size);
  size_t want = size + 1;
  size_t got = 0;
  ssize_t n = 0;
  int saved = 0;
  for (;;) {
    if (text.size() < got + want) text.resize(got + want);
    n = ::read(fd, text.data() + got, want);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) saved = errno;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
    if (got > max_bytes) break;
    if (static_cast<size_t>(n) < want && got >= size) break;  // short: the end of the file
    want = std::min<size_t>(std::max<size_t>(got, 4096), max_bytes + 1 - got);
  }
  text.resize(got);
  ::close(fd);
  if (n < 0) {
    why = ReadFailure::kIo;
    error = std::strerror(saved);
    return false;
  }
  if (text.size() > max_bytes) {
    why = ReadFailure::kTooLarge;
    error = "the file grew past its size limit while read";
    return false;
  }
  return true;
}

}  // namespace

bool ReadRegularFile(const std::string& path, size_t max_bytes, std::string& text,
                     std::string& error, ReadFailure* failure) {
  return ReadRegularFileAt(AT_FDCWD, path.c_str(), max_bytes, text, error, failure);
}

FolderReader::~FolderReader() {
  if (folder_fd_ >= 0) ::close(folder_fd_);
}

bool FolderReader::Read(const std::string& path, size_t max_bytes, std::string& text,
                        std::string& error, ReadFailure* failure) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos || slash == 0) {
    return ReadRegularFile(path, max_bytes, text, error, failure);
  }
  const std::string_view folder(path.data(), slash);
  if (folder != folder_) {
    if (folder_fd_ >= 0) ::close(folder_fd_);
    folder_.assign(folder);
    folder_fd_ = ::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  }
  if (folder_fd_ < 0) return ReadRegularFile(path, max_bytes, text, error, failure);
  return ReadRegularFileAt(folder_fd_, path.c_str() + slash + 1, max_bytes, text, error, failure);
}

FoundUnder LookUnder(const std::string& root, const std::string& path, size_t max_bytes) {
  FoundUnder found;
  const fs::path relative(path);
  std::string error;
  const int folder = OpenFolderUnder(root, relative.parent_path(), false, error, found.where);
  if (folder < 0) {
    found.kind = !found.where.empty() ? FoundUnder::kLeaves
                 : error.empty()      ? FoundUnder::kNothing
                                      : FoundUnder::kError;
    if (found.kind == FoundUnder::kError) found.where = std::move(error);
    return found;
  }
  const std::string name = relative.filename().string();
  struct stat st {};
  if (::fstatat(folder, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    found.kind = errno == ENOENT ? FoundUnder::kNothing : FoundUnder::kError;
    if (found.kind == FoundUnder::kError) found.where = std::strerror(errno);
  } else if (S_ISREG(st.st_mode) &&
             ReadRegularFileAt(folder, name.c_str(), max_bytes, found.text, error, nullptr)) {
    found.kind = FoundUnder::kFile;
  } else {
    found.kind = FoundUnder::kOther;  // a link is not followed, even to the same text
  }
  ::close(folder);
  return found;
}

}  // namespace rooflint
