/// @file whole_job.hpp
/// What the verbs that hold every member's results at once (`steady`, `modes`) share: the refusal, before any
/// member is built, of a job whose results cannot fit the host's memory; and the names of the models a verb
/// serves, for the message that refuses the others.
#pragma once

#include <string>
#include <variant>

#include "cli/job_options.hpp"
#include "driver/engine.hpp"
#include "driver/memory_plan.hpp"
#include "rodswarm/models/registry.hpp"

namespace rodswarm::cli {

/// Estimates the whole job from a sample (as validate does) and throws when its results cannot all be held.
inline void refuse_unless_whole_job_fits(const JobOptions& options) {
  std::visit(
      [&](const auto& sample) {
        const JobSummary summary = summarize(sample);
        plan_host_memory(summary, summary.members, host_memory(double(options.host_memory)));
      },
      options.load_any(ParseOptions{estimate_sample}));
}

/// "greenspan, cosserat": the registry's models for which has(model) holds (model: a default-constructed Model).
template <class Has>
std::string models_with(Has has) {
  std::string names;
  for_each_type(Models{}, [&](auto model) {
    if (has(model)) names += (names.empty() ? "" : ", ") + std::string(decltype(model)::name);
  });
  return names;
}

}  // namespace rodswarm::cli
