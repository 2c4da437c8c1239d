/** What every contract kit shares: a thrown value in words, and the problems found turned into one error. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function throwProblems(kind: string, id: string, problems: string[]): void {
  if (problems.length) throw new Error(`${id} breaks the ${kind} contract:\n- ${problems.join('\n- ')}`);
}
