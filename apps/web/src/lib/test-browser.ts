import { vi } from 'vitest';

/** The few browser globals the lib modules touch, for tests in Node. */
export function stubBrowser(): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  vi.stubGlobal('window', { addEventListener: () => undefined });
  return store;
}
