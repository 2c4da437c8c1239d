// What the dashboard and transcript journeys share: a user of their own on a chosen plan, transcripts uploaded
// and processed through the API, and the sample files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SAMPLES_DIR } from '../../support/samples.ts';
import type { E2e } from './e2e.ts';
import { newUser, type SignedIn } from './users.ts';

export interface TranscriptStatus {
  processingStatus: string;
  ticketCount: number;
  metadata: Record<string, unknown>;
}

export const TOKEN_LIMIT_TEXT =
  'You have exceeded your token usage limits. Please upgrade your subscription to process more transcripts.';
export const MEETING = join(SAMPLES_DIR, 'google-meet/polygon_ppgc29_2025.txt');
export const SHORT_CHAT = readFileSync(join(SAMPLES_DIR, 'plaintext/turnchunk_otter_style.txt'));
export const WITH_CONFIDENCE = join(SAMPLES_DIR, 'json/deepgram_prerecorded_nova2_diarize_utterances.json');

export const fileInput = (page: Page) => page.locator('input[type="file"]');

/** The helpers that need the running app. */
export function transcriptJourneys(e2e: E2e) {
  /** A verified, logged-in user of its own, so each journey starts from empty lists. */
  const signedInUser = (fullName = 'Tara Transcripts'): Promise<SignedIn> => newUser(e2e.app.url, 'transcripts', fullName);

  /** Pro allows 50 transcripts a month, so a list can have more than one page. */
  async function makePro(userId: string): Promise<void> {
    await e2e.db.query(`update workspaces set subscription_tier = 'Pro' where owner_id = $1 and personal`, [userId]);
  }

  async function useUpAllCredits(userId: string): Promise<void> {
    await e2e.db.query(
      `insert into token_usage (id, user_id, operation_type, ai_provider, input_tokens, output_tokens, created_at)
       values (gen_random_uuid(), $1, 'ticket_extraction', 'openai', 1000000000, 1000000000, now())`,
      [userId],
    );
  }

  async function upload(token: string, fileName: string, content: Buffer): Promise<string> {
    const form = new FormData();
    form.append('transcript', new Blob([new Uint8Array(content)]), fileName);
    const response = await fetch(`${e2e.app.url}/api/transcripts/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { transcript: { id: string } }).transcript.id;
  }

  /** Waits until processing of the transcript has completed or failed. */
  async function processed(token: string, id: string): Promise<TranscriptStatus> {
    for (let i = 0; i < 120; i++) {
      const response = await fetch(`${e2e.app.url}/api/transcripts/${id}/status`, { headers: { authorization: `Bearer ${token}` } });
      const status = (await response.json()) as TranscriptStatus;
      if (status.processingStatus === 'completed' || status.processingStatus === 'failed') return status;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`transcript ${id} did not finish processing`);
  }

  const newPage = (user: SignedIn, width = 1280) => e2e.newPage({ width, token: user.token });

  async function openAs(user: SignedIn, path: string, width = 1280): Promise<Page> {
    const page = await newPage(user, width);
    await page.goto(`${e2e.app.url}${path}`);
    return page;
  }

  return { signedInUser, makePro, useUpAllCredits, upload, processed, newPage, openAs };
}
