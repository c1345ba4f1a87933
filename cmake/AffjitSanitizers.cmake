# Robustness builds.
#  AFFJIT_SANITIZE=address,undefined  instrument every target (tests too);
#                                     any finding aborts the test.
#  AFFJIT_FUZZ=ON (clang)             build the libFuzzer targets in
#                                     tests/fuzz (bin/affjit-fuzz-*).
set(AFFJIT_SANITIZE "" CACHE STRING
  "Sanitizers for every target, e.g. address,undefined (empty: none)")
option(AFFJIT_FUZZ "Build the libFuzzer targets (needs clang)" OFF)

if(AFFJIT_SANITIZE)
  add_compile_options(-fsanitize=${AFFJIT_SANITIZE} -fno-omit-frame-pointer
    -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${AFFJIT_SANITIZE})
endif()
if(AFFJIT_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR
      "AFFJIT_FUZZ needs clang (e.g. -DCMAKE_CXX_COMPILER=clang++-19)")
  endif()
  # Coverage instrumentation everywhere; each fuzz target links libFuzzer.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
    -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

# affjit_uninstrumented(TARGET): under AddressSanitizer (clang), TARGET's own
# files are compiled without instrumentation; it still links and runs on
# the sanitizer's runtime, and the libraries it calls stay checked. For the
# test harness and the command line's option glue, which take half the
# sanitized build's time.
function(affjit_uninstrumented target)
  if((AFFJIT_SANITIZE MATCHES "address" OR AFFJIT_FUZZ)
      AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    target_compile_options(${target} PRIVATE -fno-sanitize=all)
  endif()
endfunction()
