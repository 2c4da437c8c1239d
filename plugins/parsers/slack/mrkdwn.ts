/** Slack message text ("mrkdwn") as readable text: mentions, channel links, special mentions, links, entities. */
import { decodeEntities } from '../shared/text.ts';

/**
 * `<@U123>` -> `@Name` (from `names`, else `@U123`), `<@U123|name>` -> `@name`, `<#C123|general>` -> `#general`,
 * `<!here>` -> `@here`, `<!subteam^S1|@team>` -> `@team`, `<!date^...|fallback>` -> fallback,
 * `<https://x|label>` -> `label (https://x)` (just the URL when the label only repeats it), `<https://x>` -> the
 * URL; then `&amp; &lt; &gt;` (and other entities) are decoded once, so `&lt;b&gt;` ends as the text `<b>`.
 */
export function renderMrkdwn(text: string, names: ReadonlyMap<string, string>): string {
  const rendered = text.replace(/<([^<>\n]+)>/g, (whole, inner: string) => {
    const bar = inner.indexOf('|');
    const target = bar === -1 ? inner : inner.slice(0, bar);
    const label = bar === -1 ? undefined : inner.slice(bar + 1);
    switch (target[0]) {
      case '@': {
        const id = target.slice(1);
        const name = label?.trim() || names.get(id) || id;
        return `@${name.replace(/^@/, '')}`;
      }
      case '#':
        return `#${(label?.trim() || target.slice(1)).replace(/^#/, '')}`;
      case '!': {
        const command = target.slice(1);
        if (label) return label;
        const special = /^(here|channel|everyone|group)\b/.exec(command);
        return special ? `@${special[1]}` : `@${command}`;
      }
      default: {
        if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) return whole;
        if (!label || sameLink(target, label)) return target;
        return `${label} (${target})`;
      }
    }
  });
  return decodeEntities(rendered);
}

/** Whether a link's label only repeats its address (`<https://x.org|x.org>`, `<mailto:a@b.c|a@b.c>`). */
function sameLink(url: string, label: string): boolean {
  const bare = (value: string) => value.replace(/^(https?:\/\/|mailto:|tel:)/i, '').replace(/\/$/, '').toLowerCase();
  return bare(url) === bare(label);
}
