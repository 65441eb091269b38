import type { z } from "zod";
import { ApiError } from "./api-client";

export type FieldErrors = Partial<Record<string, string>>;

/** First message per top-level field of a failed zod parse (the contracts' messages, shown as they are). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Splits a failed call into messages for the form's own fields and a message for the form as a whole. */
export function splitApiError(
  error: unknown,
  knownFields: readonly string[],
): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) {
    return {
      fields: {},
      message: error instanceof Error && error.message ? error.message : "Uh oh, something went wrong",
    };
  }
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(error.fields)) {
    const name = key.split(".").pop() ?? key;
    if (knownFields.includes(name)) fields[name] = value;
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : error.message };
}
