import type { AppRole } from '@scrutineer/contracts';
import type SvgIcon from '@mui/material/SvgIcon';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LeaderboardOutlined from '@mui/icons-material/LeaderboardOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof SvgIcon;
}

const home = { label: 'Home', to: '/home', icon: HomeOutlined };
// Not in the spec's lists: projects were reachable only through Home (docs/decisions.md).
const projects = { label: 'Projects', to: '/projects', icon: CampaignOutlined };
const districts = { label: 'Districts', to: '/districts', icon: MapOutlined };
const elections = { label: 'Elections', to: '/elections', icon: HowToVoteOutlined };
const auditJobs = { label: 'Audit Jobs', to: '/audit-jobs', icon: FactCheckOutlined };
const leaderboard = { label: 'Leaderboard', to: '/leaderboard', icon: LeaderboardOutlined };
const accountSettings = {
  label: 'Account Settings',
  to: '/account-settings',
  icon: ManageAccountsOutlined,
};

/** Side navigation of role User (spec part 1, "Side navigation"). */
export const USER_NAV: readonly NavItem[] = [
  home,
  projects,
  districts,
  elections,
  auditJobs,
  leaderboard,
  accountSettings,
  { label: 'Subscription', to: '/subscription', icon: CardMembershipOutlined },
];

/** Side navigation of role Admin, in the spec's order. */
export const ADMIN_NAV: readonly NavItem[] = [
  home,
  projects,
  districts,
  elections,
  auditJobs,
  { label: 'Donate', to: '/audit-donation', icon: VolunteerActivismOutlined },
  leaderboard,
  { label: 'Admin Board', to: '/admin-board', icon: AdminPanelSettingsOutlined },
  { label: 'Audit Packages', to: '/packages', icon: Inventory2Outlined },
  accountSettings,
  { label: 'Tools', to: '/tools', icon: BuildOutlined },
];

// The spec lists two layouts; the other roles (Client, Oberver, Sponsore) get the User one.
export function navItemsFor(role: AppRole | null): readonly NavItem[] {
  return role === 'Admin' ? ADMIN_NAV : USER_NAV;
}

export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
