import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, screenshot } from '../support/api';
import { addMember, apiCall, createElection } from '../support/uploads';

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A 160×100 purple PNG, written to a temporary file. */
function pngFile(): string {
  const [w, h] = [160, 100];
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) rows.set([124, 77 + y, 255 - x], y * (w * 3 + 1) + 1 + x * 3);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const folder = path.join(os.tmpdir(), `scrutineer-e2e-chat-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'ballot-0042.png');
  writeFileSync(file, png);
  return file;
}

async function signedIn(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/session/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

async function openDiscussion(page: Page, jobId: number) {
  await page.goto(`/audit-jobs/${jobId}`);
  await page.getByRole('tab', { name: 'Discussion' }).click();
}

test('two members talk live in a room the Admin made: image, reply, reaction and seen mark', async ({
  browser,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Modoc', 'Modoc General 2024');
  const carla = await addMember(request, token, electionId, 'Auditor', {
    first: 'Carla',
    last: 'Chen',
  });
  const dev = await addMember(request, token, electionId, 'Uploader', {
    first: 'Dev',
    last: 'Das',
  });
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Modoc audit',
    description: 'All ballots',
    election_id: electionId,
  });
  expect(await apiSignIn(request, ADMIN)).toBeTruthy();

  const admin = await signedIn(browser, ADMIN);
  await openDiscussion(admin, job.id);
  await admin.getByRole('button', { name: 'Add Room' }).click();
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.getByText('Required.')).toBeVisible();
  await admin.getByLabel('Room Name').fill('Ballot 0042');
  await admin.getByLabel('Users').click();
  await admin.getByRole('option', { name: /Carla Chen/ }).click();
  await admin.getByLabel('Users').click();
  await admin.getByRole('option', { name: /Dev Das/ }).click();
  await screenshot(admin, 'chat-add-room');
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.getByText('Room Created').first()).toBeVisible();

  const a = await signedIn(browser, carla);
  const b = await signedIn(browser, dev);
  for (const page of [a, b]) {
    await openDiscussion(page, job.id);
    await page.getByText('Ballot 0042').click();
  }
  await a.getByTestId('chat-file-input').setInputFiles(pngFile());
  await a
    .locator('.cs-message-input__content-editor')
    .fill('Ballot 42 has two marks in the mayor race');
  await a.locator('.cs-message-input__content-editor').press('Enter');
  await expect(b.getByText('Ballot 42 has two marks in the mayor race')).toBeVisible();
  await expect(b.getByRole('img', { name: 'ballot-0042.png' })).toBeVisible();

  await b.getByRole('button', { name: 'Reply' }).first().click();
  await b.locator('.cs-message-input__content-editor').fill('Agreed: an overvote');
  await b.locator('.cs-message-input__content-editor').press('Enter');
  await b.getByRole('button', { name: 'React' }).first().click();
  await b.getByRole('menuitem', { name: 'React 👍' }).click();

  await expect(a.getByText('Agreed: an overvote')).toBeVisible();
  await expect(a.getByText('👍 1')).toBeVisible();
  await expect(a.getByLabel('Seen').first()).toBeVisible();
  await screenshot(a, 'chat-room-author');
  await screenshot(b, 'chat-room-reader');

  await a.setViewportSize({ width: 400, height: 800 });
  await screenshot(a, 'chat-narrow');
});
