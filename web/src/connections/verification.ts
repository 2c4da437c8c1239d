import type { Verification } from './connectionsApi.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.verification;

/** Whether a connection works, in a word: never checked, working, or not working. */
export type VerificationState = 'never' | 'working' | 'failing';

export function verificationState(verification: Verification | null): VerificationState {
  if (verification === null) return 'never';
  return verification.ok ? 'working' : 'failing';
}

/** What a check found, in words: whose account reaches which target, or why the tracker refused. */
export function verificationSentence(verification: Verification): string {
  const { ok, account, target, message } = verification;
  return ok && account !== undefined && target !== undefined ? texts.ok(account, target) : message;
}

/** What a save found: the connection is saved either way, and works or says why it does not yet. */
export function savedVerificationSentence(verification: Verification): string {
  return verification.ok ? verificationSentence(verification) : texts.failed(verification.message);
}

export const stateLabel: Record<VerificationState, string> = {
  never: texts.never,
  working: texts.working,
  failing: texts.notWorking,
};
