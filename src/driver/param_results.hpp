/// @file param_results.hpp
/// A results file's parameter columns (/members/params) from a model's parameter table: the table's columns in its
/// order, then the model's own (values derived at build: a string's end heights, dt, t_end), then, where the model
/// asks, each varied key's value.
#pragma once

#include <string>
#include <vector>

#include "config/param_table.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

/// `extra_values(i, params, out)` appends member i's values of `extra_names`.
template <class Spec, class P, class Job, class ExtraValues>
void fill_param_columns(ResultsPlan& plan, const config_detail::ParamTable<Spec, P>& table, const Job& job,
                        const std::vector<std::string>& extra_names, ExtraValues extra_values, bool varied) {
  plan.param_names = config_detail::param_columns(table);
  plan.param_names.insert(plan.param_names.end(), extra_names.begin(), extra_names.end());
  if (varied) plan.param_names.insert(plan.param_names.end(), job.varied_keys.begin(), job.varied_keys.end());
  const auto members = static_cast<std::size_t>(job.size());
  plan.params.assign(plan.param_names.size(), std::vector<double>(members));
  std::vector<double> values;
  for (std::size_t i = 0; i < members; ++i) {
    const P& p = job.members.params[i];
    values.clear();
    config_detail::param_column_values(table, p, values);
    extra_values(i, p, values);
    if (varied) {
      for (const auto& column : job.varied_values) values.push_back(column[i]);
    }
    for (std::size_t k = 0; k < values.size(); ++k) plan.params[k][i] = values[k];
  }
}

}  // namespace rodswarm
