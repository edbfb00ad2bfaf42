import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { DASHBOARD_BUCKETS, type BucketSet, type BucketStatistic } from '@archline/contracts';
import { Link as RouterLink } from 'react-router';

const COLORS: Record<(typeof DASHBOARD_BUCKETS)[number] | 'total', string> = {
  registering: 'info.main',
  onboarding: 'secondary.main',
  new: 'primary.main',
  active: 'success.main',
  inactive: 'warning.dark',
  archived: 'grey.600',
  total: 'text.primary',
};

function Circle({
  bucket,
  statistic,
  noun,
}: {
  bucket: keyof typeof COLORS;
  statistic: BucketStatistic;
  noun: string;
}) {
  const body = (
    <>
      <Box
        sx={{
          width: 76,
          height: 76,
          borderRadius: '50%',
          border: 4,
          borderColor: COLORS[bucket],
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Typography component="span" sx={{ fontSize: '1.25rem', fontWeight: 700 }} data-testid="bucket-total">
          {statistic.total.toLocaleString('en-US')}
        </Typography>
      </Box>
      <Typography variant="body2" component="span" sx={{ mt: 0.75, fontWeight: 600 }}>
        {statistic.title}
      </Typography>
      {statistic.live_data !== null && (
        <Typography variant="caption" component="span" color="text.secondary">
          {statistic.live_data} joined today
        </Typography>
      )}
    </>
  );
  const sx = {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    width: 104,
    p: 0.5,
    borderRadius: 2,
  } as const;
  const label = `${noun} ${statistic.title}: ${statistic.total}`;
  return statistic.link ? (
    <Button
      component={RouterLink}
      to={statistic.link}
      color="inherit"
      aria-label={`${label}. Open in Organizations & Users`}
      data-testid={`bucket-${bucket}`}
      sx={{
        ...sx,
        textTransform: 'none',
        minWidth: 0,
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {body}
    </Button>
  ) : (
    <Box sx={sx} aria-label={label} role="group" data-testid={`bucket-${bucket}`}>
      {body}
    </Box>
  );
}

/** Organizations or doctors in each status bucket (Leads .. Archived) and their total. */
export function BucketCircles({ title, set, noun }: { title: string; set: BucketSet; noun: string }) {
  return (
    <Card variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: { xs: 'center', sm: 'flex-start' } }}
      >
        {DASHBOARD_BUCKETS.map((bucket) => (
          <Circle key={bucket} bucket={bucket} statistic={set[bucket]} noun={noun} />
        ))}
        <Circle bucket="total" statistic={set.total} noun={noun} />
      </Box>
    </Card>
  );
}
