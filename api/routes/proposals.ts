import type { EntityManager } from '@mikro-orm/postgresql';
import { acceptProposal, dismissProposal, transcriptProposals } from '../../core/tickets/proposals.ts';
import type { ProposalAcceptRequest, ProposalDecision, ProposalList } from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';
import { statusSender, type StatusSending } from './tickets.ts';

const schema = (name: string) => `api/proposals/${name}.schema.json`;

/** Follow-through across meetings: what a meeting proposes about open tickets, and a person's decision. */
export function proposalRoutes(api: ApiRegistry, deps: { em: () => EntityManager; status?: StatusSending }): void {
  const { em } = deps;
  const sendStatus = statusSender(em, deps.status);

  api.route<undefined, undefined, ProposalList>({
    method: 'get', path: '/api/transcripts/{id}/proposals', operationId: 'transcriptProposals', tag: 'tickets', auth: 'session', role: 'member',
    summary: "What the meeting proposes about the workspace's open tickets: the same task restated (merge or keep separate), a task said done.",
    responses: { 200: { description: 'Open proposals first.', schema: schema('list.response') }, 404: { description: 'No such transcript in this workspace.' } },
    handler: (ctx, { params, scope }) => transcriptProposals(em(), scope, params['id']!),
  });

  api.route<ProposalAcceptRequest, undefined, ProposalDecision>({
    method: 'post', path: '/api/proposals/{id}/accept', operationId: 'acceptProposal', tag: 'tickets', auth: 'session', role: 'member',
    summary: "Merge the meeting's ticket into the open one (its due date and priority only as asked), or mark the ticket Done (sent on to its tracker items like an edit of the status).",
    body: schema('accept.request'),
    responses: {
      200: { description: 'Accepted.', schema: schema('decision.response') },
      404: { description: 'No such proposal in this workspace, or one of its tickets was deleted.' },
      409: { description: 'Already decided, or the meeting\'s ticket was already pushed to a tracker.' },
    },
    async handler(ctx, { body, params, scope }) {
      const { proposal, statusChange } = await acceptProposal(em(), scope, params['id']!, body ?? {});
      // "Done" accepted reaches the ticket's tracker items as an edit of the status does.
      if (statusChange) await sendStatus(scope, proposal.ticket.id, statusChange);
      return { proposal };
    },
  });

  api.route<undefined, undefined, ProposalDecision>({
    method: 'post', path: '/api/proposals/{id}/dismiss', operationId: 'dismissProposal', tag: 'tickets', auth: 'session', role: 'member',
    summary: 'Keep the tickets separate (or the status as it is): nothing changes but the proposal.',
    responses: {
      200: { description: 'Dismissed.', schema: schema('decision.response') },
      404: { description: 'No such proposal in this workspace.' },
      409: { description: 'Already decided.' },
    },
    handler: (ctx, { params, scope }) => dismissProposal(em(), scope, params['id']!),
  });
}
