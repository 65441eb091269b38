import { type Me, TIMINGS } from "@hearth/contracts";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { type FieldErrors, splitApiError } from "../../../lib/field-errors";
import { useSession } from "../../../lib/session";
import { updateProfile } from "../api/update-profile";
import { isModified, type ProfileValues, validateProfile, valuesFromMe } from "../lib/profile-form";

const FIELDS = ["username", "name", "highlights", "openai_api_key", "openai_mode", "avatar_url"] as const;

export type ProfileForm = {
  values: ProfileValues;
  set: <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => void;
  modified: boolean;
  errors: FieldErrors;
  formError: string | null;
  saving: boolean;
  /** 'Profile saved successfully.' is shown while true (3 seconds). */
  savedMessage: boolean;
  /** Validates and saves; answers whether the profile was saved. */
  save: () => Promise<boolean>;
  discard: () => void;
};

export function useProfileForm(me: Me, adultToggles: boolean): ProfileForm {
  const { reloadUser } = useSession();
  const [saved, setSaved] = useState(() => valuesFromMe(me));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedMessage, setSavedMessage] = useState(false);

  useEffect(() => {
    if (!savedMessage) return;
    const timer = window.setTimeout(() => setSavedMessage(false), TIMINGS.profileSavedMessageMs);
    return () => window.clearTimeout(timer);
  }, [savedMessage]);

  const set = useCallback(<K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  const save = useCallback(async (): Promise<boolean> => {
    setFormError(null);
    setSavedMessage(false);
    const checked = validateProfile(values, adultToggles);
    if (checked.errors) {
      setErrors(checked.errors);
      return false;
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await updateProfile(checked.body);
      const next = valuesFromMe(updated);
      setSaved(next);
      setValues(next);
      setSavedMessage(true);
      await reloadUser().catch(() => null);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === "username_taken") {
        setErrors({ username: error.message });
        return false;
      }
      const { fields, message } = splitApiError(error, FIELDS);
      setErrors(fields);
      setFormError(message);
      return false;
    } finally {
      setSaving(false);
    }
  }, [values, adultToggles, reloadUser]);

  const discard = useCallback(() => {
    setValues(saved);
    setErrors({});
    setFormError(null);
  }, [saved]);

  return {
    values,
    set,
    modified: isModified(saved, values),
    errors,
    formError,
    saving,
    savedMessage,
    save,
    discard,
  };
}
