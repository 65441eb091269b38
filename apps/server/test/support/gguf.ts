import { writeFileSync } from "node:fs";

/**
 * Writes a tiny GGUF language model: real llama architecture (64 dims, 2 layers), a real byte-level BPE
 * tokenizer (256 byte tokens, a few merges, ChatML special tokens) and a ChatML chat template, with
 * seeded random weights. It loads in well under a second and exercises the real node-llama-cpp path
 * (load, template, tokenize, stream, abort, parallel sequences); the text it writes is noise.
 */
export const TINY_MODEL = {
  embedding: 64,
  layers: 2,
  heads: 4,
  kvHeads: 2,
  feedForward: 96,
  contextLength: 4096,
} as const;

export const TINY_SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"] as const;

const CHATML_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** A few English merges so the tokenizer is a BPE, not only bytes. */
const MERGES: [string, string][] = [
  ["Ġ", "t"],
  ["h", "e"],
  ["Ġt", "he"],
  ["Ġ", "a"],
  ["i", "n"],
  ["o", "u"],
  ["e", "r"],
  ["Ġ", "s"],
  ["Ġ", "w"],
  ["o", "n"],
  ["r", "e"],
  ["Ġ", "h"],
  ["a", "n"],
  ["Ġ", "y"],
  ["Ġy", "ou"],
  ["Ġ", "b"],
  ["Ġ", "m"],
  ["i", "s"],
  ["Ġ", "i"],
  ["l", "l"],
];

enum ValueType {
  Uint32 = 4,
  Int32 = 5,
  Float32 = 6,
  Bool = 7,
  String = 8,
  Array = 9,
  Uint64 = 10,
}

type MetadataValue =
  | { type: ValueType.Uint32 | ValueType.Int32 | ValueType.Float32; value: number }
  | { type: ValueType.Bool; value: boolean }
  | { type: ValueType.String; value: string }
  | { type: ValueType.Array; of: ValueType.String; value: readonly string[] }
  | { type: ValueType.Array; of: ValueType.Int32; value: readonly number[] };

const ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;

/** GPT-2's byte-to-unicode table: printable bytes map to themselves, the rest to code points from 256. */
function byteTokens(): string[] {
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  let next = 256;
  return Array.from({ length: 256 }, (_, b) => String.fromCodePoint(printable(b) ? b : next++));
}

class Writer {
  private chunks: Buffer[] = [];
  size = 0;
  private push(buffer: Buffer) {
    this.chunks.push(buffer);
    this.size += buffer.length;
  }
  u32(value: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  string(value: string) {
    const bytes = Buffer.from(value, "utf8");
    this.u64(bytes.length);
    this.push(bytes);
  }
  raw(buffer: Buffer) {
    this.push(buffer);
  }
  padTo(alignment: number) {
    const pad = (alignment - (this.size % alignment)) % alignment;
    if (pad) this.push(Buffer.alloc(pad));
  }
  toBuffer() {
    return Buffer.concat(this.chunks);
  }
}

function writeValue(w: Writer, value: MetadataValue) {
  w.u32(value.type);
  switch (value.type) {
    case ValueType.Uint32:
      w.u32(value.value);
      return;
    case ValueType.Int32:
      w.i32(value.value);
      return;
    case ValueType.Float32:
      w.f32(value.value);
      return;
    case ValueType.Bool:
      w.raw(Buffer.from([value.value ? 1 : 0]));
      return;
    case ValueType.String:
      w.string(value.value);
      return;
    case ValueType.Array:
      w.u32(value.of);
      w.u64(value.value.length);
      for (const item of value.value) {
        if (typeof item === "string") w.string(item);
        else w.i32(item);
      }
  }
}

/** Deterministic weights (mulberry32) so every run writes the same model. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes the model to `path` and returns its vocabulary size. */
export function writeTinyGguf(path: string, seed = 42): { vocabSize: number } {
  const { embedding, layers, heads, kvHeads, feedForward, contextLength } = TINY_MODEL;
  const tokens = byteTokens();
  for (const [a, b] of MERGES) tokens.push(a + b);
  const specialStart = tokens.length;
  tokens.push(...TINY_SPECIAL_TOKENS);
  const tokenTypes = tokens.map((_, i) => (i >= specialStart ? 3 : 1));
  const id = (token: (typeof TINY_SPECIAL_TOKENS)[number]) =>
    specialStart + TINY_SPECIAL_TOKENS.indexOf(token);

  const metadata: [string, MetadataValue][] = [
    ["general.architecture", { type: ValueType.String, value: "llama" }],
    ["general.name", { type: ValueType.String, value: "hearth-tiny-test" }],
    ["general.alignment", { type: ValueType.Uint32, value: ALIGNMENT }],
    ["llama.context_length", { type: ValueType.Uint32, value: contextLength }],
    ["llama.embedding_length", { type: ValueType.Uint32, value: embedding }],
    ["llama.block_count", { type: ValueType.Uint32, value: layers }],
    ["llama.feed_forward_length", { type: ValueType.Uint32, value: feedForward }],
    ["llama.attention.head_count", { type: ValueType.Uint32, value: heads }],
    ["llama.attention.head_count_kv", { type: ValueType.Uint32, value: kvHeads }],
    ["llama.rope.dimension_count", { type: ValueType.Uint32, value: embedding / heads }],
    ["llama.attention.layer_norm_rms_epsilon", { type: ValueType.Float32, value: 1e-5 }],
    ["llama.vocab_size", { type: ValueType.Uint32, value: tokens.length }],
    ["tokenizer.ggml.model", { type: ValueType.String, value: "gpt2" }],
    ["tokenizer.ggml.pre", { type: ValueType.String, value: "gpt-2" }],
    ["tokenizer.ggml.tokens", { type: ValueType.Array, of: ValueType.String, value: tokens }],
    ["tokenizer.ggml.token_type", { type: ValueType.Array, of: ValueType.Int32, value: tokenTypes }],
    [
      "tokenizer.ggml.merges",
      { type: ValueType.Array, of: ValueType.String, value: MERGES.map(([a, b]) => `${a} ${b}`) },
    ],
    ["tokenizer.ggml.bos_token_id", { type: ValueType.Uint32, value: id("<|endoftext|>") }],
    ["tokenizer.ggml.eos_token_id", { type: ValueType.Uint32, value: id("<|im_end|>") }],
    ["tokenizer.ggml.padding_token_id", { type: ValueType.Uint32, value: id("<|endoftext|>") }],
    ["tokenizer.ggml.add_bos_token", { type: ValueType.Bool, value: false }],
    ["tokenizer.chat_template", { type: ValueType.String, value: CHATML_TEMPLATE }],
  ];

  const headDim = embedding / heads;
  const kvDim = headDim * kvHeads;
  const tensors: { name: string; dims: number[]; norm?: boolean }[] = [
    { name: "token_embd.weight", dims: [embedding, tokens.length] },
    { name: "output_norm.weight", dims: [embedding], norm: true },
    { name: "output.weight", dims: [embedding, tokens.length] },
  ];
  for (let layer = 0; layer < layers; layer++) {
    const blk = `blk.${layer}`;
    tensors.push(
      { name: `${blk}.attn_norm.weight`, dims: [embedding], norm: true },
      { name: `${blk}.attn_q.weight`, dims: [embedding, embedding] },
      { name: `${blk}.attn_k.weight`, dims: [embedding, kvDim] },
      { name: `${blk}.attn_v.weight`, dims: [embedding, kvDim] },
      { name: `${blk}.attn_output.weight`, dims: [embedding, embedding] },
      { name: `${blk}.ffn_norm.weight`, dims: [embedding], norm: true },
      { name: `${blk}.ffn_gate.weight`, dims: [embedding, feedForward] },
      { name: `${blk}.ffn_up.weight`, dims: [embedding, feedForward] },
      { name: `${blk}.ffn_down.weight`, dims: [feedForward, embedding] },
    );
  }

  const w = new Writer();
  w.raw(Buffer.from("GGUF", "ascii"));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(metadata.length);
  for (const [key, value] of metadata) {
    w.string(key);
    writeValue(w, value);
  }
  const next = random(seed);
  const data: Buffer[] = [];
  let offset = 0;
  for (const tensor of tensors) {
    const count = tensor.dims.reduce((a, b) => a * b, 1);
    const values = new Float32Array(count);
    for (let i = 0; i < count; i++) values[i] = tensor.norm ? 1 : (next() - 0.5) * 0.5;
    const bytes = Buffer.from(values.buffer);
    w.string(tensor.name);
    w.u32(tensor.dims.length);
    for (const dim of tensor.dims) w.u64(dim);
    w.u32(GGML_TYPE_F32);
    w.u64(offset);
    const padded = Math.ceil(bytes.length / ALIGNMENT) * ALIGNMENT;
    data.push(bytes, Buffer.alloc(padded - bytes.length));
    offset += padded;
  }
  w.padTo(ALIGNMENT);
  for (const chunk of data) w.raw(chunk);
  writeFileSync(path, w.toBuffer());
  return { vocabSize: tokens.length };
}
