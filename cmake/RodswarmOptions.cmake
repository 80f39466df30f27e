# Compile options applied per target (never by editing global flags).
add_library(rodswarm_warnings INTERFACE)
target_compile_options(rodswarm_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>
  $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${RODSWARM_WARNINGS_AS_ERRORS}>>:-Werror>)
if(RODSWARM_SANITIZE)
  target_compile_options(rodswarm_warnings INTERFACE
    $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=address,undefined -fno-omit-frame-pointer>)
  target_link_options(rodswarm_warnings INTERFACE -fsanitize=address,undefined)
endif()
# Tests that shrink their work under a sanitizer test this (GCC defines __SANITIZE_ADDRESS__, clang 14 does not).
if(RODSWARM_SANITIZE OR RODSWARM_SANITIZE_THREAD)
  target_compile_definitions(rodswarm_warnings INTERFACE RODSWARM_SANITIZED_BUILD=1)
endif()
# Whether precision float32 is built (src/driver/precision_built.hpp): one value on every target, so that no two
# translation units disagree about which instantiations exist.
target_compile_definitions(rodswarm_warnings INTERFACE RODSWARM_WITH_FLOAT32=$<BOOL:${RODSWARM_FLOAT32}>)
if(RODSWARM_SANITIZE_THREAD)
  # OpenMP's runtime is not instrumented: the tsan test preset runs with OMP_NUM_THREADS=1, so that only the
  # emulated device's std::threads (src/backends/emulated/) run concurrently.
  target_compile_options(rodswarm_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=thread -fno-omit-frame-pointer>)
  target_link_options(rodswarm_warnings INTERFACE -fsanitize=thread)
endif()
