import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { jsonParser as json } from '../../plugins/parsers/json/index.ts';
import { slackParser as parser } from '../../plugins/parsers/slack/index.ts';
import { renderMrkdwn } from '../../plugins/parsers/slack/mrkdwn.ts';
import { SAMPLES_DIR } from '../support/samples.ts';
import { builtinHost, messageTuples, parserHelpers, parseWithin } from './support.ts';

const host = builtinHost();

const { parse, refusal: failure, input, sample } = parserHelpers(host, { fileName: '2024-05-01.json', samples: 'slack', indent: 4 });
/** [speaker name, content, timestamp] per message. */
const lines = messageTuples;

const profile = (real_name: string, display_name = '') => ({ real_name, display_name, name: real_name.toLowerCase(), team: 'T1' });

describe('channel day files', () => {
  const day = [
    { user: 'U1', type: 'message', subtype: 'channel_join', text: '<@U1> has joined the channel', ts: '1714550000.000100' },
    { user: 'U1', type: 'message', text: 'Morning <@U2>! Plan: <https://example.com/plan|the plan> &amp; <https://example.com>', ts: '1714550010.000200', user_profile: profile('Ada Lovelace') },
    { user: 'U2', type: 'message', text: 'Ready &lt;soon&gt; in <#C1|general>, <!here>', ts: '1714550072.500300', user_profile: profile('Grace Hopper', 'grace') },
    { user: 'U1', type: 'message', subtype: 'channel_topic', text: 'set the topic', ts: '1714550080.000000' },
    { user: 'U1', type: 'message', text: 'Second message, same person.', ts: '1714550090.000400' },
  ];

  it('reads messages with names from user_profile, relative times, the date and the duration', () => {
    const result = parse(day);
    expect(result).toMatchObject({ format: 'slack', variant: 'channel-day', confidence: 0.97 });
    expect(lines(result)).toEqual([
      ['Ada Lovelace', 'Morning @Grace Hopper! Plan: the plan (https://example.com/plan) & https://example.com', 0],
      ['Grace Hopper', 'Ready <soon> in #general, @here', 62.5],
      ['Ada Lovelace', 'Second message, same person.', 80],
    ]);
    expect(result.transcript).toMatchObject({ title: '2024-05-01', date: '2024-05-01T07:53:30Z', duration: 80, source: 'slack' });
    expect(result.transcript.participants).toEqual([
      { id: 'p1', name: 'Ada Lovelace' },
      { id: 'p2', name: 'Grace Hopper' },
    ]);
  });

  it('keeps the ids of people the file does not name, and their handles from older file posts', () => {
    const old = [
      { type: 'message', user: 'U0BMQB6JE', text: '<@U0BMS113R>: look', ts: '1459141841.000022' },
      { type: 'message', subtype: 'file_share', user: 'U0BMS113R', username: 'doubledeez', text: '<@U0BMS113R> uploaded a file: <https://x.slack.com/files/F1/a.js|a.js>', ts: '1459141850.000023' },
    ];
    expect(lines(parse(old))).toEqual([
      ['U0BMQB6JE', '@doubledeez: look', 0],
      ['doubledeez', '@doubledeez uploaded a file: a.js (https://x.slack.com/files/F1/a.js)', 9],
    ]);
  });

  it('reads bot posts from their attachments and marks bots with the role bot', () => {
    const bots = [
      {
        text: '',
        bot_id: 'B0JL6RASU',
        attachments: [{ fallback: 'fallback text', pretext: '[repo:main] 1 new commit:', text: '<https://github.com/x/commit/abc|abc>: fix it', id: 1 }],
        type: 'message',
        subtype: 'bot_message',
        ts: '1454892394.000004',
      },
      { type: 'message', subtype: 'bot_message', bot_id: 'B2', username: 'CI', attachments: [{ fallback: 'Build #12 passed' }], text: '', ts: '1454892395.000000' },
      { type: 'message', user: 'U9', bot_id: 'B3', bot_profile: { name: 'Deploy Bot' }, text: 'Deployed v2', ts: '1454892396.000000' },
      { type: 'message', user: 'USLACKBOT', text: 'Reminder: stand-up', ts: '1454892397.000000' },
    ];
    const result = parse(bots);
    expect(lines(result)).toEqual([
      ['B0JL6RASU', '[repo:main] 1 new commit:\nabc (https://github.com/x/commit/abc): fix it', 0],
      ['CI', 'Build #12 passed', 1],
      ['Deploy Bot', 'Deployed v2', 2],
      ['Slackbot', 'Reminder: stand-up', 3],
    ]);
    expect(result.transcript.participants.map((p) => p.role)).toEqual(['bot', 'bot', 'bot', undefined]);
  });

  it('orders thread replies by ts, and does not count a broadcast reply or its embedded root twice', () => {
    const thread = [
      { text: 'Parent', user: 'U1', ts: '1434139102.000002', thread_ts: '1434139102.000002', reply_count: 2, channel_name: 'random' },
      { text: 'Reply written later in the file', user: 'U2', ts: '1434139101.000009', thread_ts: '1434139102.000002', parent_user_id: 'U1', channel_name: 'random' },
      {
        subtype: 'thread_broadcast',
        text: 'Also sent to the channel',
        user: 'U2',
        ts: '1434139104.000002',
        thread_ts: '1434139102.000002',
        root: { text: 'Parent', user: 'U1', ts: '1434139102.000002', thread_ts: '1434139102.000002' },
        channel_name: 'random',
      },
      { subtype: 'thread_broadcast', text: 'Also sent to the channel', user: 'U2', ts: '1434139104.000002', thread_ts: '1434139102.000002', channel_name: 'random' },
    ];
    const result = parse(thread);
    expect(lines(result)).toEqual([
      ['U2', 'Reply written later in the file', 0],
      // 1434139102.000002 - 1434139101.000009 = 0.999993 s, kept to the millisecond.
      ['U1', 'Parent', 1],
      ['U2', 'Also sent to the channel', 3],
    ]);
    expect(result.transcript.title).toBe('#random');
  });

  it('keeps two people with one display name apart', () => {
    const twins = [
      { type: 'message', user: 'U1', text: 'One', ts: '1714550000.000000', user_profile: profile('Alex') },
      { type: 'message', user: 'U2', text: 'Two', ts: '1714550001.000000', user_profile: profile('Alex') },
    ];
    expect(lines(parse(twins))).toEqual([
      ['Alex', 'One', 0],
      ['Alex (U2)', 'Two', 1],
    ]);
  });

  it('reads one message object and a conversations.history response', () => {
    const message = JSON.parse(sample('zulip_fixtures/message_with_user_mentions.json')) as Record<string, unknown>;
    const one = parse(message, 'message.json');
    expect(one.variant).toBe('message');
    expect(lines(one)).toEqual([['Peter', '@Peter test user mention @U074VRHQ11T', 0]]);
    expect(one.transcript.date).toBe('2026-02-26T13:27:51Z');
    expect(one.transcript.duration).toBeUndefined();
    const history = parse({ ok: true, messages: [{ ...message, ts: '1772112480.000000', text: 'later' }, message], has_more: false }, 'history.json');
    expect(history.variant).toBe('api-history');
    expect(lines(history)).toEqual([
      ['Peter', '@Peter test user mention @U074VRHQ11T', 0],
      ['Peter', 'later', 8.599],
    ]);
  });
});

describe('mrkdwn', () => {
  const names = new Map([['U1', 'Ada']]);
  it.each([
    ['<@U1> and <@U2> and <@U3|bob>', '@Ada and @U2 and @bob'],
    ['<#C024BE7LR|general> <#C1>', '#general #C1'],
    ['<!here> <!channel> <!everyone> <!subteam^S1|@design>', '@here @channel @everyone @design'],
    ['<!date^1392734382^{date_short}|Feb 18, 2014>', 'Feb 18, 2014'],
    ['<https://a.io|a.io> <mailto:x@y.z|x@y.z> <https://a.io/x|docs> <https://a.io/y>', 'https://a.io mailto:x@y.z docs (https://a.io/x) https://a.io/y'],
    ['a &amp;lt; b &amp; c &lt;tag&gt;', 'a &lt; b & c <tag>'],
    ['```code <not a link>```', '```code <not a link>```'],
  ])('renders %j', (text, expected) => {
    expect(renderMrkdwn(text, names)).toBe(expected);
  });
});

describe('refusals', () => {
  it.each([
    ['slack-export-viewer_testarchive/users.json', 'This is the member list of a Slack export (users.json), not a conversation'],
    ['zulip_fixtures/test_slack_importer/users.json', 'This is the member list of a Slack export (users.json), not a conversation'],
    ['slack-export-viewer_testarchive/channels.json', 'This is the channel list of a Slack export (channels.json), not a conversation'],
    ['slack-export-viewer_testarchive/integration_logs.json', 'This is the integration log of a Slack export (integration_logs.json), not a conversation'],
  ])('refuses %s and asks for a day file', (path, start) => {
    const refused = failure(sample(path), 'users.json');
    expect(refused.code).toBe('invalid');
    expect(refused.message).toBe(
      `Slack export: ${start}: upload one channel's day file instead (a file like general/2024-05-01.json from the export's channel folders).`,
    );
  });

  it('says a day file with only channel events has no messages', () => {
    const joins = failure(sample('slack-export-viewer_testarchive/traveling-sailor/2016-01-16.json'));
    expect(joins.code).toBe('no-messages');
    expect(joins.message).toBe(
      'Slack export: There are no messages to import: the file holds only channel events (joins, leaves, topic changes) or empty posts.',
    );
  });

  it('refuses broken and cut-off files clearly', () => {
    const cut = sample('slack-export-viewer_testarchive/enrique/2016-01-15.json').slice(0, 500);
    expect(failure(cut).code).toBe('truncated');
    expect(() => parser.parse(input('[{"ts": "1452845865.000008", "text": "a",}]'))).toThrow(
      "The file is not valid JSON: unexpected '}' at line 1, column 42: JSON does not allow a comma before a closing bracket.",
    );
    expect(() => parser.parse(input({ ok: false, error: 'not_authed' }))).toThrow('This is not a Slack channel export: expected a JSON array of messages');
  });
});

describe('detection', () => {
  const dayFiles = [
    'slack-export-viewer_testarchive/enrique/2016-01-14.json',
    'slack-export-viewer_testarchive/traveling-sailor/2016-03-26.json',
    'zulip_fixtures/normal_thread.json',
    'zulip_fixtures/message_with_user_mentions.json',
    'slack-export-viewer_testarchive/users.json',
    'slack-export-viewer_testarchive/channels.json',
    'slack-export-viewer_testarchive/integration_logs.json',
  ];

  it.each(dayFiles)('ranks Slack first on %s, with the JSON parser at 0', (path) => {
    const text = sample(path);
    const ranking = host().detect({ text, fileName: 'f.json', extension: '.json' });
    expect(ranking[0]!.format).toBe('slack');
    expect(ranking[0]!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(json.detect({ text, extension: '.json' })).toBe(0);
  });

  it('scores 0 on vendor JSON and on text', () => {
    for (const file of ['turnchunk_assemblyai_two_speakers.json', 'revai_transcript_monologues_elements.json', 'deepgram_prerecorded_nova3_smart_format.json']) {
      expect(parser.detect({ text: readFileSync(join(SAMPLES_DIR, 'json', file), 'utf8'), extension: '.json' })).toBe(0);
    }
    expect(parser.detect(input([{ speaker: 'A', start: 1, text: 'x' }]))).toBe(0);
    expect(parser.detect({ text: 'Ada: "ts": "1452845865.000008"', extension: '.txt' })).toBe(0);
  });

  it('finds the ts of a day file whose first message is large, and decides fast on 1 MB', () => {
    const big = { type: 'message', subtype: 'file_share', text: 'x'.repeat(40_000), user: 'U1', ts: '1452845865.000008' };
    const messages = Array.from({ length: 24 }, (_, i) => ({ ...big, ts: `14528458${String(65 + i).padStart(2, '0')}.000008` }));
    const text = JSON.stringify(messages, null, 4);
    expect(text.length).toBeGreaterThan(950_000);
    const started = performance.now();
    expect(parser.detect(input(text))).toBe(0.97);
    // A guard against super-linear scanning (seconds on such input), not a speed target: bench/parsers.ts measures speed.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parseWithin(parser, text, '.json', 250).transcript.messages).toHaveLength(24);
  });
});

describe('contract', () => {
  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: '2016-01-14.json', content: sample('slack-export-viewer_testarchive/enrique/2016-01-14.json') },
      { fileName: 'normal_thread.json', content: sample('zulip_fixtures/normal_thread.json') },
      { fileName: 'users.json', content: sample('slack-export-viewer_testarchive/users.json'), readable: false },
      { fileName: '2016-01-16.json', content: sample('slack-export-viewer_testarchive/traveling-sailor/2016-01-16.json'), readable: false },
      { fileName: 'cut.json', content: '[{"type": "message", "user": "U1", "text": "hi", "ts": "1452845865.0', readable: false },
    ]);
  });
});
