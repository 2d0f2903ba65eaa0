// Progress on stderr (see progress.h).
#include "cli/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace rooflint::cli {

bool StderrIsTerminal() { return isatty(STDERR_FILENO) == 1; }

Progress::Progress(bool enabled, std::chrono::milliseconds delay)
    : delay_(delay), start_(std::chrono::steady_clock::now()) {
  if (enabled) thread_ = std::thread([this] { Run(); });
}

Progress::~Progress() { Stop(); }

void Progress::Stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    done_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Progress::Phase(std::string text) {
  std::lock_guard<std::mutex> lock(mu_);
  phase_ = std::move(text);
  count_.clear();
}

void Progress::Count(size_t done, size_t total) {
  std::lock_guard<std::mutex> lock(mu_);
  count_ = fmt::format(": {} / {}", std::min(done, total), total);
}

void Progress::Run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!cv_.wait_for(lock, std::chrono::milliseconds(200), [this] { return done_; })) {
    auto elapsed = std::chrono::steady_clock::now() - start_;
    if (elapsed < delay_) continue;
    double seconds = std::chrono::duration<double>(elapsed).count();
    std::fputs(fmt::format("\r\033[Krooflint: {}{} ({:.0f} s)", phase_, count_, seconds).c_str(),
               stderr);
    std::fflush(stderr);
    drawn_ = true;
  }
  if (drawn_) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

}  // namespace rooflint::cli
