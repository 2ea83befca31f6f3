#include "tools/messages.h"

#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <ctime>

namespace hare::tools {

Messages::Messages() {
  struct stat st;
  pipe_ = fstat(STDERR_FILENO, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
  replaced_ = std::cerr.rdbuf(this);
}

Messages::~Messages() { std::cerr.rdbuf(replaced_); }

Messages::int_type Messages::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  Write(&ch, 1);
  return c;
}

std::streamsize Messages::xsputn(const char* s, std::streamsize n) {
  Write(s, static_cast<size_t>(n));
  return n;
}

void Messages::Write(const char* s, size_t n) {
  if (n == 0 || gone_.load(std::memory_order_relaxed)) return;
  // SIGPIPE is blocked in this thread for the write, so that a pipe without
  // a reader fails it with EPIPE; the signal that write raised is then taken
  // off the thread (unless one was pending before), and the mask restored.
  sigset_t pipe_signal, old;
  bool was_pending = false;
  if (pipe_) {
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &old);
    sigset_t pending;
    was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1;
  }
  bool broken = false;
  while (n > 0) {
    const ssize_t wrote = ::write(STDERR_FILENO, s, n);
    if (wrote >= 0) {
      s += wrote;
      n -= static_cast<size_t>(wrote);
    } else if (errno != EINTR) {
      broken = errno == EPIPE;
      if (broken) gone_.store(true, std::memory_order_relaxed);
      break;  // any other refusal loses this message, as std::cerr's did
    }
  }
  if (pipe_) {
    if (broken && !was_pending) {
      const timespec now{};
      while (sigtimedwait(&pipe_signal, nullptr, &now) < 0 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }
}

}  // namespace hare::tools
