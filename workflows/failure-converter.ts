/**
 * The failure converter of every worker (activities, in the worker's own thread) and of the workflow bundle
 * (workflows, in their sandbox): Temporal's default, with the stack traces it records in histories cut loose from
 * the server's file system. An unexpected error's stack names the checkout it ran from (/srv/tickscribe/core/...),
 * which anyone with access to the Temporal UI would read; here each frame keeps the file relative to the project
 * (core/plugins/boundary.ts:41:7) or, outside it (a plugin loaded from elsewhere), only its file name. Messages are
 * left alone: they are the words an operator reads.
 *
 * Temporal loads it by path (`failureConverterPath`, a module with a `failureConverter` export), in both places:
 * docs.temporal.io, "Failure converter" (TypeScript SDK, converters and encryption).
 */
import { DefaultFailureConverter } from '@temporalio/common';

type ProtoFailure = ReturnType<DefaultFailureConverter['errorToFailure']>;

/** Top-level folders of the project and of its dependencies, from which a path is written relative. */
const PROJECT_FOLDERS = new Set(['api', 'core', 'plugins', 'server', 'workflows', 'web', 'tests', 'node_modules']);

/**
 * An absolute path (or file: URL) in a stack frame, up to its line and column; not the path inside Node's own
 * `node:internal/...` names, which are the same on every machine.
 */
const ABSOLUTE_PATH = /(?<![\w:.\\/])(?:file:\/\/)?(?:[A-Za-z]:)?[\\/](?:[^\s():\\/]+[\\/])*[^\s():\\/]+/g;

function relativePath(path: string): string {
  const parts = path.replace(/^file:\/\//, '').split(/[\\/]/).filter(Boolean);
  const from = parts.findIndex((part) => PROJECT_FOLDERS.has(part));
  return from >= 0 ? parts.slice(from).join('/') : parts.at(-1) ?? path;
}

/** A stack trace with every frame's absolute path made relative; the first lines (the message) untouched. */
export function withoutServerPaths(stack: string): string {
  return stack
    .split('\n')
    .map((line) => (/^\s*at /.test(line) ? line.replace(ABSOLUTE_PATH, relativePath) : line))
    .join('\n');
}

function relativised(failure: ProtoFailure): ProtoFailure {
  return {
    ...failure,
    ...(failure.stackTrace ? { stackTrace: withoutServerPaths(failure.stackTrace) } : {}),
    ...(failure.cause ? { cause: relativised(failure.cause) } : {}),
  };
}

class RelativeStackFailureConverter extends DefaultFailureConverter {
  override errorToFailure(...args: Parameters<DefaultFailureConverter['errorToFailure']>): ProtoFailure {
    return relativised(super.errorToFailure(...args));
  }
}

export const failureConverter = new RelativeStackFailureConverter();

