/**
 * A 355-byte WebAssembly SIMD module that scores every template against a query in one pass:
 *
 *   scores(query, templates, rows, rowBytes, out):  out[r] = dot(query, templates[r]) for r < rows
 *
 * (all pointers are byte offsets in the imported memory; rowBytes must be a multiple of 64).
 * Plain JavaScript needs 7 to 30 ms for 10,000 templates of 1024 floats (V8 does not vectorise, and
 * 7 ms is the best hand-unrolled loop); four f32x4 accumulators take about 2 ms (see bench/face.ts).
 * The bytes are assembled here from named opcodes, so the function reads like its WAT text.
 */

// Wasm opcodes used below (https://webassembly.github.io/spec/core/binary/instructions.html).
const BLOCK = 0x02,
  LOOP = 0x03,
  END = 0x0b,
  BR_IF = 0x0d,
  EMPTY_TYPE = 0x40;
const LOCAL_GET = 0x20,
  LOCAL_SET = 0x21,
  LOCAL_TEE = 0x22;
const I32_CONST = 0x41,
  I32_EQZ = 0x45,
  I32_LT_U = 0x49,
  I32_ADD = 0x6a,
  I32_SUB = 0x6b;
const F32_ADD = 0x92,
  F32_STORE = 0x38;
const I32 = 0x7f,
  V128 = 0x7b,
  FUNCTION_TYPE = 0x60,
  MEMORY_KIND = 0x02;
const V128_LOAD = [0xfd, 0x00],
  V128_CONST = [0xfd, 0x0c],
  F32X4_EXTRACT_LANE = [0xfd, 0x1f];
const F32X4_ADD = [0xfd, 0xe4, 0x01],
  F32X4_MUL = [0xfd, 0xe6, 0x01];
const ALIGN_4_BYTES = 2; // log2 of the alignment hint in a memory argument

// Parameters, then locals, by index.
const QUERY = 0,
  TEMPLATE = 1,
  ROWS = 2,
  ROW_BYTES = 3,
  OUT = 4,
  OFFSET = 5;
const ACC_0 = 6,
  ACC_1 = 7,
  ACC_2 = 8,
  ACC_3 = 9;
const ACCUMULATORS = [ACC_0, ACC_1, ACC_2, ACC_3];
const BYTES_PER_STEP = 16 * ACCUMULATORS.length;

/** Unsigned LEB128: sizes, indices and memory offsets. */
function leb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest >>>= 7;
    bytes.push(rest === 0 ? low : low | 0x80);
  } while (rest !== 0);
  return bytes;
}

/** Signed LEB128, for i32.const: 64 must be 0xc0 0x00, as a lone 0x40 would read as -64. */
function signedLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (low & 0x40) === 0) || (rest === -1 && (low & 0x40) !== 0);
    bytes.push(done ? low : low | 0x80);
    if (done) return bytes;
  }
}

/** accumulator += load(template + offset + lane) * load(query + offset + lane) */
function multiplyAdd(accumulator: number, lane: number): number[] {
  return [
    LOCAL_GET,
    accumulator,
    LOCAL_GET,
    TEMPLATE,
    LOCAL_GET,
    OFFSET,
    I32_ADD,
    ...V128_LOAD,
    ALIGN_4_BYTES,
    ...leb128(lane * 16),
    LOCAL_GET,
    QUERY,
    LOCAL_GET,
    OFFSET,
    I32_ADD,
    ...V128_LOAD,
    ALIGN_4_BYTES,
    ...leb128(lane * 16),
    ...F32X4_MUL,
    ...F32X4_ADD,
    LOCAL_SET,
    accumulator,
  ];
}

const body = [
  2,
  1,
  I32,
  ACCUMULATORS.length,
  V128, // locals: the offset, the accumulators
  BLOCK,
  EMPTY_TYPE,
  LOCAL_GET,
  ROWS,
  I32_EQZ,
  BR_IF,
  0,
  LOOP,
  EMPTY_TYPE, // each row
  ...ACCUMULATORS.flatMap((accumulator) => [...V128_CONST, ...new Array<number>(16).fill(0), LOCAL_SET, accumulator]),
  I32_CONST,
  ...signedLeb128(0),
  LOCAL_SET,
  OFFSET,
  LOOP,
  EMPTY_TYPE, // each 64 bytes of the row
  ...ACCUMULATORS.flatMap((accumulator, lane) => multiplyAdd(accumulator, lane)),
  LOCAL_GET,
  OFFSET,
  I32_CONST,
  ...signedLeb128(BYTES_PER_STEP),
  I32_ADD,
  LOCAL_TEE,
  OFFSET,
  LOCAL_GET,
  ROW_BYTES,
  I32_LT_U,
  BR_IF,
  0,
  END,
  // out[row] = the sum of the 16 lanes
  LOCAL_GET,
  OUT,
  LOCAL_GET,
  ACC_0,
  LOCAL_GET,
  ACC_1,
  ...F32X4_ADD,
  LOCAL_GET,
  ACC_2,
  LOCAL_GET,
  ACC_3,
  ...F32X4_ADD,
  ...F32X4_ADD,
  LOCAL_TEE,
  ACC_0,
  ...F32X4_EXTRACT_LANE,
  0,
  ...[1, 2, 3].flatMap((lane) => [LOCAL_GET, ACC_0, ...F32X4_EXTRACT_LANE, lane, F32_ADD]),
  F32_STORE,
  ALIGN_4_BYTES,
  0,
  LOCAL_GET,
  OUT,
  I32_CONST,
  ...signedLeb128(4),
  I32_ADD,
  LOCAL_SET,
  OUT,
  LOCAL_GET,
  TEMPLATE,
  LOCAL_GET,
  ROW_BYTES,
  I32_ADD,
  LOCAL_SET,
  TEMPLATE,
  LOCAL_GET,
  ROWS,
  I32_CONST,
  ...signedLeb128(1),
  I32_SUB,
  LOCAL_TEE,
  ROWS,
  BR_IF,
  0,
  END,
  END,
  END,
];

const name = (text: string) => [text.length, ...Buffer.from(text, 'ascii')];
const section = (id: number, content: number[]) => [id, ...leb128(content.length), ...content];

const moduleBytes = new Uint8Array([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00, // "\0asm", version 1
  ...section(1, [1, FUNCTION_TYPE, 5, I32, I32, I32, I32, I32, 0]), // (i32 × 5) -> ()
  ...section(2, [1, ...name('env'), ...name('memory'), MEMORY_KIND, 0x00, 1]), // import env.memory, min 1 page
  ...section(3, [1, 0]),
  ...section(7, [1, ...name('scores'), 0x00, 0]),
  ...section(10, [1, ...leb128(body.length), ...body]),
]);

export type ScoreAll = (query: number, templates: number, rows: number, rowBytes: number, out: number) => void;

export interface KernelMemory {
  readonly buffer: ArrayBuffer;
  /** Adds 64 KiB pages; detaches the previous `buffer`. */
  grow(pages: number): number;
}

/** The part of the WebAssembly API used here (@types/node declares only its types, not its values). */
interface WebAssemblyApi {
  Memory: new (descriptor: { initial: number }) => KernelMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: WebAssemblyApi };

export const PAGE_BYTES = 65_536;
/** Rows must be a multiple of this many floats (one step of the inner loop). */
export const KERNEL_ROW_ALIGNMENT = BYTES_PER_STEP / 4;

/** Growable memory and the kernel over it (compiled synchronously: the module is tiny). */
export function createDotProductKernel(): { memory: KernelMemory; scoreAll: ScoreAll } {
  const memory = new wasm.Memory({ initial: 1 });
  const instance = new wasm.Instance(new wasm.Module(moduleBytes), { env: { memory } });
  return { memory, scoreAll: instance.exports.scores as ScoreAll };
}
