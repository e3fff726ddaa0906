// Rendered public pages, kept for a short while (docs/decisions/0017). Bounded (oldest out first), since
// any query string makes a key; an answer being made is shared, so a burst of the same page renders once.
// What is made with a fault (a read that failed, a shell instead of the page) is not kept.

export class PageCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, make: () => Promise<{ value: T; keep: boolean }>): Promise<T> {
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > at) return hit.value;
    this.entries.delete(key);
    const made = make();
    const value = made.then((m) => m.value);
    this.entries.set(key, { value, until: at + this.ttlMs });
    made.then(
      (m) => !m.keep && this.forget(key, value),
      () => this.forget(key, value),
    );
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Forgets every page kept: the next request for each makes it again. */
  clear(): void {
    this.entries.clear();
  }

  private forget(key: string, value: Promise<T>) {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }
}
