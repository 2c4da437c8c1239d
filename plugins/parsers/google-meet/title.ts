/**
 * The Google Meet transcript title line, in the generations seen so far:
 *   `xrq-uemd-bzy (2023-09-21 11:02 GMT-4) - Transcript`        (2023-2024; offsets like GMT+5:30)
 *   `Meeting title (2024-09-03 11:02 GMT-4) – Transcript`         (en dash)
 *   `Meeting title - 2025/01/16 15:52 GMT - Transcript`           (2024-2025, zone abbreviation: GMT, BST, CEST)
 * Markdown copies add `#` heading markers or `**` around it.
 */

export interface MeetTitle {
  title: string;
  /** ISO date-time with the offset the title states, or without one when the zone is not known. */
  date?: string;
}

const DASH = '[-–—]';
const PARENTHESISED = new RegExp(
  String.raw`^(.*?)\s*\((\d{4})-(\d{2})-(\d{2})\s+(\d{1,2}):(\d{2})(?:\s*(?:GMT|UTC)\s*([+-]\d{1,2}(?::?\d{2})?)?)?\s*\)\s*${DASH}\s*Transcript$`,
  'i',
);
const SLASHED = new RegExp(
  String.raw`^(.*?)\s*${DASH}\s*(\d{4})\/(\d{2})\/(\d{2})\s+(\d{1,2}):(\d{2})(?:\s*([A-Z]{2,5})?\s*([+-]\d{1,2}(?::?\d{2})?)?)?\s*${DASH}\s*Transcript$`,
  'i',
);
const UNDATED = new RegExp(String.raw`^(.+?)\s*${DASH}\s*Transcript$`, 'i');

/** Offsets of the zone abbreviations Google Docs prints, in minutes east of UTC. */
const ZONES: Record<string, number> = {
  GMT: 0, UTC: 0, WET: 0, BST: 60, IST: 330, CET: 60, WEST: 60, CEST: 120, EET: 120, EEST: 180, MSK: 180,
  EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420, AKST: -540, AKDT: -480, HST: -600,
  JST: 540, KST: 540, SGT: 480, HKT: 480, AEST: 600, AEDT: 660, ACST: 570, ACDT: 630, AWST: 480, NZST: 720, NZDT: 780,
};

/** Removes Markdown heading markers and emphasis around a whole line. */
export function unmark(line: string): string {
  let text = line.trim().replace(/^#{1,6}\s+/, '');
  for (;;) {
    const inner = /^(\*\*|__|\*|_)(.+)\1$/.exec(text);
    if (!inner) return text.trim();
    text = inner[2]!.trim();
  }
}

function offset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function parseOffset(text: string): number | undefined {
  const match = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function iso(y: string, mo: string, d: string, h: string, mi: string, minutes: number | undefined): string | undefined {
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const local = `${y}-${mo}-${d}T${String(hour).padStart(2, '0')}:${mi}:00`;
  return minutes === undefined ? local : `${local}${offset(minutes)}`;
}

export function readTitle(line: string): MeetTitle | undefined {
  const text = unmark(line);
  const p = PARENTHESISED.exec(text);
  if (p) {
    const [, title, y, mo, d, h, mi, off] = p;
    const minutes = off ? parseOffset(off) : 0;
    const date = iso(y!, mo!, d!, h!, mi!, minutes);
    return { title: title!.trim(), ...(date ? { date } : {}) };
  }
  const s = SLASHED.exec(text);
  if (s) {
    const [, title, y, mo, d, h, mi, zone, off] = s;
    let minutes: number | undefined;
    if (zone && ZONES[zone.toUpperCase()] !== undefined) minutes = ZONES[zone.toUpperCase()]! + (off ? (parseOffset(off) ?? 0) : 0);
    else if (!zone && off) minutes = parseOffset(off);
    const date = iso(y!, mo!, d!, h!, mi!, minutes);
    return { title: title!.trim(), ...(date ? { date } : {}) };
  }
  return undefined;
}

/** A title line without a date (`Weekly sync - Transcript`): only trusted next to other Meet scaffolding. */
export function readUndatedTitle(line: string): MeetTitle | undefined {
  const match = UNDATED.exec(unmark(line));
  return match ? { title: match[1]!.trim() } : undefined;
}
