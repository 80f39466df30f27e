/// @file isolated_read.cpp
/// run_isolated: fork, read in the child, answer through a pipe, watch the clock (isolated_read.hpp).
#include "io/isolated_read.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>
#include <system_error>

#include "io/results.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define RODSWARM_HAS_SANITIZER 1
#endif
#endif
#if !defined(RODSWARM_HAS_SANITIZER) && defined(__SANITIZE_ADDRESS__)
#define RODSWARM_HAS_SANITIZER 1
#endif
#ifndef RODSWARM_HAS_SANITIZER
#define RODSWARM_HAS_SANITIZER 0
#endif
#if RODSWARM_HAS_SANITIZER
#include <sanitizer/common_interface_defs.h>
#endif

namespace rodswarm {

namespace {

// The child's answer: one status byte ('0' the text follows; '2' a BadFileError's message follows, '3' another
// error's), then the text.
void answer(int fd, char status, const std::string& text) {
  std::string message(1, status);
  message += text;
  const char* p = message.data();
  std::size_t left = message.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

[[noreturn]] void child(int fd, const std::function<std::string()>& body) {
  // A crash must end this process by its signal, not run handlers the parent installed (a sanitizer's, a
  // fuzzer's) that would report it as the parent's; a sanitizer that still catches one (ASan's memcpy checks
  // inside libhdf5) must not call the fuzzer's death callback, which would record the parent's input as a crash.
  for (const int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL}) std::signal(sig, SIG_DFL);
#if RODSWARM_HAS_SANITIZER
  __sanitizer_set_death_callback(nullptr);
#endif
  // What the child would print (libhdf5's own complaints, a sanitizer's report) is the parent's to say, once.
  const int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) ::dup2(null, STDERR_FILENO);
  char status = '0';
  std::string text;
  try {
    text = body();
  } catch (const BadFileError& e) {
    status = '2';
    text = e.what();
  } catch (const std::bad_alloc&) {
    status = '3';
    text = "out of memory while reading it";
  } catch (const std::exception& e) {
    status = '3';
    text = e.what();
  }
  answer(fd, status, text);
  ::close(fd);
  ::_exit(0);  // no atexit handlers, no flushing of the parent's buffers: the child only answers
}

}  // namespace

double read_timeout(const std::string& path) {
  if (const char* text = std::getenv("RODSWARM_READ_TIMEOUT")) {
    char* end = nullptr;
    const double seconds = std::strtod(text, &end);
    if (end != text && seconds > 0) return seconds;
  }
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  return 20.0 + (ec ? 0.0 : double(size) / 20e6);
}

std::string run_isolated(const std::string& path, const std::function<std::string()>& body, double timeout_seconds) {
  int fds[2];
  if (::pipe(fds) != 0) throw IoError(path + ": cannot read it: pipe: " + std::strerror(errno));
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int err = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    throw IoError(path + ": cannot read it: fork: " + std::strerror(err));
  }
  if (pid == 0) {
    ::close(fds[0]);
    child(fds[1], body);
  }
  ::close(fds[1]);
  std::string reply;
  bool timed_out = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  char buffer[65536];
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // EOF: the child answered, or died
    reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  if (timed_out) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    throw BadFileError(path + ": damaged: reading it did not finish in " + std::to_string(int(timeout_seconds)) +
                       " s (the HDF5 library loops on it)");
  }
  if (WIFSIGNALED(status) || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || reply.empty()) {
    const std::string how = WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                                : "exit status " + std::to_string(WEXITSTATUS(status));
    throw BadFileError(path + ": damaged: reading it crashed the HDF5 library (" + how + ")");
  }
  if (reply[0] == '2') throw BadFileError(reply.substr(1));
  if (reply[0] != '0') {
    const std::string text = reply.substr(1);
    throw IoError(text.rfind(path, 0) == 0 ? text : path + ": " + text);
  }
  return reply.substr(1);
}

}  // namespace rodswarm
