import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, createDistrict, createElection } from '../../test/elections-fixtures.js';
import { uploadSet } from '../../test/pipeline-fixtures.js';
import { smallZip } from '../../test/upload-fixtures.js';

const TOKEN = 'scrape-token-for-the-tests';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => server.close());

const scrape = async (target: TestServer, token?: string) => {
  const answer = await fetch(`${target.url}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: answer.status,
    text: await answer.text(),
    type: answer.headers.get('content-type'),
  };
};

/** The value of one series in Prometheus text, or 0 when it is absent. */
const valueOf = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('readiness', () => {
  it('answers ready when the database, blob storage and queue answer', async () => {
    const answer = await server.call<{ status: string; checks: Record<string, { ok: boolean }> }>(
      'GET',
      '/ready',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('ready');
    expect(answer.body.checks).toMatchObject({
      database: { ok: true },
      blobs: { ok: true },
      queue: { ok: true },
    });
  });

  it('answers 503 naming the blob store when it does not answer, while liveness stays 200', async () => {
    const broken = await startTestServer({
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'missing',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    try {
      const ready = await broken.call<{ status: string; checks: Record<string, unknown> }>(
        'GET',
        '/ready',
      );
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('not_ready');
      expect(ready.body.checks.blobs).toMatchObject({ ok: false });
      expect(ready.body.checks.database).toMatchObject({ ok: true });
      expect(JSON.stringify(ready.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      expect((await broken.call('GET', '/health')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('answers 503 naming the database when it is gone', async () => {
    const broken = await startTestServer();
    await broken.deps.database.close();
    const ready = await broken.call<{ checks: Record<string, unknown> }>('GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).toMatchObject({ ok: false, detail: 'does not answer' });
    await broken.close().catch(() => undefined);
  });
});

describe('metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const plain = await startTestServer();
    try {
      expect((await scrape(plain, TOKEN)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a scraper without the token, or with another', async () => {
    expect((await scrape(server)).status).toBe(401);
    expect((await scrape(server, 'another-token-of-some-length')).status).toBe(401);
  });

  it('counts requests by route pattern, not by raw URL', async () => {
    const account = await createAccount(server);
    for (const id of [999_991, 999_992])
      await server.call('GET', `/elections/${id}`, { token: account.token });
    const { status, text, type } = await scrape(server, TOKEN);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(
      valueOf(
        text,
        'scrutineer_http_requests_total{method="GET",route="/api/elections/:id",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(text).toContain(
      'scrutineer_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/elections/:id"}',
    );
    expect(text).not.toContain('/elections/999991');
  });

  it('reports the pipeline from the database: queue depth and age per stage, workers alive', async () => {
    await server.call('GET', '/ready'); // starts this server's pipeline handlers
    const { text } = await scrape(server, TOKEN);
    for (const stage of ['precheck', 'extractvote', 'genreport']) {
      expect(text).toContain(`scrutineer_pipeline_queue_depth{stage="${stage}"} 0`);
      expect(text).toContain(`scrutineer_pipeline_queue_oldest_seconds{stage="${stage}"} 0`);
      expect(text).toContain(`scrutineer_pipeline_batches_per_second{stage="${stage}"} 0`);
    }
    expect(valueOf(text, 'scrutineer_pipeline_workers_alive{role="api"}')).toBe(1);
    expect(valueOf(text, 'scrutineer_pipeline_metrics_up')).toBe(1);
    expect(text).toMatch(
      /scrutineer_pipeline_worker_heartbeat_age_seconds\{worker="[^"]+",role="api"\}/,
    );
  });

  it('adds the bytes of each completed upload', async () => {
    const before = valueOf((await scrape(server, TOKEN)).text, 'scrutineer_upload_bytes_total');
    const owner = await createAccount(server, { role: 'Client' });
    const district = await createDistrict(server, owner.token);
    const election = await createElection(server, owner.token, district.id);
    const zip = await smallZip();
    await uploadSet(server, owner.token, election.id, 'ballots.zip', 'BIA', zip);
    const after = valueOf((await scrape(server, TOKEN)).text, 'scrutineer_upload_bytes_total');
    expect(after - before).toBe(zip.length);
  });
});
