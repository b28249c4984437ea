import type { Body, JobStore, StoredObject } from '@scrutineer/audit-core';

/**
 * A tool run's view of a job: it reads the job's pipeline (inputs and stage outputs) and
 * writes only into its own folder, so a tool never changes a stage's outputs.
 */
export class ToolStore implements JobStore {
  constructor(
    private readonly base: JobStore,
    readonly out: JobStore,
  ) {}

  async read(key: string) {
    return (await this.out.exists(key)) ? this.out.read(key) : this.base.read(key);
  }

  write(key: string, body: Body) {
    return this.out.write(key, body);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const found = new Map<string, StoredObject>();
    for await (const object of this.base.list(prefix)) found.set(object.key, object);
    for await (const object of this.out.list(prefix)) found.set(object.key, object);
    yield* [...found.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async exists(key: string) {
    return (await this.out.exists(key)) || this.base.exists(key);
  }

  remove(prefix: string) {
    return this.out.remove(prefix);
  }
}
