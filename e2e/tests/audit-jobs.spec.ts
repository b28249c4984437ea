import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from '../support/api';
import { uploadSet } from '../support/jobs';
import { addMember, createElection } from '../support/uploads';

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/session/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

function toast(page: Page, text: string) {
  return expect(
    page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first(),
  ).toBeVisible();
}

function pdfFile(): string {
  const folder = path.join(os.tmpdir(), `scrutineer-e2e-jobs-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'chain-of-custody.pdf');
  writeFileSync(file, '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  return file;
}

test('an Auditor creates a job, its JOB file and JSON file, and attaches a PDF; an Uploader cannot delete it', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Inyo', 'Inyo General 2024');
  const auditor = await addMember(request, token, electionId, 'Auditor', {
    first: 'Ada',
    last: 'Auditor',
  });
  const uploader = await addMember(request, token, electionId, 'Uploader', {
    first: 'Ulla',
    last: 'Uploader',
  });
  await uploadSet(request, token, electionId, 'inyo-precincts.zip', 'BIA');
  await uploadSet(request, token, electionId, 'inyo-cvr.zip', 'CVR');

  await signIn(page, auditor);
  await page.goto(`/elections/${electionId}`);
  await page.getByRole('tab', { name: 'Audits' }).click();
  await page.getByRole('button', { name: 'New Audit Job' }).click();
  await expect(page).toHaveURL(/\/audit-jobs\/new\?electionId=/);
  await expect(page.getByRole('heading', { name: 'New Audit Job' })).toBeVisible();
  await expect(page.getByLabel('Election summary')).toContainText('Inyo');
  await page.getByLabel('Job Name').fill('Inyo image audit');
  await page.getByLabel('Description').fill('Every ballot image against the CVR');
  await page.getByRole('button', { name: 'Create' }).click();
  await toast(page, 'AuditJob Created');
  await expect(page).toHaveURL(/\/audit-jobs\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Inyo image audit' })).toBeVisible();
  await screenshot(page, 'audit-job-overview');

  await page.getByRole('tab', { name: 'Job Files' }).click();
  const files = page.getByRole('table', { name: 'Job files' });
  await expect(files.getByRole('row', { name: /inyo-precincts\.zip BIA/ })).toBeVisible();
  await expect(files.getByRole('row', { name: /inyo-cvr\.zip CVR/ })).toBeVisible();

  await page.getByRole('button', { name: 'Create Job File' }).click();
  const form = page.getByRole('dialog', { name: /Audit Settings/ });
  await expect(form.getByLabel(/^source/)).toHaveValue('inyo-precincts.zip');
  await form.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Please fill required fields.');
  await expect(form.getByText('Required.').first()).toBeVisible();
  await screenshot(page, 'audit-job-settings-required');
  await form.getByRole('combobox', { name: /^vendor/ }).click();
  await page.getByRole('option', { name: 'Dominion' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'JobFile Saved');
  await expect(files.getByRole('row', { name: /JOB_Inyo_image_audit\.csv JOB/ })).toBeVisible();

  await page.getByRole('button', { name: 'Generate Json File' }).click();
  await toast(page, 'JsonFile Saved');
  const jsonRow = files.getByRole('row', { name: /Inyo_image_audit-setting\.json JSON/ });
  await expect(jsonRow).toBeVisible();
  await jsonRow.getByRole('button', { name: /^Edit/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit JSON file' });
  await expect(editor.getByLabel('Value')).toContainText('"source": [\n    "inyo-precincts.zip"');
  await expect(editor.getByLabel('Value')).toContainText('"cvr": [\n    "inyo-cvr.zip"');
  await screenshot(page, 'audit-job-json-file');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await screenshot(page, 'audit-job-files');

  await page.getByRole('tab', { name: 'Audit Job Overview' }).click();
  await page.getByRole('button', { name: 'Attech New File' }).click();
  const attach = page.getByRole('dialog', { name: 'Attech New File' });
  await attach.getByLabel('Attachment file').setInputFiles(pdfFile());
  await expect(attach.getByRole('button', { name: 'Save' })).toBeDisabled();
  await attach.getByLabel('Description').fill('12');
  await expect(attach.getByRole('button', { name: 'Save' })).toBeDisabled();
  await attach.getByLabel('Description').fill('## Chain of custody\nSigned by **both** observers.');
  await attach.getByRole('tab', { name: 'Preview' }).click();
  await expect(attach.getByRole('heading', { name: 'Chain of custody' })).toBeVisible();
  await screenshot(page, 'audit-job-attach');
  await attach.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Job Attechment saved');
  const attachments = page.getByRole('table', { name: 'Attachments' });
  await expect(attachments.getByRole('row', { name: /chain-of-custody\.pdf/ })).toContainText(
    auditor.email,
  );
  await attachments.scrollIntoViewIfNeeded();
  await screenshot(page, 'audit-job-attachments');

  await page
    .getByRole('button', { name: /Ada|Account|Sign out/ })
    .first()
    .isVisible();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, uploader);
  await page.goto('/audit-jobs');
  const row = page.getByRole('row', { name: /Inyo image audit/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Open Inyo image audit' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete Inyo image audit' })).toHaveCount(0);
  await screenshot(page, 'audit-jobs-list-uploader');
  await row.getByRole('button', { name: 'Open Inyo image audit' }).click();
  await page.getByRole('tab', { name: 'Job Files' }).click();
  await expect(files.getByRole('row', { name: /JOB_Inyo_image_audit\.csv/ })).toBeVisible();
  await expect(files.getByRole('button', { name: /^Delete JOB_/ })).toBeVisible();
});
