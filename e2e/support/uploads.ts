import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import yazl from 'yazl';
import { ADMIN, apiSignIn, mailedLink } from './api';

const encode = (plain: string) => Buffer.from(plain, 'utf8').toString('base64');

/** A JSON call as the given bearer token; fails the test on an unexpected status. */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: object,
  status = method === 'POST' ? 201 : 200,
): Promise<T> {
  const answer = await request.fetch(`/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}

/** A district and an election in it, made by the seeded Admin (their Auditor). */
export async function createElection(
  request: APIRequestContext,
  county: string,
  name: string,
  state = 'CA',
) {
  const token = await apiSignIn(request, ADMIN);
  const district = await apiCall<{ id: number }>(request, token, 'POST', '/districts', {
    country: 'US',
    state_name: state,
    district_name: county,
    email: `elections@${county.toLowerCase().replace(/\W/g, '')}.example.org`,
  });
  const election = await apiCall<{ id: number }>(request, token, 'POST', '/elections', {
    name,
    districtId: district.id,
    date: '11-05-2024',
  });
  return { token, districtId: district.id, electionId: election.id };
}

/** A verified account (role Client) added to the election with the given role. */
export async function addMember(
  request: APIRequestContext,
  adminToken: string,
  electionId: number,
  role: 'Uploader' | 'Observer' | 'Auditor',
  name: { first: string; last: string },
) {
  const email = `${name.first.toLowerCase()}.${Date.now()}@example.org`;
  const password = 'member password';
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: encode(password),
      first_name: name.first,
      last_name: name.last,
      role: 'Client',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const link = await mailedLink(request, email, '/verify/');
  const verified = await request.post('/api/auth/email/verify', {
    data: { token: link.split('/').pop() },
  });
  expect(verified.status()).toBe(200);
  await apiCall(request, adminToken, 'POST', '/election-users', {
    election_id: electionId,
    first_name: name.first,
    last_name: name.last,
    email,
    role,
  });
  return { email, password };
}

const folder = path.join(os.tmpdir(), `scrutineer-e2e-files-${process.pid}`);

/** A real zip holding `size` random bytes stored uncompressed, written to a temporary file. */
export async function makeZip(name: string, size: number): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const zip = new yazl.ZipFile();
  zip.addBuffer(randomBytes(size), 'ballots/images.bin', { compress: false });
  zip.addBuffer(Buffer.from('ballot_id,precinct\n1,North\n'), 'manifest.csv');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const file = path.join(folder, name);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** A plain file that is not a zip. */
export function makeText(name: string, text: string): string {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}
