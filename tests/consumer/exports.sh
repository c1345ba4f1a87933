#!/usr/bin/env bash
# Checks what libaffjit.so exports (cmake/libaffjit.map): the members of
# the classes and the functions declared in include/affjit/*.h and the
# runtime functions JIT code calls (runtime/SymbolTable.cpp), all of them,
# and nothing else: no llvm::, std:: or internal affjit symbols.
# Usage: exports.sh SOURCE_DIR LIBRARY
set -euo pipefail
src=$1 lib=$2
headers=("$src"/include/affjit/*.h)
status=0
bad() { echo "FAIL: $*" >&2; status=1; }

readelf -d "$lib" | grep -q 'SONAME.*\[libaffjit\.so\.[0-9]' ||
  bad "no versioned SONAME: $(readelf -d "$lib" | grep SONAME)"

mapfile -t symbols < <(nm -D --defined-only "$lib" | awk '{print $3}' | c++filt)
[ ${#symbols[@]} -gt 0 ] || bad "no exported symbols"
all=$(printf '%s\n' "${symbols[@]}")
llvm=$(grep -c 'llvm::' <<<"$all" || true)
[ "$llvm" = 0 ] || bad "$llvm llvm:: symbols exported"

for s in "${symbols[@]}"; do
  case $s in
  affjit::*)
    rest=${s#affjit::}
    name=${rest%%[(:<]*}
    after=${rest:${#name}:2}
    if [ "$after" = "::" ]; then # a member of class `name`
      grep -qE "^(class|struct)( \[\[[^]]*\]\]| [A-Z_]+)* $name( |\$|\{)" \
        "${headers[@]}" ||
        bad "exported, not a public class's member: $s"
    else # a function in namespace affjit
      grep -qE "(^| |\*|&)$name\(" "${headers[@]}" ||
        bad "exported, not declared in include/affjit: $s"
    fi
    ;;
  *::* | *' '*) bad "exported: $s" ;;
  *)
    grep -qE "\b$s\(" "$src/include/affjit/Runtime.h" ||
      bad "exported C symbol not in include/affjit/Runtime.h: $s"
    ;;
  esac
done

# Every runtime function JIT code may call resolves from the library too.
for f in $(grep -oE 'AFFJIT_RT_SYMBOL\([A-Za-z0-9_]+\)' \
  "$src/runtime/SymbolTable.cpp" | sed 's/.*(\(.*\))/\1/' | grep -vx NAME); do
  grep -qx "$f" <<<"$all" || bad "not exported: $f"
done
for f in 'affjit::Engine::compile(' 'affjit::Engine::lookup(' \
  'affjit::Function::invoke('; do
  grep -qF "$f" <<<"$all" || bad "not exported: $f"
done

echo "$lib: ${#symbols[@]} exported symbols, $llvm from llvm::"
exit $status
