import { describe, expect, it } from 'vitest';
import { ApiError, failureText } from '../api/client.ts';
import { formatConfidence, formatDuration, formatTimestamp, truncateMessage } from './format.ts';
import { metadataWarnings, parseMetadata } from './processing.ts';

describe('transcript formatting', () => {
  it('shows confidence as a whole percent', () => {
    expect(formatConfidence(0.934)).toBe('93%');
    expect(formatConfidence(1)).toBe('100%');
    expect(formatConfidence(0)).toBe('0%');
  });

  it('cuts messages over 200 characters', () => {
    expect(truncateMessage('a'.repeat(200))).toEqual({ short: 'a'.repeat(200), truncated: false });
    expect(truncateMessage('a'.repeat(201))).toEqual({ short: `${'a'.repeat(200)}…`, truncated: true });
  });

  it('formats durations and timestamps', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(750)).toBe('12m 30s');
    expect(formatDuration(3900)).toBe('1h 5m');
    expect(formatDuration(null)).toBe('');
    expect(formatTimestamp(75)).toBe('1:15');
    expect(formatTimestamp(3675)).toBe('1:01:15');
    expect(formatTimestamp(null)).toBe('');
  });

  it('reads metadata given as an object or a JSON string', () => {
    expect(parseMetadata({ error: 'x' })).toEqual({ error: 'x' });
    expect(parseMetadata('{"tokenLimitExceeded":true}')).toEqual({ tokenLimitExceeded: true });
    expect(parseMetadata('not json')).toEqual({});
    expect(parseMetadata(null)).toEqual({});
  });

  it('reads the warnings processing left in the metadata', () => {
    expect(metadataWarnings({ warnings: ['This meeting gave more than 500 tickets; Tickscribe keeps the first 500 of a meeting.', ''] })).toEqual([
      'This meeting gave more than 500 tickets; Tickscribe keeps the first 500 of a meeting.',
    ]);
    expect(metadataWarnings({})).toEqual([]);
  });

  it("prefers the server's text to the fallback", () => {
    expect(failureText(new ApiError('Error: 500 x', 500, 'Boom'), 'Fallback')).toBe('Boom');
    expect(failureText(new ApiError('Error: 500 x', 500, undefined), 'Fallback')).toBe('Fallback');
    expect(failureText(new Error('network'), 'Fallback')).toBe('Fallback');
  });
});
