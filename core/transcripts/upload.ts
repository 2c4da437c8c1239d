/** Storing an uploaded transcript: the upload rules, the plan's monthly limits (under a lock) and the new row. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Credits } from '../credits/credits.ts';
import { InvalidInput } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { ACCEPTED_EXTENSIONS, titleFromFileName, unsupportedExtensionMessage } from './limits.ts';
import { Transcript } from './transcript.entity.ts';
import { assertCanUpload } from './transcripts.ts';
import { extname } from 'node:path';

export interface UploadedFile {
  fileName: string;
  mediaType: string;
  bytes: Buffer;
}

/**
 * Stores the file as a pending transcript of the user. The monthly limits are checked again under a lock on the
 * user, so uploads racing each other cannot pass them together.
 */
export async function createUpload(em: EntityManager, user: User, credits: Credits, file: UploadedFile): Promise<Transcript> {
  if (!ACCEPTED_EXTENSIONS.includes(extname(file.fileName).toLowerCase())) throw new InvalidInput(unsupportedExtensionMessage(file.fileName));
  return em.transactional(async (tx) => {
    await tx.getConnection().execute('select id from users where id = ? for update', [user.id], 'all', tx.getTransactionContext());
    await assertCanUpload(tx, user, credits);
    return tx.create(Transcript, {
      user: user.id,
      title: titleFromFileName(file.fileName),
      rawFile: file.bytes,
      rawFileName: file.fileName.slice(0, 255),
      rawFileType: file.mediaType.slice(0, 255),
      rawFileSize: file.bytes.length,
    });
  });
}
