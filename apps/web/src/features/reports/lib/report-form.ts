import {
  type CharacterReport,
  characterReportSchema,
  REPORT_TEXTS,
  type ReportIssueType,
  type ReportResolution,
} from "@hearth/contracts";
import { type FieldErrors, fieldErrorsFromZod } from "../../../lib/field-errors";

/** The form's values: the contracts' payload, with the two choices still unmade at first. */
export type ReportFormValues = {
  character_id: string;
  userIssueType: ReportIssueType | "";
  userReportDetails: string;
  userExpectedResolution: ReportResolution | "";
};

export const REPORT_FIELDS = [
  "character_id",
  "userIssueType",
  "userReportDetails",
  "userExpectedResolution",
] as const;

/** The two choices' own messages (the contracts' enum message names every option, for the API). */
const CHOICE_MESSAGES: Partial<Record<string, string>> = {
  userIssueType: REPORT_TEXTS.issueRequired,
  userExpectedResolution: REPORT_TEXTS.resolutionRequired,
};

export function emptyReport(characterId = ""): ReportFormValues {
  return { character_id: characterId, userIssueType: "", userReportDetails: "", userExpectedResolution: "" };
}

export type ReportValidation =
  | { ok: true; report: CharacterReport }
  | { ok: false; fields: FieldErrors; message: typeof REPORT_TEXTS.fillAll };

/**
 * Checks the form with the contracts' schema, the one the server checks the request with: field messages
 * are the schema's ('You must provide an id', 'Details are required'), and any failure blocks the submit
 * with 'Fill all fields to submit.'.
 */
export function validateReport(values: ReportFormValues): ReportValidation {
  const parsed = characterReportSchema.safeParse(values);
  if (parsed.success) return { ok: true, report: parsed.data };
  const fields = fieldErrorsFromZod(parsed.error);
  for (const [key, message] of Object.entries(CHOICE_MESSAGES)) {
    if (fields[key]) fields[key] = message;
  }
  return { ok: false, fields, message: REPORT_TEXTS.fillAll };
}
