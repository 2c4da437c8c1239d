import type { ParserPlugin } from '../sdk/index.ts';
import { parser as csv } from './csv/index.ts';
import { parser as googleMeet } from './google-meet/index.ts';
import { parser as json } from './json/index.ts';
import { parser as slack } from './slack/index.ts';
import { parser as srt } from './srt/index.ts';
import { parser as teams } from './teams/index.ts';
import { parser as text } from './text/index.ts';
import { parser as tsv } from './tsv/index.ts';
import { parser as webvtt } from './webvtt/index.ts';
import { parser as zoom } from './zoom/index.ts';

/** The parsers that ship with Tickscribe, loaded through the same contract checks as third-party ones. */
export const BUILTIN_PARSERS: ParserPlugin[] = [googleMeet, zoom, teams, slack, webvtt, srt, csv, tsv, json, text];
