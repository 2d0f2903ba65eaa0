// The safe writer: exclusive temporary, fsync, rename; special files written in place.
#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace rooflint {
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

}  // namespace

bool WriteFileSafely(const std::string& path, std::string_view text, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  // Follow a symbolic link: its target is what the user means, and the link must survive.
  fs::path target = fs::path(path);
  if (fs::is_symlink(target, ec)) {
    target = fs::weakly_canonical(target, ec);
    if (ec) {
      error = fmt::format("cannot follow the link: {}", ec.message());
      return false;
    }
  }
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
      bool ok = WriteAll(fd, text);
      int saved = errno;
      ok = (::close(fd) == 0) && ok;
      if (!ok) error = fmt::format("cannot write it: {}", std::strerror(saved));
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
  ::fchmod(fd, 0644);
  bool ok = WriteAll(fd, text) && ::fsync(fd) == 0;
  int saved = errno;
  ok = (::close(fd) == 0) && ok;
  if (!ok) {
    ::unlink(pattern.c_str());
    error = fmt::format("cannot write it: {}", std::strerror(saved));
    return false;
  }
  if (::rename(pattern.c_str(), target.c_str()) != 0) {
    saved = errno;
    ::unlink(pattern.c_str());
    error = fmt::format("cannot replace it: {}", std::strerror(saved));
    return false;
  }
  return true;
}

}  // namespace rooflint
