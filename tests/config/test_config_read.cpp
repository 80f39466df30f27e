// read_config_file: unreadable files, JSON syntax errors with line and column, duplicate keys.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <unistd.h>

#include "config/config_loader.hpp"
#include "config_test_support.hpp"

namespace {

using nlohmann::json;
using rodswarm::ConfigError;
using rodswarm::read_config_file;
using rodswarm::test::contains;
using rodswarm::test::write_temp;

TEST(ConfigRead, ParsesAValidFile) {
  const auto path = write_temp("ok.json", R"({"model": "greenspan", "params": {"m": 0.1}})");
  const auto j = read_config_file(path);
  EXPECT_EQ(j.at("model"), "greenspan");
  EXPECT_DOUBLE_EQ(j.at("params").at("m").get<double>(), 0.1);
}

TEST(ConfigRead, MissingFileNamesTheFile) {
  const std::string path = "/nonexistent/dir/no_such_config.json";
  try {
    read_config_file(path);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.key(), "");
    const std::string what = e.what();
    EXPECT_NE(what.find(path), std::string::npos) << what;
    EXPECT_NE(what.find("cannot read file"), std::string::npos) << what;
    EXPECT_NE(what.find("No such file"), std::string::npos) << what;
  }
}

TEST(ConfigRead, DirectoryIsNotAFile) {
  try {
    read_config_file(::testing::TempDir());
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("directory"), std::string::npos) << e.what();
  }
}

TEST(ConfigRead, SyntaxErrorGivesLineAndColumn) {
  const auto path = write_temp("bad.json", "{\n  \"model\": \"greenspan\",\n  \"params\": {\"m\": 0.1,}\n}\n");
  try {
    read_config_file(path);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(what.find("invalid JSON at line 3, column 23"), std::string::npos) << what;
    EXPECT_EQ(what.find("json.exception"), std::string::npos) << what;
  }
}

TEST(ConfigRead, EmptyFileIsInvalidJson) {
  const auto path = write_temp("empty.json", "");
  EXPECT_THROW(read_config_file(path), ConfigError);
}

TEST(ConfigRead, DuplicateKeyIsNamed) {
  const auto path = write_temp("dup.json", R"({"params": {"m": 0.1, "n": 9, "m": 0.2}, "initial": {"peak": [1, 2]}})");
  try {
    read_config_file(path);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "params.m");
    EXPECT_NE(std::string(e.what()).find("duplicate key"), std::string::npos) << e.what();
  }
}

TEST(ConfigRead, DuplicateKeyInsideArrayIsNamedWithIndex) {
  const auto path = write_temp("dup2.json", R"({"ensemble": {"vary": [{"a": 1}, {"b": 1, "b": 2}]}})");
  try {
    read_config_file(path);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.key(), "ensemble.vary[1].b");
  }
}

TEST(ConfigRead, SameKeyInSiblingObjectsIsFine) {
  const auto path = write_temp("siblings.json", R"({"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]})");
  EXPECT_NO_THROW(read_config_file(path));
}

}  // namespace
