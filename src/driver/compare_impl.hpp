/// @file compare_impl.hpp
/// compare<M> of engine.hpp, written once over the model's host, and the macro that instantiates it at the end of
/// the model's src/models/<model>_compare.cpp, where ModelHost<M>::compare is defined. It includes no driver
/// definitions (run_impl.hpp), so the run a compare makes is the one instantiated with the model's run hooks in
/// its <model>_run.cpp.
#pragma once

#include "driver/engine.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

template <class M>
CompareReport compare(const Job<M>& job, const RunOptions& options, std::int64_t members) {
  check_layout_offered(M::layouts, options.cuda.layout, M::name);
  return ModelHost<M>::compare(job, options, members);
}

}  // namespace rodswarm

/// Instantiates compare for `Model`: the last line of the model's src/models/<model>_compare.cpp.
#define RODSWARM_COMPARE(Model)                                                                                       \
  template rodswarm::CompareReport rodswarm::compare<Model>(const rodswarm::Job<Model>&, const rodswarm::RunOptions&, \
                                                            std::int64_t);
