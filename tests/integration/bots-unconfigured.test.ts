// Without MEETING_BOT_PROVIDER the meeting bot is off: its routes say how to configure it (the list, without an
// error), and its webhook endpoint knows no service.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();
let token: string;

beforeAll(async () => {
  ({ token } = await signUpVerified(t.base, t.db));
});

const NOT_CONFIGURED = 'The meeting bot is not configured on this installation: set MEETING_BOT_PROVIDER and MEETING_BOT_API_KEY (see the README).';

describe('the meeting bot, not configured', () => {
  it.each([
    ['POST', '/api/recall/bots', { meetingUrl: 'https://meet.google.com/abc-defg-hij' }],
    ['GET', '/api/recall/bots/some-bot', undefined],
    ['DELETE', '/api/recall/bots/some-bot', undefined],
  ] as const)('%s %s answers 403 saying how to configure it', async (method, path, body) => {
    const response = await fetch(`${t.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 403, body: { error: NOT_CONFIGURED } });
  });

  it('lists no bots, and says what to configure', async () => {
    const response = await fetch(`${t.base}/api/recall/bots`, { headers: { authorization: `Bearer ${token}` } });
    expect(await response.json()).toEqual({ success: true, bots: [], configured: false, notice: NOT_CONFIGURED });
  });

  it('answers a webhook delivery 404', async () => {
    const response = await fetch(`${t.base}/api/bots/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"event":"bot.done"}' });
    expect(response.status).toBe(404);
  });
});
