import type { CallContext, PluginManifest } from './manifest.ts';
import type { ExtractedTicket } from './extractor.ts';
import type { PushResult } from './types.ts';

export type { PushResult };

export interface TrackerManifest extends PluginManifest {
  kind: 'tracker';
}

/** A ticket as a tracker receives it: its fields, with the assignee already mapped to the tracker's username. */
export interface TrackerTicket extends Pick<ExtractedTicket, 'title' | 'description' | 'priority' | 'tags' | 'dueDate'> {
  /** Tickscribe's id of the ticket, for idempotency keys and back-links. */
  id: string;
  context: string | null;
  implementation: string | null;
  status: 'ToDo' | 'InProgress' | 'Done';
  project: string;
  /** The tracker's username, or null to leave it unassigned. */
  assignee: string | null;
  /** External ids of tickets this one depends on that were already pushed to the same tracker. */
  dependencies: string[];
}

export interface TrackerPlugin {
  manifest: TrackerManifest;
  /** Checks the settings against the service (credentials accepted, project reachable); throws in words if not. */
  verify(context: CallContext): Promise<void>;
  /**
   * Creates the issue. Must be safe to call again for the same ticket id after a failure part-way. The host
   * validates the result (schemas/push-result.schema.json).
   */
  push(ticket: TrackerTicket, context: CallContext): Promise<PushResult>;
}
