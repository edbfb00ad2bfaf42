import { solveChallenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/web/sha';
import type { Challenge } from 'altcha-lib/types';

/** Longest the browser works on one challenge before the field offers to try again. */
const SOLVE_TIMEOUT_MS = 90_000;

/**
 * Fetches a challenge, finds its solution with WebCrypto and returns the payload the server
 * verifies (base64 JSON of the challenge and the solution); null when it could not be solved.
 */
export async function solveAltcha(challengeUrl: string, controller: AbortController): Promise<string | null> {
  const response = await fetch(challengeUrl, { signal: controller.signal, cache: 'no-store' });
  if (!response.ok) return null;
  const challenge = (await response.json()) as Challenge;
  const algorithm = String(challenge.parameters?.algorithm ?? '');
  const deriveKey = algorithm.startsWith('PBKDF2/') ? derivePbkdf2 : deriveSha;
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
