/// @file progress.hpp
/// A progress bar on stderr, drawn only when stderr is a terminal (CI logs and pipes stay clean).
#pragma once

#include <chrono>
#include <string>

namespace rodswarm {

class ProgressBar {
 public:
  /// total: units of work (e.g. bead-steps); enabled: draw at all (callers pass isatty && !quiet).
  ProgressBar(std::string label, double total, bool enabled);
  ~ProgressBar();
  /// Redraws at most ten times a second.
  void update(double done);
  /// Clears the bar's line.
  void finish();

  /// True when stderr is a terminal.
  static bool stderr_is_terminal();

 private:
  std::string label_;
  double total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace rodswarm
