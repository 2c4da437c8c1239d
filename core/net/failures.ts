/**
 * Outbound failures in words for the person reading a connection's log: "Could not reach jira.example.com:
 * connection refused." Only the host and an error code go into a message, never a header or a body.
 */
import { TrackerError } from '../../plugins/sdk/tracker-errors.ts';

/** Error codes from node:net, node:dns, node:tls, node:http and node:zlib, said in words. */
const REASONS: Record<string, string> = {
  ENOTFOUND: 'the name does not resolve',
  EAI_AGAIN: 'the name could not be looked up just now',
  EAI_FAIL: 'the name could not be looked up',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ECONNABORTED: 'the connection was aborted',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  EHOSTDOWN: 'the host is down',
  ERR_STREAM_PREMATURE_CLOSE: 'the connection closed before the answer was complete',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another name',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is signed by an unknown authority',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate is signed by an unknown authority',
};

/** Why a request could not be made, in a few words. */
export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'a network error';
  if (REASONS[code]) return REASONS[code];
  if (code.startsWith('HPE_')) return 'it did not answer in valid HTTP';
  if (code.startsWith('Z_')) return 'its compressed answer could not be decoded';
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.includes('CERT')) return `the TLS connection failed (${code})`;
  return `a network error (${code})`;
}

/** "20 seconds", "1 second", "0.5 seconds". */
export const inSeconds = (ms: number): string => {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
};

/** "5 MiB", "512 KiB", "100 bytes". */
export const inBytes = (bytes: number): string => {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
};

export const unreachable = (host: string, error: unknown) =>
  new TrackerError('transient', `Could not reach ${host}: ${reasonOf(error)}.`);

export const timedOut = (host: string, timeoutMs: number) =>
  new TrackerError('transient', `${host} did not answer within ${inSeconds(timeoutMs)}.`);

export const tooLarge = (host: string, limit: number) =>
  new TrackerError('transient', `${host} sent an answer larger than ${inBytes(limit)}, more than Tickscribe reads.`);

export const tooManyRedirects = (host: string, most: number) =>
  new TrackerError('transient', `${host} redirected more than ${most} times; Tickscribe stopped following.`);
