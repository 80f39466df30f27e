/// @file compare.hpp
/// `rodswarm compare`: the first K members on a fast backend and on the independent reference
/// (src/reference/), field by field.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/greenspan_job.hpp"
#include "driver/greenspan_driver.hpp"

namespace rodswarm {

struct CompareRow {
  std::string field;  ///< positions, velocities, energy
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
};

/// Default relative tolerance: float64 rk4 1e-12, float64 greenspan 1e-10 (the printed recursion's alternating
/// sums gather round-off), float32 1e-5.
double default_compare_tolerance(const GreenspanJob& job);

CompareReport compare_greenspan(const GreenspanJob& job, const RunOptions& options, std::int64_t members);

/// The table as printed by the CLI.
std::string format_compare(const CompareReport& report);

}  // namespace rodswarm
