import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_LIMITS, nextProgress, processingFailure, uploadFailure, uploadProblem, uploadTexts,
} from './UploadPanel.logic.ts';
import { extensionChoice, usableLimits } from './uploadLimits.ts';

const { maxBytes: MAX_UPLOAD_BYTES, acceptedExtensions: ACCEPTED_EXTENSIONS } = BUILT_IN_LIMITS;

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
    const refused = 'This file type is not supported. Please upload one of: .txt, .json, .vtt, .srt, .csv, .tsv, .tab.';
    expect(uploadProblem({ name: 'meeting.pdf', size: 10 })).toBe(refused);
    expect(uploadProblem({ name: 'meeting', size: 10 })).toBe(refused);
    expect(uploadTexts.limits(BUILT_IN_LIMITS)).toBe('Maximum file size: 1MB. Accepted formats: .txt, .json, .vtt, .srt, .csv, .tsv, .tab.');
  });

  it('checks against the limits the server announced: a parser plugin’s extension is accepted and listed', () => {
    const server = usableLimits({ maxBytes: 1048576, acceptedExtensions: [...ACCEPTED_EXTENSIONS, '.md'] });
    expect(uploadProblem({ name: 'notes.MD', size: 10 }, server)).toBeNull();
    expect(uploadProblem({ name: 'notes.md', size: 10 })).not.toBeNull();
    expect(uploadProblem({ name: 'notes.xyz', size: 10 }, server)).toBe(
      'This file type is not supported. Please upload one of: .txt, .json, .vtt, .srt, .csv, .tsv, .tab, .md.',
    );
    expect(uploadTexts.limits(server)).toBe('Maximum file size: 1MB. Accepted formats: .txt, .json, .vtt, .srt, .csv, .tsv, .tab, .md.');
    // Another size limit is said in its own numbers.
    const half = usableLimits({ maxBytes: 512 * 1024, acceptedExtensions: ['.txt'] });
    expect(uploadProblem({ name: 'a.txt', size: 600 * 1024 }, half)).toBe('File size exceeds the maximum limit of 0.5MB. Selected file is 0.59MB.');
    expect(extensionChoice(server.acceptedExtensions)).toBe('.txt, .json, .vtt, .srt, .csv, .tsv, .tab or .md');
  });

  it('keeps the built-in limits when the answer is missing or of no use', () => {
    expect(usableLimits(undefined)).toBe(BUILT_IN_LIMITS);
    expect(usableLimits({ maxBytes: 0, acceptedExtensions: ['.txt'] })).toBe(BUILT_IN_LIMITS);
    expect(usableLimits({ maxBytes: 1048576, acceptedExtensions: [] })).toBe(BUILT_IN_LIMITS);
    expect(usableLimits({ maxBytes: 1048576, acceptedExtensions: ['md', ' .x', 7] })).toBe(BUILT_IN_LIMITS);
    expect(usableLimits({ maxBytes: 1048576, acceptedExtensions: ['.TXT', '.txt', '.md'] }).acceptedExtensions).toEqual(['.txt', '.md']);
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
