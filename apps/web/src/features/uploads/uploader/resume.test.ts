import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_PARTS } from '@scrutineer/contracts';
import { planParts } from './part-plan';
import { canResume, fingerprint, ResumeStore, resumeParts, type UploadProgress } from './resume';

const MIB = 1024 * 1024;

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

const file = { name: 'ballots.zip', size: 100 * MIB, lastModified: 1_700_000_000_000 };

describe('planParts', () => {
  it('cuts files in 8 MiB parts, one part for small or empty files', () => {
    expect(planParts(0)).toEqual({ size: 8 * MIB, count: 1, inFlight: 1 });
    expect(planParts(1000)).toEqual({ size: 8 * MIB, count: 1, inFlight: 1 });
    expect(planParts(100 * MIB)).toEqual({ size: 8 * MIB, count: 13, inFlight: 4 });
  });

  it('sends a small file’s parts one after another, so a reload keeps the first ones', () => {
    // 30 MB: four parts, one at a time; 60 MB: eight parts, two at a time.
    expect(planParts(30_000_000)).toMatchObject({ count: 4, inFlight: 1 });
    expect(planParts(60_000_000)).toMatchObject({ count: 8, inFlight: 2 });
    expect(planParts(2 * 1024 * MIB).inFlight).toBe(4);
  });

  it('grows parts in whole MiB so a file never needs more than 10,000', () => {
    const size = 500 * 1024 ** 3;
    const plan = planParts(size);
    expect(plan.size % MIB).toBe(0);
    expect(plan.count).toBeLessThanOrEqual(MAX_UPLOAD_PARTS);
    expect(plan.size * plan.count).toBeGreaterThanOrEqual(size);
  });
});

describe('ResumeStore', () => {
  it('finds the upload of the same file by name, size and modification time', () => {
    const storage = new MemoryStorage();
    const store = new ResumeStore('election:5:direct', storage);
    store.save(file, { id: 42 }, 1000);
    expect(store.find(file, 2000)).toEqual({ id: 42, savedAt: 1000 });
    expect(store.find({ ...file, lastModified: 1 }, 2000)).toBeNull();
    expect(store.find({ ...file, size: file.size + 1 }, 2000)).toBeNull();
  });

  it('keeps targets apart and survives a new store (a page reload)', () => {
    const storage = new MemoryStorage();
    new ResumeStore('election:5:direct', storage).save(
      file,
      { id: 7, token: 't', startedAt: 900 },
      1000,
    );
    expect(new ResumeStore('election:5:direct', storage).find(file, 1000)).toMatchObject({
      id: 7,
      token: 't',
      startedAt: 900,
    });
    expect(new ResumeStore('election:6:direct', storage).find(file, 1000)).toBeNull();
  });

  it('forgets a finished upload and drops records older than the server keeps uploads', () => {
    const storage = new MemoryStorage();
    const store = new ResumeStore('s', storage);
    store.save(file, { id: 1 }, 0);
    store.forget(file);
    expect(store.find(file, 0)).toBeNull();
    store.save(file, { id: 2 }, 0);
    expect(store.find(file, 73 * 3600 * 1000)).toBeNull();
    const other = { ...file, name: 'other.zip' };
    store.save(other, { id: 3 }, 73 * 3600 * 1000);
    expect(
      Object.keys(JSON.parse(storage.getItem('scrutineer.uploads.s') ?? '{}') as object),
    ).toEqual([fingerprint(other)]);
  });

  it('treats unreadable storage as empty', () => {
    const storage = new MemoryStorage();
    storage.setItem('scrutineer.uploads.s', '{not json');
    expect(new ResumeStore('s', storage).find(file)).toBeNull();
    expect(new ResumeStore('s', null).find(file)).toBeNull();
  });
});

const progress = (change: Partial<UploadProgress> = {}): UploadProgress => ({
  id: 42,
  status: 'Uploading',
  chunk_count: 13,
  chunk_size: 8 * MIB,
  file_size: 100 * MIB,
  parts: [
    { PartNumber: 1, ETag: '"a"', Size: 8 * MIB },
    { PartNumber: 3, ETag: '"c"', Size: 8 * MIB },
  ],
  urls: [
    { PartNumber: 2, url: '/api/blobs/parts/k?partNumber=2' },
    { PartNumber: 4, url: '/api/blobs/parts/k?partNumber=4' },
  ],
  ...change,
});

describe('canResume', () => {
  const plan = planParts(100 * MIB);

  it('continues an upload still in progress with the same size and parts', () => {
    expect(canResume(progress(), 100 * MIB, plan)).toBe(true);
  });

  it('starts over when the upload ended, or the file or its parts differ', () => {
    expect(canResume(progress({ status: 'Failed' }), 100 * MIB, plan)).toBe(false);
    expect(canResume(progress({ status: 'Success' }), 100 * MIB, plan)).toBe(false);
    expect(canResume(progress(), 100 * MIB - 1, plan)).toBe(false);
    expect(canResume(progress({ chunk_size: 16 * MIB }), 100 * MIB, plan)).toBe(false);
    expect(canResume(progress({ chunk_count: 7 }), 100 * MIB, plan)).toBe(false);
  });

  it('ignores the part size of a one-part file', () => {
    const small = progress({ chunk_count: 1, chunk_size: 5 * MIB, file_size: 1000 });
    expect(canResume(small, 1000, planParts(1000))).toBe(true);
  });
});

describe('resumeParts', () => {
  it('lists the acknowledged parts and maps the others to their URLs', () => {
    const { parts, urls } = resumeParts(progress());
    expect(parts).toEqual([
      { PartNumber: 1, ETag: '"a"', Size: 8 * MIB },
      { PartNumber: 3, ETag: '"c"', Size: 8 * MIB },
    ]);
    expect([...urls.keys()]).toEqual([2, 4]);
    expect(urls.get(4)).toContain('partNumber=4');
  });
});
