import Typography from '@mui/material/Typography';

/** The body of a tab whose feature arrives with a later issue. */
export function ComingSoon({ what }: { what: string }) {
  return <Typography color="textSecondary">{what} arrive with their feature.</Typography>;
}
