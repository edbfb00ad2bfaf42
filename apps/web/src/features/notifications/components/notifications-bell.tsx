import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { Notification } from '@archline/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMemo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';

/** Newest first by created_at (the server's order, kept when items arrive live). */
export function sortByCreatedAt(items: readonly Notification[]): Notification[] {
  return [...items].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** Internal links navigate in the app; anything else opens as a normal link. */
function isInternal(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

/**
 * The top bar bell: unread badge; opening the menu marks all as read; clicking an item goes to
 * its link. New notifications arrive over the user's private channel (see RealtimeProvider).
 */
export function NotificationsBell() {
  const navigate = useNavigate();
  const { data } = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = data?.unread_count ?? 0;
  const items = useMemo(() => sortByCreatedAt(data?.data ?? []), [data]);

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    if (unread > 0) markAll.mutate();
  };

  const select = (n: Notification) => {
    setAnchor(null);
    if (!n.read_at) markOne.mutate(n.id);
    if (!n.link) return;
    if (isInternal(n.link)) navigate(n.link);
    else window.open(n.link, '_blank', 'noopener');
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="true"
          aria-controls={anchor ? 'notifications-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={open}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notifications-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id="notifications-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxHeight: 480 } }, list: { 'aria-label': 'Notifications' } }}
      >
        {items.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary="No notifications" />
          </MenuItem>
        )}
        {items.map((n) => (
          <MenuItem
            key={n.id}
            onClick={() => select(n)}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
          >
            <ListItemText
              primary={n.message}
              secondary={[n.patient_name, formatDateTime(n.created_at)].filter(Boolean).join(' · ')}
              slotProps={{
                primary: {
                  sx: {
                    fontWeight: n.read_at ? 400 : 600,
                    color: n.type === 'rush_case' ? 'error.main' : undefined,
                  },
                },
              }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
