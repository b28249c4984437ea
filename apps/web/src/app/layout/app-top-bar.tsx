import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuRounded from '@mui/icons-material/MenuRounded';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { DRAWER_WIDTH, type AppRole } from '@scrutineer/contracts';
import { BrandMark } from '../../components/brand-mark';

interface AppTopBarProps {
  isDesktop: boolean;
  role: AppRole | null;
  onOpenMenu: () => void;
}

/** Sits beside the permanent drawer on wide screens; holds the menu button on narrow ones. */
export function AppTopBar({ isDesktop, role, onOpenMenu }: AppTopBarProps) {
  return (
    <AppBar
      position="fixed"
      sx={{
        width: isDesktop ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%',
        ml: isDesktop ? `${DRAWER_WIDTH}px` : 0,
        bgcolor: 'rgba(14, 12, 20, 0.78)',
        backdropFilter: 'blur(10px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1.5 }}>
        {!isDesktop && (
          <>
            <IconButton
              edge="start"
              color="inherit"
              aria-label="Open navigation"
              onClick={onOpenMenu}
            >
              <MenuRounded />
            </IconButton>
            <BrandMark />
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {role && (
          <Chip
            icon={<VerifiedUserOutlined />}
            label={`${role} account`}
            size="small"
            variant="outlined"
            sx={{ borderColor: 'divider', color: 'text.secondary' }}
          />
        )}
      </Toolbar>
    </AppBar>
  );
}
