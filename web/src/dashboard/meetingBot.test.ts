import { describe, expect, it } from 'vitest';
import { uploadTexts } from '../ui/UploadPanel.logic.ts';
import { botTexts, meetingUrlProblem, outcomeOf, sendFailure, statusLabel, vanished, type MeetingBot } from './meetingBot.ts';

const bot = (over: Partial<MeetingBot> = {}): MeetingBot => ({
  id: '00000000-0000-4000-8000-000000000001', recallBotId: 'b1', provider: 'recall', status: null, reason: null, error: null,
  meetingUrl: 'https://meet.google.com/abc-defg-hij', meetingTitle: null, transcriptId: null,
  createdAt: '2026-11-29T10:00:00.000Z', updatedAt: '2026-11-29T10:00:00.000Z', ...over,
});

describe('the meeting-bot panel', () => {
  it('labels each state as the spec names it', () => {
    expect([null, 'pending', 'recording', 'done'].map((status) => statusLabel(status as MeetingBot['status']))).toEqual([
      'Bot Initializing...', 'Joining Meeting...', 'Recording in Progress', 'Completed',
    ]);
  });

  it('checks the meeting URL with the spec’s texts', () => {
    expect(meetingUrlProblem('   ')).toBe('Please enter a meeting URL.');
    expect(meetingUrlProblem('meet.google.com/abc')).toBe('Please enter a valid URL.');
    expect(meetingUrlProblem('mailto:someone@example.com')).toBe('Please enter a valid URL.');
    expect(meetingUrlProblem(' https://zoom.us/j/123 ')).toBeNull();
  });

  it('shows the upgrade link for a limit, and the fallback for a failure without words', () => {
    expect(sendFailure(402, 'Insufficient token credits: your monthly token credit is used up.')).toEqual({ kind: 'token-limit', message: uploadTexts.tokenLimit });
    const monthly = "You have reached the Free plan's limit of 5 transcripts this month. Upgrade your subscription to process more transcripts.";
    expect(sendFailure(402, monthly)).toEqual({ kind: 'token-limit', message: monthly });
    // Where paid plans are not sold the server's words say what the user can do, and no link leads to Billing.
    const noPaidPlans = "You have reached the Free plan's limit of 5 transcripts this month. You can add transcripts again from December 1, 2026. Paid plans are not available on this installation: ask its administrator if you need more.";
    expect(sendFailure(402, noPaidPlans)).toEqual({ kind: 'limit', message: noPaidPlans });
    expect(sendFailure(502, undefined)).toEqual({ kind: 'error', message: 'Failed to create bot. Please try again.' });
  });

  it('says how a bot that left the list ended', () => {
    expect(outcomeOf(bot({ status: 'done', meetingTitle: 'Standup' }))).toMatchObject({ kind: 'completed', title: 'Standup' });
    expect(outcomeOf(bot({ status: 'failed', error: 'Nobody let the bot in.' }))).toMatchObject({ kind: 'failed', failure: { kind: 'error', message: 'Nobody let the bot in.' } });
    expect(outcomeOf(bot({ status: 'failed', reason: 'limit_reached', error: 'Insufficient token credits.' }))?.kind).toBe('failed');
    expect(outcomeOf(bot({ status: 'failed' }))).toMatchObject({ failure: { message: botTexts.failedFallback } });
    expect(outcomeOf(bot({ status: 'cancelled' }))).toBeNull();
    expect(vanished([bot(), bot({ recallBotId: 'b2' })], [bot({ recallBotId: 'b2' })]).map((b) => b.recallBotId)).toEqual(['b1']);
  });
});
