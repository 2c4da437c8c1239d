/**
 * Zoom's transcript and chat files: cloud-recording transcripts (.vtt), in-meeting saved transcripts and chats
 * (.txt), transcripts copied from the recording web player; the participants report is recognised and refused.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectZoom } from './detect.ts';
import { parseZoom } from './parse.ts';

export const zoomParser: ParserPlugin = {
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
  detect: detectZoom,
  parse: parseZoom,
};

export default zoomParser;
