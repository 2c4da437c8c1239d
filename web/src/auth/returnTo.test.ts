import { describe, expect, it } from 'vitest';
import { pathAfterSignIn, signInNotice } from './returnTo.ts';

describe('coming back after signing in', () => {
  it('goes back to the page that asked, else to the dashboard', () => {
    expect(pathAfterSignIn({ from: '/invitations/abc' })).toBe('/invitations/abc');
    expect(pathAfterSignIn(null)).toBe('/dashboard');
    expect(pathAfterSignIn({})).toBe('/dashboard');
    expect(pathAfterSignIn({ from: 42 })).toBe('/dashboard');
  });

  it('never leaves the app', () => {
    for (const from of ['https://example.com/', '//example.com/x', '/\\example.com', 'javascript:alert(1)']) {
      expect(pathAfterSignIn({ from })).toBe('/dashboard');
    }
  });

  it('shows the line the page gave, if any', () => {
    expect(signInNotice({ from: '/x', notice: 'Log in to accept your invitation to Acme.' })).toBe('Log in to accept your invitation to Acme.');
    expect(signInNotice({ from: '/x' })).toBeNull();
    expect(signInNotice({ from: '/x', notice: ' ' })).toBeNull();
    expect(signInNotice(undefined)).toBeNull();
  });
});
