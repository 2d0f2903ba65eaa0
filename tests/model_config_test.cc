// Tests of ModelFromHfConfig: each supported architecture's parameter count against the
// figure its publisher gives, on the config.json as the checkpoint ships it; the draft record
// re-parses; what a config does not state is absent with why; the index fallback; bad input
// located in the file; AddModelConfig, which adds a config's model to a corpus.
//
// The config texts are the real files' fields in their order. Where each was read is in the
// comment above it; the hand arithmetic beside each expected count is the one the code does.
#include "rooflint/model_config.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "rooflint/corpus.h"

namespace rooflint {
namespace {

constexpr std::string_view kHfPath = "hf/config.json";

ModelConfigResult HfRead(std::string_view config, std::string_view id,
                         std::string_view index = {}) {
  return ModelFromHfConfig(config, kHfPath, id, "hf-config", index,
                           "hf/model.safetensors.index.json");
}

// The result of a config that must read cleanly: no diagnostic, a draft model that re-parses
// from its own text to the same facts.
Model HfOk(const ModelConfigResult& r) {
  for (const Diagnostic& d : r.diagnostics) ADD_FAILURE() << Render(d);
  EXPECT_FALSE(r.toml.empty());
  EXPECT_TRUE(r.model.has_value()) << r.toml;
  if (!r.model) return Model();
  EXPECT_EQ(r.model->header.status, Status::kDraft);
  ParseResult again =
      ParseRecord(RecordKind::kModel, r.toml, "again.toml", r.model->header.id.view());
  EXPECT_TRUE(again.ok()) << r.toml;
  return *r.model;
}

// meta-llama/Llama-3.1-8B config.json, as NVIDIA TensorRT-LLM's tests restate it
// (LLAMA_3_1_8B_CONFIG, tests/unittest/_torch/modeling/test_modeling_llama.py) and as the
// corpus record llama-3.1-8b reads it (meta-llama-models-sku-list).
constexpr std::string_view kLlama31_8b = R"({
  "architectures": [
    "LlamaForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "bos_token_id": 128000,
  "eos_token_id": 128001,
  "hidden_act": "silu",
  "hidden_size": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 14336,
  "max_position_embeddings": 131072,
  "mlp_bias": false,
  "model_type": "llama",
  "num_attention_heads": 32,
  "num_hidden_layers": 32,
  "num_key_value_heads": 8,
  "pretraining_tp": 1,
  "rms_norm_eps": 1e-05,
  "rope_scaling": {
    "factor": 8.0,
    "low_freq_factor": 1.0,
    "high_freq_factor": 4.0,
    "original_max_position_embeddings": 8192,
    "rope_type": "llama3"
  },
  "rope_theta": 500000.0,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.43.0.dev0",
  "use_cache": true,
  "vocab_size": 128256
}
)";

TEST(HfConfigTest, Llama31_8bMatchesMetasCount) {
  // Per layer: q, o 2 x 4096 x 4096 = 33,554,432; k, v 2 x 4096 x 1024 = 8,388,608;
  // MLP 3 x 4096 x 14336 = 176,160,768; norms 2 x 4096 = 8,192: 218,112,000.
  // 32 x 218,112,000 = 6,979,584,000 + 2 x 128,256 x 4,096 = 1,050,673,152 (untied) + 4,096
  // = 8,030,261,248, the count Meta's shapes give (data/models/llama-3.1-8b.toml).
  ModelConfigResult r = HfRead(kLlama31_8b, "llama-3.1-8b-hf");
  const Model m = HfOk(r);
  EXPECT_EQ(m.params_total, 8'030'261'248.0);
  EXPECT_FALSE(m.params_active.has_value());  // dense: no params_active
  EXPECT_TRUE(m.AbsentReason("params_active").empty());
  EXPECT_EQ(m.layers, 32);
  EXPECT_EQ(m.kv_heads, 8);
  EXPECT_EQ(m.head_dim, 128);  // 4096 / 32: the config states no head_dim
  EXPECT_EQ(m.embedding_params, 525'336'576.0);
  EXPECT_EQ(m.tied_embeddings, false);
  EXPECT_EQ(m.native_precision, "bf16");
  EXPECT_EQ(m.sliding_window, 0);
  EXPECT_NE(m.notes.find("hidden_size 4096 / num_attention_heads 32 = 128"), std::string::npos)
      << m.notes;
}

// meta-llama/Llama-3.1-70B config.json: the 8B's file with its four shape fields of the 70B
// (hidden_size 8192, intermediate_size 28672, num_attention_heads 64, num_hidden_layers 80;
// Meta's sku_list.py and oumi's restatement of the config, as data/models/llama-3.1-70b.toml
// cites them). No verbatim copy of the 70B file was read.
std::string Llama31_70b() {
  std::string s(kLlama31_8b);
  auto set = [&s](std::string_view from, std::string_view to) {
    s.replace(s.find(from), from.size(), to);
  };
  set("\"hidden_size\": 4096", "\"hidden_size\": 8192");
  set("\"intermediate_size\": 14336", "\"intermediate_size\": 28672");
  set("\"num_attention_heads\": 32", "\"num_attention_heads\": 64");
  set("\"num_hidden_layers\": 32", "\"num_hidden_layers\": 80");
  return s;
}

TEST(HfConfigTest, Llama31_70bMatchesTheCorpusCount) {
  // Per layer 2 x 8192 x 8192 + 2 x 8192 x 1024 + 3 x 8192 x 28,672 + 2 x 8192 = 855,654,400;
  // x 80 = 68,452,352,000 + 2 x 1,050,673,152 + 8,192 = 70,553,706,496
  // (data/models/llama-3.1-70b.toml's notes; Meta publishes "70B").
  const Model m = HfOk(HfRead(Llama31_70b(), "llama-3.1-70b-hf"));
  EXPECT_EQ(m.params_total, 70'553'706'496.0);
  EXPECT_EQ(m.kv_heads, 8);
  EXPECT_EQ(m.head_dim, 128);
}

// mistralai/Mistral-7B-v0.1 config.json, as FusionBench's depth-upscaling docs restate it from
// https://huggingface.co/mistralai/Mistral-7B-v0.1/resolve/main/config.json.
constexpr std::string_view kMistral7b = R"({
  "architectures": [
    "MistralForCausalLM"
  ],
  "bos_token_id": 1,
  "eos_token_id": 2,
  "hidden_act": "silu",
  "hidden_size": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 14336,
  "max_position_embeddings": 32768,
  "model_type": "mistral",
  "num_attention_heads": 32,
  "num_hidden_layers": 32,
  "num_key_value_heads": 8,
  "rms_norm_eps": 1e-05,
  "rope_theta": 10000.0,
  "sliding_window": 4096,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.34.0.dev0",
  "use_cache": true,
  "vocab_size": 32000
}
)";

TEST(HfConfigTest, Mistral7bMatchesLlamaBench) {
  // 32 x 218,112,000 (the Llama 8B layer) + 2 x 32,000 x 4,096 = 262,144,000 + 4,096
  // = 7,241,732,096: llama-bench prints 7.24 B (data/models/mistral-7b-v0.1.toml).
  const Model m = HfOk(HfRead(kMistral7b, "mistral-7b-hf"));
  EXPECT_EQ(m.params_total, 7'241'732'096.0);
  EXPECT_EQ(m.sliding_window, 4096);  // Mistral: every layer
  EXPECT_EQ(m.sliding_window_layers, 32);
  EXPECT_EQ(m.embedding_params, 131'072'000.0);
}

// Qwen/Qwen2.5-7B-Instruct config.json (transformers 4.43.1), as a C port restates it in a
// comment, and as data/models/qwen2.5-7b.toml read it (use_sliding_window false,
// max_window_layers 28).
constexpr std::string_view kQwen25_7b = R"({
  "architectures": [
    "Qwen2ForCausalLM"
  ],
  "attention_dropout": 0.0,
  "bos_token_id": 151643,
  "eos_token_id": 151645,
  "hidden_act": "silu",
  "hidden_size": 3584,
  "initializer_range": 0.02,
  "intermediate_size": 18944,
  "max_position_embeddings": 32768,
  "max_window_layers": 28,
  "model_type": "qwen2",
  "num_attention_heads": 28,
  "num_hidden_layers": 28,
  "num_key_value_heads": 4,
  "rms_norm_eps": 1e-06,
  "rope_theta": 1000000.0,
  "sliding_window": 131072,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.43.1",
  "use_cache": true,
  "use_sliding_window": false,
  "vocab_size": 152064
}
)";

TEST(HfConfigTest, Qwen25_7bMatchesQwensCount) {
  // Per layer: q, o 2 x 3584 x 3584 = 25,690,112; k, v 2 x 3584 x 512 = 3,670,016; q, k, v
  // biases 3584 + 2 x 512 = 4,608; MLP 3 x 3584 x 18944 = 203,685,888; norms 7,168:
  // 233,057,792. 28 x 233,057,792 = 6,525,618,176 + 2 x 152,064 x 3,584 = 1,089,994,752 +
  // 3,584 = 7,615,616,512; the Qwen2.5 card's 7.61B (data/models/qwen2.5-7b.toml).
  const Model m = HfOk(HfRead(kQwen25_7b, "qwen2.5-7b-hf"));
  EXPECT_EQ(m.params_total, 7'615'616'512.0);
  EXPECT_EQ(m.sliding_window, 0);  // use_sliding_window false: the 131072 is not used
  EXPECT_NE(m.notes.find("use_sliding_window is false"), std::string::npos) << m.notes;
}

// Qwen/Qwen3-0.6B config.json (transformers 4.51.0), as a model report restates
// /.../Qwen3-0.6B/config.json verbatim.
constexpr std::string_view kQwen3_06b = R"({
  "architectures": [
    "Qwen3ForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "bos_token_id": 151643,
  "eos_token_id": 151645,
  "head_dim": 128,
  "hidden_act": "silu",
  "hidden_size": 1024,
  "initializer_range": 0.02,
  "intermediate_size": 3072,
  "max_position_embeddings": 40960,
  "max_window_layers": 28,
  "model_type": "qwen3",
  "num_attention_heads": 16,
  "num_hidden_layers": 28,
  "num_key_value_heads": 8,
  "rms_norm_eps": 1e-06,
  "rope_scaling": null,
  "rope_theta": 1000000,
  "sliding_window": null,
  "tie_word_embeddings": true,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.51.0",
  "use_cache": true,
  "use_sliding_window": false,
  "vocab_size": 151936
}
)";

TEST(HfConfigTest, Qwen3_06bTiedMatchesQwensCount) {
  // head_dim 128 stated (16 x 128 = 2048, not hidden_size 1024). Per layer: q 1024 x 2048 +
  // k, v 2 x 1024 x 1024 + o 2048 x 1024 = 6,291,456; q/k norms 2 x 128 = 256; MLP
  // 3 x 1024 x 3072 = 9,437,184; norms 2,048: 15,730,944. x 28 = 440,466,432 + 1,024 final norm
  // = 440,467,456 without the table: the Qwen3-0.6B card's "Non-Embedding: 0.44B". One tied
  // table 151,936 x 1,024 = 155,582,464: 596,049,920, the card's 0.6B.
  const Model m = HfOk(HfRead(kQwen3_06b, "qwen3-0.6b-hf"));
  EXPECT_EQ(m.params_total, 596'049'920.0);
  EXPECT_EQ(m.tied_embeddings, true);
  EXPECT_EQ(m.head_dim, 128);
  EXPECT_EQ(m.params_total - m.embedding_params, 440'467'456.0);
}

// mistralai/Mixtral-8x7B-v0.1 config.json, as a blog restates
// https://huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json (TensorRT-LLM's
// MIXTRAL_8X7B_CONFIG agrees field for field).
constexpr std::string_view kMixtral8x7b = R"({
  "architectures": [
    "MixtralForCausalLM"
  ],
  "attention_dropout": 0.0,
  "bos_token_id": 1,
  "eos_token_id": 2,
  "hidden_act": "silu",
  "hidden_size": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 14336,
  "max_position_embeddings": 32768,
  "model_type": "mixtral",
  "num_attention_heads": 32,
  "num_experts_per_tok": 2,
  "num_hidden_layers": 32,
  "num_key_value_heads": 8,
  "num_local_experts": 8,
  "output_router_logits": false,
  "rms_norm_eps": 1e-05,
  "rope_theta": 1000000.0,
  "router_aux_loss_coef": 0.02,
  "sliding_window": null,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.36.0.dev0",
  "use_cache": true,
  "vocab_size": 32000
}
)";

TEST(HfConfigTest, Mixtral8x7bMatchesMistralsFigures) {
  // Per expert 3 x 4096 x 14336 = 176,160,768; routed 32 x 8 x that = 45,097,156,608.
  // Shared: attention 32 x 41,943,040 = 1,342,177,280; routers 32 x 4096 x 8 = 1,048,576;
  // norms 32 x 8,192 = 262,144; tables 262,144,000; final norm 4,096: 1,605,636,096.
  // Total 46,702,792,704, Mistral's 46.7B; per token 1,605,636,096 + 32 x 2 x 176,160,768
  // = 12,879,925,248, Mistral's 12.9B (mixtral-paper-2401.04088; data/models/mixtral-8x7b.toml).
  const Model m = HfOk(HfRead(kMixtral8x7b, "mixtral-8x7b-hf"));
  EXPECT_EQ(m.params_total, 46'702'792'704.0);
  ASSERT_TRUE(m.params_active.has_value());
  EXPECT_EQ(*m.params_active, 12'879'925'248.0);
  EXPECT_EQ(m.experts, 8);
  EXPECT_EQ(m.experts_per_token, 2);
  EXPECT_EQ(m.params_routed_experts, 45'097'156'608.0);
  EXPECT_EQ(m.sliding_window, 0);  // "sliding_window": null
}

// deepseek-ai/DeepSeek-V3 config.json: the file as vllm-ascend issue 183 quotes it, whose
// poster deleted quantization_config; that member restored as DeepSeek-R1's config.json (the
// same architecture and checkpoint format) holds it, in its sorted place.
constexpr std::string_view kDeepseekV3 = R"({
  "architectures": [
    "DeepseekV3ForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "auto_map": {
    "AutoConfig": "configuration_deepseek.DeepseekV3Config",
    "AutoModel": "modeling_deepseek.DeepseekV3Model",
    "AutoModelForCausalLM": "modeling_deepseek.DeepseekV3ForCausalLM"
  },
  "aux_loss_alpha": 0.001,
  "bos_token_id": 0,
  "eos_token_id": 1,
  "ep_size": 1,
  "first_k_dense_replace": 3,
  "hidden_act": "silu",
  "hidden_size": 7168,
  "initializer_range": 0.02,
  "intermediate_size": 18432,
  "kv_lora_rank": 512,
  "max_position_embeddings": 163840,
  "model_type": "deepseek_v3",
  "moe_intermediate_size": 2048,
  "moe_layer_freq": 1,
  "n_group": 8,
  "n_routed_experts": 256,
  "n_shared_experts": 1,
  "norm_topk_prob": true,
  "num_attention_heads": 128,
  "num_experts_per_tok": 8,
  "num_hidden_layers": 61,
  "num_key_value_heads": 128,
  "num_nextn_predict_layers": 1,
  "pretraining_tp": 1,
  "q_lora_rank": 1536,
  "qk_nope_head_dim": 128,
  "qk_rope_head_dim": 64,
  "quantization_config": {
    "activation_scheme": "dynamic",
    "fmt": "e4m3",
    "quant_method": "fp8",
    "weight_block_size": [
      128,
      128
    ]
  },
  "rms_norm_eps": 1e-06,
  "rope_scaling": {
    "beta_fast": 32,
    "beta_slow": 1,
    "factor": 40,
    "mscale": 1.0,
    "mscale_all_dim": 1.0,
    "original_max_position_embeddings": 4096,
    "type": "yarn"
  },
  "rope_theta": 10000,
  "routed_scaling_factor": 2.5,
  "scoring_func": "sigmoid",
  "seq_aux": true,
  "tie_word_embeddings": false,
  "topk_group": 4,
  "topk_method": "noaux_tc",
  "torch_dtype": "bfloat16",
  "transformers_version": "4.33.1",
  "use_cache": true,
  "v_head_dim": 128,
  "vocab_size": 129280
}
)";

TEST(HfConfigTest, DeepseekV3MatchesDeepseeksFigures) {
  // Latent attention per layer: q_a 7168 x 1536 + norm 1536 + q_b 1536 x 128 x 192 + kv_a
  // 7168 x 576 + norm 512 + kv_b 512 x 128 x 256 + o 16384 x 7168 = 187,107,328; x 61 =
  // 11,413,547,008. Dense MLPs 3 x 3 x 7168 x 18432 = 1,189,085,184. MoE layers 58: routers
  // 58 x (256 x 7168 + 256) = 106,445,312; routed 58 x 256 x 44,040,192 = 653,908,770,816;
  // shared 58 x 44,040,192 = 2,554,331,136. Norms 61 x 2 x 7168 = 874,496;
  // tables 2 x 129,280 x 7,168 = 1,853,358,080; final norm 7,168. Total 671,026,419,200:
  // DeepSeek's 671B (README: "671B total parameters with 37B activated for each token").
  // Per token 671,026,419,200 - 653,908,770,816 + 58 x 8 x 44,040,192 = 37,552,297,472: 37B.
  // The multi-token-prediction layer (11.5B) is not in either figure.
  const Model m = HfOk(HfRead(kDeepseekV3, "deepseek-v3-hf"));
  EXPECT_EQ(m.params_total, 671'026'419'200.0);
  ASSERT_TRUE(m.params_active.has_value());
  EXPECT_EQ(*m.params_active, 37'552'297'472.0);
  EXPECT_EQ(m.kv_latent_dim, 576);  // 512 + 64
  EXPECT_FALSE(m.AbsentReason("kv_heads").empty());
  EXPECT_FALSE(m.AbsentReason("head_dim").empty());
  EXPECT_EQ(m.experts, 256);
  EXPECT_EQ(m.experts_per_token, 8);
  EXPECT_EQ(m.native_precision, "fp8");  // quantization_config fp8 over torch_dtype bfloat16
  EXPECT_NE(m.notes.find("multi-token-prediction"), std::string::npos) << m.notes;
}

// openai/gpt-oss-120b config.json, as a test restates
// https://huggingface.co/openai/gpt-oss-120b/raw/main/config.json (layer_types: 18 x
// [sliding, full]). It has no torch_dtype.
std::string GptOss120b() {
  std::string types;
  for (int i = 0; i < 18; ++i) {
    types += std::string(i ? ",\n" : "") + "    \"sliding_attention\",\n    \"full_attention\"";
  }
  return R"({
  "architectures": [
    "GptOssForCausalLM"
  ],
  "attention_bias": true,
  "attention_dropout": 0.0,
  "eos_token_id": 200002,
  "experts_per_token": 4,
  "head_dim": 64,
  "hidden_act": "silu",
  "hidden_size": 2880,
  "initial_context_length": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 2880,
  "layer_types": [
)" + types +
         R"(
  ],
  "max_position_embeddings": 131072,
  "model_type": "gpt_oss",
  "num_attention_heads": 64,
  "num_experts_per_tok": 4,
  "num_hidden_layers": 36,
  "num_key_value_heads": 8,
  "num_local_experts": 128,
  "output_router_logits": false,
  "pad_token_id": 199999,
  "quantization_config": {
    "modules_to_not_convert": [
      "model.layers.*.self_attn",
      "model.layers.*.mlp.router",
      "model.embed_tokens",
      "lm_head"
    ],
    "quant_method": "mxfp4"
  },
  "rms_norm_eps": 1e-05,
  "rope_scaling": {
    "beta_fast": 32.0,
    "beta_slow": 1.0,
    "factor": 32.0,
    "original_max_position_embeddings": 4096,
    "rope_type": "yarn",
    "truncate": false
  },
  "rope_theta": 150000,
  "router_aux_loss_coef": 0.9,
  "sliding_window": 128,
  "swiglu_limit": 7.0,
  "tie_word_embeddings": false,
  "transformers_version": "4.55.0.dev0",
  "use_cache": true,
  "vocab_size": 201088
}
)";
}

TEST(HfConfigTest, GptOss120bMatchesOpenAisFigures) {
  // Attention per layer: q 2880 x 4096 + k, v 2 x 2880 x 512 + o 4096 x 2880 = 26,542,080;
  // biases 4096 + 1024 + 2880 = 8,000; sinks 64: 26,550,144. Router 2880 x 128 + 128 = 368,768.
  // Expert: gate_up 2 x 2880 x 2880 + 5,760 bias, down 2880 x 2880 + 2,880 bias = 24,891,840;
  // x 128 x 36 = 114,701,598,720. Norms 36 x 5,760; tables 2 x 201,088 x 2,880 = 1,158,266,880;
  // final norm 2,880. Total 116,829,156,672: the gpt-oss model card's 116.83B (llama-bench
  // prints 116.83 B, data/models/gpt-oss-120b.toml). Per token 2,127,557,952 shared + 36 x 4 x
  // 24,891,840 = 5,711,982,912 with the input table; without it 5,132,849,472, the card's
  // 5.13B active (which leaves the embedding out).
  const Model m = HfOk(HfRead(GptOss120b(), "gpt-oss-120b-hf"));
  EXPECT_EQ(m.params_total, 116'829'156'672.0);
  ASSERT_TRUE(m.params_active.has_value());
  EXPECT_EQ(*m.params_active, 5'711'982'912.0);
  EXPECT_EQ(*m.params_active - m.embedding_params, 5'132'849'472.0);
  EXPECT_EQ(m.params_routed_experts, 114'701'598'720.0);
  EXPECT_EQ(m.sliding_window, 128);
  EXPECT_EQ(m.sliding_window_layers, 18);
  EXPECT_EQ(m.native_precision, "mxfp4");
  EXPECT_EQ(m.experts_precision, "mxfp4");
  EXPECT_EQ(m.shared_precision, "");  // no torch_dtype: not filled in
}

// Qwen/Qwen3-30B-A3B config.json (transformers 4.51.0), as a notes file restates it.
constexpr std::string_view kQwen3_30bA3b = R"({
  "architectures": [
    "Qwen3MoeForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "bos_token_id": 151643,
  "decoder_sparse_step": 1,
  "eos_token_id": 151645,
  "head_dim": 128,
  "hidden_act": "silu",
  "hidden_size": 2048,
  "initializer_range": 0.02,
  "intermediate_size": 6144,
  "max_position_embeddings": 40960,
  "max_window_layers": 48,
  "mlp_only_layers": [],
  "model_type": "qwen3_moe",
  "moe_intermediate_size": 768,
  "norm_topk_prob": true,
  "num_attention_heads": 32,
  "num_experts": 128,
  "num_experts_per_tok": 8,
  "num_hidden_layers": 48,
  "num_key_value_heads": 4,
  "output_router_logits": false,
  "rms_norm_eps": 1e-06,
  "rope_scaling": null,
  "rope_theta": 1000000.0,
  "router_aux_loss_coef": 0.001,
  "sliding_window": null,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.51.0",
  "use_cache": true,
  "use_sliding_window": false,
  "vocab_size": 151936
}
)";

TEST(HfConfigTest, Qwen3_30bA3bMatchesQwensFigures) {
  // Attention per layer 2048 x 4096 + 2 x 2048 x 512 + 4096 x 2048 + 2 x 128 = 18,874,624;
  // router 2048 x 128 = 262,144; experts 128 x 3 x 2048 x 768 = 603,979,776; norms 4,096:
  // 623,120,640 x 48 = 29,909,790,720 + 2 x 151,936 x 2,048 = 622,329,856 + 2,048 =
  // 30,532,122,624: the card's 30.5B. Per token 30,532,122,624 - 28,991,029,248 + 48 x 8 x
  // 4,718,592 = 3,353,032,704: the card's 3.3B activated (data/models/qwen3-coder-30b-a3b.toml).
  const Model m = HfOk(HfRead(kQwen3_30bA3b, "qwen3-30b-a3b-hf"));
  EXPECT_EQ(m.params_total, 30'532'122'624.0);
  ASSERT_TRUE(m.params_active.has_value());
  EXPECT_EQ(*m.params_active, 3'353'032'704.0);
  EXPECT_EQ(m.params_routed_experts, 28'991'029'248.0);
  EXPECT_EQ(m.experts, 128);
}

// The shape fields of Qwen/Qwen1.5-MoE-A2.7B's config.json (huggingface.co/Qwen/
// Qwen1.5-MoE-A2.7B; Qwen2MoeForCausalLM) as public code restates them: four repositories read
// through a search index of public code agree on every value below.
// The Qwen blog "Qwen1.5-MoE: Matching 7B Model Performance with 1/3 Activated Parameters"
// (2024-03-28) gives 14.3B parameters in total and 2.7B activated.
constexpr std::string_view kQwen15MoeA27b = R"({
  "architectures": ["Qwen2MoeForCausalLM"],
  "decoder_sparse_step": 1,
  "hidden_size": 2048,
  "intermediate_size": 5632,
  "max_position_embeddings": 32768,
  "max_window_layers": 21,
  "model_type": "qwen2_moe",
  "moe_intermediate_size": 1408,
  "num_attention_heads": 16,
  "num_experts": 60,
  "num_experts_per_tok": 4,
  "num_hidden_layers": 24,
  "num_key_value_heads": 16,
  "shared_expert_intermediate_size": 5632,
  "sliding_window": 32768,
  "tie_word_embeddings": false,
  "use_sliding_window": false,
  "vocab_size": 151936
}
)";

TEST(HfConfigTest, Qwen15MoeA27bMatchesQwensFigures) {
  // Attention per layer 4 x 2048 x 2048 + the q, k, v biases 3 x 2048 = 16,783,360; router
  // 2048 x 60 = 122,880; experts 60 x 3 x 2048 x 1408 = 519,045,120; the shared expert
  // 3 x 2048 x 5632 = 34,603,008 and its gate 2048; norms 4,096: 570,560,512 x 24 =
  // 13,693,452,288 + 2 x 151,936 x 2,048 = 622,329,856 + 2,048 = 14,315,784,192: the blog's
  // 14.3B. Per token the routed experts read are 4 of 60: 14,315,784,192 - 24 x 519,045,120 +
  // 24 x 4 x 8,650,752 = 2,689,173,504, the blog's 2.7B activated.
  const Model m = HfOk(HfRead(kQwen15MoeA27b, "qwen1.5-moe-a2.7b-hf"));
  EXPECT_EQ(m.params_total, 14'315'784'192.0);
  ASSERT_TRUE(m.params_active.has_value());
  EXPECT_EQ(*m.params_active, 2'689'173'504.0);
  EXPECT_EQ(m.params_routed_experts, 24.0 * 519'045'120);
  EXPECT_EQ(m.experts, 60);
  EXPECT_EQ(m.kv_heads, 16);
  EXPECT_EQ(m.head_dim, 128);
}

// The Llama-3.1-8B config with its architecture renamed to one this reader has no formula
// for: a stand-in, not a real model, for the fallback paths.
std::string HfUnknownArchitecture() {
  std::string s(kLlama31_8b);
  s.replace(s.find("\"llama\""), 7, "\"mystery\"");
  s.replace(s.find("LlamaForCausalLM"), 16, "MysteryForCausalLM");
  return s;
}

TEST(HfConfigTest, UnknownArchitectureWritesTheCountAbsent) {
  const Model m = HfOk(HfRead(HfUnknownArchitecture(), "mystery-hf"));
  EXPECT_EQ(m.params_total, 0);
  EXPECT_EQ(m.AbsentReason("params_total"),
            "config.json's architecture mystery has no parameter formula here; give "
            "model.safetensors.index.json");
  EXPECT_NE(m.AbsentReason("params_active").find("mystery"), std::string::npos);
  // The geometry is still read.
  EXPECT_EQ(m.layers, 32);
  EXPECT_EQ(m.kv_heads, 8);
  EXPECT_EQ(m.head_dim, 128);
  EXPECT_EQ(m.native_precision, "bf16");
}

// Meta-Llama-3-8B's model.safetensors.index.json begins so, as the transformers docs quote
// it (the 3.1 8B has the same shapes); the weight map is cut to two tensors here.
constexpr std::string_view kLlama8bIndex = R"({
  "metadata": {
    "total_size": 16060522496
  },
  "weight_map": {
    "lm_head.weight": "model-00004-of-00004.safetensors",
    "model.embed_tokens.weight": "model-00001-of-00004.safetensors"
  }
}
)";

TEST(HfConfigTest, IndexGivesTheCountWithoutAFormula) {
  // 16,060,522,496 bytes / 2 bytes per bf16 parameter = 8,030,261,248, the formula's count.
  const Model m = HfOk(HfRead(HfUnknownArchitecture(), "mystery-hf", kLlama8bIndex));
  EXPECT_EQ(m.params_total, 8'030'261'248.0);
  EXPECT_NE(m.notes.find("total_size 16,060,522,496 bytes / 2 bytes per bf16 parameter"),
            std::string::npos)
      << m.notes;
  // Whether the architecture routes to experts is still not known.
  EXPECT_FALSE(m.AbsentReason("params_active").empty());
}

TEST(HfConfigTest, IndexBesideAFormulaIsCompared) {
  const Model m = HfOk(HfRead(kLlama31_8b, "llama-3.1-8b-hf", kLlama8bIndex));
  EXPECT_EQ(m.params_total, 8'030'261'248.0);
  EXPECT_NE(m.notes.find("8,030,261,248, the count from the shapes"), std::string::npos) << m.notes;
}

TEST(HfConfigTest, IndexOfAQuantizedCheckpointGivesNoCount) {
  std::string config = HfUnknownArchitecture();
  config.replace(config.find("\"rms_norm_eps\""), 0,
                 "\"quantization_config\": {\"quant_method\": \"awq\", \"bits\": 4},\n  ");
  const Model m = HfOk(HfRead(config, "mystery-awq", kLlama8bIndex));
  EXPECT_EQ(m.params_total, 0);
  EXPECT_NE(m.AbsentReason("params_total").find("awq-quantized checkpoint"), std::string::npos);
  EXPECT_NE(m.AbsentReason("native_precision").find("quant_method awq"), std::string::npos);
}

TEST(HfConfigTest, UnstatedFactsAreAbsentOrLeftOut) {
  // A Llama config with no torch_dtype, no tie_word_embeddings and no num_key_value_heads.
  std::string config(kLlama31_8b);
  for (std::string_view line :
       {"  \"torch_dtype\": \"bfloat16\",\n", "  \"tie_word_embeddings\": false,\n",
        "  \"num_key_value_heads\": 8,\n"}) {
    config.erase(config.find(line), line.size());
  }
  ModelConfigResult r = HfRead(config, "llama-bare");
  const Model m = HfOk(r);
  EXPECT_EQ(m.AbsentReason("native_precision"), "config.json states no torch_dtype");
  EXPECT_FALSE(m.tied_embeddings.has_value());  // not written: the config does not say
  EXPECT_NE(r.toml.find("tie_word_embeddings is not in config.json"), std::string::npos);
  EXPECT_EQ(m.kv_heads, 32);  // transformers reads no num_key_value_heads as the head count
  // The count takes LlamaConfig's untied default, and says so.
  EXPECT_EQ(m.params_total,
            32 * (2 * 4096.0 * 4096 + 2 * 4096.0 * 4096 + 3 * 4096.0 * 14336 + 2 * 4096) +
                2 * 128256.0 * 4096 + 4096);
}

// ----- Bad input, located -----

// The first diagnostic's "path:line:col: error[code]: message" line.
std::string HfFirst(const ModelConfigResult& r) {
  EXPECT_FALSE(r.diagnostics.empty());
  EXPECT_TRUE(r.toml.empty());
  EXPECT_FALSE(r.model.has_value());
  if (r.diagnostics.empty()) return "";
  std::string s = Render(r.diagnostics[0]);
  return s.substr(0, s.find('\n'));
}

TEST(HfConfigTest, NotJsonIsLocated) {
  EXPECT_EQ(HfFirst(HfRead("{\n  \"num_hidden_layers\": 32,\n  oops\n}\n", "x")),
            "hf/config.json:3:3: error[bad-json]: config.json: not valid JSON: syntax error while "
            "parsing object key - invalid literal; last read: '32,<U+000A>  o'; expected string "
            "literal");
  EXPECT_EQ(HfFirst(HfRead("{\"num_hidden_layers\": 32", "x")),
            "hf/config.json:1:25: error[bad-json]: config.json: not valid JSON: syntax error while "
            "parsing object - unexpected end of input; expected '}'");
  EXPECT_EQ(HfFirst(HfRead("", "x")),
            "hf/config.json:1:1: error[bad-json]: config.json: not valid JSON: syntax error while "
            "parsing value - unexpected end of input; expected '[', '{', or a literal");
  EXPECT_EQ(HfFirst(HfRead("{\"a\": 1e999}", "x")),
            "hf/config.json:1:7: error[out-of-range]: config.json: a number beyond the range of a "
            "double");
}

TEST(HfConfigTest, NotAnObjectIsLocated) {
  EXPECT_EQ(HfFirst(HfRead("\n  [1, 2]\n", "x")),
            "hf/config.json:2:3: error[not-an-object]: config.json is not a JSON object");
}

TEST(HfConfigTest, WrongTypesAndValuesAreLocated) {
  auto with = [](std::string_view from, std::string_view to) {
    std::string s(kLlama31_8b);
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  // Line 17 of the Llama text is "num_hidden_layers"; its value starts at column 24.
  EXPECT_EQ(
      HfFirst(HfRead(with("\"num_hidden_layers\": 32", "\"num_hidden_layers\": \"32\""), "x")),
      "hf/config.json:17:24: error[wrong-type]: 'num_hidden_layers' is a string, not an "
      "integer");
  EXPECT_EQ(HfFirst(HfRead(with("\"num_hidden_layers\": 32", "\"num_hidden_layers\": -3"), "x")),
            "hf/config.json:17:24: error[absurd-value]: 'num_hidden_layers' is -3, outside 1 to "
            "10000");
  EXPECT_EQ(HfFirst(HfRead(with("\"num_hidden_layers\": 32", "\"num_hidden_layers\": 0"), "x")),
            "hf/config.json:17:24: error[absurd-value]: 'num_hidden_layers' is 0, outside 1 to "
            "10000");
  EXPECT_EQ(
      HfFirst(HfRead(
          with("\"num_hidden_layers\": 32", "\"num_hidden_layers\": 100000000000000000000"), "x")),
      "hf/config.json:17:24: error[absurd-value]: 'num_hidden_layers' is past the range of a "
      "64-bit integer");
  EXPECT_EQ(HfFirst(HfRead(with("\"num_hidden_layers\": 32", "\"num_hidden_layers\": 32.5"), "x")),
            "hf/config.json:17:24: error[not-an-integer]: 'num_hidden_layers' is 32.5, not an "
            "integer");
  EXPECT_EQ(HfFirst(HfRead(with("\"hidden_size\": 4096", "\"hidden_size\": NaN"), "x")),
            "hf/config.json:10:18: error[not-an-integer]: 'hidden_size' is not finite, not an "
            "integer");
  EXPECT_EQ(
      HfFirst(HfRead(with("\"tie_word_embeddings\": false", "\"tie_word_embeddings\": 0"), "x")),
      "hf/config.json:29:26: error[wrong-type]: 'tie_word_embeddings' is a number, not true "
      "or false");
  EXPECT_EQ(
      HfFirst(HfRead(with("\"num_key_value_heads\": 8", "\"num_key_value_heads\": 8000000"), "x")),
      "hf/config.json:18:26: error[absurd-value]: 'num_key_value_heads' is 8000000, outside 1 to "
      "10000");
}

TEST(HfConfigTest, MissingLayersIsAnError) {
  ModelConfigResult r =
      HfRead("{\n  \"model_type\": \"llama\",\n  \"hidden_size\": 4096\n}\n", "x");
  EXPECT_EQ(HfFirst(r),
            "hf/config.json:1:1: error[missing-key]: config.json states no num_hidden_layers");
  ModelConfigResult nested = HfRead("{\"text_config\": {\"num_hidden_layers\": 4}}", "x");
  ASSERT_FALSE(nested.diagnostics.empty());
  EXPECT_NE(std::string(nested.diagnostics[0].hint).find("text_config"), std::string::npos);
}

TEST(HfConfigTest, HostileInputIsRefused) {
  std::string big(kMaxHfConfigBytes + 1, ' ');
  EXPECT_EQ(HfFirst(HfRead(big, "x")),
            "hf/config.json: error[too-large]: config.json is 1048577 bytes, more than the "
            "1048576 read");
  std::string deep(100, '[');
  EXPECT_EQ(HfFirst(HfRead(deep, "x")),
            "hf/config.json:1:1: error[bad-json]: config.json is nested more than 64 levels deep");
  EXPECT_EQ(HfFirst(HfRead("{\"a\": \"\xff\"}", "x")),
            "hf/config.json:1:8: error[bad-utf8]: config.json is not UTF-8 at this byte (near "
            "'?\"}')");
  EXPECT_EQ(HfFirst(HfRead("{\"a\": \"\\ud800\"}", "x")),
            "hf/config.json:1:14: error[bad-json]: config.json: not valid JSON: syntax error while "
            "parsing value - invalid string: surrogate U+D800..U+DBFF must be followed by "
            "U+DC00..U+DFFF; last read: '\"\\ud800\"'");
  EXPECT_EQ(HfFirst(HfRead(kLlama31_8b, "Not An Id")),
            "hf/config.json: error[bad-id]: 'Not An Id' is not a record id");
}

TEST(HfConfigTest, BadIndexIsLocatedInTheIndex) {
  EXPECT_EQ(HfFirst(HfRead(HfUnknownArchitecture(), "x", "{\"metadata\": {}}")),
            "hf/model.safetensors.index.json:1:14: error[missing-key]: "
            "model.safetensors.index.json states no metadata.total_size");
  EXPECT_EQ(
      HfFirst(HfRead(HfUnknownArchitecture(), "x", "{\n  \"metadata\": {\"total_size\": -5}\n}")),
      "hf/model.safetensors.index.json:2:30: error[absurd-value]: metadata.total_size is "
      "not a whole number of bytes between 1 and 1e15");
  EXPECT_EQ(HfFirst(HfRead(HfUnknownArchitecture(), "x", "{\"metadata\": ")),
            "hf/model.safetensors.index.json:1:14: error[bad-json]: model.safetensors.index.json: "
            "not valid JSON: syntax error while parsing value - unexpected end of input; expected "
            "'[', '{', or a literal");
}

}  // namespace
}  // namespace rooflint

namespace rooflint {
namespace {

// Hybrid models: kv_layers is written from the way each architecture names its attention
// layers, and nothing when the config does not say.
TEST(HfConfigTest, HybridModelsWriteTheLayersThatCacheKv) {
  // Qwen3-Next-80B-A3B (hf-qwen3-next-80b-a3b-instruct): full_attention_interval 4 over 48
  // layers, so layers 3, 7, ..., 47 attend: 48 / 4 = 12.
  Model next = HfOk(HfRead(R"({"model_type": "qwen3_next", "num_hidden_layers": 48,
    "full_attention_interval": 4, "num_attention_heads": 16, "num_key_value_heads": 2,
    "head_dim": 256, "hidden_size": 2048, "vocab_size": 151936, "torch_dtype": "bfloat16"})",
                           "qwen3-next"));
  EXPECT_EQ(next.layers, 48);
  EXPECT_EQ(next.kv_layers, 12);
  // The same as layer_types lists it: 3 linear_attention, then 1 full_attention, 12 times.
  std::string types;
  for (int i = 0; i < 48; ++i) {
    types +=
        std::string(i ? ", " : "") + ((i + 1) % 4 ? "\"linear_attention\"" : "\"full_attention\"");
  }
  Model listed = HfOk(HfRead(R"({"model_type": "qwen3_next", "num_hidden_layers": 48,
    "layer_types": [)" + types + R"(], "num_attention_heads": 16, "num_key_value_heads": 2,
    "head_dim": 256, "hidden_size": 2048, "vocab_size": 151936, "torch_dtype": "bfloat16"})",
                             "qwen3-next-listed"));
  EXPECT_EQ(listed.kv_layers, 12);
  // AI21-Jamba-1.5-Mini (hf-ai21-jamba-1.5-mini): i % 8 == 4 over 32 layers: 4, 12, 20, 28.
  Model jamba = HfOk(HfRead(R"({"model_type": "jamba", "num_hidden_layers": 32,
    "attn_layer_period": 8, "attn_layer_offset": 4, "num_attention_heads": 32,
    "num_key_value_heads": 8, "hidden_size": 4096, "vocab_size": 65536,
    "torch_dtype": "bfloat16"})",
                            "jamba"));
  EXPECT_EQ(jamba.kv_layers, 4);
  // Nemotron-H: one character a layer, '*' attention (4 of these 52).
  Model nemotron = HfOk(HfRead(R"({"model_type": "nemotron_h", "num_hidden_layers": 52,
    "hybrid_override_pattern": "M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-M-M-M-",
    "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128, "hidden_size": 4096,
    "vocab_size": 131072, "torch_dtype": "bfloat16"})",
                               "nemotron-h"));
  EXPECT_EQ(nemotron.kv_layers, 4);
  // A dense model states none of these: every layer caches K and V.
  Model dense = HfOk(HfRead(R"({"model_type": "llama", "num_hidden_layers": 32,
    "num_attention_heads": 32, "num_key_value_heads": 8, "hidden_size": 4096,
    "vocab_size": 128256, "torch_dtype": "bfloat16"})",
                            "dense"));
  EXPECT_EQ(dense.kv_layers, 0);
  EXPECT_EQ(dense.KvLayers(), 32);
}

// AddModelConfig, what --model-config does in the tool and the page: the model and a source
// citing the file join the corpus, indexed, under the name given made an id; a name the corpus
// holds gets "-config"; with no name, the config's folder; a config that gives no model adds
// nothing and says why, located in the file.
TEST(HfConfigTest, AddModelConfigAddsTheModelAndItsSource) {
  Corpus corpus;
  AddedModel mine = AddModelConfig(corpus, kLlama31_8b, kHfPath, "My Llama 8B", "folder");
  for (const Diagnostic& d : mine.diagnostics) ADD_FAILURE() << Render(d);
  EXPECT_EQ(mine.id, "my-llama-8b");
  const Model* m = corpus.FindModel("my-llama-8b");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->params_total, 8'030'261'248.0);
  EXPECT_EQ(m->header.path.view(), kHfPath);
  ASSERT_NE(corpus.FindSource("my-llama-8b-hf-config"), nullptr);
  ASSERT_EQ(mine.records.size(), 2u);
  EXPECT_EQ(mine.records[0].kind, RecordKind::kModel);
  EXPECT_EQ(mine.records[1].kind, RecordKind::kSource);
  EXPECT_FALSE(corpus.HasInvalidInput());

  // The same name again: the corpus holds it, so the config's model is not it.
  EXPECT_EQ(AddModelConfig(corpus, kLlama31_8b, kHfPath, "my-llama-8b", "").id,
            "my-llama-8b-config");
  // No name: the folder's; neither: a fixed id.
  EXPECT_EQ(AddModelConfig(corpus, kLlama31_8b, kHfPath, "", "Llama-3.1-8B").id, "llama-3.1-8b");
  EXPECT_EQ(AddModelConfig(corpus, kLlama31_8b, kHfPath, "", "").id, "model-from-config");

  const size_t models = corpus.models.size();
  AddedModel bad =
      AddModelConfig(corpus, "{\"model_type\": \"llama\",\n \"num_hidden_layers\": \"many\"}",
                     kHfPath, "broken", "");
  EXPECT_TRUE(bad.id.empty());
  EXPECT_TRUE(bad.records.empty());
  EXPECT_EQ(corpus.models.size(), models);
  ASSERT_FALSE(bad.diagnostics.empty());
  EXPECT_EQ(bad.diagnostics[0].where.path, kHfPath);
  EXPECT_EQ(bad.diagnostics[0].where.line, 2);
}

}  // namespace
}  // namespace rooflint
