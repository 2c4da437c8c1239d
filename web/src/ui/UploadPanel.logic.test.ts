import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES, nextProgress, processingFailure, uploadFailure, uploadProblem, uploadTexts,
} from './UploadPanel.logic.ts';

describe('uploadProblem', () => {
  it('asks for a file when none is chosen', () => {
    expect(uploadProblem(null)).toBe('Please select a file to upload.');
  });

  it('refuses files over 1MB with the size in MB and two decimals', () => {
    expect(uploadProblem({ name: 'a.txt', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'File size exceeds the maximum limit of 1MB. Selected file is 1.00MB.',
    );
    expect(uploadProblem({ name: 'a.txt', size: 2.5 * 1024 * 1024 })).toBe(
      'File size exceeds the maximum limit of 1MB. Selected file is 2.50MB.',
    );
    expect(uploadProblem({ name: 'a.txt', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('accepts only the spec extensions, in any case', () => {
    for (const extension of ACCEPTED_EXTENSIONS) {
      expect(uploadProblem({ name: `meeting${extension.toUpperCase()}`, size: 10 })).toBeNull();
    }
    expect(uploadProblem({ name: 'meeting.pdf', size: 10 })).toBe(uploadTexts.badExtension);
    expect(uploadProblem({ name: 'meeting', size: 10 })).toBe(uploadTexts.badExtension);
    expect(uploadTexts.badExtension).toContain('.txt, .json, .vtt, .srt, .csv, .tsv, .tab');
  });
});

describe('nextProgress', () => {
  it('adds 10 and stops at 90', () => {
    const steps: number[] = [];
    let progress = 0;
    for (let i = 0; i < 12; i += 1) steps.push((progress = nextProgress(progress)));
    expect(steps).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 90, 90, 90]);
  });
});

describe('failures', () => {
  const tokenText =
    'You have exceeded your token usage limits. Please upgrade your subscription to process more transcripts.';

  it('turns token-credit messages into the upgrade state', () => {
    expect(uploadFailure('Insufficient token credits: used up')).toEqual({ kind: 'token-limit', message: tokenText });
    expect(uploadFailure('Your monthly TOKEN CREDIT is used up')).toEqual({ kind: 'token-limit', message: tokenText });
    expect(processingFailure({ error: 'Insufficient token credits' })).toEqual({ kind: 'token-limit', message: tokenText });
    expect(processingFailure({ tokenLimitExceeded: true })).toEqual({ kind: 'token-limit', message: tokenText });
  });

  it('shows the server or metadata text, else the fallback', () => {
    expect(uploadFailure('File size exceeds the maximum limit of 1MB.')).toEqual({
      kind: 'error',
      message: 'File size exceeds the maximum limit of 1MB.',
    });
    expect(uploadFailure(undefined)).toEqual({ kind: 'error', message: 'Upload failed. Please try again.' });
    // A full month: the upgrade link only where the server's words suggest upgrading (paid plans sold here).
    const upgrade = "You have reached the Free plan's limit of 5 transcripts this month. Upgrade your subscription to process more transcripts.";
    expect(uploadFailure(upgrade, 402)).toEqual({ kind: 'token-limit', message: upgrade });
    const wait = "You have reached the Free plan's limit of 5 transcripts this month. You can add transcripts again from December 1, 2026. Paid plans are not available on this installation: ask its administrator if you need more.";
    expect(uploadFailure(wait, 402)).toEqual({ kind: 'limit', message: wait });
    expect(processingFailure({ error: 'The file could not be parsed.' })).toEqual({
      kind: 'error',
      message: 'The file could not be parsed.',
    });
    expect(processingFailure({})).toEqual({ kind: 'error', message: 'Transcript processing failed. Please try again.' });
  });
});
