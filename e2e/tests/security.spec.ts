import { expect, test, type Page } from '@playwright/test';
import { ADMIN, screenshot, signInThroughForm } from '../support/api';

/** Collects what the browser reports as refused by the page's Content Security Policy. */
function watchCsp(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test('the app runs under its Content Security Policy: nothing it needs is refused', async ({
  page,
}) => {
  const refused = watchCsp(page);
  const answer = await page.goto('/session/login');
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await signInThroughForm(page, ADMIN);
  await expect(page).toHaveURL(/\/home$/);
  for (const path of [
    '/elections',
    '/audit-jobs',
    '/projects',
    '/leaderboard',
    '/admin-board',
    '/general_upload',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await screenshot(page, 'security-csp-pages');
  expect(refused).toEqual([]);
});

test('the API documentation page renders under the policy', async ({ page }) => {
  const refused = watchCsp(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Scrutineer API').first()).toBeVisible();
  await screenshot(page, 'security-api-docs');
  expect(refused).toEqual([]);
});
