#include "driver/compare.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace rodswarm {

std::string format_compare(const CompareReport& report) {
  std::ostringstream out;
  out << "compare: " << report.members << " member(s), " << report.saves << " save(s) + final state\n"
      << "  backend:   " << report.backend << "\n  reference: " << report.reference << "\n";
  // The field column is as wide as the longest name (at least 11: the models' tables line up as before).
  int width = 11;
  for (const auto& row : report.rows) width = std::max(width, static_cast<int>(row.field.size()));
  char line[200];
  std::snprintf(line, sizeof line, "  %-*s %14s %14s %11s  %s\n", width, "field", "max_abs_error", "max_rel_error",
                "tolerance", "status");
  out << line;
  for (const auto& row : report.rows) {
    std::snprintf(line, sizeof line, "  %-*s %14.3e %14.3e %11.1e  %s\n", width, row.field.c_str(), row.max_abs,
                  row.max_rel, row.tolerance, row.ok ? "ok" : "FAIL");
    out << line;
  }
  out << (report.ok ? "compare: all fields within tolerance" : "compare: FAILED: errors above tolerance");
  return out.str();
}

}  // namespace rodswarm
