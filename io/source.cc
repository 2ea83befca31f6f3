#include "io/source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <array>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <cerrno>
#include <cstring>
#include <exception>
#include <vector>

#include "absl/strings/str_cat.h"

namespace hare::io {
namespace {

namespace bio = boost::iostreams;

constexpr size_t kMagicBytes = 8;

// The magic numbers hare looks for: those of the compressions it reads, and
// those of formats it does not read (name set), recognised to be refused:
// read as text, such input would be a screen of bad lines and a few examples
// made of compressed bytes.
struct Magic {
  Compression compression;
  const char* unread;  // the format's name when hare does not read it
  unsigned char size, bytes[kMagicBytes];
  const char* instead = nullptr;  // hare's own files: where they are given; encodings: iconv's name
  int any_at = -1;                // the position of a byte that may be any of any_low..any_high
  unsigned char any_low = 0, any_high = 0;
  bool encoding = false;  // text in another encoding than UTF-8 (instead: iconv's name of it)
};
constexpr Magic kMagics[] = {
    {Compression::kGzip, nullptr, 2, {0x1f, 0x8b}},
    // "BZh", the block size 1-9, then a block's magic or the
    // end of the stream's (an empty one): "BZh|a x" is text.
    {Compression::kBzip2,
     nullptr,
     8,
     {'B', 'Z', 'h', '9', 0x31, 0x41, 0x59, 0x26},
     nullptr,
     3,
     '1',
     '9'},
    {Compression::kBzip2,
     nullptr,
     8,
     {'B', 'Z', 'h', '9', 0x17, 0x72, 0x45, 0x38},
     nullptr,
     3,
     '1',
     '9'},
    {Compression::kXz, nullptr, 6, {0xfd, '7', 'z', 'X', 'Z', 0x00}},
    {Compression::kZstd, nullptr, 4, {0x28, 0xb5, 0x2f, 0xfd}},
    // A skippable frame first (0x184D2A50 to 0x184D2A5F, little-endian), as
    // pzstd writes; the decoder skips it. (lz4 has the same skippable
    // frames: such an lz4 file is refused by the zstd decoder.)
    {Compression::kZstd, nullptr, 4, {0x50, 0x2a, 0x4d, 0x18}, nullptr, 0, 0x50, 0x5f},
    {Compression::kNone, "lz4", 4, {0x04, 0x22, 0x4d, 0x18}},
    {Compression::kNone, "lz4 (legacy)", 4, {0x02, 0x21, 0x4c, 0x18}},
    {Compression::kNone, "zip", 4, {'P', 'K', 0x03, 0x04}},
    {Compression::kNone, "7z", 6, {'7', 'z', 0xbc, 0xaf, 0x27, 0x1c}},
    {Compression::kNone,
     "lzip",
     5,
     {'L', 'Z', 'I', 'P', 0x01}},  // with its version: "LZIP" is text
    {Compression::kNone, "compress (.Z)", 2, {0x1f, 0x9d}},
    // xz --format=lzma (7-Zip's .lzma): no magic number, but the properties
    // byte of every preset (0x5d), then a dictionary of a power of two of
    // 64 KiB or more, whose two low bytes are 0; text does not start with
    // two NULs.
    {Compression::kNone, "lzma (legacy .lzma; xz reads it)", 3, {0x5d, 0x00, 0x00}},
    // hare's models and caches (model.h, example_cache.h).
    {Compression::kNone,
     "a hare model",
     8,
     {'H', 'A', 'R', 'E', 'M', 'O', 'D', 'L'},
     "a model is given with -i, to hare test, predict or audit"},
    {Compression::kNone,
     "a hare cache",
     8,
     {'H', 'A', 'R', 'E', 'C', 'A', 'C', 'H'},
     "a cache is given with -c, to hare train"},
    // UTF-32 and UTF-16 by their byte-order marks (UTF-16 is what Windows
    // tools write as "Unicode"): 0xff and 0xfe are never in UTF-8, and as
    // text most of the bytes would be NULs. UTF-32's little-endian mark
    // starts as UTF-16's: it comes first.
    {Compression::kNone,
     "UTF-32 text (little-endian)",
     4,
     {0xff, 0xfe, 0, 0},
     "UTF-32",
     -1,
     0,
     0,
     true},
    {Compression::kNone,
     "UTF-32 text (big-endian)",
     4,
     {0, 0, 0xfe, 0xff},
     "UTF-32",
     -1,
     0,
     0,
     true},
    {Compression::kNone, "UTF-16 text (little-endian)", 2, {0xff, 0xfe}, "UTF-16", -1, 0, 0, true},
    {Compression::kNone, "UTF-16 text (big-endian)", 2, {0xfe, 0xff}, "UTF-16", -1, 0, 0, true}};

// Whether the first min(n, magic.size) bytes of `head` are those of `magic`.
bool StartsAlike(const Magic& magic, const unsigned char* head, size_t n) {
  for (size_t i = 0; i < std::min(n, size_t{magic.size}); ++i) {
    const bool same = static_cast<int>(i) == magic.any_at
                          ? head[i] >= magic.any_low && head[i] <= magic.any_high
                          : head[i] == magic.bytes[i];
    if (!same) return false;
  }
  return true;
}

// The magic number `head` starts with, or nullptr.
const Magic* MagicOf(const unsigned char* head, size_t n) {
  for (const Magic& magic : kMagics) {
    if (n >= magic.size && StartsAlike(magic, head, n)) return &magic;
  }
  return nullptr;
}

// True while `head` is a prefix of some magic number (so more bytes are needed).
bool MayBeMagic(const unsigned char* head, size_t n) {
  for (const Magic& magic : kMagics) {
    if (n < magic.size && StartsAlike(magic, head, n)) return true;
  }
  return false;
}
constexpr std::streamsize kFilterBuffer = 1 << 20;

// The first bytes of an input, read to look for a magic number, and handed
// out again before anything else.
struct Head {
  // Reads with `read` (bytes into a buffer of a size: their count, 0 at the
  // end) until the bytes match no magic number's start, so a pipe that sends
  // one short line is answered without waiting for more, or the end.
  template <class Read>
  absl::Status Fill(Read&& read) {
    while (size < bytes.size() && MayBeMagic(data(), size)) {
      absl::StatusOr<size_t> n = read(bytes.data() + size, bytes.size() - size);
      if (!n.ok()) return n.status();
      if (*n == 0) break;
      size += *n;
    }
    return absl::OkStatus();
  }
  // Copies what is left of them into `buffer` (at most `capacity`): how many.
  size_t Take(char* buffer, size_t capacity) {
    const size_t n = std::min(capacity, size - used);
    std::memcpy(buffer, bytes.data() + used, n);
    used += n;
    return n;
  }
  const unsigned char* data() const { return reinterpret_cast<const unsigned char*>(bytes.data()); }

  std::array<char, kMagicBytes> bytes{};
  size_t size = 0;
  size_t used = 0;
};

// A file descriptor whose first bytes were already read to look for a magic
// number; they are handed out again before anything else.
class PeekedFd {
 public:
  PeekedFd(int fd, bool owned, std::string name) : fd_(fd), owned_(owned), name_(std::move(name)) {}
  ~PeekedFd() {
    if (owned_) close(fd_);
  }
  PeekedFd(const PeekedFd&) = delete;
  PeekedFd& operator=(const PeekedFd&) = delete;

  // Reads until the first bytes decide the compression (Head::Fill).
  absl::Status Peek() {
    return head_.Fill([this](char* buffer, size_t size) { return ReadFd(buffer, size); });
  }

  const unsigned char* head() const { return head_.data(); }
  size_t head_size() const { return head_.size; }
  const std::string& name() const { return name_; }

  absl::StatusOr<size_t> Read(char* buffer, size_t size) {
    if (head_.used < head_.size) return head_.Take(buffer, size);
    return ReadFd(buffer, size);
  }

 private:
  absl::StatusOr<size_t> ReadFd(char* buffer, size_t size) {
    for (;;) {
      ssize_t n = ::read(fd_, buffer, size);
      if (n >= 0) return static_cast<size_t>(n);
      if (errno == EINTR) continue;
      return absl::DataLossError(absl::StrCat("cannot read ", name_, ": ", std::strerror(errno)));
    }
  }

  int fd_;
  bool owned_;
  std::string name_;
  Head head_;
};

// "NAME: corrupt or truncated FORMAT data (WHY)", what every decompressor says.
absl::Status CorruptInput(const PeekedFd& fd, Compression c, const std::string& why) {
  return absl::DataLossError(
      absl::StrCat(fd.name(), ": corrupt or truncated ", CompressionName(c), " data (", why, ")"));
}

// Boost's lzma and bzip2 errors all say "iostream error"; their codes say
// which fault it was (an allocation that fails throws std::bad_alloc).
std::string LzmaWhy(int code) {
  // liblzma cannot tell a stream cut short from bytes after the last stream
  // that are not xz (xz itself says "Unexpected end of input" to both).
  if (code == bio::lzma::buf_error) {
    return "the input ends inside the stream, or what follows the last stream is not xz data";
  }
  if (code == bio::lzma::data_error) return "the data is corrupt";
  if (code == bio::lzma::options_error) return "options this liblzma does not support";
  // LZMA_MEMLIMIT_ERROR: Boost's decoder allows 100 MiB, and a stream of a
  // larger dictionary (xz --lzma2=dict=...) needs more.
  if (code == 6) return "its dictionary needs more than the 100 MiB hare's xz decoder allows";
  return absl::StrCat("liblzma error ", code);
}

std::string Bzip2Why(int code) {
  if (code == bio::bzip2::unexpected_eof) return "the input ends inside the stream";
  if (code == bio::bzip2::data_error) return "the data is corrupt";
  if (code == bio::bzip2::data_error_magic) return "not a bzip2 stream";
  return absl::StrCat("libbzip2 error ", code);
}

class PlainSource : public Source {
 public:
  explicit PlainSource(std::unique_ptr<PeekedFd> fd) : fd_(std::move(fd)) {}
  absl::StatusOr<size_t> Read(char* buffer, size_t size) override {
    return fd_->Read(buffer, size);
  }
  Compression compression() const override { return Compression::kNone; }

 private:
  std::unique_ptr<PeekedFd> fd_;
};

// Boost.Iostreams source device over a PeekedFd. Boost reports errors by
// exception; the message is kept so that Read() can return it as a status.
class FdDevice {
 public:
  using char_type = char;
  using category = bio::source_tag;
  explicit FdDevice(PeekedFd* fd) : fd_(fd) {}
  std::streamsize read(char* s, std::streamsize n) {
    absl::StatusOr<size_t> got = fd_->Read(s, static_cast<size_t>(n));
    if (!got.ok()) throw std::ios_base::failure(std::string(got.status().message()));
    return *got == 0 ? -1 : static_cast<std::streamsize>(*got);
  }

 private:
  PeekedFd* fd_;
};

class CompressedSource : public Source {
 public:
  CompressedSource(std::unique_ptr<PeekedFd> fd, Compression compression)
      : fd_(std::move(fd)), compression_(compression) {
    switch (compression) {
      case Compression::kBzip2:
        stream_.push(bio::bzip2_decompressor(false, kFilterBuffer), kFilterBuffer);
        break;
      case Compression::kXz:
        stream_.push(bio::lzma_decompressor(bio::lzma_params(), kFilterBuffer), kFilterBuffer);
        break;
      case Compression::kGzip:
      case Compression::kZstd:
      case Compression::kNone:
        break;
    }
    stream_.push(FdDevice(fd_.get()), kFilterBuffer);
  }

  absl::StatusOr<size_t> Read(char* buffer, size_t size) override {
    try {
      std::streamsize n = bio::read(stream_, buffer, static_cast<std::streamsize>(size));
      return n < 0 ? 0 : static_cast<size_t>(n);
    } catch (const bio::lzma_error& e) {
      if (e.error() == bio::lzma::mem_error) throw std::bad_alloc();  // the memory, not the file
      return CorruptInput(*fd_, compression_, LzmaWhy(e.error()));
    } catch (const bio::bzip2_error& e) {
      return CorruptInput(*fd_, compression_, Bzip2Why(e.error()));
    } catch (const std::bad_alloc&) {
      throw;  // the memory, not the file: said as every allocation that fails is
    } catch (const std::exception& e) {
      return CorruptInput(*fd_, compression_, e.what());
    }
  }
  Compression compression() const override { return compression_; }

 private:
  std::unique_ptr<PeekedFd> fd_;
  Compression compression_;
  bio::filtering_streambuf<bio::input> stream_;
};

// gzip through zlib itself rather than Boost's filter, which refuses the zero
// bytes that tar and some writers pad a file with (gzip -d ignores them) and
// says "iostream error" for every fault; here zlib names the fault. Members
// follow one another as in `cat a.gz b.gz`; after the last, zero bytes may
// pad the input, and anything else is refused.
class GzipSource : public Source {
 public:
  explicit GzipSource(std::unique_ptr<PeekedFd> fd)
      : fd_(std::move(fd)), in_buffer_(static_cast<size_t>(kFilterBuffer)) {
    ok_ = inflateInit2(&z_, 16 + MAX_WBITS) == Z_OK;  // 16: gzip headers only
  }
  ~GzipSource() override {
    if (ok_) inflateEnd(&z_);
  }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;

  absl::StatusOr<size_t> Read(char* buffer, size_t size) override {
    if (!ok_) throw std::bad_alloc();  // zlib's inflateInit2 failed: its state's memory
    z_.next_out = reinterpret_cast<Bytef*>(buffer);
    z_.avail_out = static_cast<uInt>(std::min<size_t>(size, 1u << 30));
    const uInt room = z_.avail_out;
    while (z_.avail_out == room) {
      if (z_.avail_in == 0) {
        absl::StatusOr<size_t> n = fd_->Read(in_buffer_.data(), in_buffer_.size());
        if (!n.ok()) return n.status();
        if (*n == 0) {
          if (member_open_) return Corrupt("the input ends inside a member");
          return 0;
        }
        z_.next_in = reinterpret_cast<Bytef*>(in_buffer_.data());
        z_.avail_in = static_cast<uInt>(*n);
      }
      if (!member_open_) {
        while (z_.avail_in > 0 && *z_.next_in == 0) {
          ++z_.next_in;
          --z_.avail_in;
          padded_ = true;
        }
        if (z_.avail_in == 0) continue;
        if (padded_) return Corrupt("data after the zero bytes that follow the last member");
        inflateReset(&z_);
        member_open_ = true;
        member_start_ = true;
      }
      const int ret = inflate(&z_, Z_NO_FLUSH);
      if (ret == Z_STREAM_END) {
        member_open_ = false;
        ++members_;
      } else if (ret != Z_OK) {
        if (ret == Z_MEM_ERROR) throw std::bad_alloc();  // the memory, not the file
        if (member_start_ && members_ > 0 && ret == Z_DATA_ERROR) {
          return Corrupt("the bytes after the last member are not gzip data");
        }
        return Corrupt(z_.msg != nullptr ? z_.msg : zError(ret));
      }
      member_start_ = false;
    }
    return room - z_.avail_out;
  }
  Compression compression() const override { return Compression::kGzip; }

 private:
  absl::Status Corrupt(const char* why) const {
    return CorruptInput(*fd_, Compression::kGzip, why);
  }

  std::unique_ptr<PeekedFd> fd_;
  std::vector<char> in_buffer_;
  z_stream z_{};
  bool ok_ = false;
  bool member_open_ = false;
  bool member_start_ = false;
  bool padded_ = false;
  int64_t members_ = 0;
};

// zstd through libzstd's streaming API rather than Boost 1.74's filter, which
// ends quietly when the input stops in the middle of a frame: here an input
// that ends before its last frame does is an error.
class ZstdSource : public Source {
 public:
  explicit ZstdSource(std::unique_ptr<PeekedFd> fd)
      : fd_(std::move(fd)), stream_(ZSTD_createDStream()), in_buffer_(ZSTD_DStreamInSize()) {
    if (stream_ == nullptr) throw std::bad_alloc();
    // Frames of any window this libzstd decodes (--long=31 included on 64
    // bits), as `zstd -d --long=31` reads them: the window's memory is
    // taken only as a frame's data fills it.
    const ZSTD_bounds most = ZSTD_dParam_getBounds(ZSTD_d_windowLogMax);
    if (!ZSTD_isError(most.error)) {
      ZSTD_DCtx_setParameter(stream_.get(), ZSTD_d_windowLogMax, most.upperBound);
    }
  }

  absl::StatusOr<size_t> Read(char* buffer, size_t size) override {
    ZSTD_outBuffer out{buffer, size, 0};
    while (out.pos == 0) {
      if (in_.pos == in_.size) {
        absl::StatusOr<size_t> n = fd_->Read(in_buffer_.data(), in_buffer_.size());
        if (!n.ok()) return n.status();
        if (*n == 0) {
          if (frame_open_) return Corrupt("the input ends inside a frame");
          return 0;
        }
        in_ = ZSTD_inBuffer{in_buffer_.data(), *n, 0};
      }
      const size_t ret = ZSTD_decompressStream(stream_.get(), &out, &in_);
      if (ZSTD_isError(ret)) {
        // After a whole frame, bytes that do not start one: said as gzip says it.
        if (!frame_open_ && ZSTD_getErrorCode(ret) == ZSTD_error_prefix_unknown) {
          return Corrupt("the bytes after the last frame are not zstd data");
        }
        if (ZSTD_getErrorCode(ret) == ZSTD_error_memory_allocation) throw std::bad_alloc();
        return Corrupt(ZSTD_getErrorName(ret));
      }
      frame_open_ = ret != 0;  // 0: a frame was completed and flushed
    }
    return out.pos;
  }
  Compression compression() const override { return Compression::kZstd; }

 private:
  absl::Status Corrupt(const char* why) const {
    return CorruptInput(*fd_, Compression::kZstd, why);
  }

  std::unique_ptr<PeekedFd> fd_;
  struct FreeStream {
    void operator()(ZSTD_DStream* stream) const { ZSTD_freeDStream(stream); }
  };
  std::unique_ptr<ZSTD_DStream, FreeStream> stream_;
  std::vector<char> in_buffer_;
  ZSTD_inBuffer in_{nullptr, 0, 0};
  bool frame_open_ = true;  // nothing decoded yet: an empty stream is truncated too
};

// A decompressed input whose first bytes were read to see whether they are
// one of hare's own files (`gzip -c model.hare`); they are handed out again
// before anything else.
class DecompressedHead final : public Source {
 public:
  explicit DecompressedHead(std::unique_ptr<Source> inner) : inner_(std::move(inner)) {}

  // The magic number the decompressed bytes start with, or nullptr.
  absl::StatusOr<const Magic*> Peek() {
    if (absl::Status s =
            head_.Fill([this](char* buffer, size_t size) { return inner_->Read(buffer, size); });
        !s.ok()) {
      return s;
    }
    return MagicOf(head_.data(), head_.size);
  }

  absl::StatusOr<size_t> Read(char* buffer, size_t size) override {
    if (head_.used < head_.size) return head_.Take(buffer, size);
    return inner_->Read(buffer, size);
  }
  Compression compression() const override { return inner_->compression(); }

 private:
  std::unique_ptr<Source> inner_;
  Head head_;
};

// Why an input is refused whose bytes, decompressed from `outer` (kNone:
// as they are), start with `magic`; "" when they are read.
std::string Refusal(const Magic& magic, const std::string& name, Compression outer) {
  const std::string as_read =
      outer == Compression::kNone ? "" : absl::StrCat(", ", CompressionName(outer), "-compressed");
  if (magic.encoding) {
    return absl::StrCat("cannot read ", name, ": it is ", magic.unread, as_read,
                        ", and hare reads UTF-8: ",
                        outer == Compression::kNone ? "convert it" : "decompress and convert it",
                        " first (iconv -f ", magic.instead, " -t UTF-8)");
  }
  if (magic.instead != nullptr) {
    return absl::StrCat("cannot read ", name, ": it is ", magic.unread, as_read, ", not examples (",
                        magic.instead, ")");
  }
  if (outer != Compression::kNone) {
    // Compressed twice, or another compression inside: read as lines, the
    // inner bytes would be a screen of bad lines and a few noisy examples.
    const bool twice = magic.compression == outer;
    return absl::StrCat("cannot read ", name, ": its ", CompressionName(outer),
                        "-decompressed bytes are ",
                        magic.unread != nullptr ? magic.unread : CompressionName(magic.compression),
                        twice ? " data again (compressed twice)" : " data",
                        ", and hare decompresses one layer: decompress the rest first");
  }
  if (magic.unread != nullptr) {
    return absl::StrCat("cannot read ", name, ": it is ", magic.unread,
                        " data, and hare reads plain text, gzip, bzip2, xz and zstd: decompress "
                        "it first");
  }
  return "";
}

}  // namespace

const char* CompressionName(Compression c) {
  switch (c) {
    case Compression::kNone:
      return "plain";
    case Compression::kGzip:
      return "gzip";
    case Compression::kBzip2:
      return "bzip2";
    case Compression::kXz:
      return "xz";
    case Compression::kZstd:
      return "zstd";
  }
  return "unknown";
}

Compression DetectCompression(const unsigned char* h, size_t n) {
  const Magic* magic = MagicOf(h, n);
  return magic != nullptr ? magic->compression : Compression::kNone;
}

std::string InputDisplayName(const std::string& path) { return path == "-" ? "<stdin>" : path; }

absl::StatusOr<std::unique_ptr<Source>> Source::Open(const std::string& path) {
  std::string name = InputDisplayName(path);
  int fd = STDIN_FILENO;
  bool owned = false;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      return absl::NotFoundError(absl::StrCat("cannot open ", name, ": ", std::strerror(errno)));
    }
    owned = true;
#ifdef POSIX_FADV_SEQUENTIAL
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  }
  // A pipe holds 64 KiB by default: the writer and hare then take turns a
  // thousand times a second. 1 MiB (the unprivileged maximum) lets each read
  // take a block. The writer may be done already; failure changes nothing.
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)) fcntl(fd, F_SETPIPE_SZ, 1 << 20);
  auto peeked = std::make_unique<PeekedFd>(fd, owned, name);
  if (absl::Status s = peeked->Peek(); !s.ok()) return s;
  const Magic* magic = MagicOf(peeked->head(), peeked->head_size());
  const Compression c = magic != nullptr ? magic->compression : Compression::kNone;
  // Three bytes or more of a compression's magic, then the end: that stream
  // cut short (read as text, its bytes would be a bad line).
  if (magic == nullptr && peeked->head_size() >= 3) {
    for (const Magic& m : kMagics) {
      if (m.compression != Compression::kNone && peeked->head_size() < m.size &&
          StartsAlike(m, peeked->head(), peeked->head_size())) {
        return absl::DataLossError(absl::StrCat(name, ": corrupt or truncated ",
                                                CompressionName(m.compression),
                                                " data (the input ends inside the stream)"));
      }
    }
  }
  if (magic != nullptr) {
    if (std::string why = Refusal(*magic, name, Compression::kNone); !why.empty()) {
      return absl::InvalidArgumentError(why);
    }
  }
  if (c == Compression::kNone) return std::make_unique<PlainSource>(std::move(peeked));
  std::unique_ptr<Source> decompressed;
  if (c == Compression::kGzip) {
    decompressed = std::make_unique<GzipSource>(std::move(peeked));
  } else if (c == Compression::kZstd) {
    decompressed = std::make_unique<ZstdSource>(std::move(peeked));
  } else {
    decompressed = std::make_unique<CompressedSource>(std::move(peeked), c);
  }
  // A compressed model or cache, or UTF-16 text, refused as the plain one
  // is; compressed data inside (gzip twice, lz4 in gzip) too.
  auto checked = std::make_unique<DecompressedHead>(std::move(decompressed));
  absl::StatusOr<const Magic*> inside = checked->Peek();
  if (!inside.ok()) return inside.status();
  if (*inside != nullptr) return absl::InvalidArgumentError(Refusal(**inside, name, c));
  return checked;
}

}  // namespace hare::io
