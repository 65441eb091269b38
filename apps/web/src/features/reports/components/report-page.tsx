import {
  LIMITS,
  REPORT_ISSUE_TYPES,
  REPORT_RESOLUTIONS,
  REPORT_SUCCESS_MS,
  REPORT_TEXTS,
  type ReportIssueType,
  type ReportResolution,
} from "@hearth/contracts";
import { Clock, Flag } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { useReportCharacter } from "../../../api/reports";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/input";
import { TextArea } from "../../../components/ui/text-area";
import { type FieldErrors, splitApiError } from "../../../lib/field-errors";
import { emptyReport, REPORT_FIELDS, type ReportFormValues, validateReport } from "../lib/report-form";
import { type Choice, ChoiceGroup } from "./choice-group";
import { ReportedCharacterCard } from "./reported-character-card";

const ISSUE_DESCRIPTIONS: Record<ReportIssueType, string> = {
  Guidelines: "It breaks the community guidelines.",
  Categorization: "Its tags, rating or NSFW marking are wrong.",
  "Incorrect Authorization": "It uses someone's character or likeness without their permission.",
  Invalid: "It's broken, empty, spam or a duplicate.",
};
const ISSUE_CHOICES: readonly Choice<ReportIssueType>[] = REPORT_ISSUE_TYPES.map((value) => ({
  value,
  label: value,
  description: ISSUE_DESCRIPTIONS[value],
}));

const RESOLUTION_LABELS: Record<ReportResolution, { label: string; description: string }> = {
  private: { label: "Private", description: "Only its creator can see it." },
  modified: { label: "Modified", description: "The creator fixes what's wrong." },
  deleted: { label: "Deleted", description: "It's removed from the site." },
};
const RESOLUTION_CHOICES: readonly Choice<ReportResolution>[] = REPORT_RESOLUTIONS.map((value) => ({
  value,
  ...RESOLUTION_LABELS[value],
}));

/** `/report` and `/report/{characterId}` (account spec 2.8): report a character to the moderators. */
export function ReportPage() {
  const { characterId = "" } = useParams();
  const [values, setValues] = useState<ReportFormValues>(() => emptyReport(characterId));
  /** The id whose card is shown: the address's, then whatever the field holds when it loses the focus. */
  const [lookupId, setLookupId] = useState(characterId.trim());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  /** After a failed submit, each change checks the form again so fixed fields lose their message. */
  const [checking, setChecking] = useState(false);
  const report = useReportCharacter();
  const successTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => clearTimeout(successTimer.current ?? undefined), []);

  // Another character's report link while this page is open: start over with its id.
  useEffect(() => {
    setValues(emptyReport(characterId));
    setLookupId(characterId.trim());
    setErrors({});
    setFormMessage(null);
    setChecking(false);
  }, [characterId]);

  const update = <K extends keyof ReportFormValues>(key: K, value: ReportFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (checking) {
      const result = validateReport(next);
      setErrors(result.ok ? {} : result.fields);
      setFormMessage(result.ok ? null : result.message);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateReport(values);
    if (!result.ok) {
      setChecking(true);
      setErrors(result.fields);
      setFormMessage(result.message);
      return;
    }
    setErrors({});
    setFormMessage(null);
    report.mutate(result.report, {
      onSuccess: () => {
        setChecking(false);
        setValues(emptyReport(result.report.character_id));
        setSubmitted(true);
        clearTimeout(successTimer.current ?? undefined);
        successTimer.current = setTimeout(() => setSubmitted(false), REPORT_SUCCESS_MS);
      },
      onError: (error) => {
        const split = splitApiError(error, REPORT_FIELDS);
        setErrors(split.fields);
        setFormMessage(split.message ?? REPORT_TEXTS.fillAll);
      },
    });
  };

  const shownId = lookupId.length <= LIMITS.chatbotIdMax ? lookupId : "";

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 pt-6 pb-16 sm:px-6 lg:grid-cols-[1fr_18rem] lg:gap-8 lg:pt-10">
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2">
          <h1 className="flex items-center gap-2.5 text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">
            <Flag aria-hidden="true" className="h-6 w-6 text-danger" />
            Report a character
          </h1>
          <p className="text-sm text-text-2">
            Tell us what's wrong with a character and what you'd like us to do about it.
          </p>
          <p className="flex items-center gap-2 self-start rounded-full bg-surface-2 px-3 py-1 text-xs font-medium text-text-2 ring-1 ring-surface-3">
            <Clock aria-hidden="true" className="h-3.5 w-3.5 text-link" />
            {REPORT_TEXTS.promise}
          </p>
        </header>

        {shownId ? (
          <div className="lg:hidden">
            <ReportedCharacterCard id={shownId} />
          </div>
        ) : null}

        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Report a character"
          className="flex flex-col gap-5 rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:p-6"
        >
          <TextField
            label="Character id"
            name="character_id"
            value={values.character_id}
            onChange={(e) => update("character_id", e.target.value)}
            onBlur={() => setLookupId(values.character_id.trim())}
            error={errors.character_id}
            hint="The id at the end of the character's address, e.g. /chatbot/your-id-here."
            autoComplete="off"
            spellCheck={false}
            maxLength={LIMITS.chatbotIdMax + 10}
          />
          <ChoiceGroup
            legend="Issue type"
            name="userIssueType"
            choices={ISSUE_CHOICES}
            value={values.userIssueType}
            onChange={(value) => update("userIssueType", value)}
            error={errors.userIssueType}
          />
          <TextArea
            label="Details"
            name="userReportDetails"
            value={values.userReportDetails}
            onChange={(e) => update("userReportDetails", e.target.value)}
            error={errors.userReportDetails}
            counterMax={LIMITS.reportDetailsMax}
            hint={`What's wrong, in up to ${LIMITS.reportDetailsMax} characters.`}
            rows={4}
          />
          <ChoiceGroup
            legend="Expected resolution"
            name="userExpectedResolution"
            choices={RESOLUTION_CHOICES}
            value={values.userExpectedResolution}
            onChange={(value) => update("userExpectedResolution", value)}
            error={errors.userExpectedResolution}
            columns={3}
          />
          {formMessage ? <Alert>{formMessage}</Alert> : null}
          {submitted ? <Alert tone="success">{REPORT_TEXTS.submitted}</Alert> : null}
          <div className="flex justify-end">
            <Button type="submit" loading={report.isPending} className="w-full sm:w-auto sm:min-w-36">
              Submit report
            </Button>
          </div>
        </form>
      </div>
      <aside aria-label="Reported character" className="hidden lg:block">
        <div className="sticky top-24 flex flex-col gap-3">
          {shownId ? (
            <ReportedCharacterCard id={shownId} />
          ) : (
            <p className="rounded-2xl border border-dashed border-surface-3 px-4 py-6 text-center text-sm text-text-3">
              Enter a character id to see the character here.
            </p>
          )}
        </div>
      </aside>
    </div>
  );
}
