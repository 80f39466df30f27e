/// @file h5_data.hpp
/// Typed datasets and attributes on top of the HDF5 C API: whole-array writes and reads, hyperslab reads of
/// one member's rows, and scalar string/int attributes. Failures throw IoError naming the object.
#pragma once

#include <hdf5.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "io/h5_handles.hpp"

namespace rodswarm::h5 {

using Dims = std::vector<hsize_t>;

/// HDF5 file and memory types of the element types the results file uses.
template <class T>
struct TypeOf;
template <>
struct TypeOf<double> {
  static hid_t file() { return H5T_IEEE_F64LE; }
  static hid_t mem() { return H5T_NATIVE_DOUBLE; }
};
template <>
struct TypeOf<std::int32_t> {
  static hid_t file() { return H5T_STD_I32LE; }
  static hid_t mem() { return H5T_NATIVE_INT32; }
};
template <>
struct TypeOf<std::int64_t> {
  static hid_t file() { return H5T_STD_I64LE; }
  static hid_t mem() { return H5T_NATIVE_INT64; }
};
template <>
struct TypeOf<std::uint8_t> {
  static hid_t file() { return H5T_STD_U8LE; }
  static hid_t mem() { return H5T_NATIVE_UINT8; }
};

/// Target size of one chunk in bytes.
inline constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

/// Chunk shape for a dataset of shape `dims` (rank >= 1, every dimension > 0): as many whole members (rows of the
/// first dimension) as fit in kChunkBytes (at least one), so that reading one member touches one chunk; when a
/// single member is larger than that, one member split along the second dimension (the saves), so no chunk grows
/// without bound.
Dims member_chunk_dims(const Dims& dims, std::size_t element_bytes);

/// Product of `dims` (1 for rank 0).
std::size_t element_count(const Dims& dims);

/// "[2, 4, 3]", for error messages.
std::string dims_text(const Dims& dims);

/// Creates dataset `name` under `loc` with shape `dims` and writes `data` (element_count(dims) elements of
/// memory type `mem_type`) into it, with its kDataChecksum.
void write_raw(hid_t loc, const std::string& name, const Dims& dims, hid_t file_type, hid_t mem_type,
               std::size_t element_bytes, const void* data);

/// Creates dataset `name` under `loc` of shape `dims` without writing it, for writing block by block
/// (write_block_raw). Every dataset with data is chunked (member_chunk_dims) and carries HDF5's Fletcher32 filter: a
/// checksum per chunk, written with it and verified by the library on every read, so that a damaged byte of data
/// is a read error, never a wrong value. Zero-size datasets hold no data to protect and are stored contiguously
/// (HDF5 cannot chunk them).
Handle create_dataset(hid_t loc, const std::string& name, const Dims& dims, hid_t file_type, std::size_t element_bytes);

/// The uint32 attribute every dataset rodswarm writes carries: the CRC-32 (zlib's, as Python's
/// zlib.crc32) of its data as stored, row-major and little-endian, i.e. of h5py's `ds[()].tobytes()`. Fletcher32,
/// checked per chunk by HDF5, sums 16-bit words modulo 65535 and so cannot tell a word 0x0000 from 0xFFFF (a
/// zero turned into a NaN's bits passes it); CRC-32 sees every such change and any burst of up to 32 bits.
inline constexpr const char* kDataChecksum = "data_crc32";

/// The CRC-32 of `bytes` bytes at `data` continuing `crc` (0 to start): the running checksum of data written or read
/// in row-major order, block after block.
std::uint32_t crc32_update(std::uint32_t crc, const void* data, std::size_t bytes);

/// Writes kDataChecksum of `dataset` (once its data are all written).
void write_data_checksum(hid_t dataset, std::uint32_t crc);

/// Throws BadFileError ("cannot read dataset NAME: damaged: ... (CRC-32)") when `dataset` carries kDataChecksum and
/// it differs from `crc`, the CRC-32 of the dataset's whole data as read; returns whether it carries one.
bool check_data_checksum(hid_t dataset, const std::string& name, std::uint32_t crc);

/// Writes the block [start, start + count) of the open dataset `dataset` (called `name` in messages) from `data`.
void write_block_raw(hid_t dataset, const std::string& name, hid_t mem_type, const Dims& start, const Dims& count,
                     const void* data);

/// Typed write_raw; `data.size()` must equal element_count(dims) (checked by the caller).
template <class T>
void write_array(hid_t loc, const std::string& name, const Dims& dims, const std::vector<T>& data) {
  write_raw(loc, name, dims, TypeOf<T>::file(), TypeOf<T>::mem(), sizeof(T), data.data());
}

/// Shape of dataset `name` under `loc`.
Dims dataset_dims(hid_t loc, const std::string& name);

/// Reads a whole dataset; checks its shape against `expected` and throws IoError naming it otherwise, and its data
/// against its kDataChecksum where it carries one (BadFileError).
template <class T>
std::vector<T> read_array(hid_t loc, const std::string& name, const Dims& expected);

/// Reads the block [start, start + count) of dataset `name` (e.g. one member's rows): HDF5 checks the Fletcher32 of
/// the chunks it reads; kDataChecksum, which covers the whole dataset, is not checked.
template <class T>
std::vector<T> read_block(hid_t loc, const std::string& name, const Dims& start, const Dims& count);

/// Whether `path` (relative to `loc`, components separated by '/') names an existing object; unlike
/// H5Lexists alone this is false, not an error, when an intermediate group is missing.
bool exists(hid_t loc, const std::string& path);

/// The names of the links in group `path` of `loc`, in HDF5's (alphabetical) order; empty when it does not exist.
std::vector<std::string> list_group(hid_t loc, const std::string& path);

/// Whether object `obj` carries attribute `name`.
bool has_attribute(hid_t obj, const std::string& name);

/// The uint32 attribute an object's string attributes are checked against: the CRC-32 (zlib's) of each one's text,
/// in the order of their names. Their text lives in HDF5's global heap, the one structure of the file that carries
/// no checksum of its own (numbers and names of attributes sit in the checksummed object header).
inline constexpr const char* kStringChecksums = "string_checksums";

/// Writes a scalar variable-length UTF-8 string attribute (h5py reads it back as `str`) and updates the object's
/// kStringChecksums to cover it.
void write_string_attribute(hid_t obj, const std::string& name, const std::string& value);
/// Reads a scalar string attribute, variable- or fixed-length; where the object carries kStringChecksums, checks
/// the text against it and throws BadFileError ("attribute NAME of OBJECT: damaged: ...") when it differs.
std::string read_string_attribute(hid_t obj, const std::string& name);

/// The names of the string attributes of `obj`, in name order (what kStringChecksums covers).
std::vector<std::string> string_attribute_names(hid_t obj);

/// Writes a scalar 32-bit integer attribute.
void write_int_attribute(hid_t obj, const std::string& name, std::int32_t value);
/// Reads a scalar integer attribute.
std::int64_t read_int_attribute(hid_t obj, const std::string& name);

/// Writes a scalar 64-bit floating-point attribute.
void write_double_attribute(hid_t obj, const std::string& name, double value);
/// Reads a scalar numeric (floating-point or integer) attribute as a double.
double read_double_attribute(hid_t obj, const std::string& name);

extern template std::vector<double> read_array<double>(hid_t, const std::string&, const Dims&);
extern template std::vector<std::int32_t> read_array<std::int32_t>(hid_t, const std::string&, const Dims&);
extern template std::vector<std::int64_t> read_array<std::int64_t>(hid_t, const std::string&, const Dims&);
extern template std::vector<std::uint8_t> read_array<std::uint8_t>(hid_t, const std::string&, const Dims&);
extern template std::vector<double> read_block<double>(hid_t, const std::string&, const Dims&, const Dims&);
extern template std::vector<std::int32_t> read_block<std::int32_t>(hid_t, const std::string&, const Dims&, const Dims&);
extern template std::vector<std::int64_t> read_block<std::int64_t>(hid_t, const std::string&, const Dims&, const Dims&);
extern template std::vector<std::uint8_t> read_block<std::uint8_t>(hid_t, const std::string&, const Dims&, const Dims&);

}  // namespace rodswarm::h5
