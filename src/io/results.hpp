/// @file results.hpp
/// What a results file holds, model-independent, and the HDF5 reader/writer (results_h5.cpp).
/// Layout on disk: README.md, section "Results layout".
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rodswarm {

/// I/O failure (unreadable, unwritable, not a rodswarm file): exit status 3 in the CLI.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// M members, S saves, B = max beads per member (fixed ends included). Arrays are row-major; padding for
/// members with fewer beads is NaN. Empty vectors mean "not saved".
struct Results {
  std::string kind = "run";  ///< "run" or "steady"
  std::string model;         ///< "greenspan" or "nishinari"
  std::string scheme;        ///< "greenspan", "rk4", or "newton" for steady
  std::string backend;       ///< backend description
  std::string precision;     ///< "float64" or "float32"
  std::string config_json;   ///< the config after overrides, as JSON text
  std::string rodswarm_version;
  std::string created;  ///< ISO 8601 UTC

  std::int64_t members = 0;
  std::int32_t max_beads = 0;
  std::vector<std::int32_t> beads;  ///< [M] beads of each member, fixed ends included
  std::vector<std::int32_t> rods;   ///< [M] rods per member (cosserat), empty otherwise

  std::vector<std::string> param_names;     ///< e.g. n, dx, m, T0, eps, alpha, g, tension_exponent, dt, t_end
  std::vector<std::vector<double>> params;  ///< [param][M]
  std::vector<std::string> varied_keys;     ///< config keys the ensemble varies

  std::vector<std::string> energy_names;  ///< components, e.g. kinetic, elastic, gravity, potential, total

  std::vector<double> time;               ///< [S] save times
  std::vector<double> series_positions;   ///< [M][S][B][3]
  std::vector<double> series_velocities;  ///< [M][S][B][3]
  std::vector<double> series_energy;      ///< [M][S][E]
  std::vector<double> series_momentum;    ///< [M][S][6]: linear (px,py,pz) then angular (Lx,Ly,Lz) about the origin
  std::vector<double> series_gauss;       ///< [M][S][3]: Z_t (constraint effort), Z_s (static residual), violation
  std::vector<double> series_directors;   ///< [M][S][B][9]: element frames Q (rows d1 d2 d3), NaN beyond E_i < B
  std::vector<double> series_contact;     ///< [M][S][3]: s1, s2, lambda (rolling)
  std::vector<double> series_lyapunov;    ///< [M][S]: running largest-Lyapunov estimate sum log / t (rolling)

  std::vector<double> final_time;               ///< [M]
  std::vector<double> final_positions;          ///< [M][B][3]
  std::vector<double> final_velocities;         ///< [M][B][3]
  std::vector<double> final_energy;             ///< [M][E]
  std::vector<double> final_momentum;           ///< [M][6]: as series_momentum (Greenspan never saves momentum)
  std::vector<double> final_gauss;              ///< [M][3]: as series_gauss (cosserat)
  std::vector<double> final_directors;          ///< [M][B][9]: as series_directors (cosserat)
  std::vector<double> final_contact;            ///< [M][3]: as series_contact (rolling)
  std::vector<double> final_lyapunov;           ///< [M]: largest Lyapunov exponent at the end, NaN if not computed
  std::vector<std::uint8_t> diverged;           ///< [M]
  std::vector<std::int64_t> steps_taken;        ///< [M]
  std::vector<std::uint8_t> stability_warning;  ///< [M] dt outside the scheme's linearised bound
  /// [M] the member stopped at a model singularity (nishinari: gimbal lock, cos(dtheta) ~ 0). Empty when the
  /// model has none.
  std::vector<std::uint8_t> singular;

  // Time spectrum of one harmonic (rolling): the recorded signal and its power spectrum, empty when not asked.
  std::int32_t spectrum_harmonic = 0;   ///< which mode was recorded
  double spectrum_interval = 0;         ///< sampling interval dt_s of the signal
  std::vector<double> spectrum_signal;  ///< [M][N_s]: the modal amplitude every dt_s from t = 0, NaN-padded
  std::vector<double> spectrum_omega;   ///< [F]: angular frequencies 2 pi j / (N_fft dt_s)
  std::vector<double> spectrum_power;   ///< [M][F]: Hann-windowed power, mean removed

  // kind == "steady" only
  std::vector<std::int32_t> newton_iterations;  ///< [M]
  std::vector<double> newton_residual;          ///< [M]
  std::vector<std::uint8_t> converged;          ///< [M]
};

/// Writes `r` to `path` through a temporary file in the same directory, renamed on success: a failed or
/// interrupted write never leaves a half-written file under `path`. Throws IoError.
void write_results(const std::string& path, const Results& r);

/// Reads the whole file. Throws IoError.
Results read_results(const std::string& path);

/// inspect --member I [--final] --json: one member as JSON (PRODUCT.md). Reads only that member's rows.
nlohmann::json member_json(const std::string& path, std::int64_t member, bool final_only);

/// inspect --json without --member: a summary of the file (kind, model, members, saves, fields, diverged count,
/// singular count when the file records singularities).
nlohmann::json summary_json(const std::string& path);

}  // namespace rodswarm
