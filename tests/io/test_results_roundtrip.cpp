/// @file test_results_roundtrip.cpp
/// write_results then read_results gives back exactly what was written, and the file has the documented
/// layout (README.md, "Results").
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/results.hpp"
#include "results_fixture.hpp"

namespace rodswarm {
namespace {

using test::TempDir;

TEST(ResultsRoundTrip, AllFieldsComeBackExactly) {
  TempDir dir;
  const Results written = test::make_results();
  write_results(dir.file("run.h5"), written);
  const Results read = read_results(dir.file("run.h5"));
  test::expect_same_results(written, read);
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"run.h5"});  // no temporary left behind
}

TEST(ResultsRoundTrip, MomentumAndSingularComeBackExactly) {
  TempDir dir;
  const Results written = test::make_nishinari_results();
  write_results(dir.file("nishinari.h5"), written);
  const Results read = read_results(dir.file("nishinari.h5"));
  test::expect_same_results(written, read);
  EXPECT_EQ(read.model, "nishinari");
  ASSERT_EQ(read.series("momentum").size(), 3u * 4u * 6u);
  EXPECT_EQ(read.series("momentum")[(2 * 4 + 1) * 6 + 4], test::momentum(2, 1, 4));  // member 2, save 1, Ly
  ASSERT_EQ(read.final("momentum").size(), 3u * 6u);
  EXPECT_EQ(read.final("momentum")[1 * 6 + 0], test::momentum(1, 3, 0));  // member 1, px
  EXPECT_EQ(read.singular, (std::vector<std::uint8_t>{0, 0, 1}));
  EXPECT_TRUE(read.separated.empty());
}

TEST(ResultsRoundTrip, SeparatedFlagsComeBack) {
  // A model with rolling contact (se3rod on a plane) flags the members whose contact parted.
  TempDir dir;
  Results written = test::make_results();
  written.separated = {1, 0, 1};
  written.separated.resize(static_cast<std::size_t>(written.members));
  write_results(dir.file("separated.h5"), written);
  const Results read = read_results(dir.file("separated.h5"));
  test::expect_same_results(written, read);
  EXPECT_TRUE(read.singular.empty());
  const h5::ErrorSilencer silence;
  h5::Handle file = h5::open_file(dir.file("separated.h5"));
  EXPECT_TRUE(h5::exists(file.get(), "/members/separated"));
}

TEST(ResultsRoundTrip, FinalMomentumWithoutSeries) {
  // A run that saved nothing along the way still records the final momentum and singular flags.
  TempDir dir;
  Results written = test::make_nishinari_results();
  written.time.clear();
  written.series("positions").clear();
  written.series("velocities").clear();
  written.series("energy").clear();
  written.series("momentum").clear();
  write_results(dir.file("final.h5"), written);
  const Results read = read_results(dir.file("final.h5"));
  test::expect_same_results(written, read);
  EXPECT_TRUE(read.series("momentum").empty());
  EXPECT_EQ(read.final("momentum").size(), 18u);
}

TEST(ResultsRoundTrip, GreenspanFileHasNoMomentumOrSingular) {
  TempDir dir;
  write_results(dir.file("run.h5"), test::make_results());
  const Results read = read_results(dir.file("run.h5"));
  EXPECT_TRUE(read.series("momentum").empty());
  EXPECT_TRUE(read.final("momentum").empty());
  EXPECT_TRUE(read.singular.empty());
  EXPECT_TRUE(read.separated.empty());
  const h5::ErrorSilencer silence;
  h5::Handle file = h5::open_file(dir.file("run.h5"));
  EXPECT_FALSE(h5::exists(file.get(), "/series/momentum"));
  EXPECT_FALSE(h5::exists(file.get(), "/final/momentum"));
  EXPECT_FALSE(h5::exists(file.get(), "/members/singular"));
  EXPECT_FALSE(h5::exists(file.get(), "/members/separated"));
}

TEST(ResultsRoundTrip, FileWithoutMomentumAndSingularStillReads) {
  // Files written before these datasets existed (format version 1 all along): the datasets are removed from
  // a nishinari file, and the rest reads back with the new fields empty.
  TempDir dir;
  const std::string path = dir.file("old.h5");
  write_results(path, test::make_nishinari_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_TRUE(file);
    for (const char* name : {"/series/momentum", "/final/momentum", "/members/singular"}) {
      ASSERT_GE(H5Ldelete(file.get(), name, H5P_DEFAULT), 0) << name;
    }
    EXPECT_EQ(h5::read_int_attribute(file.get(), "format_version"), 2);
  }
  Results expected = test::make_nishinari_results();
  expected.series("momentum").clear();
  expected.final("momentum").clear();
  expected.singular.clear();
  test::expect_same_results(expected, read_results(path));
}

TEST(ResultsRoundTrip, ContactLyapunovAndSpectrumComeBackExactly) {
  TempDir dir;
  const Results written = test::make_rolling_results();
  write_results(dir.file("rolling.h5"), written);
  const Results read = read_results(dir.file("rolling.h5"));
  test::expect_same_results(written, read);
  EXPECT_EQ(read.model, "rolling");
  ASSERT_EQ(read.series("contact").size(), 3u * 4u * 3u);
  EXPECT_EQ(read.series("contact")[(2 * 4 + 1) * 3 + 2], test::contact(2, 1, 2));  // member 2, save 1, lambda
  ASSERT_EQ(read.series("lyapunov").size(), 3u * 4u);
  EXPECT_TRUE(std::isnan(read.series("lyapunov")[4]));  // member 1 at t = 0
  EXPECT_EQ(read.series("lyapunov")[4 + 2], test::lyapunov(1, 2));
  ASSERT_EQ(read.final("contact").size(), 3u * 3u);
  EXPECT_EQ(read.final("contact")[1 * 3 + 0], test::contact(1, 3, 0));
  ASSERT_EQ(read.final("lyapunov").size(), 3u);
  EXPECT_TRUE(std::isnan(read.final("lyapunov")[1]));
  EXPECT_EQ(read.spectrum.harmonic, 3);
  EXPECT_EQ(read.spectrum.interval, 0.05);
  ASSERT_EQ(read.spectrum.signal.size(), 3u * 6u);
  EXPECT_TRUE(std::isnan(read.spectrum.signal[1 * 6 + 5]));  // member 1's padding
  EXPECT_EQ(read.spectrum.signal[2 * 6 + 3], test::signal(2, 3));
  EXPECT_EQ(read.spectrum.omega.size(), 5u);
  EXPECT_EQ(read.spectrum.power.size(), 3u * 5u);
}

TEST(ResultsRoundTrip, FinalContactAndSpectrumWithoutSeries) {
  // A rolling run that saved nothing along the way still records the final contact, exponent and spectrum.
  TempDir dir;
  Results written = test::make_rolling_results();
  written.time.clear();
  written.series("positions").clear();
  written.series("velocities").clear();
  written.series("energy").clear();
  written.series("contact").clear();
  written.series("lyapunov").clear();
  write_results(dir.file("final.h5"), written);
  const Results read = read_results(dir.file("final.h5"));
  test::expect_same_results(written, read);
  EXPECT_TRUE(read.series("contact").empty());
  EXPECT_EQ(read.final("lyapunov").size(), 3u);
  EXPECT_EQ(read.spectrum.power.size(), 15u);
}

TEST(ResultsRoundTrip, SpectrumSignalOnlyOrPowerOnly) {
  // The signal and the spectrum are each optional: either may be saved without the other.
  TempDir dir;
  Results signal_only = test::make_rolling_results();
  signal_only.spectrum.omega.clear();
  signal_only.spectrum.power.clear();
  write_results(dir.file("signal.h5"), signal_only);
  test::expect_same_results(signal_only, read_results(dir.file("signal.h5")));

  Results power_only = test::make_rolling_results();
  power_only.spectrum.signal.clear();
  write_results(dir.file("power.h5"), power_only);
  test::expect_same_results(power_only, read_results(dir.file("power.h5")));
}

TEST(ResultsRoundTrip, GreenspanFileHasNoRollingDatasets) {
  TempDir dir;
  write_results(dir.file("run.h5"), test::make_results());
  const Results read = read_results(dir.file("run.h5"));
  EXPECT_TRUE(read.series("contact").empty());
  EXPECT_TRUE(read.series("lyapunov").empty());
  EXPECT_TRUE(read.final("contact").empty());
  EXPECT_TRUE(read.final("lyapunov").empty());
  EXPECT_TRUE(read.spectrum.signal.empty());
  EXPECT_TRUE(read.spectrum.omega.empty());
  EXPECT_TRUE(read.spectrum.power.empty());
  EXPECT_EQ(read.spectrum.harmonic, 0);
  EXPECT_EQ(read.spectrum.interval, 0.0);
  const h5::ErrorSilencer silence;
  h5::Handle file = h5::open_file(dir.file("run.h5"));
  for (const char* name : {"/series/contact", "/series/lyapunov", "/final/contact", "/final/lyapunov", "/spectrum"}) {
    EXPECT_FALSE(h5::exists(file.get(), name)) << name;
  }
}

TEST(ResultsRoundTrip, FileWithoutSpectrumStillReads) {
  // A rolling file whose /spectrum group was removed by another tool: the rest reads back, the spectrum empty.
  TempDir dir;
  const std::string path = dir.file("rolling.h5");
  write_results(path, test::make_rolling_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_TRUE(file);
    ASSERT_GE(H5Ldelete(file.get(), "/spectrum", H5P_DEFAULT), 0);
  }
  Results expected = test::make_rolling_results();
  expected.spectrum.harmonic = 0;
  expected.spectrum.interval = 0;
  expected.spectrum.signal.clear();
  expected.spectrum.omega.clear();
  expected.spectrum.power.clear();
  test::expect_same_results(expected, read_results(path));
}

TEST(ResultsRoundTrip, SteadyFile) {
  TempDir dir;
  const Results written = test::make_steady_results();
  write_results(dir.file("steady.h5"), written);
  const Results read = read_results(dir.file("steady.h5"));
  test::expect_same_results(written, read);
  EXPECT_EQ(read.kind, "steady");
  EXPECT_EQ(read.newton_iterations, (std::vector<std::int32_t>{6, 50, 7}));
}

TEST(ResultsRoundTrip, NoSavesAndNoEnergy) {
  TempDir dir;
  Results written = test::make_results();
  written.time.clear();
  written.series("positions").clear();
  written.series("velocities").clear();
  test::drop_field(written, "energy");
  written.varied_keys.clear();
  write_results(dir.file("bare.h5"), written);
  const Results read = read_results(dir.file("bare.h5"));
  test::expect_same_results(written, read);
}

TEST(ResultsRoundTrip, LongConfigAndUnicodeStrings) {
  // Attributes stored in the object header are limited to 64 KiB; the config must not be.
  TempDir dir;
  Results written = test::make_results();
  written.config_json = "{\"note\": \"" + std::string(1 << 20, 'x') + "\"}";
  written.backend = "cpu \xc2\xb5-arch";  // UTF-8
  write_results(dir.file("long.h5"), written);
  const Results read = read_results(dir.file("long.h5"));
  EXPECT_EQ(read.config_json, written.config_json);
  EXPECT_EQ(read.backend, written.backend);
}

TEST(ResultsRoundTrip, RewriteReplacesTheFile) {
  TempDir dir;
  Results first = test::make_results();
  write_results(dir.file("run.h5"), first);
  Results second = test::make_steady_results();
  second.model = "nishinari";
  write_results(dir.file("run.h5"), second);
  test::expect_same_results(second, read_results(dir.file("run.h5")));
}

TEST(ResultsLayout, DatasetsAndAttributesAsDocumented) {
  TempDir dir;
  write_results(dir.file("run.h5"), test::make_results());
  const h5::ErrorSilencer silence;
  h5::Handle file = h5::open_file(dir.file("run.h5"));
  const hid_t f = file.get();
  EXPECT_EQ(h5::read_string_attribute(f, "format"), "rodswarm-results");
  EXPECT_EQ(h5::read_int_attribute(f, "format_version"), 2);
  EXPECT_EQ(h5::read_string_attribute(f, "kind"), "run");

  EXPECT_EQ(h5::dataset_dims(f, "/members/beads"), (h5::Dims{3}));
  EXPECT_EQ(h5::dataset_dims(f, "/members/params/m"), (h5::Dims{3}));
  EXPECT_EQ(h5::dataset_dims(f, "/members/diverged"), (h5::Dims{3}));
  EXPECT_EQ(h5::dataset_dims(f, "/time"), (h5::Dims{4}));
  EXPECT_EQ(h5::dataset_dims(f, "/series/positions"), (h5::Dims{3, 4, 5, 3}));
  EXPECT_EQ(h5::dataset_dims(f, "/series/velocities"), (h5::Dims{3, 4, 5, 3}));
  EXPECT_EQ(h5::dataset_dims(f, "/series/energy"), (h5::Dims{3, 4, 4}));
  EXPECT_EQ(h5::dataset_dims(f, "/final/positions"), (h5::Dims{3, 5, 3}));
  EXPECT_EQ(h5::dataset_dims(f, "/final/energy"), (h5::Dims{3, 4}));
  EXPECT_FALSE(h5::exists(f, "/steady"));
  EXPECT_FALSE(h5::exists(f, "/series/momentum"));

  h5::Handle params = h5::open_group(f, "/members/params");
  EXPECT_EQ(h5::read_string_attribute(params.get(), "names"), R"(["n","m","T0"])");
  h5::Handle members = h5::open_group(f, "/members");
  EXPECT_EQ(h5::read_string_attribute(members.get(), "varied_keys"), R"(["params.m","params.n"])");
  h5::Handle energy = h5::open_dataset(f, "/final/energy");
  EXPECT_EQ(h5::read_string_attribute(energy.get(), "components"), R"(["kinetic","elastic","potential","total"])");

  // Chunked by whole members: all 3 members of this small file share one chunk.
  h5::Handle positions = h5::open_dataset(f, "/series/positions");
  h5::Handle dcpl(H5Dget_create_plist(positions.get()), H5Pclose);
  ASSERT_EQ(H5Pget_layout(dcpl.get()), H5D_CHUNKED);
  h5::Dims chunk(4);
  ASSERT_EQ(H5Pget_chunk(dcpl.get(), 4, chunk.data()), 4);
  EXPECT_EQ(chunk, (h5::Dims{3, 4, 5, 3}));
}

TEST(ResultsLayout, MomentumAndSingularDatasets) {
  TempDir dir;
  write_results(dir.file("nishinari.h5"), test::make_nishinari_results());
  const h5::ErrorSilencer silence;
  h5::Handle file = h5::open_file(dir.file("nishinari.h5"));
  const hid_t f = file.get();
  EXPECT_EQ(h5::read_int_attribute(f, "format_version"), 2);
  EXPECT_EQ(h5::read_string_attribute(f, "model"), "nishinari");
  EXPECT_EQ(h5::dataset_dims(f, "/series/momentum"), (h5::Dims{3, 4, 6}));
  EXPECT_EQ(h5::dataset_dims(f, "/final/momentum"), (h5::Dims{3, 6}));
  EXPECT_EQ(h5::dataset_dims(f, "/members/singular"), (h5::Dims{3}));
  h5::Handle singular = h5::open_dataset(f, "/members/singular");
  h5::Handle type(H5Dget_type(singular.get()), H5Tclose);
  EXPECT_GT(H5Tequal(type.get(), H5T_STD_U8LE), 0);
  EXPECT_EQ(h5::read_block<double>(f, "/final/momentum", {2, 3}, {1, 3}),
            (std::vector<double>{test::momentum(2, 3, 3), test::momentum(2, 3, 4), test::momentum(2, 3, 5)}));
}

TEST(ResultsLayout, ContactLyapunovAndSpectrumDatasets) {
  TempDir dir;
  write_results(dir.file("rolling.h5"), test::make_rolling_results());
  const h5::ErrorSilencer silence;
  h5::Handle file = h5::open_file(dir.file("rolling.h5"));
  const hid_t f = file.get();
  EXPECT_EQ(h5::read_int_attribute(f, "format_version"), 2);
  EXPECT_EQ(h5::read_string_attribute(f, "model"), "rolling");
  EXPECT_EQ(h5::dataset_dims(f, "/series/contact"), (h5::Dims{3, 4, 3}));
  EXPECT_EQ(h5::dataset_dims(f, "/series/lyapunov"), (h5::Dims{3, 4}));
  EXPECT_EQ(h5::dataset_dims(f, "/final/contact"), (h5::Dims{3, 3}));
  EXPECT_EQ(h5::dataset_dims(f, "/final/lyapunov"), (h5::Dims{3}));
  EXPECT_EQ(h5::dataset_dims(f, "/spectrum/signal"), (h5::Dims{3, 6}));
  EXPECT_EQ(h5::dataset_dims(f, "/spectrum/omega"), (h5::Dims{5}));
  EXPECT_EQ(h5::dataset_dims(f, "/spectrum/power"), (h5::Dims{3, 5}));
  EXPECT_EQ(h5::read_block<double>(f, "/final/contact", {2, 0}, {1, 3}),
            (std::vector<double>{test::contact(2, 3, 0), test::contact(2, 3, 1), test::contact(2, 3, 2)}));

  h5::Handle spectrum = h5::open_group(f, "/spectrum");
  EXPECT_EQ(h5::read_int_attribute(spectrum.get(), "harmonic"), 3);
  EXPECT_EQ(h5::read_double_attribute(spectrum.get(), "sample_interval"), 0.05);
  h5::Handle harmonic(H5Aopen(spectrum.get(), "harmonic", H5P_DEFAULT), H5Aclose);
  h5::Handle harmonic_type(H5Aget_type(harmonic.get()), H5Tclose);
  EXPECT_GT(H5Tequal(harmonic_type.get(), H5T_STD_I32LE), 0);
  h5::Handle interval(H5Aopen(spectrum.get(), "sample_interval", H5P_DEFAULT), H5Aclose);
  h5::Handle interval_type(H5Aget_type(interval.get()), H5Tclose);
  EXPECT_GT(H5Tequal(interval_type.get(), H5T_IEEE_F64LE), 0);

  // omega is shared by all members: one chunk, like /time, with its checksum as every dataset has.
  h5::Handle omega = h5::open_dataset(f, "/spectrum/omega");
  h5::Handle dcpl(H5Dget_create_plist(omega.get()), H5Pclose);
  EXPECT_EQ(H5Pget_layout(dcpl.get()), H5D_CHUNKED);
  unsigned flags = 0, config = 0;
  std::size_t values = 0;
  EXPECT_GE(H5Pget_filter_by_id2(dcpl.get(), H5Z_FILTER_FLETCHER32, &flags, &values, nullptr, 0, nullptr, &config), 0);
}

TEST(ResultsLayout, ParamsWithoutRecordedOrderReadAlphabetically) {
  // Files edited by other tools may lose the "names" attribute; the datasets still come back.
  TempDir dir;
  write_results(dir.file("run.h5"), test::make_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file(H5Fopen(dir.file("run.h5").c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_TRUE(file);
    ASSERT_GE(H5Adelete_by_name(file.get(), "/members/params", "names", H5P_DEFAULT), 0);
  }
  const Results read = read_results(dir.file("run.h5"));
  EXPECT_EQ(read.param_names, (std::vector<std::string>{"T0", "m", "n"}));
  EXPECT_EQ(read.params, (std::vector<std::vector<double>>{{9.0, 9.5, 10.0}, {0.1, 0.2, 0.3}, {4.0, 2.0, 3.0}}));
}

TEST(ResultsLayout, ChunksHoldWholeMembersUpToAboutOneMebibyte) {
  // 480 bytes a member: 2184 members a chunk, or all of them when fewer.
  EXPECT_EQ(h5::member_chunk_dims({1000, 4, 5, 3}, 8), (h5::Dims{1000, 4, 5, 3}));
  EXPECT_EQ(h5::member_chunk_dims({100000, 4, 5, 3}, 8), (h5::Dims{2184, 4, 5, 3}));
  EXPECT_EQ(h5::member_chunk_dims({100000}, 1), (h5::Dims{100000}));
  // One member of 240 MB: one member a chunk, split along the saves (24000 bytes a save).
  EXPECT_EQ(h5::member_chunk_dims({10, 10000, 1000, 3}, 8), (h5::Dims{1, 43, 1000, 3}));
}

}  // namespace
}  // namespace rodswarm
