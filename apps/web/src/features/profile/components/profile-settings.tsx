import { FEATURE_FLAG_DEFAULTS, type Me } from "@hearth/contracts";
import { ChevronDown, LogOut, Settings2 } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useAppConfig } from "../../../api/config";
import { uploadAvatarUrl } from "../../../api/uploads";
import { Alert } from "../../../components/ui/alert";
import { AvatarField } from "../../../components/ui/avatar-field";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { useSession } from "../../../lib/session";
import { type ProfileForm, useProfileForm } from "../hooks/use-profile-form";
import { type UnsavedChangesGuard, useUnsavedChangesGuard } from "../hooks/use-unsaved-changes-guard";
import {
  AdultToggles,
  AdvancedFields,
  BenefitChips,
  HighlightsInput,
  NameInput,
  PlanBadge,
  UpgradeLink,
  UsernameInput,
} from "./profile-fields";
import { UnsavedChangesDialog } from "./unsaved-changes-dialog";

/** Runs a leaving action through the unsaved-changes check (Update or Discard first), as Logout does. */
export type GuardLeave = (action: () => void) => void;

export type ProfileSettingsProps = {
  /** The Remove Account button and its dialogs (account feature, composed by the route). */
  removeAccount: ReactNode;
  /** The "Sign out everywhere" button shown beside Logout, given the page's unsaved-changes check. */
  signOutEverywhere?: (guard: GuardLeave) => ReactNode;
  /** The "Change password" section (its own form, outside the profile form). */
  security?: ReactNode;
};

/** Profile settings (account spec 2.1): two layouts chosen by the `profile_v2` flag, one form behind both. */
export function ProfileSettings({ removeAccount, signOutEverywhere, security }: ProfileSettingsProps) {
  const { user } = useSession();
  const config = useAppConfig();
  if (!user) return <PageSpinner />;
  const adultToggles = Boolean(config.data?.branding.adult_content && !config.data.partner_mode);
  const v2 = config.data?.flags.profile_v2 ?? FEATURE_FLAG_DEFAULTS.profile_v2;
  return (
    <ProfileEditor
      key={user.id}
      me={user}
      adultToggles={adultToggles}
      v2={v2}
      removeAccount={removeAccount}
      signOutEverywhere={signOutEverywhere}
      security={security}
    />
  );
}

type EditorProps = ProfileSettingsProps & { me: Me; adultToggles: boolean; v2: boolean };

function ProfileEditor({ me, adultToggles, v2, removeAccount, signOutEverywhere, security }: EditorProps) {
  const { signOut } = useSession();
  const form = useProfileForm(me, adultToggles);
  const guard = useUnsavedChangesGuard(form.modified);
  const [advancedOpen, setAdvancedOpen] = useState(me.has_openai_api_key || me.openai_mode !== "disabled");

  function submit(event: FormEvent) {
    event.preventDefault();
    void form.save();
  }

  const parts: LayoutParts = {
    me,
    form,
    guard,
    adultToggles,
    removeAccount,
    signOutEverywhere: signOutEverywhere?.(guard.request) ?? null,
    security: security ?? null,
    onSubmit: submit,
    onLogout: () => guard.request(() => void signOut()),
    advanced: (
      <AdvancedSection
        open={advancedOpen}
        onToggle={setAdvancedOpen}
        hasError={Boolean(form.errors.openai_api_key)}
      >
        <AdvancedFields form={form} me={me} />
      </AdvancedSection>
    ),
  };

  return (
    <>
      {v2 ? <ProfileLayoutV2 {...parts} /> : <ProfileLayoutV1 {...parts} />}
      <UnsavedChangesDialog
        open={guard.asking}
        saving={form.saving}
        onStay={guard.cancel}
        onDiscard={() => {
          form.discard();
          guard.proceed();
        }}
        onUpdate={() => {
          void form.save().then((saved) => (saved ? guard.proceed() : guard.cancel()));
        }}
      />
    </>
  );
}

type LayoutParts = {
  me: Me;
  form: ProfileForm;
  guard: UnsavedChangesGuard;
  adultToggles: boolean;
  removeAccount: ReactNode;
  signOutEverywhere: ReactNode;
  security: ReactNode;
  advanced: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onLogout: () => void;
};

function AdvancedSection({
  open,
  onToggle,
  hasError,
  children,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  hasError: boolean;
  children: ReactNode;
}) {
  return (
    <details
      open={open || hasError}
      onToggle={(e) => onToggle(e.currentTarget.open)}
      className="group rounded-2xl border border-surface-3 bg-surface-1"
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl p-5 focus-visible:outline-2 focus-visible:outline-brand-400 sm:px-6 [&::-webkit-details-marker]:hidden">
        <Settings2 aria-hidden="true" className="h-5 w-5 text-text-3" />
        <span className="flex-1">
          <span className="block text-base font-bold text-text-1">Advanced</span>
          <span className="block text-sm text-text-3">Use your own OpenAI key for replies.</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className="h-5 w-5 text-text-3 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="border-t border-surface-3 p-5 sm:p-6">{children}</div>
    </details>
  );
}

function StatusMessages({ form }: { form: ProfileForm }) {
  return (
    <>
      {form.formError ? <Alert>{form.formError}</Alert> : null}
      {form.savedMessage ? <Alert tone="success">Profile saved successfully.</Alert> : null}
    </>
  );
}

function ModifiedBadge({ form }: { form: ProfileForm }) {
  return form.modified ? <Badge variant="accent">Unsaved changes</Badge> : null;
}

/** v2: identity card on the side, grouped sections and a sticky action bar. */
function ProfileLayoutV2({
  me,
  form,
  adultToggles,
  removeAccount,
  signOutEverywhere,
  security,
  advanced,
  onSubmit,
  onLogout,
}: LayoutParts) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pt-6 pb-10 sm:px-6 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">Profile</h1>
          <p className="mt-1 text-sm text-text-2 sm:text-base">
            How you appear to others and how your account works.
          </p>
        </div>
        <ModifiedBadge form={form} />
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Card className="flex flex-col gap-5 p-5 sm:p-6 lg:sticky lg:top-20">
          <AvatarField
            label="Avatar"
            value={form.values.avatar_url}
            name={form.values.name || form.values.username || "?"}
            onChange={(url) => form.set("avatar_url", url)}
            upload={uploadAvatarUrl}
          />
          <div className="min-w-0">
            <p className="truncate text-lg font-bold text-text-1">{me.name || "No name yet"}</p>
            <p className="truncate text-sm text-text-3">
              {me.username ? `@${me.username}` : "No username yet"}
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <span className="text-xs font-medium text-text-3">Plan</span>
              <PlanBadge role={me.role} />
              <UpgradeLink role={me.role} />
            </div>
          </div>
          <BenefitChips me={me} />
          <div className="flex flex-col gap-2 border-t border-surface-3 pt-4">
            <Button variant="secondary" onClick={onLogout}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Logout
            </Button>
            {signOutEverywhere}
            {removeAccount}
          </div>
        </Card>

        <div className="flex min-w-0 flex-col gap-6">
          <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-6" aria-label="Profile">
            <Card className="flex flex-col gap-5 p-5 sm:p-6">
              <h2 className="text-base font-bold text-text-1">Public profile</h2>
              <div className="grid gap-5 sm:grid-cols-2">
                <UsernameInput form={form} ownUsername={me.username} />
                <NameInput form={form} />
              </div>
              <HighlightsInput form={form} />
            </Card>
            {adultToggles ? (
              <Card className="flex flex-col gap-4 p-5 sm:p-6">
                <h2 className="text-base font-bold text-text-1">Adult content</h2>
                <AdultToggles form={form} />
              </Card>
            ) : null}
            {advanced}
            <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-surface-3 bg-surface-0/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-5">
              <StatusMessages form={form} />
              <div className="flex items-center justify-end gap-3">
                <p className="mr-auto text-sm text-text-3">
                  {form.modified ? "You have unsaved changes." : "All changes saved."}
                </p>
                <Button type="submit" loading={form.saving} disabled={!form.modified}>
                  Update
                </Button>
              </div>
            </div>
          </form>
          {security}
        </div>
      </div>
    </div>
  );
}

/** v1: the classic single-column form with the buttons at the bottom. */
function ProfileLayoutV1({
  me,
  form,
  adultToggles,
  removeAccount,
  signOutEverywhere,
  security,
  advanced,
  onSubmit,
  onLogout,
}: LayoutParts) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">Profile Settings</h1>
        <div className="flex items-center gap-2">
          <ModifiedBadge form={form} />
          <PlanBadge role={me.role} />
        </div>
      </header>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Profile">
        <Card className="flex flex-col gap-5 p-5 sm:p-6">
          <AvatarField
            label="Avatar"
            value={form.values.avatar_url}
            name={form.values.name || form.values.username || "?"}
            onChange={(url) => form.set("avatar_url", url)}
            upload={uploadAvatarUrl}
          />
          <UsernameInput form={form} ownUsername={me.username} />
          <NameInput form={form} />
          <HighlightsInput form={form} />
          {adultToggles ? <AdultToggles form={form} /> : null}
          <BenefitChips me={me} />
        </Card>
        {advanced}
        <StatusMessages form={form} />
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" loading={form.saving} disabled={!form.modified} className="sm:min-w-32">
            Update
          </Button>
          <Button variant="secondary" onClick={onLogout}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Logout
          </Button>
          {signOutEverywhere}
          <div className="sm:ml-auto">{removeAccount}</div>
        </div>
      </form>
      {security}
    </div>
  );
}
