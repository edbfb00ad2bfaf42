import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { DASHBOARD_MESSAGES, type DashboardData, type DashboardSeriesUnit } from '@archline/contracts';
import dayjs from 'dayjs';
import { useLayoutEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

/** A bucket's label: its day, the week it starts, or its month (the user's calendar days). */
export function bucketLabel(date: string, unit: DashboardSeriesUnit, long = false): string {
  const d = dayjs(date, 'YYYY-MM-DD');
  if (unit === 'month') return d.format(long ? 'MMMM YYYY' : 'MMM YYYY');
  if (unit === 'week') return long ? `Week of ${d.format('MMM D, YYYY')}` : d.format('MMM D');
  return d.format(long ? 'ddd, MMM D, YYYY' : 'MMM D');
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The element's content width, kept current as the layout changes (0 until measured). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    measure();
    // Again once the shell has settled (the persistent sidebar), and whenever the box or the window changes.
    const frame = requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return [ref, width] as const;
}

const UNIT_WORD: Record<DashboardSeriesUnit, string> = {
  day: 'per day',
  week: 'per week',
  month: 'per month',
};

/**
 * Submissions and completed cases over the chosen range, per day, week or month. The bars are a
 * picture; the same figures are in a table for screen readers.
 */
export function ActivityChart({ series }: { series: DashboardData['series'] }) {
  const theme = useTheme();
  const empty = series.points.every((p) => p.submissions === 0 && p.completed_cases === 0);
  const titleId = 'dashboard-chart-title';
  const [box, width] = useWidth<HTMLDivElement>();
  return (
    <Card variant="outlined" sx={{ p: 2, m: 0, minWidth: 0 }} component="figure" aria-labelledby={titleId}>
      <Typography
        id={titleId}
        variant="h2"
        component="figcaption"
        sx={{ fontSize: '1.125rem', fontWeight: 600 }}
      >
        Submissions and completed cases {UNIT_WORD[series.unit]}
      </Typography>
      {empty ? (
        <Box
          sx={{ height: 240, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          data-testid="chart-empty"
        >
          <Typography color="text.secondary">{DASHBOARD_MESSAGES.noData}</Typography>
        </Box>
      ) : (
        // Inline-size containment: the drawing never widens the page; it follows its card's width.
        <Box
          ref={box}
          sx={{ height: 280, mt: 1, width: '100%', contain: 'inline-size' }}
          aria-hidden
          data-testid="chart"
        >
          {/* The picture is hidden from assistive technology (the table below has the figures), so
              the chart takes no keyboard focus either. */}
          {width > 0 && (
            <BarChart
              width={width}
              height={280}
              data={series.points}
              margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
              accessibilityLayer={false}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
              <XAxis
                dataKey="date"
                tickFormatter={(d: string) => bucketLabel(d, series.unit)}
                tick={{ fontSize: 12, fill: theme.palette.text.secondary }}
                minTickGap={16}
              />
              <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: theme.palette.text.secondary }} />
              <Tooltip
                labelFormatter={(d) => bucketLabel(String(d), series.unit, true)}
                cursor={{ fill: theme.palette.action.hover }}
              />
              <Legend wrapperStyle={{ fontSize: 13 }} />
              <Bar
                dataKey="submissions"
                name="Submissions"
                fill={theme.palette.primary.main}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
              <Bar
                dataKey="completed_cases"
                name="Completed cases"
                fill={theme.palette.success.main}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          )}
        </Box>
      )}
      {/* A table lays out as wide as its content: the clipping box around it keeps the page narrow. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>Submissions and completed cases {UNIT_WORD[series.unit]}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Submissions</th>
              <th scope="col">Completed cases</th>
            </tr>
          </thead>
          <tbody>
            {series.points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{bucketLabel(p.date, series.unit, true)}</th>
                <td>{p.submissions}</td>
                <td>{p.completed_cases}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Card>
  );
}
