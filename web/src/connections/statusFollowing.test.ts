import { describe, expect, it } from 'vitest';
import { followingSentence } from './statusFollowing.ts';

describe("a connection's status following in words", () => {
  const webhook = { url: 'https://tickscribe.example/api/trackers/c1/webhook', instructions: 'Add it in Settings, Webhooks.' };

  it('says how tickets follow their items, by what the tracker offers and whether the webhook is set up', () => {
    expect(followingSentence({ statusFollowing: { poll: true, pushBack: true, webhook: { ...webhook, secretSet: false } } }, 'GitHub'))
      .toBe('Tickscribe checks its pushed items regularly, so a ticket follows its item within minutes; a status you change in Tickscribe is sent to GitHub.');
    expect(followingSentence({ statusFollowing: { poll: true, pushBack: false, webhook: { ...webhook, secretSet: true } } }, 'GitHub'))
      .toBe("A ticket follows its item the moment GitHub's webhook says it was closed or reopened; Tickscribe checks its pushed items regularly as well, in case a webhook delivery is lost.");
  });

  it('says nothing for a tracker that follows no status', () => {
    expect(followingSentence({ statusFollowing: { poll: false, pushBack: false, webhook: null } }, 'Tasklist')).toBeNull();
    expect(followingSentence({}, 'Tasklist')).toBeNull();
  });
});
