# Precompiled headers: most of a translation unit's compile time is parsing
# the standard library, LLVM's IR headers, CLI11 and GoogleTest, the same in
# every file. Each target precompiles the outside headers its files
# use (never affjit's own, so a missing include of an affjit header still
# fails to compile). AFFJIT_PCH=OFF builds without them.
option(AFFJIT_PCH "Precompile the standard and third-party headers" ON)

set(AFFJIT_PCH_STD
  <algorithm> <array> <chrono> <cmath> <cstdint> <cstdio> <cstdlib>
  <cstring> <functional> <limits> <map> <memory> <optional> <set> <span>
  <sstream> <string> <string_view> <unordered_map> <unordered_set>
  <utility> <vector>)
# What lowering (frontend/lower) builds LLVM IR with, and what the engine's
# users see through engine/Pipeline.h. ORC's and the pass builder's headers
# are left out: a few files include them (engine/jit/Jit.h), and a
# precompiled copy of them is too large to load for every file.
set(AFFJIT_PCH_LLVM_IR
  <llvm/IR/IRBuilder.h> <llvm/IR/LLVMContext.h> <llvm/IR/Module.h>)

# affjit_precompile_headers(TARGET HEADER...): TARGET's files are compiled
# against one precompiled copy of HEADER... (and the standard library).
function(affjit_precompile_headers target)
  if(AFFJIT_PCH)
    target_precompile_headers(${target} PRIVATE ${AFFJIT_PCH_STD} ${ARGN})
  endif()
endfunction()
