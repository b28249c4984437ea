import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { PageHeader } from '../../../components/page-header';
import { useProfile } from '../api/get-profile';
import { CloseAccountPanel } from './close-account-panel';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'password', label: 'Password' },
  { value: 'close', label: 'Close Account' },
] as const;
type TabName = (typeof TABS)[number]['value'];

/** /account-settings: profile, password and close account. */
export function AccountSettingsPage() {
  const { data: profile } = useProfile();
  const [tab, setTab] = useState<TabName>('profile');

  return (
    <>
      <PageHeader title="Account Settings" subtitle="Manage your profile, password and account." />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, value: TabName) => setTab(value)}
          aria-label="Account settings sections"
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map(({ value, label }) => (
            <Tab
              key={value}
              label={label}
              value={value}
              id={`tab-${value}`}
              aria-controls={`panel-${value}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`panel-${tab}`}
          aria-labelledby={`tab-${tab}`}
          sx={{ p: { xs: 2.5, md: 4 } }}
        >
          {!profile && <FullPageSpinner />}
          {profile && tab === 'profile' && <ProfileForm profile={profile} />}
          {profile && tab === 'password' && <PasswordForm email={profile.email} />}
          {profile && tab === 'close' && <CloseAccountPanel email={profile.email} />}
        </Box>
      </Paper>
    </>
  );
}
