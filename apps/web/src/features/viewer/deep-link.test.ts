import { describe, expect, it } from 'vitest';
import { dibsDeepLink } from './deep-link.ts';

describe('dibsDeepLink', () => {
  it('carries the single-use code and the case, no session token', () => {
    expect(dibsDeepLink('abc_DEF-123', 'case-1')).toBe('archline-dibs://open?code=abc_DEF-123&q=case-1');
    expect(dibsDeepLink('abc', null)).toBe('archline-dibs://open?code=abc');
    expect(dibsDeepLink('abc', null)).not.toContain('token=');
  });

  it('encodes what it carries', () => {
    expect(dibsDeepLink('a b', 'x&y')).toBe('archline-dibs://open?code=a+b&q=x%26y');
  });
});
