import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  DASHBOARD_DEFAULT_TIME_FILTER,
  DASHBOARD_TIME_FILTERS,
  DASHBOARD_TIME_FILTER_LABELS,
  type DashboardData,
  type DashboardTimeFilter,
} from '@archline/contracts';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { formatCalendarDate, formatDateTime } from '../../../lib/format.ts';
import { useDashboard, type DashboardFilter } from '../api/get-dashboard.ts';
import { BucketCircles } from '../components/bucket-circles.tsx';
import { StatCard, StatCardSkeleton } from '../components/stat-card.tsx';
import { customRangeErrors, TimeFilterBar } from '../components/time-filter-bar.tsx';

// The chart library is the largest part of the page: it loads after the figures can show.
const ActivityChart = lazy(async () => ({
  default: (await import('../components/activity-chart.tsx')).ActivityChart,
}));

function ChartSkeleton() {
  return (
    <Card variant="outlined" sx={{ p: 2 }} aria-hidden>
      <Skeleton width="40%" />
      <Skeleton variant="rectangular" height={240} sx={{ mt: 1 }} />
    </Card>
  );
}

const VARIANT_TEXT: Record<DashboardData['variant'], string> = {
  all: 'All organizations',
  organizations: 'Your organizations',
  partner: 'Your third-party cases',
  practice: 'Your organization',
};

/** The range the figures cover, as the user reads dates ('Nov 1, 2026 – Nov 30, 2026'). */
export function rangeText(data: Pick<DashboardData, 'date_from' | 'date_to'>): string {
  if (!data.date_from && !data.date_to) return 'All time';
  if (data.date_from === data.date_to) return formatCalendarDate(data.date_from);
  return `${formatCalendarDate(data.date_from)} – ${formatCalendarDate(data.date_to)}`;
}

/** The filter kept in the address (?timeFilter=..&from=..&to=..), so a view can be shared and reloaded. */
export function filterFromParams(params: URLSearchParams): DashboardFilter {
  const raw = params.get('timeFilter') ?? '';
  const timeFilter = (DASHBOARD_TIME_FILTERS as readonly string[]).includes(raw)
    ? (raw as DashboardTimeFilter)
    : DASHBOARD_DEFAULT_TIME_FILTER;
  if (timeFilter !== 'custom') return { timeFilter };
  return { timeFilter, from: params.get('from') ?? '', to: params.get('to') ?? '' };
}

function toParams(filter: DashboardFilter): URLSearchParams {
  const p = new URLSearchParams({ timeFilter: filter.timeFilter });
  if (filter.timeFilter === 'custom') {
    if (filter.from) p.set('from', filter.from);
    if (filter.to) p.set('to', filter.to);
  }
  return p;
}

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(190px, 1fr))' },
} as const;

/** The figures (or their loading places): cards, chart and circles. */
export function DashboardView({ data }: { data: DashboardData | undefined }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box component="section" aria-labelledby="dashboard-cases">
        <Typography id="dashboard-cases" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1.5 }}>
          Cases
        </Typography>
        <Box sx={GRID}>
          {data
            ? data.filtered_statistics.map((s) => <StatCard key={s.key} statistic={s} />)
            : Array.from({ length: 7 }, (_, i) => <StatCardSkeleton key={i} />)}
        </Box>
      </Box>
      {data ? (
        <Suspense fallback={<ChartSkeleton />}>
          <ActivityChart series={data.series} />
        </Suspense>
      ) : (
        <ChartSkeleton />
      )}
      {data?.statistics && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
          <BucketCircles title="Organizations" noun="Organizations" set={data.statistics.organizations} />
          <BucketCircles title="Doctors" noun="Doctors" set={data.statistics.doctors} />
        </Box>
      )}
    </Box>
  );
}

/** /dashboard: the staff dashboard (a lab partner's variant covers its third-party cases). */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const ready =
    filter.timeFilter !== 'custom' ||
    Object.keys(customRangeErrors(filter.from ?? '', filter.to ?? '')).length === 0;
  const dashboard = useDashboard(filter, ready);
  const data = dashboard.data;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" component="h1">
          Dashboard
        </Typography>
        {data && (
          <Typography color="text.secondary" data-testid="dashboard-scope">
            {VARIANT_TEXT[data.variant]} · {rangeText(data)}
          </Typography>
        )}
      </Box>
      <Card sx={{ p: 2, mb: 3, position: 'relative' }}>
        <TimeFilterBar
          key={filter.timeFilter === 'custom' ? 'custom' : 'preset'}
          value={filter}
          onChange={(next) => setParams(toParams(next), { replace: true })}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {DASHBOARD_TIME_FILTER_LABELS[filter.timeFilter]}: each case counted once, archived cases left
            out, days in your time zone.
          </Typography>
          {data && (
            <Typography variant="body2" color="text.secondary" data-testid="dashboard-updated">
              Updated {formatDateTime(data.computed_at)}
            </Typography>
          )}
        </Box>
        {dashboard.isFetching && (
          <LinearProgress
            aria-label="Loading the dashboard"
            sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}
          />
        )}
      </Card>
      {!ready ? (
        <Alert severity="info">Choose the first and the last day of the range.</Alert>
      ) : dashboard.isError ? (
        <Alert severity="error">{dashboard.error.message}</Alert>
      ) : (
        <DashboardView data={data} />
      )}
    </Box>
  );
}
