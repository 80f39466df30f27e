/// @file h5_data.cpp
/// Typed datasets and attributes (see h5_data.hpp).
#include "io/h5_data.hpp"

#include <zlib.h>

#include <algorithm>
#include <memory>

#include "io/h5_handles.hpp"
#include "io/io_error.hpp"

namespace rodswarm::h5 {

namespace {

int rank_of(const Dims& dims) { return static_cast<int>(dims.size()); }

Handle simple_space(const Dims& dims, const std::string& what) {
  if (dims.empty()) return adopt(H5Screate(H5S_SCALAR), H5Sclose, what);
  return adopt(H5Screate_simple(rank_of(dims), dims.data(), nullptr), H5Sclose, what);
}

Dims dims_of_open(hid_t dataset, const std::string& what) {
  Handle space = adopt(H5Dget_space(dataset), H5Sclose, what);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) check(rank, what);
  Dims dims(static_cast<std::size_t>(rank));
  if (rank > 0) check(H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr), what);
  return dims;
}

// Throws unless dataset `name` stores exactly `file_type` (what rodswarm writes for its memory type): a read never
// converts, so a damaged datatype message (a float of 72 bytes) is refused here rather than handed to libhdf5's
// conversion, which overruns its buffers on such types (tests/fuzz/regressions/merge/).
void check_stored_type(hid_t dataset, const std::string& name, hid_t file_type) {
  Handle stored = adopt(H5Dget_type(dataset), H5Tclose, "cannot read the type of dataset " + name);
  const htri_t same = H5Tequal(stored.get(), file_type);
  if (same < 0) check(-1, "cannot read the type of dataset " + name);
  if (same == 0) {
    throw IoError("dataset " + name + " stores " + std::to_string(H5Tget_size(stored.get())) +
                  "-byte values of another type than rodswarm writes there (damaged, or not rodswarm's)");
  }
}

// Reads [start, start + count) of an open dataset of file type `file_type`; empty `start` means the whole dataset.
void read_into(hid_t dataset, const std::string& name, hid_t file_type, hid_t mem_type, const Dims& start,
               const Dims& count, void* out) {
  const std::string what = "cannot read dataset " + name;
  check_stored_type(dataset, name, file_type);
  if (element_count(count) == 0) return;  // HDF5 rejects empty hyperslabs; there is nothing to read anyway
  if (start.empty()) {
    check(H5Dread(dataset, mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out), what);
    return;
  }
  Handle file_space = adopt(H5Dget_space(dataset), H5Sclose, what);
  check(H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, start.data(), nullptr, count.data(), nullptr), what);
  Handle mem_space = simple_space(count, what);
  check(H5Dread(dataset, mem_type, mem_space.get(), file_space.get(), H5P_DEFAULT, out), what);
}

// Frees a string HDF5 allocated for a variable-length read.
struct H5Free {
  void operator()(char* p) const noexcept { H5free_memory(p); }
};

}  // namespace

std::size_t element_count(const Dims& dims) {
  std::size_t n = 1;
  for (const hsize_t d : dims) n *= static_cast<std::size_t>(d);
  return n;
}

std::string dims_text(const Dims& dims) {
  std::string text = "[";
  for (std::size_t k = 0; k < dims.size(); ++k) {
    if (k > 0) text += ", ";
    text += std::to_string(dims[k]);
  }
  return text + "]";
}

Dims member_chunk_dims(const Dims& dims, std::size_t element_bytes) {
  Dims chunk = dims;
  const std::size_t member_bytes = element_bytes * element_count(Dims(dims.begin() + 1, dims.end()));
  if (member_bytes <= kChunkBytes) {
    const std::size_t members = std::max<std::size_t>(1, kChunkBytes / member_bytes);
    chunk[0] = std::min<hsize_t>(dims[0], members);
  } else {
    chunk[0] = 1;
    if (dims.size() >= 2) {
      // dims[1] > 0 here: every dimension of a chunked dataset is non-zero.
      const std::size_t row_bytes = member_bytes / static_cast<std::size_t>(dims[1]);
      const std::size_t rows = std::max<std::size_t>(1, kChunkBytes / row_bytes);
      chunk[1] = std::min<hsize_t>(dims[1], rows);
    }
  }
  return chunk;
}

Handle create_dataset(hid_t loc, const std::string& name, const Dims& dims, hid_t file_type,
                      std::size_t element_bytes) {
  const std::string what = "cannot write dataset " + name;
  Handle space = simple_space(dims, what);
  Handle dcpl = adopt(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, what);
  if (!dims.empty() && element_count(dims) > 0) {
    const Dims chunk = member_chunk_dims(dims, element_bytes);
    check(H5Pset_chunk(dcpl.get(), rank_of(chunk), chunk.data()), what);
    check(H5Pset_fletcher32(dcpl.get()), what);
  }
  // Every element is written (whole, or block by block by ResultsWriter), so pre-filling would be wasted work.
  check(H5Pset_fill_time(dcpl.get(), H5D_FILL_TIME_NEVER), what);
  return adopt(H5Dcreate2(loc, name.c_str(), file_type, space.get(), H5P_DEFAULT, dcpl.get(), H5P_DEFAULT), H5Dclose,
               what);
}

void write_block_raw(hid_t dataset, const std::string& name, hid_t mem_type, const Dims& start, const Dims& count,
                     const void* data) {
  const std::string what = "cannot write dataset " + name;
  if (element_count(count) == 0) return;  // HDF5 rejects empty selections; there is nothing to write
  Handle file_space = adopt(H5Dget_space(dataset), H5Sclose, what);
  check(H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, start.data(), nullptr, count.data(), nullptr), what);
  Handle mem_space = simple_space(count, what);
  check(H5Dwrite(dataset, mem_type, mem_space.get(), file_space.get(), H5P_DEFAULT, data), what);
}

void write_raw(hid_t loc, const std::string& name, const Dims& dims, hid_t file_type, hid_t mem_type,
               std::size_t element_bytes, const void* data) {
  const std::string what = "cannot write dataset " + name;
  Handle dataset = create_dataset(loc, name, dims, file_type, element_bytes);
  const std::size_t n = element_count(dims);
  if (n > 0) check(H5Dwrite(dataset.get(), mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data), what);
  write_data_checksum(dataset.get(), crc32_update(0, data, n * element_bytes));
  dataset.close(what);
}

// The CRC covers the data as stored (little-endian); memory holds the same bytes only on a little-endian host.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "kDataChecksum is computed over the memory image of the data: swap bytes first on this host");

std::uint32_t crc32_update(std::uint32_t crc, const void* data, std::size_t bytes) {
  if (bytes == 0) return crc;  // zlib answers 0 (its initial value) for a null buffer, whatever crc was
  return static_cast<std::uint32_t>(crc32_z(crc, static_cast<const Bytef*>(data), bytes));
}

void write_data_checksum(hid_t dataset, std::uint32_t crc) {
  const std::string what = std::string("cannot write attribute ") + kDataChecksum;
  Handle space = adopt(H5Screate(H5S_SCALAR), H5Sclose, what);
  Handle attr =
      adopt(H5Acreate2(dataset, kDataChecksum, H5T_STD_U32LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, what);
  check(H5Awrite(attr.get(), H5T_NATIVE_UINT32, &crc), what);
}

bool check_data_checksum(hid_t dataset, const std::string& name, std::uint32_t crc) {
  if (!has_attribute(dataset, kDataChecksum)) return false;
  const std::int64_t stored = read_int_attribute(dataset, kDataChecksum);
  if (stored != std::int64_t{crc}) {
    throw BadFileError("cannot read dataset " + name + ": damaged: its data do not match their checksum (CRC-32)");
  }
  return true;
}

Dims dataset_dims(hid_t loc, const std::string& name) {
  Handle dataset = open_dataset(loc, name);
  return dims_of_open(dataset.get(), "cannot read the shape of dataset " + name);
}

template <class T>
std::vector<T> read_array(hid_t loc, const std::string& name, const Dims& expected) {
  Handle dataset = open_dataset(loc, name);
  const Dims dims = dims_of_open(dataset.get(), "cannot read the shape of dataset " + name);
  if (dims != expected) {
    throw IoError("dataset " + name + " has shape " + dims_text(dims) + ", expected " + dims_text(expected));
  }
  std::vector<T> data(element_count(dims));
  read_into(dataset.get(), name, TypeOf<T>::file(), TypeOf<T>::mem(), {}, dims, data.data());
  (void)check_data_checksum(dataset.get(), name, crc32_update(0, data.data(), data.size() * sizeof(T)));
  return data;
}

template <class T>
std::vector<T> read_block(hid_t loc, const std::string& name, const Dims& start, const Dims& count) {
  Handle dataset = open_dataset(loc, name);
  const Dims dims = dims_of_open(dataset.get(), "cannot read the shape of dataset " + name);
  bool inside = dims.size() == start.size() && dims.size() == count.size();
  for (std::size_t k = 0; inside && k < dims.size(); ++k) inside = start[k] + count[k] <= dims[k];
  if (!inside) {
    throw IoError("dataset " + name + " has shape " + dims_text(dims) + ", too small for the block at " +
                  dims_text(start) + " of size " + dims_text(count));
  }
  std::vector<T> data(element_count(count));
  read_into(dataset.get(), name, TypeOf<T>::file(), TypeOf<T>::mem(), start, count, data.data());
  return data;
}

template std::vector<double> read_array<double>(hid_t, const std::string&, const Dims&);
template std::vector<std::int32_t> read_array<std::int32_t>(hid_t, const std::string&, const Dims&);
template std::vector<std::int64_t> read_array<std::int64_t>(hid_t, const std::string&, const Dims&);
template std::vector<std::uint8_t> read_array<std::uint8_t>(hid_t, const std::string&, const Dims&);
template std::vector<double> read_block<double>(hid_t, const std::string&, const Dims&, const Dims&);
template std::vector<std::int32_t> read_block<std::int32_t>(hid_t, const std::string&, const Dims&, const Dims&);
template std::vector<std::int64_t> read_block<std::int64_t>(hid_t, const std::string&, const Dims&, const Dims&);
template std::vector<std::uint8_t> read_block<std::uint8_t>(hid_t, const std::string&, const Dims&, const Dims&);

bool exists(hid_t loc, const std::string& path) {
  // H5Lexists fails (rather than answering false) when an intermediate group is missing: check each prefix.
  std::string prefix = path.rfind('/', 0) == 0 ? "/" : "";
  std::size_t begin = prefix.size();
  while (begin < path.size()) {
    std::size_t end = path.find('/', begin);
    if (end == std::string::npos) end = path.size();
    if (end > begin) {
      if (!prefix.empty() && prefix.back() != '/') prefix += '/';
      prefix += path.substr(begin, end - begin);
      const htri_t found = H5Lexists(loc, prefix.c_str(), H5P_DEFAULT);
      if (found < 0) check(-1, "cannot look up " + prefix);
      if (found == 0) return false;
    }
    begin = end + 1;
  }
  return true;
}

std::vector<std::string> list_group(hid_t loc, const std::string& path) {
  std::vector<std::string> names;
  if (!exists(loc, path)) return names;
  Handle group = open_group(loc, path);
  H5G_info_t info{};
  check(H5Gget_info(group.get(), &info), "cannot list " + path);
  for (hsize_t k = 0; k < info.nlinks; ++k) {
    const ssize_t length = H5Lget_name_by_idx(group.get(), ".", H5_INDEX_NAME, H5_ITER_INC, k, nullptr, 0, H5P_DEFAULT);
    if (length < 0) check(-1, "cannot list " + path);
    std::string name(static_cast<std::size_t>(length) + 1, '\0');
    H5Lget_name_by_idx(group.get(), ".", H5_INDEX_NAME, H5_ITER_INC, k, name.data(), name.size(), H5P_DEFAULT);
    name.resize(static_cast<std::size_t>(length));
    names.push_back(name);
  }
  return names;
}

bool has_attribute(hid_t obj, const std::string& name) {
  const htri_t found = H5Aexists(obj, name.c_str());
  if (found < 0) check(-1, "cannot look up attribute " + name);
  return found > 0;
}

namespace {

// The text of string attribute `name` of `obj`, variable- or fixed-length, unchecked.
std::string read_text(hid_t obj, const std::string& name) {
  const std::string what = "cannot read attribute " + name;
  Handle attr = adopt(H5Aopen(obj, name.c_str(), H5P_DEFAULT), H5Aclose, what);
  Handle file_type = adopt(H5Aget_type(attr.get()), H5Tclose, what);
  if (H5Tget_class(file_type.get()) != H5T_STRING) throw IoError("attribute " + name + " is not a string");
  Handle space = adopt(H5Aget_space(attr.get()), H5Sclose, what);
  if (H5Sget_simple_extent_npoints(space.get()) != 1) throw IoError("attribute " + name + " is not one string");

  const htri_t variable = H5Tis_variable_str(file_type.get());
  if (variable < 0) check(-1, what);
  Handle mem_type = adopt(H5Tcopy(H5T_C_S1), H5Tclose, what);
  check(H5Tset_cset(mem_type.get(), H5Tget_cset(file_type.get())), what);
  if (variable > 0) {
    check(H5Tset_size(mem_type.get(), H5T_VARIABLE), what);
    char* raw = nullptr;
    check(H5Aread(attr.get(), mem_type.get(), &raw), what);
    const std::unique_ptr<char, H5Free> owned(raw);
    return raw != nullptr ? std::string(raw) : std::string();
  }
  // Fixed-length (as other tools may write): read the bytes, cut at the first NUL.
  const std::size_t size = H5Tget_size(file_type.get());
  if (size == 0) check(-1, what);
  check(H5Tset_size(mem_type.get(), size), what);
  std::string text(size, '\0');
  check(H5Aread(attr.get(), mem_type.get(), text.data()), what);
  const std::size_t nul = text.find('\0');
  if (nul != std::string::npos) text.resize(nul);
  return text;
}

std::uint32_t crc_of(const std::string& text) {
  const auto* bytes = reinterpret_cast<const Bytef*>(text.data());
  return static_cast<std::uint32_t>(crc32_z(crc32_z(0L, Z_NULL, 0), bytes, text.size()));
}

// "/members/params", for messages.
std::string object_name(hid_t obj) {
  const ssize_t length = H5Iget_name(obj, nullptr, 0);
  if (length <= 0) return "an object";
  std::string name(static_cast<std::size_t>(length) + 1, '\0');
  H5Iget_name(obj, name.data(), name.size());
  name.resize(static_cast<std::size_t>(length));
  return name;
}

herr_t collect_string_attribute(hid_t loc, const char* name, const H5A_info_t*, void* client) {
  const hid_t attr = H5Aopen(loc, name, H5P_DEFAULT);
  if (attr < 0) return -1;
  const hid_t type = H5Aget_type(attr);
  const bool text = type >= 0 && H5Tget_class(type) == H5T_STRING;
  if (type >= 0) H5Tclose(type);
  H5Aclose(attr);
  if (type < 0) return -1;
  if (text) static_cast<std::vector<std::string>*>(client)->push_back(name);
  return 0;
}

std::vector<std::uint32_t> read_checksums(hid_t obj) {
  const std::string what = std::string("cannot read attribute ") + kStringChecksums;
  Handle attr = adopt(H5Aopen(obj, kStringChecksums, H5P_DEFAULT), H5Aclose, what);
  Handle space = adopt(H5Aget_space(attr.get()), H5Sclose, what);
  const hssize_t n = H5Sget_simple_extent_npoints(space.get());
  if (n < 0 || n > 4096) throw IoError(std::string("attribute ") + kStringChecksums + " has an impossible size");
  std::vector<std::uint32_t> values(static_cast<std::size_t>(n));
  if (n > 0) check(H5Aread(attr.get(), H5T_NATIVE_UINT32, values.data()), what);
  return values;
}

// Rewrites kStringChecksums of `obj` to cover its string attributes as they are now.
void update_string_checksums(hid_t obj) {
  const std::string what = std::string("cannot write attribute ") + kStringChecksums;
  std::vector<std::uint32_t> crcs;
  for (const std::string& name : string_attribute_names(obj)) crcs.push_back(crc_of(read_text(obj, name)));
  if (has_attribute(obj, kStringChecksums)) check(H5Adelete(obj, kStringChecksums), what);
  const hsize_t n = crcs.size();
  Handle space = adopt(H5Screate_simple(1, &n, nullptr), H5Sclose, what);
  Handle attr =
      adopt(H5Acreate2(obj, kStringChecksums, H5T_STD_U32LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, what);
  check(H5Awrite(attr.get(), H5T_NATIVE_UINT32, crcs.data()), what);
}

}  // namespace

std::vector<std::string> string_attribute_names(hid_t obj) {
  std::vector<std::string> names;
  hsize_t index = 0;
  check(H5Aiterate2(obj, H5_INDEX_NAME, H5_ITER_INC, &index, collect_string_attribute, &names),
        "cannot list the attributes of " + object_name(obj));
  return names;
}

void write_string_attribute(hid_t obj, const std::string& name, const std::string& value) {
  const std::string what = "cannot write attribute " + name;
  // Variable-length strings: no size limit from the object header (the text lives in the global heap, so a
  // long config fits), and h5py returns them as str rather than bytes.
  Handle type = adopt(H5Tcopy(H5T_C_S1), H5Tclose, what);
  check(H5Tset_size(type.get(), H5T_VARIABLE), what);
  check(H5Tset_cset(type.get(), H5T_CSET_UTF8), what);
  Handle space = adopt(H5Screate(H5S_SCALAR), H5Sclose, what);
  Handle attr = adopt(H5Acreate2(obj, name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, what);
  const char* text = value.c_str();
  check(H5Awrite(attr.get(), type.get(), &text), what);
  attr.close(what);
  update_string_checksums(obj);
}

std::string read_string_attribute(hid_t obj, const std::string& name) {
  std::string text = read_text(obj, name);
  if (!has_attribute(obj, kStringChecksums)) return text;  // a file written before checksums
  const std::string at = "attribute " + name + " of " + object_name(obj) + ": damaged: ";
  const std::vector<std::string> names = string_attribute_names(obj);
  const std::vector<std::uint32_t> crcs = read_checksums(obj);
  if (crcs.size() != names.size()) {
    throw BadFileError(at + "the object's " + kStringChecksums + " cover " + std::to_string(crcs.size()) +
                       " string attributes, it holds " + std::to_string(names.size()));
  }
  const auto k = static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
  if (k < names.size() && crcs[k] != crc_of(text)) throw BadFileError(at + "its text does not match its checksum");
  return text;
}

void write_int_attribute(hid_t obj, const std::string& name, std::int32_t value) {
  const std::string what = "cannot write attribute " + name;
  Handle space = adopt(H5Screate(H5S_SCALAR), H5Sclose, what);
  Handle attr =
      adopt(H5Acreate2(obj, name.c_str(), H5T_STD_I32LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, what);
  check(H5Awrite(attr.get(), H5T_NATIVE_INT32, &value), what);
}

std::int64_t read_int_attribute(hid_t obj, const std::string& name) {
  const std::string what = "cannot read attribute " + name;
  Handle attr = adopt(H5Aopen(obj, name.c_str(), H5P_DEFAULT), H5Aclose, what);
  Handle file_type = adopt(H5Aget_type(attr.get()), H5Tclose, what);
  if (H5Tget_class(file_type.get()) != H5T_INTEGER || H5Tget_size(file_type.get()) > 8) {
    throw IoError("attribute " + name + " is not an integer of at most 8 bytes");
  }
  Handle space = adopt(H5Aget_space(attr.get()), H5Sclose, what);
  if (H5Sget_simple_extent_npoints(space.get()) != 1) throw IoError("attribute " + name + " is not one integer");
  std::int64_t value = 0;
  check(H5Aread(attr.get(), H5T_NATIVE_INT64, &value), what);
  return value;
}

void write_double_attribute(hid_t obj, const std::string& name, double value) {
  const std::string what = "cannot write attribute " + name;
  Handle space = adopt(H5Screate(H5S_SCALAR), H5Sclose, what);
  Handle attr =
      adopt(H5Acreate2(obj, name.c_str(), H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, what);
  check(H5Awrite(attr.get(), H5T_NATIVE_DOUBLE, &value), what);
}

double read_double_attribute(hid_t obj, const std::string& name) {
  const std::string what = "cannot read attribute " + name;
  Handle attr = adopt(H5Aopen(obj, name.c_str(), H5P_DEFAULT), H5Aclose, what);
  Handle file_type = adopt(H5Aget_type(attr.get()), H5Tclose, what);
  const H5T_class_t type_class = H5Tget_class(file_type.get());
  const std::size_t size = H5Tget_size(file_type.get());
  if ((type_class != H5T_FLOAT && type_class != H5T_INTEGER) || size > 8 ||
      (type_class == H5T_FLOAT && size != 4 && size != 8)) {
    throw IoError("attribute " + name + " is not a number of 4 or 8 bytes");
  }
  Handle space = adopt(H5Aget_space(attr.get()), H5Sclose, what);
  if (H5Sget_simple_extent_npoints(space.get()) != 1) throw IoError("attribute " + name + " is not one number");
  double value = 0;
  check(H5Aread(attr.get(), H5T_NATIVE_DOUBLE, &value), what);
  return value;
}

}  // namespace rodswarm::h5
