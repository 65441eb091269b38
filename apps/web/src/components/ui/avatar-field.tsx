import { AVATAR_UPLOAD_MAX_BYTES, AVATAR_UPLOAD_TYPES } from "@hearth/contracts";
import { ImagePlus, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { Button } from "./button";
import { cn } from "./cn";

export type AvatarFieldProps = {
  label: string;
  /** Current picture URL, or null for the initial on a gradient. */
  value: string | null;
  /** Text the fallback initial is taken from. */
  name: string;
  onChange: (url: string | null) => void;
  /** Uploads the file (`POST /api/uploads/avatar`) and answers the stored URL. */
  upload: (file: File) => Promise<string>;
  disabled?: boolean;
  className?: string;
};

const MAX_MB = Math.round(AVATAR_UPLOAD_MAX_BYTES / (1024 * 1024));
const ACCEPT = AVATAR_UPLOAD_TYPES.join(",");

/** Checks a picked file against the upload limits before sending it; answers the message or null. */
export function avatarFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!(AVATAR_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return "Please choose a PNG, JPEG, WebP or GIF image.";
  }
  if (file.size > AVATAR_UPLOAD_MAX_BYTES) return `The image must be at most ${MAX_MB} MB.`;
  return null;
}

/** Round avatar preview with Upload and Remove; the server crops and resizes to the avatar presets. */
export function AvatarField({ label, value, name, onChange, upload, disabled, className }: AvatarFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? "?";

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = avatarFileProblem(file);
    setError(problem);
    if (problem) return;
    setUploading(true);
    try {
      onChange(await upload(file));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : "The upload failed. Please try again.");
    } finally {
      setUploading(false);
    }
  }

  const showImage = value && broken !== value;
  return (
    <fieldset className={cn("flex flex-col gap-2", className)} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-text-1">{label}</legend>
      <div className="flex items-center gap-4">
        <div className="relative h-20 w-20 shrink-0 overflow-hidden rounded-full ring-2 ring-surface-3">
          {showImage ? (
            <img src={value} alt="" className="h-full w-full object-cover" onError={() => setBroken(value)} />
          ) : (
            <div
              aria-hidden="true"
              className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 text-3xl font-bold text-white"
            >
              {initial}
            </div>
          )}
          {uploading ? (
            <div className="absolute inset-0 flex items-center justify-center bg-black/50">
              <span className="h-6 w-6 animate-spin rounded-full border-2 border-white border-t-transparent" />
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={`${label}: choose an image`}
            onChange={(e) => void pick(e)}
          />
          <Button
            variant="secondary"
            size="sm"
            loading={uploading}
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
          >
            {uploading ? null : <ImagePlus aria-hidden="true" className="h-4 w-4" />}
            {value ? "Change picture" : "Upload picture"}
          </Button>
          {value ? (
            <Button variant="ghost" size="sm" disabled={disabled || uploading} onClick={() => onChange(null)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-text-3">
        PNG, JPEG, WebP or GIF, up to {MAX_MB} MB. Square images look best.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
