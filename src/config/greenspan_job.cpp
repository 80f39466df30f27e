/// @file greenspan_job.cpp
/// A Greenspan member into its job, and the generic parser (parse_job.hpp) instantiated for the model.
#include "config/greenspan_job.hpp"

#include "config/greenspan_spec.hpp"
#include "config/parse_job.hpp"

namespace rodswarm {

template <>
void Schema<greenspan::Model>::add(GreenspanJob& job, const Member& m) {
  job.add_member(m.params, m.dt, m.t_end, {m.params.n}, {m.y.data(), m.v.data()});
}

RODSWARM_PARSE_JOB(greenspan::Model)

}  // namespace rodswarm
