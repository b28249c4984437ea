import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import HowToVoteRounded from '@mui/icons-material/HowToVoteRounded';
import { VERSION } from '@scrutineer/contracts';

interface BrandMarkProps {
  size?: 'small' | 'large';
}

/** The product name with its mark. */
export function BrandMark({ size = 'small' }: BrandMarkProps) {
  const large = size === 'large';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        sx={{
          width: large ? 44 : 34,
          height: large ? 44 : 34,
          borderRadius: 2.5,
          display: 'grid',
          placeItems: 'center',
          background: 'linear-gradient(135deg, #9d7bff 0%, #6a3df0 100%)',
          color: '#fff',
        }}
      >
        <HowToVoteRounded fontSize={large ? 'medium' : 'small'} />
      </Box>
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: large ? 26 : 19, letterSpacing: '-0.02em' }}
      >
        {VERSION.LOGO}
      </Typography>
    </Box>
  );
}
