import { describe, expect, it } from 'vitest';
import { savedVerificationSentence, verificationSentence, verificationState } from './verification.ts';

const at = '2026-11-26T09:00:00Z';

describe('a verification in words', () => {
  it('names the account and the target of a working connection', () => {
    const ok = { ok: true, account: 'ada-gh', target: 'acme/web', message: 'Connected.', at };
    expect(verificationState(ok)).toBe('working');
    expect(verificationSentence(ok)).toBe('Signed in as ada-gh, reaching acme/web.');
    expect(savedVerificationSentence(ok)).toBe('Signed in as ada-gh, reaching acme/web.');
  });

  it("gives the tracker's reason when it does not work, and says a save kept it anyway", () => {
    const failed = { ok: false, kind: 'auth' as const, message: 'GitHub refused the token.', at };
    expect(verificationState(failed)).toBe('failing');
    expect(verificationSentence(failed)).toBe('GitHub refused the token.');
    expect(savedVerificationSentence(failed)).toBe('The connection was saved, but it does not work yet: GitHub refused the token.');
  });

  it('falls back to the message when a working check names no account or target, and knows a connection never checked', () => {
    expect(verificationSentence({ ok: true, message: 'Webhook answered 200.', at })).toBe('Webhook answered 200.');
    expect(verificationState(null)).toBe('never');
  });
});
