import { DEFAULT_ACTIVITY_THROTTLE_SECONDS } from '@archline/contracts';
import { useEffect, useRef } from 'react';
import { reportActivity } from './api/report-activity.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/** The throttle in milliseconds: the configured seconds, or 600 when missing or invalid. */
export function activityThrottleMs(configuredSeconds: number | null | undefined): number {
  const seconds =
    typeof configuredSeconds === 'number' && Number.isFinite(configuredSeconds) && configuredSeconds > 0
      ? configuredSeconds
      : DEFAULT_ACTIVITY_THROTTLE_SECONDS;
  return seconds * 1000;
}

/**
 * Reports user activity to the server at most once per throttle window: once on entering the
 * app, then on the first interaction after the window has passed.
 */
export function useActivityReporting(configuredSeconds: number | null | undefined): void {
  const lastSent = useRef(0);
  const throttleMs = activityThrottleMs(configuredSeconds);
  useEffect(() => {
    const maybeReport = () => {
      const now = Date.now();
      if (now - lastSent.current < throttleMs) return;
      lastSent.current = now;
      reportActivity().catch(() => {
        // Activity time is best effort; a 401 is handled by the API client.
      });
    };
    maybeReport();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, maybeReport, { passive: true });
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, maybeReport);
    };
  }, [throttleMs]);
}
