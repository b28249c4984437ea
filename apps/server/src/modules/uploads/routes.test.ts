import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  UPLOAD_MESSAGES,
  type District,
  type Election,
  type UploadRequest,
} from '@scrutineer/contracts';
import { startTestServer, type ApiAnswer, type TestServer } from '../../test/harness.js';
import {
  addToElection,
  createAccount,
  createDistrict,
  createElection,
  type Account,
} from '../../test/elections-fixtures.js';
import { generalLinkToken, sendParts, smallZip, type Started } from '../../test/upload-fixtures.js';

// Every route of the uploads area, for elections and districts: the happy path, validation,
// and the refusals (Observer, another election's or district's files, no session, and for
// public links a wrong token, another request's file and an expired link).

let server: TestServer;
let auditor: Account;
let uploader: Account;
let observer: Account;
let stranger: Account;
let admin: Account;
let district: District;
let election: Election;
let otherDistrict: District;
let otherElection: Election;
beforeAll(async () => {
  server = await startTestServer();
  [auditor, uploader, observer, stranger, admin] = await Promise.all([
    createAccount(server, { role: 'Client' }),
    createAccount(server),
    createAccount(server),
    createAccount(server, { role: 'Client' }),
    createAccount(server, { role: 'Admin' }),
  ]);
  district = await createDistrict(server, auditor.token);
  election = await createElection(server, auditor.token, district.id);
  // An Observer of an election is an Observer of its district.
  await addToElection(server, auditor.token, election.id, uploader, 'Uploader');
  await addToElection(server, auditor.token, election.id, observer, 'Observer');
  otherDistrict = await createDistrict(server, stranger.token);
  otherElection = await createElection(server, stranger.token, otherDistrict.id);
});
afterAll(async () => server.close());

type Call = () => Promise<ApiAnswer>;
type Case = [label: string, call: Call, status: number, error?: string];

/** Runs the calls in order and lists every answer that differs from the expected one. */
async function expectAnswers(cases: Case[]) {
  const wrong: string[] = [];
  for (const [label, call, status, error] of cases) {
    const answer = await call();
    const got = (answer.body as { error?: string }).error ?? '';
    if (answer.status !== status || (error !== undefined && got !== error)) {
      wrong.push(`${label}: expected ${status} ${error ?? ''}, got ${answer.status} ${got}`);
    }
  }
  expect(wrong).toEqual([]);
}

const as =
  (account: Account | null, method: string, path: string, body?: unknown): Call =>
  () =>
    server.call(method, path, {
      ...(account ? { token: account.token } : {}),
      ...(body === undefined ? {} : { body }),
    });

const OWNER_TYPES = [
  {
    type: 'election',
    key: 'election_id',
    sets: '/files',
    files: '/upload-files',
    requested: '/requested-files',
    requests: '/upload-requests',
    link: '/direct-upload',
    otherLink: '/direct-district-upload',
    urlPath: '/upload/',
    ownerId: () => election.id,
    otherId: () => otherElection.id,
    // Districts have no Uploader members of their own: their Auditor uploads.
    member: () => uploader,
  },
  {
    type: 'district',
    key: 'district_id',
    sets: '/files-district',
    files: '/upload-district-files',
    requested: '/requested-district-files',
    requests: '/upload-district-requests',
    link: '/direct-district-upload',
    otherLink: '/direct-upload',
    urlPath: '/upload-district/',
    ownerId: () => district.id,
    otherId: () => otherDistrict.id,
    member: () => auditor,
  },
] as const;

describe.each(OWNER_TYPES)('$type uploads', (owner) => {
  const ownerBody = () => ({ [owner.key]: owner.ownerId() });
  const required = `${owner.key}: Required.`;
  const forbidden = UPLOAD_MESSAGES.uploadersOnly;

  async function startFile(base: string, account: Account, body: Record<string, unknown>) {
    const started = await server.call<Started>('POST', base, { token: account.token, body });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return started.body;
  }

  it('file sets: create, list, parts, edit, complete, adoptable, adopt and delete', async () => {
    const zip = await smallZip();
    const setBody = { ...ownerBody(), file_name: 'set.zip', file_size: zip.length };
    const theirs = await startFile(owner.sets, stranger, {
      [owner.key]: owner.otherId(),
      file_name: 'theirs.zip',
      file_size: zip.length,
    });
    const direct = await startFile(owner.files, auditor, {
      ...ownerBody(),
      file_name: 'direct.zip',
      file_size: zip.length,
    });
    await server.call('PUT', `${owner.files}/${direct.id}`, {
      token: auditor.token,
      body: { status: 'Success', upload_parts: await sendParts(server, direct, zip) },
    });
    let set: Started | undefined;
    await expectAnswers([
      [
        'create: no size',
        as(owner.member(), 'POST', owner.sets, { ...setBody, file_size: undefined }),
        400,
      ],
      [
        'create: not a zip',
        as(owner.member(), 'POST', owner.sets, { ...setBody, file_name: 'a.csv' }),
        400,
        `file_name: ${UPLOAD_MESSAGES.zipOnly}`,
      ],
      [
        'create: no owner',
        as(owner.member(), 'POST', owner.sets, { file_name: 'a.zip', file_size: 1 }),
        400,
        required,
      ],
      ['create: Observer', as(observer, 'POST', owner.sets, setBody), 403, forbidden],
      ['create: another owner', as(stranger, 'POST', owner.sets, setBody), 404],
      ['create: no session', as(null, 'POST', owner.sets, setBody), 401],
      [
        'create',
        async () => {
          const answer = await server.call<Started>('POST', owner.sets, {
            token: owner.member().token,
            body: setBody,
          });
          set = answer.body;
          return answer;
        },
        201,
      ],
    ]);
    const id = set?.id ?? 0;
    await expectAnswers([
      ['list', as(owner.member(), 'GET', `${owner.sets}/${owner.ownerId()}`), 200],
      ['list: bad id', as(owner.member(), 'GET', `${owner.sets}/abc`), 400],
      ['list: Observer', as(observer, 'GET', `${owner.sets}/${owner.ownerId()}`), 403, forbidden],
      ['list: another owner', as(auditor, 'GET', `${owner.sets}/${owner.otherId()}`), 404],
      ['list: no session', as(null, 'GET', `${owner.sets}/${owner.ownerId()}`), 401],
      ['parts', as(owner.member(), 'GET', `${owner.sets}/${id}/parts`), 200],
      ['parts: bad id', as(owner.member(), 'GET', `${owner.sets}/0/parts`), 400],
      ['parts: Observer', as(observer, 'GET', `${owner.sets}/${id}/parts`), 403, forbidden],
      ['parts: another owner’s file', as(auditor, 'GET', `${owner.sets}/${theirs.id}/parts`), 404],
      ['parts: not a set', as(auditor, 'GET', `${owner.sets}/${direct.id}/parts`), 404],
      ['parts: no session', as(null, 'GET', `${owner.sets}/${id}/parts`), 401],
      [
        'edit',
        as(owner.member(), 'PUT', `${owner.sets}/${id}`, {
          description: 'Day 2',
          file_type: 'CVR',
        }),
        200,
      ],
      [
        'edit: unknown status',
        as(owner.member(), 'PUT', `${owner.sets}/${id}`, { status: 'Done' }),
        400,
      ],
      [
        'edit: empty name',
        as(owner.member(), 'PUT', `${owner.sets}/${id}`, { file_name: ' ' }),
        400,
      ],
      [
        'edit: not a zip',
        as(owner.member(), 'PUT', `${owner.sets}/${id}`, { file_name: 'set.csv' }),
        400,
        `file_name: ${UPLOAD_MESSAGES.zipOnly}`,
      ],
      [
        'edit: Observer',
        as(observer, 'PUT', `${owner.sets}/${id}`, { description: 'x' }),
        403,
        forbidden,
      ],
      [
        'edit: another owner’s file',
        as(auditor, 'PUT', `${owner.sets}/${theirs.id}`, { description: 'x' }),
        404,
      ],
      ['edit: no session', as(null, 'PUT', `${owner.sets}/${id}`, { description: 'x' }), 401],
      [
        'complete: no parts',
        as(owner.member(), 'PUT', `${owner.sets}/${id}`, { status: 'Uploaded' }),
        400,
        `upload_parts: ${UPLOAD_MESSAGES.partsMismatch}`,
      ],
      [
        'delete: while uploading',
        as(owner.member(), 'DELETE', `${owner.sets}/${id}`),
        409,
        UPLOAD_MESSAGES.stillUploading,
      ],
    ]);
    const parts = await sendParts(server, set as Started, zip);
    await expectAnswers([
      [
        'complete',
        as(owner.member(), 'PUT', `${owner.sets}/${id}`, {
          status: 'Uploaded',
          upload_parts: parts,
        }),
        200,
      ],
      [
        'complete again',
        as(owner.member(), 'PUT', `${owner.sets}/${id}`, {
          status: 'Uploaded',
          upload_parts: parts,
        }),
        409,
        UPLOAD_MESSAGES.notUploading,
      ],
      [
        'abort after completion',
        as(owner.member(), 'PUT', `${owner.sets}/${id}`, { status: 'Aborted' }),
        409,
        UPLOAD_MESSAGES.notUploading,
      ],
      ['adoptable', as(owner.member(), 'GET', `${owner.sets}/adoptable/${owner.ownerId()}`), 200],
      ['adoptable: bad id', as(owner.member(), 'GET', `${owner.sets}/adoptable/-1`), 400],
      [
        'adoptable: Observer',
        as(observer, 'GET', `${owner.sets}/adoptable/${owner.ownerId()}`),
        403,
        forbidden,
      ],
      [
        'adoptable: another owner',
        as(auditor, 'GET', `${owner.sets}/adoptable/${owner.otherId()}`),
        404,
      ],
      ['adoptable: no session', as(null, 'GET', `${owner.sets}/adoptable/${owner.ownerId()}`), 401],
      [
        'adopt: no name',
        as(owner.member(), 'POST', `${owner.sets}/adopt`, { ...ownerBody(), file_name: '' }),
        400,
      ],
      [
        'adopt: unknown name',
        as(owner.member(), 'POST', `${owner.sets}/adopt`, {
          ...ownerBody(),
          file_name: 'nope.zip',
        }),
        400,
        UPLOAD_MESSAGES.nothingToAdopt,
      ],
      [
        'adopt: no owner',
        as(owner.member(), 'POST', `${owner.sets}/adopt`, { file_name: 'direct.zip' }),
        400,
        required,
      ],
      [
        'adopt: Observer',
        as(observer, 'POST', `${owner.sets}/adopt`, { ...ownerBody(), file_name: 'direct.zip' }),
        403,
        forbidden,
      ],
      [
        'adopt: another owner',
        as(stranger, 'POST', `${owner.sets}/adopt`, { ...ownerBody(), file_name: 'direct.zip' }),
        404,
      ],
      [
        'adopt: no session',
        as(null, 'POST', `${owner.sets}/adopt`, { ...ownerBody(), file_name: 'direct.zip' }),
        401,
      ],
      [
        'adopt',
        as(owner.member(), 'POST', `${owner.sets}/adopt`, {
          ...ownerBody(),
          file_name: 'direct.zip',
          file_type: 'CVR',
        }),
        201,
      ],
      ['delete: bad id', as(owner.member(), 'DELETE', `${owner.sets}/x`), 400],
      ['delete: Observer', as(observer, 'DELETE', `${owner.sets}/${id}`), 403, forbidden],
      ['delete: another owner’s file', as(auditor, 'DELETE', `${owner.sets}/${theirs.id}`), 404],
      ['delete: no session', as(null, 'DELETE', `${owner.sets}/${id}`), 401],
      ['delete', as(owner.member(), 'DELETE', `${owner.sets}/${id}`), 200],
      ['delete again', as(owner.member(), 'DELETE', `${owner.sets}/${id}`), 404],
    ]);
    const listed = await server.call<{ items: { file_name: string; status: string }[] }>(
      'GET',
      `${owner.sets}/${owner.ownerId()}`,
      { token: auditor.token },
    );
    expect(listed.body.items.map((f) => [f.file_name, f.status])).toEqual([
      ['direct.zip', 'Adopted'],
    ]);
  });

  it('direct uploads: create, list, parts, complete, cancel and delete', async () => {
    const bytes = Buffer.from('cast vote records');
    const body = { ...ownerBody(), file_name: 'cvr.csv', file_size: bytes.length };
    const theirs = await startFile(owner.files, stranger, {
      [owner.key]: owner.otherId(),
      file_name: 'theirs.csv',
      file_size: 3,
    });
    const set = await startFile(owner.sets, auditor, {
      ...ownerBody(),
      file_name: 's.zip',
      file_size: 3,
    });
    let file: Started | undefined;
    await expectAnswers([
      ['create: no name', as(owner.member(), 'POST', owner.files, { ...body, file_name: '' }), 400],
      [
        'create: negative size',
        as(owner.member(), 'POST', owner.files, { ...body, file_size: -1 }),
        400,
      ],
      [
        'create: part plan',
        as(owner.member(), 'POST', owner.files, {
          ...body,
          file_size: 50 * 1024 * 1024,
          chunk_size: 1024,
        }),
        400,
        `chunk_size: ${UPLOAD_MESSAGES.chunkSize}`,
      ],
      [
        'create: no owner',
        as(owner.member(), 'POST', owner.files, { file_name: 'a', file_size: 1 }),
        400,
        required,
      ],
      ['create: Observer', as(observer, 'POST', owner.files, body), 403, forbidden],
      ['create: another owner', as(stranger, 'POST', owner.files, body), 404],
      ['create: no session', as(null, 'POST', owner.files, body), 401],
      [
        'create',
        async () => {
          const answer = await server.call<Started>('POST', owner.files, {
            token: owner.member().token,
            body,
          });
          file = answer.body;
          return answer;
        },
        201,
      ],
    ]);
    const id = file?.id ?? 0;
    await expectAnswers([
      ['list', as(owner.member(), 'GET', `${owner.files}/${owner.ownerId()}`), 200],
      ['list: bad id', as(owner.member(), 'GET', `${owner.files}/1.5`), 400],
      ['list: Observer', as(observer, 'GET', `${owner.files}/${owner.ownerId()}`), 403, forbidden],
      ['list: another owner', as(auditor, 'GET', `${owner.files}/${owner.otherId()}`), 404],
      ['list: no session', as(null, 'GET', `${owner.files}/${owner.ownerId()}`), 401],
      ['parts', as(owner.member(), 'GET', `${owner.files}/${id}/parts`), 200],
      ['parts: bad id', as(owner.member(), 'GET', `${owner.files}/abc/parts`), 400],
      ['parts: Observer', as(observer, 'GET', `${owner.files}/${id}/parts`), 403, forbidden],
      ['parts: another owner’s file', as(auditor, 'GET', `${owner.files}/${theirs.id}/parts`), 404],
      ['parts: a file set', as(auditor, 'GET', `${owner.files}/${set.id}/parts`), 404],
      ['parts: no session', as(null, 'GET', `${owner.files}/${id}/parts`), 401],
      [
        'complete: unknown status',
        as(owner.member(), 'PUT', `${owner.files}/${id}`, { status: 'Uploaded' }),
        400,
      ],
      [
        'complete: wrong parts',
        as(owner.member(), 'PUT', `${owner.files}/${id}`, {
          status: 'Success',
          upload_parts: [{ PartNumber: 1, ETag: '"x"' }],
        }),
        400,
        `upload_parts: ${UPLOAD_MESSAGES.partsMismatch}`,
      ],
      [
        'complete: Observer',
        as(observer, 'PUT', `${owner.files}/${id}`, { status: 'Canceled' }),
        403,
        forbidden,
      ],
      [
        'cancel: another owner’s file',
        as(auditor, 'PUT', `${owner.files}/${theirs.id}`, { status: 'Canceled' }),
        404,
      ],
      [
        'complete: no session',
        as(null, 'PUT', `${owner.files}/${id}`, { status: 'Canceled' }),
        401,
      ],
      [
        'delete: while uploading',
        as(owner.member(), 'DELETE', `${owner.files}/${id}`),
        409,
        UPLOAD_MESSAGES.stillUploading,
      ],
    ]);
    const parts = await sendParts(server, file as Started, bytes);
    await expectAnswers([
      [
        'complete',
        as(owner.member(), 'PUT', `${owner.files}/${id}`, {
          status: 'Success',
          upload_parts: parts,
        }),
        200,
      ],
      [
        'cancel after completion',
        as(owner.member(), 'PUT', `${owner.files}/${id}`, { status: 'Canceled' }),
        409,
        UPLOAD_MESSAGES.notUploading,
      ],
      ['cancel', as(stranger, 'PUT', `${owner.files}/${theirs.id}`, { status: 'Canceled' }), 200],
      ['delete: bad id', as(owner.member(), 'DELETE', `${owner.files}/abc`), 400],
      ['delete: Observer', as(observer, 'DELETE', `${owner.files}/${id}`), 403, forbidden],
      ['delete: another owner’s file', as(auditor, 'DELETE', `${owner.files}/${theirs.id}`), 404],
      ['delete: a file set', as(auditor, 'DELETE', `${owner.files}/${set.id}`), 404],
      ['delete: no session', as(null, 'DELETE', `${owner.files}/${id}`), 401],
      ['delete', as(owner.member(), 'DELETE', `${owner.files}/${id}`), 200],
    ]);
  });

  it('upload requests: list, create, edit, copy link and delete', async () => {
    const body = { ...ownerBody(), name: 'Clerk', email: 'clerk@example.org' };
    const theirs = await server.call<UploadRequest>('POST', owner.requests, {
      token: stranger.token,
      body: { [owner.key]: owner.otherId(), name: 'Theirs' },
    });
    expect(theirs.status).toBe(201);
    let saved: UploadRequest | undefined;
    await expectAnswers([
      ['create: no name', as(auditor, 'POST', owner.requests, { ...body, name: '' }), 400],
      [
        'create: e-mail without address',
        as(auditor, 'POST', owner.requests, { ...body, email: '', send_email: true }),
        400,
        `email: ${UPLOAD_MESSAGES.emailRequired}`,
      ],
      [
        'create: bad date',
        as(auditor, 'POST', owner.requests, { ...body, valid_through: 'soon' }),
        400,
      ],
      ['create: no owner', as(auditor, 'POST', owner.requests, { name: 'x' }), 400, required],
      ['create: Observer', as(observer, 'POST', owner.requests, body), 403, forbidden],
      ['create: another owner', as(stranger, 'POST', owner.requests, body), 404],
      ['create: no session', as(null, 'POST', owner.requests, body), 401],
      [
        'create',
        async () => {
          const answer = await server.call<UploadRequest>('POST', owner.requests, {
            token: auditor.token,
            body,
          });
          saved = answer.body;
          return answer;
        },
        201,
      ],
    ]);
    const id = saved?.id ?? 0;
    expect(saved?.request_url).toContain(`http://scrutineer.test${owner.urlPath}${id}/`);
    await expectAnswers([
      ['list', as(auditor, 'GET', `${owner.requests}/${owner.ownerId()}`), 200],
      ['list: bad id', as(auditor, 'GET', `${owner.requests}/abc`), 400],
      // A district's Observer reads its requests (without links); an election's is refused.
      owner.type === 'district'
        ? ['list: Observer reads', as(observer, 'GET', `${owner.requests}/${owner.ownerId()}`), 200]
        : [
            'list: Observer',
            as(observer, 'GET', `${owner.requests}/${owner.ownerId()}`),
            403,
            forbidden,
          ],
      ['list: another owner', as(auditor, 'GET', `${owner.requests}/${owner.otherId()}`), 404],
      ['list: no session', as(null, 'GET', `${owner.requests}/${owner.ownerId()}`), 401],
      ['edit', as(auditor, 'PUT', `${owner.requests}/${id}`, { ...body, name: 'Clerk 2' }), 200],
      ['edit: no name', as(auditor, 'PUT', `${owner.requests}/${id}`, { ...body, name: '' }), 400],
      ['edit: Observer', as(observer, 'PUT', `${owner.requests}/${id}`, body), 403, forbidden],
      [
        'edit: another owner’s request',
        as(auditor, 'PUT', `${owner.requests}/${theirs.body.id}`, body),
        404,
      ],
      ['edit: no session', as(null, 'PUT', `${owner.requests}/${id}`, body), 401],
      ['copy', as(auditor, 'POST', `${owner.requests}-copy`, { ...body, id }), 200],
      ['copy: no name', as(auditor, 'POST', `${owner.requests}-copy`, { ...body, name: '' }), 400],
      ['copy: Observer', as(observer, 'POST', `${owner.requests}-copy`, body), 403, forbidden],
      [
        'copy: another owner’s request',
        as(auditor, 'POST', `${owner.requests}-copy`, { ...body, id: theirs.body.id }),
        404,
      ],
      ['copy: no session', as(null, 'POST', `${owner.requests}-copy`, body), 401],
      ['delete: bad id', as(auditor, 'DELETE', `${owner.requests}/abc`), 400],
      ['delete: Observer', as(observer, 'DELETE', `${owner.requests}/${id}`), 403, forbidden],
      [
        'delete: another owner’s request',
        as(auditor, 'DELETE', `${owner.requests}/${theirs.body.id}`),
        404,
      ],
      ['delete: no session', as(null, 'DELETE', `${owner.requests}/${id}`), 401],
      ['delete', as(auditor, 'DELETE', `${owner.requests}/${id}`), 200],
      ['delete again', as(auditor, 'DELETE', `${owner.requests}/${id}`), 404],
    ]);
  });

  it('public links: verify, upload, parts, list and delete with the token only; expired refused', async () => {
    const request = async (name: string, account = auditor, ownerId = owner.ownerId()) => {
      const saved = await server.call<UploadRequest>('POST', owner.requests, {
        token: account.token,
        body: { [owner.key]: ownerId, name },
      });
      const url = new URL(saved.body.request_url);
      return { id: saved.body.id, token: url.searchParams.get('token') ?? '' };
    };
    const mine = await request('Mine');
    const other = await request('Other', stranger, owner.otherId());
    const bytes = Buffer.from('requested file');
    const linkBody = {
      request_id: mine.id,
      token: mine.token,
      file_name: 'r.csv',
      file_size: bytes.length,
    };
    const otherFile = await server.call<Started>('POST', owner.link, {
      body: { ...linkBody, request_id: other.id, token: other.token },
    });
    expect(otherFile.status).toBe(201);
    const invalid = UPLOAD_MESSAGES.linkInvalid;
    let file: Started | undefined;
    await expectAnswers([
      ['verify', as(null, 'POST', `${owner.link}/verify`, { id: mine.id, token: mine.token }), 200],
      [
        'verify: no token',
        as(null, 'POST', `${owner.link}/verify`, { id: mine.id }),
        400,
        'token: Required.',
      ],
      [
        'verify: wrong token',
        as(null, 'POST', `${owner.link}/verify`, { id: mine.id, token: other.token }),
        404,
        invalid,
      ],
      [
        'verify: unknown id',
        as(null, 'POST', `${owner.link}/verify`, { id: 999_999, token: mine.token }),
        404,
        invalid,
      ],
      [
        'verify: the other kind of link',
        as(null, 'POST', `${owner.otherLink}/verify`, { id: mine.id, token: mine.token }),
        404,
        invalid,
      ],
      ['create: no name', as(null, 'POST', owner.link, { ...linkBody, file_name: '' }), 400],
      [
        'create: wrong token',
        as(null, 'POST', owner.link, { ...linkBody, token: 'x' }),
        404,
        invalid,
      ],
      [
        'create: no request',
        as(null, 'POST', owner.link, { ...linkBody, request_id: undefined }),
        404,
        invalid,
      ],
      [
        'create',
        async () => {
          const answer = await server.call<Started>('POST', owner.link, { body: linkBody });
          file = answer.body;
          return answer;
        },
        201,
      ],
    ]);
    const id = file?.id ?? 0;
    const q = (token: string) => `?token=${encodeURIComponent(token)}`;
    await expectAnswers([
      ['parts', as(null, 'GET', `${owner.link}/${id}/parts${q(mine.token)}`), 200],
      ['parts: bad id', as(null, 'GET', `${owner.link}/abc/parts${q(mine.token)}`), 400],
      [
        'parts: wrong token',
        as(null, 'GET', `${owner.link}/${id}/parts${q(other.token)}`),
        404,
        invalid,
      ],
      [
        'parts: another request’s file',
        as(null, 'GET', `${owner.link}/${otherFile.body.id}/parts${q(mine.token)}`),
        404,
        invalid,
      ],
      ['list', as(null, 'GET', `${owner.link}/request/${mine.id}${q(mine.token)}`), 200],
      ['list: no token', as(null, 'GET', `${owner.link}/request/${mine.id}`), 404, invalid],
      [
        'list: wrong token',
        as(null, 'GET', `${owner.link}/request/${mine.id}${q(other.token)}`),
        404,
        invalid,
      ],
      [
        'complete: unknown status',
        as(null, 'PUT', `${owner.link}/${id}`, { status: 'Done', token: mine.token }),
        400,
      ],
      [
        'complete: wrong token',
        as(null, 'PUT', `${owner.link}/${id}`, { status: 'Canceled', token: other.token }),
        404,
        invalid,
      ],
      [
        'cancel: another request’s file',
        as(null, 'PUT', `${owner.link}/${otherFile.body.id}`, {
          status: 'Canceled',
          token: mine.token,
        }),
        404,
        invalid,
      ],
      [
        'delete: while uploading',
        as(null, 'DELETE', `${owner.link}/${id}${q(mine.token)}`),
        409,
        UPLOAD_MESSAGES.stillUploading,
      ],
    ]);
    const parts = await sendParts(server, file as Started, bytes);
    await expectAnswers([
      [
        'complete',
        as(null, 'PUT', `${owner.link}/${id}`, {
          status: 'Success',
          upload_parts: parts,
          token: mine.token,
        }),
        200,
      ],
      ['requested list', as(auditor, 'GET', `${owner.requested}/${owner.ownerId()}`), 200],
      [
        'requested list: Observer',
        as(observer, 'GET', `${owner.requested}/${owner.ownerId()}`),
        403,
        forbidden,
      ],
      [
        'requested list: another owner',
        as(auditor, 'GET', `${owner.requested}/${owner.otherId()}`),
        404,
      ],
      ['requested list: no session', as(null, 'GET', `${owner.requested}/${owner.ownerId()}`), 401],
      [
        'delete: wrong token',
        as(null, 'DELETE', `${owner.link}/${id}${q(other.token)}`),
        404,
        invalid,
      ],
      [
        'delete: another request’s file',
        as(null, 'DELETE', `${owner.link}/${otherFile.body.id}${q(mine.token)}`),
        404,
        invalid,
      ],
    ]);
    const requested = await server.call<{ items: { id: number; request: { id: number } }[] }>(
      'GET',
      `${owner.requested}/${owner.ownerId()}`,
      { token: auditor.token },
    );
    expect(requested.body.items.map((f) => [f.id, f.request.id])).toEqual([[id, mine.id]]);

    // The Auditor ends the link: every call through it is refused as expired.
    await server.call('PUT', `${owner.requests}/${mine.id}`, {
      token: auditor.token,
      body: { name: 'Mine', valid_through: '2001-01-01' },
    });
    const expired = UPLOAD_MESSAGES.linkExpired;
    await expectAnswers([
      ['verify: expired', as(null, 'POST', `${owner.link}/verify`, mine), 403, expired],
      ['create: expired', as(null, 'POST', owner.link, linkBody), 403, expired],
      [
        'parts: expired',
        as(null, 'GET', `${owner.link}/${id}/parts${q(mine.token)}`),
        403,
        expired,
      ],
      [
        'list: expired',
        as(null, 'GET', `${owner.link}/request/${mine.id}${q(mine.token)}`),
        403,
        expired,
      ],
      [
        'cancel: expired',
        as(null, 'PUT', `${owner.link}/${id}`, { status: 'Canceled', token: mine.token }),
        403,
        expired,
      ],
      ['delete: expired', as(null, 'DELETE', `${owner.link}/${id}${q(mine.token)}`), 403, expired],
      ['requested delete: bad id', as(auditor, 'DELETE', `${owner.requested}/abc`), 400],
      [
        'requested delete: Observer',
        as(observer, 'DELETE', `${owner.requested}/${id}`),
        403,
        forbidden,
      ],
      [
        'requested delete: another owner’s file',
        as(auditor, 'DELETE', `${owner.requested}/${otherFile.body.id}`),
        404,
      ],
      ['direct delete: a requested file', as(auditor, 'DELETE', `${owner.files}/${id}`), 404],
      ['requested delete: no session', as(null, 'DELETE', `${owner.requested}/${id}`), 401],
      ['requested delete', as(auditor, 'DELETE', `${owner.requested}/${id}`), 200],
    ]);
  });
});

describe('general uploads and the Admin’s tables', () => {
  it('create, complete, cancel, list and delete; the token and the Admin guard them', async () => {
    const bytes = Buffer.from('general');
    const body = {
      file_name: 'g.pdf',
      file_size: bytes.length,
      state: 'CA',
      county: 'Alameda',
      link_token: await generalLinkToken(server, admin.token),
    };
    let file: Started | undefined;
    let other: Started | undefined;
    await expectAnswers([
      ['create: no name', as(null, 'POST', '/general-upload', { ...body, file_name: '' }), 400],
      [
        'create: no size',
        as(null, 'POST', '/general-upload', { ...body, file_size: undefined }),
        400,
      ],
      [
        'create',
        async () => {
          const answer = await server.call<Started>('POST', '/general-upload', { body });
          file = answer.body;
          return answer;
        },
        201,
      ],
      [
        'create another',
        async () => {
          const answer = await server.call<Started>('POST', '/general-upload', { body });
          other = answer.body;
          return answer;
        },
        201,
      ],
    ]);
    const id = file?.id ?? 0;
    const token = file?.upload_token ?? '';
    const parts = await sendParts(server, file as Started, bytes);
    await expectAnswers([
      [
        'complete: no token',
        as(null, 'PUT', `/general-upload/${id}`, { status: 'Success', upload_parts: parts }),
        400,
      ],
      [
        'complete: another upload’s token',
        as(null, 'PUT', `/general-upload/${id}`, {
          status: 'Success',
          upload_parts: parts,
          upload_token: other?.upload_token,
        }),
        404,
      ],
      [
        'complete: unknown status',
        as(null, 'PUT', `/general-upload/${id}`, { status: 'Done', upload_token: token }),
        400,
      ],
      [
        'complete',
        as(null, 'PUT', `/general-upload/${id}`, {
          status: 'Success',
          upload_parts: parts,
          upload_token: token,
        }),
        200,
      ],
      [
        'cancel after completion',
        as(null, 'PUT', `/general-upload/${id}`, { status: 'Canceled', upload_token: token }),
        409,
        UPLOAD_MESSAGES.notUploading,
      ],
      [
        'cancel',
        as(null, 'PUT', `/general-upload/${other?.id}`, {
          status: 'Canceled',
          upload_token: other?.upload_token,
        }),
        200,
      ],
      ['list', as(admin, 'GET', '/general-upload'), 200],
      ['list: not Admin', as(auditor, 'GET', '/general-upload'), 403],
      ['list: no session', as(null, 'GET', '/general-upload'), 401],
      ['requests of all: Admin', as(admin, 'GET', '/upload-requests/all'), 200],
      ['requests of all: not Admin', as(auditor, 'GET', '/upload-requests/all'), 403],
      ['requests of all: no session', as(null, 'GET', '/upload-requests/all'), 401],
      ['delete: not Admin', as(auditor, 'DELETE', `/general-upload/${id}`), 403],
      ['delete: no session', as(null, 'DELETE', `/general-upload/${id}`), 401],
      ['delete: bad id', as(admin, 'DELETE', '/general-upload/abc'), 400],
      ['delete', as(admin, 'DELETE', `/general-upload/${id}`), 200],
      ['delete again', as(admin, 'DELETE', `/general-upload/${id}`), 404, MESSAGES.notFound],
    ]);
  });
});
