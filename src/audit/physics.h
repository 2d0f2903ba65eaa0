// The physics the roofs and floors share, each function with its arithmetic in words: the
// peak a record's math runs at, the time floors' terms, the KV cache of a sequence, the bytes
// an MoE streams per token, the bytes that must be resident, a part's memory read generously.
// docs/physics.md explains the physics; docs/instruments.md each instrument's rule.
// How a quantity was obtained is its term's Basis (audit.h): the rule and what it read, put in
// words only when a report prints it. A `how` string says it in words where a caller prints it
// at once (rooflint roof).
#ifndef ROOFLINT_AUDIT_PHYSICS_H_
#define ROOFLINT_AUDIT_PHYSICS_H_

#include <string>
#include <string_view>
#include <vector>

#include "audit/instrument.h"
#include "audit/results.h"
#include "rooflint/audit.h"
#include "rooflint/precision.h"
#include "rooflint/units.h"

namespace rooflint {

// The dense peak a record's math runs at on `part`, and how it was chosen; 0 with a problem
// when the part states no peak that applies.
struct PeakChoice {
  FlopsPerSecond flops;  // 0 with a problem
  Basis how;             // "fp16 312e12 FLOP/s"
  std::string problem;
  // How far the part may run past `flops`: a GeForce card's clock boosts past its rated boost
  // clock (kGeForceClockHeadroom), 1 for any other part. A compute bound at `flops` then rests
  // on the rated clock (`headroom_assumption`), and an error on flops x headroom.
  double headroom = 1;
  std::string headroom_assumption;
};

// GeForce cards boost past the rated boost clock their peaks are computed at: stock RTX 5090s
// measure 233 TFLOP/s of FP16 with FP32 accumulate against 209.5 rated (+11%), and an RTX 4090
// overclocked on air ran at 3150 MHz against its 2520 MHz rated boost (+25%).
inline constexpr double kGeForceClockHeadroom = 1.25;
// `assumed`: the weight format a record that states none is taken at (its native one, as an
// assumption); its compute precision then sets the peak, as a stated one would.
PeakChoice ChoosePeak(const Benchmark& b, const Accelerator& part,
                      const PrecisionInfo* assumed = nullptr);

// The time floors share one shape, in seconds:
//   floor = max(W / (n*BW), compute_tokens * 2*P / (n*F)) + extra_steps * W / (n*BW)
// The compute term is used when compute_tokens > 0 and P and a peak are known.
struct FloorTerms {
  double compute_tokens = 0;   // tokens whose FLOPs bound the first step (B, or I)
  Basis compute_tokens_basis;  // "batch 64" or "512 input tokens x (1 - 0.5 hit rate)"
  bool prefill = false;        // the compute tokens are input tokens prefilled
  double extra_steps = 0;      // further decode steps, each streaming the weights
  // An unstated fact the compute term takes ("no prefix cache"); "" when it rests on stated
  // facts. The floor without the compute term is then the assumption-free floor.
  std::string compute_assumption;
};
PartBound TimeFloorForPart(const AuditInput& in, const Accelerator& part, const FloorTerms& t);

// Runs a time-floor instrument for a record whose metric is a latency: checks W, combines
// over the parts, and adds a finding when the value is below the floor.
// `assumption`, when not empty, is an unstated fact the whole floor rests on (no speculative
// decoding): a value below it is then a warning naming it.
void AuditTimeFloor(std::string_view instrument, std::string_view what, const AuditInput& in,
                    const FloorTerms& terms, std::string note, RecordAudit& out,
                    std::vector<Finding>& findings, std::string assumption = "");

// Adds the prefill of the record's uncached input tokens to `terms` (and says so in `note`):
// prefix_cache as stated; while it is not stated, every input token, as an assumption.
void AddPrefillTerm(const Benchmark& b, FloorTerms& terms, std::string& note);

// ----- KV cache, per-component bytes and resident weights (the physics instruments) -----

// The input length the KV and prefill terms take as I: `input_tokens`, a length every request
// had; else a varied run's `input_tokens_mean`, which no request is guaranteed to reach, as an
// assumption (`assumption` names it: the bound an error may rest on then takes no KV and no
// prefill). 0 when the record states neither.
struct InputLength {
  int64_t tokens = 0;
  std::string assumption;  // "" for a guaranteed length
};
InputLength KvInputLength(const Benchmark& b);

// The tokens of a sequence's context the KV terms count: `tokens`, or the window the record
// states the engine kept (attention_window) when smaller. A record that does not state
// attention_window may have run under one (TensorRT-LLM's max_attention_window_size,
// StreamingLLM-style eviction), so the whole context is then an assumption (`assumption`
// names it) and the KV an error may rest on is none.
struct KvContext {
  double tokens = 0;
  std::string assumption;  // "" when the record states attention_window
};
KvContext KvContextTokens(const Benchmark& b, double tokens);

// The bytes of one KV-cache element for the record: its stated kv_precision; else the smallest
// the engine stores when it is known not to go below it (llama.cpp's q4_0, 4.5 bits); else 4
// bits, an assumption: 2-bit caches exist (KIVI-style kernels).
struct KvElement {
  Bytes bytes;
  Bytes least;              // the width an error may rest on (2 bits when assumed, else bytes)
  std::string assumption;   // what `bytes` assumes ("" when nothing)
  int rule = 0;             // which of the three chose it (KvElementText says it)
  std::string_view stated;  // the stated format's name
};
KvElement ChooseKvElement(const Benchmark& b);
// "KV elements fp8 (1 B, stated)".
std::string KvElementText(const KvElement& e);

// KV-cache bytes of one sequence holding `tokens` tokens of context, with `element` bytes per
// element: per layer 2 x kv_heads x head_dim elements per token (kv_latent_dim for MLA), and
// sliding-window layers hold at most their window. 0 with `problem` set when the model states
// no KV geometry. `how`, when given, gets the arithmetic.
Bytes KvBytes(const Model& m, double tokens, Bytes element, std::string* how, std::string* problem);

// The basis of KV(I) for record `b`: KvBytes's arithmetic at `tokens`, the attention window
// when it cut the `context` tokens to `tokens`, " at the mean input length" when `mean`, and
// the element's choice.
Basis KvBasis(const Benchmark& b, const Model& m, const KvElement& element, double context,
              double tokens, Bytes kv, bool mean);

// Bytes streamed per token by a mixture of experts whose components are stated: the shared part
// (params_total - params_routed_experts - the lookup-only embedding) at shared_precision, and
// experts_per_token / experts of the routed experts at experts_precision (each defaulting to the
// record's precision). 0 when the model states no components or a precision is unknown.
// The published layout is a fact of the record only when its stated `weights` hold it; else a
// conversion may store the shared part narrower, and `least` gets the bytes with every
// component at the narrower of its published width and the record's narrowest (its precision,
// or the narrowest its engine loads), the side an error may rest on, with `assumption` naming
// the layout ("" when nothing is assumed).
Bytes ComponentWeightBytes(const Model& m, const Benchmark& b, std::string* how,
                           Bytes* least = nullptr, std::string* assumption = nullptr);

// The share of a dense checkpoint's bytes a 2:4-sparse one stores at `p`: half the weights at
// full width and a 2-bit index for each kept one, (bits / 2 + 1) / bits: 5/8 at 8 bits, 9/16
// at 16.
double SparseFraction(const PrecisionInfo& p);

// A part's memory read generously, for capacity: a figure written in decimal units ("80 GB")
// is read as binary (many "80 GB" parts hold 80 GiB), and every tier it states counts (the
// SN40L's SRAM, HBM and DDR). `how` says which reading was used.
Bytes GenerousMemory(const Accelerator& a, std::string* how);
// The basis of that reading of corpus part `a` (not of a slice the resolver made: its texts
// end with the sweep).
Basis MemoryBasis(const Accelerator& a);

// Where the weights live (docs/physics.md): `bytes` read once per pass over `n` parts `a`,
// as the memory roof streams them. For a part of one memory (an HBM GPU, a Groq or Cerebras
// part whose memory is its SRAM) every byte streams at n x BW. For a tiered part, the on-chip
// SRAM of the n parts may hold n x S of them, read at a rate no figure bounds (taken as
// unlimited), and the rest streams from HBM and DDR read at once, n x (BW + BW_c): both the
// generous side. `streamed` <= 0 means everything may sit on chip: no bound.
struct WeightStream {
  Bytes streamed;
  BytesPerSecond bandwidth;  // n x the bandwidth the streamed bytes are read at
  Bytes on_chip;             // n x S, 0 for a part of one memory
};
WeightStream StreamFor(const Accelerator& a, double n, Bytes bytes);

// Why a bound that reads one memory tier does not apply to a tiered part (empty for a part of
// one memory). The memory roof reads the tiers (StreamFor); the floors and the KV and
// speculation roofs model one memory, and are not computed for a tiered part rather than
// computed tighter than physics.
std::string SingleTierProblem(const Accelerator& a);

// The bytes of `params` weights when a record states neither `weights` nor its weight format:
// `least` at the fewest bits the record's engine loads (NarrowestWeightsFor), the side an error
// may rest on, and `native` at the model's native precision (equal to `least` when the model
// states none, or none wider), with the assumption the native side rests on ("" when none).
struct UnstatedFormatBytes {
  Bytes least;
  Bytes native;
  double least_bits = 0;
  const PrecisionInfo* native_format = nullptr;
  std::string least_how;   // "6.607e9 params x 4 bits (AWQ ..., the narrowest vllm loads ...)"
  std::string assumption;  // "the weights are in the model's native fp16 (...)"
};
UnstatedFormatBytes BytesAtUnstatedFormat(const Benchmark& b, const Model& m, double params);

// Bytes of weights that must be resident: every expert, the embedding included. The stated
// `weights` (the whole file) first; else the components at their precisions; else params_total
// x bytes per weight. 0 with `problem` when unknown. `least`, when given, gets the fewest bytes
// the record allows (the components at the narrowest width, as ComponentWeightBytes says; else
// the same) and `assumption` what the returned figure assumes beyond it.
Bytes ResidentWeightBytes(const Model& m, const Benchmark& b, Basis* how, std::string* problem,
                          Bytes* least = nullptr, std::string* assumption = nullptr);

// W and KV(I) as the KV-aware bounds use them: W the per-component bytes of an MoE that states
// its components (for a record in the published layout), else the memory roof's W (with its
// assumption); KV(I) one sequence's cache at the record's input length (0 when it states none
// or the model has no KV geometry). `problem` is set when W is unknown.
struct KvTerms {
  Bytes w;
  Bytes w_min;  // the least W the record allows (see AuditInput)
  Basis w_how;
  std::string w_assumption;
  bool components = false;  // W is the per-component bytes
  Bytes kv;
  // KV(I) at the narrowest element an unstated kv_precision allows (2 bits), the side an
  // error may rest on, with what kv assumes; equal to kv, and "", when nothing is assumed.
  Bytes kv_min;
  std::string kv_assumption;
  Basis kv_how;  // the arithmetic of KV(I), with the element size chosen
  std::string kv_problem;
  std::string problem;
};
KvTerms ResolveKvTerms(const AuditInput& in);

// The assumption a bound that holds only without speculative decoding rests on: "" when the
// record states `speculative = false`.
std::string SpeculationAssumption(const Benchmark& b);

// The assumption a KV term that counts B private caches rests on: "" when the record rules out
// sharing (Conditions::PrivateKvCaches). Otherwise the sequences of a step may share a prompt's
// cache (a prefix cache, parallel sampling, beam search), and the bound an error may rest on
// counts the prompt's cache once: W + KV(I) in place of W + B x KV(I).
std::string PrivateKvAssumption(const Benchmark& b);

// "a, and b"; either alone when the other is empty.
std::string JoinAssumptions(std::string_view first, std::string_view second);
}  // namespace rooflint

#endif  // ROOFLINT_AUDIT_PHYSICS_H_
