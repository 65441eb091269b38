import {
  CHECKOUT_LIMITS,
  type Country,
  type CountryState,
  postalCodeLabel,
  stateLabel,
} from "@hearth/contracts";
import { Pencil } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { inputClasses, TextField } from "../../../components/ui/input";
import type { DetailsField, PersonalDetails } from "../lib/checkout-rules";

export type PersonalDetailsProps = {
  details: PersonalDetails;
  errors: Partial<Record<DetailsField, string>>;
  editing: boolean;
  countries: readonly Country[] | undefined;
  countriesFailed: boolean;
  /** The chosen country's states; undefined while they load. */
  states: readonly CountryState[] | undefined;
  statesLoading: boolean;
  onChange: (field: DetailsField, value: string) => void;
  onBlur: (field: DetailsField) => void;
  onCountryChange: (country: string) => void;
  onEdit: () => void;
};

/** Email, names, country, state and postal code; saved details start as a summary with Change (spec 2). */
export function PersonalDetailsFields(props: PersonalDetailsProps) {
  // Change replaces the summary (and its button) with the form: the focus moves to the first field.
  const shownAsSummary = useRef(!props.editing);
  const emailId = useId();
  useEffect(() => {
    if (!props.editing) {
      shownAsSummary.current = true;
      return;
    }
    if (shownAsSummary.current) {
      shownAsSummary.current = false;
      document.getElementById(emailId)?.focus();
    }
  }, [props.editing, emailId]);
  return props.editing ? <DetailsForm {...props} emailId={emailId} /> : <DetailsSummary {...props} />;
}

function DetailsSummary({ details, countries, states, onEdit }: PersonalDetailsProps) {
  const country = countries?.find((c) => c.iso2 === details.country)?.name ?? details.country;
  const state = states?.find((s) => s.state_code === details.state)?.name ?? details.state;
  const place = [state, details.postal_code, country].filter(Boolean).join(", ");
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-surface-3 bg-surface-2 p-4">
      <dl className="min-w-0 text-sm">
        <dt className="sr-only">Name</dt>
        <dd className="font-semibold text-text-1">
          {details.first_name} {details.last_name}
        </dd>
        <dt className="sr-only">Email</dt>
        <dd className="truncate text-text-2">{details.email}</dd>
        <dt className="sr-only">Address</dt>
        <dd className="text-text-2">{place}</dd>
      </dl>
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label="Change your details">
        <Pencil aria-hidden="true" className="h-3.5 w-3.5" />
        Change
      </Button>
    </div>
  );
}

function DetailsForm({
  emailId,
  details,
  errors,
  countries,
  countriesFailed,
  states,
  statesLoading,
  onChange,
  onBlur,
  onCountryChange,
}: PersonalDetailsProps & { emailId: string }) {
  const zipLabel = postalCodeLabel(details.country);
  const hasStates = Boolean(states && states.length > 0);
  // A text field's value, error and handlers for one of the details.
  const textProps = (field: DetailsField) => ({
    value: details[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(field, e.target.value),
    onBlur: () => onBlur(field),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={emailId}
        className="sm:col-span-2"
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={CHECKOUT_LIMITS.emailMax}
        {...textProps("email")}
        required
      />
      <TextField
        label="First name"
        name="given-name"
        autoComplete="given-name"
        maxLength={CHECKOUT_LIMITS.nameMax}
        {...textProps("first_name")}
        required
      />
      <TextField
        label="Last name"
        name="family-name"
        autoComplete="family-name"
        maxLength={CHECKOUT_LIMITS.nameMax}
        {...textProps("last_name")}
        required
      />
      <SelectField
        className="sm:col-span-2"
        label="Country"
        name="country"
        autoComplete="country"
        value={details.country}
        error={errors.country ?? (countriesFailed ? "Countries could not be loaded. Reload the page." : null)}
        placeholder={countries ? "Choose a country" : "Loading countries..."}
        options={(countries ?? []).map((c) => ({ value: c.iso2, label: c.name }))}
        onChange={(value) => onCountryChange(value)}
        onBlur={() => onBlur("country")}
        disabled={!countries}
      />
      {details.country && (hasStates || statesLoading) ? (
        <SelectField
          label={stateLabel(details.country)}
          name="state"
          autoComplete="address-level1"
          value={details.state}
          error={errors.state}
          placeholder={statesLoading ? "Loading..." : `Choose a ${stateLabel(details.country).toLowerCase()}`}
          options={(states ?? []).map((s) => ({ value: s.state_code, label: s.name }))}
          onChange={(value) => onChange("state", value)}
          onBlur={() => onBlur("state")}
          disabled={!hasStates}
        />
      ) : null}
      <TextField
        className={details.country && (hasStates || statesLoading) ? undefined : "sm:col-span-2"}
        label={zipLabel}
        name="postal-code"
        autoComplete="postal-code"
        autoCapitalize="characters"
        maxLength={CHECKOUT_LIMITS.postalCodeMax}
        {...textProps("postal_code")}
        required
      />
    </div>
  );
}

function SelectField({
  label,
  name,
  autoComplete,
  value,
  error,
  placeholder,
  options,
  onChange,
  onBlur,
  disabled,
  className,
}: {
  label: string;
  name: string;
  autoComplete: string;
  value: string;
  error?: string | null;
  placeholder: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  onBlur: () => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-text-1">
        {label}
      </label>
      <select
        id={id}
        name={name}
        autoComplete={autoComplete}
        className={cn(inputClasses, "appearance-auto pr-8")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
