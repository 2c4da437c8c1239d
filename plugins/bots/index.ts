import type { BotPlugin } from '../sdk/index.ts';
import { attendeeBot } from './attendee/index.ts';
import { recallBot } from './recall/index.ts';

/** The built-in meeting bots; MEETING_BOT_PROVIDER names the one in use, the host hands it its settings and HTTP client. */
export const BUILTIN_BOTS: BotPlugin[] = [recallBot, attendeeBot];
