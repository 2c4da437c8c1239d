/**
 * Google Meet as text: the transcript document (every title/footer generation, Gemini notes documents, Markdown
 * copies) and the in-call chat copied from the chat panel.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectGoogleMeet } from './detect.ts';
import { parseGoogleMeet } from './parse.ts';

export const googleMeetParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'google-meet',
    kind: 'parser',
    name: 'Google Meet',
    version: '1.0.0',
    description: 'Google Meet transcripts copied or downloaded from the Google Doc (incl. Gemini notes documents), and Meet in-call chat.',
    extensions: ['.txt'],
    mediaTypes: ['text/plain'],
  },
  detect: detectGoogleMeet,
  parse: parseGoogleMeet,
};

export default googleMeetParser;
