/// @file param_doc.hpp
/// A model's parameter table as a user reads it: one row per key of `params` (type, default, range, unit, meaning,
/// whether `ensemble.vary` may address it, its results column), for `rodswarm params MODEL` and the README's
/// generated tables (scripts/params-tables).
#pragma once

#include <string>
#include <vector>

namespace rodswarm {

struct ParamDoc {
  std::string key, type, fallback, range, unit, doc, column;
  bool varied = true;
};

/// The rows of model `model` (a name of the registry); an unknown name is std::invalid_argument.
std::vector<ParamDoc> param_docs(const std::string& model);
/// The rows as a Markdown table.
std::string param_docs_markdown(const std::vector<ParamDoc>& rows);

/// Model M's rows (Schema<M>::param_docs, instantiated with parse_job in the model's <model>_job.cpp).
template <class M>
std::vector<ParamDoc> param_docs_of();

}  // namespace rodswarm
