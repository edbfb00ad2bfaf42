/**
 * What a browser transfers for the sign-in page: the first visit to /login on an empty cache, then
 * a reload. Bytes are the encoded (compressed) sizes Chromium reports for each response, headers
 * included, so the figure is what crosses the network.
 *
 *   BASE_URL=http://localhost:3000 node bench/transfer.mjs
 *
 * Start the server first (`npm start`, or the production build of the web app served by any
 * server process). PAGE (default /login) picks another page; LIMIT_KB (default 200) is the
 * first-visit budget: the script exits non-zero above it, or when the reload fetches anything but
 * the page itself from the network. CHROMIUM_PATH (default /usr/bin/chromium) names the browser.
 */
import { chromium } from 'playwright';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const pagePath = process.env.PAGE ?? '/login';
const limitKb = Number(process.env.LIMIT_KB ?? 200);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');

/** requestId → { url, bytes, cached, encoding } for the visit being measured. */
let requests = new Map();
cdp.on('Network.responseReceived', ({ requestId, response }) => {
  const entry = requests.get(requestId) ?? { url: response.url, bytes: 0, cached: false };
  entry.cached = response.fromDiskCache || response.fromPrefetchCache || false;
  entry.status = response.status;
  entry.encoding = response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '';
  requests.set(requestId, entry);
});
cdp.on('Network.requestServedFromCache', ({ requestId }) => {
  const entry = requests.get(requestId) ?? { url: '', bytes: 0 };
  entry.cached = true;
  requests.set(requestId, entry);
});
cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
  const entry = requests.get(requestId);
  if (entry) entry.bytes = encodedDataLength;
});

async function visit(label, go) {
  requests = new Map();
  await go();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.waitForLoadState('networkidle');
  const rows = [...requests.values()].filter((r) => r.url.startsWith(base));
  const network = rows.filter((r) => !r.cached);
  const total = network.reduce((sum, r) => sum + r.bytes, 0);
  console.log(
    `\n${label}: ${rows.length} responses, ${network.length} from the network, ${(total / 1024).toFixed(1)} KB transferred`,
  );
  for (const r of rows.sort((a, b) => b.bytes - a.bytes)) {
    const where = r.cached
      ? 'cache'
      : `${(r.bytes / 1024).toFixed(1)} KB${r.encoding ? ` ${r.encoding}` : ''}`;
    console.log(`  ${String(r.status ?? '').padEnd(4)}${where.padEnd(14)}${r.url.slice(base.length)}`);
  }
  return { rows, network, total };
}

const first = await visit(`First visit to ${pagePath}`, () => page.goto(`${base}${pagePath}`));
const again = await visit('Reload', () => page.reload());
await browser.close();

const pageOnly = again.network.every((r) => {
  const p = new URL(r.url).pathname;
  return p === pagePath || p.startsWith('/services/api/');
});
console.log(
  `\nfirst visit ${(first.total / 1024).toFixed(1)} KB (budget ${limitKb} KB); reload fetched ${again.network
    .map((r) => new URL(r.url).pathname)
    .join(', ')}`,
);
if (first.total > limitKb * 1024 || !pageOnly) process.exit(1);
