/// @file rodpair_job.cpp
/// A rodpair member into its job, and the generic parser (parse_job.hpp) instantiated for the model.
#include "config/rodpair_job.hpp"

#include "config/parse_job.hpp"
#include "config/rodpair_spec.hpp"

namespace rodswarm {

template <>
void Schema<rodpair::Model>::add(RodpairJob& job, const Member& m) {
  const std::int64_t n = m.params.rod1.n + m.params.rod2.n;
  job.add_member(m.params, m.dt, m.t_end, {n, n - 2, 1, m.samples},
                 {m.pose.data(), m.twist.data(), m.rest.data(), m.contact.data()});
}

RODSWARM_PARSE_JOB(rodpair::Model)

}  // namespace rodswarm
