/// @file rodpair_lyapunov.hpp
/// The twin trajectory of a rodpair member, for its largest Lyapunov exponent (as the strings' twin,
/// rolling_stepper.hpp): a second pair started a distance d0 from the member, stepped beside it, and pulled back to
/// d0 along its separation every renorm_steps steps, the logs of the growth summed. The distance is taken in the
/// state's own units made commensurable: over both rods' nodes
///     d^2 = sum_k |dr_k|^2 + tau^2 |dv_k|^2 + r_i^2 (|dtheta_k|^2 + tau^2 |dw_k|^2),
/// dr and dv the lab differences of position and velocity, dtheta = log(R_k^T R'_k) and dw the lab difference of
/// angular velocity, r_i the rod's radius and tau = renorm_steps dt (a velocity difference counts as the distance it
/// makes over one renormalisation interval). The exponent does not depend on the choice of norm. The twin is kept on
/// the contact's constraint: after its start and after each pull the restore puts it back (s re-solved, gap closed,
/// twists on the rows), so the separation measured is one between two motions the contact allows.
#pragma once

#include <cmath>

#include "rodswarm/linalg/so3.hpp"
#include "rodswarm/models/rodpair_rods.hpp"

namespace rodswarm::rodpair {

/// One pair's arrays: both rods' poses and twists (rod 1's nodes, then rod 2's) and its contact slots.
template <class Real>
struct PairState {
  Real* pose;
  Real* twist;
  Real* contact;
};

/// The distance between two states of a member (this file's comment), tau the renormalisation interval.
template <class Real>
RODSWARM_HD inline double state_distance(const Params<Real>& p, const PairState<Real>& a, const PairState<Real>& b,
                                         double tau) {
  double sum = 0;
  const int n1 = p.rod1.n, n = n1 + p.rod2.n;
  for (int k = 0; k < n; ++k) {
    const double rho = double(k < n1 ? p.rod1.radius : p.rod2.radius);
    const Pose<Real> ga = se3rod::load_pose(a.pose + 12 * k), gb = se3rod::load_pose(b.pose + 12 * k);
    const Twist<Real> xa = se3rod::load_twist(a.twist + 6 * k), xb = se3rod::load_twist(b.twist + 6 * k);
    const Vec3<Real> dr = gb.p - ga.p, dv = gb.R * xb.v - ga.R * xa.v, dw = gb.R * xb.w - ga.R * xa.w;
    const Vec3<Real> dtheta = so3_log(transpose(ga.R) * gb.R);
    sum += double(dot(dr, dr)) + tau * tau * double(dot(dv, dv)) +
           rho * rho * (double(dot(dtheta, dtheta)) + tau * tau * double(dot(dw, dw)));
  }
  return std::sqrt(sum);
}

/// Sets the twin to the member plus `scale` times its separation (the poses by the group's log and exp, the twists
/// and contact points linearly), restores its contact and returns its distance from the member.
template <class Real>
RODSWARM_HD inline double pull_twin(const Params<Real>& p, const PairState<Real>& member, const PairState<Real>& twin,
                                    const MemberIO<Real>& twin_io, double scale, double tau, Real* work) {
  const int n = p.rod1.n + p.rod2.n;
  const Real f = Real(scale);
  for (int k = 0; k < n; ++k) {
    const Pose<Real> g = se3rod::load_pose(member.pose + 12 * k), t = se3rod::load_pose(twin.pose + 12 * k);
    const Vec3<Real> dtheta = so3_log(transpose(g.R) * t.R);
    se3rod::store_pose(twin.pose + 12 * k, Pose<Real>{g.R * so3_exp(f * dtheta), g.p + f * (t.p - g.p)});
    for (int q = 0; q < 6; ++q)
      twin.twist[6 * k + q] = member.twist[6 * k + q] + f * (twin.twist[6 * k + q] - member.twist[6 * k + q]);
  }
  for (int q : {slot_s1, slot_s2}) twin.contact[q] = member.contact[q] + f * (twin.contact[q] - member.contact[q]);
  const se3rod::PairRod<Real> a = rod1_of(twin_io, p, work), b = rod2_of(twin_io, p, work);
  se3rod::restore_rod_contact(a.mutable_view(), b.mutable_view(), twin.contact[slot_s1], twin.contact[slot_s2],
                              p.frozen ? 0 : 4);
  return state_distance(p, member, twin, tau);
}

/// Starts the twin: the member with every free node's lab velocity moved by the same small vector, of a size that puts
/// it d0 away before the restore (which then takes off what the contact does not allow); returns its distance.
template <class Real>
RODSWARM_HD inline double start_twin(const Params<Real>& p, const PairState<Real>& member, const PairState<Real>& twin,
                                     const MemberIO<Real>& twin_io, double tau, Real* work) {
  const int n = p.rod1.n + p.rod2.n;
  for (int q = 0; q < 12 * n; ++q) twin.pose[q] = member.pose[q];
  for (int q = 0; q < 6 * n; ++q) twin.twist[q] = member.twist[q];
  for (int q = 0; q < contact_slots; ++q) twin.contact[q] = member.contact[q];
  const Real e = Real(double(p.lyapunov_d0) / (tau * std::sqrt(3.0 * n)));
  for (int k = 0; k < n; ++k) {
    const bool first = k < p.rod1.n;
    if (se3rod::end_of(first ? p.rod1 : p.rod2, first ? k : k - p.rod1.n) != se3rod::End::free) continue;
    const Pose<Real> g = se3rod::load_pose(twin.pose + 12 * k);
    const Vec3<Real> dv = transpose_times(g.R, Vec3<Real>{e, e, e});  // the lab (e, e, e) in the node's frame
    twin.twist[6 * k + 3] += dv.x;
    twin.twist[6 * k + 4] += dv.y;
    twin.twist[6 * k + 5] += dv.z;
  }
  return pull_twin(p, member, twin, twin_io, 1.0, tau, work);
}

}  // namespace rodswarm::rodpair
