export type CardErrorCode = "invalid_png" | "no_card" | "invalid_card" | "unsupported_spec";

/** A card could not be read or written; `message` is written for the person who picked the file. */
export class CardError extends Error {
  readonly code: CardErrorCode;

  constructor(code: CardErrorCode, message: string) {
    super(message);
    this.name = "CardError";
    this.code = code;
  }
}
