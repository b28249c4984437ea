import { describe, expect, it } from 'vitest';
import { bufferSource, openDominionCsv } from '../../src/cvr/index.js';
import { collect } from './fixtures.js';

// As counties that publish their CVRs write them: redacted ballots keep their votes and style
// but lose every id, with "Redacted" where the CVR number was.
const PUBLISHED = [
  'County General,5.10.50.85,,,,,,,,',
  ',,,,,,,Mayor (Vote For=1),Mayor (Vote For=1),Mayor (Vote For=1)',
  ',,,,,,,Ann,Bob,Write-in',
  '"CvrNumber","TabulatorNum","BatchId","RecordId","ImprintedId","CountingGroup","BallotType",,,',
  '="1",="5",="2",="1",="5-2-1",="Mail",="16",1,0,0',
  '"Redacted",,,,,,16,0,1,0',
  '"Redacted",,,,,,10,0,1,0',
  '"RCV Redacted & Randomly Sorted",,,,,,14,1,0,0',
  '="2",,,,,="Mail",="16",0,0,1',
  '="2",,,,,="Mail",="16",0,1,0',
].join('\r\n');

describe('Dominion CSV as counties publish it', () => {
  it.each(['bytes', 'text'] as const)(
    'tells redacted rows apart by row, and still flags a repeated CVR number (%s)',
    async (path) => {
      const reader = await openDominionCsv(bufferSource('CVR_Export.csv', PUBLISHED), { path });
      const ballots = await collect(reader.ballots);
      expect(ballots.map((b) => [b.id, b.cvrNumber, b.style])).toEqual([
        ['5-2-1', '1', '16'],
        ['row 6', 'Redacted', '16'],
        ['row 7', 'Redacted', '10'],
        ['row 8', 'RCV Redacted & Randomly Sorted', '14'],
        ['2', '2', '16'],
        ['2', '2', '16'],
      ]);
      expect(ballots.map((b) => b.contests[0]?.marks.map((m) => m.optionId))).toEqual([
        ['Ann'],
        ['Bob'],
        ['Bob'],
        ['Ann'],
        ['Write-in'],
        ['Bob'],
      ]);
      expect(reader.problems.map((p) => [p.code, p.row])).toEqual([['duplicate-ballot', 10]]);
    },
  );
});
