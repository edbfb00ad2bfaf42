import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { CustomSetsPanel } from '../components/custom-sets-panel.tsx';

/**
 * /organizations/{organizationId}/custom-bracket-sets: the caller's own custom bracket sets
 * (doctors, lab partners; the sidebar lists it only while the organization has them enabled).
 */
export function CustomBracketSetsPage() {
  const { organizationId: param } = useParams();
  const organizationId = Number(param);
  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Custom Bracket Sets
      </Typography>
      <Card>
        <CardContent>
          {Number.isInteger(organizationId) && organizationId > 0 ? (
            <CustomSetsPanel organizationId={organizationId} filter="owned" />
          ) : (
            <Typography>There is no organization selected.</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
