import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, screenshot, signIn, toast } from '../support/api';
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
  await signIn(page, account);
  return page;
}

async function openDiscussion(page: Page, jobId: number) {
  await page.goto(`/audit-jobs/${jobId}`);
  await page.getByRole('tab', { name: 'Discussion' }).click();
}

const composer = (page: Page) => page.locator('.cs-message-input__content-editor');

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

async function roomOption(page: Page, name: string) {
  await page.getByRole('button', { name: 'Room options' }).click();
  await page.getByRole('menuitem', { name }).click();
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
  await screenshot(b, 'chat-reactions-menu');
  await b.getByRole('menuitem', { name: 'React Like' }).click();

  await expect(a.getByText('Agreed: an overvote')).toBeVisible();
  await expect(a.getByRole('button', { name: 'Like 1' })).toBeVisible();
  await expect(a.getByLabel('Seen').first()).toBeVisible();
  await screenshot(a, 'chat-room-author');
  await screenshot(b, 'chat-room-reader');

  await a.setViewportSize({ width: 400, height: 800 });
  await screenshot(a, 'chat-narrow');
});

test('the Admin invites, removes (the removed member stops receiving), renames, exports and deletes a room', async ({
  browser,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Plumas', 'Plumas General 2024');
  const carla = await addMember(request, token, electionId, 'Auditor', {
    first: 'Carla',
    last: 'Cruz',
  });
  const dev = await addMember(request, token, electionId, 'Uploader', {
    first: 'Dev',
    last: 'Dunn',
  });
  const erin = await addMember(request, token, electionId, 'Uploader', {
    first: 'Erin',
    last: 'Ebert',
  });
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Plumas audit',
    description: 'All ballots',
    election_id: electionId,
  });

  const admin = await signedIn(browser, ADMIN);
  await openDiscussion(admin, job.id);
  await admin.getByRole('button', { name: 'Add Room' }).click();
  await admin.getByLabel('Room Name').fill('Precinct 7');
  for (const person of [/Carla Cruz/, /Dev Dunn/]) {
    await admin.getByLabel('Users').click();
    await admin.getByRole('option', { name: person }).click();
  }
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  await toast(admin, 'Room Created');
  await admin.getByText('Precinct 7').first().click();
  const header = admin.locator('.cs-conversation-header');
  await expect(header).toContainText('3 members');

  const d = await signedIn(browser, dev);
  const e = await signedIn(browser, erin);
  await openDiscussion(d, job.id);
  await d.getByText('Precinct 7').click();
  await openDiscussion(e, job.id);
  await expect(e.getByText('Choose a room to read its messages.')).toBeVisible();
  await expect(e.getByText('Precinct 7')).toHaveCount(0);

  // Invite Users: Erin joins, and the room appears on her open page without a reload.
  await roomOption(admin, 'Invite Users');
  const invite = admin.getByRole('dialog', { name: 'Invite Users' });
  await expect(invite.getByRole('button', { name: 'Invite' })).toBeDisabled();
  await invite.getByLabel('Users').click();
  await expect(admin.getByRole('option', { name: /Dev Dunn/ })).toHaveCount(0);
  await admin.getByRole('option', { name: /Erin Ebert/ }).click();
  await screenshot(admin, 'chat-invite-users');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await toast(admin, 'Room user add successfully');
  await expect(header).toContainText('4 members');
  await e.getByText('Precinct 7').click();
  await send(admin, 'Erin, please recount precinct 7');
  await expect(e.getByText('Erin, please recount precinct 7')).toBeVisible();
  await expect(d.getByText('Erin, please recount precinct 7')).toBeVisible();

  // Remove Users with the spec's confirmation; Dev's open page loses the room at once.
  await roomOption(admin, 'Remove Users');
  const remove = admin.getByRole('dialog', { name: 'Remove Users' });
  await expect(remove.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await remove.getByLabel(/Dev Dunn/).check();
  await remove.getByRole('button', { name: 'Remove' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Are you sure you want to delete room user?' });
  await expect(confirm).toBeVisible();
  await screenshot(admin, 'chat-remove-user-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(admin, 'Delete room users successfully');
  await expect(header).toContainText('3 members');
  await expect(d.getByText('Choose a room to read its messages.')).toBeVisible();
  await expect(d.getByText('Precinct 7')).toHaveCount(0);
  await send(admin, 'Only for the members left');
  await expect(e.getByText('Only for the members left')).toBeVisible();
  await expect(d.getByText('Only for the members left')).toHaveCount(0);
  await screenshot(d, 'chat-removed-member');

  // Update Room: the name is required; the new name reaches the members' lists.
  await roomOption(admin, 'Update Room');
  const update = admin.getByRole('dialog', { name: 'Update Room' });
  await update.getByLabel('Room Name').fill('');
  await expect(update.getByText('Required.')).toBeVisible();
  await expect(update.getByRole('button', { name: 'Update' })).toBeDisabled();
  await update.getByLabel('Room Name').fill('Precinct 7 recount');
  await screenshot(admin, 'chat-update-room');
  await update.getByRole('button', { name: 'Update' }).click();
  await toast(admin, 'Update Room Successfully');
  await expect(header).toContainText('Precinct 7 recount');
  await expect(e.locator('.cs-conversation-header')).toContainText('Precinct 7 recount');
  await screenshot(admin, 'chat-admin-room');

  // Export Messages: the history becomes a job attachment the members can read.
  await admin.getByRole('button', { name: 'Export Messages' }).click();
  await toast(admin, /Messages exported to the job attachments\. \(Precinct-7-recount-messages-/);
  await screenshot(admin, 'chat-export-messages');
  const carlaToken = await apiSignIn(request, carla);
  const listed = await apiCall<{ items: { audit_file_name: string; attech_url: string }[] }>(
    request,
    carlaToken,
    'GET',
    `/attech-files/${job.id}`,
  );
  const exported = listed.items.find((item) =>
    item.audit_file_name.startsWith('Precinct-7-recount-messages-'),
  );
  if (!exported) throw new Error(JSON.stringify(listed));
  const history = await request.get(exported.attech_url, {
    headers: { authorization: `Bearer ${carlaToken}` },
  });
  const text = await history.text();
  expect(text).toContain('Room: Precinct 7 recount');
  expect(text.indexOf('Erin, please recount')).toBeLessThan(
    text.indexOf('Only for the members left'),
  );
  await admin.getByRole('tab', { name: 'Audit Job Overview' }).click();
  const attachments = admin.getByRole('table', { name: 'Attachments' });
  await expect(
    attachments.getByRole('row', { name: /Precinct-7-recount-messages-.*\.txt/ }),
  ).toBeVisible();
  await attachments.scrollIntoViewIfNeeded();
  await screenshot(admin, 'chat-export-attachment');

  // Delete Room: confirmed, then gone for the Admin and from Erin's open page.
  await admin.getByRole('tab', { name: 'Discussion' }).click();
  await admin.getByText('Precinct 7 recount').first().click();
  await roomOption(admin, 'Delete Room');
  const drop = admin.getByRole('dialog', { name: 'Delete room Precinct 7 recount?' });
  await screenshot(admin, 'chat-delete-room');
  await drop.getByRole('button', { name: 'Delete' }).click();
  await toast(admin, 'Delete room successfully');
  await expect(admin.getByText('Precinct 7 recount')).toHaveCount(0);
  await expect(e.getByText('Choose a room to read its messages.')).toBeVisible();
  await expect(e.getByText('Precinct 7 recount')).toHaveCount(0);
});
