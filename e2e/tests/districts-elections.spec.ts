import { expect, test, type Page } from '@playwright/test';
import { ADMIN, mailedLink, screenshot, signIn, USER } from '../support/api';

function toast(page: Page, text: string) {
  return expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
}

test('an Auditor creates a district, a contact and an election, and invites an Uploader who signs in', async ({
  page,
  browser,
  request,
}) => {
  const invitee = `uma.uploader.${Date.now()}@example.org`;

  // The seeded Admin acts as Auditor of what it creates.
  await signIn(page, ADMIN);
  await page.goto('/districts');
  await expect(page.getByRole('heading', { name: 'Districts' })).toBeVisible();
  await page.getByRole('button', { name: 'New District' }).click();
  await expect(page).toHaveURL(/\/districts\/new$/);
  await expect(page.getByRole('heading', { name: 'New District' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'State' })).toContainText('California');
  await page.getByRole('combobox', { name: 'Districts' }).fill('Alpine');
  await page.getByRole('option', { name: 'Alpine', exact: true }).click();
  await page.getByLabel('City').fill('Markleeville');
  await page.getByLabel('Email').fill('elections@alpine.example.org');
  await screenshot(page, 'district-new');
  await page.getByRole('button', { name: 'Create' }).click();

  const districtDialog = page.getByRole('dialog', { name: 'Please confirm District properties' });
  await expect(districtDialog).toContainText('US/CA/US_CA_Alpine');
  await screenshot(page, 'district-confirm');
  await districtDialog.getByRole('button', { name: 'Create' }).click();
  await toast(page, 'District Created');
  await expect(page).toHaveURL(/\/districts\/\d+$/);
  await expect(page.getByRole('heading', { name: 'US_CA_Alpine' })).toBeVisible();
  await expect(page.getByText('Auditor').first()).toBeVisible();
  await screenshot(page, 'district-properties');

  await page.getByRole('tab', { name: 'Contacts' }).click();
  await page.getByRole('button', { name: 'New District Contact' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Add Contact Information' });
  await contactDialog.getByLabel('Contact Name').fill('Carla Clerk');
  await contactDialog.getByLabel('Title').fill('County Clerk');
  await contactDialog.getByLabel('Email').fill('carla@alpine.example.org');
  await screenshot(page, 'district-contact-dialog');
  await contactDialog.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'District contact Created');
  await expect(page.getByRole('gridcell', { name: 'Carla Clerk', exact: true })).toBeVisible();
  await screenshot(page, 'district-contacts');

  await page.getByRole('tab', { name: 'Election' }).click();
  await expect(page).toHaveURL(/\/elections\?districtId=\d+$/);
  await page.getByRole('button', { name: 'New Election' }).click();
  await expect(page).toHaveURL(/\/elections\/new\?districtId=\d+$/);
  await expect(page.getByRole('combobox', { name: 'District' })).toHaveValue('US_CA_Alpine');
  await page.getByLabel('Name').fill('Alpine General 2024');
  await page.getByLabel('Date').fill('11-05-2024');
  await page.getByLabel('Description').fill('The November general election.');
  await screenshot(page, 'election-new');
  await page.getByRole('button', { name: 'Create' }).click();

  const electionDialog = page.getByRole('dialog', { name: 'Please confirm Election properties' });
  await expect(electionDialog).toContainText('US/CA/Alpine/General/20241105');
  await expect(electionDialog).toContainText('11-05-2024');
  await screenshot(page, 'election-confirm');
  await electionDialog.getByRole('button', { name: 'Create' }).click();
  await toast(page, 'Election Created');
  await expect(page).toHaveURL(/\/elections\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Alpine General 2024' })).toBeVisible();
  const electionUrl = page.url();
  await screenshot(page, 'election-properties');

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Invite' }).click();
  const inviteDialog = page.getByRole('dialog', { name: 'Invite User' });
  await expect(inviteDialog.getByLabel('Role')).toContainText('Observer');
  await inviteDialog.getByLabel('First Name').fill('Uma');
  await inviteDialog.getByLabel('Last Name').fill('Uploader');
  await inviteDialog.getByLabel('Email').fill(invitee);
  await inviteDialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Uploader' }).click();
  await screenshot(page, 'election-invite');
  await inviteDialog.getByRole('button', { name: 'Invite' }).click();
  await toast(page, 'User Created');
  const row = page.getByRole('row').filter({ hasText: invitee });
  await expect(row).toContainText('Uploader');
  await expect(row).toContainText('Invited');
  // One's own row carries no edit or delete.
  const ownRow = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(ownRow.getByRole('button')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Remove Uma Uploader' })).toBeVisible();
  await screenshot(page, 'election-users');

  await page.goto('/elections');
  const listed = page.getByRole('row').filter({ hasText: 'Alpine General 2024' });
  await expect(listed).toContainText('Auditor');
  // Opening the election recorded its Access Date.
  await expect(listed.locator('[data-field="access"]')).not.toHaveText('-');
  await screenshot(page, 'elections-list');
  await page.goto('/districts');
  await expect(page.getByRole('row').filter({ hasText: 'US_CA_Alpine' })).toContainText(
    'Alpine, CA, US',
  );
  await screenshot(page, 'districts-list');

  // The invitee sets a password from the mailed link and signs in as the election's Uploader.
  const context = await browser.newContext();
  const guest = await context.newPage();
  const link = await mailedLink(request, invitee, '/session/set-newpassword/');
  await guest.goto(new URL(link).pathname);
  await guest.getByLabel('New Password').fill('uploader secret');
  await guest.getByLabel('Confirm Password').fill('uploader secret');
  await guest.getByRole('button', { name: /save|set|change|reset/i }).click();
  await expect(
    guest.getByText('Your Password Change Successfully Now You Can Login Here.').first(),
  ).toBeVisible();
  await signIn(guest, { email: invitee, password: 'uploader secret' });
  await guest.goto('/elections');
  const invited = guest.getByRole('row').filter({ hasText: 'Alpine General 2024' });
  await expect(invited).toContainText('Uploader');
  await expect(invited.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await screenshot(guest, 'elections-list-uploader');
  await guest.goto(new URL(electionUrl).pathname);
  await expect(guest.getByRole('heading', { name: 'Alpine General 2024' })).toBeVisible();
  await expect(guest.getByText('Uploader').first()).toBeVisible();
  await expect(guest.getByRole('tab', { name: 'Election Properties' })).toBeVisible();
  await expect(guest.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  await expect(guest.getByLabel('Name')).toBeDisabled();
  await expect(guest.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await screenshot(guest, 'election-uploader');
  await context.close();

  // A district with elections is refused; once its election is gone it can be deleted.
  await page.goto('/districts');
  await page.getByRole('link', { name: 'US_CA_Alpine' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure deleting US_CA_Alpine ?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await toast(page, 'This district still has elections. Delete or move its elections first.');
  await page.getByRole('tab', { name: 'Election' }).click();
  await page.getByRole('button', { name: 'Delete Alpine General 2024' }).click();
  await screenshot(page, 'election-delete-confirm');
  await page
    .getByRole('dialog', { name: 'Are you sure deleting Alpine General 2024 ?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await toast(page, 'Election deleted');
  await expect(page.getByText('No elections yet.')).toBeVisible();
  await page.goto('/districts');
  await page.getByRole('link', { name: 'US_CA_Alpine' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure deleting US_CA_Alpine ?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await toast(page, 'District deleted');
  await expect(page).toHaveURL(/\/districts$/);
});

test('a plain User cannot start a district', async ({ page }) => {
  await signIn(page, USER);
  await page.goto('/districts');
  await expect(page.getByRole('button', { name: 'New District' })).toBeDisabled();
  await page.goto('/districts/new');
  await expect(page).toHaveURL(/\/districts$/);
  await expect(page.getByText('No districts yet.')).toBeVisible();
  await screenshot(page, 'districts-list-user');
});
