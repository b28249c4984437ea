import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, screenshot, signIn, toast } from '../support/api';
import { uploadSet } from '../support/jobs';
import { addMember, apiCall, createElection } from '../support/uploads';

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
  // The attachment is saved as a download, never opened as a page of the app.
  const pagesBefore = page.context().pages().length;
  const download = page.waitForEvent('download');
  await attachments.getByRole('button', { name: 'Download chain-of-custody.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('chain-of-custody.pdf');
  expect(page.context().pages()).toHaveLength(pagesBefore);

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

/** A job of a fresh election with adopted BIA and CVR sets, opened on Job Files by its Auditor. */
async function jobWithAdoptedFiles(page: Page, request: APIRequestContext, county: string) {
  const { token, electionId } = await createElection(request, county, `${county} General 2024`);
  const auditor = await addMember(request, token, electionId, 'Auditor', {
    first: 'Ada',
    last: county,
  });
  const slug = county.toLowerCase();
  await uploadSet(request, token, electionId, `${slug}-precincts.zip`, 'BIA');
  await uploadSet(request, token, electionId, `${slug}-cvr.zip`, 'CVR');
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: `${county} audit`,
    description: 'Every ballot image',
    election_id: electionId,
  });
  await signIn(page, auditor);
  await page.goto(`/audit-jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Job Files' }).click();
  return { jobId: job.id, slug };
}

/** Adds one argument through the add sub-dialog of the adopted job-setting dialog. */
async function addArgument(page: Page, argument: string, value: string, choice = false) {
  await page.getByRole('button', { name: 'Add Argument' }).click();
  const entry = page.getByRole('dialog', { name: 'Add Argument' });
  await entry.getByRole('combobox', { name: 'Name' }).click();
  await page.getByRole('option', { name: argument, exact: true }).click();
  if (choice) {
    await entry.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: value, exact: true }).click();
  } else {
    await entry.getByLabel('Value').fill(value);
  }
  await entry.getByRole('button', { name: 'Save' }).click();
  await expect(entry).toHaveCount(0);
}

test('the adopted job-setting dialog adds, edits, merges and adopts all, and the server names a missing argument', async ({
  page,
  request,
}) => {
  const { jobId } = await jobWithAdoptedFiles(page, request, 'Tehama');
  const files = page.getByRole('table', { name: 'Job files' });
  await page.getByRole('button', { name: 'Job Setting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Job Setting' });
  await expect(dialog.getByLabel('File Name')).toHaveValue('JOB_Tehama_audit.csv');
  await expect(dialog.getByLabel('File Type')).toHaveValue('JOB');
  await expect(dialog.getByRole('tab', { name: 'bia_specs' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Adopt All' })).toBeDisabled();

  await addArgument(page, 'vendor', 'Hart', true);
  await addArgument(page, 'image_dpi', '300');
  const args = dialog.getByRole('table', { name: 'Arguments' });
  await expect(args.getByRole('row', { name: /vendor Hart/ })).toBeVisible();
  // election_name is required: the server refuses the file and names it.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'election_name: Required.');
  await addArgument(page, 'election_name', 'Tehama General 2024');
  await page.getByRole('button', { name: 'Add Argument' }).click();
  const entry = page.getByRole('dialog', { name: 'Add Argument' });
  await entry.getByRole('combobox', { name: 'Name' }).click();
  // A single-valued argument already set is not offered again.
  await expect(page.getByRole('option', { name: 'vendor', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await entry.getByRole('button', { name: 'Cancel' }).click();
  await screenshot(page, 'audit-job-setting-dialog-new');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'JobFile Saved');
  await expect(dialog).toHaveCount(0);
  const jobRow = files.getByRole('row', { name: /JOB_Tehama_audit\.csv JOB/ });
  await expect(jobRow).toBeVisible();

  // Reopened on the file: the name is read-only; edit one value, delete none, merge one.
  await jobRow.getByRole('button', { name: 'Edit JOB_Tehama_audit.csv' }).click();
  await expect(dialog.getByLabel('File Name')).toHaveAttribute('readonly', '');
  await expect(args.getByRole('row', { name: /image_dpi 300/ })).toBeVisible();
  await args.getByRole('button', { name: 'Edit vendor' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Argument' });
  await expect(edit.getByRole('combobox', { name: 'Name' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await edit.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'ES&S', exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(args.getByRole('row', { name: /vendor ES&S/ })).toBeVisible();
  await args.getByRole('button', { name: 'Merge image_dpi' }).click();
  await toast(page, 'image_dpi merged into the job settings.');
  await expect(args.getByRole('row', { name: /image_dpi/ })).toHaveCount(0);
  await screenshot(page, 'audit-job-setting-dialog-edit');
  // Adopt All writes the edit and every argument with a default that is not set yet.
  await dialog.getByRole('button', { name: 'Adopt All' }).click();
  await toast(page, 'JobFile Saved');
  await expect(dialog).toHaveCount(0);

  await jobRow.getByRole('button', { name: 'Edit JOB_Tehama_audit.csv' }).click();
  await expect(args.getByRole('row', { name: /vendor ES&S/ })).toBeVisible();
  await expect(args.getByRole('row', { name: /image_dpi 200/ })).toBeVisible();
  await dialog.getByRole('tab', { name: 'cvr_specs' }).click();
  await expect(args.getByRole('row', { name: /cvr_layout auto/ })).toBeVisible();
  await screenshot(page, 'audit-job-setting-dialog-adopted');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const token = await apiSignIn(request, ADMIN);
  const stored = await apiCall<{ settings: Record<string, { argument: string; value: string }[]> }>(
    request,
    token,
    'GET',
    `/job-settings/${jobId}/JOB_Tehama_audit.csv`,
  );
  expect(stored.settings.bia_specs).toEqual(
    expect.arrayContaining([
      { argument: 'vendor', value: 'ES&S' },
      { argument: 'election_name', value: 'Tehama General 2024' },
      { argument: 'image_dpi', value: '200' },
    ]),
  );
});

test('the vendor template writes the JOB file for ES&S, then rewrites it for Dominion', async ({
  page,
  request,
}) => {
  const { slug } = await jobWithAdoptedFiles(page, request, 'Glenn');
  const files = page.getByRole('table', { name: 'Job files' });
  await page.getByRole('button', { name: 'Vendor Template' }).click();
  const vendor = page.getByRole('dialog', { name: 'Vendor Template' });
  await vendor.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Please Choose any one option.');
  await vendor.getByLabel('ES&S').check();
  await screenshot(page, 'audit-job-vendor-template');
  await vendor.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Vendor Saved');
  const jobRow = files.getByRole('row', { name: /JOB_Glenn_audit\.csv JOB/ });
  await expect(jobRow).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Job Setting' });
  const args = dialog.getByRole('table', { name: 'Arguments' });
  await jobRow.getByRole('button', { name: 'Edit JOB_Glenn_audit.csv' }).click();
  await expect(args.getByRole('row', { name: /vendor ES&S/ })).toBeVisible();
  await expect(args.getByRole('row', { name: /election_name Glenn General 2024/ })).toBeVisible();
  await expect(args.getByRole('row', { name: `source ${slug}-precincts.zip` })).toBeVisible();
  await dialog.getByRole('tab', { name: 'cvr_specs' }).click();
  await expect(args.getByRole('row', { name: /cvr_layout ess/ })).toBeVisible();
  await expect(args.getByRole('row', { name: `cvr ${slug}-cvr.zip` })).toBeVisible();
  await screenshot(page, 'audit-job-vendor-ess');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Vendor Template' }).click();
  await vendor.getByLabel('Dominion').check();
  await vendor.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Vendor Saved');
  await expect(files.getByRole('row', { name: /JOB_Glenn_audit\.csv JOB/ })).toHaveCount(1);
  await jobRow.getByRole('button', { name: 'Edit JOB_Glenn_audit.csv' }).click();
  await expect(args.getByRole('row', { name: /vendor Dominion/ })).toBeVisible();
  await dialog.getByRole('tab', { name: 'cvr_specs' }).click();
  await expect(args.getByRole('row', { name: /cvr_layout dominion-json/ })).toBeVisible();
  await screenshot(page, 'audit-job-vendor-dominion');
});

test('the Create/Edit Job Settings screen saves the JOB file, is linked from the job and Return goes back to it', async ({
  page,
  request,
}) => {
  const { jobId } = await jobWithAdoptedFiles(page, request, 'Yuba');
  await page.goto('/job-settings/new');
  await expect(page.getByRole('heading', { name: 'Create Job Settings' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Audit Job' }).click();
  await page.getByRole('option', { name: 'Yuba audit' }).click();
  const table = page.getByRole('table', { name: 'Job settings' });
  await expect(table.getByRole('row', { name: /image_dpi/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Please fill required fields.');
  await expect(table.getByText('Required.').first()).toBeVisible();
  await table.getByRole('combobox', { name: /^vendor/ }).click();
  await page.getByRole('option', { name: 'Clear Ballot' }).click();
  await table.getByRole('textbox', { name: /^election_name/ }).fill('Yuba General 2024');
  await table.getByRole('spinbutton', { name: /^image_dpi/ }).fill('240');
  await screenshot(page, 'job-settings-screen-new');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'JobFile Saved');
  await expect(page.getByRole('heading', { name: 'Edit Job Settings' })).toBeVisible();

  // The job's Job Files tab links to the screen: reached by clicking, not by the address.
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-jobs/${jobId}$`));
  await page.getByRole('tab', { name: 'Job Files' }).click();
  await page.getByRole('link', { name: 'Edit Job Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/job-settings/${jobId}$`));
  await expect(page.getByRole('heading', { name: 'Edit Job Settings' })).toBeVisible();
  await expect(page.getByText('Yuba audit · JOB_Yuba_audit.csv')).toBeVisible();
  await expect(table.getByRole('textbox', { name: /^election_name/ })).toHaveValue(
    'Yuba General 2024',
  );
  await expect(table.getByRole('spinbutton', { name: /^image_dpi/ })).toHaveValue('240');
  await table.getByRole('spinbutton', { name: /^image_dpi/ }).fill('300');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'JobFile Saved');
  await screenshot(page, 'job-settings-screen-edit');
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-jobs/${jobId}$`));
  await page.getByRole('tab', { name: 'Job Files' }).click();
  await expect(
    page.getByRole('table', { name: 'Job files' }).getByRole('row', { name: /JOB_Yuba_audit/ }),
  ).toHaveCount(1);
});
