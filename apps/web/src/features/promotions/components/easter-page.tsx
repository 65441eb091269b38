import { EASTER_COPY_TOOLTIP_MS, PROMOTION_TEXTS } from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { Check, Copy, Egg, Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { fetchEasterCode, promotionKeys } from "../api/promotions";

/**
 * The Easter giveaway (account spec 2.13): the code for active subscribers, with a copy button whose
 * 'Copied' tooltip stays 2 seconds; everyone else reads the spec's message (the API gives them no code).
 */
export function EasterPage() {
  const session = useSession();
  const member = session.status === "member" ? session.user : null;
  const code = useQuery({
    queryKey: promotionKeys.easter(member?.id ?? null),
    queryFn: ({ signal }) => fetchEasterCode(signal),
    enabled: member !== null,
    retry: false,
  });
  const loading = session.status === "loading" || (member !== null && code.isPending);
  const refused = member === null || (code.error instanceof ApiError && code.error.status === 403);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-12 sm:py-16">
      <div className="text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-400/15 text-amber-400">
          <Egg aria-hidden="true" className="h-7 w-7" />
        </span>
        <h1 className="mt-4 text-3xl font-black tracking-tight text-text-1 sm:text-4xl">Easter giveaway</h1>
        <p className="mt-3 text-text-2">A thank-you code for our subscribers: share it with a friend.</p>
      </div>
      <Card className="flex flex-col items-center gap-4 text-center">
        {loading ? (
          <Spinner label="Loading your code" />
        ) : refused ? (
          <>
            <Lock aria-hidden="true" className="h-8 w-8 text-text-3" />
            <p className="text-text-1">{PROMOTION_TEXTS.easterNonPremium}</p>
            <ButtonLink to="/subscribe">See the plans</ButtonLink>
          </>
        ) : code.data ? (
          <EasterCodeBox code={code.data.code} percentOff={code.data.percent_off} />
        ) : (
          <p role="alert" className="text-text-1">
            {code.error?.message ?? "The code could not be loaded."}
          </p>
        )}
      </Card>
    </div>
  );
}

function EasterCodeBox({ code, percentOff }: { code: string; percentOff: number | null }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), EASTER_COPY_TOOLTIP_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // Clipboard refused (permissions): the code stays selectable on the page.
    }
    setCopied(true);
  };
  return (
    <>
      <p className="text-sm text-text-2">
        Your Easter code{percentOff ? `: ${percentOff}% off a first payment at checkout` : ""}
      </p>
      <div className="flex w-full items-center gap-2 rounded-2xl border border-dashed border-amber-400/60 bg-amber-400/10 p-2 pl-4">
        <code className="min-w-0 flex-1 truncate text-left font-mono text-xl font-black tracking-widest text-text-1">
          {code}
        </code>
        <div className="relative">
          <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy code ${code}`}>
            {copied ? (
              <Check aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Copy aria-hidden="true" className="h-4 w-4" />
            )}
            Copy
          </Button>
          {copied ? (
            <span
              role="tooltip"
              className="absolute -top-9 left-1/2 -translate-x-1/2 rounded-lg bg-text-1 px-2 py-1 text-xs font-semibold text-surface-0 shadow-lg"
            >
              {PROMOTION_TEXTS.copied}
            </span>
          ) : null}
          <span role="status" className="sr-only">
            {copied ? PROMOTION_TEXTS.copied : ""}
          </span>
        </div>
      </div>
    </>
  );
}
