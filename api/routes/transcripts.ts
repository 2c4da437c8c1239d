import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Config } from '../../core/config.ts';
import type { Credits } from '../../core/credits/credits.ts';
import { clientErrorStatus } from '../errors.ts';
import { MAX_TRANSCRIPT_BYTES } from '../../core/plugins/upload-limits.ts';
import { createUpload } from '../../core/transcripts/upload.ts';
import { viewTicket } from '../../core/tickets/tickets.ts';
import { assertCanUpload, listTranscripts, ownTranscript, transcriptStatusOf, transcriptStatusRead, transcriptTickets, viewTranscript } from '../../core/transcripts/transcripts.ts';
import type {
  TranscriptDetail, TranscriptList, TranscriptListQuery, TranscriptStatus, TranscriptUpload, TranscriptUploadError, UploadLimits,
} from '../../schemas/types.ts';
import { readUpload } from '../middleware/upload.ts';
import { cancelIngest, startIngest } from '../../workflows/client.ts';
import type { ApiRegistry } from '../routing.ts';
import { billedWorkspace } from '../../core/users/scope.ts';

const schema = (name: string) => `api/transcripts/${name}.schema.json`;

export function transcriptRoutes(
  api: ApiRegistry,
  deps: { em: () => EntityManager; credits: Credits; temporal: Client; config: Config; processingTime: string; acceptedExtensions: () => readonly string[] },
): void {
  const { em, credits, temporal, config, acceptedExtensions } = deps;

  api.route<undefined, undefined, UploadLimits>({
    method: 'get', path: '/api/transcripts/upload-limits', operationId: 'uploadLimits', tag: 'transcripts',
    summary: "What an upload may be: the size limit and the file extensions this server reads (built in, and its parser plugins').",
    responses: { 200: { description: 'The limits.', schema: schema('upload-limits.response') } },
    handler: () => ({ maxBytes: MAX_TRANSCRIPT_BYTES, acceptedExtensions: [...acceptedExtensions()] }),
  });

  api.route<undefined, undefined, TranscriptUpload | TranscriptUploadError>({
    method: 'post', path: '/api/transcripts/upload', operationId: 'uploadTranscript', tag: 'transcripts', auth: 'session', role: 'member',
    summary: 'Upload a transcript file (multipart, one file in field `transcript`, at most 1MB); processing starts at once.',
    responses: {
      201: { description: 'Stored; the ingest workflow has started.', schema: schema('upload.response') },
      400: { description: 'No file, or an extension that is not accepted.', schema: schema('upload-error') },
      402: { description: "The month's transcripts or token credits are used up.", schema: schema('upload-error') },
      413: { description: 'Over 1MB; nothing is stored.', schema: schema('upload-error') },
      404: { description: 'The workspace is gone (deleted while the upload waited for its plan); nothing is stored.', schema: schema('upload-error') },
    },
    async handler(ctx, { scope }) {
      try {
        await assertCanUpload(em(), await billedWorkspace(em(), scope), credits);
        const transcript = await createUpload(em(), scope, credits, await readUpload(ctx, 'transcript'), acceptedExtensions());
        await startIngest(temporal, config.TEMPORAL_TASK_QUEUE, transcript.id, { userId: scope.user.id, fileName: transcript.rawFileName ?? transcript.title });
        ctx.status = 201;
        return {
          success: true,
          message: `Transcript uploaded. Processing has started and takes ${deps.processingTime}.`,
          transcript: { id: transcript.id, title: transcript.title },
          processingStatus: 'pending',
          tickets: [],
        };
      } catch (error) {
        // This route answers its errors in the upload shape ({success: false, error, message}).
        const status = clientErrorStatus(error);
        if (status === undefined) throw error;
        ctx.status = status;
        const message = (error as Error).message;
        return { success: false, error: message, message };
      }
    },
  });

  api.route<undefined, Required<TranscriptListQuery>, TranscriptList>({
    method: 'get', path: '/api/transcripts', operationId: 'listTranscripts', tag: 'transcripts', auth: 'session', role: 'member',
    summary: "The signed-in user's transcripts: searched by title or source, sorted by upload time or title, a page at a time.",
    query: schema('list.query'),
    responses: { 200: { description: 'A page.', schema: schema('list.response') } },
    handler: (ctx, { query, scope }) => listTranscripts(em(), scope, query),
  });

  api.route<undefined, undefined, TranscriptDetail>({
    method: 'get', path: '/api/transcripts/{id}', operationId: 'getTranscript', tag: 'transcripts', auth: 'session', role: 'member',
    summary: 'A transcript with its conversation and the tickets made from it.',
    responses: { 200: { description: 'Found.', schema: schema('detail.response') } },
    async handler(ctx, { params, scope }) {
      const transcript = await ownTranscript(em(), scope, params['id']!);
      const tickets = await transcriptTickets(em(), transcript);
      return { transcript: viewTranscript(transcript), status: transcript.processingStatus, tickets: tickets.map(viewTicket) };
    },
  });

  api.route<undefined, undefined, TranscriptStatus>({
    method: 'get', path: '/api/transcripts/{id}/status', operationId: 'getTranscriptStatus', tag: 'transcripts', auth: 'session', role: 'member',
    summary: 'Where processing stands (the web app polls this every 5 s).',
    responses: { 200: { description: 'Found.', schema: schema('status.response') } },
    preload: ({ params }) => transcriptStatusRead(params['id']!),
    handler: (ctx, { preloaded }) => {
      return transcriptStatusOf(preloaded);
    },
  });

  api.route<undefined, undefined, undefined>({
    method: 'delete', path: '/api/transcripts/{id}', operationId: 'deleteTranscript', tag: 'transcripts', auth: 'session', role: 'member',
    summary: 'Delete a transcript (a running ingest is cancelled). Tickets made from it stay, without the link.',
    responses: { 204: { description: 'Deleted.' } },
    async handler(ctx, { params, scope }) {
      const transcript = await ownTranscript(em(), scope, params['id']!);
      if (transcript.processingStatus === 'pending' || transcript.processingStatus === 'processing') {
        await cancelIngest(temporal, transcript.id).catch((error: unknown) =>
          ctx.state.log.warn({ err: error }, 'could not cancel the ingest workflow'),
        );
      }
      await em().remove(transcript).flush();
      return undefined;
    },
  });
}
