/** Query keys of the dashboard feature. */
export const DASHBOARD_KEY = ['dashboard'] as const;
