/// @file greenspan_reference.hpp
/// Independent CPU reference for the Greenspan string: Eigen, double, written from the paper's printed equations.
/// It shares no physics code with the backends (it does not include rodswarm/models/), so agreement between
/// the two means something.
///
/// Equation numbers refer to D. Greenspan, "Discrete, nonlinear string vibrations" (Computer J., 1969).
/// Particle i (i = 1..n) sits at x_i = i dx; segment j (j = 1..n+1) joins particles j-1 and j and has rise
/// d_j = y_j - y_{j-1}, with y_0 = y_left and y_{n+1} = y_right fixed.
#pragma once

#include <vector>

#include <Eigen/Dense>

namespace rodswarm::reference {

/// One member, as the paper states it: n moving particles at x_i = i dx, fixed ends at heights y_left, y_right.
struct GreenspanCase {
  int n = 9;
  double dx = 0.1, m = 0.1, T0 = 9.0, eps = 0.01, alpha = 0.6, g = 32.2;
  double load = 0.0;  ///< constant force on every moving particle along +y
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

// ---- Building blocks, public so that tests can check them one by one ----

/// Tension |T| of a segment with rise d: (6.1)-(6.2) with the bracket raised to c.tension_exponent,
/// T0 [1 + |d/dx| + (eps/2) (d/dx)^2]^tension_exponent.
double greenspan_tension(const GreenspanCase& c, double d);

/// Vertical component of the tension of a segment with rise d, the terms of (5.1): |T| d / [dx^2 + d^2]^(1/2).
/// Odd in d.
double greenspan_segment_force(const GreenspanCase& c, double d);

/// d/dd of greenspan_segment_force (even in d, positive; equals T0/dx at d = 0 for exponent 1).
double greenspan_segment_stiffness(const GreenspanCase& c, double d);

/// Elastic energy of a segment, V(d) = integral_0^d f(s) ds with f = greenspan_segment_force (even in d).
/// Closed form for tension_exponent == 1, adaptive Gauss-Legendre quadrature otherwise.
double greenspan_segment_potential(const GreenspanCase& c, double d);

/// V(d) by adaptive Gauss-Legendre quadrature for every exponent (tests compare it with the closed form).
double greenspan_segment_potential_quadrature(const GreenspanCase& c, double d);

/// Left side of (5.1): F_i = f(d_{i+1}) - f(d_i) - alpha v_i - m g, i = 1..n.
Eigen::VectorXd greenspan_forces(const GreenspanCase& c, const Eigen::VectorXd& y, const Eigen::VectorXd& v);

/// Residual of (5.3): R_i = f(d_{i+1}) - f(d_i) - m g, i = 1..n.
Eigen::VectorXd greenspan_steady_residual(const GreenspanCase& c, const Eigen::VectorXd& y);

/// Jacobian dR/dy of (5.3), dense n x n (tridiagonal and symmetric in exact arithmetic).
Eigen::MatrixXd greenspan_steady_jacobian(const GreenspanCase& c, const Eigen::VectorXd& y);

/// Heights at x_i = i dx, i = 1..n, on the piecewise-linear curve through `vertices` (x increasing, spanning
/// [dx, n dx]); the paper's initial shapes of Examples 1-6 are of this kind.
Eigen::VectorXd greenspan_polyline(int n, double dx, const std::vector<Eigen::Vector2d>& vertices);

/// The paper's Examples 1-6 (section 6) with its parameters, dt and initial shape, starting from rest.
GreenspanCase greenspan_paper_example(int number);

}  // namespace rodswarm::reference
