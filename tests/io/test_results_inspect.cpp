/// @file test_results_inspect.cpp
/// member_json (inspect --member I [--final] --json) and summary_json (inspect --json).
#include <gtest/gtest.h>

#include <string>

#include "io/results.hpp"
#include "results_fixture.hpp"

namespace rodswarm {
namespace {

using nlohmann::json;
using test::coordinate;
using test::TempDir;

class ResultsInspect : public ::testing::Test {
 protected:
  void SetUp() override { write_results(path_, test::make_results()); }
  TempDir dir_;
  std::string path_ = dir_.file("run.h5");
};

TEST_F(ResultsInspect, FinalMemberHasItsOwnBeadsOnly) {
  const json j = member_json(path_, 2, /*final_only=*/true);
  EXPECT_EQ(j["member"], 2);
  EXPECT_EQ(j["t"], 0.3);
  EXPECT_EQ(j["params"], (json{{"n", 3.0}, {"m", 0.3}, {"T0", 10.0}}));
  ASSERT_EQ(j["positions"].size(), 4u);  // 4 beads, the padding bead dropped
  for (int b = 0; b < 4; ++b) {
    EXPECT_EQ(j["positions"][static_cast<std::size_t>(b)],
              (json{coordinate(2, 3, b, 0), coordinate(2, 3, b, 1), coordinate(2, 3, b, 2)}));
  }
  EXPECT_EQ(j["energy"], (json{{"kinetic", 23.0}, {"elastic", 23.125}, {"potential", 23.25}, {"total", 23.375}}));
  EXPECT_EQ(j["diverged"], false);
  EXPECT_EQ(j["steps_taken"], 150);
  EXPECT_EQ(j["stability_warning"], true);
  EXPECT_FALSE(j.contains("time"));
  EXPECT_FALSE(j.contains("series"));
  EXPECT_FALSE(j.contains("converged"));
  EXPECT_EQ(j.dump().find("null"), std::string::npos);  // no NaN padding leaked in
}

TEST_F(ResultsInspect, SeriesMemberAddsTimeAndSeries) {
  const json j = member_json(path_, 1, /*final_only=*/false);
  EXPECT_EQ(j["member"], 1);
  EXPECT_EQ(j["diverged"], true);
  EXPECT_EQ(j["steps_taken"], 42);
  EXPECT_EQ(j["positions"].size(), 3u);
  EXPECT_EQ(j["time"], (json{0.0, 0.1, 0.2, 0.3}));
  const json& series = j["series"];
  ASSERT_EQ(series["positions"].size(), 4u);
  ASSERT_EQ(series["velocities"].size(), 4u);
  for (int k = 0; k < 4; ++k) {
    const json& save = series["positions"][static_cast<std::size_t>(k)];
    ASSERT_EQ(save.size(), 3u);  // member 1 has 3 beads
    for (int b = 0; b < 3; ++b) {
      EXPECT_EQ(save[static_cast<std::size_t>(b)],
                (json{coordinate(1, k, b, 0), coordinate(1, k, b, 1), coordinate(1, k, b, 2)}));
    }
    EXPECT_EQ(series["velocities"][static_cast<std::size_t>(k)][2][1], -coordinate(1, k, 2, 1));
  }
  EXPECT_EQ(series["energy"]["kinetic"], (json{10.0, 11.0, 12.0, 13.0}));
  EXPECT_EQ(series["energy"]["total"], (json{10.375, 11.375, 12.375, 13.375}));
  EXPECT_EQ(series["energy"].size(), 4u);
  EXPECT_EQ(j.dump().find("null"), std::string::npos);
}

TEST_F(ResultsInspect, GreenspanMemberHasNoMomentumOrSingular) {
  const json final_only = member_json(path_, 0, /*final_only=*/true);
  EXPECT_FALSE(final_only.contains("momentum"));
  EXPECT_FALSE(final_only.contains("singular"));
  const json full = member_json(path_, 0, /*final_only=*/false);
  EXPECT_FALSE(full["series"].contains("momentum"));
}

TEST_F(ResultsInspect, FinalMemberHasMomentumAndSingular) {
  write_results(path_, test::make_nishinari_results());
  const json j = member_json(path_, 2, /*final_only=*/true);
  using test::momentum;
  EXPECT_EQ(j["momentum"], (json{{"linear", {momentum(2, 3, 0), momentum(2, 3, 1), momentum(2, 3, 2)}},
                                 {"angular", {momentum(2, 3, 3), momentum(2, 3, 4), momentum(2, 3, 5)}}}));
  EXPECT_EQ(j["singular"], true);
  EXPECT_EQ(member_json(path_, 0, true)["singular"], false);
  EXPECT_FALSE(j.contains("series"));
}

TEST_F(ResultsInspect, SeriesMemberHasMomentumPerSave) {
  write_results(path_, test::make_nishinari_results());
  const json j = member_json(path_, 1, /*final_only=*/false);
  using test::momentum;
  EXPECT_EQ(j["momentum"]["linear"], (json{momentum(1, 3, 0), momentum(1, 3, 1), momentum(1, 3, 2)}));
  EXPECT_EQ(j["singular"], false);
  const json& series = j["series"]["momentum"];
  ASSERT_EQ(series.size(), 2u);
  ASSERT_EQ(series["linear"].size(), 4u);
  ASSERT_EQ(series["angular"].size(), 4u);
  for (int k = 0; k < 4; ++k) {
    const auto save = static_cast<std::size_t>(k);
    EXPECT_EQ(series["linear"][save], (json{momentum(1, k, 0), momentum(1, k, 1), momentum(1, k, 2)}));
    EXPECT_EQ(series["angular"][save], (json{momentum(1, k, 3), momentum(1, k, 4), momentum(1, k, 5)}));
  }
  EXPECT_EQ(j["series"]["energy"]["kinetic"], (json{10.0, 11.0, 12.0, 13.0}));  // the rest unchanged
  EXPECT_EQ(j.dump().find("null"), std::string::npos);
}

TEST_F(ResultsInspect, FinalMemberHasContactAndLyapunov) {
  write_results(path_, test::make_rolling_results());
  const json j = member_json(path_, 2, /*final_only=*/true);
  using test::contact;
  EXPECT_EQ(j["contact"], (json{{"s1", contact(2, 3, 0)}, {"s2", contact(2, 3, 1)}, {"lambda", contact(2, 3, 2)}}));
  EXPECT_EQ(j["lyapunov"], test::lyapunov(2, 3));
  EXPECT_FALSE(j.contains("series"));
  EXPECT_FALSE(j.contains("momentum"));
  EXPECT_EQ(j.dump().find("null"), std::string::npos);
  // Member 1's exponent was not computed (NaN): it prints as null, the key is still there.
  const json not_computed = member_json(path_, 1, /*final_only=*/true);
  ASSERT_TRUE(not_computed.contains("lyapunov"));
  EXPECT_EQ(not_computed["lyapunov"].dump(), "null");
  EXPECT_EQ(not_computed["contact"]["s2"], contact(1, 3, 1));
}

TEST_F(ResultsInspect, SeriesMemberHasContactAndLyapunovPerSave) {
  write_results(path_, test::make_rolling_results());
  const json j = member_json(path_, 0, /*final_only=*/false);
  const json& contact = j["series"]["contact"];
  ASSERT_EQ(contact.size(), 3u);
  for (const char* key : {"s1", "s2", "lambda"}) ASSERT_EQ(contact[key].size(), 4u) << key;
  for (int k = 0; k < 4; ++k) {
    const auto save = static_cast<std::size_t>(k);
    EXPECT_EQ(contact["s1"][save], test::contact(0, k, 0));
    EXPECT_EQ(contact["s2"][save], test::contact(0, k, 1));
    EXPECT_EQ(contact["lambda"][save], test::contact(0, k, 2));
  }
  const json& lyapunov = j["series"]["lyapunov"];
  ASSERT_EQ(lyapunov.size(), 4u);
  EXPECT_EQ(lyapunov[0].dump(), "null");  // undefined at t = 0
  EXPECT_EQ(lyapunov[3], test::lyapunov(0, 3));
  EXPECT_EQ(j["series"]["energy"]["kinetic"], (json{0.0, 1.0, 2.0, 3.0}));  // the rest unchanged
}

TEST_F(ResultsInspect, GreenspanMemberHasNoContactOrLyapunov) {
  const json j = member_json(path_, 0, /*final_only=*/false);
  EXPECT_FALSE(j.contains("contact"));
  EXPECT_FALSE(j.contains("lyapunov"));
  EXPECT_FALSE(j["series"].contains("contact"));
  EXPECT_FALSE(j["series"].contains("lyapunov"));
}

TEST_F(ResultsInspect, SteadyMemberHasNewtonDiagnosticsAndNoTime) {
  write_results(path_, test::make_steady_results());
  const json j = member_json(path_, 1, /*final_only=*/true);
  EXPECT_TRUE(j["t"].is_null());
  EXPECT_EQ(j["converged"], false);
  EXPECT_EQ(j["newton_iterations"], 50);
  EXPECT_EQ(j["residual"], 3.5e-2);
  EXPECT_EQ(j["positions"].size(), 3u);
  const json full = member_json(path_, 0, /*final_only=*/false);
  EXPECT_EQ(full["time"], json::array());
  EXPECT_EQ(full["series"], json::object());
  EXPECT_EQ(full["converged"], true);
}

TEST_F(ResultsInspect, MemberOutOfRange) {
  try {
    member_json(path_, 12, true);
    FAIL() << "expected IoError";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("member 12 out of range: the file holds 3 members"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find(path_), std::string::npos) << e.what();
  }
  EXPECT_THROW(member_json(path_, 3, false), IoError);
  EXPECT_THROW(member_json(path_, -1, true), IoError);
}

TEST_F(ResultsInspect, Summary) {
  const json j = summary_json(path_);
  EXPECT_EQ(j["kind"], "run");
  EXPECT_EQ(j["model"], "greenspan");
  EXPECT_EQ(j["scheme"], "rk4");
  EXPECT_EQ(j["backend"], "cpu (2 threads)");
  EXPECT_EQ(j["precision"], "float64");
  EXPECT_EQ(j["members"], 3);
  EXPECT_EQ(j["max_beads"], 5);
  EXPECT_EQ(j["saves"], 4);
  EXPECT_EQ(j["fields"], (json{"positions", "velocities", "energy"}));
  EXPECT_EQ(j["diverged"], 1);
  EXPECT_EQ(j["stability_warnings"], 2);
  EXPECT_EQ(j["varied_keys"], (json{"params.m", "params.n"}));
  EXPECT_EQ(j["params"], (json{"n", "m", "T0"}));
  EXPECT_EQ(j["created"], "2024-05-01T12:00:00Z");
  EXPECT_EQ(j["rodswarm_version"], "0.1.0");
  EXPECT_FALSE(j.contains("converged"));
  EXPECT_FALSE(j.contains("singular"));   // greenspan records no singularities
  EXPECT_FALSE(j.contains("separated"));  // nor contacts that part
  EXPECT_EQ(j["final_fields"], json::array());
  EXPECT_FALSE(j.contains("spectrum"));
}

TEST_F(ResultsInspect, RollingSummaryListsContactLyapunovAndSpectrum) {
  write_results(path_, test::make_rolling_results());
  const json j = summary_json(path_);
  EXPECT_EQ(j["model"], "rolling");
  EXPECT_EQ(j["fields"], (json{"positions", "velocities", "energy", "contact", "lyapunov"}));
  EXPECT_EQ(j["final_fields"], (json{"contact", "lyapunov"}));
  EXPECT_EQ(j["spectrum"], (json{{"harmonic", 3}, {"sample_interval", 0.05}, {"samples", 6}, {"frequencies", 5}}));
}

TEST_F(ResultsInspect, NishinariSummaryCountsSingularAndListsMomentum) {
  write_results(path_, test::make_nishinari_results());
  const json j = summary_json(path_);
  EXPECT_EQ(j["model"], "nishinari");
  EXPECT_EQ(j["fields"], (json{"positions", "velocities", "energy", "momentum"}));
  EXPECT_EQ(j["final_fields"], (json{"momentum"}));
  EXPECT_EQ(j["singular"], 1);
  EXPECT_EQ(j["diverged"], 1);
}

TEST_F(ResultsInspect, SteadySummaryCountsConverged) {
  write_results(path_, test::make_steady_results());
  const json j = summary_json(path_);
  EXPECT_EQ(j["kind"], "steady");
  EXPECT_EQ(j["saves"], 0);
  EXPECT_EQ(j["fields"], json::array());
  EXPECT_EQ(j["converged"], 2);
}

}  // namespace
}  // namespace rodswarm
