import { describe, expect, it } from 'vitest';
import { checkedToday, rememberChecked } from './unstable-check-memory.ts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('the unstable version check, once a day per organization', () => {
  it('is due until checked, then not again the same day, and again the next day', () => {
    const storage = memoryStorage();
    const day = new Date(2026, 10, 27, 9);
    expect(checkedToday(7, storage, day)).toBe(false);
    rememberChecked(7, storage, day);
    expect(checkedToday(7, storage, new Date(2026, 10, 27, 23))).toBe(true);
    expect(checkedToday(8, storage, day)).toBe(false);
    expect(checkedToday(7, storage, new Date(2026, 10, 28, 0, 1))).toBe(false);
  });

  it('survives a damaged value', () => {
    const storage = memoryStorage();
    storage.setItem('archline.unstable-version-check', '{oops');
    expect(checkedToday(7, storage)).toBe(false);
  });
});
