// Output files and `-` for stdout (Output.h).
#include "engine/cli/Output.h"

#include "engine/cli/Contract.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

namespace affjit::cli {

static void cannotWrite(const std::string &path, int error) {
  printError("cannot write '" + path + "': " + std::strerror(error));
}

std::unique_ptr<OutputFile> OutputFile::open(const std::string &path,
                                             bool binary) {
  std::unique_ptr<OutputFile> f(new OutputFile());
  f->path = path;
  if (path == "-") {
    f->out = &std::cout;
    return f;
  }
  errno = 0;
  auto mode = std::ios::out | std::ios::trunc;
  if (binary)
    mode |= std::ios::binary;
  f->file = std::make_unique<std::ofstream>(path, mode);
  if (!*f->file) {
    cannotWrite(path, errno ? errno : EIO);
    return nullptr;
  }
  return f;
}

bool OutputFile::close() {
  std::ostream &os = stream();
  os.flush();
  if (file)
    file->close();
  if (!os || (file && file->fail())) {
    cannotWrite(path, errno ? errno : EIO);
    return false;
  }
  return true;
}

bool redirectStdout(const std::string &path) {
  if (path == "-")
    return true;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    cannotWrite(path, errno);
    return false;
  }
  std::cout.flush();
  std::fflush(stdout);
  dup2(fd, STDOUT_FILENO);
  ::close(fd);
  return true;
}

} // namespace affjit::cli
