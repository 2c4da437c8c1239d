import type { Orm } from '../core/db/orm.ts';
import type { Logger } from '../core/logger.ts';

export interface ActivityDependencies {
  orm: Orm;
  logger: Logger;
}

/** Activities get their dependencies from here, so tests pass real local ones instead of module singletons. */
export function createActivities(_dependencies: ActivityDependencies) {
  return {};
}

export type Activities = ReturnType<typeof createActivities>;
