/**
 * Joins the writes that concurrent requests ask for into one call: the first
 * goes at once, and those that arrive while it is in flight go together in
 * the next. Nothing waits for a timer, so a lone request pays nothing, and
 * under load one statement or script serves many requests. Each caller
 * hears how its own batch went.
 */
export class WriteBatcher<T> {
  private waiting: { item: T; done: () => void; failed: (error: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly write: (items: T[]) => Promise<void>) {}

  add(item: T): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ item, done, failed });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.write(batch.map((w) => w.item));
        for (const w of batch) w.done();
      } catch (error) {
        for (const w of batch) w.failed(error);
      }
    }
    this.running = false;
  }
}
