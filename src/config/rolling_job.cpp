/// @file rolling_job.cpp
/// A rolling-contact member into its job, and the generic parser (parse_job.hpp) instantiated for the model.
#include "config/rolling_job.hpp"

#include <array>

#include "config/parse_job.hpp"
#include "config/rolling_spec.hpp"

namespace rodswarm {

template <>
void Schema<rolling::Model>::add(RollingJob& job, const Member& m) {
  job.add_member(m.params, m.dt, m.t_end, {rolling::state_size(m.params.modes), m.samples},
                 std::array<const double*, 3>{m.y0.data(), nullptr, nullptr}, {0.0, 0.0});
}

RODSWARM_PARSE_JOB(rolling::Model)

}  // namespace rodswarm
