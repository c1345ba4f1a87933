#!/usr/bin/env bash
# Drives `affjit repl` through a real terminal (a tmux pane) to test what only
# a terminal exercises: the libedit path of the line editor. Tab completion
# must produce `:print `, Up must recall the last line, Ctrl-C must discard
# the typed line without ending the session, Ctrl-D at an empty prompt must
# exit with status 0, and the history file must hold what was entered. On
# the way, a kernel with a parallel loop crashes (at the default thread
# count and after `:set threads 2`) without ending the session or changing
# its buffer, and `:save`/`:load` move a buffer through a .npy file (checked
# with NumPy when python3 has it).
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

# A crash inside a parallel loop (on whichever thread) is reported, and the
# buffer keeps the values it had before the call: first at the default
# thread count, then at two threads.
typeText 'func.func @stamp(%m: memref<8xf32>, %k: index) {'
press Enter
for line in '  %c = arith.constant 7.0 : f32' \
  '  affine.parallel (%i) = (0) to (8) {' \
  '    memref.store %c, %m[%i] : memref<8xf32>' \
  '    %j = arith.muli %i, %k : index' \
  '    memref.store %c, %m[%j] : memref<8xf32>' '  }' '  return' '}'; do
  typeText "$line"
  press Enter
done
waitUntil '[ "$(linesEqual "defined @stamp")" = 1 ]' "@stamp was not defined"
waitForPrompt "after defining @stamp"
typeText '%P = alloc memref<8xf32> iota'
press Enter
waitForPrompt "after allocating %P"
iota='[0,  1,  2,  3,  4,  5,  6,  7]'
crash='error: @stamp crashed with SIGSEGV (segmentation fault)'
crashes=0
for threads in default 2; do
  typeText ":set threads $threads"
  press Enter
  waitUntil 'screen | grep -q "^threads: [0-9]"' ":set threads $threads showed no thread count"
  waitForPrompt "after :set threads $threads"
  typeText ':call @stamp(%P, 1099511627776)'
  press Enter
  crashes=$((crashes + 1))
  waitUntil '[ "$(linesEqual "$crash")" = $crashes ]' \
    "the crash in @stamp at threads $threads was not reported"
  waitForPrompt "after the crash at threads $threads"
  typeText ':print %P'
  press Enter
  waitUntil '[ "$(linesEqual "$iota")" = $crashes ]' \
    "%P changed after the crash at threads $threads"
  waitForPrompt "after :print %P"
done
[ "$(linesEqual 'threads: 2')" -ge 1 ] || fail ":set threads 2 did not show 'threads: 2'"

# A good call, then the buffer through a .npy file into a new buffer.
typeText ':call @stamp(%P, 0)'
press Enter
waitForPrompt "after :call @stamp(%P, 0)"
typeText ":save %P $work/p.npy"
press Enter
waitUntil '[ "$(linesEqual "saved %P (memref<8xf32>, dtype <f4) to $work/p.npy")" = 1 ]' \
  ":save did not report the saved file"
typeText ":load %Q $work/p.npy"
press Enter
waitUntil '[ "$(linesEqual "%Q: memref<8xf32>, 32 bytes, loaded from $work/p.npy")" = 1 ]' \
  ":load did not create %Q from the file"
typeText ':print %Q'
press Enter
waitUntil '[ "$(linesEqual "[7,  7,  7,  7,  7,  7,  7,  7]")" = 1 ]' \
  ":print %Q did not show what @stamp wrote"
waitForPrompt "after :print %Q"
for python in python3 /usr/bin/python3; do
  if "$python" -c 'import numpy' 2> /dev/null; then
    "$python" -c 'import numpy as np, sys
a = np.load(sys.argv[1])
assert a.dtype == np.float32 and a.shape == (8,) and (a == 7).all(), a' \
      "$work/p.npy" || fail "NumPy does not read $work/p.npy as eight 7s"
    break
  fi
done

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
echo "PASS: tmux session (completion, history, Ctrl-C, crashes in parallel loops, :save/:load, Ctrl-D)"
