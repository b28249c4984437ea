import { expect, test, type Page } from '@playwright/test';
import { ADMIN, USER, createAccount, screenshot } from '../support/api';

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const NO_PERMISSION = "You don't have permission. Please contact Admin.";

test('a signed-out visit to /elections goes to login with the redirect and returns after sign-in', async ({
  page,
}) => {
  await page.goto('/elections');
  await expect(page).toHaveURL('/session/login?redirect=%2Felections');
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/elections$/);
});

test('a signed-in visit to /session/login lands on /elections', async ({ page }) => {
  await page.goto('/session/login');
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/session/login');
  await expect(page).toHaveURL(/\/elections$/);
  await page.goto('/session/signup');
  await expect(page).toHaveURL(/\/elections$/);
});

test('a User without a plan is sent home with the permission message', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { first: 'Nora', last: 'Noplan' });
  await page.goto('/session/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/home$/);
  for (const path of ['/elections', '/audit-jobs']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(NO_PERMISSION).first()).toBeVisible();
  }
  await screenshot(page, 'no-plan-home');
});

test('a User opening /admin-board is refused', async ({ page }) => {
  await page.goto('/session/login');
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/admin-board');
  await expect(page).not.toHaveURL(/\/admin-board/);
  await expect(page.getByRole('heading', { name: 'Admin Board' })).toHaveCount(0);
});

const USER_NAV = [
  'Home',
  'Projects',
  'Districts',
  'Elections',
  'Audit Jobs',
  'Leaderboard',
  'Account Settings',
  'Subscription',
];
const ADMIN_NAV = [
  'Home',
  'Projects',
  'Districts',
  'Elections',
  'Audit Jobs',
  'Donate',
  'Leaderboard',
  'Admin Board',
  'Audit Packages',
  'Account Settings',
  'Tools',
];

async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: /main/i });
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

test('the drawer lists the User navigation', async ({ page }) => {
  await page.goto('/session/login');
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => navLabels(page)).toEqual(USER_NAV);
  await screenshot(page, 'drawer-user');
});

test('the drawer lists the Admin navigation and the Admin opens the admin board', async ({
  page,
}) => {
  await page.goto('/session/login');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => navLabels(page)).toEqual(ADMIN_NAV);
  await expect(page.getByText(/v0\.1\.6/)).toBeVisible();
  await screenshot(page, 'drawer-admin');
  await page.getByRole('link', { name: 'Admin Board' }).click();
  await expect(page).toHaveURL(/\/admin-board$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await screenshot(page, 'not-found');
});
