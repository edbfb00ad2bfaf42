import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORGANIZATION_STATUSES, type OrganizationStatus, type SearchHit } from '@archline/contracts';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { humanize } from './format.ts';
import { hitHref, quickLinksFor } from './hub-quick-links.ts';
import { OrganizationName } from './quick-glance.tsx';

const KIND_LABEL: Record<string, string> = {
  organization: 'Organization',
  doctor: 'Doctor',
  user: 'User',
  location: 'Location',
};

function Detail({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </Typography>
  );
}

/** One hit of the hub search: name, kind, status, contact, dates and quick links. */
export function HubHitCard({ hit }: { hit: SearchHit }) {
  const href = hitHref(hit);
  const links = quickLinksFor(hit);
  const status = hit.status ? ORGANIZATION_STATUSES[hit.status as OrganizationStatus] : null;
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} data-testid="hub-hit">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h2" variant="subtitle1">
            {hit.model === 'organization' ? (
              <OrganizationName id={hit.model_id} name={hit.full_name} />
            ) : href ? (
              <Link component={RouterLink} to={href} sx={{ fontWeight: 600 }}>
                {hit.full_name}
              </Link>
            ) : (
              <Box component="span" sx={{ fontWeight: 600 }}>
                {hit.full_name}
              </Box>
            )}
          </Typography>
          <Chip size="small" label={KIND_LABEL[hit.filter] ?? humanize(hit.filter)} />
          {status && (
            <Chip
              size="small"
              color={hit.status === 6 ? 'default' : 'primary'}
              variant="outlined"
              label={status}
            />
          )}
          {hit.is_archived && hit.status !== 6 && <Chip size="small" label="Archived" />}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, mt: 1 }}>
          {hit.model !== 'organization' && hit.organization_id !== null && hit.organization_name && (
            <Typography variant="body2">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                Organization:{' '}
              </Box>
              <OrganizationName id={hit.organization_id} name={hit.organization_name} />
            </Typography>
          )}
          <Detail label="Account Number" value={hit.organization_account_number} />
          <Detail label="Roles" value={hit.roles.map(humanize).join(', ')} />
          <Detail label="Email" value={hit.email} />
          <Detail label="Phone" value={hit.phone_number} />
          <Detail label="Address" value={hit.full_address} />
          <Detail label="Locations" value={hit.locations.map((l) => l.location_name).join(', ')} />
          <Detail label="Joined" value={formatDate(hit.joined_at)} />
          {hit.model !== 'location' && <Detail label="Submissions" value={hit.submissions} />}
          {hit.newest_case_submission && (
            <Detail label="Newest Case Submission" value={formatDateTime(hit.newest_case_submission)} />
          )}
          {hit.model !== 'location' && (
            <Detail label="Monthly Submission Average" value={hit.average_monthly_submissions.toFixed(1)} />
          )}
          {hit.model === 'user' && <Detail label="Last Login" value={formatDateTime(hit.last_login_at)} />}
          {hit.model === 'user' && (
            <Detail label="Last Activity" value={formatDateTime(hit.last_activity_at)} />
          )}
          {hit.payment && <Detail label="Payment" value={humanize(hit.payment.payment_status)} />}
        </Box>
        {links.length > 0 && (
          <Stack
            component="nav"
            aria-label={`Quick links for ${hit.full_name}`}
            direction="row"
            spacing={1}
            sx={{ mt: 1.5, flexWrap: 'wrap' }}
          >
            {links.map((l) => (
              <Button key={l.label} component={RouterLink} to={l.to} size="small" variant="outlined">
                {l.label}
              </Button>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
