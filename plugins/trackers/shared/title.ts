/** A ticket's title within a tracker's length limit: the title to send, and what the reviewer is told when it was cut. */
export interface FittedTitle {
  title: string;
  /** The whole title, for the body, when it was cut; else null. */
  full: string | null;
  /** The item's notice when it was cut; else null. */
  notice: string | null;
}

/**
 * Cuts a title longer than `limit` characters (UTF-16 units, as the trackers count) at the last word that fits,
 * ending with an ellipsis; never inside a surrogate pair. A title without a space early enough is cut mid-word.
 */
export function fitTitle(title: string, limit: number, tracker: string): FittedTitle {
  if (title.length <= limit) return { title, full: null, notice: null };
  let cut = title.slice(0, limit - 1);
  const space = cut.search(/\s\S*$/);
  if (space > limit / 2) cut = cut.slice(0, space);
  else if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return {
    title: `${cut.trimEnd()}…`,
    full: title,
    notice: `Title cut to ${limit} characters, ${tracker}'s limit; the full title is at the top of the description.`,
  };
}
