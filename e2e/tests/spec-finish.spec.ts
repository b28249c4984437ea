import { expect, test, type Page } from '@playwright/test';
import { ADMIN, screenshot } from '../support/api';
import { apiCall, createElection } from '../support/uploads';

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/session/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('a district’s elections page through their pages and stay on the page chosen', async ({
  page,
  request,
}) => {
  const { token, districtId } = await createElection(request, 'Tulare', 'Tulare election 01');
  for (let n = 2; n <= 12; n++)
    await apiCall(request, token, 'POST', '/elections', {
      name: `Tulare election ${String(n).padStart(2, '0')}`,
      districtId,
      date: `11-${String(n + 5).padStart(2, '0')}-2024`,
    });
  await signIn(page, ADMIN);
  await page.goto(`/elections?districtId=${districtId}`);
  const grid = page.getByRole('grid', { name: 'Elections' });
  await expect(page.getByText('Elections of US_CA_Tulare')).toBeVisible();
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  // The second page's rows arrive and the grid stays on them.
  await expect(grid.getByRole('link', { name: 'Tulare election 01' })).toBeVisible();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(grid.getByRole('link', { name: 'Tulare election 12' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(grid.getByRole('link', { name: 'Tulare election 02' })).toBeVisible();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await screenshot(page, 'finish-district-elections-page-2');
});

test('a job with gifts and no goal shows donors the amount raised, not 0.00%', async ({
  page,
  request,
}) => {
  const { token, electionId } = await createElection(request, 'Modoc', 'Modoc General 2024');
  await apiCall(request, token, 'PUT', `/elections/${electionId}`, {
    name: 'Modoc General 2024',
    privacy: 'Public',
  });
  const job = await apiCall<{ id: number }>(request, token, 'POST', '/audit-jobs', {
    name: 'Modoc hand count',
    description: 'A hand count of Modoc County',
    election_id: electionId,
  });
  // $500 received while a goal stood, then the goal taken away.
  await apiCall(request, token, 'PUT', `/audit-jobs/${job.id}`, {
    id: job.id,
    request_donate: 1000,
    received_donation: 500,
  });
  await apiCall(request, token, 'PUT', `/audit-jobs/${job.id}`, {
    id: job.id,
    request_donate: 0,
    received_donation: 0,
  });
  await page.goto('/public');
  const row = page
    .getByRole('table', { name: 'Open audit jobs' })
    .getByRole('row')
    .filter({ hasText: 'Modoc hand count' });
  await expect(row).toContainText('$500 raised, no goal set');
  await expect(row).not.toContainText('0.00%');
  await screenshot(page, 'finish-no-goal-list');
  await page.getByRole('link', { name: 'Modoc hand count' }).click();
  await expect(page.getByText('No funding goal set yet')).toBeVisible();
  await expect(page.getByText('Received: $500')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Funding progress' })).toHaveCount(0);
  await screenshot(page, 'finish-no-goal-audit');
});
