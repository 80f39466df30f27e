/// @file param_doc.cpp
/// The parameter tables of the registry's models, by name, and as Markdown.
#include "config/param_doc.hpp"

#include <stdexcept>

#include "rodswarm/models/registry.hpp"

namespace rodswarm {

std::vector<ParamDoc> param_docs(const std::string& model) {
  std::vector<ParamDoc> rows;
  const bool found = with_type_named(Models{}, model, [&](auto m) { rows = param_docs_of<decltype(m)>(); });
  if (!found) throw std::invalid_argument("unknown model '" + model + "'");
  return rows;
}

std::string param_docs_markdown(const std::vector<ParamDoc>& rows) {
  std::string text =
      "| key | type | default | range | unit | meaning | vary | results column |\n"
      "| --- | --- | --- | --- | --- | --- | --- | --- |\n";
  const auto code = [](const std::string& s) { return s.empty() ? std::string() : "`" + s + "`"; };
  for (const auto& r : rows) {
    text += "| " + code(r.key) + " | " + r.type + " | " + r.fallback + " | " + r.range + " | " + r.unit + " | " +
            r.doc + " | " + (r.varied ? "yes" : "no") + " | " + code(r.column) + " |\n";
  }
  return text;
}

}  // namespace rodswarm
