/**
 * Load test of the management hub search (/organizations-users) with autocannon.
 *
 *   BASE_URL=http://localhost:3000 TOKEN=<admin bearer token> node bench/search.mjs
 *
 * Fill the database first with bench/generate.ts. Each request picks one of a few typical
 * searches: keyword, status bucket, doctors only, sorted by submissions.
 */
import autocannon from 'autocannon';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const token = process.env.TOKEN;
if (!token) {
  console.error('TOKEN (a bearer token of a staff user) is required');
  process.exit(1);
}
const paths = [
  '/services/api/v2/organizations-users?q=bench%20practice&perPage=25',
  '/services/api/v2/organizations-users?filter[status]=4&sort=most_submissions',
  '/services/api/v2/organizations-users?filter[roles]=doctor&sort=newest_submission&perPage=50',
  '/services/api/v2/organizations-users?q=denver&sort=newest_to_join',
  '/services/api/v2/organizations-users?q=doc12&filter[roles]=doctor',
];
let i = 0;
const result = await autocannon({
  url: base,
  connections: Number(process.env.CONNECTIONS ?? 10),
  duration: Number(process.env.DURATION ?? 20),
  headers: { authorization: `Bearer ${token}` },
  requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
});
console.log(autocannon.printResult(result));
if (result.non2xx > 0) {
  console.error(`${result.non2xx} responses were not 2xx`);
  process.exit(1);
}
