/// @file compare.hpp
/// `rodswarm compare`: the first K members on a fast backend and on the model's independent reference
/// (src/reference/), field by field. How a member maps onto the reference, which fields are compared and their
/// default tolerances are the model's (ModelHost<M>::compare, src/models/<model>_compare.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/job.hpp"
#include "driver/field_error.hpp"
#include "driver/run.hpp"

namespace rodswarm {

struct CompareRow {
  std::string field;  ///< positions, velocities, energy, ...
  double max_abs = 0.0;
  double max_rel = 0.0;  ///< max_abs / max |reference value| of the field
  double tolerance = 0.0;
  bool ok = true;
};

struct CompareReport {
  std::string backend, reference;
  std::int64_t members = 0;
  std::int64_t saves = 0;
  std::vector<CompareRow> rows;
  bool ok = true;

  /// Adds a row; the report is ok while every row is.
  void add(const std::string& field, double max_abs, double max_rel, double tolerance) {
    rows.push_back(CompareRow{field, max_abs, max_rel, tolerance, max_rel <= tolerance});
    ok = ok && rows.back().ok;
  }
  /// Adds a field's row from its error gathered over every member and save.
  void add(const std::string& field, const FieldError& error, double tolerance) {
    add(field, error.max_abs, error.relative(), tolerance);
  }
};

/// The tolerance a row is held to: the config's compare.tolerance when it gives one, else the model's default.
template <class M>
double compare_tolerance(const Job<M>& job, double model_default) {
  return job.compare.tolerance > 0 ? job.compare.tolerance : model_default;
}

/// Takes a member's reference through the saves of its run, for a reference that steps as the backend does:
/// advance(n) moves it n steps on, at(k) compares save k (step k * every). Saves past `steps` are skipped (a member
/// that stopped early is compared up to where it stopped); the reference ends at `steps`, where the caller
/// compares the final state.
template <class Advance, class At>
void walk_saves(long steps, long every, std::size_t saves, Advance&& advance, At&& at) {
  long done = 0;
  for (std::size_t k = 0; k < saves && every > 0; ++k) {
    const long target = static_cast<long>(k) * every;
    if (target > steps) break;
    advance(target - done);
    done = target;
    at(k);
  }
  advance(steps - done);
}

/// The table as printed by the CLI.
std::string format_compare(const CompareReport& report);

}  // namespace rodswarm
