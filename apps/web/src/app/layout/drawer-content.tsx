import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Toolbar from '@mui/material/Toolbar';
import type { AppRole, Profile } from '@scrutineer/contracts';
import { BrandMark } from '../../components/brand-mark';
import { DrawerFooter } from './drawer-footer';
import { DrawerUserCard } from './drawer-user-card';
import { navItemsFor } from './nav-items';
import { NavList } from './nav-list';

interface DrawerContentProps {
  profile: Profile | undefined;
  role: AppRole | null;
  onNavigate?: () => void;
}

export function DrawerContent({ profile, role, onNavigate }: DrawerContentProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 2.5 }}>
        <BrandMark />
      </Toolbar>
      <Divider />
      <DrawerUserCard profile={profile} />
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <NavList items={navItemsFor(role)} onNavigate={onNavigate} />
      </Box>
      <Divider />
      <DrawerFooter />
    </Box>
  );
}
