/// @file verbs.hpp
/// One function per `rodswarm` verb; each registers its options on a CLI11 subcommand and returns the exit code
/// through run_guarded(), which maps exceptions to PRODUCT.md's exit codes.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace rodswarm::cli {

/// Exit codes (PRODUCT.md): 0 success; 1 a check failed; 2 bad usage or input; 3 runtime failure.
enum ExitCode { exit_ok = 0, exit_check_failed = 1, exit_bad_input = 2, exit_runtime = 3 };

/// Runs `body`, printing "rodswarm: error: ..." and mapping bad input (ConfigError, invalid_argument, BadFileError)
/// to 2 and every other failure to 3, naming the stage it happened in (driver/stage.hpp); std::bad_alloc is "out of
/// memory (stage: <stage>)".
int run_guarded(const std::function<int()>& body);

/// Each adds its subcommand to `app`; `exit_code` receives the verb's result when it runs.
void add_run_verb(CLI::App& app, int& exit_code);
void add_compare_verb(CLI::App& app, int& exit_code);
void add_steady_verb(CLI::App& app, int& exit_code);
void add_modes_verb(CLI::App& app, int& exit_code);
void add_validate_verb(CLI::App& app, int& exit_code);
void add_inspect_verb(CLI::App& app, int& exit_code);
void add_bench_verb(CLI::App& app, int& exit_code);
void add_merge_verb(CLI::App& app, int& exit_code);
void add_params_verb(CLI::App& app, int& exit_code);

}  // namespace rodswarm::cli
