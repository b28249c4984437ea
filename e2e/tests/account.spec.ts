import { expect, test } from '@playwright/test';
import { createAccount, mailedLink, screenshot, signInThroughForm } from '../support/api';

test('a new user signs up, verifies, signs in, edits the profile, changes the password and logs out', async ({
  page,
  request,
}) => {
  const email = `grace.${Date.now()}@example.org`;
  await page.goto('/session/signup');
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone Number').fill('555-0100');
  await page.getByLabel('Password', { exact: true }).fill('first password');
  await page.getByLabel('Confirm Password').fill('first password');
  await screenshot(page, 'signup');
  await page.getByRole('button', { name: /sign up|create account|register/i }).click();
  await expect(page).toHaveURL(/\/session\/registered/);
  await screenshot(page, 'registered');

  const link = await mailedLink(request, email, '/verify/');
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Email verified successfully!').first()).toBeVisible();
  await screenshot(page, 'verified');

  await page.goto('/session/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first password');
  await screenshot(page, 'login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const drawerUser = page.getByTestId('drawer-user');
  await expect(drawerUser).toContainText('G');
  await expect(drawerUser).toContainText('Grace Hopper');
  await expect(drawerUser).toContainText(email);
  await screenshot(page, 'home-signed-in');

  await page.goto('/account-settings');
  await page.getByLabel('First Name').fill('Gracie');
  await page.getByRole('button', { name: /save|update/i }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(drawerUser).toContainText('Gracie Hopper');
  await screenshot(page, 'account-settings-profile');

  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('Current Password').fill('first password');
  await page.getByLabel('New Password').fill('second password');
  await page.getByLabel('Confirm Password').fill('second password');
  await page.getByRole('button', { name: /change|update|save/i }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  // Still signed in after the change: the page keeps working.
  await page.goto('/account-settings');
  await expect(drawerUser).toContainText(email);
  await screenshot(page, 'account-settings-password');

  await page.getByRole('button', { name: /logout/i }).click();
  await expect(page).toHaveURL(/\/session\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a password reset by mailed link lets the user sign in with the new password', async ({
  page,
  request,
}) => {
  const email = `ada.${Date.now()}@example.org`;
  const encode = (plain: string) => Buffer.from(plain).toString('base64');
  await request.post('/api/auth/sign-up', {
    data: { email, password: encode('original secret'), first_name: 'Ada', last_name: 'Lovelace' },
  });
  await page.goto('/session/reset-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /reset|send/i }).click();
  await expect(
    page.getByText('You should receive an email with password reset instructions.').first(),
  ).toBeVisible();
  const link = await mailedLink(request, email, '/session/set-newpassword/');
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New Password').fill('replacement secret');
  await page.getByLabel('Confirm Password').fill('replacement secret');
  await screenshot(page, 'set-new-password');
  await page.getByRole('button', { name: /save|set|change|reset/i }).click();
  await expect(
    page.getByText('Your Password Change Successfully Now You Can Login Here.').first(),
  ).toBeVisible();
  await page.goto('/session/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('replacement secret');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a new e-mail counts once confirmed from the link mailed to it', async ({ page, request }) => {
  const account = await createAccount(request, { first: 'Mary', last: 'Moved' });
  await page.goto('/session/login');
  await signInThroughForm(page, account);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/account-settings');
  const moved = `moved.${Date.now()}@example.org`;
  await page.getByLabel('Email').fill(moved);
  await page.getByRole('button', { name: /save|update/i }).click();
  await expect(
    page.getByText('Please open the link we sent to the new address to confirm it.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await screenshot(page, 'account-settings-email-pending');

  const link = await mailedLink(request, moved, '/verify/');
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Email verified successfully!').first()).toBeVisible();
  await page.goto('/account-settings');
  await expect(page.getByLabel('Email')).toHaveValue(moved);
  await expect(page.getByTestId('drawer-user')).toContainText(moved);
  await screenshot(page, 'account-settings-email-confirmed');
});
