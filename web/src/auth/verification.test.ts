import { describe, expect, it } from 'vitest';
import { readVerificationLink, verificationStep, verifyEmailTexts } from './verification.ts';

const step = (hash: string, search = '') => verificationStep(readVerificationLink(hash, search));

describe('readVerificationLink', () => {
  it('reads the token and type from the hash the server redirects to', () => {
    expect(readVerificationLink('#access_token=abc.def&type=signup', '')).toEqual({
      accessToken: 'abc.def',
      type: 'signup',
      error: null,
      errorDescription: null,
    });
  });

  it('reads the type and the error from the query, decoding the description', () => {
    expect(
      readVerificationLink('', '?error=access_denied&error_description=This+link+has+expired%2E&type=signup'),
    ).toEqual({ accessToken: null, type: 'signup', error: 'access_denied', errorDescription: 'This link has expired.' });
  });

  it('prefers the hash over the query and treats empty values as missing', () => {
    expect(readVerificationLink('#type=signup&error=', '?type=other&error=from_query')).toMatchObject({
      type: 'signup',
      error: 'from_query',
    });
    expect(readVerificationLink('#access_token=', '')).toMatchObject({ accessToken: null });
  });

  it('never takes the session token from the query', () => {
    expect(readVerificationLink('', '?access_token=leaked').accessToken).toBeNull();
  });
});

describe('verificationStep', () => {
  it('shows the check-your-inbox panel without a link', () => {
    expect(step('', '')).toEqual({ kind: 'none' });
    expect(step('#', '?')).toEqual({ kind: 'none' });
  });

  it('verifies a signup token, also when the type is missing', () => {
    expect(step('#access_token=tok&type=signup')).toEqual({ kind: 'verify', token: 'tok' });
    expect(step('#access_token=tok')).toEqual({ kind: 'verify', token: 'tok' });
    expect(step('#access_token=tok', '?type=signup')).toEqual({ kind: 'verify', token: 'tok' });
  });

  it('shows the description of a link error, else its code', () => {
    expect(step('', '?error=invalid_link&error_description=This verification link has already been used.')).toEqual({
      kind: 'error',
      message: 'This verification link has already been used.',
    });
    expect(step('', '?error=invalid_link')).toEqual({ kind: 'error', message: 'invalid_link' });
    expect(step('', '?error_description=Expired')).toEqual({ kind: 'error', message: 'Expired' });
  });

  it('lets a link error win over a token', () => {
    expect(step('#access_token=tok&error=denied')).toEqual({ kind: 'error', message: 'denied' });
  });

  it('says the token is missing for a signup link without one', () => {
    expect(step('#type=signup')).toEqual({ kind: 'error', message: verifyEmailTexts.noAccessToken });
    expect(verifyEmailTexts.noAccessToken).toBe(
      'No access token found in verification link. Please try again or request a new verification email.',
    );
  });

  it('falls back to "Verification failed" for a link of another type', () => {
    expect(step('#access_token=tok&type=recovery')).toEqual({ kind: 'error', message: 'Verification failed' });
    expect(step('', '?type=magiclink')).toEqual({ kind: 'error', message: 'Verification failed' });
  });
});
