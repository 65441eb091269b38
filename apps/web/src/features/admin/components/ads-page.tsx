import { ADS, type AdInput, type AdminAd, adInputSchema } from "@hearth/contracts";
import { Megaphone, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { uploadAvatarUrl } from "../../../api/uploads";
import { Alert } from "../../../components/ui/alert";
import { AvatarField } from "../../../components/ui/avatar-field";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/input";
import { TextArea } from "../../../components/ui/text-area";
import { type FieldErrors, fieldErrorsFromZod, splitApiError } from "../../../lib/field-errors";
import { useAdminAds, useDeleteAd, useSaveAd } from "../api/ads";
import { formatDateTime } from "../lib/format";
import { AdminLoadError, AdminLoading } from "./admin-query-states";
import { AdminMessage, AdminShell } from "./admin-shell";

export type AdStatus = "Running" | "Scheduled" | "Ended" | "Off";

/** Where an ad stands at `now`: switched off, before its start, past its end, or running. */
export function adStatus(ad: Pick<AdminAd, "active" | "starts_at" | "ends_at">, now = Date.now()): AdStatus {
  if (!ad.active) return "Off";
  if (ad.starts_at && Date.parse(ad.starts_at) > now) return "Scheduled";
  if (ad.ends_at && Date.parse(ad.ends_at) <= now) return "Ended";
  return "Running";
}

const STATUS_BADGE: Record<AdStatus, BadgeVariant> = {
  Running: "success",
  Scheduled: "accent",
  Ended: "neutral",
  Off: "neutral",
};

type FormState = {
  code: string;
  text: string;
  link_url: string;
  image_url: string;
  keywords: string;
  active: boolean;
  starts_at: string;
  ends_at: string;
};

const FIELDS = ["code", "text", "link_url", "image_url", "keywords", "active", "starts_at", "ends_at"];

/** An ISO time as a datetime-local value in the admin's time zone, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

function formOf(ad: AdminAd | null): FormState {
  return {
    code: ad?.code ?? "",
    text: ad?.text ?? "",
    link_url: ad?.link_url ?? "",
    image_url: ad?.image_url ?? "",
    keywords: ad?.keywords.join(", ") ?? "",
    active: ad?.active ?? true,
    starts_at: toLocalInput(ad?.starts_at ?? null),
    ends_at: toLocalInput(ad?.ends_at ?? null),
  };
}

function inputOf(form: FormState): AdInput {
  return {
    code: form.code,
    text: form.text,
    link_url: form.link_url,
    image_url: form.image_url.trim() ? form.image_url.trim() : null,
    keywords: form.keywords
      .split(",")
      .map((word) => word.trim())
      .filter(Boolean),
    active: form.active,
    starts_at: fromLocalInput(form.starts_at),
    ends_at: fromLocalInput(form.ends_at),
  };
}

/** The create and edit dialog: every field of an ad, checked with the contracts' schema before sending. */
function AdFormDialog({ ad, open, onClose }: { ad: AdminAd | null; open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<FormState>(() => formOf(ad));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useSaveAd();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(form);
    const parsed = adInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      setMessage(null);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: ad?.id ?? null, input });
      onClose();
    } catch (error) {
      const split = splitApiError(error, FIELDS);
      setErrors(split.fields);
      setMessage(split.message);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={ad ? "Edit ad" : "New ad"}
      description="Shown in long chats to Free members; chosen by its keywords in the last 10 messages."
      className="max-w-lg"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {message ? <Alert>{message}</Alert> : null}
        <TextField
          label="Code"
          value={form.code}
          onChange={(e) => set("code", e.target.value)}
          error={errors.code}
          hint="Logged with each view and click, e.g. spring-sale."
          maxLength={ADS.codeMax}
          autoComplete="off"
          required
        />
        <TextArea
          label="Text"
          value={form.text}
          onChange={(e) => set("text", e.target.value)}
          error={errors.text}
          counterMax={ADS.textMax}
          rows={3}
          required
        />
        <TextField
          label="Link"
          value={form.link_url}
          onChange={(e) => set("link_url", e.target.value)}
          error={errors.link_url}
          hint="An http(s) address, or a path on this site such as /subscribe."
          inputMode="url"
          required
        />
        <AvatarField
          label="Image"
          value={form.image_url || null}
          name={form.code || "Ad"}
          onChange={(url) => set("image_url", url ?? "")}
          upload={uploadAvatarUrl}
        />
        <TextField
          label="Image address"
          value={form.image_url}
          onChange={(e) => set("image_url", e.target.value)}
          error={errors.image_url}
          hint="Upload one above, or an http(s) address."
          inputMode="url"
        />
        <TextField
          label="Keywords"
          value={form.keywords}
          onChange={(e) => set("keywords", e.target.value)}
          error={errors.keywords}
          hint="Comma-separated words or phrases. Without any, the ad is shown when no other ad matches."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Shown from"
            type="datetime-local"
            value={form.starts_at}
            onChange={(e) => set("starts_at", e.target.value)}
            error={errors.starts_at}
          />
          <TextField
            label="Shown until"
            type="datetime-local"
            value={form.ends_at}
            onChange={(e) => set("ends_at", e.target.value)}
            error={errors.ends_at}
          />
        </div>
        <label className="flex items-center gap-2.5 text-sm font-medium text-text-1">
          <input
            type="checkbox"
            checked={form.active}
            onChange={(e) => set("active", e.target.checked)}
            className="h-4 w-4 accent-brand-500"
          />
          Active
        </label>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {ad ? "Save changes" : "Create ad"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function AdRow({ ad, onEdit, onDelete }: { ad: AdminAd; onEdit: () => void; onDelete: () => void }) {
  const status = adStatus(ad);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-surface-3 bg-surface-1 p-3.5 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 gap-3">
        {ad.image_url ? (
          <img
            src={ad.image_url}
            alt=""
            className="h-14 w-14 shrink-0 rounded-xl bg-surface-2 object-cover"
          />
        ) : (
          <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-text-3">
            <Megaphone aria-hidden="true" className="h-6 w-6" />
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-text-1">
              {ad.code}
            </code>
            <Badge variant={STATUS_BADGE[status]}>{status}</Badge>
          </div>
          <p className="text-sm text-text-1">{ad.text}</p>
          <p className="truncate text-xs text-text-3" title={ad.link_url}>
            {ad.link_url}
          </p>
          <div className="flex flex-wrap gap-1.5">
            {ad.keywords.length ? (
              ad.keywords.map((word) => (
                <Badge key={word} variant="neutral">
                  {word}
                </Badge>
              ))
            ) : (
              <span className="text-xs text-text-3">No keywords: shown when no other ad matches</span>
            )}
          </div>
          <p className="text-xs text-text-3">
            {ad.starts_at ? `From ${formatDateTime(ad.starts_at)}` : "From now"}
            {" · "}
            {ad.ends_at ? `until ${formatDateTime(ad.ends_at)}` : "no end"}
            {" · "}
            {ad.last_shown_at ? `last shown ${formatDateTime(ad.last_shown_at)}` : "not shown yet"}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 self-end sm:self-start">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${ad.code}`}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${ad.code}`}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/** `/admin/ads`: the house ads shown in long chats, with create, edit and delete. */
export function AdminAdsPage() {
  const query = useAdminAds();
  const remove = useDeleteAd();
  const [editing, setEditing] = useState<{ ad: AdminAd | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<AdminAd | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const openForm = (ad: AdminAd | null) => setEditing({ ad, key: Date.now() });
  const ads = query.data ?? [];

  let content: React.ReactNode;
  if (query.isPending) {
    content = <AdminLoading label="Loading the ads" />;
  } else if (query.isError) {
    content = <AdminLoadError title="We couldn't load the ads" query={query} />;
  } else if (!ads.length) {
    content = (
      <AdminMessage
        icon={<Megaphone aria-hidden="true" className="h-6 w-6" />}
        title="No ads yet"
        description="House ads appear in long chats of members without a subscription, never on partner sites."
        action={<Button onClick={() => openForm(null)}>Create an ad</Button>}
      />
    );
  } else {
    content = (
      <ul aria-label="Ads" className="flex flex-col gap-2">
        {ads.map((ad) => (
          <AdRow
            key={ad.id}
            ad={ad}
            onEdit={() => openForm(ad)}
            onDelete={() => {
              setDeleteError(null);
              setDeleting(ad);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <AdminShell
      title="Ads"
      description="House ads shown in long chats: the best keyword match in the last 10 messages wins."
      actions={
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          New ad
        </Button>
      }
    >
      {content}
      {editing ? (
        <AdFormDialog key={editing.key} ad={editing.ad} open onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.code ?? "this ad"}?`}
        description="It stops showing at once. Its logged views and clicks stay."
        icon={<Trash2 aria-hidden="true" className="h-5 w-5" />}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        error={deleteError}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => setDeleteError(error.message || "The ad could not be deleted."),
          });
        }}
      />
    </AdminShell>
  );
}
