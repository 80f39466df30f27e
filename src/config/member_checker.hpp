/// @file member_checker.hpp
/// Range rules applied to one expanded ensemble member (every model's build_member): each failure is a
/// ConfigError naming the config file and the dotted key. Internal to the config layer.
#pragma once

#include <array>
#include <climits>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>

#include "config/config_error.hpp"
#include "config/json_check.hpp"
#include "config/step_spec.hpp"

namespace rodswarm::config_detail {

/// The most beads (or nodes) one member may have. A member is built whole in host memory before any check of the
/// ensemble's size can see it, so its size is bounded here: 2^20 beads hold a rod of a million nodes (about half a
/// GiB for a Cosserat rod while it is built), far beyond the members an ensemble is made of, and a fuzzed "n": 1e8
/// is refused at once instead of building gigabytes.
inline constexpr double max_member_beads = 1 << 20;

class MemberChecker {
 public:
  /// `prefix` goes before every key a failure names (a rod of a two-rod member: "rod2.").
  explicit MemberChecker(const std::string& source, std::string prefix = "")
      : source_(source), prefix_(std::move(prefix)) {}

  /// A checker whose failures name keys under `more` as well (an entry of a list: "params.loads[1].").
  MemberChecker nested(const std::string& more) const { return MemberChecker(source_, prefix_ + more); }

  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw ConfigError(source_, prefix_ + key, what);
  }
  void finite(const char* key, double x) const {
    if (!std::isfinite(x)) fail(key, "must be a finite number, got " + format_number(x));
  }
  /// finite() for element [k] (or [k][c] when c >= 0) of an array; the key is only spelled out on failure.
  void finite_element(const char* array, std::size_t k, int c, double x) const {
    if (std::isfinite(x)) return;
    std::string key = index_key(array, k);
    if (c >= 0) key = index_key(key, static_cast<std::size_t>(c));
    fail(key, "must be a finite number, got " + format_number(x));
  }
  void positive(const char* key, double x) const {
    finite(key, x);
    if (!(x > 0)) fail(key, "must be positive, got " + format_number(x));
  }
  void non_negative(const char* key, double x) const {
    finite(key, x);
    if (!(x >= 0)) fail(key, "must be >= 0, got " + format_number(x));
  }
  /// An integer-valued number in [lo, hi] (a size or count, which `vary` may have set); `what` says the rule
  /// ("must be an integer >= 1").
  int integer_in(const char* key, double x, double lo, double hi, const std::string& what) const {
    if (!(x >= lo && x <= hi && x == std::floor(x))) fail(key, what + ", got " + format_number(x));
    return static_cast<int>(x);
  }
  /// The same rule for every {key, value}, in order: the ranges of a section read as one list.
  using Values = std::initializer_list<std::pair<const char*, double>>;
  void finite(Values values) const {
    for (const auto& [key, x] : values) finite(key, x);
  }
  void positive(Values values) const {
    for (const auto& [key, x] : values) positive(key, x);
  }
  void non_negative(Values values) const {
    for (const auto& [key, x] : values) non_negative(key, x);
  }
  /// finite() for every component of every {key, vector}; a component's key is spelled out on failure.
  void finite_vectors(std::initializer_list<std::pair<const char*, const std::array<double, 3>&>> vectors) const {
    for (const auto& [key, v] : vectors) {
      for (std::size_t c = 0; c < 3; ++c) finite_element(key, c, -1, v[c]);
    }
  }
  /// finite_vectors' rule and every component >= 0 (friction or drag coefficients).
  void non_negative_vector(const std::string& key, const std::array<double, 3>& v) const {
    for (std::size_t c = 0; c < 3; ++c) {
      finite_element(key.c_str(), c, -1, v[c]);
      if (!(v[c] >= 0)) fail(index_key(key, c), "must be >= 0, got " + format_number(v[c]));
    }
  }
  /// A whole, positive number of steps of dt in `interval` (named `key`: a sampling or renormalisation interval), at
  /// most INT_MAX.
  int interval_steps(const char* key, double interval, double dt) const {
    positive(key, interval);
    if (interval / dt > INT_MAX) fail(key, "too many steps of integrator.dt");
    if (!whole_steps(interval, dt)) {
      fail(key, format_number(interval) + " is not a whole number of steps of integrator.dt = " + format_number(dt) +
                    " (" + format_number(interval / dt) + " steps)");
    }
    return static_cast<int>(std::llround(interval / dt));
  }
  /// The values a signal recorded at step 0 and every `sample_steps` of `total_steps` steps holds (a spectrum's,
  /// sampled every `key`): held whole per member (its FFT padded to a power of two), so at most max_member_beads.
  std::int64_t signal_samples(const char* key, std::int64_t total_steps, int sample_steps, double t_end) const {
    const std::int64_t samples = total_steps / sample_steps + 1;
    if (double(samples) > max_member_beads) {
      fail(key, "gives " + format_number(double(samples)) +
                    " samples a member over integrator.t_end = " + format_number(t_end) + "; at most " +
                    format_number(max_member_beads) + " (sample less often, or record a shorter run)");
    }
    return samples;
  }
  /// |round(span/dt) dt - span| <= 1e-9 span: span is reached in a whole number of steps.
  static bool whole_steps(double span, double dt) {
    return std::fabs(std::round(span / dt) * dt - span) <= 1e-9 * span;
  }
  /// integrator.dt, t_end and (when the model has it) divergence_factor positive; t_end and output.save_every (0:
  /// none) whole numbers of steps.
  void integrator(const StepSpec& steps, bool divergence_factor, double save_every) const {
    const double dt = steps.dt, t_end = steps.t_end;
    positive("integrator.dt", dt);
    positive("integrator.t_end", t_end);
    if (divergence_factor) positive("integrator.divergence_factor", steps.divergence_factor);
    if (t_end / dt > 9.0e15) fail("integrator.t_end", "too many steps of integrator.dt");
    if (!whole_steps(t_end, dt)) {
      fail("integrator.t_end", format_number(t_end) + " is not a whole number of steps of integrator.dt = " +
                                   format_number(dt) + " (" + format_number(t_end / dt) + " steps)");
    }
    if (save_every > 0 && !whole_steps(save_every, dt)) {
      fail("output.save_every", format_number(save_every) + " is not a whole number of steps of integrator.dt = " +
                                    format_number(dt) + " (" + format_number(save_every / dt) + " steps)");
    }
  }

 private:
  const std::string& source_;
  std::string prefix_;
};

}  // namespace rodswarm::config_detail
