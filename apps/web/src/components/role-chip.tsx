import Chip from '@mui/material/Chip';
import type { MemberRole } from '@scrutineer/contracts';

const COLORS = { Auditor: 'primary', Uploader: 'secondary', Observer: 'default' } as const;

/** The caller's district or election role. */
export function RoleChip({
  role,
  size = 'small',
}: {
  role: MemberRole;
  size?: 'small' | 'medium';
}) {
  return <Chip label={role} color={COLORS[role]} size={size} variant="outlined" />;
}
