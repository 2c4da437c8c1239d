/** Reports every request a client makes, for a connection's delivery log: never a header, a body or a query. */
import type { TrackerHttpRequest, TrackerHttpResponse } from '../../plugins/sdk/tracker.ts';

export interface Delivery {
  method: string;
  /** The URL without user info, query string or fragment. */
  url: string;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** The failure's message when no answer came (an abort included), else null. */
  error: string | null;
  durationMs: number;
  /** When the attempt started (ISO 8601). */
  at: string;
}

/** The URL as a log may show it. */
export function loggableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url.replace(/[?#].*$/, '').slice(0, 200);
  }
}

/** Wraps a client so `report` hears of each call's outcome; a failing `report` never fails the call. */
export function withDeliveryLog<Request extends TrackerHttpRequest>(
  http: (request: Request) => Promise<TrackerHttpResponse>,
  report: (delivery: Delivery) => void,
): (request: Request) => Promise<TrackerHttpResponse> {
  return async (request) => {
    const started = performance.now();
    const entry = { method: request.method, url: loggableUrl(request.url), at: new Date().toISOString() };
    const tell = (status: number | null, error: string | null) => {
      try {
        report({ ...entry, status, error, durationMs: Math.round(performance.now() - started) });
      } catch {
        // The log is a record, not part of the request.
      }
    };
    try {
      const response = await http(request);
      tell(response.status, null);
      return response;
    } catch (error) {
      tell(null, error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
}
