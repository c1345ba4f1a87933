# Warnings shared by every affjit target (not by third-party code).
add_library(affjit_warnings INTERFACE)
target_compile_options(affjit_warnings INTERFACE -Wall -Wextra -Wno-unused-parameter)
