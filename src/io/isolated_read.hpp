/// @file isolated_read.hpp
/// Reading a file nobody vouches for (`inspect`, the parts given to `merge`, the batches of a stopped run, an
/// existing file at a results path) in a child process. libhdf5 1.10 crashes or loops forever on some damaged files
/// (a global heap whose object sizes or indices are corrupt, reached by any variable-length string:
/// tests/fuzz/regressions/results/); no check before the read can rule that out. In a child, such a file ends the
/// child, not rodswarm, and is reported as damaged (BadFileError: exit 2); a read that does not finish in time is
/// killed and reported the same way.
#pragma once

#include <functional>
#include <string>

namespace rodswarm {

/// Runs body() in a forked child and returns the text it returned. A BadFileError in the child is rethrown here as
/// BadFileError, any other exception as IoError, with its message; a child that crashes, is killed or runs past
/// `timeout_seconds` gives BadFileError("<path>: damaged: ...") (bad input: exit 2). The child touches nothing of
/// the parent's but the pipe it answers through.
std::string run_isolated(const std::string& path, const std::function<std::string()>& body, double timeout_seconds);

/// How long reading `path` may take: 20 s, plus 1 s per 20 MB of file; the environment variable
/// RODSWARM_READ_TIMEOUT (seconds) overrides it.
double read_timeout(const std::string& path);

}  // namespace rodswarm
