import { describe, expect, it } from 'vitest';
import { followingSentence, webhookWords } from './statusFollowing.ts';

describe("a connection's status following in words", () => {
  const webhook = { url: 'https://tickscribe.example/api/trackers/c1/webhook', instructions: 'Add it in Settings, Webhooks.' };

  it('says how tickets follow their items, by what the tracker offers and whether the webhook is set up', () => {
    expect(followingSentence({ statusFollowing: { poll: true, pushBack: true, webhook: { ...webhook, secretSet: false } } }, 'GitHub'))
      .toBe('Tickscribe checks its pushed items regularly, so a ticket follows its item within minutes; a status you change in Tickscribe is sent to GitHub.');
    expect(followingSentence({ statusFollowing: { poll: true, pushBack: false, webhook: { ...webhook, secretSet: true } } }, 'GitHub'))
      .toBe("A ticket follows its item the moment GitHub's webhook says it was closed or reopened; Tickscribe checks its pushed items regularly as well, in case a webhook delivery is lost.");
  });

  it("speaks of each tracker's own items and webhook: no GitHub words for Jira or Azure DevOps", () => {
    const following = { poll: true, pushBack: true, webhook: { ...webhook, secretSet: true } };
    expect(followingSentence({ connectionType: 'jira', statusFollowing: following }, 'Jira'))
      .toMatch(/^A ticket follows its item the moment Jira's webhook says its issue moved into or out of a Done status;/);
    expect(followingSentence({ connectionType: 'azure', statusFollowing: following }, 'Azure DevOps'))
      .toMatch(/^A ticket follows its item the moment Azure DevOps' webhook says its work item moved into or out of a completed state;/);
    expect(webhookWords('github')).toMatchObject({ url: 'Payload URL', contentType: 'application/json', secret: 'Secret', username: null });
    expect(webhookWords('jira')).toMatchObject({ url: 'URL', contentType: null, secret: 'Secret', username: null });
    expect(webhookWords('azure')).toMatchObject({ url: 'URL', contentType: null, secret: 'Password', username: 'tickscribe' });
    expect(webhookWords('tasklist')).toEqual(webhookWords('github'));
  });

  it('says nothing for a tracker that follows no status', () => {
    expect(followingSentence({ statusFollowing: { poll: false, pushBack: false, webhook: null } }, 'Tasklist')).toBeNull();
    expect(followingSentence({}, 'Tasklist')).toBeNull();
  });
});
