/// @file hosts.hpp
/// Every model's ModelHost (src/models/<model>_host.hpp), for the engine code that dispatches over the registry
/// (include/rodswarm/models/registry.hpp): the CLI verbs, bench, validate.
#pragma once

#include "models/model_hosts.hpp"  // generated from RODSWARM_MODELS: every model's models/<model>_host.hpp
#include "rodswarm/models/registry.hpp"
