#!/usr/bin/env bash
# Drives `affjit repl` through a real terminal (a tmux pane) to test what only
# a terminal exercises: the libedit path of the line editor. Tab completion
# must produce `:print `, Up must recall the last line, Ctrl-C must discard
# the typed line without ending the session, Ctrl-D at an empty prompt must
# exit with status 0, and the history file must hold what was entered.
#
# Usage: tmux_session.sh AFFJIT_BINARY
# Exit status: 0 passed, 1 failed (with the screen printed), 77 skipped (no
# tmux). Every wait is bounded, and the private tmux server is always killed.
#
# The wait conditions are single-quoted on purpose: waitUntil evaluates them
# again on every poll.
# shellcheck disable=SC2016
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 AFFJIT_BINARY" >&2
  exit 2
fi
if ! command -v tmux > /dev/null; then
  echo "SKIP: tmux is not installed"
  exit 77
fi
affjit=$(realpath "$1")
[ -x "$affjit" ] || { echo "FAIL: $1 is not an executable" >&2; exit 1; }

work=$(mktemp -d)
home=$work/home
mkdir "$home"
history=$home/.affjit_history
status=$work/status # the REPL's exit status, written when it ends
# A private server (its own socket, no config file), so the test neither
# sees nor disturbs the user's tmux.
tmx() { tmux -S "$work/tmux.sock" -f /dev/null "$@"; }
cleanup() {
  tmx kill-server > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP # through the EXIT trap
# Also when run from inside a tmux session.
unset TMUX

# capture-pane drops the prompt's trailing blank. (Used in wait conditions.)
# shellcheck disable=SC2034
prompt='affjit>'
data='[0,  1,  2,  3]'

# The pane's text, scrollback included, trailing blank lines dropped.
screen() {
  tmx capture-pane -p -t repl -S - |
    awk '{ line[NR] = $0 } NF { last = NR } END { for (i = 1; i <= last; i++) print line[i] }'
}
fail() {
  echo "FAIL: $*" >&2
  echo "--- screen ---" >&2
  screen >&2 || true
  echo "--- end of screen ---" >&2
  exit 1
}
# How many lines of the screen are exactly $1.
linesEqual() { screen | grep -cxF -- "$1" || true; }
pane() { tmx display-message -p -t repl "$1"; }
exitStatus() { [ ! -s "$status" ] || echo " with status $(cat "$status")"; }
expectExit=0
# Waits up to 10 s for `$1` (a shell condition) to hold; fails with $2, at
# once if the REPL exits when it should not have.
waitUntil() {
  for _ in $(seq 100); do
    if eval "$1"; then return 0; fi
    if [ $expectExit = 0 ] && [ "$(pane '#{pane_dead}')" = 1 ]; then
      eval "$1" || fail "$2 (the REPL exited$(exitStatus))"
      return 0
    fi
    sleep 0.1
  done
  fail "$2"
}
lastLine() { screen | tail -n 1; }
waitForPrompt() { waitUntil '[ "$(lastLine)" = "$prompt" ]' "no empty prompt $1"; }
typeText() { tmx send-keys -t repl -l -- "$1"; }
press() { tmx send-keys -t repl "$@"; }

# The REPL in a detached session of a fixed size, with a fresh HOME for its
# history file. A shell around it records its exit status: tmux's own
# #{pane_dead_status} sometimes never arrives (the server leaves the pane's
# process unreaped). remain-on-exit keeps the pane, and so its screen, after
# the REPL ends.
tmx start-server \; set-option -g remain-on-exit on \; \
  set-option -g default-shell /bin/sh \; \
  new-session -d -s repl -x 120 -y 40 -e "HOME=$home" \
  -e "AFFJIT_UNDER_TEST=$affjit" -e "AFFJIT_STATUS=$status" \
  '"$AFFJIT_UNDER_TEST" repl; echo $? > "$AFFJIT_STATUS"'
waitForPrompt "after starting \`$affjit repl\`"

typeText '%A = alloc memref<4xf32> iota'
press Enter
waitForPrompt "after the alloc"

# Completion supplies ":print " (with its blank): "%A" follows directly.
typeText 'func.func @touch(%m: memref<4xf32>) {'
press Enter
waitUntil '[ "$(lastLine)" = "   ...>" ]' "no continuation prompt inside a definition"
typeText '  return'
press Enter
typeText '}'
press Enter
waitUntil '[ "$(linesEqual "defined @touch")" = 1 ]' "@touch was not defined"
waitForPrompt "after defining @touch"

typeText ':call @to'
press Tab
waitUntil '[ "$(lastLine)" = "$prompt :call @touch(" ]' \
  "Tab after ':call @to' did not complete to ':call @touch('"
typeText '%'
press Tab
waitUntil '[ "$(lastLine)" = "$prompt :call @touch(%A" ]' \
  "Tab after '%' did not complete the buffer name %A"
typeText ')'
press Enter
waitForPrompt "after :call @touch(%A)"

typeText ':pri'
press Tab
waitUntil '[ "$(lastLine)" = "$prompt :print" ]' \
  "Tab after ':pri' did not complete to ':print '"
typeText '%A'
press Enter
waitUntil '[ "$(linesEqual "$data")" = 1 ]' ":print %A did not print $data"
waitForPrompt "after :print %A"

# Up recalls the last line; Enter runs it again.
press Up
waitUntil '[ "$(lastLine)" = "$prompt :print %A" ]' \
  "Up did not recall ':print %A'"
press Enter
waitUntil '[ "$(linesEqual "$data")" = 2 ]' \
  "the recalled :print %A did not print $data again"
waitForPrompt "after the recalled :print %A"

# Ctrl-C discards the typed junk; the session goes on.
typeText 'junk that must not run'
waitUntil '[ "$(lastLine)" = "$prompt junk that must not run" ]' \
  "the typed junk is not shown"
press C-c
waitForPrompt "after Ctrl-C"
typeText ':buffers'
press Enter
waitUntil 'screen | awk -v cmd="$prompt :buffers" '\''
    $0 == cmd { after = 1; next } after && /%A/ { found = 1 } END { exit !found }'\' \
  ":buffers after Ctrl-C did not list %A"
waitForPrompt "after :buffers"

# Ctrl-D at the empty prompt ends the REPL with status 0.
press C-d
expectExit=1
waitUntil '[ -s "$status" ]' "the REPL did not exit after Ctrl-D"
[ "$(cat "$status")" = 0 ] ||
  fail "the REPL exited with status $(cat "$status") after Ctrl-D"

# Each line entered is in the history file; the discarded one is not.
[ -f "$history" ] || fail "no history file $history"
for line in '%A = alloc memref<4xf32> iota' ':print %A' ':buffers'; do
  grep -qxF -- "$line" "$history" || fail "'$line' is not in $history"
done
if grep -qF junk "$history"; then
  fail "the line discarded with Ctrl-C is in $history"
fi
echo "PASS: tmux session (completion, history, Ctrl-C, Ctrl-D)"
