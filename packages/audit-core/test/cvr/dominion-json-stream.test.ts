import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamDominionSessions } from '../../src/cvr/dominion-json-stream.js';
import type { CvrSource } from '../../src/index.js';

/** A source that hands its bytes over in pieces of `size` bytes, to cut tokens anywhere. */
function chunked(text: string, size: number): CvrSource {
  const bytes = Buffer.from(text, 'utf8');
  return {
    name: 'CvrExport_1.json',
    open: () => {
      const pieces: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      return Readable.from(pieces);
    },
  };
}

async function sessions(source: CvrSource): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const s of streamDominionSessions(source)) {
    expect(s.index).toBe(out.length);
    out.push(s.value);
  }
  return out;
}

const EXPORT = {
  Version: '5.17.18.1',
  ElectionId: 'Sessions [not this one] {"x"}',
  Other: { Sessions: [{ Decoy: true }] },
  Sessions: [
    { TabulatorId: 1, Note: 'braces } ] { [ and "quotes" and \\ backslashes', Cards: [[], {}] },
    { TabulatorId: 2, Name: 'Zoë Ñúñez — 投票', Empty: '' },
    7,
    'a string session',
    null,
    { TabulatorId: 3, Nested: { A: [1, { B: [2, 3] }] } },
  ],
  Trailer: { Ignored: [1, 2] },
};

describe('streamDominionSessions', () => {
  it('yields the sessions as JSON.parse does, however the bytes are cut', async () => {
    const pretty = `\ufeff${JSON.stringify(EXPORT, null, 2)}`;
    for (const text of [JSON.stringify(EXPORT), pretty])
      for (const size of [1, 2, 3, 7, 64, 1 << 16])
        expect(await sessions(chunked(text, size)), `chunks of ${size}`).toEqual(EXPORT.Sessions);
  });

  it('yields nothing for an empty Sessions array, and refuses a file without one or empty', async () => {
    expect(await sessions(chunked('{"Version":"5","Sessions":[]}', 3))).toEqual([]);
    await expect(sessions(chunked('{"Version":"5","List":[{"Id":1}]}', 3))).rejects.toThrow(
      'the file has no "Sessions" list',
    );
    await expect(sessions(chunked('', 3))).rejects.toThrow('the file is empty (0 bytes)');
  });

  it('names the session that is not valid JSON', async () => {
    const text = '{"Sessions":[{"TabulatorId":1},{"TabulatorId":01x},{"TabulatorId":3}]}';
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const s of streamDominionSessions(chunked(text, 5))) seen.push(s.value);
      })(),
    ).rejects.toThrow(/^session 2 is not valid JSON: /);
    expect(seen).toEqual([{ TabulatorId: 1 }]);
  });

  it('says where a truncated file ends', async () => {
    await expect(
      sessions(chunked('{"Sessions":[{"TabulatorId":1},{"TabulatorId":2,"Ca', 4)),
    ).rejects.toThrow('the file ends inside session 2');
  });
});

describe('streamDominionSessions over many sessions', () => {
  // Strings that look like the separator between sessions, in places a cut must not fall.
  const decoy = '},{"TabulatorId":0,"Cards":[{';
  const many = Array.from({ length: 60 }, (_, n) => ({
    TabulatorId: n,
    ImageMask: n % 7 === 3 ? decoy : `D:\\Images\\${n}*.*`,
    Original: { Cards: [{ Contests: [{ Id: n % 5, Marks: n % 11 === 4 ? [] : [{ Rank: 1 }] }] }] },
    ...(n % 13 === 6 ? { Modified: { Note: `,${decoy}`, Cards: [] } } : {}),
  }));
  const exported = { Version: '5', ElectionId: 'E', Sessions: [...many, 3, { Last: true }] };

  it('yields what JSON.parse does, compact or pretty, however the bytes are cut', async () => {
    for (const text of [JSON.stringify(exported), JSON.stringify(exported, null, 2)])
      for (const size of [1, 5, 64, 333, 4096, 1 << 16])
        expect(await sessions(chunked(text, size)), `chunks of ${size}`).toEqual(exported.Sessions);
  });

  it('names a bad session met after many good ones, and where a cut file ends', async () => {
    const text = JSON.stringify(exported).replace('"TabulatorId":41,', '"TabulatorId":41x,');
    for (const size of [7, 500, 1 << 16]) {
      const seen: unknown[] = [];
      await expect(
        (async () => {
          for await (const s of streamDominionSessions(chunked(text, size))) seen.push(s.value);
        })(),
      ).rejects.toThrow(/^session 42 is not valid JSON: /);
      expect(seen).toEqual(many.slice(0, 41));
    }
    const full = JSON.stringify(exported);
    const cut = full.slice(0, full.indexOf('{"TabulatorId":20,') + 30);
    for (const size of [7, 500, 1 << 16])
      await expect(sessions(chunked(cut, size))).rejects.toThrow('the file ends inside session 21');
  });
});
