import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { AdminUser, UserStatus } from '@scrutineer/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { SearchField } from '../../../components/search-field';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { errorMessage } from '../../../lib/api-error';
import { useListState } from '../../../lib/use-list-state';
import { useAdminUsers } from '../api/list-users';
import { useUserAction, type UserAction } from '../api/set-user-active';
import { AuditPermissionDialog } from './audit-permission-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ManualSubscriptionDialog } from './manual-subscription-dialog';
import { SubscriptionsDialog } from './subscriptions-dialog';
import { userColumns, type UserRowAction } from './user-columns';

const QUESTIONS: Record<UserAction, (user: AdminUser) => string> = {
  deactivate: (user) => `Are you sure you want to deactivate ${user.email}?`,
  activate: (user) => `Are you sure you want to reactivate ${user.email}?`,
  delete: (user) => `Are you sure you want to delete ${user.email} permanently?`,
};

/** The Users tab: Active or Inactive people, their flags and what the Admin can do to them. */
export function UsersTab() {
  const notify = useNotify();
  const [status, setStatus] = useState<UserStatus>('Active');
  const list = useListState({ sort: 'name', order: 'asc' });
  const { data, isFetching, error } = useAdminUsers(status, {
    search: list.query.search,
    page: list.query.page,
    page_size: list.query.page_size,
  });
  const action = useUserAction();
  const [open, setOpen] = useState<{ user: AdminUser; action: UserRowAction } | null>(null);

  const confirm = (user: AdminUser, kind: UserAction) =>
    action.mutate(
      { id: user.id, action: kind },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setOpen(null);
        },
        onError: (failure) => notify.error(errorMessage(failure)),
      },
    );

  const dialogs: readonly UserRowAction[] = [
    'edit',
    'permissions',
    'subscriptions',
    'manual-subscription',
  ];
  const pending = open && !dialogs.includes(open.action) ? open : null;

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={list.search} onChange={list.setSearch} />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          aria-label="User status"
          onChange={(_event, next: UserStatus | null) => {
            if (next) {
              setStatus(next);
              list.setPage(1);
            }
          }}
        >
          <ToggleButton value="Active">Active</ToggleButton>
          <ToggleButton value="Inactive">Inactive</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <ServerDataGrid
        label={`${status} users`}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        columns={userColumns(status, (user, kind) => setOpen({ user, action: kind }))}
        list={list}
        noRowsLabel={status === 'Active' ? 'No active users.' : 'No inactive users.'}
        wrapHeaders
      />
      {open?.action === 'edit' && (
        <EditUserDialog key={open.user.id} user={open.user} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'permissions' && (
        <AuditPermissionDialog key={open.user.id} user={open.user} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'subscriptions' && (
        <SubscriptionsDialog key={open.user.id} user={open.user} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'manual-subscription' && (
        <ManualSubscriptionDialog
          key={open.user.id}
          user={open.user}
          onClose={() => setOpen(null)}
        />
      )}
      {pending && (
        <ConfirmDialog
          open
          title={QUESTIONS[pending.action as UserAction](pending.user)}
          confirmLabel={
            pending.action === 'activate'
              ? 'Reactivate'
              : pending.action === 'delete'
                ? 'Delete'
                : 'Deactivate'
          }
          danger={pending.action !== 'activate'}
          pending={action.isPending}
          onConfirm={() => confirm(pending.user, pending.action as UserAction)}
          onClose={() => setOpen(null)}
        >
          {pending.action === 'deactivate' &&
            'They are signed out at once and cannot sign in until reactivated.'}
          {pending.action === 'delete' &&
            'Their account is removed for good; what they made stays without their name.'}
        </ConfirmDialog>
      )}
    </>
  );
}
