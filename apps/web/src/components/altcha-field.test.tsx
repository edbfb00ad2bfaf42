import '@testing-library/jest-dom/vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALTCHA_CHALLENGE_URL, AltchaField, type AltchaFieldHandle } from './altcha-field.tsx';

const SECRET = 'test-hmac-secret';

function challenge() {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 40,
    deriveKey,
    hmacSignatureSecret: SECRET,
  });
}

function serveChallenges(answers: (() => Promise<Response>)[]) {
  const fetchMock = vi.fn((url: string) => {
    expect(url).toBe(ALTCHA_CHALLENGE_URL);
    const next = answers.shift();
    if (!next) throw new Error('no more challenges');
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ok = async () => Response.json(await challenge());

afterEach(() => vi.unstubAllGlobals());

describe('AltchaField', () => {
  it('solves a challenge on its own and reports a payload the server verifies', async () => {
    serveChallenges([ok]);
    const onChange = vi.fn();
    render(<AltchaField onChange={onChange} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking that you are not a robot…');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You are not a robot'), {
      timeout: 10_000,
    });
    const payload = onChange.mock.calls.at(-1)?.[0] as string;
    const parsed = JSON.parse(atob(payload)) as Payload;
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: SECRET,
    });
    expect(result.verified).toBe(true);
  });

  it('when the challenge cannot be fetched, says so and tries again on request', async () => {
    serveChallenges([async () => new Response('down', { status: 503 }), ok]);
    const onChange = vi.fn();
    render(<AltchaField onChange={onChange} error="The bot check failed. Please try again." />);
    await screen.findByText('The check could not be completed.');
    expect(screen.getByText('The bot check failed. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You are not a robot'), {
      timeout: 10_000,
    });
    expect(onChange.mock.calls.at(-1)?.[0]).toMatch(/^[A-Za-z0-9+/=]+$/);
  });

  it('reset() clears the payload and solves a fresh challenge (each one is single use)', async () => {
    const fetchMock = serveChallenges([ok, ok]);
    const onChange = vi.fn();
    const ref = createRef<AltchaFieldHandle>();
    render(<AltchaField ref={ref} onChange={onChange} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You are not a robot'), {
      timeout: 10_000,
    });
    const first = onChange.mock.calls.at(-1)?.[0] as string;
    act(() => ref.current!.reset());
    expect(onChange).toHaveBeenLastCalledWith('');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You are not a robot'), {
      timeout: 10_000,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onChange.mock.calls.at(-1)?.[0]).toMatch(/.+/);
    expect(onChange.mock.calls.at(-1)?.[0]).not.toBe(first);
  });
});
