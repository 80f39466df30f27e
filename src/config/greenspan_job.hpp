/// @file greenspan_job.hpp
/// A Greenspan run as plain structs: what the config layer (the only code that sees JSON) hands the engine.
#pragma once

#include "config/job.hpp"
#include "rodswarm/models/greenspan_model.hpp"

namespace rodswarm {

template <>
struct JobSettings<greenspan::Model> {
  greenspan::Scheme scheme = greenspan::Scheme::paper;  ///< integrator.scheme (all members; also in their params)
  SteadySpec steady;
};

using GreenspanJob = Job<greenspan::Model>;

}  // namespace rodswarm
