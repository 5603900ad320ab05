import type { Queryable } from '@ams/db';
import { decodeEmbedding, FaceIndex, MATCH_THRESHOLD } from '@ams/face';
import { templatesAfter, type TemplateRow } from './projection-repository.ts';

export interface FaceCandidate {
  employeeId: string;
  companyId: string;
  similarity: number;
}

/**
 * This process's copy of the face templates, for 1:N matching in memory: one FaceIndex per company,
 * so a company that refuses the client's address can be left out, and a person enrolled in two
 * companies is found in each. Loaded from kiosk_face_templates on first use; then every `sync` reads
 * only the revisions above the last one seen (templates written by other replicas included), and the
 * projection hands over its own changes at once. A change older than the one held is ignored, so the
 * two paths can cross.
 */
export class FaceTemplates {
  readonly #indexes = new Map<string, FaceIndex>();
  readonly #companyOf = new Map<string, string>();
  readonly #revisionOf = new Map<string, number>();
  #seen = 0;
  #loaded = false;
  #running: Promise<void> | null = null;
  #queued: Promise<void> | null = null;

  get size(): number {
    return this.#companyOf.size;
  }

  /** Brings the index up to every change committed before the call. */
  sync(db: Queryable): Promise<void> {
    // A sync already under way may have read before the caller's change: one more follows it, shared
    // by everyone who asks meanwhile.
    if (this.#queued) return this.#queued;
    const after = this.#running ?? Promise.resolve();
    const run: Promise<void> = after
      .catch(() => undefined)
      .then(() => {
        this.#queued = null;
        this.#running = run;
        return this.#readChanges(db);
      })
      .finally(() => {
        if (this.#running === run) this.#running = null;
      });
    this.#queued = run;
    return run;
  }

  /** A change the projection just committed; ignored until the first sync has loaded everything. */
  applyCommitted(row: TemplateRow): void {
    if (this.#loaded) this.#apply(row);
  }

  /** For each company, its most similar template at or above the threshold; the closest first. */
  candidates(embedding: Float32Array, threshold = MATCH_THRESHOLD): FaceCandidate[] {
    const found: FaceCandidate[] = [];
    for (const [companyId, index] of this.#indexes) {
      const match = index.bestMatch(embedding, threshold);
      if (match) found.push({ employeeId: match.id, companyId, similarity: match.similarity });
    }
    return found.sort((a, b) => b.similarity - a.similarity);
  }

  async #readChanges(db: Queryable): Promise<void> {
    const rows = await templatesAfter(db, this.#seen);
    for (const row of rows) {
      this.#apply(row);
      this.#seen = Math.max(this.#seen, row.revision);
    }
    this.#loaded = true;
  }

  #apply(row: TemplateRow): void {
    if ((this.#revisionOf.get(row.employeeId) ?? 0) >= row.revision) return;
    this.#revisionOf.set(row.employeeId, row.revision);
    const embedding = embeddingOf(row);
    const current = this.#companyOf.get(row.employeeId);
    if (current !== undefined && (current !== row.companyId || embedding === null)) {
      const index = this.#indexes.get(current);
      index?.remove(row.employeeId);
      if (index?.size === 0) this.#indexes.delete(current);
      this.#companyOf.delete(row.employeeId);
    }
    if (embedding === null) return;
    let index = this.#indexes.get(row.companyId);
    if (!index) {
      index = new FaceIndex({ initialCapacity: 16 });
      this.#indexes.set(row.companyId, index);
    }
    index.upsert(row.employeeId, embedding);
    this.#companyOf.set(row.employeeId, row.companyId);
  }
}

/** A stored embedding that does not decode (wrong length, not finite) never matches. */
function embeddingOf(row: TemplateRow): Float32Array | null {
  if (row.embedding === null) return null;
  try {
    return decodeEmbedding(row.embedding.toString('base64'));
  } catch {
    return null;
  }
}
