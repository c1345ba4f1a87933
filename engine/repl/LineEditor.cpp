// Line input for the REPL (LineEditor.h): libedit's native API on a terminal,
// std::getline otherwise.
//
// Key handling on the terminal:
//  - Tab runs our completion (complete()) in place of libedit's file-name
//    completion.
//  - The terminal's signal characters are turned off while a line is edited
//    (`setty -d -isig`), so Ctrl-C arrives as a key that discards the line
//    instead of a SIGINT that would end the process. Ctrl-Z, which the same
//    switch turns into a key, stops the process the way the terminal would
//    (Ctrl-\ just does nothing at the prompt).
//    While JIT code runs the terminal is back in its normal mode, so Ctrl-C
//    there still sends SIGINT (which the REPL's CrashGuard catches).
//  - History is written to its file as each line is entered, as plain text,
//    one entry per line; libedit's H_SAVE is not used because it rewrites the
//    whole file and escapes blanks (`%A\040=\040alloc...`).
#include "engine/repl/LineEditor.h"

#include <histedit.h>

#include <algorithm>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace affjit::repl {

LineEditor::~LineEditor() = default;

namespace {

/// Enough to never lose entries in practice (libedit's default is 800).
constexpr int kHistorySize = 100000;

bool isWordBreak(char c) {
  return c == ' ' || c == '\t' || c == '(' || c == ',';
}

/// Where the word that ends at the end of `text` starts.
size_t wordStart(std::string_view text) {
  size_t start = text.size();
  while (start > 0 && !isWordBreak(text[start - 1]))
    --start;
  return start;
}

std::string commonPrefix(const std::vector<std::string> &words) {
  std::string prefix = words.front();
  for (const std::string &word : words) {
    size_t n = 0;
    while (n < prefix.size() && n < word.size() && prefix[n] == word[n])
      ++n;
    prefix.resize(n);
  }
  return prefix;
}

/// Characters (not bytes) in `text`: libedit counts wide characters when it
/// deletes.
int charCount(const std::string &text) {
  size_t n = std::mbstowcs(nullptr, text.c_str(), 0);
  return static_cast<int>(n == static_cast<size_t>(-1) ? text.size() : n);
}

bool isBlank(const std::string &line) {
  return line.find_first_not_of(" \t") == std::string::npos;
}

/// Set by SIGCONT while Ctrl-Z has the process stopped.
volatile std::sig_atomic_t continued = 0;

void onContinue(int) { continued = 1; }

/// The history file: plain text, one entry per line, appended to (one write
/// per entry) as soon as a line is entered, so nothing typed is lost when JIT
/// code crashes the process or it is killed. After the first failure it warns
/// once and is no longer written.
class HistoryFile {
public:
  explicit HistoryFile(std::string path) : path_(std::move(path)) {}
  HistoryFile(const HistoryFile &) = delete;
  HistoryFile &operator=(const HistoryFile &) = delete;
  ~HistoryFile() {
    if (fd_ >= 0)
      close(fd_);
  }

  std::vector<std::string> load() const {
    std::vector<std::string> lines;
    std::ifstream in(path_);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      if (!isBlank(line))
        lines.push_back(line);
    }
    return lines;
  }

  void append(const std::string &line) {
    if (path_.empty() || failed_ || !ensureOpen())
      return;
    std::string record = line + "\n";
    if (write(fd_, record.data(), record.size()) !=
        static_cast<ssize_t>(record.size()))
      fail();
  }

private:
  bool ensureOpen() {
    if (fd_ < 0)
      fd_ =
          open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd_ < 0)
      fail();
    return fd_ >= 0;
  }

  void fail() {
    std::fprintf(stderr,
                 "affjit: warning: cannot write the history file %s: %s; "
                 "history is not saved\n",
                 path_.c_str(), std::strerror(errno));
    failed_ = true;
  }

  std::string path_;
  int fd_ = -1;
  bool failed_ = false;
};

class PlainLineEditor final : public LineEditor {
public:
  std::optional<std::string> readLine(const std::string &) override {
    std::string line;
    if (!std::getline(std::cin, line))
      return std::nullopt;
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    return line;
  }
  bool isInteractive() const override { return false; }
};

class EditLineEditor final : public LineEditor {
public:
  /// nullptr when libedit cannot set up the terminal.
  static std::unique_ptr<EditLineEditor> open(const std::string &historyPath,
                                              Completer completer);
  EditLineEditor(EditLine *el, const std::string &historyPath,
                 Completer completer);
  EditLineEditor(const EditLineEditor &) = delete;
  EditLineEditor &operator=(const EditLineEditor &) = delete;
  ~EditLineEditor() override;

  std::optional<std::string> readLine(const std::string &prompt) override;
  bool isInteractive() const override { return true; }

private:
  static EditLineEditor &of(EditLine *el);
  static char *promptOf(EditLine *el);
  static unsigned char completeKey(EditLine *el, int);
  static unsigned char interruptKey(EditLine *el, int);
  static unsigned char suspendKey(EditLine *el, int);

  void setUpHistory();
  void bindKeys();
  void remember(const std::string &line);
  unsigned char complete();
  std::vector<std::string> candidatesFor(const std::string &line,
                                         const std::string &word);
  void replaceWord(const std::string &word, const std::string &replacement);
  void listCandidates(const std::vector<std::string> &candidates);
  unsigned char interrupt();

  EditLine *el_;
  History *history_;
  HistoryFile file_;
  Completer completer_;
  std::string prompt_;
  bool interrupted_ = false;
};

std::unique_ptr<EditLineEditor>
EditLineEditor::open(const std::string &historyPath, Completer completer) {
  // libedit decodes keys and encodes the line with the C library's multibyte
  // functions: in the "C" locale, UTF-8 input would show as octal escapes.
  if (std::strcmp(std::setlocale(LC_CTYPE, nullptr), "C") == 0)
    std::setlocale(LC_CTYPE, "");
  EditLine *el = el_init("affjit", stdin, stdout, stderr);
  if (!el)
    return nullptr;
  return std::make_unique<EditLineEditor>(el, historyPath,
                                          std::move(completer));
}

EditLineEditor::EditLineEditor(EditLine *el, const std::string &historyPath,
                               Completer completer)
    : el_(el), history_(history_init()), file_(historyPath),
      completer_(std::move(completer)) {
  el_set(el_, EL_CLIENTDATA, this);
  el_set(el_, EL_PROMPT, &EditLineEditor::promptOf);
  el_set(el_, EL_EDITOR, "emacs");
  // libedit follows a resize (SIGWINCH) mid-line, and restores the terminal
  // when a signal (SIGTERM, SIGHUP) ends the process mid-line.
  el_set(el_, EL_SIGNAL, 1);
  // Retry a read that a signal (e.g. SIGCHLD) interrupted instead of failing.
  el_set(el_, EL_SAFEREAD, 1);
  setUpHistory();
  // The user's ~/.editrc (e.g. `bind -v`) before our keys: `bind -v`/`-e`
  // reset the key map and would drop them.
  el_source(el_, nullptr);
  bindKeys();
}

EditLineEditor::~EditLineEditor() {
  el_end(el_);
  history_end(history_);
}

void EditLineEditor::setUpHistory() {
  HistEvent event;
  history(history_, &event, H_SETSIZE, kHistorySize);
  for (const std::string &line : file_.load())
    history(history_, &event, H_ENTER, line.c_str());
  el_set(el_, EL_HIST, history, history_);
}

void EditLineEditor::bindKeys() {
  // The wide-character EL_ADDFN keeps the (static) strings it is given; the
  // narrow one copies them and never frees the copies (LeakSanitizer reports
  // them).
  el_wset(el_, EL_ADDFN, L"affjit-complete", L"complete the word at the cursor",
          &EditLineEditor::completeKey);
  el_wset(el_, EL_ADDFN, L"affjit-interrupt", L"discard the line",
          &EditLineEditor::interruptKey);
  el_wset(el_, EL_ADDFN, L"affjit-suspend", L"stop the process (job control)",
          &EditLineEditor::suspendKey);
  el_set(el_, EL_BIND, "^I", "affjit-complete", nullptr);
  el_set(el_, EL_BIND, "^C", "affjit-interrupt", nullptr);
  el_set(el_, EL_BIND, "^Z", "affjit-suspend", nullptr);
  // Ctrl-C and Ctrl-Z reach the key map above instead of raising signals, in
  // edit mode only ("-d").
  el_set(el_, EL_SETTY, "-d", "-isig", nullptr);
}

std::optional<std::string> EditLineEditor::readLine(const std::string &prompt) {
  prompt_ = prompt;
  for (;;) {
    interrupted_ = false;
    errno = 0;
    int count = 0;
    const char *text = el_gets(el_, &count);
    // Ctrl-C, or a signal that interrupted the read twice: a fresh prompt.
    if (interrupted_ || (!text && count < 0 && errno == EINTR))
      continue;
    if (!text) {
      // Ctrl-D leaves the cursor after the prompt; end that line.
      std::fputc('\n', stdout);
      std::fflush(stdout);
      return std::nullopt;
    }
    std::string line(text, count);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
      line.pop_back();
    remember(line);
    return line;
  }
}

void EditLineEditor::remember(const std::string &line) {
  if (isBlank(line))
    return;
  HistEvent event;
  history(history_, &event, H_ENTER, line.c_str());
  file_.append(line);
}

EditLineEditor &EditLineEditor::of(EditLine *el) {
  void *self = nullptr;
  el_get(el, EL_CLIENTDATA, &self);
  return *static_cast<EditLineEditor *>(self);
}

char *EditLineEditor::promptOf(EditLine *el) { return of(el).prompt_.data(); }

unsigned char EditLineEditor::completeKey(EditLine *el, int) {
  // An exception must not unwind through libedit's C frames.
  try {
    return of(el).complete();
  } catch (...) {
    return CC_REFRESH_BEEP;
  }
}

unsigned char EditLineEditor::interruptKey(EditLine *el, int) {
  return of(el).interrupt();
}

/// Ctrl-Z: what the terminal's suspend character does when no line is being
/// edited. The shell gets the terminal in its normal mode; after `fg` the
/// line is drawn again below the shell's output. Outside job control (an
/// orphaned process group) the kernel discards the signal, and editing just
/// goes on. Our own SIGCONT handler meanwhile: libedit's redraws only when
/// the signal interrupts its read, not when it arrives in a key function.
unsigned char EditLineEditor::suspendKey(EditLine *el, int) {
  struct sigaction onCont = {}, saved = {};
  onCont.sa_handler = onContinue;
  sigaction(SIGCONT, &onCont, &saved);
  continued = 0;
  el_set(el, EL_PREP_TERM, 0);
  std::raise(SIGTSTP);
  el_set(el, EL_PREP_TERM, 1);
  sigaction(SIGCONT, &saved, nullptr);
  // The shell left the cursor at the start of a line after its "fg" output,
  // where EL_REFRESH assumes it is.
  if (continued)
    el_set(el, EL_REFRESH);
  return CC_NORM;
}

unsigned char EditLineEditor::complete() {
  const LineInfo *info = el_line(el_);
  std::string line(info->buffer, info->cursor);
  std::string word = line.substr(wordStart(line));
  std::vector<std::string> candidates = candidatesFor(line, word);
  if (candidates.empty())
    return CC_REFRESH_BEEP;
  if (candidates.size() == 1) {
    const std::string &only = candidates.front();
    // A call's '(' is followed by its arguments, anything else by a blank.
    replaceWord(word, only.ends_with('(') ? only : only + " ");
    return CC_REFRESH;
  }
  std::string prefix = commonPrefix(candidates);
  if (prefix.size() > word.size()) {
    replaceWord(word, prefix);
    return CC_REFRESH;
  }
  listCandidates(candidates);
  return CC_NORM;
}

std::vector<std::string>
EditLineEditor::candidatesFor(const std::string &line,
                              const std::string &word) {
  if (!completer_)
    return {};
  std::vector<std::string> candidates = completer_(line, word);
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()),
                   candidates.end());
  return candidates;
}

void EditLineEditor::replaceWord(const std::string &word,
                                 const std::string &replacement) {
  el_deletestr(el_, charCount(word));
  el_insertstr(el_, replacement.c_str());
}

/// Prints the candidates in columns below the line (sorted down the columns,
/// like bash) and draws the prompt and the line again under them.
void EditLineEditor::listCandidates(
    const std::vector<std::string> &candidates) {
  int columns = 80;
  el_get(el_, EL_GETTC, "co", &columns);
  size_t width = 0;
  for (const std::string &candidate : candidates)
    width = std::max(width, candidate.size() + 2);
  size_t perRow = std::max<size_t>(1, static_cast<size_t>(columns) / width);
  size_t rows = (candidates.size() + perRow - 1) / perRow;
  std::string text = "\n";
  for (size_t row = 0; row < rows; ++row) {
    for (size_t i = row; i < candidates.size(); i += rows) {
      text += candidates[i];
      if (i + rows < candidates.size())
        text.append(width - candidates[i].size(), ' ');
    }
    text += '\n';
  }
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
  // The cursor is now at the start of a fresh line, which is where
  // EL_REFRESH assumes it is: it forgets what it drew and draws it all again.
  el_set(el_, EL_REFRESH);
}

/// Ctrl-C: show "^C" after the line, end it as Enter would, and have
/// readLine() drop it and prompt again (like a shell).
unsigned char EditLineEditor::interrupt() {
  interrupted_ = true;
  const LineInfoW *info = el_wline(el_);
  el_cursor(el_, static_cast<int>(info->lastchar - info->cursor));
  el_insertstr(el_, "^C");
  // Enter through libedit's own newline, which moves below a line that
  // wraps over several rows before it returns.
  el_push(el_, "\n");
  return CC_REFRESH;
}

} // namespace

std::unique_ptr<LineEditor> LineEditor::create(const std::string &historyPath,
                                               Completer completer,
                                               bool forcePlain) {
  if (!forcePlain && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
    if (auto editor = EditLineEditor::open(historyPath, std::move(completer)))
      return editor;
  return std::make_unique<PlainLineEditor>();
}

} // namespace affjit::repl
