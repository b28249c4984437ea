/**
 * A text stream fed by pushes: lets a consumer that takes an async iterable (a CVR sink)
 * write a file while its lines are still being produced, so nothing piles up in memory.
 */
export class LineQueue implements AsyncIterable<string> {
  private readonly lines: string[] = [];
  private wake: (() => void) | undefined;
  private isClosed = false;

  push(line: string): void {
    this.lines.push(line);
    this.wake?.();
  }

  close(): void {
    this.isClosed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<string> {
    for (;;) {
      const line = this.lines.shift();
      if (line !== undefined) {
        yield line;
        continue;
      }
      if (this.isClosed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
