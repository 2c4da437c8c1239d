import type { ParserInput, ParserOutput, ParserPlugin } from '../../sdk/index.ts';
import { parseZoomChat } from './chat.ts';
import { zoomSignature } from './detect.ts';
import { refuseParticipantsReport } from './participants.ts';
import { parseZoomSavedTranscript } from './saved-transcript.ts';
import { parseZoomVtt } from './vtt.ts';
import { parseZoomWebPlayer } from './web-player.ts';

function parse(input: ParserInput): ParserOutput {
  const signature = zoomSignature(input.text);
  switch (signature?.variant) {
    case 'cloud-recording-vtt':
      return parseZoomVtt(input.text, input.fileName);
    case 'saved-transcript':
      return parseZoomSavedTranscript(input.text, input.fileName);
    case 'chat-tab-separated':
    case 'chat-from-to':
      return parseZoomChat(input.text, input.fileName);
    case 'web-player-copy':
      return parseZoomWebPlayer(input.text);
    case 'participants-report':
      return refuseParticipantsReport();
    default:
      throw new Error(
        'this does not look like a Zoom file: expected a cloud-recording transcript (.vtt), a saved transcript ("[Name] HH:MM:SS" blocks), a saved chat, or a transcript copied from the recording page',
      );
  }
}

export const parser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'zoom',
    kind: 'parser',
    name: 'Zoom',
    version: '1.0.0',
    description:
      'Zoom cloud-recording transcripts (.vtt), in-meeting saved transcripts and saved chats (.txt, both chat layouts), and transcripts copied from the recording web player. Refuses the participants report, which holds no messages.',
    extensions: ['.vtt', '.txt', '.csv'],
    mediaTypes: ['text/vtt', 'text/plain', 'text/csv'],
  },
  detect: (input) => {
    try {
      return zoomSignature(input.text)?.score ?? 0;
    } catch {
      return 0;
    }
  },
  parse,
};
