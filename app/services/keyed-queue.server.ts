/**
 * Runs tasks one after another per key, and tasks of different keys side by side. The portal
 * queues the changes to one organization's cart: colleagues working on one cart through this
 * process then never race each other to the back-office, where all but one would be refused
 * (409) and sent again with the whole cart. The versioned save still guards against changes
 * made through other processes (docs/decisions/0087-cart-changes-queued-per-organization.md).
 */
export class KeyedQueue<K> {
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // A failed task does not stop the ones queued after it.
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The last task of a key removes it: the map holds only keys with work under way.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work under way or queued (tests). */
  get size(): number {
    return this.tails.size;
  }
}
