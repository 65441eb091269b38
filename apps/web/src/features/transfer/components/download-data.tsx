import { Archive, Download } from "lucide-react";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../components/ui/cn";
import { ApiError } from "../../../lib/api-client";
import { useDownloadArchive } from "../api/download-archive";

export const DOWNLOAD_TEXT = {
  title: "Your data",
  description:
    "Download everything you have here as one .zip: your profile, personas, the characters you made (as cards), lorebooks and every chat (as Hearth and SillyTavern files).",
  button: "Download my data",
  pending: "Preparing your archive…",
  done: "Your archive has been downloaded.",
  rateLimited: "You have downloaded your data several times this hour. Please try again later.",
} as const;

/** The profile page's 'Download my data' section: the member's archive, with its progress and errors. */
export function DownloadMyData({ className }: { className?: string }) {
  const download = useDownloadArchive();
  const headingId = useId();
  const error = download.error;
  const message =
    error instanceof ApiError && error.code === "rate_limited" ? DOWNLOAD_TEXT.rateLimited : error?.message;
  return (
    <Card
      className={cn("flex flex-col gap-4 p-5 sm:p-6", className)}
      role="region"
      aria-labelledby={headingId}
    >
      <div className="flex items-start gap-3">
        <Archive aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-text-3" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-bold text-text-1">
            {DOWNLOAD_TEXT.title}
          </h2>
          <p className="mt-1 text-sm text-text-2">{DOWNLOAD_TEXT.description}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? null : <Download aria-hidden="true" className="h-4 w-4" />}
          {DOWNLOAD_TEXT.button}
        </Button>
        <p role="status" className="text-sm text-text-3">
          {download.isPending ? DOWNLOAD_TEXT.pending : download.isSuccess ? DOWNLOAD_TEXT.done : ""}
        </p>
      </div>
      {message ? <Alert>{message}</Alert> : null}
    </Card>
  );
}
