/// @file se3rod_job.cpp
/// An se3rod member into its job, and the generic parser (parse_job.hpp) instantiated for the model.
#include "config/se3rod_job.hpp"

#include "config/parse_job.hpp"
#include "config/se3rod_spec.hpp"

namespace rodswarm {

template <>
void Schema<se3rod::Model>::add(Se3rodJob& job, const Member& m) {
  const std::int64_t n = m.params.n;
  job.add_member(m.params, m.dt, m.t_end, {n, n - 1}, {m.pose.data(), m.twist.data(), m.rest.data()});
}

RODSWARM_PARSE_JOB(se3rod::Model)

}  // namespace rodswarm
