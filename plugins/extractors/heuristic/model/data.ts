/**
 * Labelled meetings for training and measuring the offline extractor, in the AMI evaluation format: a folder with
 * `index.json` ({ meetings: [{ meeting_id }] }) and, per meeting, `<id>/transcript.json`
 * ({ title, participants: [{ id, name, role? }], messages: [{ speaker, start, text }] }) and `<id>/gold.json`
 * ({ actions: [{ text, assignee_speakers: [participant ids] }] }).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedTranscript } from '../../../sdk/index.ts';

export interface AmiTranscript {
  title: string;
  participants: { id: string; name: string; role?: string }[];
  messages: { speaker: string; start: number | null; text: string }[];
}

export interface GoldItem {
  text: string;
  /** Participant ids of the people the item names; empty when it names no one in the meeting. */
  assignee_speakers: string[];
}

export interface LabelledMeeting {
  id: string;
  transcript: ParsedTranscript;
  gold: GoldItem[];
}

/** An AMI transcript.json as the ParsedTranscript a parser would return. */
export function toParsedTranscript(ami: AmiTranscript): ParsedTranscript {
  return {
    title: ami.title,
    source: 'ami',
    participants: ami.participants.map((p) => ({ id: p.id, name: p.name, ...(p.role ? { role: p.role } : {}) })),
    messages: ami.messages
      .filter((m) => m.text.trim())
      .map((m, i) => ({ id: `m${i + 1}`, content: m.text, timestamp: m.start ?? null, speaker: { id: m.speaker } })),
  };
}

/** The meetings of a folder, in the order of its index. */
export function loadMeetings(dir: string): LabelledMeeting[] {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { meetings: { meeting_id: string }[] };
  return index.meetings.map(({ meeting_id: id }) => {
    const ami = JSON.parse(readFileSync(join(dir, id, 'transcript.json'), 'utf8')) as AmiTranscript;
    const gold = JSON.parse(readFileSync(join(dir, id, 'gold.json'), 'utf8')) as { actions: GoldItem[] };
    return { id, transcript: toParsedTranscript(ami), gold: gold.actions.map((a) => ({ text: a.text, assignee_speakers: a.assignee_speakers })) };
  });
}
