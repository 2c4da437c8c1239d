/**
 * The built-in plugins' settings types are derived from the JSON Schemas their manifests declare: the type checks
 * below run with `npm run typecheck` (a schema whose property is renamed, dropped or loosened fails them, and the
 * plugin's code that reads it), and the runtime checks prove the manifests carry those very schemas.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { JiraSignedInCredentials } from '../../plugins/trackers/jira/settings.ts';
import { attendeeBot, CONFIG_SCHEMA as ATTENDEE_CONFIG, type AttendeeSettings } from '../../plugins/bots/attendee/index.ts';
import { recallBot, CONFIG_SCHEMA as RECALL_CONFIG, type RecallSettings } from '../../plugins/bots/recall/index.ts';
import { azureTracker } from '../../plugins/trackers/azure/index.ts';
import * as azure from '../../plugins/trackers/azure/settings.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import * as github from '../../plugins/trackers/github/settings.ts';
import { jiraTracker } from '../../plugins/trackers/jira/index.ts';
import * as jira from '../../plugins/trackers/jira/settings.ts';
import { miroTracker } from '../../plugins/trackers/miro/index.ts';
import * as miro from '../../plugins/trackers/miro/settings.ts';
import { webhookTracker } from '../../plugins/trackers/webhook/index.ts';
import * as webhook from '../../plugins/trackers/webhook/settings.ts';

describe('plugin settings typed from their schemas', () => {
  it('each manifest declares the schemas its settings type is derived from', () => {
    for (const [plugin, schemas] of [[azureTracker, azure], [githubTracker, github], [jiraTracker, jira], [miroTracker, miro], [webhookTracker, webhook]] as const) {
      expect(plugin.manifest.configSchema).toBe(schemas.CONFIG_SCHEMA);
      expect(plugin.manifest.credentialsSchema).toBe(schemas.CREDENTIALS_SCHEMA);
    }
    expect(jiraTracker.oauth?.credentialsSchema).toBe(jira.SIGNED_IN_CREDENTIALS_SCHEMA);
    expect(recallBot.manifest.configSchema).toBe(RECALL_CONFIG);
    expect(attendeeBot.manifest.configSchema).toBe(ATTENDEE_CONFIG);
    for (const bot of [recallBot, attendeeBot]) expect(bot.manifest.credentialsSchema).toMatchObject({ required: ['apiKey'] });
  });

  it('trackers: required and defaulted settings are present, the others optional, enums are their values', () => {
    // A default counts as present: the host fills it in before any call.
    expectTypeOf<azure.AzureConfig>().toEqualTypeOf<{ projectIdentifier: string; workItemType: 'Task' | 'Bug' | 'User Story' | 'Issue'; baseUrl: string }>();
    expectTypeOf<azure.AzureCredentials>().toEqualTypeOf<{ organization: string; pat: string }>();
    expectTypeOf<github.GitHubConfig>().toEqualTypeOf<{ projectIdentifier: string; baseUrl?: string }>();
    expectTypeOf<github.GitHubCredentials>().toEqualTypeOf<{ token: string }>();
    expectTypeOf<jira.JiraConfig>().toEqualTypeOf<{ projectIdentifier: string; includePriority: boolean }>();
    expectTypeOf<jira.JiraCredentials>().toEqualTypeOf<{ url: string; username: string; apiToken: string }>();
    expectTypeOf<JiraSignedInCredentials>().toEqualTypeOf<{ url: string; username?: string; accessToken: string; cloudId: string; apiUrl: string }>();
    expectTypeOf<miro.MiroConfig>().toEqualTypeOf<{ projectIdentifier: string; baseUrl?: string }>();
    expectTypeOf<miro.MiroCredentials>().toEqualTypeOf<{ accessToken: string }>();
    expectTypeOf<webhook.WebhookConfig>().toEqualTypeOf<{ projectIdentifier: string }>();
    expectTypeOf<webhook.WebhookCredentials>().toEqualTypeOf<{ url: string; secret?: string }>();
  });

  it('bots: the shared credentials and each bot\'s configuration', () => {
    expectTypeOf<RecallSettings['credentials']>().toEqualTypeOf<{ apiKey: string; webhookSecret?: string }>();
    expectTypeOf<RecallSettings['config']>().toEqualTypeOf<{ baseUrl: string; transcriptProvider: { [key: string]: unknown } }>();
    expectTypeOf<AttendeeSettings['config']>().toEqualTypeOf<{ baseUrl: string; transcriptionSettings?: { [key: string]: unknown } }>();
  });
});
