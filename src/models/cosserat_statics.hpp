/// @file cosserat_statics.hpp
/// A cosserat member's linearisation for `rodswarm modes` and its statics: the stiffness K = -dF/dq by central
/// differences of the model's own static forces and couples (cosserat_forces.hpp, Mode::statics: no damping, no
/// inertia terms, no constraint rows) over q = (node displacements, lab; element rotations, body, Q <- exp(-theta)
/// Q as the steppers turn directors), the diagonal inertia (node masses; element inertias J, J / e under law
/// pyelastica, whose rotational equation is J/e dw/dt = C), and the Newton problem of driver/linear_statics.hpp.
/// A node an end holds (clamped, pinned, prescribed: held where it is at t = 0) has no degrees of freedom, a sliding
/// end's node those lab axes that lie along its line or plane; every
/// element keeps its rotation (the clamp's frame acts through the half-Voronoi couple, a force here like any
/// other). Damping, friction and the load list's drag act on velocities and are not in K; its waves are read at
/// t = 0 (a follower couple in the body frame makes K unsymmetric, as the truncated bending couple does). Host only,
/// Eigen, float64.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "driver/linear_statics.hpp"
#include "rodswarm/integrators/bead_loop.hpp"
#include "rodswarm/models/cosserat_stepper.hpp"

namespace rodswarm::cosserat {

/// The loads (gravity, end forces and couples, distributed loads and the load list's waves) of p scaled by s. Drag
/// is a velocity term: statics leave it out, and its coefficients are not a load.
inline Params<double> scaled_loads(Params<double> p, double s) {
  for (int l = 0; l < p.loads; ++l) {
    if (p.load_law[l] == LoadLaw::drag) continue;
    for (int q = 0; q < 3; ++q) p.load_vector[3 * l + q] *= s;
  }
  for (int q = 0; q < 3; ++q) {
    p.g[q] *= s;
    p.force0[q] *= s;
    p.force1[q] *= s;
    p.couple0[q] *= s;
    p.couple1[q] *= s;
    p.force_density[q] *= s;
    p.couple_density[q] *= s;
  }
  return p;
}

/// One member's statics at t = 0 (growth, prescribed motion and curvature rates as they are then), in place on the
/// member's arrays: the state it moves is the member's x and Q; v and w are zeroed. Dofs: every node an end does
/// not hold (a roller's along its line or plane) and every element's rotation; a ring's node n has none and moves
/// with node 0.
class StaticsProblem {
 public:
  struct State {
    std::vector<double> x, Q;
  };

  explicit StaticsProblem(const MemberIO<double>& io) : io_(io), p_(*io.data.p), s_(shape_of(p_)) {
    if (p_.surface != Surface::none)
      throw std::invalid_argument(
          "the member is confined to a surface (params.surface): modes and Newton statics under constraint rows "
          "are not implemented");
    std::fill(io_.v, io_.v + 3 * s_.nodes(), 0.0);
    std::fill(io_.w, io_.w + 3 * s_.elements(), 0.0);
    for (int j = 0; j < s_.nodes(); ++j) {
      const int k = j % (s_.N + 1);
      if (repeats_first(s_, k)) continue;  // a ring's node n is node 0: it moves with it (varied, move)
      const EndKind kind = end_kind(p_, s_, k);
      if (slides(kind)) {
        // A roller's node moves along its line or plane: the lab axes that lie in it are its dofs, which needs a
        // line or plane normal along a lab axis.
        const int end = k == 0 ? 0 : 1;
        int added = 0;
        for (int c = 0; c < 3; ++c) {
          Vec3<double> axis{0, 0, 0};
          (c == 0 ? axis.x : c == 1 ? axis.y : axis.z) = 1;
          if (norm(slide_tangent(p_, end, axis) - axis) < 1e-12) {
            dofs_.push_back(3 * j + c);
            ++added;
          }
        }
        if (added != ((end == 0 ? p_.slide0 : p_.slide1) == Slide::line ? 1 : 2))
          throw std::invalid_argument(
              "params.slide" + std::to_string(end) +
              ": modes and Newton statics need a sliding end's line (or plane normal) along a lab axis");
        continue;
      }
      if (!holds_position(kind))
        for (int c = 0; c < 3; ++c) dofs_.push_back(3 * j + c);
    }
    for (int i = 0; i < s_.elements(); ++i)
      for (int c = 0; c < 3; ++c) dofs_.push_back(3 * s_.nodes() + 3 * i + c);
    h_ = *std::min_element(io_.data.l0, io_.data.l0 + s_.elements());
    double largest = 0;
    for (int i = 0; i < s_.elements(); ++i) largest = std::max(largest, circle(io_.data.radius[i]).A);
    tolerance_ = 1e-10 * p_.E * largest;
  }

  State state() const {
    return {std::vector<double>(io_.x, io_.x + 3 * s_.nodes()), std::vector<double>(io_.Q, io_.Q + 9 * s_.elements())};
  }
  void set_state(const State& y) {
    std::copy(y.x.begin(), y.x.end(), io_.x);
    std::copy(y.Q.begin(), y.Q.end(), io_.Q);
  }
  double tolerance() const { return tolerance_; }

  /// K sparse from here on (Newton in `steady`), by coloured differences (sparse_system), where the forces are
  /// local: not with self-contact, whose pairs couple any two elements (K stays dense there). `modes` keeps K dense.
  /// Rings keep K dense too: their stencils wrap round, which the colouring does not.
  void use_sparse(bool on) { sparse_ = on && !p_.self_contact && !p_.ring; }

  /// Newton's steps shortened (the whole step scaled) so that no element turns by more than `radians` in one: far
  /// from the equilibrium Newton's full step overshoots the rotations. `steady` sets 0.2 rad: the cantilever at
  /// F L^2/EI = 2 and 5 then converges in 15 and 17 iterations at every n (10 to 160), against 16-20 and 103-148
  /// with full steps and load increments (NewtonBendsACantileverOntoTheLargeDeflectionElastica). `modes` takes full
  /// steps.
  void limit_turn(double radians) { max_turn_ = radians; }

  /// K and F on the free dofs under the loads scaled by `load_scale`.
  statics::ReducedSystem system(double load_scale) {
    const Params<double> p = scaled_loads(p_, load_scale);
    if (sparse_) return sparse_system(p);
    const std::vector<double> F = forces(p);
    const std::size_t full = F.size();
    std::vector<double> K(full * full, 0.0);  // K[a * full + b] = -dF_a/dq_b
    for (const int b : dofs_) {
      const double e = 1e-6 * (b < 3 * s_.nodes() ? h_ : 1.0);  // a displacement of 1e-6 element, or 1e-6 rad
      const std::vector<double> Fp = varied(p, {b}, e), Fm = varied(p, {b}, -e);
      for (std::size_t a = 0; a < full; ++a) K[a * full + static_cast<std::size_t>(b)] = -(Fp[a] - Fm[a]) / (2 * e);
    }
    statics::ReducedSystem out;
    out.dofs = dofs_;
    out.rigid = p_.ring;  // nothing holds a ring: it translates and turns freely
    const auto N = static_cast<Eigen::Index>(dofs_.size());
    out.K.resize(N, N);
    out.F.resize(N);
    for (Eigen::Index a = 0; a < N; ++a) {
      const auto da = static_cast<std::size_t>(dofs_[static_cast<std::size_t>(a)]);
      out.F(a) = F[da];
      for (Eigen::Index b = 0; b < N; ++b)
        out.K(a, b) = K[da * full + static_cast<std::size_t>(dofs_[static_cast<std::size_t>(b)])];
    }
    return out;
  }

  /// The largest free force component, couples divided by the shortest element (a force too); NaN when any is.
  double residual(const statics::ReducedSystem& s) const {
    double r = 0;
    for (std::size_t a = 0; a < s.dofs.size(); ++a) {
      const double x = std::fabs(s.F(static_cast<Eigen::Index>(a))) / (s.dofs[a] < 3 * s_.nodes() ? 1.0 : h_);
      if (std::isnan(x)) return x;
      r = std::max(r, x);
    }
    return r;
  }

  void step(const statics::ReducedSystem& s, const Eigen::VectorXd& zeta) {
    std::vector<double> dq(3 * static_cast<std::size_t>(s_.nodes() + s_.elements()), 0.0);
    for (std::size_t a = 0; a < s.dofs.size(); ++a)
      dq[static_cast<std::size_t>(s.dofs[a])] = zeta(static_cast<Eigen::Index>(a));
    double turn = 0;  // the largest element's turn, |theta_i|
    for (int i = 0; i < s_.elements(); ++i) turn = std::max(turn, norm(load3(dq.data() + 3 * (s_.nodes() + i))));
    if (turn > max_turn_)
      for (double& d : dq) d *= max_turn_ / turn;
    move(dq.data());
  }

  /// The inertia of the free dofs at the current state (node masses; J, or J / e under law pyelastica).
  Eigen::VectorXd mass() {
    const Scratch<double> c = prepare(p_);
    const auto N = static_cast<Eigen::Index>(dofs_.size());
    Eigen::VectorXd M(N);
    for (Eigen::Index a = 0; a < N; ++a) {
      const int d = dofs_[static_cast<std::size_t>(a)];
      if (d < 3 * s_.nodes()) {
        M(a) = c.mass[d / 3];
      } else {
        const int i = (d - 3 * s_.nodes()) / 3;
        const Vec3<double> J = element_inertia(io_.data, c, i);
        const double Ji = (d % 3 == 0 ? J.x : d % 3 == 1 ? J.y : J.z);
        M(a) = p_.law == Law::pyelastica ? Ji / c.dil[i] : Ji;
      }
    }
    return M;
  }

  Shape shape() const { return s_; }

 private:
  MemberIO<double> io_;
  const Params<double>& p_;
  Shape s_;
  std::vector<int> dofs_;
  double h_ = 0, tolerance_ = 0;
  bool sparse_ = false;
  double max_turn_ = INFINITY;
  std::vector<double> scratch_;

  /// A dof's (or a force's) place: a node (kind 0) or an element (kind 1) of rod r, its index k along the rod, the
  /// component c.
  struct Place {
    int kind, r, k, c;
  };
  Place place(int a) const {
    if (a < 3 * s_.nodes()) return {0, a / 3 / (s_.N + 1), a / 3 % (s_.N + 1), a % 3};
    const int i = (a - 3 * s_.nodes()) / 3;
    return {1, i / s_.N, i % s_.N, a % 3};
  }
  int dof_at(int kind, int r, int k, int c) const {
    return kind == 0 ? 3 * (r * (s_.N + 1) + k) + c : 3 * s_.nodes() + 3 * (r * s_.N + k) + c;
  }

  /// K by coloured central differences (Curtis, Powell & Reid): a node's position moves the forces of nodes k - 1
  /// to k + 1 of its rod and the couples of elements k - 2 to k + 1 (law pyelastica's Voronoi dilatation reaches
  /// two back), an element's rotation the forces of nodes k, k + 1 and the couples of elements k - 1 to k + 1. So
  /// the dofs of one kind and component whose indices along the rod agree modulo 5 move together, in every rod at
  /// once: 30 pairs of evaluations whatever n, against two per dof, and each force takes its entry from the one
  /// moved dof within 2 of it (the others are 3 or more away, outside its stencil: its value is the dense
  /// differences' to the bit). The forces are then those of the dense K; the solve is sparse LU.
  statics::ReducedSystem sparse_system(const Params<double>& p) {
    const std::vector<double> F = forces(p);
    const auto full = static_cast<int>(F.size());
    std::vector<int> reduced(static_cast<std::size_t>(full), -1);
    for (std::size_t a = 0; a < dofs_.size(); ++a) reduced[static_cast<std::size_t>(dofs_[a])] = static_cast<int>(a);
    std::vector<Eigen::Triplet<double>> entries;
    for (int kind = 0; kind < 2; ++kind) {
      const double e = 1e-6 * (kind == 0 ? h_ : 1.0);  // as the dense differences
      const int last = kind == 0 ? s_.N : s_.N - 1;
      for (int c = 0; c < 3; ++c) {
        for (int colour = 0; colour < 5; ++colour) {
          std::vector<int> moved;
          for (int r = 0; r < s_.R; ++r)
            for (int k = colour; k <= last; k += 5)
              if (reduced[static_cast<std::size_t>(dof_at(kind, r, k, c))] >= 0) moved.push_back(dof_at(kind, r, k, c));
          if (moved.empty()) continue;
          const std::vector<double> Fp = varied(p, moved, e), Fm = varied(p, moved, -e);
          for (int a = 0; a < full; ++a) {
            const int row = reduced[static_cast<std::size_t>(a)];
            const double dF = Fp[static_cast<std::size_t>(a)] - Fm[static_cast<std::size_t>(a)];
            if (row < 0 || dF == 0) continue;
            const Place at = place(a);
            const int k = at.k - 2 + ((colour - (at.k - 2)) % 5 + 5) % 5;  // the index = colour (mod 5) in k +- 2
            if (k < 0 || k > last) continue;
            const int col = reduced[static_cast<std::size_t>(dof_at(kind, at.r, k, c))];
            if (col >= 0) entries.emplace_back(row, col, -dF / (2 * e));
          }
        }
      }
    }
    statics::ReducedSystem out;
    out.dofs = dofs_;
    out.sparse = true;
    const auto N = static_cast<Eigen::Index>(dofs_.size());
    out.K_sparse.resize(N, N);
    out.K_sparse.setFromTriplets(entries.begin(), entries.end());
    out.F.resize(N);
    for (Eigen::Index a = 0; a < N; ++a) out.F(a) = F[static_cast<std::size_t>(dofs_[static_cast<std::size_t>(a)])];
    return out;
  }

  /// The forces with the dofs `moved` moved by e (and moved back).
  std::vector<double> varied(const Params<double>& p, const std::vector<int>& moved, double e) {
    const State saved = state();
    for (const int b : moved) {
      if (b < 3 * s_.nodes()) {
        io_.x[b] += e;
        if (s_.ring && b / 3 % (s_.N + 1) == 0) io_.x[b + 3 * s_.N] += e;  // node n of a ring is node 0
        continue;
      }
      const int i = (b - 3 * s_.nodes()) / 3;
      Vec3<double> theta{0, 0, 0};
      (b % 3 == 0 ? theta.x : b % 3 == 1 ? theta.y : theta.z) = e;
      store9(io_.Q + 9 * i, rotate_directors(load9(io_.Q + 9 * i), theta));
    }
    std::vector<double> F = forces(p);
    set_state(saved);
    return F;
  }

  Scratch<double> prepare(const Params<double>& p) {
    scratch_.assign(static_cast<std::size_t>(scratch_size(s_)), 0.0);
    const Scratch<double> c = carve_scratch(scratch_.data(), s_);
    MemberData<double> d = io_.data;
    d.p = &p;
    const StateRef<double> y{io_.x, io_.v, io_.Q, io_.w, io_.g};
    rest_pass(d, y, 0.0, c, SequentialLoop{});
    strain_pass(d, y, 0.0, c, static_cast<double*>(nullptr), SequentialLoop{});
    return c;
  }

  /// Node forces (lab) then element couples (body) at the current state under p.
  std::vector<double> forces(const Params<double>& p) {
    std::vector<double> F(3 * static_cast<std::size_t>(s_.nodes() + s_.elements()));
    scratch_.assign(static_cast<std::size_t>(scratch_size(s_)), 0.0);
    const Scratch<double> c = carve_scratch(scratch_.data(), s_);
    MemberData<double> d = io_.data;
    d.p = &p;
    const StateRef<double> y{io_.x, io_.v, io_.Q, io_.w, io_.g};
    evaluate(d, y, 0.0, c, Mode::statics, 0.0, F.data(), F.data() + 3 * s_.nodes(), static_cast<double*>(nullptr),
             SequentialLoop{});
    return F;
  }

  /// x += dq on the nodes, Q <- exp(-theta) Q on the elements.
  void move(const double* dq) {
    for (int j = 0; j < 3 * s_.nodes(); ++j) io_.x[j] += dq[j];
    for (int r = 0; s_.ring && r < s_.R; ++r)  // node n of a ring is node 0 (no dof of its own)
      std::copy_n(io_.x + 3 * r * (s_.N + 1), 3, io_.x + 3 * (r * (s_.N + 1) + s_.N));
    for (int i = 0; i < s_.elements(); ++i)
      store9(io_.Q + 9 * i, rotate_directors(load9(io_.Q + 9 * i), load3(dq + 3 * s_.nodes() + 3 * i)));
  }
};

}  // namespace rodswarm::cosserat
