let last = 0;

/**
 * Message timestamps from a strictly increasing clock: messages written in the same millisecond (a greeting
 * and the first user message) still sort in the order they were written.
 */
export function nextMessageTime(): Date {
  last = Math.max(Date.now(), last + 1);
  return new Date(last);
}
