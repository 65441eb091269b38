import type { z } from "zod";
import { ApiError } from "../../../lib/api-client";

export type FieldErrors = Partial<Record<string, string>>;

/** First message per top-level field of a failed zod parse. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Splits a failed call into per-field messages and a form-level message for the alert region. */
export function describeApiError(
  error: unknown,
  knownFields: readonly string[],
): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: "Uh oh, something went wrong" };
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(error.fields)) {
    const name = key.split(".").pop() ?? key;
    if (knownFields.includes(name)) fields[name] = value;
  }
  const hasFieldErrors = Object.keys(fields).length > 0;
  return { fields, message: hasFieldErrors ? null : error.message };
}
