// ctest-labels: slow
// run --shard i/N + merge against a plain run, for an example of every model: the merged file is the plain run's,
// dataset by dataset and bit for bit (issue 20). Shards of members of different sizes (the sweeps vary n) are
// split by estimated cost, so their member counts differ; the file must not show it.
#include <gtest/gtest.h>

#include <string>

#include "cluster_fixture.hpp"
#include "rodswarm/model_list.hpp"  // RODSWARM_MODEL_NAMES, generated from RODSWARM_MODELS

namespace rodswarm_test {
namespace {

const char* const kModels[] = {RODSWARM_MODEL_NAMES};

class Shards : public ClusterFixture {};

TEST_F(Shards, EveryModelHasAnExampleHere) {
  for (const char* model : kModels) {
    bool found = false;
    for (const auto& e : every_model_example()) found = found || std::string(e.model) == model;
    EXPECT_TRUE(found) << model << " has no example in every_model_example (results_identical.hpp)";
  }
}

TEST_F(Shards, ThreeShardsMergedAreThePlainRunForEveryModel) {
  for (const auto& e : every_model_example()) {
    SCOPED_TRACE(e.model);
    const Outcome plain = run(e.args, "plain.h5");
    ASSERT_EQ(plain.code, 0) << plain.out << plain.err;
    for (int i = 0; i < 3; ++i) {
      const Outcome part = run(e.args, "sharded.h5", "--shard " + std::to_string(i) + "/3");
      ASSERT_EQ(part.code, 0) << part.out << part.err;
      EXPECT_NE(part.out.find("sharded.part-" + std::to_string(i) + "-of-3.h5"), std::string::npos) << part.out;
    }
    // The parts in another order than their members': merge sorts them.
    const Outcome merged =
        rodswarm("merge sharded.part-2-of-3.h5 sharded.part-0-of-3.h5 sharded.part-1-of-3.h5 --out merged.h5");
    ASSERT_EQ(merged.code, 0) << merged.out << merged.err;
    EXPECT_EQ(differences_text(results_differences(file("plain.h5"), file("merged.h5"))), "identical");
    const Outcome removed = shell("rm -f plain.h5 merged.h5 sharded.part-*.h5");
    ASSERT_EQ(removed.code, 0);
  }
}

}  // namespace
}  // namespace rodswarm_test
