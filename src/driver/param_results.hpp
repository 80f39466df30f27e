/// @file param_results.hpp
/// A results file's parameter columns (/members/params) from a model's parameter table: the table's columns in its
/// order, then the model's own (values derived at build: a string's end heights), dt and t_end, then, where the
/// model asks, each varied key's value.
#pragma once

#include <string>
#include <vector>

#include "config/param_table.hpp"
#include "driver/model_host.hpp"

namespace rodswarm {

/// `extra_values(params, out)` appends a member's values of `extra_names`; dt and t_end follow them in every model.
template <class Spec, class P, class Job, class ExtraValues>
void fill_param_columns(ResultsPlan& plan, const config_detail::ParamTable<Spec, P>& table, const Job& job,
                        const std::vector<std::string>& extra_names, ExtraValues extra_values, bool varied) {
  plan.param_names = config_detail::param_columns(table);
  plan.param_names.insert(plan.param_names.end(), extra_names.begin(), extra_names.end());
  plan.param_names.emplace_back("dt");
  plan.param_names.emplace_back("t_end");
  if (varied) plan.param_names.insert(plan.param_names.end(), job.varied_keys.begin(), job.varied_keys.end());
  const auto members = static_cast<std::size_t>(job.size());
  plan.params.assign(plan.param_names.size(), std::vector<double>(members));
  std::vector<double> values;
  for (std::size_t i = 0; i < members; ++i) {
    const P& p = job.members.params[i];
    values.clear();
    config_detail::param_column_values(table, p, values);
    extra_values(p, values);
    values.push_back(job.members.dt[i]);
    values.push_back(job.t_end[i]);
    if (varied) {
      for (const auto& column : job.varied_values) values.push_back(column[i]);
    }
    for (std::size_t k = 0; k < values.size(); ++k) plan.params[k][i] = values[k];
  }
}

/// The table's columns, dt and t_end (and the varied keys' values when `varied`).
template <class Spec, class P, class Job>
void fill_param_columns(ResultsPlan& plan, const config_detail::ParamTable<Spec, P>& table, const Job& job,
                        bool varied) {
  fill_param_columns(
      plan, table, job, {}, [](const P&, std::vector<double>&) {}, varied);
}

}  // namespace rodswarm
