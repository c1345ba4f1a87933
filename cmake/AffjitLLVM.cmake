# Finds Debian's LLVM 19 and exposes it as one imported target that links the
# shared libLLVM-19.so (fast links, one copy of LLVM in every binary).
find_package(LLVM 19.1 REQUIRED CONFIG
  HINTS /usr/lib/llvm-19/lib/cmake/llvm)
message(STATUS "LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_INSTALL_PREFIX}")
add_library(affjit_llvm INTERFACE)
target_include_directories(affjit_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
separate_arguments(_affjit_llvm_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_definitions(affjit_llvm INTERFACE ${_affjit_llvm_defs})
target_link_libraries(affjit_llvm INTERFACE LLVM)
set(AFFJIT_LLVM_BIN ${LLVM_TOOLS_BINARY_DIR})
