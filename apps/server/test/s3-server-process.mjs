// A loopback S3-protocol server (s3rver) in a process of its own, for the tests:
// `node s3-server-process.mjs <directory> <bucket>` prints its port on the first line of stdout
// and serves until it is terminated.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The test run ended without closing it (a killed worker): go too.
process.stdin.on('close', stop);
process.stdin.resume();
