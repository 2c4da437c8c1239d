import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/browser.ts';
import { ApiError, dataOf, failureText } from '../api/client.ts';
import { refreshTranscripts } from '../api/queryKeys.ts';
import type { Schema } from '../api/schema.ts';
import { BOT_POLL_MS, botTexts, outcomeOf, sendFailure, vanished, type BotOutcome, type MeetingBot } from './meetingBot.ts';

type BotList = Schema<'MeetingBotList'>;

const byId = (id: string) => ({ params: { path: { id } } });

/** The bot calls of the spec's "The calls it makes" (`id` is the bot service's id of a bot). */
export const botsApi = {
  active: () => dataOf(api.GET('/api/recall/bots')),
  get: async (id: string) => (await dataOf(api.GET('/api/recall/bots/{id}', byId(id)))).bot,
  send: async (body: { meetingUrl: string; meetingTitle?: string }) => (await dataOf(api.POST('/api/recall/bots', { body }))).bot,
  cancel: async (id: string) => (await dataOf(api.DELETE('/api/recall/bots/{id}', byId(id)))).bot,
};

const ACTIVE_KEY = ['bots', 'active'] as const;

/** The meeting bot is off on this installation: the routes that need it answer 403 saying how to configure it. */
const notConfigured = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The cached list with `change` applied to its bots. */
const withBots = (change: (bots: MeetingBot[]) => MeetingBot[]) => (list: BotList | undefined): BotList | undefined =>
  list && { ...list, bots: change(list.bots) };

/**
 * The user's active bots, polled every 10 s while there are any; a bot that leaves the list is looked up once to
 * say how it ended (completed, or why it failed). Sending and cancelling update the list straight away.
 */
export function useMeetingBots() {
  const queryClient = useQueryClient();
  const active = useQuery({
    queryKey: ACTIVE_KEY,
    queryFn: botsApi.active,
    refetchInterval: (query) => (query.state.data?.bots.length ? BOT_POLL_MS : false),
    retry: 1,
  });
  const [outcomes, setOutcomes] = useState<BotOutcome[]>([]);
  const listed = useRef<MeetingBot[] | null>(null);
  const cancelledHere = useRef(new Set<string>());

  useEffect(() => {
    const bots = active.data?.bots;
    if (!bots) return;
    const gone = listed.current ? vanished(listed.current, bots).filter((bot) => !cancelledHere.current.has(bot.recallBotId)) : [];
    listed.current = bots;
    for (const bot of gone) {
      void botsApi.get(bot.recallBotId).then((ended) => {
        const outcome = outcomeOf(ended);
        if (!outcome) return;
        setOutcomes((shown) => [outcome, ...shown.filter((o) => o.id !== outcome.id)]);
        // The meeting's transcript joins the dashboard's lists.
        if (outcome.kind === 'completed') void refreshTranscripts(queryClient);
      }, () => undefined);
    }
  }, [active.data, queryClient]);

  const send = useMutation({
    mutationFn: botsApi.send,
    onSuccess: (bot) => {
      queryClient.setQueryData<BotList>(ACTIVE_KEY, withBots((bots) => [bot, ...bots.filter((b) => b.recallBotId !== bot.recallBotId)]));
      void queryClient.invalidateQueries({ queryKey: ACTIVE_KEY });
    },
  });
  const cancel = useMutation({
    mutationFn: (id: string) => {
      cancelledHere.current.add(id);
      return botsApi.cancel(id);
    },
    onSuccess: (bot) => {
      queryClient.setQueryData<BotList>(ACTIVE_KEY, withBots((bots) => bots.filter((b) => b.recallBotId !== bot.recallBotId)));
    },
    // Not cancelled after all (it had just ended): how it ended is said like any other's.
    onError: (_error, id) => void cancelledHere.current.delete(id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ACTIVE_KEY }),
  });

  const sendError = send.error;
  const off = active.data?.configured === false ? (active.data.notice ?? botTexts.notConfigured) : null;
  return {
    bots: active.data?.bots,
    /** What to configure when the meeting bot is off; null when it is on. */
    notConfigured: off ?? (notConfigured(sendError) ? failureText(sendError, botTexts.notConfigured) : null),
    loadFailed: active.error !== null,
    outcomes,
    dismiss: (id: string) => setOutcomes((shown) => shown.filter((o) => o.id !== id)),
    send,
    sendFailure: sendError && !notConfigured(sendError)
      ? sendFailure(sendError instanceof ApiError ? sendError.status : undefined, sendError instanceof ApiError ? sendError.serverText : undefined)
      : null,
    cancel,
    cancelFailure: cancel.error ? failureText(cancel.error, botTexts.cancelFailed) : null,
  };
}
