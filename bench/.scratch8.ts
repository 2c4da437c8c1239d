import { readFileSync } from 'node:fs';
import { normalise } from './scoring.ts';
const ids = JSON.parse(readFileSync('/work/shared/eval/ami/index.json','utf8')).meetings.map((m: {meeting_id: string}) => m.meeting_id);
for (const id of ids) for (const a of JSON.parse(readFileSync(`/work/shared/eval/ami/${id}/gold.json`, 'utf8')).actions) console.log(normalise(a.text).join(' '), ' <= ', a.text);
