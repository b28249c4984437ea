import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from './use-document-title';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card every sign-in, sign-up and password screen sits in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Card
      variant="outlined"
      sx={{
        width: '100%',
        maxWidth: 440,
        bgcolor: 'rgba(23, 20, 31, 0.88)',
        backdropFilter: 'blur(8px)',
        boxShadow: '0 24px 60px rgba(0, 0, 0, 0.45)',
      }}
    >
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
