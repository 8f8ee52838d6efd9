/** Packs an embedding for storage: L2-normalised, int8 (1,024 bytes). */
export function packEmbedding(embedding: ArrayLike<number>): Buffer {
  let norm = 0;
  for (let i = 0; i < embedding.length; i++) norm += embedding[i] * embedding[i];
  norm = Math.sqrt(norm) || 1;
  const packed = Buffer.alloc(embedding.length);
  for (let i = 0; i < embedding.length; i++) packed.writeInt8(Math.max(-127, Math.min(127, Math.round((embedding[i] / norm) * 127 * 8))), i);
  return packed;
}

/** Stored faces searched by cosine similarity (temporary brute force). */
export class FaceIndex {
  private readonly faces = new Map<string, Int8Array>();

  get size(): number {
    return this.faces.size;
  }

  has(id: string): boolean {
    return this.faces.has(id);
  }

  add(id: string, packed: Buffer): void {
    this.faces.set(id, new Int8Array(packed.buffer, packed.byteOffset, packed.byteLength).slice());
  }

  remove(id: string): void {
    this.faces.delete(id);
  }

  search(query: ArrayLike<number>, threshold: number, limit = 20): { id: string; similarity: number }[] {
    const hits: { id: string; similarity: number }[] = [];
    for (const [id, face] of this.faces) {
      let dot = 0;
      let a = 0;
      let b = 0;
      for (let i = 0; i < face.length; i++) {
        dot += face[i] * query[i];
        a += face[i] * face[i];
        b += query[i] * query[i];
      }
      const similarity = dot / Math.sqrt(a * b || 1);
      if (similarity >= threshold) hits.push({ id, similarity });
    }
    return hits.sort((x, y) => y.similarity - x.similarity).slice(0, limit);
  }
}
