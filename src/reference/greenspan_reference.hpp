/// @file greenspan_reference.hpp
/// Independent CPU reference for the Greenspan string: Eigen, double, written from the paper's printed equations.
/// It shares no physics code with the backends (it does not include rodswarm/models/), so agreement between
/// the two means something.
#pragma once

#include <vector>

#include <Eigen/Dense>

namespace rodswarm::reference {

/// One member, as the paper states it: n moving particles at x_i = i dx, fixed ends at heights y_left, y_right.
struct GreenspanCase {
  int n = 9;
  double dx = 0.1, m = 0.1, T0 = 9.0, eps = 0.01, alpha = 0.6, g = 32.2;
  double tension_exponent = 1.0;
  double y_left = 0.0, y_right = 0.0;
  Eigen::VectorXd y0;  ///< n initial heights of the moving particles
  Eigen::VectorXd v0;  ///< n initial velocities
  double dt = 0.002;
};

/// States at save points: time[k], y[k] (n), v[k] (n).
struct Trajectory {
  std::vector<double> time;
  std::vector<Eigen::VectorXd> y, v;
};

/// The paper's scheme in its printed closed form (5.2a)-(5.2c), alternating sums over the whole history
/// (O(k) work at step k), velocities from (3.6a)-(3.6b). Saves the initial state and every `save_every` steps,
/// and the final state.
Trajectory greenspan_printed_recursion(const GreenspanCase& c, long steps, long save_every);

/// Classical RK4 in the textbook form on the first-order system z = (y, v), z' = F(z).
Trajectory greenspan_rk4(const GreenspanCase& c, long steps, long save_every);

/// Newton's method on (5.3) with a dense Jacobian, from y = initial (n values).
struct SteadySolution {
  Eigen::VectorXd y;
  int iterations = 0;
  double residual = 0.0;  ///< max |residual| of (5.3)
  bool converged = false;
};
SteadySolution greenspan_steady(const GreenspanCase& c, const Eigen::VectorXd& initial, double tol = 1e-13,
                                int max_iter = 100);

/// Total energy: kinetic + elastic (antiderivative of the segment force, V(0) = 0) + gravitational.
double greenspan_energy(const GreenspanCase& c, const Eigen::VectorXd& y, const Eigen::VectorXd& v);

}  // namespace rodswarm::reference
