# Finds Debian's LLVM 19 and exposes it as one imported target that links the
# shared libLLVM-19.so (fast links, one copy of LLVM in every binary).
find_package(LLVM 19.1 REQUIRED CONFIG
  HINTS /usr/lib/llvm-19/lib/cmake/llvm)
message(STATUS "LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_INSTALL_PREFIX}")
add_library(affjit_llvm INTERFACE)
target_include_directories(affjit_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
separate_arguments(_affjit_llvm_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_definitions(affjit_llvm INTERFACE ${_affjit_llvm_defs})
# By file rather than LLVM's own `LLVM` target, so that projects using an
# exported affjit need not run LLVM's package configuration.
get_target_property(_affjit_llvm_so LLVM IMPORTED_LOCATION_RELWITHDEBINFO)
if(NOT _affjit_llvm_so)
  set(_affjit_llvm_so ${LLVM_LIBRARY_DIR}/libLLVM.so)
endif()
target_link_libraries(affjit_llvm INTERFACE ${_affjit_llvm_so})
set(AFFJIT_LLVM_BIN ${LLVM_TOOLS_BINARY_DIR})
