import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DASHBOARD_ACTIVITIES,
  DASHBOARD_ACTIVITY_TITLES,
  DASHBOARD_BUCKETS,
  activityFilters,
  bucketLink,
  dashboardBucketTitle,
  type BucketSet,
  type DashboardData,
} from '@archline/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage, DashboardView, filterFromParams, rangeText } from './dashboard-page.tsx';
import { customRangeErrors } from '../components/time-filter-bar.tsx';

const range = { from: '2026-11-01', to: '2026-11-30' };

function buckets(kind: 'organization' | 'doctor', base: number): BucketSet {
  const entries = DASHBOARD_BUCKETS.map((b, i) => [
    b,
    {
      title: dashboardBucketTitle(b),
      status: i + 1,
      total: base + i,
      live_data: 0,
      link: bucketLink(kind, b),
    },
  ]);
  return {
    ...Object.fromEntries(entries),
    total: { title: 'Total', status: null, total: 99, live_data: 1, link: bucketLink(kind, 'total') },
  } as BucketSet;
}

function dashboard(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    time_filter: 'this_month',
    time_zone: 'UTC',
    date_from: range.from,
    date_to: range.to,
    variant: 'all',
    statistics: { organizations: buckets('organization', 10), doctors: buckets('doctor', 20) },
    filtered_statistics: DASHBOARD_ACTIVITIES.map((key, i) => ({
      key,
      title: DASHBOARD_ACTIVITY_TITLES[key],
      total: (i + 1) * 100,
      live_data: i,
      filters: activityFilters(key, range),
    })),
    series: {
      unit: 'day',
      points: [
        { date: '2026-11-01', submissions: 3, completed_cases: 1 },
        { date: '2026-11-02', submissions: 0, completed_cases: 2 },
      ],
    },
    computed_at: '2026-11-25T18:00:00.000Z',
    cached: false,
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPage(initial = '/dashboard') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[initial]}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json({ data: dashboard() }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const requested = () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');

describe('the dashboard page', () => {
  it('asks for this month with live data in the browser time zone and shows every card', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: /^Submissions: 100 cases, 0 today/ })).toBeInTheDocument();
    const url = requested();
    expect(url.pathname).toBe('/services/api/v2/dashboard');
    expect(url.searchParams.get('timeFilter')).toBe('this_month');
    expect(url.searchParams.get('withLiveData')).toBe('true');
    expect(url.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    for (const key of DASHBOARD_ACTIVITIES)
      expect(screen.getByTestId(`stat-${key}`)).toHaveAccessibleName(
        new RegExp(`^${DASHBOARD_ACTIVITY_TITLES[key]}:`),
      );
    expect(screen.getByTestId('dashboard-scope')).toHaveTextContent(
      'All organizations · Nov 1, 2026 – Nov 30, 2026',
    );
  });

  it('a card opens the patient list with its filters', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('link', { name: /^Shipped:/ }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/patients-page?filter%5Bactivity%5D=shipped&filter%5Bactivity_date%5D=2026-11-01%2C2026-11-30',
    );
  });

  it('a circle opens the organizations hub on its bucket', async () => {
    const user = userEvent.setup();
    renderPage();
    const organizations = await screen.findByRole('region', { name: 'Organizations' });
    await user.click(within(organizations).getByRole('link', { name: /^Organizations Active: 13\./ }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/organizations-users?filter%5Broles%5D=organization&filter%5Bstatus%5D=4',
    );
  });

  it('changing the time filter asks again; a custom range waits for both dates and says what is missing', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: /^Submissions:/ });
    await user.click(screen.getByRole('combobox', { name: 'Time filter' }));
    await user.click(await screen.findByRole('option', { name: 'Last week' }));
    await waitFor(() => expect(requested().searchParams.get('timeFilter')).toBe('last_week'));

    await user.click(screen.getByRole('combobox', { name: 'Time filter' }));
    await user.click(await screen.findByRole('option', { name: 'Custom range' }));
    expect(await screen.findByText('Choose the first and the last day of the range.')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;
    await user.type(screen.getByLabelText('From'), '2026-03-10');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('Required');
    expect(fetchMock.mock.calls.length).toBe(calls);
    await user.type(screen.getByLabelText('To'), '2026-03-20');
    await waitFor(() => expect(requested().searchParams.get('timeFilter')).toBe('custom'));
    expect(requested().searchParams.get('dateFilterFrom')).toBe('2026-03-10');
    expect(requested().searchParams.get('dateFilterTo')).toBe('2026-03-20');
  });

  it("shows the server's message when the dashboard cannot be loaded", async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: 'This action is unauthorized.' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderPage();
    expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
  });
});

describe('the dashboard figures', () => {
  it('show loading places before the data', () => {
    const { container } = render(<DashboardView data={undefined} />, { wrapper: MemoryRouter });
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(7);
  });

  it("say 'No Data' for an empty range, keep the figures in a table and hide the circles from a lab partner", async () => {
    const empty = dashboard({
      variant: 'partner',
      statistics: null,
      series: { unit: 'week', points: [{ date: '2026-11-01', submissions: 0, completed_cases: 0 }] },
    });
    render(<DashboardView data={empty} />, { wrapper: MemoryRouter });
    // The chart loads on its own, after the cards.
    expect(await screen.findByTestId('chart-empty')).toHaveTextContent('No Data');
    expect(
      screen.getByRole('table', { name: 'Submissions and completed cases per week' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Week of Nov 1, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Organizations' })).not.toBeInTheDocument();
  });
});

describe('helpers', () => {
  it('read the filter from the address and the range as the user reads dates', () => {
    expect(filterFromParams(new URLSearchParams('timeFilter=bogus'))).toEqual({ timeFilter: 'this_month' });
    expect(filterFromParams(new URLSearchParams('timeFilter=custom&from=2026-01-01&to=2026-01-02'))).toEqual({
      timeFilter: 'custom',
      from: '2026-01-01',
      to: '2026-01-02',
    });
    expect(rangeText({ date_from: null, date_to: null })).toBe('All time');
    expect(rangeText({ date_from: '2026-11-24', date_to: '2026-11-24' })).toBe('Nov 24, 2026');
    expect(customRangeErrors('2026-03-02', '2026-03-01')).toEqual({
      to: 'The end date must not be before the start date.',
    });
    expect(customRangeErrors('', '')).toEqual({ from: 'Required', to: 'Required' });
  });
});
