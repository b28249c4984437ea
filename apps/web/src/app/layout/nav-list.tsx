import { Link as RouterLink, useLocation } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { isActivePath, type NavItem } from './nav-items';

interface NavListProps {
  items: readonly NavItem[];
  onNavigate?: () => void;
}

export function NavList({ items, onNavigate }: NavListProps) {
  const { pathname } = useLocation();
  return (
    <List component="nav" aria-label="Main navigation" sx={{ py: 1 }}>
      {items.map(({ label, to, icon: Icon }) => {
        const active = isActivePath(pathname, to);
        return (
          <ListItemButton
            key={to}
            component={RouterLink}
            to={to}
            selected={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={label} />
          </ListItemButton>
        );
      })}
    </List>
  );
}
