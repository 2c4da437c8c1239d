import type { CallContext, PluginManifest } from './manifest.ts';
import type { ParserOutput } from './parser.ts';
import type { BotState } from './types.ts';

export type { BotState };
export type BotStatus = BotState['status'];

export interface BotManifest extends PluginManifest {
  kind: 'bot';
}

export interface BotPlugin {
  manifest: BotManifest;
  /** Sends a recorder into the meeting. The host validates every state (schemas/bot-state.schema.json). */
  join(request: { meetingUrl: string; botName: string }, context: CallContext): Promise<BotState>;
  status(botId: string, context: CallContext): Promise<BotState>;
  leave(botId: string, context: CallContext): Promise<void>;
  /** The finished meeting's transcript, in the parser output shape (validated like a parser's). */
  transcript(botId: string, context: CallContext): Promise<ParserOutput['transcript']>;
}
