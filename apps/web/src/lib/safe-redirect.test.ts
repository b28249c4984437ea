import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows paths inside the app, query included', () => {
    expect(safeRedirect('/elections')).toBe('/elections');
    expect(safeRedirect('/audit-jobs?electionId=3')).toBe('/audit-jobs?electionId=3');
  });

  it('refuses other sites and empty values', () => {
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
