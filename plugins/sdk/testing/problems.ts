/** What every contract kit shares: a thrown value in words, and the problems found turned into one error. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function throwProblems(kind: string, id: string, problems: string[]): void {
  if (problems.length) throw new Error(`${id} breaks the ${kind} contract:\n- ${problems.join('\n- ')}`);
}

/** What a call was refused with, or null when it succeeded. */
export const failureOf = (run: () => Promise<unknown>): Promise<unknown> => run().then(() => null, (error: unknown) => error ?? new Error('rejected'));

/**
 * Errors JavaScript itself throws for a mistake in the code (a property of undefined, an undefined name): a fault
 * of the plugin, never a refusal of the input. fetch's network TypeError ("fetch failed") carries its cause, so it
 * is not one. The host tells plugin bugs apart by the same rule.
 */
export const CODE_FAULTS: ReadonlySet<string> = new Set(['TypeError', 'ReferenceError', 'RangeError', 'SyntaxError', 'EvalError', 'URIError']);

export function isCodeFault(error: unknown): error is Error {
  if (!(error instanceof Error) || !CODE_FAULTS.has(error.name) || !CODE_FAULTS.has(error.constructor.name)) return false;
  return !(error.name === 'TypeError' && (error as { cause?: unknown }).cause !== undefined);
}
