import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { bufferSource } from '../../src/cvr/index.js';
import { readCsvRows } from '../../src/cvr/csv.js';
import { CsvTokenizer, excelText, type CsvRow } from '../../src/cvr/csv-tokenizer.js';
import { collect, realCvrPath } from './fixtures.js';

/** Tokenizes `text` cut into pieces of `size` characters, as a stream would deliver it. */
function tokenize(text: string, size = text.length || 1): CsvRow[] {
  const tokenizer = new CsvTokenizer('t.csv');
  const rows: CsvRow[] = [];
  for (let at = 0; at < text.length; at += size) {
    rows.push(...tokenizer.push(text.slice(at, at + size)));
  }
  rows.push(...tokenizer.end());
  return rows;
}

const SAMPLE = [
  '\uFEFFname,"Vote For=1",="0123"',
  '"Smith, Jr.","He said ""no""",="1-2-3"',
  '',
  'a,"two',
  'lines",b"c',
  '"5" Ballot",="a,b",',
  'last,row',
].join('\r\n');

describe('CsvTokenizer', () => {
  it('reads quoted cells with commas and quotes, Excel cells, and counts lines', () => {
    expect(tokenize(SAMPLE)).toEqual([
      { line: 1, cells: ['name', 'Vote For=1', '0123'] },
      { line: 2, cells: ['Smith, Jr.', 'He said "no"', '1-2-3'] },
      { line: 5, cells: ['a', 'two\r\nlines', 'b"c'] },
      { line: 6, cells: ['5" Ballot"', 'a,b', ''] },
      { line: 7, cells: ['last', 'row'] },
    ]);
  });

  it('gives the same records however the text is cut into chunks', () => {
    const whole = tokenize(SAMPLE);
    for (const size of [1, 2, 3, 5, 7, 16]) expect(tokenize(SAMPLE, size)).toEqual(whole);
  });

  it('reads again, after the next chunk, the records of a chunk left unread', () => {
    const tokenizer = new CsvTokenizer();
    const first = tokenizer.push('a,1\nb,2\nc,');
    expect(first.next().value).toEqual({ line: 1, cells: ['a', '1'] });
    expect([...tokenizer.push('3\n'), ...tokenizer.end()]).toEqual([
      { line: 2, cells: ['b', '2'] },
      { line: 3, cells: ['c', '3'] },
    ]);
  });

  it('reads LF, CRLF and lone-CR line ends, with or without a final line end', () => {
    const expected = [
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', ''] },
    ];
    for (const end of ['\n', '\r\n', '\r']) {
      expect(tokenize(`a,b${end}c,`)).toEqual(expected);
      expect(tokenize(`a,b${end}c,${end}`, 1)).toEqual(expected);
    }
  });

  it('names the row where a quote is opened and never closed', () => {
    expect(() => tokenize('a,b\nc,"d\ne,f\n')).toThrow(
      't.csv row 2: a quote opened in this row is never closed',
    );
  });

  it('unwraps an Excel cell written inside quotes', () => {
    expect(tokenize('"=""0123""",x')).toEqual([{ line: 1, cells: ['0123', 'x'] }]);
    expect(excelText('="7"')).toBe('7');
    expect(excelText('=7')).toBe('=7');
  });

  it('reads every real CSV sample as csv-parse does, cell for cell and line for line', async () => {
    const samples = [
      'dominion_csv/arapahoe_2016_CVR_Export_20170310104116.csv',
      'dominion_csv/arapahoe_2016_ballot_manifest.csv',
      'dominion_csv/arlo_dominion_test_cvrs.csv',
      'dominion_csv/INVALID_duplicate_line_CVR_Export.csv',
      'clearballot_csv/inline_comma_cvr.csv',
      'ess/ess_cvr.csv',
      'ess/ess_ballots_1.csv',
      'ess/ess_ballots_2.csv',
    ];
    for (const sample of samples) {
      const bytes = await readFile(realCvrPath(sample));
      const expected = (
        parse(bytes, {
          bom: true,
          relax_quotes: true,
          relax_column_count: true,
          skip_empty_lines: true,
          info: true,
        }) as unknown as { record: string[]; info: { lines: number } }[]
      ).map(({ record, info }) => ({ line: info.lines, cells: record.map(excelText) }));
      const rows = await collect(readCsvRows(bufferSource(sample, bytes)));
      expect(rows, sample).toEqual(expected);
      expect(tokenize(bytes.toString('utf8'), 4096), sample).toEqual(expected);
    }
  });
});
