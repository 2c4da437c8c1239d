/** Reading a multipart upload: the one file in a named field, stopped as soon as it passes the size limit. */
import busboy from 'busboy';
import { MAX_TRANSCRIPT_BYTES, tooLargeMessage } from '../../core/plugins/upload-limits.ts';
import type { UploadedFile } from '../../core/transcripts/upload.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';

const UNREADABLE = 'The upload could not be read. Please try again.';

/** Reads the one file in `field`; over MAX_TRANSCRIPT_BYTES answers 413 at once, and nothing of it is kept. */
export function readUpload(ctx: AppContext, field: string): Promise<UploadedFile> {
  if (!ctx.is('multipart/form-data')) throw new HttpError(400, `Send the transcript as multipart/form-data in the field "${field}".`);
  if (ctx.request.length > MAX_TRANSCRIPT_BYTES + 64 * 1024) throw new HttpError(413, tooLargeMessage());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // One byte over the maximum, so that a file of exactly the maximum is accepted and one byte more is not.
      parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fileSize: MAX_TRANSCRIPT_BYTES + 1, fields: 10, parts: 12 } });
    } catch {
      reject(new HttpError(400, UNREADABLE));
      return;
    }
    let file: Promise<UploadedFile> | undefined;
    parser.on('file', (name, stream, info) => {
      if (name !== field || file) {
        stream.resume();
        return;
      }
      file = new Promise((resolveFile, rejectFile) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => {
          const tooLarge = new HttpError(413, tooLargeMessage());
          rejectFile(tooLarge);
          reject(tooLarge);
          // Read and drop the rest, so the client gets the answer instead of a reset connection.
          ctx.req.unpipe(parser);
          ctx.req.resume();
        });
        stream.on('end', () =>
          resolveFile({ fileName: printable(info.filename) || 'transcript.txt', mediaType: printable(info.mimeType), bytes: Buffer.concat(chunks) }),
        );
        stream.on('error', rejectFile);
      });
      file.catch(() => {});
    });
    parser.on('filesLimit', () => reject(new HttpError(400, 'Upload one file at a time: this upload holds more than one.')));
    parser.on('error', () => reject(new HttpError(400, UNREADABLE)));
    parser.on('close', () => {
      if (!file) reject(new HttpError(400, 'Please select a file to upload.'));
      else file.then(resolve, reject);
    });
    ctx.req.pipe(parser);
  });
}

/** A name from the client without control characters (a NUL cannot be stored, the others only confuse). */
function printable(value: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (value ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
