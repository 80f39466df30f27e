/// @file cosserat_job.cpp
/// A Cosserat member into its job, and the generic parser (parse_job.hpp) instantiated for the model.
#include "config/cosserat_job.hpp"

#include "config/cosserat_spec.hpp"
#include "config/parse_job.hpp"

namespace rodswarm {

template <>
void Schema<cosserat::Model>::add(CosseratJob& job, const Member& m) {
  const std::int64_t R = m.params.rods, N = m.params.n;
  if (m.params.foundation != cosserat::Foundation::none) job.foundation = true;
  const std::int64_t V = R * (m.params.ring ? N : N - 1);  // a ring has a Voronoi point where it closes
  job.add_member(m.params, m.dt, m.t_end, {R * (N + 1), R * N, V, R},
                 {m.x.data(), m.v.data(), m.Q.data(), m.w.data(), m.growth.data(), m.l0.data(), m.radius.data(),
                  m.sigma.data(), m.kappa.data(), m.clamp.data()});
}

RODSWARM_PARSE_JOB(cosserat::Model)

}  // namespace rodswarm
