/**
 * Values computed from a stage output, kept while the output is the same: each is stored with
 * the output's identity (its ETag) and rebuilt when a rerun of the stage writes a new one.
 * Holds at most `limit` keys, dropping the least recently used.
 */
export class CachedByIdentity<T> {
  private readonly entries = new Map<string, { identity: string; value: Promise<T> }>();

  constructor(private readonly limit: number) {}

  async get(key: string, identity: string, build: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found && found.identity === identity) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    const value = build();
    this.entries.delete(key);
    this.entries.set(key, { identity, value });
    // A build that fails is not kept: the next call tries again.
    void value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** How many keys are held (for tests). */
  get size(): number {
    return this.entries.size;
  }
}
