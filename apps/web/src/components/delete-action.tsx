import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { IconAction } from './icon-action';

/** A row's red Delete icon, named for the record it deletes. */
export function DeleteAction({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconAction label={`Delete ${name}`} color="error" onClick={onClick}>
      <DeleteOutlined fontSize="small" />
    </IconAction>
  );
}
