#include <iostream>
#include <stdexcept>

#include "cli/verbs.hpp"
#include "cluster/team.hpp"
#include "config/config_error.hpp"

namespace rodswarm::cli {

int run_guarded(const std::function<int()>& body) {
  try {
    return body();
  } catch (const TeamStopped& stopped) {  // the leader rank failed and said why: end with its code, quietly
    return stopped.code();
  } catch (const std::exception& e) {
    std::cerr << "rodswarm: error: " << e.what() << "\n";
    // Bad input (a config error, an unknown option value) is 2; I/O, device and everything else is 3.
    const bool bad_input =
        dynamic_cast<const ConfigError*>(&e) != nullptr || dynamic_cast<const std::invalid_argument*>(&e) != nullptr;
    return bad_input ? exit_bad_input : exit_runtime;
  }
}

}  // namespace rodswarm::cli
