/** A small insertion-ordered LRU. */
export class Lru<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  touch(key: K): V | undefined {
    const value = super.get(key);
    if (value !== undefined) {
      super.delete(key);
      super.set(key, value);
    }
    return value;
  }
  put(key: K, value: V): void {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.max) this.delete(this.keys().next().value as K);
  }
}
