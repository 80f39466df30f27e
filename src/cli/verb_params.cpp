/// `rodswarm params MODEL`: the model's parameter table (key, type, default, range, unit, meaning, whether `vary`
/// may address it, results column), as Markdown or JSON. The README's tables are this output (scripts/params-tables).
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/verbs.hpp"
#include "config/param_doc.hpp"

namespace rodswarm::cli {

void add_params_verb(CLI::App& app, int& exit_code) {
  struct Options {
    std::string model;
    bool json = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* verb = app.add_subcommand("params", "print a model's parameters: types, defaults, ranges, units");
  verb->add_option("MODEL", options->model, "a model's name")->required();
  verb->add_flag("--json", options->json, "machine-readable output");
  verb->callback([options, &exit_code] {
    exit_code = run_guarded([&] {
      const auto rows = param_docs(options->model);
      if (!options->json) {
        std::cout << param_docs_markdown(rows);
        return exit_ok;
      }
      nlohmann::json out = nlohmann::json::array();
      for (const auto& r : rows) {
        out.push_back({{"key", r.key},
                       {"type", r.type},
                       {"default", r.fallback},
                       {"range", r.range},
                       {"unit", r.unit},
                       {"doc", r.doc},
                       {"varied", r.varied},
                       {"column", r.column}});
      }
      std::cout << out.dump(2) << "\n";
      return exit_ok;
    });
  });
}

}  // namespace rodswarm::cli
