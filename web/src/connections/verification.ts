import type { Verification } from './connectionsApi.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.verification;

/** Whether a connection works, in a word: never checked, working, or not working. */
export type VerificationState = 'never' | 'working' | 'failing';

export function verificationState(verification: Verification | null): VerificationState {
  if (verification === null) return 'never';
  return verification.ok ? 'working' : 'failing';
}

/**
 * What a check found, in words that fit the connection's type: whose account reaches which target (or, for a
 * webhook, that its receiver accepted a test delivery), or why the tracker refused.
 */
export function verificationSentence(verification: Verification, connectionType: string): string {
  const { ok, account, target, message } = verification;
  if (!ok || account === undefined || target === undefined) return message;
  return (texts.okByType[connectionType] ?? texts.ok)(account, target);
}

/** What a save found: the connection is saved either way, and works or says why it does not yet. */
export function savedVerificationSentence(verification: Verification, connectionType: string): string {
  return verification.ok ? verificationSentence(verification, connectionType) : texts.failed(verification.message);
}

export const stateLabel: Record<VerificationState, string> = {
  never: texts.never,
  working: texts.working,
  failing: texts.notWorking,
};
