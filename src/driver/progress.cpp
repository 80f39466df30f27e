#include "driver/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace rodswarm {

ProgressBar::ProgressBar(std::string label, double total, bool enabled)
    : label_(std::move(label)), total_(total), enabled_(enabled) {
  start_ = last_ = std::chrono::steady_clock::now();
}

ProgressBar::~ProgressBar() { finish(); }

bool ProgressBar::stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

void ProgressBar::update(double done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  const double fraction = total_ > 0 ? std::clamp(done / total_, 0.0, 1.0) : 1.0;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double eta = fraction > 0 ? elapsed * (1.0 - fraction) / fraction : 0.0;
  const int width = 30;
  const int filled = static_cast<int>(fraction * width);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(width - filled), '.');
  std::fprintf(stderr, "\r%s [%s] %5.1f%%  %.1f s elapsed, %.1f s left ", label_.c_str(), bar.c_str(), 100.0 * fraction,
               elapsed, eta);
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (!enabled_ || !drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace rodswarm
