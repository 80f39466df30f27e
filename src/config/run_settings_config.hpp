/// @file run_settings_config.hpp
/// The config sections every model shares: `precision`, `output` and `compare` (JSON -> run_settings.hpp structs).
/// Internal to the config layer.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/json_check.hpp"
#include "config/run_settings.hpp"
#include "config/step_spec.hpp"
#include "rodswarm/common.hpp"

namespace rodswarm::config_detail {

/// Reads config["precision"], config["output"] and config["compare"] (each optional) into the given structs;
/// ranges are checked here (none of these can be varied). `output_fields` are the datasets the model can save at
/// every save point: without output.fields those on by default are saved, with it exactly those listed.
/// `allow_xdmf`: output.xdmf (a boolean) is accepted; otherwise it is an unknown key.
void parse_shared_settings(const nlohmann::json& config, const std::string& source,
                           const std::vector<OutputField>& output_fields, Precision& precision, OutputSpec& output,
                           CompareSpec& compare, bool allow_xdmf = false);

/// The integrator section into `steps`: its scheme (one of `schemes`, the first by default), dt and t_end
/// (required) and, when the model has it (`divergence_factor`), divergence_factor (default 1000). Returns the
/// scheme's name.
std::string read_integrator(const nlohmann::json& config, const std::string& source,
                            const std::vector<std::string>& schemes, bool divergence_factor, StepSpec& steps);

/// A member of a settings section that must be an integer >= 1 / a positive number (the fallback when absent).
int positive_int(const ObjectReader& r, const std::string& name, int fallback);
double positive_number(const ObjectReader& r, const std::string& name, double fallback);

}  // namespace rodswarm::config_detail
