// What the config layer does the same way for every model of the registry: its examples load by dispatch on
// `model`, a misspelt model name is suggested, a job of the wrong model is refused by name, unknown keys and
// sections it does not have are named, and an error caused by an override is reported against --set.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "config_test_support.hpp"

namespace rodswarm {
namespace {

using namespace rodswarm::test;

template <class M>
class ConfigModels : public ::testing::Test {
 protected:
  /// The model's first example (by name), as written.
  static std::string example_path() {
    std::string first;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::filesystem::path(RODSWARM_SOURCE_DIR) / "examples" / M::name)) {
      const std::string path = entry.path().string();
      if (entry.path().extension() == ".json" && (first.empty() || path < first)) first = path;
    }
    return first;
  }
  static json example() { return read_config_file(example_path()); }
  /// The model's section of numbers where the generic tests put an unknown key: "params", or for rodpair (whose
  /// sections are its rods, each with its params and initial) "rod1".
  static std::string numbers_section() { return example().contains("params") ? "params" : "rod1"; }
};
TYPED_TEST_SUITE(ConfigModels, AllModels);

TYPED_TEST(ConfigModels, EveryExampleLoadsAsItsModel) {
  const int count = for_each_example<TypeParam>([](const Job<TypeParam>&) {});
  EXPECT_GE(count, 1);
}

TYPED_TEST(ConfigModels, AMisspeltModelIsSuggested) {
  json c = TestFixture::example();
  std::string typo = TypeParam::name;
  typo.insert(2, 1, typo[2]);  // a doubled letter
  c["model"] = typo;
  const ConfigError e = load_error(write_temp(std::string(TypeParam::name) + "_typo.json", c), {});
  EXPECT_EQ(e.key(), "model");
  EXPECT_TRUE(contains(e, std::string("did you mean \"") + TypeParam::name + "\"")) << e.what();
}

TYPED_TEST(ConfigModels, AJobOfAnotherModelIsRefusedByName) {
  using Other = std::conditional_t<std::is_same_v<TypeParam, greenspan::Model>, nishinari::Model, greenspan::Model>;
  const std::string path = TestFixture::example_path();
  try {
    load_job<Other>(path, {});
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.key(), "model");
    EXPECT_TRUE(contains(e, std::string("this reads ") + Other::name + " configs only")) << e.what();
  }
  EXPECT_THROW(parse_job<Other>(TestFixture::example(), "x.json"), ConfigError);
}

TYPED_TEST(ConfigModels, UnknownKeysAndSectionsAreNamed) {
  json c = TestFixture::example();
  const std::string section = TestFixture::numbers_section();
  c[section]["no_such_param"] = 1;
  EXPECT_EQ(config_error<TypeParam>(c).key(), section + ".no_such_param");
  c = TestFixture::example();
  c["no_such_section"] = json::object();
  EXPECT_EQ(config_error<TypeParam>(c).key(), "no_such_section");
  // A steady section where the model has no steady solver says so.
  c = TestFixture::example();
  c["steady"] = json::object();
  try {
    parse_job<TypeParam>(c, "cfg.json");  // the model has a steady section: an empty one is valid
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "steady");
    EXPECT_TRUE(contains(e, "has no steady solver")) << e.what();
  }
}

// A vary key that names no number walks every number of the config (the model's list of them) and suggests one;
// a whole section is an object to vary a number of, and a section that is never varied says so.
TYPED_TEST(ConfigModels, VaryKeysAreCheckedAgainstTheModelsNumbers) {
  const json c = TestFixture::example();
  const std::string section = TestFixture::numbers_section();
  auto vary = [&](const std::string& key) {
    return with_ensemble(c, (R"({"mode": "grid", "vary": {")" + key + R"(": [1, 2]}})").c_str());
  };
  ConfigError e = config_error<TypeParam>(vary(section + ".zzz"));
  EXPECT_EQ(e.key(), "ensemble.vary." + section + ".zzz");
  EXPECT_TRUE(contains(e, "no numeric key " + section + ".zzz in this config")) << e.what();
  e = config_error<TypeParam>(vary(section));
  EXPECT_TRUE(contains(e, section + " is an object: vary one of its numbers, e.g. " + section + ".")) << e.what();
  e = config_error<TypeParam>(vary("output.save_every"));
  EXPECT_TRUE(contains(e, "cannot be varied: only numeric keys under ")) << e.what();
  EXPECT_TRUE(contains(e, section)) << e.what();
}

TYPED_TEST(ConfigModels, AnOverridesErrorIsReportedAgainstSet) {
  const std::string path = TestFixture::example_path();
  const std::string section = TestFixture::numbers_section();
  const ConfigError e = load_error(path, {section + ".no_such_param=1"});
  EXPECT_EQ(e.file(), "--set");
  EXPECT_EQ(e.key(), section + ".no_such_param");
  // An override that is valid is applied to the config the job keeps (and results files store).
  const std::string dt = TestFixture::example()["integrator"]["dt"].dump();
  const auto job = std::get<Job<TypeParam>>(load_any_job(path, {"integrator.dt=" + dt}));
  EXPECT_EQ(job.config["integrator"]["dt"].dump(), dt);
}

}  // namespace
}  // namespace rodswarm
