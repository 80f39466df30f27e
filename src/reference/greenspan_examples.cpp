/// @file greenspan_examples.cpp
/// The paper's Examples 1-6 (section 6): parameters, time step and initial shapes as printed.
#include <cmath>
#include <stdexcept>
#include <string>

#include "reference/greenspan_reference.hpp"

namespace rodswarm::reference {

Eigen::VectorXd greenspan_polyline(int n, double dx, const std::vector<Eigen::Vector2d>& vertices) {
  if (n < 1 || vertices.size() < 2) throw std::invalid_argument("greenspan_polyline: need n >= 1, >= 2 vertices");
  Eigen::VectorXd y(n);
  for (int i = 1; i <= n; ++i) {
    const double x = i * dx;
    // First segment [x_a, x_b] with x <= x_b; the small slack admits x = i*dx rounded just past a vertex.
    const double slack = 1e-12 * (1.0 + std::abs(x));
    std::size_t b = 1;
    while (b + 1 < vertices.size() && x > vertices[b].x() + slack) ++b;
    const Eigen::Vector2d& p = vertices[b - 1];
    const Eigen::Vector2d& q = vertices[b];
    if (x < p.x() - slack || x > q.x() + slack || !(q.x() > p.x()))
      throw std::invalid_argument("greenspan_polyline: vertices must increase in x and span the particles");
    y(i - 1) = p.y() + (q.y() - p.y()) * (x - p.x()) / (q.x() - p.x());
  }
  return y;
}

GreenspanCase greenspan_paper_example(int number) {
  GreenspanCase c;
  switch (number) {
    case 1:  // eleven particles, centre pulled to (0.5, 0.5): y = x, then y = -x + 1
      c.n = 9, c.dx = 0.1, c.m = 0.1, c.T0 = 9.0, c.alpha = 0.6, c.dt = 0.002;
      c.y0 = greenspan_polyline(c.n, c.dx, {{0.0, 0.0}, {0.5, 0.5}, {1.0, 0.0}});
      break;
    case 2:  // twenty-one points, centre at (1, 1): y = x, then y = -x + 2
    case 3:  // Example 2's string; (0.1, 0.5), (0.2, 1), then y = -(5/9)(x - 2)
    case 4:  // Example 3 without gravity
    case 5:  // Example 2's string; y = -2x to (0.5, -1), y = 2x - 2 to (1.5, 1), then y = -2x + 4
      c.n = 19, c.dx = 0.1, c.m = 0.05, c.T0 = 12.5, c.alpha = 0.15, c.dt = 0.00025;
      if (number == 2) c.y0 = greenspan_polyline(c.n, c.dx, {{0.0, 0.0}, {1.0, 1.0}, {2.0, 0.0}});
      if (number == 3 || number == 4)
        c.y0 = greenspan_polyline(c.n, c.dx, {{0.0, 0.0}, {0.1, 0.5}, {0.2, 1.0}, {2.0, 0.0}});
      if (number == 4) c.g = 0.0;
      if (number == 5) c.y0 = greenspan_polyline(c.n, c.dx, {{0.0, 0.0}, {0.5, -1.0}, {1.5, 1.0}, {2.0, 0.0}});
      break;
    case 6:  // forty-one particles, centre at (1, 1): y = x, then y = -x + 2
      c.n = 39, c.dx = 0.05, c.m = 0.025, c.T0 = 10.0, c.alpha = 0.125, c.dt = 0.00025;
      c.y0 = greenspan_polyline(c.n, c.dx, {{0.0, 0.0}, {1.0, 1.0}, {2.0, 0.0}});
      break;
    default:
      throw std::invalid_argument("greenspan_paper_example: the paper has Examples 1-6, not " + std::to_string(number));
  }
  c.eps = 0.01;  // every example
  c.v0 = Eigen::VectorXd::Zero(c.n);
  return c;
}

}  // namespace rodswarm::reference
