// run --shard and merge on a small ensemble (every build, the sanitizer builds too): the parts' places in the
// ensemble, the merged file against the plain run, and merge's refusals, each naming the file or the members:
// a missing part, two parts holding the same members, a part of another run, a file that is no part, a bad
// --shard. A refused merge leaves no file.
#include <gtest/gtest.h>

#include <string>

#include "cluster_fixture.hpp"

namespace rodswarm_test {
namespace {

class Merge : public ClusterFixture {
 protected:
  /// Greenspan's sweep cut to 0.02 s: 10000 members of several sizes.
  const std::string example = "examples/greenspan/sweep.json --set integrator.t_end=0.02";

  void shard(int i, int n, const std::string& extra = "", const std::string& out = "s.h5") {
    const Outcome part = run(example + " " + extra, out, "--shard " + std::to_string(i) + "/" + std::to_string(n));
    ASSERT_EQ(part.code, 0) << part.out << part.err;
  }
};

TEST_F(Merge, PartsRecordTheirPlaceAndMergeIntoThePlainRun) {
  ASSERT_EQ(run(example, "plain.h5").code, 0);
  for (int i = 0; i < 4; ++i) shard(i, 4);
  const rodswarm::Results first = rodswarm::read_results_header(file("s.part-0-of-4.h5")),
                          last = rodswarm::read_results_header(file("s.part-3-of-4.h5"));
  EXPECT_EQ(first.part.first, 0);
  EXPECT_EQ(first.part.ensemble, 10000);
  EXPECT_EQ(first.part.shard, "0/4");
  EXPECT_EQ(last.part.first + last.members, 10000);
  const Outcome merged = rodswarm("merge s.part-*.h5 --out merged.h5");
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_NE(merged.out.find("merge: 4 parts, 10000 members -> merged.h5"), std::string::npos) << merged.out;
  EXPECT_EQ(differences_text(results_differences(file("plain.h5"), file("merged.h5"))), "identical");
  EXPECT_TRUE(rodswarm::read_results_header(file("merged.h5")).part.empty());
}

TEST_F(Merge, PartsThatDoNotMakeTheEnsembleAreRefused) {
  ASSERT_EQ(run(example, "plain.h5").code, 0);
  for (int i = 0; i < 3; ++i) shard(i, 3);
  shard(1, 2);
  const auto refused = [&](const std::string& parts, const std::string& says) {
    const Outcome o = rodswarm("merge " + parts + " --out m.h5");
    EXPECT_EQ(o.code, 2) << parts << "\n" << o.out << o.err;
    EXPECT_NE(o.err.find(says), std::string::npos) << parts << "\n" << o.err;
    EXPECT_FALSE(std::filesystem::exists(file("m.h5"))) << parts;
  };
  const rodswarm::Results middle = rodswarm::read_results_header(file("s.part-1-of-3.h5"));
  refused("s.part-0-of-3.h5 s.part-2-of-3.h5", "no part holds members " + std::to_string(middle.part.first) + " to " +
                                                   std::to_string(middle.part.first + middle.members - 1));
  refused("s.part-0-of-3.h5 s.part-1-of-3.h5", "is a part missing?");
  refused("s.part-0-of-3.h5 s.part-1-of-3.h5 s.part-2-of-3.h5 s.part-1-of-2.h5", "both hold members");
  refused("s.part-0-of-3.h5 plain.h5", "plain.h5: not a part of a sharded run");
  refused("s.part-0-of-3.h5 missing.h5", "missing.h5");
  // A part of the same ensemble run with another config.
  shard(2, 3, "--set params.g=10", "other.h5");
  refused("s.part-0-of-3.h5 s.part-1-of-3.h5 other.part-2-of-3.h5", "is a part of another run");
  // A part is never the output.
  const Outcome onto_part = rodswarm("merge s.part-0-of-3.h5 s.part-1-of-3.h5 s.part-2-of-3.h5 --out s.part-0-of-3.h5");
  EXPECT_EQ(onto_part.code, 2) << onto_part.err;
}

TEST_F(Merge, ABadShardIsRefusedBeforeAnyWork) {
  for (const std::string bad : {"3/3", "1/0", "a/3", "-1/3", "2", "1/20000"}) {
    const Outcome o = run(example, "s.h5", "--shard " + bad);
    EXPECT_EQ(o.code, 2) << bad << "\n" << o.err;
    EXPECT_NE(o.err.find("--shard"), std::string::npos) << bad << "\n" << o.err;
  }
  EXPECT_TRUE(no_results_left());
}

}  // namespace
}  // namespace rodswarm_test
