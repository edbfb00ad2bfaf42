import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { FilteredStatistic } from '@archline/contracts';
import { Link as RouterLink } from 'react-router';

/** The patient list (/patients-page) showing exactly the card's cases. */
export const cardLink = (s: Pick<FilteredStatistic, 'filters'>) => `/patients-page?${s.filters}`;

const ACCENTS: Record<FilteredStatistic['key'], string> = {
  submissions: 'primary.main',
  completed_cases: 'success.main',
  shipped: 'info.main',
  initial_setups: 'secondary.main',
  print_requests: 'warning.main',
  insert_brackets: 'grey.600',
  flawed_trays: 'error.main',
};

const casesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'case' : 'cases'}`;

/** One filtered statistic: its number of cases, today's, and a link to the list of them. */
export function StatCard({ statistic }: { statistic: FilteredStatistic }) {
  const { title, total, live_data: live } = statistic;
  return (
    <Card variant="outlined" sx={{ height: '100%', borderLeft: 4, borderLeftColor: ACCENTS[statistic.key] }}>
      <CardActionArea
        component={RouterLink}
        to={cardLink(statistic)}
        aria-label={`${title}: ${casesText(total)}${live === null ? '' : `, ${live} today`}. Open the patient list`}
        data-testid={`stat-${statistic.key}`}
        sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}
      >
        <Typography variant="subtitle2" component="h3" color="text.secondary">
          {title}
        </Typography>
        <Typography
          component="p"
          data-testid="stat-total"
          sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, mt: 0.5 }}
        >
          {total.toLocaleString('en-US')}
        </Typography>
        {live !== null && (
          <Typography variant="body2" color="text.secondary" data-testid="stat-live">
            {live.toLocaleString('en-US')} today
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}

/** The card's place while the figures load. */
export function StatCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ p: 2, height: '100%' }} aria-hidden>
      <Skeleton width="60%" />
      <Skeleton width="40%" height={44} />
      <Box sx={{ width: '30%' }}>
        <Skeleton />
      </Box>
    </Card>
  );
}
