// Corpus loading: find the record files, read and parse them on all cores, then index them
// and check what points at what (duplicate ids, dangling ids).
#include "rooflint/corpus.h"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <thread>
#include <unordered_set>

#include "core/file_io.h"
#include "core/text_util.h"
#include "core/threads.h"

namespace rooflint {
namespace fs = std::filesystem;
namespace {

constexpr std::array kKinds = {RecordKind::kAccelerator, RecordKind::kModel, RecordKind::kBenchmark,
                               RecordKind::kSource, RecordKind::kGotcha};

// The listed record files: each kind folder's display path once, and the files' names back to
// back in one buffer. A large corpus lists a hundred thousand names on one thread before any
// file is read; a path string for each, and a vector of 40-byte jobs regrowing, made 10 MB of
// fresh memory there by count, and a first touch is dear on some machines (commit eb008ba).
// The parse threads build each path as they read its file.
struct Job {
  size_t name = 0;         // where the file's name starts in Listing::names
  uint32_t folder = 0;     // its kind folder, in Listing::folders
  uint16_t name_size = 0;  // the name's length, ".toml" included (a name has at most 255 bytes)
  RecordKind kind = RecordKind::kBenchmark;
};

struct Listing {
  std::vector<std::string> folders;  // as shown to the user, each with its '/' appended
  std::string names;
  std::vector<Job> jobs;

  std::string_view Name(const Job& j) const {
    return std::string_view(names).substr(j.name, j.name_size);
  }
  // The file's name without ".toml", which the record's id must equal.
  std::string_view Stem(const Job& j) const { return Name(j).substr(0, j.name_size - 5); }
  // The path as shown to the user: the folder, '/', the file's name.
  void Path(const Job& j, std::string& path) const {
    path = folders[j.folder];
    path += Name(j);
  }
  // Whether a's path sorts before b's, as the two path strings compare, without making them.
  bool Before(const Job& a, const Job& b) const {
    if (a.folder == b.folder) return Name(a) < Name(b);
    return CompareJoined(folders[a.folder], Name(a), folders[b.folder], Name(b)) < 0;
  }

 private:
  // Compares a1 + a2 with b1 + b2 as strings compare. Two folders' paths decide between their
  // files unless one starts the other (a root inside another root's kind folder, or one root
  // given twice); then the names take part.
  static int CompareJoined(std::string_view a1, std::string_view a2, std::string_view b1,
                           std::string_view b2) {
    while (true) {
      if (a1.empty()) std::swap(a1, a2);
      if (b1.empty()) std::swap(b1, b2);
      if (a1.empty() || b1.empty()) return a1.empty() ? (b1.empty() ? 0 : -1) : 1;
      const size_t n = std::min(a1.size(), b1.size());
      if (const int c = a1.substr(0, n).compare(b1.substr(0, n)); c != 0) return c;
      a1.remove_prefix(n);
      b1.remove_prefix(n);
    }
  }
};

Diagnostic FileError(std::string_view path, DiagnosticCode code, std::string_view message,
                     std::string_view hint) {
  Diagnostic d;
  d.code = code.name();
  d.message = message;
  d.where.path = path;
  d.hint = hint;
  return d;
}

// A path for messages: relative to the working directory when it is inside it.
std::string DisplayPath(const fs::path& p) {
  std::error_code ec;
  fs::path rel = fs::relative(p, fs::current_path(ec), ec);
  if (!ec && !rel.empty() && rel.native().rfind("..", 0) != 0) return rel.string();
  return p.string();
}

void FindFiles(const std::string& root, Listing& listing, std::vector<Diagnostic>& diags) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    diags.push_back(FileError(root, "not-a-corpus", "not a folder",
                              "give a corpus folder holding accelerators/, models/, "
                              "benchmarks/, sources/ and gotchas/"));
    return;
  }
  bool any_kind = false;
  // Symlinks may point anywhere inside the corpus root, never out of it: a corpus is untrusted
  // pull-request content, and a link to /proc/self/environ or a credentials file would print
  // its lines in the report's diagnostics.
  fs::path real_root = fs::weakly_canonical(fs::absolute(root, ec), ec);
  for (RecordKind kind : kKinds) {
    fs::path dir = fs::path(root) / KindFolder(kind);
    // A kind folder that is a link is followed only when all of it is inside the root: the
    // whole chain is resolved, so a link to a folder inside that is itself a link out is
    // refused too. Below a kind folder only files are listed, and each file link is checked
    // the same way, by its resolved path. The link is shown by its own name (DisplayPath would
    // show where it leads).
    if (fs::is_symlink(dir, ec) && !ResolvesInside(real_root, dir)) {
      diags.push_back(
          FileError((fs::path(DisplayPath(root)) / KindFolder(kind)).lexically_normal().string(),
                    "symlink-outside-corpus",
                    "a symbolic link to a folder that leaves the corpus folder: none "
                    "of it is read",
                    "copy the records into the corpus, or link within it"));
      continue;
    }
    if (!fs::is_directory(dir, ec)) {
      // Something of the folder's name that is not a folder holds records no one would see.
      if (fs::exists(fs::symlink_status(dir, ec))) {
        diags.push_back(FileError(
            DisplayPath(dir), "not-a-folder",
            fmt::format("{}/ is not a folder: none of its records are read", KindFolder(kind)),
            "make it the folder of the corpus's records of this kind"));
      }
      continue;
    }
    any_kind = true;
    // The display path is worked out once per folder: fs::relative touches the disk.
    std::string shown = DisplayPath(dir);
    const auto folder_index = static_cast<uint32_t>(listing.folders.size());
    listing.folders.push_back(shown + '/');
    // readdir, not fs::directory_iterator: a large corpus's benchmarks folder holds a hundred
    // thousand names, and the iterator made a path object and two strings of each; the
    // listing runs before any file is read, on one thread (commit e451277).
    DIR* folder = ::opendir(dir.c_str());
    int error = folder == nullptr ? errno : 0;
    while (folder != nullptr) {
      errno = 0;
      const dirent* entry = ::readdir(folder);
      if (entry == nullptr) {
        error = errno;
        break;
      }
      const std::string_view name(entry->d_name);
      if (!name.ends_with(".toml") || name.size() == 5) continue;
      // The file type the listing gives, or (on a file system that gives none) the link's own.
      bool symlink = entry->d_type == DT_LNK;
      if (entry->d_type == DT_UNKNOWN) {
        struct stat st {};
        symlink = ::fstatat(::dirfd(folder), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                  S_ISLNK(st.st_mode);
      }
      if (symlink && !ResolvesInside(real_root, dir / name)) {
        diags.push_back(FileError(listing.folders.back() + std::string(name),
                                  "symlink-outside-corpus",
                                  "a symbolic link that leaves the corpus folder: not read",
                                  "copy the record into the corpus, or link within it"));
        continue;
      }
      listing.jobs.push_back(
          {listing.names.size(), folder_index, static_cast<uint16_t>(name.size()), kind});
      listing.names += name;
    }
    if (folder != nullptr) ::closedir(folder);
    if (error != 0) {
      diags.push_back(FileError(
          DisplayPath(dir), "io-error",
          fmt::format("cannot list the folder: {}", std::generic_category().message(error)),
          "check that it is readable"));
    }
  }
  if (!any_kind) {
    diags.push_back(FileError(root, "not-a-corpus",
                              "holds none of accelerators/, models/, benchmarks/, sources/, "
                              "gotchas/",
                              "point rooflint at the corpus root (the folder above those)"));
  }
}

// Reads and parses the record file at `path` (Listing::Path), of kind `kind`, whose name
// without ".toml" is `stem`.
ParseResult ParseFile(RecordKind kind, std::string_view stem, const std::string& path,
                      std::string& text, FolderReader& files) {
  std::string error;
  ReadFailure failure = ReadFailure::kNone;
  if (!files.Read(path, kMaxRecordBytes, text, error, &failure)) {
    ParseResult r;
    r.id = stem;
    const bool io = failure == ReadFailure::kIo;
    r.diagnostics.push_back(FileError(path,
                                      io ? DiagnosticCode("io-error")
                                      : failure == ReadFailure::kNotAFile
                                          ? DiagnosticCode("not-a-file")
                                          : DiagnosticCode("file-too-large"),
                                      io ? fmt::format("cannot read the file: {}", error) : error,
                                      io ? "check that it exists and is readable"
                                         : "a record is a TOML text file of a few kilobytes"));
    return r;
  }
  return ParseRecord(kind, text, path, stem);
}

// Writes one zero byte in each 4 KiB of `bytes` bytes at `storage` (allocated, holding no
// objects yet), half of them on another thread, so that the kernel backs the memory on both
// CPUs. Nothing for less than 8 MiB, where a thread is not worth starting, nor when the load
// may use one thread only.
void TouchOnTwoThreads(void* storage, size_t bytes, size_t threads) {
  constexpr size_t kPage = 4096;
  if (bytes < (size_t{8} << 20) || threads < 2) return;
  auto touch = [](std::byte* begin, std::byte* end) {
    for (volatile std::byte* p = begin; p < end; p += kPage) *p = std::byte{0};
  };
  std::byte* begin = static_cast<std::byte*>(storage);
  std::byte* middle = begin + bytes / 2;
  std::jthread other(touch, middle, begin + bytes);
  touch(begin, middle);
}

template <class T>
std::vector<std::string_view> IdsOf(const std::vector<T>& records) {
  std::vector<std::string_view> ids;
  ids.reserve(records.size());
  for (const auto& r : records) ids.push_back(r.header.id);
  return ids;
}

// Each name a rejected file of `files` answers to, as (kind, name): its id when it was read,
// and its file name.
template <class F>
void ForEachRejectedName(const std::vector<FileEntry>& files, F&& f) {
  for (const FileEntry& e : files) {
    if (!e.rejected) continue;
    if (!e.id.empty()) f(e.kind, e.id.view());
    f(e.kind, std::string_view(fs::path(e.path.view()).stem().string()));
  }
}

}  // namespace

Corpus::Corpus(const Corpus& other)
    : accelerators(other.accelerators),
      models(other.models),
      benchmarks(other.benchmarks),
      sources(other.sources),
      gotchas(other.gotchas),
      files(other.files),
      diagnostics(other.diagnostics) {
  Index();
}

Corpus& Corpus::operator=(const Corpus& other) {
  if (this != &other) *this = Corpus(other);
  return *this;
}

Corpus LoadCorpus(std::span<const std::string> roots, unsigned threads_wanted) {
  Corpus corpus;
  Listing listing;
  std::vector<Job>& jobs = listing.jobs;
  for (const auto& root : roots) FindFiles(root, listing, corpus.diagnostics);
  std::sort(jobs.begin(), jobs.end(),
            [&](const Job& a, const Job& b) { return listing.Before(a, b); });

  // The sorted files are cut into contiguous chunks, and each thread parses the next chunk as
  // it finishes one, into that chunk's own partial corpus; the chunks are then appended in
  // order, so the result is in path order whatever the threads' timing, and no record is held
  // twice. Chunks rather than one slice a thread: a thread slowed by its CPU's other work, or by
  // memory the host must back, held up the end of loading by 25 ms on average at 100k records
  // (up to 65), and a chunk is about 13 ms of one thread's work there. Benchmarks, nearly all of a
  // large corpus, go straight to their place in the corpus instead: each chunk fills the range of
  // positions its files hold, and the holes rejected files leave are closed afterwards, so the
  // records are never in two vectors at once.
  size_t threads = std::min(ThreadsToUse(threads_wanted), std::max<size_t>(1, jobs.size() / 64));
  const size_t chunks = threads == 1 ? 1 : std::min(jobs.size() / 64, threads * 64);
  std::vector<Corpus> parts(chunks);
  // Every other record vector is reserved before it is filled, from the count of files of its
  // kind, so no record is moved by a vector growing; chunk 0 reserves room for every chunk, so
  // that its vectors become the corpus's and only the later chunks' records are moved once
  // more.
  auto kind_counts = [&](size_t begin, size_t end) {
    std::array<size_t, kKinds.size()> n{};
    for (size_t i = begin; i < end; ++i) ++n[static_cast<size_t>(jobs[i].kind)];
    return n;
  };
  auto reserve = [](Corpus& c, const std::array<size_t, kKinds.size()>& n, size_t files) {
    c.accelerators.reserve(n[static_cast<size_t>(RecordKind::kAccelerator)]);
    c.models.reserve(n[static_cast<size_t>(RecordKind::kModel)]);
    c.sources.reserve(n[static_cast<size_t>(RecordKind::kSource)]);
    c.gotchas.reserve(n[static_cast<size_t>(RecordKind::kGotcha)]);
    c.files.reserve(files);
  };
  // Each chunk's files by kind, counted once; a chunk's benchmarks start where the earlier
  // chunks' end.
  constexpr auto kBench = static_cast<size_t>(RecordKind::kBenchmark);
  std::vector<std::array<size_t, kKinds.size()>> chunk_counts(chunks);
  std::array<size_t, kKinds.size()> all_counts{};
  std::vector<size_t> bench_begin(chunks), bench_filled(chunks);
  for (size_t c = 0; c < chunks; ++c) {
    bench_begin[c] = all_counts[kBench];
    chunk_counts[c] = kind_counts(jobs.size() * c / chunks, jobs.size() * (c + 1) / chunks);
    for (size_t k = 0; k < kKinds.size(); ++k) all_counts[k] += chunk_counts[c][k];
  }
  // The benchmarks' storage is touched for the first time on two threads, before the vector
  // fills it on one. A first touch is dear on a virtual machine that hands freed memory back to
  // its host (free page reporting): at 100k records the 74 MB of records took about 150 ms on
  // one thread there, most of the serial time of loading (commit 28dafd5).
  corpus.benchmarks.reserve(all_counts[kBench]);
  TouchOnTwoThreads(corpus.benchmarks.data(), all_counts[kBench] * sizeof(Benchmark), threads);
  corpus.benchmarks.resize(all_counts[kBench]);
  auto parse_chunk = [&](size_t c, std::string& path, std::string& text, FolderReader& files) {
    Corpus& part = parts[c];
    size_t begin = jobs.size() * c / chunks, end = jobs.size() * (c + 1) / chunks;
    if (c == 0) {
      reserve(part, all_counts, jobs.size());
    } else {
      reserve(part, chunk_counts[c], end - begin);
    }
    size_t filled = 0;  // the chunk's benchmarks so far (kept here, not beside the other chunks')
    for (size_t i = begin; i < end; ++i) {
      listing.Path(jobs[i], path);
      ParseResult r = ParseFile(jobs[i].kind, listing.Stem(jobs[i]), path, text, files);
      // A record's file entry shares its id and path with the record's header.
      const RecordHeader* header = std::visit(
          [](const auto& rec) -> const RecordHeader* {
            if constexpr (std::is_same_v<std::decay_t<decltype(rec)>, std::monostate>) {
              return nullptr;
            } else {
              return &rec.header;
            }
          },
          r.record);
      if (header != nullptr && header->path == path && header->id == r.id) {
        part.files.push_back({jobs[i].kind, header->id, header->path, !r.ok()});
      } else {
        part.files.push_back({jobs[i].kind, r.id, path, !r.ok()});
      }
      for (auto& d : r.diagnostics) part.diagnostics.push_back(std::move(d));
      std::visit(
          [&](auto&& rec) {
            using T = std::decay_t<decltype(rec)>;
            if constexpr (std::is_same_v<T, Accelerator>)
              part.accelerators.push_back(std::forward<decltype(rec)>(rec));
            if constexpr (std::is_same_v<T, Model>)
              part.models.push_back(std::forward<decltype(rec)>(rec));
            if constexpr (std::is_same_v<T, Benchmark>) {
              corpus.benchmarks[bench_begin[c] + filled++] = std::forward<decltype(rec)>(rec);
            }
            if constexpr (std::is_same_v<T, Source>)
              part.sources.push_back(std::forward<decltype(rec)>(rec));
            if constexpr (std::is_same_v<T, Gotcha>)
              part.gotchas.push_back(std::forward<decltype(rec)>(rec));
          },
          std::move(r.record));
    }
    bench_filled[c] = filled;
  };
  std::atomic<size_t> next_chunk{0};
  auto parse_chunks = [&] {
    std::string path, text;
    FolderReader files;  // a chunk's files are in path order: a folder is opened once per chunk
    // Records repeat their condition texts: one copy of each per thread.
    TextInterning interning;
    for (size_t c = next_chunk++; c < chunks; c = next_chunk++) parse_chunk(c, path, text, files);
  };
  {
    std::vector<std::jthread> pool;
    for (size_t t = 1; t < threads; ++t) pool.emplace_back(parse_chunks);
    parse_chunks();
  }
  size_t benchmarks = 0;
  for (size_t c = 0; c < chunks; ++c) {
    for (size_t k = 0; k < bench_filled[c]; ++k, ++benchmarks) {
      if (bench_begin[c] + k != benchmarks) {
        corpus.benchmarks[benchmarks] = std::move(corpus.benchmarks[bench_begin[c] + k]);
      }
    }
  }
  corpus.benchmarks.erase(corpus.benchmarks.begin() + static_cast<ptrdiff_t>(benchmarks),
                          corpus.benchmarks.end());
  size_t diagnostics = corpus.diagnostics.size();
  for (const Corpus& part : parts) diagnostics += part.diagnostics.size();
  corpus.diagnostics.reserve(diagnostics);
  auto append = [](auto& into, auto& from) {
    if (into.empty() && into.capacity() <= from.capacity()) {
      into = std::move(from);
      return;
    }
    into.insert(into.end(), std::make_move_iterator(from.begin()),
                std::make_move_iterator(from.end()));
  };
  for (Corpus& part : parts) {
    append(corpus.accelerators, part.accelerators);
    append(corpus.models, part.models);
    append(corpus.sources, part.sources);
    append(corpus.gotchas, part.gotchas);
    append(corpus.files, part.files);
    append(corpus.diagnostics, part.diagnostics);
  }
  corpus.Index();
  // A hostile file may hold thousands of faults (20,000 unknown ids on one line): each file
  // shows the first ones and a count, so the report stays proportional to the corpus.
  CapPerFile(corpus.diagnostics, kDiagnosticsPerFile);
  return corpus;
}

void Corpus::Index() {
  // Cross-record diagnostics are recomputed from scratch on every call.
  std::erase_if(diagnostics, [](const Diagnostic& d) {
    return d.code == "duplicate-id" || d.code == "dangling-id";
  });

  const size_t first_new = diagnostics.size();
  auto build = [&](auto& records, auto& index, RecordKind kind) {
    index.clear();
    index.reserve(records.size());
    std::vector<size_t> duplicates;
    for (size_t i = 0; i < records.size(); ++i) {
      auto [it, inserted] = index.emplace(records[i].header.id, i);
      if (inserted) continue;
      const auto& first = records[it->second].header;
      const auto& again = records[i].header;
      Diagnostic d;
      d.code = DiagnosticCode("duplicate-id").name();
      d.message =
          fmt::format("{} id '{}' is also used by {}", KindName(kind), again.id, first.path);
      d.where = again.keys.Find("id", again.path);
      d.hint = "ids are unique per kind across every corpus folder swept together; rename one";
      diagnostics.push_back(std::move(d));
    }
  };
  build(accelerators, accelerator_index_, RecordKind::kAccelerator);
  build(models, model_index_, RecordKind::kModel);
  build(sources, source_index_, RecordKind::kSource);
  // Benchmarks and gotchas are only checked for repeated ids; no index of them is kept. The
  // loader gives records in path order, so the ids of one corpus folder are nearly always in
  // increasing order already, and then none repeats: the hash map (a hundred thousand entries
  // and 25 to 40 ms of the serial end of loading at 100k records) is made only when they are not.
  auto check_repeats = [&](auto& records, RecordKind kind) {
    bool increasing = true;
    for (size_t i = 1; i < records.size() && increasing; ++i) {
      increasing = records[i - 1].header.id.view() < records[i].header.id.view();
    }
    if (increasing) return;
    std::unordered_map<std::string_view, size_t> scratch;
    build(records, scratch, kind);
  };
  check_repeats(benchmarks, RecordKind::kBenchmark);
  check_repeats(gotchas, RecordKind::kGotcha);

  std::vector<std::string_view> accelerator_ids, model_ids, source_ids;
  std::unordered_map<std::string, std::string> suggestions;
  // The rejected files' names, each as its kind's letter and the name, made once: 60,000
  // dangling ids against 1,000 rejected files is no scan of the files per id.
  std::unordered_set<std::string> rejected;
  auto rejected_key = [](RecordKind kind, std::string_view name) {
    std::string key(1, static_cast<char>('a' + static_cast<int>(kind)));
    key += name;
    return key;
  };
  bool ids_built = false;
  auto dangling = [&](const RecordHeader& h, std::string_view key, RecordKind target,
                      std::string_view id) {
    if (!ids_built) {
      accelerator_ids = IdsOf(accelerators);
      model_ids = IdsOf(models);
      source_ids = IdsOf(sources);
      ForEachRejectedName(files, [&](RecordKind kind, std::string_view name) {
        rejected.insert(rejected_key(kind, name));
      });
      ids_built = true;
    }
    Diagnostic d;
    d.code = DiagnosticCode("dangling-id").name();
    d.where = h.keys.Find(key, h.path);
    if (rejected.contains(rejected_key(target, id))) {
      d.message = fmt::format("{} '{}' points at {} '{}', which was rejected", KindName(h.kind),
                              h.id, KindName(target), id);
      d.hint = fmt::format("fix the errors reported for {}/{}.toml", KindFolder(target), id);
    } else {
      const auto& pool = target == RecordKind::kAccelerator ? accelerator_ids
                         : target == RecordKind::kModel     ? model_ids
                                                            : source_ids;
      // One suggestion per unknown id, however many records point at it, and suggestions
      // for the first 500 unknown ids only: each costs a comparison with every id of its kind.
      constexpr size_t kMaxSuggested = 500;
      std::string near;
      if (auto it = suggestions.find(std::string(id)); it != suggestions.end()) {
        near = it->second;
      } else if (suggestions.size() < kMaxSuggested) {
        near = ClosestMatch(id, pool);
        suggestions.emplace(std::string(id), near);
      }
      d.message = fmt::format("{} '{}' is not in the corpus", KindName(target), id);
      d.hint = near.empty() ? fmt::format("add {}/{}.toml, or point at an existing {}",
                                          KindFolder(target), id, KindName(target))
                            : fmt::format("did you mean '{}'?", near);
    }
    diagnostics.push_back(std::move(d));
  };

  for (const Benchmark& b : benchmarks) {
    if (!b.model.empty() && FindModel(b.model) == nullptr) {
      dangling(b.header, "model", RecordKind::kModel, b.model);
    }
    if (!b.source.empty() && FindSource(b.source) == nullptr) {
      dangling(b.header, "source", RecordKind::kSource, b.source);
    }
    for (const auto& a : b.accelerators) {
      if (FindAccelerator(a) == nullptr) {
        dangling(b.header, "accelerators", RecordKind::kAccelerator, a);
      }
    }
  }
  for (const Model& m : models) {
    if (!m.source.empty() && FindSource(m.source) == nullptr) {
      dangling(m.header, "source", RecordKind::kSource, m.source);
    }
  }
  for (const Accelerator& a : accelerators) {
    for (const auto& [figure, ref] : a.sources) {
      if (!ref.source.empty() && FindSource(ref.source) == nullptr) {
        dangling(a.header, fmt::format("sources.{}", figure), RecordKind::kSource, ref.source);
      }
    }
  }
  // Cross-record diagnostics are made after parsing, when the files' text is no longer held.
  AttachSourceLines(std::span(diagnostics).subspan(first_new), kMaxRecordBytes);
  SortDiagnostics(diagnostics);
}

const Accelerator* Corpus::FindAccelerator(std::string_view id) const {
  auto it = accelerator_index_.find(id);
  return it == accelerator_index_.end() ? nullptr : &accelerators[it->second];
}
const Model* Corpus::FindModel(std::string_view id) const {
  auto it = model_index_.find(id);
  return it == model_index_.end() ? nullptr : &models[it->second];
}
const Source* Corpus::FindSource(std::string_view id) const {
  auto it = source_index_.find(id);
  return it == source_index_.end() ? nullptr : &sources[it->second];
}

bool Corpus::IsRejected(RecordKind kind, std::string_view id) const {
  bool found = false;
  ForEachRejectedName(files, [&](RecordKind k, std::string_view name) {
    found = found || (k == kind && name == id);
  });
  return found;
}

bool Corpus::HasInvalidInput() const {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

}  // namespace rooflint
