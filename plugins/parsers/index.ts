/** The parsers that ship with Tickscribe, loaded through the same contract checks as third-party ones. */
import type { ParserPlugin } from '../sdk/index.ts';
import { csvParser } from './csv/index.ts';
import { googleMeetParser } from './google-meet/index.ts';
import { jsonParser } from './json/index.ts';
import { slackParser } from './slack/index.ts';
import { srtParser } from './srt/index.ts';
import { teamsParser } from './teams/index.ts';
import { textParser } from './text/index.ts';
import { tsvParser } from './tsv/index.ts';
import { webvttParser } from './webvtt/index.ts';
import { zoomParser } from './zoom/index.ts';

/** In order of preference: the order breaks the ties that detection scores and extensions leave. */
export const BUILTIN_PARSERS: ParserPlugin[] = [googleMeetParser, zoomParser, teamsParser, slackParser, webvttParser, srtParser, csvParser, tsvParser, jsonParser, textParser];
