#include <iostream>
#include <new>
#include <stdexcept>

#include "cli/verbs.hpp"
#include "cluster/team.hpp"
#include "driver/checkpointed_run.hpp"
#include "driver/stage.hpp"

namespace rodswarm::cli {

int run_guarded(const std::function<int()>& body) {
  (void)Stage::take_failed();
  try {
    return body();
  } catch (const TeamStopped& stopped) {  // the leader rank failed and said why: end with its code, quietly
    return stopped.code();
  } catch (const std::bad_alloc&) {
    // Anywhere: the allocation that failed is not worth naming, what was being done is.
    const std::string stage = Stage::take_failed();
    std::cerr << "rodswarm: error: out of memory" << (stage.empty() ? "" : " (stage: " + stage + ")")
              << ": the run needs more memory than this process may use (see the budget validate prints; "
                 "--host-memory, --batch-size)\n";
    return exit_runtime;
  } catch (const std::exception& e) {
    // Bad input (a config error, an unknown option value, a damaged file given to us) is 2; I/O, device and
    // everything else, a failure of our own, is 3 and says what it was doing.
    const int code = checkpoint_detail::exit_code_of(e);
    const std::string stage = Stage::take_failed();
    std::cerr << "rodswarm: error: " << e.what();
    if (code == exit_runtime && !stage.empty()) std::cerr << " (stage: " << stage << ")";
    std::cerr << "\n";
    return code;
  }
}

}  // namespace rodswarm::cli
