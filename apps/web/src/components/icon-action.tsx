import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

interface IconActionProps {
  label: string;
  onClick: () => void;
  children: ReactNode;
  color?: 'default' | 'error';
}

/** An icon button in a table row, named for screen readers and tests. */
export function IconAction({ label, onClick, children, color = 'default' }: IconActionProps) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} size="small" color={color} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}
