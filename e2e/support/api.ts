import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@scrutineer.local', password: 'admin-password' };
export const USER = { email: 'user@scrutineer.local', password: 'user-password' };

const encode = (plain: string) => Buffer.from(plain, 'utf8').toString('base64');

export async function apiSignIn(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  const answer = await request.post('/api/auth/sign-in', {
    data: { email: account.email, password: encode(account.password) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The newest link mailed to `to` that contains `fragment`, read from the Admin's outbox. */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  fragment: string,
): Promise<string> {
  const token = await apiSignIn(request, ADMIN);
  const answer = await request.get(`/api/admin/mail-outbox?search=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items } = (await answer.json()) as { items: { text: string }[] };
  for (const mail of items) {
    const link = mail.text.split(/\s+/).find((word) => word.includes(fragment));
    if (link) return link;
  }
  throw new Error(`No mail to ${to} with a link containing ${fragment}`);
}

/** A new account, signed up and verified through the API, with an optional plan set by SQL-free means. */
export async function createAccount(
  request: APIRequestContext,
  name: { first: string; last: string },
  password = 'a strong password',
): Promise<{ email: string; password: string }> {
  const email = `${name.first.toLowerCase()}.${Date.now()}@example.org`;
  const signUp = await request.post('/api/auth/sign-up', {
    data: {
      email,
      password: encode(password),
      first_name: name.first,
      last_name: name.last,
      role: 'User',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const link = await mailedLink(request, email, '/verify/');
  const token = link.split('/').pop();
  const verified = await request.post('/api/auth/email/verify', { data: { token } });
  expect(verified.status()).toBe(200);
  return { email, password };
}

/**
 * Waits for a notification (a toast) saying `text`. A toast shown while a dialog is open sits
 * outside the dialog, which hides it from roles: hidden ones count.
 */
export function toast(page: Page, text: string | RegExp) {
  return expect(
    page.getByRole('alert', { includeHidden: true }).filter({ hasText: text }).first(),
  ).toBeVisible();
}

/** Signs in through the login form and waits for the home page it lands on. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/session/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export async function signInThroughForm(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await page.getByLabel('Email', { exact: false }).first().fill(account.email);
  await page.getByLabel('Password', { exact: false }).first().fill(account.password);
  await page.getByRole('button', { name: /sign in|login|log in/i }).click();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // Finished transitions: a dialog caught mid fade-in looks broken when it is not.
  await page.screenshot({
    path: `screenshots/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}
