/// @file h5_verify.cpp
/// verify_all: every dataset and string attribute of a file read once (h5_verify.hpp).
#include "io/h5_verify.hpp"

#include <algorithm>
#include <vector>

#include "io/h5_data.hpp"
#include "io/h5_handles.hpp"
#include "io/io_error.hpp"

namespace rodswarm::h5 {

namespace {

/// Deeper than any file rodswarm writes (3 levels); a damaged file whose hard links form a cycle stops here.
constexpr int kMaxDepth = 16;
/// The most bytes read at once: a chunk (at most kChunkBytes in rodswarm's files), or a slab of a contiguous dataset.
constexpr std::size_t kMaxReadBytes = std::size_t{64} << 20;

struct Walk {
  hid_t file;
  bool require_checksums;
  VerifyCount count;
};

// Reads the block [start, start + count) of `dataset` into `buffer` as the file stores it (no conversion).
void read_block_as_stored(hid_t dataset, hid_t type, const Dims& start, const Dims& count, std::vector<char>& buffer,
                          std::size_t element_bytes, const std::string& what) {
  const std::size_t n = element_count(count);
  if (n == 0) return;
  buffer.resize(n * element_bytes);
  Handle file_space = adopt(H5Dget_space(dataset), H5Sclose, what);
  if (!start.empty()) {
    check(H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, start.data(), nullptr, count.data(), nullptr), what);
  }
  Handle mem_space =
      adopt(count.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(int(count.size()), count.data(), nullptr),
            H5Sclose, what);
  check(H5Dread(dataset, type, mem_space.get(), file_space.get(), H5P_DEFAULT, buffer.data()), what);
}

// Visits the blocks of `dims` of shape `block` (the last ones cut at the edges), in row-major order of their corners.
template <class Visit>
void for_each_block(const Dims& dims, const Dims& block, Visit visit) {
  const std::size_t rank = dims.size();
  Dims corner(rank, 0);
  for (;;) {
    Dims count(rank);
    for (std::size_t k = 0; k < rank; ++k) count[k] = std::min<hsize_t>(block[k], dims[k] - corner[k]);
    visit(corner, count);
    std::size_t k = rank;
    while (k > 0) {
      --k;
      corner[k] += block[k];
      if (corner[k] < dims[k]) break;
      corner[k] = 0;
      if (k == 0) return;
    }
    if (rank == 0) return;
  }
}

// Whether blocks of shape `block` visited in row-major order of their corners (for_each_block) read the data in
// row-major order: ones up to some dimension, anything there, whole dimensions after it.
bool row_major_blocks(const Dims& dims, const Dims& block) {
  std::size_t k = 0;
  while (k < dims.size() && block[k] == 1) ++k;
  for (std::size_t j = k + 1; j < dims.size(); ++j) {
    if (block[j] != dims[j]) return false;
  }
  return true;
}

// The blocks a dataset is read in: its chunks, where they follow the row-major order (rodswarm's do:
// member_chunk_dims), else slabs of whole rows; any block larger than kMaxReadBytes is split along its first
// dimension (then its second) so that memory stays bounded. Every shape this gives reads the data in row-major
// order, the order of kDataChecksum.
Dims read_block_shape(hid_t dcpl, const Dims& dims, std::size_t element_bytes, bool chunked, const std::string& what) {
  Dims block = dims;
  if (chunked) {
    Dims chunk(dims.size());
    if (H5Pget_chunk(dcpl, int(chunk.size()), chunk.data()) != int(dims.size())) check(-1, what);
    for (std::size_t k = 0; k < dims.size(); ++k) block[k] = std::max<hsize_t>(1, std::min(chunk[k], dims[k]));
    if (!row_major_blocks(dims, block)) block = dims;
  }
  for (std::size_t k = 0; k < block.size(); ++k) {
    while (element_count(block) * element_bytes > kMaxReadBytes && block[k] > 1) block[k] = (block[k] + 1) / 2;
  }
  return block;
}

void verify_dataset(Walk& walk, hid_t dataset, const std::string& path) {
  const std::string what = "cannot read dataset " + path;
  Handle type = adopt(H5Dget_type(dataset), H5Tclose, what);
  Handle space = adopt(H5Dget_space(dataset), H5Sclose, what);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) check(rank, what);
  Dims dims(static_cast<std::size_t>(rank));
  if (rank > 0) check(H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr), what);
  Handle dcpl = adopt(H5Dget_create_plist(dataset), H5Pclose, what);
  const bool chunked = H5Pget_layout(dcpl.get()) == H5D_CHUNKED;
  unsigned flags = 0, config = 0;
  std::size_t values = 0;
  const bool fletcher = chunked && H5Pget_filter_by_id2(dcpl.get(), H5Z_FILTER_FLETCHER32, &flags, &values, nullptr, 0,
                                                        nullptr, &config) >= 0;
  H5Eclear2(H5E_DEFAULT);  // the lookup of an absent filter leaves an error on the stack
  ++walk.count.datasets;
  if (fletcher) ++walk.count.checksummed;
  // Absent in files of rodswarm before it (the same format: readers that do not know it lose nothing). Damage
  // cannot remove it unseen: it sits in the dataset's object header, under HDF5's own checksum.
  const bool crc = has_attribute(dataset, kDataChecksum);
  if (element_count(dims) == 0) {
    if (crc && check_data_checksum(dataset, path, crc32_update(0, nullptr, 0))) ++walk.count.crc_checked;
    return;
  }
  if (walk.require_checksums && !fletcher) {
    throw BadFileError("dataset " + path + ": damaged: it carries no checksum (every dataset of this file should)");
  }
  // Variable-length data (none in rodswarm's files) would be read through the unchecked global heap: left alone.
  const H5T_class_t type_class = H5Tget_class(type.get());
  if (type_class == H5T_VLEN || H5Tis_variable_str(type.get()) > 0 || type_class == H5T_REFERENCE) return;
  const std::size_t element_bytes = H5Tget_size(type.get());
  if (element_bytes == 0) check(-1, what);
  const Dims block = read_block_shape(dcpl.get(), dims, element_bytes, chunked, what);
  std::vector<char> buffer;
  std::uint32_t sum = 0;
  for_each_block(dims, block, [&](const Dims& start, const Dims& count) {
    read_block_as_stored(dataset, type.get(), start, count, buffer, element_bytes, what);
    const std::size_t bytes = element_count(count) * element_bytes;
    sum = crc32_update(sum, buffer.data(), bytes);
    walk.count.bytes += double(bytes);
  });
  if (crc) {
    (void)check_data_checksum(dataset, path, sum);
    ++walk.count.crc_checked;
  }
}

void verify_strings(Walk& walk, hid_t obj, const std::string& path) {
  const std::vector<std::string> names = string_attribute_names(obj);
  if (names.empty()) return;
  if (walk.require_checksums && !has_attribute(obj, kStringChecksums)) {
    throw BadFileError(path + ": damaged: its string attributes carry no " + kStringChecksums);
  }
  for (const std::string& name : names) {
    (void)read_string_attribute(obj, name);  // checked against kStringChecksums
    ++walk.count.strings;
  }
}

void verify_group(Walk& walk, hid_t group, const std::string& path, int depth) {
  if (depth > kMaxDepth) throw BadFileError(path + ": damaged: groups nested deeper than " + std::to_string(kMaxDepth));
  verify_strings(walk, group, path);
  H5G_info_t info{};
  check(H5Gget_info(group, &info), "cannot list " + path);
  for (hsize_t k = 0; k < info.nlinks; ++k) {
    const ssize_t length = H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, k, nullptr, 0, H5P_DEFAULT);
    if (length < 0) check(-1, "cannot list " + path);
    std::string name(static_cast<std::size_t>(length) + 1, '\0');
    if (H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, k, name.data(), name.size(), H5P_DEFAULT) < 0) {
      check(-1, "cannot list " + path);
    }
    name.resize(static_cast<std::size_t>(length));
    const std::string child = (path == "/" ? "/" : path + "/") + name;
    H5L_info_t link{};
    check(H5Lget_info(group, name.c_str(), &link, H5P_DEFAULT), "cannot look up " + child);
    if (link.type != H5L_TYPE_HARD) continue;  // rodswarm writes none; a damaged file's may point anywhere
    Handle object = adopt(H5Oopen(group, name.c_str(), H5P_DEFAULT), H5Oclose, "cannot open " + child);
    switch (H5Iget_type(object.get())) {
      case H5I_GROUP:
        verify_group(walk, object.get(), child, depth + 1);
        break;
      case H5I_DATASET:
        verify_strings(walk, object.get(), child);
        verify_dataset(walk, object.get(), child);
        break;
      default:  // a named datatype: nothing to read
        break;
    }
  }
}

}  // namespace

VerifyCount verify_all(hid_t file, bool require_checksums) {
  Walk walk{file, require_checksums, {}};
  Handle root = open_group(file, "/");
  verify_group(walk, root.get(), "/", 0);
  return walk.count;
}

}  // namespace rodswarm::h5
