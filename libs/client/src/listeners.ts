/** A plain listener list: `on` returns the function that removes the listener. */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  on(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        // One app listener's mistake must not stop the others or the sync loop.
        reportListenerError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}

function reportListenerError(error: unknown): void {
  const console = (globalThis as { console?: { error(...args: unknown[]): void } }).console;
  console?.error('A Scriptbook client listener threw:', error);
}
