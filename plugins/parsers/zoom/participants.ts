/** Zoom's participants report (.csv) lists who attended; it holds nothing anyone said. */
export function refuseParticipantsReport(): never {
  throw new Error(
    "this is a Zoom participants report (who attended and for how long), not a transcript: it holds no messages. Upload the meeting's audio transcript (.vtt), its saved transcript or its chat (.txt) instead.",
  );
}
