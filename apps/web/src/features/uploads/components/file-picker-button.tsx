import { useRef } from 'react';
import Button from '@mui/material/Button';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';

interface FilePickerButtonProps {
  label: string;
  multiple?: boolean;
  accept?: string;
  disabled?: boolean;
  onPick: (files: File[]) => void;
}

/** A button that opens the browser's file chooser. */
export function FilePickerButton({
  label,
  multiple,
  accept,
  disabled,
  onPick,
}: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Button
      component="label"
      variant="outlined"
      startIcon={<AttachFileOutlined />}
      disabled={disabled}
    >
      {label}
      <input
        ref={input}
        type="file"
        hidden
        multiple={multiple}
        accept={accept}
        aria-label={label}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again fires a change (resume).
          if (input.current) input.current.value = '';
          if (files.length > 0) onPick(files);
        }}
      />
    </Button>
  );
}
