import { describe, expect, it } from 'vitest';
import { savedVerificationSentence, verificationSentence, verificationState } from './verification.ts';

const at = '2026-11-26T09:00:00Z';

describe('a verification in words', () => {
  it('names the account and the target of a working connection', () => {
    const ok = { ok: true, account: 'ada-gh', target: 'acme/web', message: 'Connected.', at };
    expect(verificationState(ok)).toBe('working');
    expect(verificationSentence(ok, 'github')).toBe('Signed in as ada-gh, reaching acme/web.');
    expect(savedVerificationSentence(ok, 'github')).toBe('Signed in as ada-gh, reaching acme/web.');
  });

  it('says what was checked in words that fit Azure DevOps and a webhook', () => {
    const azure = { ok: true, account: 'organization acme (personal access token)', target: 'Web, as Task work items', message: 'Connected.', at };
    expect(verificationSentence(azure, 'azure')).toBe('Signed in to organization acme (personal access token), reaching Web, as Task work items.');
    const webhook = { ok: true, account: 'deliveries signed with your secret (Standard Webhooks)', target: 'hooks.acme.test', message: 'Connected.', at };
    expect(verificationSentence(webhook, 'webhook')).toBe(
      'The receiver at hooks.acme.test accepted a test delivery: deliveries signed with your secret (Standard Webhooks).',
    );
    expect(verificationSentence(webhook, 'webhook')).not.toContain('Signed in as');
  });

  it("gives the tracker's reason when it does not work, and says a save kept it anyway", () => {
    const failed = { ok: false, kind: 'auth' as const, message: 'GitHub refused the token.', at };
    expect(verificationState(failed)).toBe('failing');
    expect(verificationSentence(failed, 'github')).toBe('GitHub refused the token.');
    expect(savedVerificationSentence(failed, 'github')).toBe('The connection was saved, but it does not work yet: GitHub refused the token.');
  });

  it('falls back to the message when a working check names no account or target, and knows a connection never checked', () => {
    expect(verificationSentence({ ok: true, message: 'Webhook answered 200.', at }, 'webhook')).toBe('Webhook answered 200.');
    expect(verificationState(null)).toBe('never');
  });
});
