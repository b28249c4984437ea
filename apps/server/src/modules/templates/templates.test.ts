import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutStyle, loadPage, PATHS, readCsvAll, targetsOnScan } from '@scrutineer/audit-core';
import {
  TEMPLATE_MESSAGES as M,
  type AuditJob,
  type MappedTarget,
  type OperationList,
  type TargetMap,
  type TargetMapSaved,
  type TemplateList,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAccount, type Account } from '../../test/elections-fixtures.js';
import { createGeneratedJob } from '../../test/generated-job.js';
import { openJobStore } from '../operations/index.js';
import { waitForStage, type GeneratedElection } from '../../test/pipeline-fixtures.js';

let server: TestServer;
let auditor: Account;
let observer: Account;
let uploader: Account;
let stranger: Account;
let job: AuditJob;
let style: string;

const base = () => `/job-templates/${job.id}`;
const mapPath = () => `${base()}/${encodeURIComponent(style)}`;
const getMapOf = async (name: string, token = auditor.token) => {
  const answer = await server.call<TargetMap>('GET', `${base()}/${encodeURIComponent(name)}`, {
    token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const getMap = (token = auditor.token) => getMapOf(style, token);
const save = (targets: MappedTarget[], token = auditor.token) =>
  server.call<TargetMapSaved>('PUT', mapPath(), { token, body: { targets } });
const download = (path: string, token = auditor.token) =>
  fetch(new URL(`/api${path}`, server.url), { headers: { authorization: `Bearer ${token}` } });

/** The style printed with drop-out targets: the reader finds none, so it gets no template. */
const DROP_OUT = 'S3';
let generated: GeneratedElection;

beforeAll(async () => {
  server = await startTestServer({ PIPELINE_WORKERS: '2', PIPELINE_BATCH_SIZE: '10' });
  [auditor, observer, uploader, stranger] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server),
  ]);
  ({ job, generated } = await createGeneratedJob(server, auditor, {
    seed: 'templates-suite',
    count: 12,
    shape: { dropOutStyles: [DROP_OUT] },
    members: [
      [observer, 'Observer'],
      [uploader, 'Uploader'],
    ],
    stages: ['precheck', 'gen_bif', 'genstyles', 'gentemplates', 'extractvote'],
    // The drop-out style has no template, so its sheets are not read yet.
    expect: { gentemplates: 'PROBLEMS', extractvote: 'PROBLEMS' },
  }));
}, 600_000);
afterAll(async () => server.close());

describe('GET /job-templates/{jobId}', () => {
  it('lists each style with its template, targets against the election file and its residual', async () => {
    const list = await server.call<TemplateList>('GET', base(), { token: auditor.token });
    expect(list.status).toBe(200);
    expect(list.body.can.edit).toBe(true);
    expect(list.body.missing).toEqual([DROP_OUT]);
    expect(list.body.styles.length).toBeGreaterThan(1);
    for (const s of list.body.styles.filter((x) => x.style !== DROP_OUT)) {
      expect(s).toMatchObject({ has_template: true, has_redline: true });
      expect(s.exemplars).toBeGreaterThan(0);
      expect(s.residual).not.toBeNull();
      expect(s.targets_expected).toBeGreaterThan(0);
      // A style whose exemplars hide a target says so, for a person to map it.
      expect(s.problems.length === 0).toBe(s.targets_found === s.targets_expected);
      if (s.targets_found !== s.targets_expected)
        expect(s.problems[0]).toBe(
          `${s.targets_found} targets mapped, the election file defines ${s.targets_expected}`,
        );
    }
    expect(list.body.contests.length).toBeGreaterThan(0);
    style = list.body.styles.find((s) => s.mapping_source === 'eif')?.style ?? '';
    expect(style).not.toBe('');
  });

  it('shows an Observer the styles without the right to edit; hides them from a stranger', async () => {
    const seen = await server.call<TemplateList>('GET', base(), { token: observer.token });
    expect(seen.status).toBe(200);
    expect(seen.body.can.edit).toBe(false);
    expect((await server.call('GET', base(), { token: stranger.token })).status).toBe(404);
  });
});

/** Boxes a person draws round the drop-out targets, where they lie on the style's exemplar. */
async function boxesOnExemplar(): Promise<MappedTarget[]> {
  const response = await download(`${base()}/${DROP_OUT}/images/exemplar`);
  expect(response.status).toBe(200);
  const page = await loadPage(Buffer.from(await response.arrayBuffer()));
  return targetsOnScan(layoutStyle(generated.election, DROP_OUT), page).map((t) => ({
    x: Math.round(t.cx - t.rx) - 2,
    y: Math.round(t.cy - t.ry) - 2,
    width: Math.round(2 * t.rx) + 4,
    height: Math.round(2 * t.ry) + 4,
    contest_id: t.contestId,
    option_id: t.optionId,
  }));
}

describe('a style with no template', () => {
  it('is listed without a template, with its exemplar to map on', async () => {
    const list = await server.call<TemplateList>('GET', base(), { token: observer.token });
    const row = list.body.styles.find((s) => s.style === DROP_OUT);
    expect(row).toMatchObject({
      has_template: false,
      has_exemplar: true,
      has_redline: false,
      targets_found: 0,
      mapping_source: 'none',
      sheets_read: 0,
      edited: null,
    });
    expect(row?.problems[0]).toBe('no template: map its targets on its exemplar');
    const map = await server.call<TargetMap>('GET', `${base()}/${DROP_OUT}`, {
      token: observer.token,
    });
    expect(map.body).toMatchObject({ image: 'exemplar', targets: [], automatic: [] });
    expect(map.body.width).toBe(row?.width);
    const none = await download(`${base()}/${DROP_OUT}/images/template`);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: M.noImage('template') });
  });

  it('refuses an Observer, and a box off the exemplar', async () => {
    const boxes = await boxesOnExemplar();
    const path = `${base()}/${DROP_OUT}`;
    const refused = await server.call('PUT', path, {
      token: observer.token,
      body: { targets: boxes },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: M.auditorOnly } });
    const map = await getMapOf(DROP_OUT);
    const off = await server.call('PUT', path, {
      token: auditor.token,
      body: { targets: [{ ...boxes[0], y: map.height - 4 }] },
    });
    expect(off).toMatchObject({
      status: 400,
      body: { error: M.outside(0, map.width, map.height) },
    });
    expect((await getMapOf(DROP_OUT)).edited).toBeNull();
  });

  it('is mapped on its exemplar; extractvote then reads its sheets as the records do', async () => {
    const boxes = await boxesOnExemplar();
    const saved = await server.call<TargetMapSaved>('PUT', `${base()}/${DROP_OUT}`, {
      token: auditor.token,
      body: { targets: boxes },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.out_of_date).toEqual(['extractvote']);
    expect(saved.body.map).toMatchObject({ image: 'exemplar', targets: boxes, automatic: [] });
    const launched = await server.call<{ operation_id: string }>('POST', '/job-operations', {
      token: auditor.token,
      body: { job_id: job.id, operation: 'extractvote', action: 'rerun' },
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    // While extractvote reads, a save would be read by neither this run nor a later one.
    const meanwhile = await server.call('PUT', `${base()}/${DROP_OUT}`, {
      token: auditor.token,
      body: { targets: boxes.slice(1) },
    });
    expect(meanwhile).toMatchObject({
      status: 409,
      body: { error: M.stageRunning('extractvote') },
    });
    // Every sheet is read now: the drop-out style's too.
    expect((await waitForStage(server, auditor.token, launched.body.operation_id)).status).toBe(
      'SUCCESS',
    );
    const list = await server.call<TemplateList>('GET', base(), { token: auditor.token });
    const row = list.body.styles.find((s) => s.style === DROP_OUT);
    const { store } = await openJobStore(server.deps, job.id);
    const sheets = (await readCsvAll(store, PATHS.votesSheets)).filter((r) => r.style === DROP_OUT);
    expect(sheets.length).toBeGreaterThan(0);
    expect(row).toMatchObject({
      mapping_source: 'edited',
      targets_found: boxes.length,
      sheets_read: sheets.length,
      problems: [],
    });
    expect(list.body.missing).toEqual([]);
    // The records are the truth here (no misreads planted): the image votes agree with them.
    const compared = await server.call<{ operation_id: string }>('POST', '/job-operations', {
      token: auditor.token,
      body: { job_id: job.id, operation: 'cmpcvr' },
    });
    expect(compared.status, JSON.stringify(compared.body)).toBe(200);
    await waitForStage(server, auditor.token, compared.body.operation_id);
    const ids = new Set(sheets.map((r) => r.sheet_id));
    const disagreed = (await readCsvAll(store, PATHS.disagreements)).filter(
      (r) => ids.has(r.sheet_id ?? '') && r.kind === 'Normal Disagreed',
    );
    expect(disagreed).toEqual([]);
  });
});

describe('GET /job-templates/{jobId}/{style}', () => {
  it('answers the automatic map, inside the template image', async () => {
    const map = await getMap(observer.token);
    expect(map.image).toBe('template');
    expect(map.edited).toBeNull();
    expect(map.targets).toEqual(map.automatic);
    // Nothing is printed over these styles' targets: none is read gray on every sheet.
    expect(map.obscured).toEqual([]);
    expect(map.can.edit).toBe(false);
    for (const t of map.targets) expect(t.x + t.width).toBeLessThanOrEqual(map.width);
  });

  it('hides every route of a style from someone outside the job', async () => {
    const token = stranger.token;
    expect((await server.call('GET', mapPath(), { token })).status).toBe(404);
    expect((await server.call('PUT', mapPath(), { token, body: { targets: [] } })).status).toBe(
      404,
    );
    expect((await server.call('DELETE', mapPath(), { token })).status).toBe(404);
    const imported = await server.call('POST', `${mapPath()}/import`, {
      token,
      body: { format: 'json', content: '[]' },
    });
    expect(imported.status).toBe(404);
    expect((await download(`${mapPath()}/export`, token)).status).toBe(404);
  });

  it('answers 404 for a style the job does not have', async () => {
    const answer = await server.call('GET', `${base()}/NOPE`, { token: auditor.token });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: M.styleNotFound('NOPE') });
  });
});

describe('GET /job-templates/{jobId}/{style}/images/{kind}', () => {
  it('serves the template and redline proof as PNG downloads', async () => {
    for (const kind of ['template', 'redline']) {
      const response = await download(`${mapPath()}/images/${kind}`, observer.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('refuses an unknown kind, a missing exemplar and a stranger', async () => {
    expect((await download(`${mapPath()}/images/photo`)).status).toBe(400);
    const none = await download(`${mapPath()}/images/exemplar`);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: M.noImage('exemplar') });
    expect((await download(`${mapPath()}/images/template`, stranger.token)).status).toBe(404);
  });
});

describe('PUT /job-templates/{jobId}/{style}', () => {
  it('refuses an Observer and an Uploader, and saves nothing', async () => {
    const { automatic } = await getMap();
    for (const who of [observer, uploader]) {
      const answer = await save(automatic, who.token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: M.auditorOnly });
    }
    expect((await getMap()).edited).toBeNull();
  });

  it('refuses a box off the page, an option mapped twice, and a contest or option the election lacks', async () => {
    const map = await getMap();
    const [first, second] = map.automatic;
    if (!first || !second) throw new Error('too few targets');
    const cases: [MappedTarget[], string][] = [
      [[{ ...first, x: map.width - 5 }], M.outside(0, map.width, map.height)],
      [
        [first, { ...second, contest_id: first.contest_id, option_id: first.option_id }],
        M.mappedTwice(1, first.contest_id, first.option_id),
      ],
      [[{ ...first, contest_id: 'C999' }], M.contestUnknown(0, 'C999')],
      [[{ ...first, option_id: 'X-1' }], M.optionUnknown(0, first.contest_id, 'X-1')],
    ];
    for (const [targets, error] of cases) {
      const answer = await save(targets);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error });
    }
    const bad = await save([{ ...first, width: -1 }]);
    expect(bad.status).toBe(400);
    expect((await getMap()).edited).toBeNull();
  });

  it('saves the map with who and when, keeps the automatic one and puts extractvote out of date; a rerun reads with it', async () => {
    const { automatic } = await getMap();
    const kept = automatic.slice(1);
    const answer = await save(kept);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // extractvote and the comparison built on it (run for the drop-out style above).
    expect(answer.body.out_of_date).toEqual(['extractvote', 'cmpcvr']);
    expect(answer.body.message).toBe(`${M.saved}. ${M.outOfDate(['extractvote', 'cmpcvr'])}`);
    expect(answer.body.map.targets).toEqual(kept);
    expect(answer.body.map.automatic).toEqual(automatic);
    expect(answer.body.map.edited?.by).toMatch(/^Test Person /);
    expect(Date.parse(answer.body.map.edited?.at ?? '')).not.toBeNaN();
    const ops = await server.call<OperationList>('GET', `/job-operations/${job.id}`, {
      token: auditor.token,
    });
    expect(ops.body.items.find((o) => o.operation === 'extractvote')?.status).toBe('built-new');
    expect(ops.body.items.find((o) => o.operation === 'gentemplates')?.status).not.toBe(
      'built-new',
    );
    // An out-of-date stage runs again as a rerun.
    const launched = await server.call<{ operation_id: string }>('POST', '/job-operations', {
      token: auditor.token,
      body: { job_id: job.id, operation: 'extractvote', action: 'rerun' },
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const rerun = await waitForStage(server, auditor.token, launched.body.operation_id);
    expect(rerun.status).toBe('SUCCESS');
    const list = await server.call<TemplateList>('GET', base(), { token: auditor.token });
    const row = list.body.styles.find((s) => s.style === style);
    expect(row?.mapping_source).toBe('edited');
    expect(row?.targets_found).toBe(automatic.length - 1);
    expect(row?.problems).toEqual([
      `${automatic.length - 1} targets mapped, the election file defines ${automatic.length}`,
    ]);
  });
});

describe('export and import', () => {
  it('exports JSON and CSV downloads that import back to the same map', async () => {
    const map = await getMap();
    for (const format of ['json', 'csv'] as const) {
      const response = await download(`${mapPath()}/export?format=${format}`, observer.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename=".*-targets\\.${format}"`),
      );
      const content = await response.text();
      const refused = await server.call('POST', `${mapPath()}/import`, {
        token: observer.token,
        body: { format, content },
      });
      expect(refused.status).toBe(403);
      const imported = await server.call<TargetMapSaved>('POST', `${mapPath()}/import`, {
        token: auditor.token,
        body: { format, content },
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body.map.targets).toEqual(map.targets);
    }
  });

  it('refuses content that is not a target map', async () => {
    const answer = await server.call<{ error: string }>('POST', `${mapPath()}/import`, {
      token: auditor.token,
      body: { format: 'csv', content: 'x,y\nleft,top\n' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^content: The target map cannot be read: row 2/);
    const json = await server.call('POST', `${mapPath()}/import`, {
      token: auditor.token,
      body: { format: 'json', content: '{not json' },
    });
    expect(json.status).toBe(400);
  });
});

describe('DELETE /job-templates/{jobId}/{style}', () => {
  it('refuses an Observer, then restores the automatic map for the Auditor', async () => {
    expect((await server.call('DELETE', mapPath(), { token: observer.token })).status).toBe(403);
    const answer = await server.call<TargetMapSaved>('DELETE', mapPath(), {
      token: auditor.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.map.edited).toBeNull();
    expect(answer.body.map.targets).toEqual(answer.body.map.automatic);
    const again = await server.call('DELETE', mapPath(), { token: auditor.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: M.notEdited });
  });
});
