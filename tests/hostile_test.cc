// Hostile corpus input: one small file must not make the load, the audit or the
// report quadratic, and nothing a file holds may drive the terminal.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/file_io.h"
#include "core/text_util.h"
#include "fixtures.h"
#include "report/escape.h"
#include "rooflint/corpus.h"
#include "rooflint/report.h"
#include "sanitizer.h"
#include "scaling.h"

namespace rooflint::testing {
namespace {

namespace fs = std::filesystem;

class HostileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device rd;
    root_ = fs::temp_directory_path() / ("rooflint-hostile-load-" + std::to_string(rd()));
    fs::create_directories(root_ / "benchmarks");
    fs::create_directories(root_ / "sources");
    std::ofstream(root_ / "sources" / "test-source.toml") << kSource;
  }
  void TearDown() override { fs::remove_all(root_); }
  void Write(const std::string& name, const std::string& text) {
    std::ofstream(root_ / "benchmarks" / name, std::ios::binary) << text;
  }
  Corpus Load() {
    std::vector<std::string> roots = {root_.string()};
    return LoadCorpus(roots);
  }
  fs::path root_;
};

TEST_F(HostileTest, TwentyThousandUnknownIdsGiveFiftyDiagnosticsAndACount) {
  // 20,000 unknown accelerator ids on one 520 KB line: each used to be reported with a copy of
  // the whole line and a did-you-mean against every part (51 s and 6 GB of output). 5,000 under
  // AddressSanitizer, where the 20,000 took half a minute of `make test` (0.3 s in Release).
  const int count = kUnderAddressSanitizer ? 5000 : 20000;
  std::string ids;
  for (int i = 0; i < count; ++i) ids += (i ? ", " : "") + fmt::format("\"gpu-{:05d}x\"", i);
  Write("r.toml", BenchRecord{.pointer = "accelerators = [" + ids + "]"}.Toml());
  auto start = std::chrono::steady_clock::now();
  Corpus c = Load();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  size_t in_file = 0;
  for (const Diagnostic& d : c.diagnostics) {
    if (d.where.path.ends_with("r.toml")) ++in_file;
    EXPECT_LE(d.source_line.size(), 130u) << d.source_line.substr(0, 200);
  }
  // The model the fixture names is not in this corpus: one more dangling id, shown first.
  EXPECT_EQ(in_file, kDiagnosticsPerFile + 1);
  const Diagnostic& more = c.diagnostics.back();
  EXPECT_EQ(more.code, "more-diagnostics");
  EXPECT_EQ(more.severity, Severity::kError);
  const int more_count = count - static_cast<int>(kDiagnosticsPerFile) + 1;
  EXPECT_EQ(more.message,
            fmt::format("... and {} more diagnostics in this file ({} errors), not shown",
                        more_count, more_count));
  EXPECT_TRUE(c.HasInvalidInput());
  EXPECT_LT(seconds, 60.0);  // seconds in a sanitizer build; was minutes in a release build
}

TEST_F(HostileTest, DanglingIdsOnOneLineLoadInLinearTime) {
  // 124,000 unknown accelerator ids in one record took seconds: the load grows with the ids.
  const int n = kUnderAddressSanitizer ? 4000 : 15000;
  double growth = GrowthOverFourTimesTheInput(
      [&](int count) {
        std::string ids;
        for (int i = 0; i < count; ++i) ids += (i ? ", " : "") + fmt::format("\"gpu-{:06d}x\"", i);
        Write("r.toml", BenchRecord{.pointer = "accelerators = [" + ids + "]"}.Toml());
        Corpus c = Load();
        EXPECT_EQ(c.diagnostics.back().code, "more-diagnostics");
      },
      n);
  EXPECT_LT(growth, kLinearGrowthBound);
}

TEST_F(HostileTest, DanglingIdsAndRejectedFilesLoadInLinearTime) {
  // Each dangling id used to be looked for among every file, making a path of each (1,000
  // rejected files and 60,000 dangling ids took seconds). n ids and n / 20 rejected parts.
  fs::create_directories(root_ / "accelerators");
  auto prepare = [&](int n) {
    for (int f = 0; f < n / 20; ++f) {
      std::ofstream(root_ / "accelerators" / fmt::format("bad-{:06d}.toml", f)) << "id = 1\n";
    }
    std::string ids;
    for (int i = 0; i < n; ++i) ids += (i ? ", " : "") + fmt::format("\"gpu-{:06d}\"", i);
    Write("r.toml", BenchRecord{.pointer = "accelerators = [" + ids + "]"}.Toml());
  };
  prepare(40);
  {
    // bad-000001 is rejected: the id pointing at it says so.
    Write("r.toml", BenchRecord{.pointer = "accelerators = [\"bad-000001\", \"gpu-1\"]"}.Toml());
    Corpus c = Load();
    bool rejected = false;
    for (const Diagnostic& d : c.diagnostics) {
      rejected |=
          d.code == "dangling-id" && d.message.ends_with("'bad-000001', which was rejected");
    }
    EXPECT_TRUE(rejected);
  }
  const int n = kUnderAddressSanitizer ? 2000 : 8000;
  double growth = GrowthOverFourTimesTheInput([&](int) { Load(); }, n, prepare);
  EXPECT_LT(growth, kLinearGrowthBound);
}

// One note with 200 ratio statements that do not hold: 200 errors. The report lists the file's
// first kDiagnosticsPerFile findings and one line counting the rest, as the loader caps its
// diagnostics (a 1 MB note made an 18 MB report); the summary and the exit code count them all.
TEST(ReportCapTest, AFileShowsItsFirstFindingsAndACountOfTheRest) {
  TestCorpus corpus;
  corpus.Add(RecordKind::kSource, kSource).Add(RecordKind::kModel, kMpt);
  std::string notes;
  for (int k = 0; k < 200; ++k) notes += fmt::format("ratio(m0 / m1) = {}.0x ", k + 2);
  corpus.Add(RecordKind::kBenchmark,
             BenchRecord{.id = "m0", .extra = "set = \"big\"\nnotes = \"" + notes + "\""}.Toml());
  corpus.Add(RecordKind::kBenchmark, BenchRecord{.id = "m1", .extra = "set = \"big\""}.Toml());
  const Corpus& c = corpus.Build();
  Report report = BuildReport(c, Sweep(c));
  EXPECT_GE(report.summary.errors, 200u);
  EXPECT_EQ(ExitCodeFor(report, false), ExitCode::kFindings);
  std::vector<const Diagnostic*> of_m0;
  for (const Diagnostic* d : report.diagnostics) {
    if (d->record == "m0" || d->code == "more-diagnostics") of_m0.push_back(d);
  }
  ASSERT_EQ(of_m0.size(), kDiagnosticsPerFile + 1);
  const Diagnostic& more = *of_m0.back();
  EXPECT_EQ(more.code, "more-diagnostics");
  EXPECT_EQ(more.severity, Severity::kError);
  EXPECT_EQ(more.instrument, "sibling-set");  // the findings' group, and who made them
  EXPECT_EQ(GroupOf(more), DiagnosticGroup::kFinding);
  size_t on_m0 = 0;  // the 200 mismatches, and what else the sweep finds on m0
  for (const Finding& f : report.sweep.findings) on_m0 += f.record == "m0";
  ASSERT_GE(on_m0, 200u);
  const size_t rest = on_m0 - kDiagnosticsPerFile;
  EXPECT_EQ(
      more.message,
      fmt::format("... and {} more diagnostics in this file ({} errors), not shown", rest, rest));
  std::ostringstream md;
  PrintMarkdown(report, md);
  EXPECT_LT(md.str().size(), 100'000u);
}

// Findings in an order of the caller's own, one file's in two runs: the cap counts the file's
// findings across both, as it does one run (the sweep's order, by path, gives one run a file).
TEST(ReportCapTest, AFileWhoseFindingsComeInTwoRunsIsCappedOnceOverBoth) {
  const Corpus corpus;
  SweepResult sweep;
  auto add = [&sweep](std::string_view path, size_t n) {
    for (size_t k = 0; k < n; ++k) {
      Finding& f = sweep.findings.emplace_back();
      f.code = "exceeds-roof";
      f.instrument = "memory-roof";
      f.record = "r";
      f.message = fmt::format("finding {}", k);
      f.where = {std::string(path), 5, 1};
    }
  };
  add("b.toml", 40);
  add("a.toml", 1);
  add("b.toml", 30);
  Report report = BuildReport(corpus, std::move(sweep));
  size_t on_b = 0;
  std::vector<std::string> summaries;
  for (const Diagnostic* d : report.diagnostics) {
    if (d->code == "more-diagnostics") {
      summaries.push_back(d->where.path.str() + ": " + d->message.str());
    } else if (d->where.path == "b.toml") {
      ++on_b;
    }
  }
  EXPECT_EQ(on_b, kDiagnosticsPerFile);
  EXPECT_EQ(summaries,
            std::vector<std::string>{"b.toml: ... and 20 more diagnostics in this file (20 "
                                     "errors), not shown"});
}

TEST(SourceLineTest, ALongLineIsAWindowAroundTheColumnWithTheCaretUnderIt) {
  Diagnostic d;
  d.where = {"f.toml", 3, 301};
  std::string line(300, 'a');
  line += "BAD";
  line += std::string(300, 'b');
  SetSourceLine(d, line);
  EXPECT_EQ(d.source_line.substr(0, 4), "... ");
  EXPECT_TRUE(d.source_line.ends_with(" ..."));
  ASSERT_GT(d.caret_column, 0);
  EXPECT_EQ(d.source_line.substr(static_cast<size_t>(d.caret_column) - 1, 3), "BAD");
  std::string rendered = Render(d);
  // The caret line puts '^' under the B.
  size_t shown = rendered.find("| ... ");
  size_t caret = rendered.find('^');
  ASSERT_NE(shown, std::string::npos);
  size_t line_start = rendered.rfind('\n', caret) + 1;
  size_t bad = rendered.find("BAD");
  EXPECT_EQ(caret - line_start, bad - rendered.rfind('\n', bad) - 1);
}

TEST(SourceLineTest, ControlCharactersAreShownAsQuestionMarksAndBadUtf8IsNotEchoed) {
  Diagnostic d;
  d.where = {"f.toml", 1, 3};
  SetSourceLine(d, "a\x1b[2Jb\x07\r\nf.toml:1:1: note[forged]: x");
  EXPECT_EQ(d.source_line, "a?[2Jb???f.toml:1:1: note[forged]: x");
  SetSourceLine(d, "name = \"\xff\xfe\"");
  EXPECT_EQ(d.source_line, "");
  SetSourceLine(d, "tab\tkept");
  EXPECT_EQ(d.source_line, "tab\tkept");
}

TEST(EditDistanceTest, IsBoundedAndLongWordsGetNoSuggestion) {
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(EditDistance("kitten", "sitting", 2), 3u);          // more than 2: max + 1
  EXPECT_EQ(EditDistance("a", std::string(1000, 'a'), 5), 6u);  // by the length alone
  std::vector<std::string_view> ids = {"memory-roof", "compute-roof"};
  EXPECT_EQ(ClosestMatch("memory-rof", ids), "memory-roof");
  EXPECT_EQ(ClosestMatch(std::string(100000, 'm'), ids), "");
}

TEST(SiblingSetHostileTest, TwoThousandMembersWithRatioNotesStayLinear) {
  TestCorpus corpus;
  corpus.Add(RecordKind::kSource, kSource).Add(RecordKind::kModel, kMpt);
  constexpr int kMembers = 2000;
  for (int i = 0; i < kMembers; ++i) {
    std::string notes;
    for (int k = 1; k <= 20; ++k) {
      notes += fmt::format("ratio(m{} / m{}) = 1.0x ", i, (i + k) % kMembers);
    }
    corpus.Add(RecordKind::kBenchmark,
               BenchRecord{.id = fmt::format("m{}", i),
                           .extra = "set = \"big\"\nnotes = \"" + notes + "\""}
                   .Toml());
  }
  auto start = std::chrono::steady_clock::now();
  SweepResult s = Sweep(corpus.Build());
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 60.0);
  const InstrumentResult* r = AuditOf(s, "m7").Find(ids::kSiblingSet);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->verdict, Verdict::kPass);
  EXPECT_NE(r->reason.find("; and 11 more"), std::string::npos) << r->reason;
  EXPECT_LT(r->reason.size(), 1000u);
}

TEST_F(RoofsTest, AConcurrencyIsNoBatchForAggregateEqualsPerUserTimesB) {
  // A serving run: 100 requests in flight, a per-user mean of 36.68 tok/s and an aggregate of
  // 2320.7 tok/s (AIPerf's run1). 36.68 x 100 is not the aggregate, and need not be.
  Base()
      .Add(RecordKind::kBenchmark, BenchRecord{.id = "agg",
                                               .metric = "aggregate-output",
                                               .value = "2320.7 tok/s",
                                               .extra = "set = \"run\"",
                                               .batch = std::nullopt,
                                               .concurrency = 100}
                                       .Toml())
      .Add(RecordKind::kBenchmark, BenchRecord{.id = "user",
                                               .value = "36.68 tok/s",
                                               .extra = "set = \"run\"",
                                               .batch = std::nullopt,
                                               .concurrency = 100}
                                       .Toml());
  SweepResult s = Run();
  EXPECT_TRUE(FindingsOf(s, "sibling-set").empty());
}

}  // namespace
}  // namespace rooflint::testing

namespace rooflint::testing {
namespace {

TEST(TerminalEscapeTest, ControlCharactersAreWrittenVisibly) {
  EXPECT_EQ(EscapeTerminal("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(EscapeTerminal("x\ny: error[forged]"), "x\\ny: error[forged]");
  EXPECT_EQ(EscapeTerminal("tab\tok \x7f"), "tab\tok \\x7f");
  EXPECT_EQ(EscapeTerminal("csi \xc2\x9b"
                           "2J"),
            "csi \\u009b2J");
  EXPECT_EQ(EscapeTerminal("bad \xff"), "bad \xEF\xBF\xBD");
  EXPECT_EQ(EscapeTerminal("caf\xc3\xa9"), "caf\xc3\xa9");
}

TEST(TerminalEscapeTest, BidiOverridesAndLineSeparatorsAreWrittenVisibly) {
  // A bidi override reorders what a terminal or an editor shows of the rest of the line (a
  // reason could be made to read as another); U+2028 and U+2029 break lines in some viewers.
  EXPECT_EQ(EscapeTerminal("rlo \xe2\x80\xae"
                           "desrever"),
            "rlo \\u202edesrever");
  EXPECT_EQ(EscapeTerminal("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad"),
            "\\u202a\\u202b\\u202c\\u202d");
  EXPECT_EQ(EscapeTerminal("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9"),
            "\\u2066\\u2067\\u2068\\u2069");
  EXPECT_EQ(EscapeTerminal("a\xe2\x80\xa8"
                           "b\xe2\x80\xa9"
                           "c"),
            "a\\u2028b\\u2029c");
  // Their neighbours are ordinary text: an em dash, a zero-width joiner, a word joiner.
  EXPECT_EQ(EscapeTerminal("\xe2\x80\x94\xe2\x80\x8d\xe2\x81\xa0"),
            "\xe2\x80\x94\xe2\x80\x8d\xe2\x81\xa0");
}

TEST_F(RoofsTest, NoControlCharacterOfARecordReachesTheTextReportOrShow) {
  // A title with an escape sequence and a locator that tries to start a forged finding line.
  Base().Add(RecordKind::kBenchmark,
             BenchRecord{.title = "t\\u001b[2J\\u0007",
                         .value = "300 tok/s",
                         .locator = "Table 2\\nmem/benchmarks/x.toml:1: error[forged]: x"}
                 .Toml());
  const Corpus& corpus = corpus_.Build();
  Report report = BuildReport(corpus, Sweep(corpus));
  std::ostringstream text_out, show_out;
  PrintText(report, TextOptions{}, text_out);
  ASSERT_TRUE(PrintRecord(report, "r", show_out));
  for (const std::string& out : {text_out.str(), show_out.str()}) {
    for (char c : out) {
      EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
          << static_cast<int>(c);
    }
    EXPECT_EQ(out.find("\nmem/benchmarks/x.toml:1: error[forged]"), std::string::npos);
  }
  EXPECT_NE(show_out.str().find("t\\x1b[2J\\x07"), std::string::npos);
  EXPECT_NE(show_out.str().find("Table 2\\nmem/benchmarks/x.toml:1: error[forged]: x"),
            std::string::npos);
}

// The writer of `import --write DIR` is handed the files once the plan is made: a record folder
// that became a link out of DIR meanwhile is refused there too, and nothing is left on either
// side; a link that stays inside DIR is written through.
TEST(CreateFilesAtomicallyTest, NeverWritesThroughALinkThatLeavesTheFolder) {
  std::random_device rd;
  const fs::path dir = fs::temp_directory_path() / ("rooflint-write-under-" + std::to_string(rd()));
  const fs::path outside = dir.string() + "-outside";
  fs::create_directories(dir / "store");
  fs::create_directories(outside);
  fs::create_directory_symlink(outside, dir / "benchmarks");
  fs::create_directory_symlink("store", dir / "models");
  const std::vector<NewFile> files = {{"sources/s.toml", "id = \"s\"\n"},
                                      {"models/m.toml", "id = \"m\"\n"},
                                      {"benchmarks/b.toml", "id = \"b\"\n"}};
  std::string error;
  EXPECT_FALSE(CreateFilesAtomically(dir.string(), files, error));
  EXPECT_EQ(error, (dir / "benchmarks").string() + ": a symbolic link that leaves " + dir.string() +
                       "; nothing was written");
  EXPECT_TRUE(fs::is_empty(outside));
  EXPECT_TRUE(fs::is_empty(dir / "store")) << "a temporary was left behind";
  EXPECT_TRUE(fs::is_empty(dir / "sources")) << "a temporary was left behind";
  EXPECT_EQ(LookUnder(dir.string(), "benchmarks/b.toml", 100).kind, FoundUnder::kLeaves);

  fs::remove(dir / "benchmarks");
  EXPECT_TRUE(CreateFilesAtomically(dir.string(), files, error)) << error;
  EXPECT_TRUE(fs::is_regular_file(dir / "store" / "m.toml"));
  const FoundUnder found = LookUnder(dir.string(), "models/m.toml", 100);
  EXPECT_EQ(found.kind, FoundUnder::kFile);
  EXPECT_EQ(found.text, "id = \"m\"\n");
  // A record file that is a link is not read through, not even to compare.
  fs::create_symlink(outside / "x.toml", dir / "sources" / "linked.toml");
  EXPECT_EQ(LookUnder(dir.string(), "sources/linked.toml", 100).kind, FoundUnder::kOther);
  EXPECT_TRUE(fs::is_empty(outside));
  fs::remove_all(dir);
  fs::remove_all(outside);
}

// The names in `dir`'s folders that start with a dot: temporaries and journals.
std::vector<std::string> DotFiles(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.path().filename().string().front() == '.') out.push_back(e.path().filename().string());
  }
  return out;
}

// `import --write` killed (SIGKILL, so no handler runs) after 3 of 10 records are linked
// leaves those 3 and every temporary. The next write into the folder puts it back to none
// first, says so, and then writes all 10.
TEST(CreateFilesAtomicallyTest, AKillWhileLinkingIsUndoneByTheNextWrite) {
  std::random_device rd;
  const fs::path dir =
      fs::temp_directory_path() / ("rooflint-write-killed-" + std::to_string(rd()));
  std::vector<NewFile> files;
  for (int i = 0; i < 10; ++i) {
    files.push_back({fmt::format("benchmarks/b{}.toml", i), fmt::format("id = \"b{}\"\n", i)});
  }
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::string error;
    CreateFilesAtomically(dir.string(), files, error, nullptr, [](size_t linked) {
      if (linked == 3) ::raise(SIGKILL);
    });
    ::_exit(0);  // not reached: the kill comes first
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
  // What the kill left: 3 records, 10 temporaries and the journal.
  EXPECT_TRUE(fs::exists(dir / "benchmarks" / "b2.toml"));
  EXPECT_FALSE(fs::exists(dir / "benchmarks" / "b3.toml"));
  EXPECT_EQ(DotFiles(dir).size(), 11u);

  std::string error, recovered;
  // A record put there before the next write, under a name the journal does not list, stays.
  std::ofstream(dir / "benchmarks" / "mine.toml") << "id = \"mine\"\n";
  ASSERT_TRUE(
      CreateFilesAtomically(dir.string(), {{"models/m.toml", "id = \"m\"\n"}}, error, &recovered))
      << error;
  EXPECT_NE(recovered.find(
                "stopped before it had written every record: the 3 records it had "
                "placed are removed and its 10 temporary files deleted: the folder is as it was"),
            std::string::npos)
      << recovered;
  EXPECT_FALSE(fs::exists(dir / "benchmarks" / "b0.toml"));
  EXPECT_TRUE(fs::exists(dir / "benchmarks" / "mine.toml"));
  EXPECT_TRUE(fs::exists(dir / "models" / "m.toml"));
  EXPECT_TRUE(DotFiles(dir).empty());

  recovered.clear();
  ASSERT_TRUE(CreateFilesAtomically(dir.string(), files, error, &recovered)) << error;
  EXPECT_TRUE(recovered.empty()) << "a finished write leaves nothing to recover";
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(fs::exists(dir / fmt::format("benchmarks/b{}.toml", i)));
  EXPECT_TRUE(DotFiles(dir).empty());
  fs::remove_all(dir);
}

// A journal is a file in the corpus folder, so a pull request can add one: it may name only
// temporaries, beside records that are the same file, in folders inside the root. Anything
// else it lists is left alone.
TEST(CreateFilesAtomicallyTest, AForgedJournalRemovesNothingButTemporaries) {
  std::random_device rd;
  const fs::path dir =
      fs::temp_directory_path() / ("rooflint-write-forged-" + std::to_string(rd()));
  const fs::path outside = dir.string() + "-outside";
  fs::create_directories(dir / "benchmarks");
  fs::create_directories(outside);
  std::ofstream(outside / "secret.toml") << "x";
  std::ofstream(dir / "benchmarks" / "kept.toml") << "x";
  std::ofstream(dir / "benchmarks" / ".kept.toml.abcdef") << "x";  // another file: kept.toml stays
  fs::create_hard_link(dir / "benchmarks" / "kept.toml", dir / "benchmarks" / "same.toml");
  std::ofstream(dir / ".rooflint-import.journal")
      << "rooflint import journal 1\n"
      << "stage\tbenchmarks\t.kept.toml.abcdef\tkept.toml\n"
      << "stage\tbenchmarks\tkept.toml\tsame.toml\n"  // not a temporary's name
      << "stage\t../" << outside.filename().string() << "\t.secret.toml.abcdef\tsecret.toml\n"
      << "stage\tbenchmarks\t.x.toml.abc\tx.toml\n";
  std::string error, recovered;
  ASSERT_TRUE(
      CreateFilesAtomically(dir.string(), {{"models/m.toml", "id = \"m\"\n"}}, error, &recovered))
      << error;
  EXPECT_NE(recovered.find("the 0 records it had placed are removed and its 1 temporary"),
            std::string::npos)
      << recovered;
  EXPECT_TRUE(fs::exists(dir / "benchmarks" / "kept.toml"));
  EXPECT_TRUE(fs::exists(dir / "benchmarks" / "same.toml"));
  EXPECT_TRUE(fs::exists(outside / "secret.toml"));
  EXPECT_FALSE(fs::exists(dir / ".rooflint-import.journal"));
  fs::remove_all(dir);
  fs::remove_all(outside);
}

}  // namespace
}  // namespace rooflint::testing
