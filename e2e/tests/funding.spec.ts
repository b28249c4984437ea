import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, createAccount, screenshot, signInThroughForm } from '../support/api';
import { apiCall, createElection } from '../support/uploads';

async function payOnTestCheckout(
  page: Page,
  payer: { name: string; email: string; state: string },
) {
  await expect(page).toHaveURL(/\/api\/local-checkout\/cs_local_/);
  await expect(page.getByText('TEST MODE: no real card is charged')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Name on card').fill(payer.name);
  await page.getByLabel('E-mail (for your receipt)').fill(payer.email);
  await page.getByLabel('State').fill(payer.state);
}

async function createProject(request: APIRequestContext, name: string, target: number) {
  const token = await apiSignIn(request, ADMIN);
  await apiCall(request, token, 'POST', '/projects', {
    name,
    description: 'A hand count of every ballot in the county',
    donation_target: target,
    pro_intro: '## Why it matters\n\nEvery ballot is **counted by hand**, in public.',
    avaliblity: 'Public',
  });
}

test('a signed-out visitor donates $25 to a public project and appears in Donors', async ({
  page,
  request,
}) => {
  await createProject(request, 'Modoc Recount', 1000);
  await page.goto('/project/Modoc%20Recount');
  await expect(page.getByRole('heading', { name: 'Modoc Recount' })).toBeVisible();
  await expect(page.getByText('Fundraising goal: $1,000')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why it matters' })).toBeVisible();
  await screenshot(page, 'funding-project-donation');
  await page.getByRole('button', { name: '$25', exact: true }).click();
  await expect(page.getByLabel('Amount')).toHaveValue('25');
  await page.getByRole('button', { name: 'CheckOut' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Please Choose any one option.')).toBeVisible();
  await page.getByLabel('List me as a donor').check();
  await screenshot(page, 'funding-visibility-dialog');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await payOnTestCheckout(page, { name: 'Vera Visitor', email: 'vera@example.org', state: 'GA' });
  await screenshot(page, 'funding-test-checkout');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await expect(page).toHaveURL(/\/project\/success\/\d+\?session_id=cs_local_/);
  await expect(page.getByText('Your project donation is successfully completed!')).toBeVisible();
  // The visitor sees what was paid, a reference to keep and a way back.
  await expect(page.getByText('Amount: $25.00 to Modoc Recount')).toBeVisible();
  await expect(page.getByText(/payment reference for your records: cs_local_/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the project' })).toHaveAttribute(
    'href',
    '/project/Modoc%20Recount',
  );
  await screenshot(page, 'funding-project-success');

  await page.goto('/project/Modoc%20Recount');
  await expect(page.getByTestId('progress-label')).toHaveText('2.50%');
  await page.getByRole('tab', { name: 'Donors' }).click();
  const row = page.getByRole('table', { name: 'Donors' }).getByRole('row').nth(1);
  await expect(row).toContainText('$25');
  await expect(row).toContainText('Vera Visitor, GA');
  await screenshot(page, 'funding-donors');
});

test('a $1,500 donation shows the cheque instructions', async ({ page, request }) => {
  await createProject(request, 'Lassen Audit', 0);
  await page.goto('/project/Lassen%20Audit');
  await expect(page.getByText(/Fundraising goal/)).toHaveCount(0);
  await page.getByLabel('Amount').fill('1500');
  await page.getByRole('button', { name: 'CheckOut' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donate $1,500 by cheque' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Make the cheque payable to Scrutineer.');
  await screenshot(page, 'funding-cheque');
  await dialog.getByRole('button', { name: 'Pay by card instead' }).click();
  await expect(page.getByRole('dialog', { name: 'Show your donation?' })).toBeVisible();
});

test('a User buys a monthly plan, the elections area opens for them, and the Admin reads the payment', async ({
  page,
  browser,
  request,
}) => {
  const token = await apiSignIn(request, ADMIN);
  await apiCall(request, token, 'POST', '/packages', {
    name: 'Citizen Auditor',
    description: 'Elections, audit jobs and reports',
    monthlyPrice: 15,
    yearlyPrice: 150,
  });
  const account = await createAccount(request, { first: 'Paula', last: 'Planless' });
  await page.goto('/session/login');
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/elections');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/subscription');
  const card = page.locator('.MuiCard-root', { hasText: 'Citizen Auditor' });
  await expect(card).toContainText('$150');
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(card).toContainText('$15');
  await screenshot(page, 'funding-plans');
  await card.getByRole('button', { name: 'Buy Plan' }).click();
  await payOnTestCheckout(page, { name: 'Paula Planless', email: account.email, state: 'OR' });
  await page.getByRole('button', { name: 'Pay $15 every month' }).click();
  await expect(page.getByText('Your payment is successfully recived!')).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
  const subscriptions = page.getByRole('table', { name: 'Subscriptions' });
  await expect(subscriptions).toContainText('Citizen Auditor');
  await expect(subscriptions).toContainText('Monthly');
  await screenshot(page, 'funding-subscription');
  await page.goto('/elections');
  await expect(page).toHaveURL(/\/elections$/);
  await expect(page.getByRole('heading', { name: 'Elections' })).toBeVisible();

  // The Admin reads the card payment behind it in the Users tab.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/session/login');
  await signInThroughForm(admin, ADMIN);
  await expect(admin).toHaveURL(/\/home$/);
  await admin.goto('/admin-board?tab=users');
  await admin.getByRole('textbox', { name: 'Search' }).fill(account.email);
  await admin
    .getByRole('grid', { name: 'Active users' })
    .getByRole('button', { name: `Subscriptions of ${account.email}` })
    .click();
  const line = admin
    .getByRole('table', { name: `Subscriptions of ${account.email}` })
    .getByRole('row')
    .filter({ hasText: 'Citizen Auditor' });
  await expect(line.getByText('Monthly')).toBeVisible();
  await line.getByRole('button', { name: 'Payment details' }).click();
  const payment = admin.getByRole('dialog', { name: 'Payment Details' });
  await expect(payment).toContainText('Paula Planless');
  await expect(payment).toContainText(account.email);
  await expect(payment).toContainText('Price: $15');
  await expect(payment).toContainText(/Transaction Id: \S+/);
  await screenshot(admin, 'admin-payment-details');
  await adminContext.close();
});

test('the audit donation page splits $100 over three jobs', async ({ page, request }) => {
  const token = await apiSignIn(request, ADMIN);
  const district = await apiCall<{ id: number }>(request, token, 'POST', '/districts', {
    country: 'US',
    state_name: 'CA',
    district_name: 'Sierra',
    email: 'elections@sierra.example.org',
  });
  const election = await apiCall<{ id: number }>(request, token, 'POST', '/elections', {
    name: 'Sierra General',
    districtId: district.id,
    date: '11-05-2024',
    privacy: 'Public',
  });
  for (const name of ['Alturas ballots', 'Cedarville ballots', 'Adin ballots']) {
    await apiCall(request, token, 'POST', '/audit-jobs', {
      name,
      description: 'Every ballot',
      election_id: election.id,
      request_donate: 1000,
    });
  }
  await page.goto('/session/login');
  await signInThroughForm(page, ADMIN);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/audit-donation');
  const rows = page.getByRole('table', { name: 'Open audit jobs' }).locator('tbody tr');
  await expect(rows.filter({ hasText: 'Adin ballots' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByLabel('Donate By').click();
  await page.getByRole('option', { name: 'Split Up to All' }).click();
  await page.getByRole('button', { name: 'APPLY' }).click();
  await expect(page.getByTestId('donation-total')).toHaveText('Total: $100.00');
  const count = await rows.count();
  const base = Math.floor(10000 / count);
  for (let index = 0; index < count; index += 1) {
    const cents = base + (index < 10000 - base * count ? 1 : 0);
    await expect(rows.nth(index).getByRole('textbox')).toHaveValue((cents / 100).toFixed(2));
  }
  await screenshot(page, 'funding-audit-split');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByLabel('Keep my donation private').check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnTestCheckout(page, { name: 'Ada Admin', email: ADMIN.email, state: 'CA' });
  await page.getByRole('button', { name: 'Pay $100' }).click();
  await expect(page.getByText('Your donation is successfully completed!')).toBeVisible();
  const open = await apiCall<{ items: { name: string; received_donation: number }[] }>(
    request,
    token,
    'GET',
    '/get-audit',
  );
  const received = open.items.reduce((sum, job) => sum + job.received_donation, 0);
  expect(Math.round(received * 100)).toBe(10000);
});

test('the home board lists active projects and the election list filters by project', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const inProject = await createElection(request, 'Trinity', `Trinity general ${stamp}`);
  const outside = await createElection(request, 'Siskiyou', `Siskiyou general ${stamp}`);
  const token = inProject.token;
  const active = `Trinity Audit ${stamp}`;
  const dormant = `Dormant Fund ${stamp}`;
  await apiCall(request, token, 'POST', '/projects', {
    name: active,
    description: 'Hand count of the Trinity general',
    donation_target: 2000,
    avaliblity: 'Public',
    election_ids: [inProject.electionId],
    active: true,
  });
  await apiCall(request, token, 'POST', '/projects', {
    name: dormant,
    description: 'Closed fund',
    donation_target: 500,
    avaliblity: 'Public',
    active: false,
  });

  await page.goto('/session/login');
  await signInThroughForm(page, ADMIN);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('tab', { name: 'Active Projects' }).click();
  const cards = page.getByRole('list', { name: 'Active projects' });
  await expect(cards.getByRole('heading', { name: active })).toBeVisible();
  await expect(cards.getByText('$0 raised of $2,000 (0.00%)').first()).toBeVisible();
  await expect(cards.getByRole('heading', { name: dormant })).toHaveCount(0);
  await screenshot(page, 'home-active-projects');
  await cards.getByRole('heading', { name: active }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${encodeURIComponent(active)}$`));

  await page.goto('/elections');
  await page.getByRole('textbox', { name: 'Search' }).fill(`general ${stamp}`);
  const grid = page.getByRole('grid', { name: 'Elections' });
  await expect(grid.getByText(`Siskiyou general ${stamp}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: active }).click();
  await expect(page).toHaveURL(/projectId=\d+/);
  await expect(grid.getByText(`Trinity general ${stamp}`)).toBeVisible();
  await expect(grid.getByText(`Siskiyou general ${stamp}`)).toHaveCount(0);
  await screenshot(page, 'elections-project-filter');
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'All projects' }).click();
  await expect(grid.getByText(`Siskiyou general ${stamp}`)).toBeVisible();
  expect(outside.electionId).not.toBe(inProject.electionId);
});
