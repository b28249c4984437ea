import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/** True when the pointer went onto a dialog's backdrop or into a dialog, not elsewhere on the page. */
function leftForDialog(to: EventTarget | null): boolean {
  return to instanceof Element && to.closest('.MuiModal-root, .MuiBackdrop-root') !== null;
}

/**
 * The tooltip of a button in a table row. It closes on a click and on Escape and stays closed
 * while the pointer rests on the button and while focus comes back to it from a dialog the click
 * opened, so it never lies over the next row's buttons. It shows again once the pointer has
 * left the button and come back, or when the button is reached with Tab.
 */
export function ActionTooltip({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const quiet = useRef(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      quiet.current = true;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <Tooltip
      title={title}
      open={open}
      onOpen={() => {
        if (!quiet.current) setOpen(true);
      }}
      onClose={() => setOpen(false)}
      disableInteractive
      describeChild
    >
      <Box
        component="span"
        sx={{ display: 'inline-flex' }}
        onClickCapture={() => {
          quiet.current = true;
          setOpen(false);
        }}
        onPointerLeave={(event) => {
          if (!leftForDialog(event.relatedTarget)) quiet.current = false;
        }}
        onKeyUp={(event) => {
          if (event.key === 'Tab') {
            quiet.current = false;
            setOpen(true);
          }
        }}
      >
        {children}
      </Box>
    </Tooltip>
  );
}
