import { describe, expect, it } from 'vitest';
import { MAX_PREPARED, statementName } from './prepared-statements.ts';

describe('statementName', () => {
  it('names a statement from its second use on, always with the same name', () => {
    const text = `select id from patients where id = $1 -- ${Math.random()}`;
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^s_[0-9a-f]{24}$/);
    expect(statementName(text)).toBe(name);
  });

  it('leaves transaction control and session statements unnamed', () => {
    for (const text of ['begin', 'commit', 'rollback', 'set local statement_timeout = 1000']) {
      statementName(text);
      expect(statementName(text)).toBeUndefined();
    }
  });

  it(`prepares no more than ${MAX_PREPARED} distinct texts`, () => {
    const names = new Set<string>();
    for (let i = 0; i < MAX_PREPARED + 50; i++) {
      const text = `select ${i} as n -- bound test`;
      statementName(text);
      const name = statementName(text);
      if (name) names.add(name);
    }
    expect(names.size).toBeLessThanOrEqual(MAX_PREPARED);
    expect(names.size).toBeGreaterThan(MAX_PREPARED - 10);
  });
});
