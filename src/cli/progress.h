// Progress on stderr for long commands: after about a second, one line that names what the
// command is doing and for how long, redrawn in place and erased at the end. Only when stderr
// is a terminal; otherwise it prints nothing. The work itself never calls into it: the command
// names each phase, and a background thread draws.
#ifndef ROOFLINT_CLI_PROGRESS_H_
#define ROOFLINT_CLI_PROGRESS_H_

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace rooflint::cli {

class Progress {
 public:
  // Draws only when `enabled` (see StderrIsTerminal) and the command has run for `delay`.
  explicit Progress(bool enabled,
                    std::chrono::milliseconds delay = std::chrono::milliseconds(1000));
  ~Progress();  // erases the line and stops drawing
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // What the command is doing now ("auditing 26 records").
  void Phase(std::string text);
  // How far the phase has got: shown as "done / total" after the phase's text. Thread-safe.
  void Count(size_t done, size_t total);
  // Erases the line and stops drawing; call it before writing to a terminal. Idempotent.
  void Stop();

 private:
  void Run();

  std::mutex mu_;
  std::condition_variable cv_;
  std::string phase_;
  std::string count_;
  bool done_ = false;
  bool drawn_ = false;
  std::chrono::milliseconds delay_;
  std::chrono::steady_clock::time_point start_;
  std::thread thread_;
};

// True when stderr is a terminal.
bool StderrIsTerminal();

}  // namespace rooflint::cli

#endif  // ROOFLINT_CLI_PROGRESS_H_
