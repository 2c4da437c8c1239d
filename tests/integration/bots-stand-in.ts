// Recall.ai's stand-in (tests/bots/recall-fake.ts) as a program, to try the meeting bot without a Recall.ai
// account: it prints the settings to start Tickscribe with, then plays a short meeting for every bot the app
// sends (joining, recording, the meeting's end with a two-person transcript), telling the app in signed webhooks.
//
//   node tests/integration/bots-stand-in.ts [APP_URL]      (default http://localhost:3000)
import { botEvent, RECALL_KEY, RECALL_SECRET, signedDelivery, startRecallFake, type Segment } from '../bots/recall-fake.ts';

const turn = (id: number, name: string, at: number, text: string): Segment => ({ participant: { id, name }, words: [{ text, start_timestamp: { relative: at } }] });

/** The meeting every bot records. */
const MEETING: Segment[] = [
  turn(1, 'Ada Lovelace', 2, "Let's go through the release. Grace, can you fix the login redirect bug by Friday?"),
  turn(2, 'Grace Hopper', 9, "Yes, I'll fix the login redirect bug. Alan, please update the onboarding docs after that."),
  turn(3, 'Alan Turing', 16, 'Sure, I will update the onboarding docs next week.'),
];

const appUrl = (process.argv[2] ?? 'http://localhost:3000').replace(/\/+$/, '');
const recall = await startRecallFake();
const played = new Set<string>();

async function tell(botId: string, code: string, subCode: string | null = null): Promise<void> {
  const { rawBody, headers } = signedDelivery(botEvent(botId, code, subCode));
  try {
    const response = await fetch(`${appUrl}/api/bots/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody });
    console.warn(`bot ${botId}: ${code}${subCode ? `/${subCode}` : ''} -> ${response.status} ${await response.text()}`);
  } catch (error) {
    console.warn(`bot ${botId}: ${code} could not be delivered to ${appUrl}: ${(error as Error).message}`);
  }
}

/** The meeting, unless the bot was cancelled (deleted, or made to leave) on the way. */
async function play(botId: string): Promise<void> {
  const steps: [number, () => Promise<void>][] = [
    [3_000, async () => void recall.advance(botId, 'joining_call')],
    [0, () => tell(botId, 'joining_call')],
    [5_000, async () => void recall.advance(botId, 'in_call_recording')],
    [0, () => tell(botId, 'in_call_recording')],
    [20_000, async () => {
      recall.record(botId, { segments: MEETING });
      recall.advance(botId, ['call_ended', 'call_ended_by_host'], 'done');
    }],
    [0, () => tell(botId, 'call_ended', 'call_ended_by_host')],
    [0, () => tell(botId, 'done')],
  ];
  for (const [waitMs, step] of steps) {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    const bot = recall.bots.get(botId);
    if (!bot || bot.status_changes.some((change) => change.sub_code === 'bot_received_leave_call')) return;
    await step();
  }
}

setInterval(() => {
  for (const botId of recall.bots.keys()) {
    if (played.has(botId)) continue;
    played.add(botId);
    void play(botId);
  }
}, 500);

console.warn([
  `Recall.ai stand-in listening at ${recall.api.url}. Start Tickscribe with:`,
  `  MEETING_BOT_PROVIDER=recall MEETING_BOT_API_KEY=${RECALL_KEY} MEETING_BOT_BASE_URL=${recall.api.url} \\`,
  `  MEETING_BOT_WEBHOOK_SECRET=${RECALL_SECRET} OUTBOUND_ALLOWLIST=127.0.0.1/32 npm start`,
  `Each bot sent from the dashboard then joins, records for 20 s and ends; webhooks go to ${appUrl}/api/bots/webhook.`,
].join('\n'));
