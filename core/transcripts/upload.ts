/** Storing an uploaded transcript: the upload rules, the plan's monthly limits (under a lock) and the new row. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Credits } from '../credits/credits.ts';
import { InvalidInput, TooLarge } from '../errors.ts';
import { billedWorkspace, type Scope } from '../users/scope.ts';
import { checkUploadFile, storedFileName, titleFromFileName } from '../plugins/upload-limits.ts';
import { Transcript } from './transcript.entity.ts';
import { assertCanUpload } from './transcripts.ts';
import { lockPlan } from '../users/lock.ts';

export interface UploadedFile {
  fileName: string;
  mediaType: string;
  bytes: Buffer;
}

/**
 * Stores the file as a pending transcript of the workspace, uploaded by the user; `accepted` is the server's extensions (built-in and parser
 * plugins'). The monthly limits of the workspace's plan are checked again under its plan lock, so uploads racing
 * each other, by any of its members, cannot pass them together.
 */
export async function createUpload(
  em: EntityManager, scope: Scope, credits: Credits, file: UploadedFile, accepted?: readonly string[],
): Promise<Transcript> {
  const fileName = storedFileName(file.fileName);
  const problem = checkUploadFile({ fileName, size: file.bytes.length }, accepted);
  if (problem) throw problem.code === 'too-large' ? new TooLarge(problem.message) : new InvalidInput(problem.message);
  const { user } = scope;
  return em.transactional(async (tx) => {
    await lockPlan(tx, scope.workspace);
    await assertCanUpload(tx, await billedWorkspace(tx, scope), credits);
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
