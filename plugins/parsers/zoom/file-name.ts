/**
 * Dates Zoom writes into names: cloud recordings `GMT20240124-202901_Recording.transcript.vtt` (UTC) and local
 * recording folders `2026-09-14 13.36.31 Meeting Topic 81234567890` (local time, no zone). Nothing else is guessed.
 */
export function dateFromZoomFileName(fileName: string | undefined): string | undefined {
  if (!fileName) return undefined;
  const cloud = /GMT(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(fileName);
  if (cloud) {
    const [, y, mo, d, h, mi, s] = cloud;
    return valid(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  }
  const local = /(\d{4})-(\d{2})-(\d{2}) (\d{2})\.(\d{2})\.(\d{2})/.exec(fileName);
  if (local) {
    const [, y, mo, d, h, mi, s] = local;
    return valid(`${y}-${mo}-${d}T${h}:${mi}:${s}`);
  }
  return undefined;
}

function valid(iso: string): string | undefined {
  const date = new Date(iso.endsWith('Z') ? iso : `${iso}Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== iso.slice(0, 19) ? undefined : iso;
}
