import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import { ActionTooltip } from './action-tooltip';

interface IconActionProps {
  label: string;
  onClick: () => void;
  children: ReactNode;
  color?: 'default' | 'error';
}

/**
 * An icon button in a table row, named for screen readers and tests. Its tooltip closes on a
 * click and on Escape, so it never stays over the next row's buttons.
 */
export function IconAction({ label, onClick, children, color = 'default' }: IconActionProps) {
  return (
    <ActionTooltip title={label}>
      <IconButton aria-label={label} size="small" color={color} onClick={onClick}>
        {children}
      </IconButton>
    </ActionTooltip>
  );
}
