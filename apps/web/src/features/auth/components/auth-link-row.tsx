import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

interface AuthLinkRowProps {
  text?: ReactNode;
  to: string;
  label: string;
}

/** "Already have an account? Sign in" style line under an auth form. */
export function AuthLinkRow({ text, to, label }: AuthLinkRowProps) {
  return (
    <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
      {text}{' '}
      <Link component={RouterLink} to={to} underline="hover" sx={{ fontWeight: 600 }}>
        {label}
      </Link>
    </Typography>
  );
}
