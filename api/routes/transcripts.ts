import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import busboy from 'busboy';
import { extname } from 'node:path';
import type { Config } from '../../core/config.ts';
import type { Credits } from '../../core/credits/credits.ts';
import { HttpError } from '../../core/errors.ts';
import { ACCEPTED_EXTENSIONS, MAX_TRANSCRIPT_BYTES } from '../../core/transcripts/limits.ts';
import { Transcript } from '../../core/transcripts/transcript.entity.ts';
import { viewTicket } from '../../core/tickets/tickets.ts';
import { assertCanUpload, ownTranscript, transcriptTickets, viewTranscript } from '../../core/transcripts/transcripts.ts';
import type {
  TranscriptDetail, TranscriptList, TranscriptListQuery, TranscriptStatus, TranscriptUpload, TranscriptUploadError,
} from '../../schemas/types.ts';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../middleware/auth.ts';
import type { ApiRegistry } from '../routing.ts';

const TOO_LARGE = 'File size exceeds the maximum limit of 1MB.';
const schema = (name: string) => `api/transcripts/${name}.schema.json`;

interface UploadedFile {
  fileName: string;
  mediaType: string;
  bytes: Buffer;
}

/** Reads the one file in field `transcript`, stopping as soon as it passes the 1MB limit (nothing is kept). */
function readUpload(ctx: AppContext): Promise<UploadedFile> {
  if (!ctx.is('multipart/form-data')) throw new HttpError(400, 'Send the transcript as multipart/form-data in the field "transcript".');
  if (ctx.request.length > MAX_TRANSCRIPT_BYTES + 64 * 1024) throw new HttpError(413, TOO_LARGE);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fileSize: MAX_TRANSCRIPT_BYTES, fields: 10, parts: 12 } });
    } catch {
      reject(new HttpError(400, 'The upload could not be read. Please try again.'));
      return;
    }
    let file: Promise<UploadedFile> | undefined;
    parser.on('file', (field, stream, info) => {
      if (field !== 'transcript' || file) {
        stream.resume();
        return;
      }
      file = new Promise((resolveFile, rejectFile) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => {
          const tooLarge = new HttpError(413, TOO_LARGE);
          rejectFile(tooLarge);
          reject(tooLarge);
          // Read and drop the rest, so the client gets the answer instead of a reset connection.
          ctx.req.unpipe(parser);
          ctx.req.resume();
        });
        stream.on('end', () => resolveFile({ fileName: info.filename || 'transcript.txt', mediaType: info.mimeType, bytes: Buffer.concat(chunks) }));
        stream.on('error', rejectFile);
      });
      file.catch(() => {});
    });
    parser.on('error', () => reject(new HttpError(400, 'The upload could not be read. Please try again.')));
    parser.on('close', () => {
      if (!file) reject(new HttpError(400, 'Please select a file to upload.'));
      else file.then(resolve, reject);
    });
    ctx.req.pipe(parser);
  });
}

export function transcriptRoutes(api: ApiRegistry, deps: { em: () => EntityManager; credits: Credits; temporal: Client; config: Config }): void {
  const { em, credits, temporal, config } = deps;

  api.route<undefined, undefined, TranscriptUpload | TranscriptUploadError>({
    method: 'post', path: '/api/transcripts/upload', operationId: 'uploadTranscript', tag: 'transcripts',
    summary: 'Upload a transcript file (multipart, one file in field `transcript`, at most 1MB); processing starts at once.',
    responses: {
      201: { description: 'Stored; the ingest workflow has started.', schema: schema('upload.response') },
      400: { description: 'No file, or an extension that is not accepted.', schema: schema('upload-error') },
      402: { description: "The month's transcripts or token credits are used up.", schema: schema('upload-error') },
      413: { description: 'Over 1MB; nothing is stored.', schema: schema('upload-error') },
    },
    async handler(ctx) {
      const { user } = requireAuth(ctx);
      try {
        await assertCanUpload(em(), user, credits);
        const file = await readUpload(ctx);
        const extension = extname(file.fileName).toLowerCase();
        if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)) {
          throw new HttpError(400, `Files ending in ${extension || '(no extension)'} are not supported. Upload one of ${ACCEPTED_EXTENSIONS.join(' ')}.`);
        }
        // Checked again under a lock on the user, so uploads racing each other cannot pass the monthly limits.
        const transcript = await em().transactional(async (tx) => {
          await tx.getConnection().execute('select id from users where id = ? for update', [user.id], 'all', tx.getTransactionContext());
          await assertCanUpload(tx, user, credits);
          return tx.create(Transcript, {
            user: user.id,
            title: file.fileName.replace(/\.[^.]+$/, '').slice(0, 500) || 'Untitled meeting',
            rawFile: file.bytes,
            rawFileName: file.fileName.slice(0, 255),
            rawFileType: file.mediaType.slice(0, 255),
            rawFileSize: file.bytes.length,
          });
        });
        await startIngest(temporal, config.TEMPORAL_TASK_QUEUE, transcript.id);
        ctx.status = 201;
        return {
          success: true,
          message: 'Transcript uploaded. Processing has started and takes about 1-2 minutes.',
          transcript: { id: transcript.id, title: transcript.title },
          processingStatus: 'pending',
          tickets: [],
        };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        ctx.status = error.status;
        return { success: false, error: error.message, message: error.message };
      }
    },
  });

  api.route<undefined, Required<TranscriptListQuery>, TranscriptList>({
    method: 'get', path: '/api/transcripts', operationId: 'listTranscripts', tag: 'transcripts',
    summary: "The signed-in user's transcripts, newest first.",
    query: schema('list.query'),
    responses: { 200: { description: 'A page.', schema: schema('list.response') }, 401: { description: 'Not signed in.' } },
    async handler(ctx, { query }) {
      const { user } = requireAuth(ctx);
      const [rows, total] = await em().findAndCount(Transcript, { user }, {
        orderBy: { createdAt: 'desc', id: 'desc' }, limit: query.limit, offset: (query.page - 1) * query.limit,
      });
      return {
        data: rows.map((t) => ({
          id: t.id, title: t.title, date: t.date ?? null, source: t.source ?? null, duration: t.duration ?? null,
          processingStatus: t.processingStatus, metadata: t.metadata, participantCount: t.participants.length,
          messageCount: t.messages.length, createdAt: t.createdAt.toISOString(),
        })),
        pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
      };
    },
  });

  api.route<undefined, undefined, TranscriptDetail>({
    method: 'get', path: '/api/transcripts/{id}', operationId: 'getTranscript', tag: 'transcripts',
    summary: 'A transcript with its conversation and the tickets made from it.',
    responses: { 200: { description: 'Found.', schema: schema('detail.response') }, 404: { description: 'Not found (or not yours).' } },
    async handler(ctx, { params }) {
      const transcript = await ownTranscript(em(), requireAuth(ctx).user, params['id']!);
      const tickets = await transcriptTickets(em(), transcript);
      return { transcript: viewTranscript(transcript), status: transcript.processingStatus, tickets: tickets.map(viewTicket) };
    },
  });

  api.route<undefined, undefined, TranscriptStatus>({
    method: 'get', path: '/api/transcripts/{id}/status', operationId: 'getTranscriptStatus', tag: 'transcripts',
    summary: 'Where processing stands (the web app polls this every 5 s).',
    responses: { 200: { description: 'Found.', schema: schema('status.response') }, 404: { description: 'Not found (or not yours).' } },
    async handler(ctx, { params }) {
      const transcript = await ownTranscript(em(), requireAuth(ctx).user, params['id']!);
      const ticketCount = transcript.processingStatus === 'completed' ? (await transcriptTickets(em(), transcript)).length : 0;
      return { id: transcript.id, status: transcript.processingStatus, processingStatus: transcript.processingStatus, metadata: transcript.metadata, ticketCount };
    },
  });

  api.route<undefined, undefined, undefined>({
    method: 'delete', path: '/api/transcripts/{id}', operationId: 'deleteTranscript', tag: 'transcripts',
    summary: 'Delete a transcript (a running ingest is cancelled). Tickets made from it stay, without the link.',
    responses: { 204: { description: 'Deleted.' }, 404: { description: 'Not found (or not yours).' } },
    async handler(ctx, { params }) {
      const transcript = await ownTranscript(em(), requireAuth(ctx).user, params['id']!);
      if (transcript.processingStatus === 'pending' || transcript.processingStatus === 'processing') {
        try {
          await temporal.workflow.getHandle(`ingest-${transcript.id}`).cancel();
        } catch (error) {
          if (!(error instanceof WorkflowNotFoundError)) ctx.state.log.warn({ err: error }, 'could not cancel the ingest workflow');
        }
      }
      await em().remove(transcript).flush();
      return undefined;
    },
  });
}

async function startIngest(client: Client, taskQueue: string, transcriptId: string): Promise<void> {
  try {
    await client.workflow.start('ingestTranscriptWorkflow', { taskQueue, workflowId: `ingest-${transcriptId}`, args: [transcriptId] });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
