/// @file ensemble_expand.cpp
/// expand_columns: every member's value of every vary key, deterministic on every platform.
#include <algorithm>
#include <cmath>
#include <utility>

#include "config/ensemble_members.hpp"
#include "config/ensemble_spec.hpp"
#include "config/random_draw.hpp"

namespace rodswarm::config_detail {

namespace {

using Columns = std::vector<std::vector<double>>;

Columns grid(const EnsembleSpec& spec) {
  const auto members = static_cast<std::size_t>(spec.members);
  Columns columns(spec.vary.size(), std::vector<double>(members));
  // C order: the last key varies fastest, so key k repeats each value `stride` times (product of later sizes).
  std::size_t stride = members;
  for (std::size_t k = 0; k < spec.vary.size(); ++k) {
    const auto& values = spec.vary[k].values;
    stride /= values.size();
    auto& col = columns[k];
    for (std::size_t i = 0; i < members; ++i) col[i] = values[(i / stride) % values.size()];
  }
  return columns;
}

Columns zip(const EnsembleSpec& spec) {
  Columns columns;
  for (const auto& v : spec.vary) columns.push_back(v.values);
  return columns;
}

/// A draw from the key's distribution given a uniform u (random) or a stratified quantile (lhs).
double from_unit(const VarySpec& v, double u) {
  switch (v.distribution) {
    case Distribution::uniform:
      return v.a + (v.b - v.a) * u;
    case Distribution::loguniform: {
      const double la = std::log(v.a);
      return std::exp(la + (std::log(v.b) - la) * u);
    }
    case Distribution::normal:
      // A stratum's point rounds to exactly 1 only for astronomically large counts; keep the quantile finite.
      return v.a + v.b * normal_quantile(std::min(std::max(u, 0x1p-1074), 1.0 - 0x1p-53));
    case Distribution::list:
      break;
  }
  return 0.0;
}

Columns random(const EnsembleSpec& spec) {
  const auto members = static_cast<std::size_t>(spec.members);
  Columns columns(spec.vary.size(), std::vector<double>(members));
  DeterministicRng rng(spec.seed);
  // Member by member: a larger count keeps the first members' values.
  for (std::size_t i = 0; i < members; ++i) {
    for (std::size_t k = 0; k < spec.vary.size(); ++k) {
      const auto& v = spec.vary[k];
      columns[k][i] = v.distribution == Distribution::normal ? v.a + v.b * rng.normal() : from_unit(v, rng.uniform01());
    }
  }
  return columns;
}

/// Calls f(k, column) with key k's lhs column of every member, one key at a time (one column held at once).
template <class F>
void for_each_lhs_column(const EnsembleSpec& spec, F&& f) {
  const auto members = static_cast<std::size_t>(spec.members);
  std::vector<double> col(members);
  DeterministicRng rng(spec.seed);
  const double width = 1.0 / static_cast<double>(members);
  for (std::size_t k = 0; k < spec.vary.size(); ++k) {
    // One point inside each stratum [s/N, (s+1)/N) of [0, 1)...
    for (std::size_t s = 0; s < members; ++s) {
      col[s] = (static_cast<double>(s) + rng.uniform_open01()) * width;
    }
    // ...assigned to members in a random order, independently per key.
    for (std::size_t i = members; i > 1; --i) {
      const std::size_t j = static_cast<std::size_t>(rng.below(i));
      std::swap(col[i - 1], col[j]);
    }
    for (double& q : col) q = from_unit(spec.vary[k], q);
    f(k, col);
  }
}

Columns latin_hypercube(const EnsembleSpec& spec) {
  Columns columns(spec.vary.size());
  for_each_lhs_column(spec, [&](std::size_t k, const std::vector<double>& col) { columns[k] = col; });
  return columns;
}

}  // namespace

std::vector<std::vector<double>> expand_columns(const EnsembleSpec& spec) {
  if (!spec.present) return {};
  switch (spec.mode) {
    case EnsembleMode::grid:
      return grid(spec);
    case EnsembleMode::zip:
      return zip(spec);
    case EnsembleMode::random:
      return random(spec);
    case EnsembleMode::lhs:
      return latin_hypercube(spec);
  }
  return {};
}

std::vector<std::vector<double>> expand_columns_at(const EnsembleSpec& spec, const std::vector<std::int64_t>& indices) {
  Columns out(spec.vary.size(), std::vector<double>(indices.size()));
  if (!spec.present || indices.empty()) return out;
  switch (spec.mode) {
    case EnsembleMode::grid: {
      std::size_t stride = static_cast<std::size_t>(spec.members);
      for (std::size_t k = 0; k < spec.vary.size(); ++k) {
        const auto& values = spec.vary[k].values;
        stride /= values.size();
        for (std::size_t j = 0; j < indices.size(); ++j) {
          out[k][j] = values[(static_cast<std::size_t>(indices[j]) / stride) % values.size()];
        }
      }
      return out;
    }
    case EnsembleMode::zip:
      for (std::size_t k = 0; k < spec.vary.size(); ++k) {
        for (std::size_t j = 0; j < indices.size(); ++j) out[k][j] = spec.vary[k].values[std::size_t(indices[j])];
      }
      return out;
    case EnsembleMode::random: {
      // The same stream as random(): every draw up to the last sampled member, only the sampled ones kept.
      DeterministicRng rng(spec.seed);
      std::size_t next = 0;
      for (std::int64_t i = 0; i <= indices.back(); ++i) {
        const bool keep = indices[next] == i;
        for (std::size_t k = 0; k < spec.vary.size(); ++k) {
          const auto& v = spec.vary[k];
          const double x =
              v.distribution == Distribution::normal ? v.a + v.b * rng.normal() : from_unit(v, rng.uniform01());
          if (keep) out[k][next] = x;
        }
        if (keep) ++next;
      }
      return out;
    }
    case EnsembleMode::lhs: {
      // A key's strata are shuffled over all members: its whole column, one key at a time.
      for_each_lhs_column(spec, [&](std::size_t k, const std::vector<double>& col) {
        for (std::size_t j = 0; j < indices.size(); ++j) out[k][j] = col[std::size_t(indices[j])];
      });
      return out;
    }
  }
  return out;
}

std::vector<std::int64_t> sample_members(const EnsembleSpec& spec, const std::vector<bool>& integer,
                                         std::int64_t count) {
  std::vector<std::int64_t> out;
  const std::int64_t M = spec.members;
  if (M <= count) {
    for (std::int64_t i = 0; i < M; ++i) out.push_back(i);
    return out;
  }
  if (spec.mode == EnsembleMode::random || spec.mode == EnsembleMode::lhs) {
    // Drawn members vary no integer key, so all have one size: the first `count` represent them, and random's
    // stream is then generated only that far.
    for (std::int64_t i = 0; i < count; ++i) out.push_back(i);
    return out;
  }
  for (std::int64_t j = 0; j < count; ++j) out.push_back(count > 1 ? j * (M - 1) / (count - 1) : 0);
  // Member sizes follow the integer keys (params.n): every value of each appears, the other keys at their first.
  if (spec.mode == EnsembleMode::grid) {
    std::int64_t stride = M;
    for (std::size_t k = 0; k < spec.vary.size(); ++k) {
      const auto n = static_cast<std::int64_t>(spec.vary[k].values.size());
      stride /= n;
      if (k < integer.size() && integer[k]) {
        for (std::int64_t v = 0; v < n && v < count; ++v) out.push_back(v * stride);
      }
    }
  } else if (spec.mode == EnsembleMode::zip) {
    for (std::size_t k = 0; k < spec.vary.size() && k < integer.size(); ++k) {
      if (!integer[k]) continue;
      std::vector<double> seen;
      for (std::int64_t i = 0; i < M && static_cast<std::int64_t>(seen.size()) < count; ++i) {
        const double x = spec.vary[k].values[static_cast<std::size_t>(i)];
        if (std::find(seen.begin(), seen.end(), x) == seen.end()) {
          seen.push_back(x);
          out.push_back(i);
        }
      }
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void check_integer_key(const VarySpec& vary, EnsembleMode mode, const std::string& source) {
  if (mode == EnsembleMode::random || mode == EnsembleMode::lhs) {
    throw ConfigError(source, vary.error_key,
                      vary.key + " is an integer and cannot be drawn at random: vary it with mode grid or zip");
  }
  for (const double x : vary.values) {
    if (x != std::floor(x)) {
      throw ConfigError(source, vary.error_key,
                        vary.key + " is an integer, but the values include " + format_number(x));
    }
  }
}

}  // namespace rodswarm::config_detail
