import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { QUEUE_WORK_CHANNEL, startQueue, type Queue } from './queue.js';

let server: TestServer;
let sender: Queue;
let taker: Queue;
const NAME = 'queue-test';
beforeAll(async () => {
  server = await startTestServer({ PIPELINE_WORKERS: '0' });
  // Two queues on one database: the one that sends and the one whose handlers take the work,
  // as an API instance and a worker process are.
  sender = await startQueue(server.deps.database, [NAME], () => undefined);
  taker = await startQueue(server.deps.database, [NAME], () => undefined);
});
afterAll(async () => {
  await taker.stop();
  await sender.stop();
  await server.close();
});

describe('the work queue', () => {
  it('hands each of many jobs sent at once to one handler, once, and tells the takers which queue has work', async () => {
    const heard: string[] = [];
    const unlisten = await server.deps.database.listen(QUEUE_WORK_CHANNEL, (name) =>
      heard.push(name),
    );
    const taken: number[] = [];
    let allTaken: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (allTaken = resolve));
    await taker.work<{ index: number }>(NAME, 3, async (job) => {
      taken.push(job.data.index);
      if (taken.length === 25) allTaken();
    });
    await sender.sendMany(
      NAME,
      Array.from({ length: 24 }, (_, index) => ({ index })),
    );
    await sender.send(NAME, { index: 24 });
    await done;
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(await sender.size(NAME)).toBe(0);
    for (let i = 0; i < 100 && heard.length < 2; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([NAME, NAME]);
    await unlisten();
  });
});
