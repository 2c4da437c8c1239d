/** Reading a Zoom file: the layout its signature names (see detect.ts) picks the reader. */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { readChat } from './chat.ts';
import { zoomSignature } from './detect.ts';
import { refuseParticipantsReport } from './participants.ts';
import { readSavedTranscript } from './saved-transcript.ts';
import { readCloudRecordingVtt } from './vtt.ts';
import { readWebPlayerCopy } from './web-player.ts';

export function parseZoom(input: ParserInput): ParserOutput {
  const signature = zoomSignature(input.text);
  switch (signature?.variant) {
    case 'cloud-recording-vtt':
      return readCloudRecordingVtt(input.text, input.fileName);
    case 'saved-transcript':
      return readSavedTranscript(input.text, input.fileName);
    case 'chat-tab-separated':
    case 'chat-from-to':
      return readChat(input.text, input.fileName);
    case 'web-player-copy':
      return readWebPlayerCopy(input.text);
    case 'participants-report':
      return refuseParticipantsReport();
    default:
      throw new Error(
        'this does not look like a Zoom file: expected a cloud-recording transcript (.vtt), a saved transcript ("[Name] HH:MM:SS" blocks), a saved chat, or a transcript copied from the recording page',
      );
  }
}
