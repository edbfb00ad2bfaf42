import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../session/session.tsx';
import { isBuiltPath } from '../../../lib/built-routes.ts';
import { roleNames } from '../../../session/me.ts';
import { useQuickGlance } from '../api/get-quick-glance.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { onboardingSummary } from '@archline/contracts';
import { humanize } from './format.ts';

/** The roles that see the quick glance on an organization's name. */
export const QUICK_GLANCE_ROLES = ['admin', 'tech_support', 'supervisor', 'super_admin'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

export function QuickGlanceContent({ id, titleId }: { id: number; titleId: string }) {
  const glance = useQuickGlance(id, true);
  if (glance.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={16} aria-hidden="true" /> Loading...
      </Box>
    );
  }
  if (!glance.data) return <Typography variant="body2">The quick glance could not be loaded.</Typography>;
  const g = glance.data;
  return (
    <Box
      component="dl"
      aria-labelledby={titleId}
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      <Row label="Account Number">{g.account_number ?? '—'}</Row>
      <Row label="Joined">{formatDate(g.joined_at)}</Row>
      <Row label="Newest Case Submission">{formatDateTime(g.newest_case_submission)}</Row>
      <Row label="Users">{g.number_of_users}</Row>
      <Row label="Patients">{g.number_of_patients}</Row>
      <Row label="Organization Manager">
        {g.organization_managers.map((m) => m.full_name).join(', ') || '—'}
      </Row>
      <Row label="Customer Service Manager">{g.manager?.full_name ?? 'Not assigned'}</Row>
      <Row label="Payment">
        {g.payment
          ? `${humanize(g.payment.payment_status)}${g.payment.suspended_at ? ' (suspended)' : ''}`
          : '—'}
      </Row>
      <Row label="Onboarding">{g.onboarding ? onboardingSummary(g.onboarding) : '—'}</Row>
    </Box>
  );
}

/**
 * An organization's name; for admin, tech_support, supervisor and super_admin, hovering or
 * focusing it opens the quick glance. Links to the organization when its page exists.
 */
export function OrganizationName({ id, name }: { id: number; name: string }) {
  const { user } = useSession();
  const allowed = user ? roleNames(user).some((r) => QUICK_GLANCE_ROLES.includes(r)) : false;
  const anchor = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const popperId = useId();
  const titleId = useId();
  const href = `/organizations/${id}`;
  const linked = isBuiltPath(href);

  const show = () => allowed && setOpen(true);
  const hide = () => setOpen(false);
  const common = {
    ref: (el: HTMLElement | null) => {
      anchor.current = el;
    },
    onMouseEnter: show,
    onMouseLeave: hide,
    onFocus: show,
    onBlur: hide,
    onKeyDown: (e: React.KeyboardEvent) => e.key === 'Escape' && hide(),
    'aria-describedby': open ? popperId : undefined,
  };

  return (
    <>
      {linked ? (
        <Link component={RouterLink} to={href} {...common} sx={{ fontWeight: 600 }}>
          {name}
        </Link>
      ) : (
        <Box component="span" tabIndex={allowed ? 0 : undefined} {...common} sx={{ fontWeight: 600 }}>
          {name}
        </Box>
      )}
      {allowed && (
        <Popper
          id={popperId}
          open={open}
          anchorEl={anchor.current}
          placement="bottom-start"
          sx={{ zIndex: 'tooltip' }}
        >
          <Paper elevation={6} sx={{ p: 2, maxWidth: 360 }} data-testid="quick-glance">
            <Typography id={titleId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
              {name} at a glance
            </Typography>
            <QuickGlanceContent id={id} titleId={titleId} />
          </Paper>
        </Popper>
      )}
    </>
  );
}
