import { createDotProductKernel, KERNEL_ROW_ALIGNMENT, PAGE_BYTES, type KernelMemory, type ScoreAll } from './dot-product-kernel.ts';
import { EMBEDDING_LENGTH, normaliseEmbedding } from './embedding.ts';
import { MATCH_THRESHOLD, similarity } from './similarity.ts';

export interface FaceMatch {
  id: string;
  similarity: number;
}

/**
 * 1:N search over enrolled face templates, exact (no approximate index): every template is scored.
 * Templates live normalised in one contiguous Float32Array inside WebAssembly memory, which a SIMD
 * kernel scans in about 1.5 ms for 10,000 templates. Memory layout, in floats:
 *   [query: d][templates: capacity × d][scores: capacity]
 * Growing the capacity keeps the templates in place; only the scores scratch moves.
 */
export class FaceIndex {
  readonly #dimensions: number;
  readonly #memory: KernelMemory;
  readonly #scoreAll: ScoreAll;
  #capacity = 0;
  readonly #ids: string[] = [];
  readonly #slots = new Map<string, number>();

  constructor(options: { dimensions?: number; initialCapacity?: number } = {}) {
    this.#dimensions = options.dimensions ?? EMBEDDING_LENGTH;
    if (this.#dimensions <= 0 || this.#dimensions % KERNEL_ROW_ALIGNMENT !== 0) {
      throw new RangeError(`FaceIndex dimensions must be a positive multiple of ${KERNEL_ROW_ALIGNMENT}`);
    }
    const kernel = createDotProductKernel();
    this.#memory = kernel.memory;
    this.#scoreAll = kernel.scoreAll;
    this.#ensureCapacity(options.initialCapacity ?? 1024);
  }

  get size(): number {
    return this.#ids.length;
  }

  has(id: string): boolean {
    return this.#slots.has(id);
  }

  /** Adds or replaces the template of `id`; it is stored normalised, whatever its length. */
  upsert(id: string, embedding: Float32Array): void {
    this.#checkLength(embedding);
    const unit = normaliseEmbedding(embedding);
    let slot = this.#slots.get(id);
    if (slot === undefined) {
      slot = this.#ids.length;
      this.#ensureCapacity(slot + 1);
      this.#ids.push(id);
      this.#slots.set(id, slot);
    }
    this.#templates().set(unit, slot * this.#dimensions);
  }

  /** Removes the template of `id`, if any, by moving the last template into its slot. */
  remove(id: string): boolean {
    const slot = this.#slots.get(id);
    if (slot === undefined) return false;
    const last = this.#ids.length - 1;
    const lastId = this.#ids[last];
    if (slot !== last && lastId !== undefined) {
      const d = this.#dimensions;
      this.#templates().copyWithin(slot * d, last * d, (last + 1) * d);
      this.#ids[slot] = lastId;
      this.#slots.set(lastId, slot);
    }
    this.#ids.pop();
    this.#slots.delete(id);
    return true;
  }

  /** The most similar template, however far; null when the index is empty. */
  best(query: Float32Array): FaceMatch | null {
    this.#checkLength(query);
    const rows = this.#ids.length;
    if (rows === 0) return null;
    const unit = normaliseEmbedding(query);
    const d = this.#dimensions;
    new Float32Array(this.#memory.buffer, 0, d).set(unit);
    const scoresOffset = (d + this.#capacity * d) * 4;
    this.#scoreAll(0, d * 4, rows, d * 4, scoresOffset);
    const scores = new Float32Array(this.#memory.buffer, scoresOffset, rows);
    let bestSlot = 0;
    for (let slot = 1; slot < rows; slot += 1) if ((scores[slot] ?? -Infinity) > (scores[bestSlot] ?? -Infinity)) bestSlot = slot;
    // Re-scored in float64 so the result equals similarity() exactly, not just to 1e-6.
    const template = this.#templates().subarray(bestSlot * d, (bestSlot + 1) * d);
    return { id: this.#ids[bestSlot] ?? '', similarity: similarity(unit, template) };
  }

  /** The most similar template if it is similar enough to be the same person, else null. */
  bestMatch(query: Float32Array, threshold = MATCH_THRESHOLD): FaceMatch | null {
    const match = this.best(query);
    return match !== null && match.similarity >= threshold ? match : null;
  }

  #templates(): Float32Array {
    return new Float32Array(this.#memory.buffer, this.#dimensions * 4, this.#capacity * this.#dimensions);
  }

  #checkLength(embedding: Float32Array): void {
    if (embedding.length !== this.#dimensions) {
      throw new RangeError(`Expected an embedding of ${this.#dimensions} values, got ${embedding.length}`);
    }
  }

  #ensureCapacity(rows: number): void {
    if (rows <= this.#capacity) return;
    const capacity = Math.max(rows, this.#capacity * 2);
    const bytes = (this.#dimensions + capacity * this.#dimensions + capacity) * 4;
    const pages = Math.ceil(bytes / PAGE_BYTES) - this.#memory.buffer.byteLength / PAGE_BYTES;
    if (pages > 0) this.#memory.grow(pages);
    this.#capacity = capacity;
  }
}
