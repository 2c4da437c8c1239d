/** Storing an uploaded transcript: the upload rules, the plan's monthly limits (under a lock) and the new row. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Credits } from '../credits/credits.ts';
import { InvalidInput, TooLarge } from '../errors.ts';
import { payerOf, type Scope } from '../users/scope.ts';
import { checkUploadFile, storedFileName, titleFromFileName } from '../plugins/upload-limits.ts';
import { Transcript } from './transcript.entity.ts';
import { assertCanUpload } from './transcripts.ts';
import { lockUserRow } from '../users/lock.ts';

export interface UploadedFile {
  fileName: string;
  mediaType: string;
  bytes: Buffer;
}

/**
 * Stores the file as a pending transcript of the workspace, uploaded by the user; `accepted` is the server's extensions (built-in and parser
 * plugins'). The monthly limits of the workspace owner's plan are checked again under a lock on the owner, so
 * uploads racing each other, by any member of any of their workspaces, cannot pass them together.
 */
export async function createUpload(
  em: EntityManager, scope: Scope, credits: Credits, file: UploadedFile, accepted?: readonly string[],
): Promise<Transcript> {
  const fileName = storedFileName(file.fileName);
  const problem = checkUploadFile({ fileName, size: file.bytes.length }, accepted);
  if (problem) throw problem.code === 'too-large' ? new TooLarge(problem.message) : new InvalidInput(problem.message);
  const { user } = scope;
  return em.transactional(async (tx) => {
    await lockUserRow(tx, scope.owner);
    await assertCanUpload(tx, await payerOf(tx, scope), credits);
    return tx.create(Transcript, {
      user: user.id,
      workspace: scope.workspace,
      title: titleFromFileName(fileName),
      rawFile: file.bytes,
      rawFileName: fileName,
      rawFileType: file.mediaType.slice(0, 255),
      rawFileSize: file.bytes.length,
    });
  });
}
