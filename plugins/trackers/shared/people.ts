/**
 * Matching a search of people where the tracker's listing takes no search term (GitHub's assignees, Miro's board
 * members): a person matches when one of their words contains the query, ignoring case; those whose word starts
 * with it come first, the listing's order kept otherwise.
 */

/** The most people one search returns. */
export const PEOPLE_RESULTS = 20;

export function matchPeople<T>(people: T[], query: string, words: (person: T) => (string | null | undefined)[]): T[] {
  const wanted = query.trim().toLowerCase();
  const rank = (person: T): number => {
    const texts = words(person).filter((text): text is string => Boolean(text)).map((text) => text.toLowerCase());
    if (texts.some((text) => text.startsWith(wanted))) return 0;
    return texts.some((text) => text.includes(wanted)) ? 1 : 2;
  };
  return people
    .map((person, order) => ({ person, order, rank: rank(person) }))
    .filter((entry) => entry.rank < 2)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, PEOPLE_RESULTS)
    .map((entry) => entry.person);
}
