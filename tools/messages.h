// Where hare's messages (std::cerr: the progress table, the summary, bad
// lines, errors) go. A reader of them that goes away (2>&1 | head) must not
// end the command: a training run would be killed by SIGPIPE before it
// saves its model. The messages after that are lost, as those past a full
// disk are; the answers on stdout still end a command whose reader has gone.
#pragma once

#include <atomic>
#include <iostream>
#include <streambuf>

namespace hare::tools {

// For its lifetime, std::cerr writes through it: each piece straight to
// file descriptor 2, with SIGPIPE held back on a pipe or a socket.
class Messages : public std::streambuf {
 public:
  Messages();
  ~Messages() override;
  Messages(const Messages&) = delete;
  Messages& operator=(const Messages&) = delete;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;

 private:
  void Write(const char* s, size_t n);

  std::streambuf* replaced_;
  bool pipe_;                      // fd 2 is a pipe or a socket, where SIGPIPE can come
  std::atomic<bool> gone_{false};  // its reader has gone: the rest is dropped
};

}  // namespace hare::tools
