/// @file nishinari_job.cpp
/// A Nishinari member into its job, and the generic parser (parse_job.hpp) instantiated for the model.
#include "config/nishinari_job.hpp"

#include "config/nishinari_spec.hpp"
#include "config/parse_job.hpp"

namespace rodswarm {

template <>
void Schema<nishinari::Model>::add(NishinariJob& job, const Member& m) {
  const std::int64_t n = m.params.n;
  job.add_member(m.params, m.dt, m.t_end, {n, n - 1}, {m.r.data(), m.v.data(), m.normal.data(), m.spin.data()});
}

RODSWARM_PARSE_JOB(nishinari::Model)

}  // namespace rodswarm
