/// @file greenspan_internal.cpp
#include "reference/greenspan_internal.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace rodswarm::reference::greenspan_detail {

void check_case(const GreenspanCase& c) {
  auto fail = [](const std::string& what) { throw std::invalid_argument("GreenspanCase: " + what); };
  if (c.n < 1) fail("n must be >= 1");
  if (!(c.dx > 0.0) || !(c.m > 0.0) || !(c.T0 > 0.0) || !(c.dt > 0.0)) fail("dx, m, T0 and dt must be > 0");
  if (!(c.alpha >= 0.0) || !(c.eps >= 0.0)) fail("alpha and eps must be >= 0");
  if (!(c.tension_exponent > 0.0)) fail("tension_exponent must be > 0");
  if (!std::isfinite(c.dx + c.m + c.T0 + c.dt + c.alpha + c.eps + c.g + c.load + c.tension_exponent + c.y_left +
                     c.y_right))
    fail("parameters must be finite");
  if (c.y0.size() != c.n || c.v0.size() != c.n) fail("y0 and v0 must have n entries");
  if (!c.y0.allFinite() || !c.v0.allFinite()) fail("y0 and v0 must be finite");
}

bool is_save_point(long k, long steps, long save_every) {
  if (k == 0 || k == steps) return true;
  return save_every > 0 && k % save_every == 0;
}

void append_state(Trajectory& out, double time, const Eigen::VectorXd& y, const Eigen::VectorXd& v) {
  out.time.push_back(time);
  out.y.push_back(y);
  out.v.push_back(v);
}

}  // namespace rodswarm::reference::greenspan_detail
