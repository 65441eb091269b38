import { SettingsPage as InferenceSettings } from "../features/settings/components/settings-page";

/** `/settings`. */
export function SettingsPage() {
  return <InferenceSettings />;
}
