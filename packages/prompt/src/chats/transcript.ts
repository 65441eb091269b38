/** A chat file could not be read; `message` is written for the person who picked the file. */
export class ChatFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChatFileError";
  }
}

/** One message of a chat as the file formats see it (neither Hearth's rows nor any one file's lines). */
export type TranscriptMessage = {
  role: "user" | "bot";
  /** The version shown: alternates[alternateIndex] when there are alternates. */
  content: string;
  /** Every version of a regenerated reply; empty while there is only one. */
  alternates: string[];
  alternateIndex: number;
  /** Strictly increasing along a transcript read from a file (ties are moved 1 ms apart). */
  createdAt: Date;
  /** On a user message: the name it was written as. */
  personaName: string | null;
  /** On a bot message: the character who wrote it, when known. */
  speakerName: string | null;
  /** The source file's fields Hearth has no column for, kept for a lossless export. */
  extras: Record<string, unknown> | null;
};

/** What a chat file may hold; imports refuse anything over these (contracts' TRANSFER_LIMITS). */
export type TranscriptLimits = {
  maxMessages: number;
  maxChars: number;
  maxAlternates: number;
  maxNameChars: number;
};

/** The next timestamp of a transcript read from a file: the file's, unless it is not after the previous one. */
export function nextTimestamp(parsed: Date | null, previous: Date | null, fallback: Date): Date {
  const wanted = parsed ?? (previous ? new Date(previous.getTime() + 1) : fallback);
  if (previous && wanted.getTime() <= previous.getTime()) return new Date(previous.getTime() + 1);
  return wanted;
}

/**
 * Increasing timestamps moved back where needed so that none is after `limit`, still strictly increasing
 * (a chat's next message is written at the current time and must sort after them).
 */
export function notAfter(times: Date[], limit: Date): Date[] {
  const out = [...times];
  let latest = limit.getTime();
  for (let index = out.length - 1; index >= 0; index--) {
    const time = out[index]?.getTime() ?? latest;
    const capped = Math.min(time, latest);
    out[index] = capped === time ? (out[index] as Date) : new Date(capped);
    latest = capped - 1;
  }
  return out;
}
