import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrganizationDetail } from '@archline/contracts';
import { Link as RouterLink } from 'react-router';
import { isBuiltPath } from '../../../lib/built-routes.ts';
import { humanize } from './format.ts';

/** Users and their roles in the organization; names link to /users/{id} when that page exists. */
export function MembersCard({ organization }: { organization: OrganizationDetail }) {
  return (
    <Card component="section" aria-labelledby="members-title">
      <CardHeader
        title="Users"
        slotProps={{ title: { id: 'members-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {organization.users.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No users yet.</Typography>
        ) : (
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {organization.users.map((u) => {
                const href = `/users/${u.id}`;
                return (
                  <TableRow key={u.id} data-testid="member-row">
                    <TableCell>
                      {isBuiltPath(href) ? (
                        <Link component={RouterLink} to={href}>
                          {u.full_name}
                        </Link>
                      ) : (
                        u.full_name
                      )}
                    </TableCell>
                    <TableCell>{u.email}</TableCell>
                    <TableCell>{humanize(u.pivot.role)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The organization's locations. */
export function LocationsCard({ organization }: { organization: OrganizationDetail }) {
  return (
    <Card component="section" aria-labelledby="locations-title">
      <CardHeader
        title="Locations"
        slotProps={{ title: { id: 'locations-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {organization.locations.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No locations yet.</Typography>
        ) : (
          <Table size="small" aria-label="Locations">
            <TableHead>
              <TableRow>
                <TableCell>Location</TableCell>
                <TableCell>Address</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {organization.locations.map((l) => {
                const href = `/organizations/${organization.id}/locations/${l.id}`;
                return (
                  <TableRow key={l.id}>
                    <TableCell>
                      {isBuiltPath(href) ? (
                        <Link component={RouterLink} to={href}>
                          {l.location_name}
                        </Link>
                      ) : (
                        l.location_name
                      )}
                    </TableCell>
                    <TableCell>{l.full_address}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
