/// @file test_results_checksums.cpp
/// Checksums end to end: every dataset a results file holds carries HDF5's Fletcher32 filter and a CRC-32 of its
/// whole data (data_crc32), and every object's string attributes their CRC-32s (string_checksums), in HDF5 1.10's
/// checksummed file format; a byte changed in a dataset's data, in a string attribute's text or in the file's
/// structure, and a change Fletcher32 cannot see, are a BadFileError naming the file and what is damaged, from
/// every reader (read_results, the summary, a member's rows, verify_results); files of format version 1, written
/// before checksums, and datasets written before data_crc32 still read.
#include <gtest/gtest.h>
#include <hdf5.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/isolated_read.hpp"
#include "io/results.hpp"
#include "file_damage.hpp"
#include "results_fixture.hpp"

namespace rodswarm {
namespace {

using rodswarm_test::first_chunk;
using rodswarm_test::offset_of;
using rodswarm_test::xor_byte;
using test::TempDir;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The BadFileError message of `body`, or a test failure when it throws none.
template <class Body>
std::string damage_of(Body&& body) {
  try {
    body();
  } catch (const BadFileError& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "expected BadFileError, got: " << e.what();
    return {};
  }
  ADD_FAILURE() << "expected BadFileError";
  return {};
}

// The same for a read of a file whose structure is damaged, made in a child as rodswarm's readers of untrusted
// files make it (isolated_read.hpp): libhdf5 can be left holding objects it cannot close, which at exit it reports
// as an "infinite loop closing library" and LeakSanitizer as leaks of the test's own process.
std::string isolated_damage_of(const std::string& path) {
  return damage_of([&] {
    run_isolated(
        path,
        [&] {
          read_results(path);
          return std::string();
        },
        20.0);
  });
}

TEST(ResultsChecksums, EveryDatasetAndStringAttributeCarriesOne) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  for (const Results& r : {test::make_results(), test::make_rolling_results(), test::make_steady_results()}) {
    write_results(path, r);
    const VerifiedFile v = verify_results(path);
    EXPECT_EQ(v.format_version, 2);
    EXPECT_TRUE(v.checksums);
    EXPECT_GT(v.datasets, 10);
    EXPECT_EQ(v.checksummed, v.datasets) << r.model << " " << r.kind;  // none of these is empty
    EXPECT_EQ(v.crc_checked, v.datasets) << r.model << " " << r.kind;
    EXPECT_GE(v.strings, 12);
    const h5::ErrorSilencer silence;
    h5::Handle file = h5::open_file(path);
    for (const char* object : {"/", "/members", "/members/params"}) {
      h5::Handle o(H5Oopen(file.get(), object, H5P_DEFAULT), H5Oclose);
      EXPECT_TRUE(h5::has_attribute(o.get(), h5::kStringChecksums)) << object;
    }
  }
}

// data_crc32 is what a user computes in Python as zlib.crc32(ds[()].tobytes()): the bytes of the whole dataset,
// row-major, as stored. Computed here with the C API and zlib alone, apart from rodswarm's writer and reader.
TEST(ResultsChecksums, TheDataCrcIsZlibsCrcOfTheWholeDataset) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  write_results(path, test::make_results());
  const h5::ErrorSilencer silence;
  h5::Handle file = h5::open_file(path);
  for (const char* name : {"/series/positions", "/members/params/m", "/members/beads", "/time", "/final/time"}) {
    h5::Handle dataset(H5Dopen2(file.get(), name, H5P_DEFAULT), H5Dclose);
    ASSERT_GE(dataset.get(), 0) << name;
    h5::Handle type(H5Dget_type(dataset.get()), H5Tclose);
    h5::Handle space(H5Dget_space(dataset.get()), H5Sclose);
    const auto n = static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.get()));
    std::vector<unsigned char> bytes(n * H5Tget_size(type.get()));
    ASSERT_GE(H5Dread(dataset.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, bytes.data()), 0) << name;
    const uLong expected = crc32(crc32(0L, Z_NULL, 0), bytes.data(), static_cast<uInt>(bytes.size()));
    EXPECT_EQ(h5::read_int_attribute(dataset.get(), h5::kDataChecksum), static_cast<std::int64_t>(expected)) << name;
  }
}

// Fletcher32 sums 16-bit words modulo 65535, so a word of zeros turned into 0xFFFF leaves it unchanged: such a part
// merged into another file (fuzz_merge's "silent damage"). HDF5 reads the chunk without complaint; data_crc32
// refuses it. Without data_crc32 every reader below returns the damaged values.
TEST(ResultsChecksums, AZeroWordTurnedIntoOnesPassesFletcher32ButNotTheCrc) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  write_results(path, test::make_results());
  const auto [address, size] = first_chunk(path, "/series/positions");
  const std::vector<char> bytes = rodswarm_test::bytes_of(path);
  std::size_t word = 0;
  for (std::size_t k = 0; k + 2 <= size - 4 && word == 0; k += 2) {  // words counted from the chunk's start
    if (bytes[address + k] == 0 && bytes[address + k + 1] == 0) word = std::size_t(address) + k;
  }
  ASSERT_GT(word, 0u) << "the fixture's positions hold no zero word";
  xor_byte(path, word, 0xff);
  xor_byte(path, word + 1, 0xff);
  {  // HDF5 alone: Fletcher32 passes the damaged chunk.
    const h5::ErrorSilencer silence;
    h5::Handle file = h5::open_file(path);
    h5::Handle dataset(H5Dopen2(file.get(), "/series/positions", H5P_DEFAULT), H5Dclose);
    h5::Handle space(H5Dget_space(dataset.get()), H5Sclose);
    std::vector<double> values(static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.get())));
    EXPECT_GE(H5Dread(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), 0);
  }
  for (const std::string& message :
       {damage_of([&] { read_results(path); }), damage_of([&] { verify_results(path); }),
        damage_of([&] { summary_json(path); }), damage_of([&] { verify_results_isolated(path); })}) {
    EXPECT_TRUE(contains(message, path + ": ")) << message;
    EXPECT_TRUE(contains(message, "/series/positions: damaged")) << message;
    EXPECT_TRUE(contains(message, "(CRC-32)")) << message;
  }
}

// rodswarm wrote files of format version 2 without data_crc32 before: they read and verify as before, with
// Fletcher32 alone.
TEST(ResultsChecksums, ADatasetWrittenBeforeDataCrcsStillReads) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  write_results(path, test::make_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    h5::Handle dataset(H5Dopen2(file.get(), "/final/positions", H5P_DEFAULT), H5Dclose);
    ASSERT_GE(H5Adelete(dataset.get(), h5::kDataChecksum), 0);
  }
  const VerifiedFile v = verify_results(path);
  EXPECT_TRUE(v.checksums);
  EXPECT_EQ(v.crc_checked, v.datasets - 1);
  test::expect_same_results(test::make_results(), read_results(path));
}

TEST(ResultsChecksums, AByteOfDataChangedIsDamageNamingTheDataset) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  write_results(path, test::make_results());
  const auto [address, size] = first_chunk(path, "/series/positions");
  ASSERT_GT(size, 64u);
  xor_byte(path, std::size_t(address) + 40, 0x10);  // one bit of a value (the checksum follows the data)
  for (const std::string& message :
       {damage_of([&] { read_results(path); }), damage_of([&] { verify_results(path); }),
        damage_of([&] { summary_json(path); }), damage_of([&] { member_json(path, 0, false); })}) {
    EXPECT_TRUE(contains(message, path + ": ")) << message;
    EXPECT_TRUE(contains(message, "/series/positions")) << message;
    EXPECT_TRUE(contains(message, "damaged")) << message;
    EXPECT_TRUE(contains(message, "checksum")) << message;
  }
  // What does not touch the chunk still reads: the damage is found where it is.
  EXPECT_NO_THROW(member_json(path, 1, /*final_only=*/true));
  // The same file read in a child process: the same verdict, as bad input.
  EXPECT_TRUE(contains(damage_of([&] { verify_results_isolated(path); }), "/series/positions"));
}

TEST(ResultsChecksums, AByteOfAStringAttributeChangedIsDamageNamingIt) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  Results r = test::make_results();
  r.config_json = R"({"model":"greenspan","params":{"m":0.123456789}})";
  write_results(path, r);
  // The text lives in the global heap, whose structure carries no checksum of its own: only string_checksums.
  xor_byte(path, offset_of(path, "0.123456789") + 4, 0x01);  // "0.122456789": still a number, still JSON
  for (const std::string& message :
       {damage_of([&] { read_results_header(path); }), damage_of([&] { read_results(path); }),
        damage_of([&] { verify_results(path); }), damage_of([&] { summary_json(path); })}) {
    EXPECT_TRUE(contains(message, path + ": attribute config of /: damaged")) << message;
  }
}

TEST(ResultsChecksums, AByteOfTheFilesStructureChangedIsDamage) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  write_results(path, test::make_results());
  // Superblock v3: signature, versions and sizes (12 bytes), then base, extension, end-of-file and root object
  // header addresses, then its checksum. A byte of the end-of-file address:
  xor_byte(path, 28, 0x40);
  const std::string message = isolated_damage_of(path);
  EXPECT_TRUE(contains(message, path + ": ")) << message;
  EXPECT_TRUE(contains(message, "damaged")) << message;
  // And one of the object header of /series/positions, found by its name's neighbourhood: every byte of the
  // structure a reader uses is covered, so at least the read of that dataset fails.
  TempDir other;
  const std::string second = other.file("run.h5");
  write_results(second, test::make_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file = h5::open_file(second);
    h5::Handle dataset = h5::open_dataset(file.get(), "/series/positions");
    H5O_info_t info{};
#if H5_VERSION_GE(1, 12, 0)
    ASSERT_GE(H5Oget_info3(dataset.get(), &info, H5O_INFO_BASIC), 0);
    haddr_t header = 0;
    ASSERT_GE(H5VLnative_token_to_addr(file.get(), info.token, &header), 0);
#else
    ASSERT_GE(H5Oget_info2(dataset.get(), &info, H5O_INFO_BASIC), 0);
    const haddr_t header = info.addr;
#endif
    file.reset();
    xor_byte(second, std::size_t(header) + 6, 0x04);  // inside the header's first chunk, before its checksum
  }
  EXPECT_TRUE(contains(isolated_damage_of(second), "damaged"));
}

TEST(ResultsChecksums, VersionOneFilesStillRead) {
  // Written by rodswarm before checksums (format version 1, HDF5's earliest file format).
  const std::string path = std::string(RODSWARM_SOURCE_DIR) + "/tests/fuzz/corpus/results/rodswarm_greenspan_run.h5";
  const Results r = read_results(path);
  EXPECT_GT(r.members, 0);
  const VerifiedFile v = verify_results(path);
  EXPECT_EQ(v.format_version, 1);
  EXPECT_FALSE(v.checksums);
  EXPECT_EQ(v.checksummed, 0);
  EXPECT_TRUE(contains(summary_json(path)["checksums"].get<std::string>(), "none (format version 1"));
}

TEST(ResultsChecksums, RewritingAStringAttributeKeepsItsChecksum) {
  TempDir dir;
  const std::string path = dir.file("run.h5");
  write_results(path, test::make_results());
  {
    const h5::ErrorSilencer silence;
    h5::Handle file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    ASSERT_GE(H5Adelete(file.get(), "scheme"), 0);
    h5::write_string_attribute(file.get(), "scheme", "greenspan");
  }
  EXPECT_EQ(read_results(path).scheme, "greenspan");
  EXPECT_TRUE(verify_results(path).checksums);
}

}  // namespace
}  // namespace rodswarm
