/// @file greenspan_printed_recursion.cpp
/// The paper's scheme exactly as printed: positions by the closed recursions (5.2a)-(5.2c), whose alternating
/// sums run over the whole history of each particle, and velocities at save points by (3.6a)-(3.6b).
///
/// Derivation check (the recursions hold for general alpha). With F_{k-1} = B_{k-1} - alpha v_{k-1}, B the
/// braces of (5.2) (tension terms minus m g), the scheme (3.4), (3.5), (4.1) reads
///   v_k = v_{k-1} + dt F_{k-1} / m,   y_k = y_{k-1} + dt (v_{k-1} + v_k) / 2,
/// so y_k = y_{k-1} + (1 - alpha dt/(2m)) dt v_{k-1} + dt^2/(2m) B_{k-1}.
///   k = 1: v_0 given, this is (5.2a).
///   k = 2: dt v_1 = 2 (y_1 - y_0) - dt v_0 by (3.6a) gives (3 - alpha dt/m) y_1 - (2 - alpha dt/m) y_0
///          - (1 - alpha dt/(2m)) dt v_0 + dt^2/(2m) B_1, which is (5.2b).
///   k = 3: dt v_2 = 2 (y_2 - 2 y_1 + y_0) + dt v_0 by (3.6b) gives (3 - alpha dt/m) y_2
///          + (2 - alpha dt/m) y_0 - 2 (2 - alpha dt/m) y_1 + (1 - alpha dt/(2m)) dt v_0 + dt^2/(2m) B_2,
///          which is (5.2c) at k = 3 (its sum has the single term j = 2: (-1)^1 y_1).
/// In general (3.6b) at k-1 substituted into the line above, with j -> j+1 in its sum, gives (5.2c).
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

#include "reference/greenspan_internal.hpp"
#include "reference/greenspan_reference.hpp"

namespace rodswarm::reference {
namespace {

/// +1 for even k, -1 for odd k: the (-1)^k of (3.6b) and (5.2c).
double parity_sign(long k) { return (k % 2 == 0) ? 1.0 : -1.0; }

/// Sum of sign_j * y_{k-j} over j = first..last, with sign_j = (-1)^(j + shift).
///
/// Summed with Neumaier's compensation (the formula is unchanged, only its rounding): the printed form turns
/// every rounding error in a position into a velocity error 2/dt times larger (the history *is* the velocity).
/// Over 2000 steps of Example 1, naive sums leave the positions 1.0e-12 from the exact scheme (long double
/// velocity form), compensated sums 1.3e-13 (the rest is the rounding of (5.2c)'s final combination).
Eigen::VectorXd alternating_history_sum(const std::vector<Eigen::VectorXd>& y, long k, long first, long last,
                                        long shift) {
  const Eigen::Index n = y.front().size();
  Eigen::VectorXd sum = Eigen::VectorXd::Zero(n), carry = Eigen::VectorXd::Zero(n);
  for (long j = first; j <= last; ++j) {
    const double sign = parity_sign(j + shift);
    const Eigen::VectorXd& term = y[static_cast<std::size_t>(k - j)];
    for (Eigen::Index i = 0; i < n; ++i) {
      const double value = sign * term(i);
      const double total = sum(i) + value;
      // Neumaier: recover the low-order bits lost in sum + value, whichever is larger.
      carry(i) += (std::abs(sum(i)) >= std::abs(value)) ? (sum(i) - total) + value : (value - total) + sum(i);
      sum(i) = total;
    }
  }
  return sum + carry;
}

/// Velocity at step k from the history by (3.6a) (k = 1) or (3.6b) (k >= 2); v_0 at k = 0.
Eigen::VectorXd history_velocity(const std::vector<Eigen::VectorXd>& y, long k, double dt, const Eigen::VectorXd& v0) {
  if (k == 0) return v0;
  const auto idx = [](long j) { return static_cast<std::size_t>(j); };
  if (k == 1) return (2.0 / dt) * (y[idx(1)] - y[idx(0)]) - v0;  // (3.6a)
  // (3.6b): v_k = (2/dt) [s_k + (-1)^k s_0 + 2 sum_{j=1}^{k-1} (-1)^j s_{k-j}] + (-1)^k v_0.
  const Eigen::VectorXd sum = alternating_history_sum(y, k, 1, k - 1, 0);
  return (2.0 / dt) * (y[idx(k)] + parity_sign(k) * y[idx(0)] + 2.0 * sum) + parity_sign(k) * v0;
}

}  // namespace

Trajectory greenspan_printed_recursion(const GreenspanCase& c, long steps, long save_every) {
  greenspan_detail::check_case(c);
  if (steps < 0) throw std::invalid_argument("greenspan_printed_recursion: steps must be >= 0");

  const double dt = c.dt;
  const double a = c.alpha * dt / c.m;              // alpha dt / m
  const double coef_prev = 3.0 - a;                 // (3 - alpha dt/m)
  const double coef_hist = 2.0 - a;                 // (2 - alpha dt/m)
  const double coef_v0 = 1.0 - 0.5 * a;             // (1 - alpha dt/(2m))
  const double coef_force = dt * dt / (2.0 * c.m);  // (dt)^2 / (2m)
  const auto idx = [](long j) { return static_cast<std::size_t>(j); };

  // The whole history: (5.2c) needs every earlier position of every particle.
  std::vector<Eigen::VectorXd> y;
  y.reserve(idx(steps + 1));
  y.push_back(c.y0);

  Trajectory out;
  greenspan_detail::append_state(out, 0.0, c.y0, c.v0);
  for (long k = 1; k <= steps; ++k) {
    // The braces of (5.2): |T_2| term - |T_1| term - m g at step k-1, i.e. the residual of (5.3) at y_{k-1}.
    const Eigen::VectorXd braces = greenspan_steady_residual(c, y[idx(k - 1)]);
    Eigen::VectorXd next;
    if (k == 1) {
      // (5.2a)
      next = y[0] + coef_v0 * dt * c.v0 + coef_force * braces;
    } else if (k == 2) {
      // (5.2b)
      next = coef_prev * y[1] - coef_hist * y[0] - coef_v0 * dt * c.v0 + coef_force * braces;
    } else {
      // (5.2c): sum_{j=2}^{k-1} (-1)^{j-1} y_{i,k-j}, recomputed over the whole history.
      const Eigen::VectorXd sum = alternating_history_sum(y, k, 2, k - 1, -1);
      next = coef_prev * y[idx(k - 1)] + parity_sign(k - 1) * coef_hist * y[0] + 2.0 * coef_hist * sum +
             parity_sign(k + 1) * coef_v0 * dt * c.v0 + coef_force * braces;
    }
    y.push_back(std::move(next));
    if (greenspan_detail::is_save_point(k, steps, save_every))
      greenspan_detail::append_state(out, static_cast<double>(k) * dt, y[idx(k)], history_velocity(y, k, dt, c.v0));
  }
  return out;
}

}  // namespace rodswarm::reference
