#include <iostream>
#include <stdexcept>

#include "cli/verbs.hpp"
#include "config/config_error.hpp"
#include "io/results.hpp"

namespace rodswarm::cli {

int run_guarded(const std::function<int()>& body) {
  try {
    return body();
  } catch (const ConfigError& e) {
    std::cerr << "rodswarm: error: " << e.what() << "\n";
    return exit_bad_input;
  } catch (const std::invalid_argument& e) {
    std::cerr << "rodswarm: error: " << e.what() << "\n";
    return exit_bad_input;
  } catch (const IoError& e) {
    std::cerr << "rodswarm: error: " << e.what() << "\n";
    return exit_runtime;
  } catch (const std::exception& e) {
    std::cerr << "rodswarm: error: " << e.what() << "\n";
    return exit_runtime;
  }
}

}  // namespace rodswarm::cli
