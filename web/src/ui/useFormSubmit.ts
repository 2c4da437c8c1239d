import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

export interface FormSubmitOptions<Result> {
  /** The first problem with what was typed, shown instead of sending; null when the form may be sent. */
  check?(): string | null;
  /** Runs as the form is submitted, before the check (e.g. to hide an earlier success message). */
  onSubmit?(): void;
  /** Sends the form. */
  run(): Promise<Result>;
  /** The text to show for a failed send; null shows none. */
  failure(error: unknown): string | null;
  onSuccess?(result: Result): void;
}

/**
 * A form's submit through TanStack Query: the check first, then the send, with its busy state and the message
 * of whatever went wrong. The check's message shows from a submit until what was typed mends it.
 */
export function useFormSubmit<Result>(options: FormSubmitOptions<Result>) {
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: options.run, onSuccess: options.onSuccess });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    options.onSubmit?.();
    const found = options.check?.() ?? null;
    setProblem(found);
    if (found === null) mutation.mutate();
    else mutation.reset();
  };

  // The check's problem shows while it holds: once what was typed mends it, it goes, without another submit.
  const holding = problem === null ? null : (options.check?.() ?? null);
  return {
    submit,
    error: holding ?? (mutation.isError ? options.failure(mutation.error) : null),
    busy: mutation.isPending,
    done: mutation.isSuccess,
  };
}
