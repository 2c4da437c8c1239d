/**
 * What the Temporal UI shows of a workflow that its start cannot say (core/temporal/search-attributes.ts,
 * workflows/shared/labels.ts): whose an e-mail or a bot is, and which format an ingest read its file as. Ids and
 * names only, never an address or a meeting's words.
 */
import { Bot } from '../core/bots/bot.entity.ts';
import type { Orm } from '../core/db/orm.ts';
import { OutboundEmail } from '../core/mail/outbound-email.entity.ts';
import type { PluginHost } from '../core/plugins/host.ts';
import { Transcript } from '../core/transcripts/transcript.entity.ts';
import { User } from '../core/users/user.entity.ts';

export function createLabelActivities({ orm, plugins }: { orm: Orm; plugins: PluginHost }) {
  return {
    /** The account an outbox e-mail goes to (by its address; null when none has it now) and its subject. */
    async emailLabel(emailId: string): Promise<{ userId: string | null; subject: string } | null> {
      const em = orm.em.fork();
      const email = await em.findOne(OutboundEmail, emailId, { fields: ['to', 'subject'] });
      if (!email) return null;
      const user = await em.findOne(User, { email: email.to.toLowerCase() }, { fields: ['id'] });
      return { userId: user?.id ?? null, subject: email.subject };
    },

    /** The bot's user and meeting title; null when the bot is gone (deleted with its account). */
    async botLabel(botId: string): Promise<{ userId: string; meetingTitle: string | null } | null> {
      const bot = await orm.em.fork().findOne(Bot, botId, { fields: ['user', 'meetingTitle'] });
      return bot ? { userId: bot.user.id, meetingTitle: bot.meetingTitle ?? null } : null;
    },

    /** The format the transcript was read as, and that parser's name for people; null before it was read. */
    async transcriptFormat(transcriptId: string): Promise<{ format: string; name: string } | null> {
      const transcript = await orm.em.fork().findOne(Transcript, transcriptId, { fields: ['metadata'] });
      const format = (transcript?.metadata as { format?: unknown } | undefined)?.format;
      if (typeof format !== 'string') return null;
      return { format, name: plugins.parser(format)?.manifest.name ?? format };
    },
  };
}
