/// @file se3rod_job.hpp
/// An se3rod run as plain structs: what the config layer (the only code that sees JSON) hands the engine. Schema:
/// README.md, "Model se3rod", and the top of se3rod_config.cpp. The members hold the initial poses and body twists
/// of their nodes and the rest strains of their segments (from the discrete rest configuration).
#pragma once

#include "config/job.hpp"
#include "rodswarm/models/se3rod_model.hpp"

namespace rodswarm {

template <>
struct JobSettings<se3rod::Model> {
  se3rod::Scheme scheme = se3rod::Scheme::rkmk4;  ///< integrator.scheme (all members)
};

using Se3rodJob = Job<se3rod::Model>;

}  // namespace rodswarm
