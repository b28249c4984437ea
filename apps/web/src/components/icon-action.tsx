import { useEffect, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

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
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <Tooltip
      title={label}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disableInteractive
    >
      <IconButton
        aria-label={label}
        size="small"
        color={color}
        onClick={() => {
          setOpen(false);
          onClick();
        }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}
