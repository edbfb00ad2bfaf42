import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DnsIcon from '@mui/icons-material/Dns';
import GroupsIcon from '@mui/icons-material/Groups';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import PlaceIcon from '@mui/icons-material/Place';
import SettingsIcon from '@mui/icons-material/Settings';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MeUser } from '../../session/me.ts';
import { sidebarHeader, sidebarItems, type SidebarItem } from './sidebar-model.ts';

const ICONS: Record<string, ReactNode> = {
  Dashboard: <DashboardIcon />,
  Patients: <PeopleIcon />,
  Batches: <ViewModuleIcon />,
  'Organizations & Users': <GroupsIcon />,
  'Promotion Codes': <LocalOfferIcon />,
  'Start a New Case': <AddCircleOutlineIcon />,
  Locations: <PlaceIcon />,
  'Bracket Inventory': <Inventory2Icon />,
  'Custom Bracket Sets': <DnsIcon />,
  Organizations: <BusinessIcon />,
  Account: <AccountCircleIcon />,
  Reports: <AssessmentIcon />,
  Settings: <SettingsIcon />,
};

function isActive(pathname: string, item: SidebarItem): boolean {
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** The drawer content: who is signed in, then the entries of the sidebar table. */
export function Sidebar({ user, onNavigate }: { user: MeUser; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const header = sidebarHeader(user);
  const items = sidebarItems(user);
  return (
    <Box component="nav" aria-label="Main" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ px: 2, py: 2 }} data-testid="sidebar-header">
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {header.name}
        </Typography>
        {header.lines.map((line) => (
          <Typography key={line} variant="body2" color="text.secondary" component="p">
            {line}
          </Typography>
        ))}
      </Box>
      <Divider />
      <List>
        {items.map((item) => (
          <ListItem key={item.key} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={item.path}
              selected={isActive(pathname, item)}
              disabled={item.disabled}
              aria-disabled={item.disabled || undefined}
              aria-current={isActive(pathname, item) ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[item.label] ?? <AccountCircleIcon />}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
