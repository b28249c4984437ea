// What the pipeline benches share: a client of the API as the bench's Admin, and a generated
// election with planted discrepancies uploaded to a new district and opened as a job.
import { createWriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import yazl from 'yazl';
import {
  directorySink,
  makeElection,
  writeSyntheticElection,
  type WrittenElection,
} from '../../packages/audit-core/src/index.js';
import { encodePassword } from '../../packages/contracts/src/index.js';

export const BENCH_ADMIN = { email: 'admin@scrutineer.local', password: 'admin-password' };

type Session = { access_token: string; refresh_token: string };
export interface StageReport {
  text: string;
  url: string;
}
export interface StageDone {
  seconds: number;
  runId: string;
  operation: { result: string; reports: StageReport[] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The API as the bench's Admin. Calls are spread over the instances given, as a proxy would;
 * one that does not answer (or sheds with 503) is passed over for the next, which counts as a
 * fail-over. Access tokens live 15 minutes and a long run takes longer, so a refused call
 * spends the refresh token, as the web app's client does, and signs in again if that fails.
 */
export class BenchClient {
  failovers = 0;
  private next = 0;
  private session: Session | null = null;

  constructor(private readonly instances: () => string[]) {}

  /** An instance's address, for the relative links the API answers with. */
  base(): string {
    const [first] = this.instances();
    if (!first) throw new Error('no API instance is alive');
    return first;
  }

  async send(method: string, apiPath: string, body?: unknown): Promise<Response> {
    for (let tries = 0; tries < 8; tries += 1) {
      const urls = this.instances();
      const url = urls[this.next++ % urls.length];
      if (!url) throw new Error('no API instance is alive');
      try {
        const response = await fetch(`${url}/api${apiPath}`, {
          method,
          headers: {
            ...(this.session && !apiPath.startsWith('/auth/')
              ? { authorization: `Bearer ${this.session.access_token}` }
              : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        if (response.status !== 503) return response;
      } catch {
        // refused or reset: the instance is gone
      }
      this.failovers += 1;
      await sleep(200);
    }
    throw new Error(`${method} ${apiPath}: no instance answered`);
  }

  async signIn(): Promise<void> {
    const response = await this.send('POST', '/auth/sign-in', {
      email: BENCH_ADMIN.email,
      password: encodePassword(BENCH_ADMIN.password),
    });
    if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
    this.session = (await response.json()) as Session;
  }

  private async renew(): Promise<void> {
    const response = await this.send('POST', '/auth/refresh', {
      refresh_token: this.session?.refresh_token,
    });
    if (response.ok) this.session = (await response.json()) as Session;
    else await this.signIn();
  }

  async call<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
    let response = await this.send(method, apiPath, body);
    if (response.status === 401 && this.session) {
      await this.renew();
      response = await this.send(method, apiPath, body);
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** A link the API gave (a report, a part URL), relative or not, fetched as text. */
  async fetchText(link: string): Promise<string> {
    return (await fetch(new URL(link, this.base()))).text();
  }

  /** Uploads an election file through the signed part links, as the web app does. */
  async upload(electionId: number, name: string, type: string, bytes: Buffer): Promise<void> {
    const started = await this.call<{ id: number; urls: string[]; chunk_size: number }>(
      'POST',
      '/files',
      { election_id: electionId, file_type: type, file_name: name, file_size: bytes.length },
    );
    const parts = [];
    for (const [i, url] of started.urls.entries()) {
      const slice = new Uint8Array(
        bytes.subarray(i * started.chunk_size, (i + 1) * started.chunk_size),
      );
      const answer = await fetch(new URL(url, this.base()), { method: 'PUT', body: slice });
      if (!answer.ok) throw new Error(`part ${i + 1}: ${answer.status}`);
      parts.push({ PartNumber: i + 1, ETag: answer.headers.get('etag') ?? '' });
    }
    await this.call('PUT', `/files/${started.id}`, { status: 'Uploaded', upload_parts: parts });
  }

  /**
   * Launches a stage and polls it to its end; anything but SUCCESS throws. `during` runs beside
   * the stage (the fault run's kills) and is awaited before the answer.
   */
  async runStage(
    jobId: number,
    stage: string,
    force = false,
    during?: (runId: string) => Promise<void>,
  ): Promise<StageDone> {
    const t0 = performance.now();
    const launched = await this.call<{ operation_id: string }>('POST', '/job-operations', {
      job_id: jobId,
      operation: stage,
      force_rebuild: force,
    });
    const side = during?.(launched.operation_id);
    for (;;) {
      const poll = await this.call<{
        status: string;
        operation: { result: string; reports: StageReport[] };
      }>('GET', `/job-operations/refresh_status/${launched.operation_id}`);
      if (poll.status !== 'RUNNING') {
        const seconds = (performance.now() - t0) / 1000;
        await side;
        if (poll.status !== 'SUCCESS')
          throw new Error(`${stage}: ${poll.status} ${poll.operation.result}`);
        return { seconds, runId: launched.operation_id, operation: poll.operation };
      }
      await sleep(500);
    }
  }
}

export interface SeededJob {
  jobId: number;
  written: WrittenElection;
  generatedSeconds: number;
}

/**
 * A district and an election holding `count` generated ballots (Dominion JSON records, 10
 * misread marks, 3 ballots without a record and 3 records without a ballot), and a job on it
 * with the election file as its JSON job file.
 */
export async function seedBenchJob(
  client: BenchClient,
  options: { work: string; count: number; seed: string; district: string; name: string },
): Promise<SeededJob> {
  const district = await client.call<{ id: number }>('POST', '/districts', {
    country: 'US',
    state_name: 'CA',
    district_name: options.district,
    email: 'clerk@example.org',
  });
  const vote = await client.call<{ id: number }>('POST', '/elections', {
    name: `${options.name} General`,
    e_type: 'General',
    privacy: 'Public',
    districtId: district.id,
    date: '11-05-2024',
  });
  const election = makeElection({ seed: options.seed });
  const generating = performance.now();
  const written = await writeSyntheticElection(
    election,
    {
      count: options.count,
      batchSize: 100,
      misreads: 10,
      missing: 3,
      extra: 3,
      swapBatches: false,
      formats: ['dominion-json'],
    },
    createWriteStream(path.join(options.work, 'ballots.zip')),
    directorySink(path.join(options.work, 'cvr')),
  );
  const generatedSeconds = (performance.now() - generating) / 1000;
  console.log(`generated ${options.count} ballots in ${generatedSeconds.toFixed(0)} s`);
  const zip = new yazl.ZipFile();
  for (const name of await readdir(path.join(options.work, 'cvr')))
    if (!['election.json', 'discrepancies.json', 'truth.jsonl'].includes(name))
      zip.addFile(path.join(options.work, 'cvr', name), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const ballots = await readFile(path.join(options.work, 'ballots.zip'));
  await client.upload(vote.id, 'ballots.zip', 'BIA', ballots);
  await client.upload(vote.id, 'cvr-export.zip', 'CVR', Buffer.concat(chunks));
  const job = await client.call<{ id: number }>('POST', '/audit-jobs', {
    name: `${options.name} audit`,
    election_id: vote.id,
  });
  // The engine's election definition, as a JSON job file holding `contests`.
  await client.call('POST', '/job-settings/generate-file', {
    job_id: job.id,
    file_name: 'election.json',
    json_data: election,
    file_type: 'JSON',
  });
  return { jobId: job.id, written, generatedSeconds };
}
