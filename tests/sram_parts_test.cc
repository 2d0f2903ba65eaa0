// The SRAM inference systems as the bundled corpus records them (Cerebras WSE-3, Groq LPU,
// SambaNova SN40L): where the weights live decides the memory roof and the capacity check
// (docs/physics.md, "Where the weights live"). The parts, models and sources are the bundled
// records, read from data/; the claims are inline. Each test gives its hand arithmetic.
//
// W, the bytes a decode step streams, leaves out the untied input-embedding table (looked up,
// not streamed); the capacity check keeps it (resident):
//   Llama 3.1 70B:  (70,553,706,496 - 1,050,673,152) x 2 B = 139,006,066,688 B streamed in bf16,
//                   70,553,706,496 x 2 B = 141,107,412,992 B resident
//   Llama 3.1 405B: (405,853,388,800 - 2,101,346,304) x 2 B = 807,504,084,992 B streamed
//   Llama 3.1 8B:   (8,030,261,248 - 525,336,576) x 2 B = 15,009,849,344 B streamed
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rooflint/audit.h"
#include "rooflint/corpus.h"
#include "rooflint/hardware_match.h"
#include "test_corpus.h"

namespace rooflint {
namespace {

using testing::AuditOf;
using testing::RoofOf;
using testing::TestCorpus;

std::string SramDataFile(const std::string& folder, const std::string& id) {
  std::ifstream in(std::string(ROOFLINT_BUNDLED_DATA) + "/" + folder + "/" + id + ".toml");
  EXPECT_TRUE(in) << folder << "/" << id;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A per-user decode claim in bf16 on `count` parts (a TOML value: 4, or { absent = "..." }),
// with no speculation and nothing offloaded unless `conditions` says otherwise.
struct SramClaim {
  std::string id;
  std::string model = "llama-3.1-70b";
  std::string metric = "per-user-decode";
  std::string value;
  std::string hardware;
  std::string part;
  std::string count;
  std::string conditions = "speculative = false\noffload = false\n";

  std::string Toml() const {
    return "id = \"" + id + "\"\ntitle = \"t\"\nmetric = \"" + metric + "\"\nvalue = \"" + value +
           "\"\nmodel = \"" + model + "\"\nprecision = \"bf16\"\nhardware = \"" + hardware +
           "\"\naccelerators = [\"" + part + "\"]\naccelerator_count = " + count +
           "\nsource = \"sambanova-blog-sn40l-best-inference\"\nlocator = \"l\"\n\n[conditions]\n"
           "batch = 1\ninput_tokens = { absent = \"x\" }\noutput_tokens = { absent = \"x\" }\n"
           "engine = \"e\"\nengine_version = { absent = \"x\" }\nwarmup = { absent = \"x\" }\n"
           "scenario = { absent = \"x\" }\n" +
           conditions;
  }
};

// The bundled SRAM parts, the Llama 3.1 models and their sources, and `claims`.
class SramCorpus {
 public:
  explicit SramCorpus(const std::vector<SramClaim>& claims) {
    for (const char* s : {"argonne-alcf-sc24-accelerators-tutorial-cerebras",
                          "techpowerup-groq-lpu", "sambanova-hot-chips-2024-sn40l",
                          "sambanova-blog-sn40l-best-inference", "meta-llama-models-sku-list"}) {
      corpus_.Add(RecordKind::kSource, SramDataFile("sources", s));
    }
    for (const char* a : {"cerebras-wse-3", "groq-lpu", "sambanova-sn40l"}) {
      corpus_.Add(RecordKind::kAccelerator, SramDataFile("accelerators", a));
    }
    for (const char* m : {"llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b"}) {
      corpus_.Add(RecordKind::kModel, SramDataFile("models", m));
    }
    for (const SramClaim& c : claims) corpus_.Add(RecordKind::kBenchmark, c.Toml());
    sweep_ = Sweep(corpus_.Build());
  }

  const RecordAudit& Audit(const std::string& id) const { return AuditOf(sweep_, id); }
  const InstrumentResult* Roof(const std::string& id, const std::string& instrument) const {
    return RoofOf(Audit(id), instrument);
  }
  const InstrumentResult* Check(const std::string& id, const std::string& instrument) const {
    for (const InstrumentResult& r : Audit(id).checks) {
      if (r.instrument == instrument) return &r;
    }
    return nullptr;
  }
  // The codes of `id`'s errors and warnings, each with its severity ("error exceeds-roof").
  std::vector<std::string> Findings(const std::string& id) const {
    std::vector<std::string> out;
    for (const Finding& f : sweep_.findings) {
      if (f.record.str() != id || f.severity == Severity::kNote) continue;
      out.push_back(std::string(SeverityName(f.severity)) + " " + f.code.str());
    }
    return out;
  }

 private:
  TestCorpus corpus_;
  SweepResult sweep_;
};

using SramCodes = std::vector<std::string>;

TEST(SramParts, TheBundledRecordsStateWhereTheWeightsLive) {
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  const Accelerator* wse = corpus.FindAccelerator("cerebras-wse-3");
  const Accelerator* groq = corpus.FindAccelerator("groq-lpu");
  const Accelerator* sn40l = corpus.FindAccelerator("sambanova-sn40l");
  ASSERT_NE(wse, nullptr);
  ASSERT_NE(groq, nullptr);
  ASSERT_NE(sn40l, nullptr);
  // One memory, the SRAM: 21 PB/s is past the 100 TB/s the bandwidth range once stopped at.
  EXPECT_DOUBLE_EQ(wse->bandwidth.si(), 21e15);
  EXPECT_DOUBLE_EQ(wse->memory.si(), 44e9);
  EXPECT_FALSE(wse->Tiered());
  EXPECT_DOUBLE_EQ(groq->memory.si(), 230e6);
  EXPECT_DOUBLE_EQ(groq->bandwidth.si(), 80e12);
  EXPECT_FALSE(groq->Tiered());
  // Three tiers: 520 MB SRAM, 64 GB HBM at 1.6 TB/s, 1.5 TB DDR at 100 GB/s.
  EXPECT_TRUE(sn40l->Tiered());
  EXPECT_DOUBLE_EQ(sn40l->on_chip_memory.si(), 520e6);
  EXPECT_DOUBLE_EQ(sn40l->memory.si(), 64e9);
  EXPECT_DOUBLE_EQ(sn40l->capacity_memory.si(), 1.5e12);
  EXPECT_DOUBLE_EQ(sn40l->capacity_bandwidth.si(), 100e9);
}

TEST(SramParts, ATiersKeysGoTogetherAndAreCited) {
  // The SN40L record with its DDR rate removed, then with the HBM tier's citation removed.
  const std::string part = SramDataFile("accelerators", "sambanova-sn40l");
  auto codes = [](const std::string& text) {
    std::vector<std::string> out;
    for (const Diagnostic& d : ParseRecord(RecordKind::kAccelerator, text,
                                           "x/accelerators/sambanova-sn40l.toml", "sambanova-sn40l")
                                   .diagnostics) {
      out.push_back(d.code.str());
    }
    return out;
  };
  EXPECT_EQ(codes(part), std::vector<std::string>{});
  auto without_line = [](std::string text, const std::string& start) {
    const size_t at = text.find(start);
    EXPECT_NE(at, std::string::npos) << start;
    if (at != std::string::npos) text.erase(at, text.find('\n', at) + 1 - at);
    return text;
  };
  const std::string no_rate =
      without_line(without_line(part, "capacity_bandwidth = \""), "capacity_bandwidth = { source");
  EXPECT_EQ(codes(no_rate), std::vector<std::string>{"missing-key"});
  EXPECT_EQ(codes(without_line(part, "on_chip_memory = { source")),
            std::vector<std::string>{"missing-key"});
}

TEST(SramParts, ThePublishedClaimsGetNoErrorAndNoCountIsAssumed) {
  // The bundled records of the published figures state no count (their sources state none),
  // so no roof that needs one is computed: never a count of 1, nor the fewest parts that hold
  // the weights (a smaller roof than any real deployment's, so no bound at all).
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  SweepResult s = Sweep(corpus);
  const std::vector<std::string> ids = {
      "sambanova-cloud-llama-3.1-405b-bf16-per-user", "sambanova-cloud-llama-3.1-70b-bf16-per-user",
      "cerebras-inference-llama-3.1-70b-bf16-per-user-aa",
      "groq-cloud-llama-3.1-70b-8bit-per-user-aa", "cerebras-inference-llama-3.1-405b-per-user"};
  for (const std::string& id : ids) {
    const RecordAudit& a = AuditOf(s, id);
    const InstrumentResult* roof = RoofOf(a, "memory-roof");
    ASSERT_NE(roof, nullptr) << id;
    EXPECT_EQ(roof->verdict, Verdict::kNotComputable) << id;
    for (const Finding& f : s.findings) {
      if (f.record.str() == id) {
        EXPECT_NE(f.severity, Severity::kError) << id << " " << f.code.str();
      }
    }
  }
}

TEST(SramParts, CerebrasAtTwiceItsRoofOnStatedWafersIsAnError) {
  // Four WSE-3 wafers read in parallel: 4 x 21e15 B/s / 139,006,066,688 B = 604,290.17 tok/s.
  // 445 tok/s (Artificial Analysis's figure) is 0.07% of it; 1,208,580 tok/s, twice it, is
  // impossible at four wafers. Capacity: 141.1 GB resident in 4 x 44 GB (read as GiB,
  // 47.2 GB each, 189.0 GB) fits.
  SramClaim honest{.id = "honest",
                   .value = "445 tok/s",
                   .hardware = "4x Cerebras CS-3",
                   .part = "cerebras-wse-3",
                   .count = "4"};
  SramClaim fabricated = honest;
  fabricated.id = "fabricated";
  fabricated.value = "1208580 tok/s";
  SramCorpus c({honest, fabricated});
  const InstrumentResult* roof = c.Roof("honest", "memory-roof");
  ASSERT_NE(roof, nullptr);
  EXPECT_NEAR(roof->bound, 604290.17, 0.01);
  EXPECT_EQ(roof->verdict, Verdict::kWithin);
  EXPECT_EQ(c.Findings("honest"), SramCodes{});
  EXPECT_EQ(c.Roof("fabricated", "memory-roof")->verdict, Verdict::kExceeds);
  EXPECT_EQ(c.Findings("fabricated"), (SramCodes{"error exceeds-roof"}));
  const InstrumentResult* capacity = c.Check("honest", "capacity");
  ASSERT_NE(capacity, nullptr);
  EXPECT_EQ(capacity->verdict, Verdict::kPass);
}

TEST(SramParts, OneGroqChipCannotHoldA70BModel) {
  // 141,107,412,992 B of bf16 weights resident against one chip's 230 MB (read as 230 MiB,
  // 241,172,480 B): 58,509% of it. With the count and `offload = false` stated, an error; with
  // the count read from "1x GroqChip" and offload unstated, a warning naming both. The memory
  // roof at one chip, 80e12 / 139,006,066,688 = 575.5 tok/s, does not catch a 250 tok/s claim:
  // the capacity check does.
  SramClaim stated{.id = "stated",
                   .value = "250 tok/s",
                   .hardware = "1x GroqChip",
                   .part = "groq-lpu",
                   .count = "1"};
  SramClaim read = stated;
  read.id = "read";
  read.count = "{ absent = \"x\" }";
  read.conditions = "speculative = false\n";
  SramCorpus c({stated, read});
  EXPECT_NEAR(c.Roof("stated", "memory-roof")->bound, 575.51, 0.01);
  const InstrumentResult* capacity = c.Check("stated", "capacity");
  ASSERT_NE(capacity, nullptr);
  EXPECT_EQ(capacity->verdict, Verdict::kFail);
  EXPECT_EQ(c.Findings("stated"), (SramCodes{"error exceeds-capacity"}));
  EXPECT_EQ(c.Findings("read"), (SramCodes{"warning exceeds-capacity-assuming"}));
}

TEST(SramParts, AnAbsentCountIsNeverAssumed) {
  // "Groq LPU" states no count: no memory roof and no capacity verdict, whatever the value.
  SramClaim c1{.id = "no-count",
               .value = "250 tok/s",
               .hardware = "Groq LPU",
               .part = "groq-lpu",
               .count = "{ absent = \"the source states no chip count\" }"};
  SramCorpus c({c1});
  EXPECT_EQ(c.Roof("no-count", "memory-roof")->verdict, Verdict::kNotComputable);
  EXPECT_EQ(c.Findings("no-count"), SramCodes{});
}

TEST(SramParts, TheSn40lStreamsWhatItsSramCannotHoldFromHbmAndDdr) {
  // 16 sockets, Llama 3.1 405B in bf16: 16 x 520 MB = 8.32 GB may sit on chip; the other
  // 807,504,084,992 - 8,320,000,000 = 799,184,084,992 B stream from HBM and DDR at once,
  // 16 x (1.6e12 + 0.1e12) = 27.2e12 B/s: 27.2e12 / 799,184,084,992 = 34.035 tok/s. A claim of
  // 30 tok/s is within; 129 tok/s (SambaNova's published figure) is past it at 16 sockets with
  // no speculation, so such a run used more sockets or decoded speculatively.
  SramClaim within{.id = "within",
                   .model = "llama-3.1-405b",
                   .value = "30 tok/s",
                   .hardware = "SambaNova SN40L",
                   .part = "sambanova-sn40l",
                   .count = "16"};
  SramClaim past = within;
  past.id = "past";
  past.value = "129 tok/s";
  // One socket holds 405B in its three tiers (64 GB + 520 MB + 1.5 TB, each read generously,
  // x 1.073741824: 1,679,890,558,484 B against 811,706,777,600 B resident), but streams it at
  // no more than
  // 1.7e12 / (807,504,084,992 - 520,000,000) = 2.107 tok/s.
  SramClaim one = within;
  one.id = "one";
  one.count = "1";
  one.value = "2 tok/s";
  // 32 sockets hold all of Llama 3.1 8B on chip (15,009,849,344 B <= 32 x 520 MB =
  // 16,640,000,000 B), whose bandwidth no figure bounds: no memory roof.
  SramClaim on_chip = within;
  on_chip.id = "on-chip";
  on_chip.model = "llama-3.1-8b";
  on_chip.count = "32";
  on_chip.value = "5000 tok/s";
  // The TPOT floor reads one memory: for a tiered part it is not computed, rather than
  // computed from HBM alone (8.32 GB of the weights need no HBM time).
  SramClaim tpot = within;
  tpot.id = "tpot";
  tpot.metric = "tpot";
  tpot.value = "10 ms";
  SramCorpus c({within, past, one, on_chip, tpot});
  const InstrumentResult* roof = c.Roof("within", "memory-roof");
  ASSERT_NE(roof, nullptr);
  EXPECT_NEAR(roof->bound, 34.035, 0.001);
  EXPECT_EQ(roof->verdict, Verdict::kWithin);
  EXPECT_EQ(c.Findings("within"), SramCodes{});
  EXPECT_EQ(c.Findings("past"), (SramCodes{"error exceeds-roof"}));
  EXPECT_NEAR(c.Roof("one", "memory-roof")->bound, 2.107, 0.001);
  EXPECT_EQ(c.Check("one", "capacity")->verdict, Verdict::kPass);
  EXPECT_EQ(c.Findings("one"), SramCodes{});
  const InstrumentResult* fits = c.Roof("on-chip", "memory-roof");
  EXPECT_EQ(fits->verdict, Verdict::kNotComputable);
  EXPECT_NE(fits->reason.str().find("on-chip SRAM"), std::string::npos) << fits->reason.str();
  EXPECT_EQ(c.Findings("on-chip"), SramCodes{});
  const InstrumentResult* floor = c.Roof("tpot", "tpot-floor");
  ASSERT_NE(floor, nullptr);
  EXPECT_EQ(floor->verdict, Verdict::kNotComputable);
  EXPECT_NE(floor->reason.str().find("more than one memory tier"), std::string::npos);
}

TEST(SramParts, TheHardwareMatcherReadsTheNamesPeopleWrite) {
  Corpus corpus = LoadCorpus(std::vector<std::string>{ROOFLINT_BUNDLED_DATA});
  HardwareIndex index(corpus.accelerators);
  auto ids = [&](const std::string& text) {
    std::vector<std::string> out;
    for (const Accelerator* a : index.Match(text).candidates) out.push_back(a->header.id.str());
    return out;
  };
  using SramIds = std::vector<std::string>;
  EXPECT_EQ(ids("Cerebras CS-3"), SramIds{"cerebras-wse-3"});
  EXPECT_EQ(ids("WSE-3"), SramIds{"cerebras-wse-3"});
  EXPECT_EQ(ids("Cerebras WSE-3"), SramIds{"cerebras-wse-3"});
  EXPECT_EQ(ids("Groq LPU"), SramIds{"groq-lpu"});
  EXPECT_EQ(ids("GroqChip"), SramIds{"groq-lpu"});
  EXPECT_EQ(ids("GroqRack"), SramIds{"groq-lpu"});
  EXPECT_EQ(ids("SambaNova SN40L"), SramIds{"sambanova-sn40l"});
  EXPECT_EQ(ids("SN40L RDU"), SramIds{"sambanova-sn40l"});
  // One wafer per CS-3: a count of systems is a count of wafers.
  EXPECT_EQ(index.Match("4x Cerebras CS-3").count, 4);
  EXPECT_EQ(index.Match("1x GroqChip").count, 1);
  // A rack holds many chips: its count is no count of chips, and none is read.
  HardwareMatch rack = index.Match("2x GroqRack");
  EXPECT_EQ(rack.candidates.size(), 1u);
  EXPECT_FALSE(rack.count.has_value());
}

}  // namespace
}  // namespace rooflint
