// As Boulder County writes its published exports: groups too small to publish ballot by ballot
// become one row of counts per choice, labelled in the CVR number; single redacted ballots stay.
export const AGGREGATED = [
  '2024 County General,5.17.17.1,,,,,,,,,,,',
  ',,,,,,,Mayor (Vote For=1),Mayor (Vote For=1),Mayor (Vote For=1),Council (Vote For=2),Council (Vote For=2),Council (Vote For=2)',
  ',,,,,,,Ann,Bob,Write-in,Cy,Di,Ed',
  'CvrNumber,TabulatorNum,BatchId,RecordId,ImprintedId,CountingGroup,BallotType,DEM,REP,,DEM,REP,UNA',
  '1,105,1,165,105-1-165,Regular,09,1,0,0,1,1,0',
  '2,105,1,166,105-1-166,Regular,09,0,1,0,0,1,0',
  'Redacted and Aggregated,,,,,Regular,7,265,104,2,,,',
  '"Redacted & Aggregated",,,,,Mail,12,3,2,0,4,1,5',
  'Redacted and Consolidated 10 Ballots,,,,,,09,6,3,1,9,8,3',
  '"RCV Redacted & Randomly Sorted",,,,,,14,1,0,0,,,',
  'Redacted,,,,,,16,0,1,0,0,0,1',
  'Redacted,,,,,,16,2,1,0,,,',
  '3,105,1,167,105-1-167,Regular,09,0,0,1,1,0,0',
].join('\r\n');
