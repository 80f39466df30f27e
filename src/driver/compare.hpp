/// @file compare.hpp
/// `rodswarm compare`: the first K members on a fast backend and on the model's independent reference
/// (src/reference/), field by field. How a member maps onto the reference, which fields are compared and their
/// default tolerances are the model's (ModelHost<M>::compare, src/models/<model>_compare.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/job.hpp"
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
};

/// The table as printed by the CLI.
std::string format_compare(const CompareReport& report);

}  // namespace rodswarm
