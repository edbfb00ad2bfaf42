import { useEffect, useState } from 'react';

/** Search debounce of the spec: 500 ms for searches, 250 ms for the roles filter. */
export const SEARCH_DEBOUNCE_MS = 500;
export const ROLES_DEBOUNCE_MS = 250;

/** The value once it has stayed unchanged for `delay` milliseconds. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
