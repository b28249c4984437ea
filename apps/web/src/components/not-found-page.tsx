import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { BrandMark } from './brand-mark';
import { useDocumentTitle } from './use-document-title';

/** The catch-all route. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 2,
        textAlign: 'center',
      }}
    >
      <BrandMark size="large" />
      <Typography
        sx={{ fontSize: 96, fontWeight: 800, lineHeight: 1, color: 'primary.main', mt: 3 }}
        aria-hidden
      >
        404
      </Typography>
      <Typography variant="h4" component="h1">
        Page not found
      </Typography>
      <Typography color="textSecondary" sx={{ maxWidth: 420 }}>
        The page you asked for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to="/home" variant="contained" size="large" sx={{ mt: 2 }}>
        Back to Home
      </Button>
    </Box>
  );
}
