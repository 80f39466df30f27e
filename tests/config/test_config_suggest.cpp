// Edit distance and the did-you-mean choice.
#include <gtest/gtest.h>

#include "config/suggest.hpp"

namespace {

using rodswarm::config_detail::edit_distance;
using rodswarm::config_detail::nearest_name;
using rodswarm::config_detail::suggestion_suffix;

TEST(ConfigSuggest, EditDistance) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("alpha", "aplha"), 1u);  // a transposition costs 1
  EXPECT_EQ(edit_distance("t0", "T0"), 0u);        // case-insensitive
}

TEST(ConfigSuggest, Nearest) {
  const std::vector<std::string> params = {"n", "dx", "m", "T0", "eps", "alpha", "g", "tension_exponent"};
  EXPECT_EQ(nearest_name("mass", params), "m");  // ties with "eps" (3): the shared prefix wins
  EXPECT_EQ(nearest_name("tension_exponnet", params), "tension_exponent");
  EXPECT_EQ(nearest_name("To", params), "T0");
  EXPECT_EQ(nearest_name("qqqqqqq", params), std::nullopt);
  EXPECT_EQ(nearest_name("x", {}), std::nullopt);
}

TEST(ConfigSuggest, Suffix) {
  EXPECT_EQ(suggestion_suffix("alfa", {"alpha", "g"}, "params."), " (did you mean \"params.alpha\"?)");
  EXPECT_EQ(suggestion_suffix("zzzzzz", {"alpha", "g"}), " (expected one of: alpha, g)");
}

}  // namespace
