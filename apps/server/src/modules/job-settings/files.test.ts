import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_FILE_MESSAGES,
  MESSAGES,
  SETTINGS_MESSAGES,
  type AuditJob,
  type GeneratedJson,
  type JobFile,
  type JobSettings,
  type JobSettingsFile,
} from '@scrutineer/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { createJob, fetchBytes, postForm, uploadElectionSet } from '../../test/jobs-fixtures.js';
import { parseJobCsv } from './index.js';

type Saved = { message: string; file: JobFile };

let server: TestServer;
let auditor: Account;
let uploader: Account;
let observer: Account;
let stranger: Account;
let admin: Account;
let electionId: number;

beforeAll(async () => {
  server = await startTestServer();
  [auditor, uploader, observer, stranger, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server),
    createAccount(server, { role: 'Admin' }),
  ]);
  const district = await createDistrict(server, auditor.token);
  const election = await createElection(server, auditor.token, district.id, {
    name: 'November General',
    privacy: 'Open',
  });
  electionId = election.id;
  await addToElection(server, auditor.token, electionId, uploader, 'Uploader');
  await addToElection(server, auditor.token, electionId, observer, 'Observer');
  await uploadElectionSet(server, auditor.token, electionId, 'precincts-1-40.zip', 'BIA');
  await uploadElectionSet(server, auditor.token, electionId, 'precincts-41-80.zip', 'BIA');
  await uploadElectionSet(server, auditor.token, electionId, 'cvr-export.zip', 'CVR');
});
afterAll(async () => server.close());

const newJob = (name = 'County audit') => createJob(server, auditor.token, electionId, { name });

const valid: JobSettings = {
  bia_specs: [
    { argument: 'vendor', value: 'Dominion' },
    { argument: 'election_name', value: 'November General' },
    { argument: 'source', value: 'precincts-1-40.zip' },
    { argument: 'source', value: 'precincts-41-80.zip' },
    { argument: 'image_dpi', value: '300' },
    { argument: 'include_archives', value: ' precincts-1-40.zip , precincts-41-80.zip ' },
  ],
  cvr_specs: [
    { argument: 'cvr', value: 'cvr-export.zip' },
    { argument: 'ignore_write_ins', value: 'true' },
  ],
};

describe('job settings written as the JOB file', () => {
  it('round-trips: saved, listed, downloaded, parsed back to the same settings', async () => {
    const job = await newJob('Round trip');
    const saved = await server.call<Saved>('POST', `/job-settings/${job.id}`, {
      token: auditor.token,
      body: { job_id: job.id, file_name: 'JOB_Round_trip.csv', file_type: 'JOB', settings: valid },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({
      message: JOB_FILE_MESSAGES.jobFileSaved,
      file: {
        file_name: 'JOB_Round_trip.csv',
        file_type: 'JOB',
        can: { update: true, delete: true },
      },
    });
    const normalised: JobSettings = {
      bia_specs: valid.bia_specs!.map((e) =>
        e.argument === 'include_archives'
          ? { ...e, value: 'precincts-1-40.zip,precincts-41-80.zip' }
          : e,
      ),
      cvr_specs: [
        { argument: 'cvr', value: 'cvr-export.zip' },
        { argument: 'ignore_write_ins', value: 'TRUE' },
      ],
    };
    const download = await fetchBytes(server, saved.body.file.url, uploader.token);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('JOB_Round_trip.csv');
    expect(download.text.split('\n')[0]).toBe('group,argument,value');
    expect(parseJobCsv(download.text)).toEqual(normalised);
    const read = await server.call<JobSettingsFile>(
      'GET',
      `/job-settings/${job.id}/JOB_Round_trip.csv`,
      { token: auditor.token },
    );
    expect(read.body).toEqual({
      file_name: 'JOB_Round_trip.csv',
      file_type: 'JOB',
      settings: normalised,
    });
    const again = await server.call('POST', `/job-settings/${job.id}`, {
      token: auditor.token,
      body: { file_name: 'JOB_other.csv', settings: valid },
    });
    expect(again).toMatchObject({ status: 409, body: { error: JOB_FILE_MESSAGES.jobFileExists } });
  });

  it('refuses settings that do not follow the specs, naming the argument', async () => {
    const job = await newJob('Refusals');
    const withBia = (extra: { argument: string; value: string }[]) => ({
      ...valid,
      bia_specs: [...valid.bia_specs!, ...extra],
    });
    const cases: [JobSettings, string, string?][] = [
      [
        withBia([{ argument: 'colour', value: 'red' }]),
        SETTINGS_MESSAGES.unknownArgument('bia_specs', 'colour'),
      ],
      [
        { ...valid, nope_specs: [{ argument: 'a', value: '1' }] },
        SETTINGS_MESSAGES.unknownGroup('nope_specs'),
      ],
      [
        {
          ...valid,
          bia_specs: valid.bia_specs!.map((e) =>
            e.argument === 'image_dpi' ? { ...e, value: 'high' } : e,
          ),
        },
        SETTINGS_MESSAGES.notInt('image_dpi'),
      ],
      [
        { ...valid, bia_specs: valid.bia_specs!.filter((e) => e.argument !== 'vendor') },
        SETTINGS_MESSAGES.required('vendor'),
      ],
      [
        {
          ...valid,
          bia_specs: valid.bia_specs!.map((e) =>
            e.argument === 'vendor' ? { ...e, value: ' ' } : e,
          ),
        },
        SETTINGS_MESSAGES.required('vendor'),
      ],
      [withBia([{ argument: 'vendor', value: 'ES&S' }]), SETTINGS_MESSAGES.notMulti('vendor')],
      [
        withBia([{ argument: 'use_lambdas', value: 'TRUE' }]),
        SETTINGS_MESSAGES.deprecated('use_lambdas'),
      ],
      [
        { ...valid, cvr_specs: [{ argument: 'cvr_layout', value: 'paper' }] },
        SETTINGS_MESSAGES.notChoice('cvr_layout', [
          'auto',
          'dominion-json',
          'dominion-csv',
          'ess',
          'hart-xml',
          'clearballot',
        ]),
      ],
      [
        { ...valid, cvr_specs: [{ argument: 'ignore_write_ins', value: 'maybe' }] },
        SETTINGS_MESSAGES.notBool('ignore_write_ins'),
      ],
      [
        { bia_specs: [{ argument: 'image_dpi', value: '300' }] },
        SETTINGS_MESSAGES.wrongStage(
          'image_dpi',
          'gen_bif,genstyles,gentemplates,extractvote',
          'cmpcvr',
        ),
        'cmpcvr',
      ],
    ];
    for (const [settings, error, stage] of cases) {
      const answer = await server.call('POST', `/job-settings/${job.id}`, {
        token: auditor.token,
        body: { file_name: 'JOB_Refusals.csv', settings, ...(stage ? { stage } : {}) },
      });
      expect(answer, error).toMatchObject({ status: 400, body: { error } });
    }
    const list = await server.call<{ items: JobFile[] }>('GET', `/job-settings/${job.id}`, {
      token: auditor.token,
    });
    expect(list.body.items.filter((f) => !f.adopted)).toEqual([]);
    const stageOk = await server.call('POST', `/job-settings/${job.id}`, {
      token: auditor.token,
      body: {
        file_name: 'Stage',
        settings: { bia_specs: [{ argument: 'image_dpi', value: '300' }] },
        stage: 'extractvote',
      },
    });
    expect(stageOk.status).toBe(201);
    expect((stageOk.body as Saved).file.file_name).toBe('JOB_Stage.csv');
  });

  it('updates: renames, merges one argument back to its default, and adopts all defaults', async () => {
    const job = await newJob('Updates');
    await server.call('POST', `/job-settings/${job.id}`, {
      token: auditor.token,
      body: { file_name: 'JOB_Updates.csv', settings: valid },
    });
    const renamed = await server.call<Saved>('PUT', `/job-settings/${job.id}`, {
      token: uploader.token,
      body: {
        is_update: true,
        file_name: 'JOB_Updates_v2.csv',
        old_file_name: 'JOB_Updates.csv',
        settings: valid,
        deleted_item: { group: 'bia_specs', argument: 'image_dpi' },
      },
    });
    expect(renamed.body).toMatchObject({
      message: JOB_FILE_MESSAGES.merged('image_dpi'),
      file: { file_name: 'JOB_Updates_v2.csv' },
    });
    const gone = await server.call('GET', `/job-settings/${job.id}/JOB_Updates.csv`, {
      token: auditor.token,
    });
    expect(gone.status).toBe(404);
    const merged = await server.call<JobSettingsFile>(
      'GET',
      `/job-settings/adopted-files/${job.id}/JOB_Updates_v2.csv`,
      {
        token: auditor.token,
      },
    );
    expect(merged.body.settings.bia_specs?.some((e) => e.argument === 'image_dpi')).toBe(false);
    const adopted = await server.call<Saved>('PUT', `/job-settings/${job.id}`, {
      token: auditor.token,
      body: { file_name: 'JOB_Updates_v2.csv', settings: merged.body.settings, adopt_all: true },
    });
    expect(adopted.status).toBe(200);
    const all = await server.call<JobSettingsFile>(
      'GET',
      `/job-settings/${job.id}/JOB_Updates_v2.csv`,
      {
        token: auditor.token,
      },
    );
    expect(all.body.settings.bia_specs).toContainEqual({ argument: 'image_dpi', value: '200' });
    expect(all.body.settings.vote_specs).toContainEqual({
      argument: 'mark_threshold',
      value: '30',
    });
    const missing = await server.call('PUT', `/job-settings/${job.id}`, {
      token: auditor.token,
      body: { file_name: 'JOB_none.csv', settings: valid },
    });
    expect(missing).toMatchObject({ status: 404, body: { error: JOB_FILE_MESSAGES.noSuchFile } });
    const notFound = await server.call(
      'GET',
      `/job-settings/adopted-files/${job.id}/JOB_none.csv`,
      {
        token: auditor.token,
      },
    );
    expect(notFound).toMatchObject({
      status: 404,
      body: { error: JOB_FILE_MESSAGES.adoptedNotFound },
    });
  });
});

describe('generated JSON and vendor templates', () => {
  it("names the job's adopted archives and CVR files", async () => {
    const job = await newJob('Generated');
    const adopted = await server.call<{ items: JobFile[] }>(
      'GET',
      `/job-settings/adopted-files/${job.id}`,
      {
        token: observer.token,
      },
    );
    expect(adopted.body.items.map((f) => [f.file_name, f.file_type])).toEqual([
      ['precincts-1-40.zip', 'BIA'],
      ['precincts-41-80.zip', 'BIA'],
      ['cvr-export.zip', 'CVR'],
    ]);
    const created = await server.call<Saved>('POST', '/job-settings/generate-file', {
      token: auditor.token,
      body: { job_id: job.id, file_type: 'JSON', isUpdate: false },
    });
    expect(created.body).toMatchObject({
      message: JOB_FILE_MESSAGES.jsonFileSaved,
      file: { file_name: 'Generated-setting.json', file_type: 'JSON' },
    });
    const download = await fetchBytes(server, created.body.file.url, auditor.token);
    const json = JSON.parse(download.text) as GeneratedJson;
    expect(json).toEqual({
      archives_folder_s3path: `elections/${electionId}/files`,
      cvr: ['cvr-export.zip'],
      election_name: 'November General',
      job_folder_s3path: `jobs/${job.id}`,
      job_name: 'Generated',
      source: ['precincts-1-40.zip', 'precincts-41-80.zip'],
      style_masters: [],
    });
    const twice = await server.call('POST', '/job-settings/generate-file', {
      token: auditor.token,
      body: { job_id: job.id, isUpdate: false },
    });
    expect(twice).toMatchObject({
      status: 409,
      body: { error: JOB_FILE_MESSAGES.fileExists('Generated-setting.json') },
    });
    const edited = await server.call<Saved>('POST', '/job-settings/generate-file', {
      token: auditor.token,
      body: {
        job_id: job.id,
        json_data: JSON.stringify({ ...json, job_name: 'Edited' }),
        isUpdate: true,
      },
    });
    expect(edited.body.message).toBe(JOB_FILE_MESSAGES.jsonUpdated);
    const read = await server.call<JobSettingsFile>(
      'GET',
      `/job-settings/${job.id}/Generated-setting.json`,
      {
        token: auditor.token,
      },
    );
    expect(read.body.json_data).toMatchObject({ job_name: 'Edited' });
    const bad = await server.call('POST', '/job-settings/generate-file', {
      token: auditor.token,
      body: { job_id: job.id, json_data: '{oops', isUpdate: true },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: JOB_FILE_MESSAGES.badJson } });
  });

  it('writes a vendor template with the adopted files; refuses no vendor and a second JOB file', async () => {
    const job = await newJob('Vendor');
    const none = await server.call('POST', '/vendor-template', {
      token: auditor.token,
      body: { job_id: job.id, vendor: '' },
    });
    expect(none).toMatchObject({ status: 400, body: { error: JOB_FILE_MESSAGES.chooseVendor } });
    const saved = await server.call<Saved>('POST', '/vendor-template', {
      token: auditor.token,
      body: { job_id: job.id, vendor: 'ES&S', isUpdate: false },
    });
    expect(saved.body).toMatchObject({
      message: JOB_FILE_MESSAGES.vendorSaved,
      file: { file_name: 'JOB_Vendor.csv' },
    });
    const read = await server.call<JobSettingsFile>(
      'GET',
      `/job-settings/${job.id}/JOB_Vendor.csv`,
      {
        token: auditor.token,
      },
    );
    expect(read.body.settings.bia_specs).toEqual([
      { argument: 'vendor', value: 'ES&S' },
      { argument: 'image_format', value: 'tif' },
      { argument: 'election_name', value: 'November General' },
      { argument: 'source', value: 'precincts-1-40.zip' },
      { argument: 'source', value: 'precincts-41-80.zip' },
    ]);
    expect(read.body.settings.cvr_specs).toEqual([
      { argument: 'cvr_layout', value: 'ess' },
      { argument: 'cvr', value: 'cvr-export.zip' },
    ]);
    const twice = await server.call('POST', '/vendor-template', {
      token: auditor.token,
      body: { job_id: job.id, vendor: 'Dominion' },
    });
    expect(twice).toMatchObject({ status: 409, body: { error: JOB_FILE_MESSAGES.jobFileExists } });
    const replaced = await server.call('POST', '/vendor-template', {
      token: auditor.token,
      body: { job_id: job.id, vendor: 'Dominion', isUpdate: true },
    });
    expect(replaced.status).toBe(200);
  });
});

describe('POST /job-settings/upload', () => {
  const eif = 'contest,option\nMayor,Alice\nMayor,Bob\n';
  it('stores CSV files by type and refuses wrong types, sizes, counts and a second file of a type', async () => {
    const job = await newJob('Uploads');
    const upload = (
      fields: Record<string, string>,
      files: { name: string; content: string | Buffer; type?: string }[],
      token = uploader.token,
    ) =>
      postForm<Saved & { error?: string }>(
        server,
        '/job-settings/upload',
        token,
        { job_id: String(job.id), ...fields },
        files.map((f) => ({
          field: 'file',
          name: f.name,
          type: f.type ?? 'text/csv',
          content: f.content,
        })),
      );
    const ok = await upload({ file_type: 'EIF' }, [{ name: 'election-info.csv', content: eif }]);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      message: JOB_FILE_MESSAGES.uploaded,
      file: { file_name: 'election-info.csv', file_type: 'EIF', size: eif.length },
    });
    const again = await upload({ file_type: 'EIF' }, [{ name: 'more-info.csv', content: eif }]);
    expect(again).toMatchObject({ status: 409, body: { error: JOB_FILE_MESSAGES.typeExists } });
    const notCsv = await upload({ file_type: 'BOF' }, [
      { name: 'options.txt', content: eif, type: 'text/plain' },
    ]);
    expect(notCsv).toMatchObject({
      status: 400,
      body: { error: `options.txt: ${JOB_FILE_MESSAGES.csvOnly}` },
    });
    const big = await upload({ file_type: 'BOF' }, [
      { name: 'options.csv', content: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') },
    ]);
    expect(big).toMatchObject({ status: 400, body: { error: JOB_FILE_MESSAGES.tooLarge } });
    const five = await upload(
      { file_type: 'BOF' },
      ['a', 'b', 'c', 'd', 'e'].map((n) => ({ name: `${n}.csv`, content: eif })),
    );
    expect(five).toMatchObject({ status: 400, body: { error: JOB_FILE_MESSAGES.tooMany } });
    const badJob = await upload({}, [
      { name: 'JOB_Uploads.csv', content: 'group,argument,value\nbia_specs,colour,red\n' },
    ]);
    expect(badJob).toMatchObject({
      status: 400,
      body: {
        error: `JOB_Uploads.csv: ${SETTINGS_MESSAGES.unknownArgument('bia_specs', 'colour')}`,
      },
    });
    const noType = await upload({}, [{ name: 'styles.csv', content: eif }]);
    expect(noType).toMatchObject({ status: 400, body: { error: JOB_FILE_MESSAGES.unknownType } });
    const asObserver = await upload(
      { file_type: 'STC' },
      [{ name: 'styles.csv', content: eif }],
      observer.token,
    );
    expect(asObserver).toMatchObject({ status: 403, body: { error: JOB_FILE_MESSAGES.filesRole } });
    const asStranger = await upload(
      { file_type: 'STC' },
      [{ name: 'styles.csv', content: eif }],
      stranger.token,
    );
    expect(asStranger.status).toBe(404);
    const two = await upload({ file_type: 'STC' }, [
      { name: 'styles.csv', content: eif },
      {
        name: 'JOB_Uploads.csv',
        content: 'group,argument,value\nbia_specs,vendor,Hart\nbia_specs,election_name,X\n',
      },
    ]);
    expect(two.status).toBe(201);
    expect((two.body as unknown as { files: JobFile[] }).files.map((f) => f.file_type)).toEqual([
      'STC',
      'JOB',
    ]);
    const list = await server.call<{ items: JobFile[] }>(
      'GET',
      `/job-settings/${job.id}?search=csv`,
      { token: auditor.token },
    );
    expect(list.body.items.map((f) => f.file_name)).toEqual([
      'election-info.csv',
      'styles.csv',
      'JOB_Uploads.csv',
    ]);
    expect(list.body.items.find((f) => f.file_type === 'EIF')?.can).toEqual({
      update: false,
      delete: true,
    });
  });
});

describe('DELETE /job-settings/{jobId}/{fileName} and reads', () => {
  it('lets an Uploader delete a job file; an Observer cannot list or delete', async () => {
    const job: AuditJob = await newJob('Deletes');
    await server.call('POST', '/job-settings/generate-file', {
      token: auditor.token,
      body: { job_id: job.id },
    });
    const listObserver = await server.call('GET', `/job-settings/${job.id}`, {
      token: observer.token,
    });
    expect(listObserver).toMatchObject({
      status: 403,
      body: { error: JOB_FILE_MESSAGES.filesRole },
    });
    const byObserver = await server.call('DELETE', `/job-settings/${job.id}/Deletes-setting.json`, {
      token: observer.token,
    });
    expect(byObserver.status).toBe(403);
    const deleted = await server.call('DELETE', `/job-settings/${job.id}/Deletes-setting.json`, {
      token: uploader.token,
    });
    expect(deleted.body).toEqual({ message: JOB_FILE_MESSAGES.deleted });
    const again = await server.call('DELETE', `/job-settings/${job.id}/Deletes-setting.json`, {
      token: uploader.token,
    });
    expect(again.status).toBe(404);
    const stages = await server.call<{ stages: string[] }>(
      'GET',
      `/job-settings/stages/${job.id}`,
      { token: observer.token },
    );
    expect(stages.body.stages[0]).toBe('precheck');
  });
});

describe('Audit_jobs_setting.json', () => {
  it('is saved by an Admin and read by everyone', async () => {
    const empty = await server.call('POST', '/job-settings/generate-setting-file', {
      token: admin.token,
      body: { file_name: 'Audit_jobs_setting.json', json_data: '' },
    });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: `json_data: ${MESSAGES.required}` },
    });
    const saved = await server.call('POST', '/job-settings/generate-setting-file', {
      token: admin.token,
      body: { json_data: { default_vendor: 'Dominion' }, isUpdate: true },
    });
    expect(saved.body).toMatchObject({ message: JOB_FILE_MESSAGES.jsonUpdated });
    const byUser = await server.call('POST', '/job-settings/generate-setting-file', {
      token: auditor.token,
      body: { json_data: {} },
    });
    expect(byUser.status).toBe(403);
    const read = await server.call('GET', '/job-settings/get-file/Audit_jobs_setting.json', {
      token: observer.token,
    });
    expect(read.body).toEqual({
      file_name: 'Audit_jobs_setting.json',
      json_data: { default_vendor: 'Dominion' },
    });
  });
});
