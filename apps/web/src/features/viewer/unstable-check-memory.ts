/**
 * The unstable version warning shows at most once a day per organization: the day it was last
 * checked is kept in the browser.
 */
const KEY = 'archline.unstable-version-check';

function today(now: Date): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function read(storage: Storage): Record<string, string> {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function checkedToday(
  organizationId: number,
  storage: Storage = localStorage,
  now = new Date(),
): boolean {
  return read(storage)[String(organizationId)] === today(now);
}

export function rememberChecked(
  organizationId: number,
  storage: Storage = localStorage,
  now = new Date(),
): void {
  const all = read(storage);
  all[String(organizationId)] = today(now);
  try {
    storage.setItem(KEY, JSON.stringify(all));
  } catch {
    // A full or disabled storage only means the check runs again.
  }
}
