import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { OperationLink } from '@scrutineer/contracts';

interface LinksMenuProps {
  label: 'Reports' | 'Downloads';
  stage: string;
  links: readonly OperationLink[];
  active: boolean;
}

/** A stage's reports or downloads; each opens in a new window (spec part 3 §7). */
export function LinksMenu({ label, stage, links, active }: LinksMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const disabled = !active || links.length === 0;
  return (
    <>
      <Button
        size="small"
        variant="text"
        disabled={disabled}
        aria-label={`${label} of ${stage}`}
        aria-haspopup="menu"
        sx={{ whiteSpace: 'nowrap', minWidth: 0, py: 0.25 }}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
        {links.length > 0 ? ` (${links.length})` : ''}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {links.map((link) => (
          <MenuItem
            key={link.url}
            component="a"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setAnchor(null)}
          >
            {link.text}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
