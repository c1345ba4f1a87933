# mimalloc (Debian's libmimalloc-dev) as the process allocator of affjit's
# executables: building and destroying IR is allocation-heavy, and mimalloc
# parses a 10 MB module about 1.5x faster than glibc malloc (ParseBench).
find_package(mimalloc CONFIG QUIET)
function(affjit_use_fast_allocator target)
  # Sanitizers and fuzzers bring their own allocator.
  if(mimalloc_FOUND AND NOT AFFJIT_SANITIZE AND NOT AFFJIT_FUZZ)
    target_link_libraries(${target} PRIVATE mimalloc)
  endif()
endfunction()
