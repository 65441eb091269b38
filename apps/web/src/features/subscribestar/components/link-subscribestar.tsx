import {
  ROLE_DISPLAY_NAMES,
  SUBSCRIBESTAR_TEXTS,
  type SubscribeStarLink,
  type SubscribeStarOauthResponse,
} from "@hearth/contracts";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Link2, Loader2, RotateCcw, Star, TriangleAlert, Unplug } from "lucide-react";
import type { ReactNode } from "react";
import { useAppConfig } from "../../../api/config";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button, ButtonLink, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { subscribeStarStatusQuery } from "../api/subscribestar";
import { useSubscribeStarLink } from "../hooks/use-subscribestar-link";

/**
 * `/link/subscribestar` and `/link/subscribestar/{transientId}` (account spec 2.11, 4 and 8): links the
 * member's SubscribeStar account through SubscribeStar's OAuth flow; their active pledge's tier becomes
 * their plan. States: idle, linking, success, error, invalid_pledge.
 */
export function LinkSubscribeStar({
  transientId,
  code,
  denied,
}: {
  transientId: string | null;
  code: string | null;
  denied: boolean;
}) {
  const status = useQuery(subscribeStarStatusQuery());
  const flow = useSubscribeStarLink({ transientId, code, denied });

  if (flow.state === "idle" && status.isPending) return <PageSpinner />;
  if (flow.state === "idle" && status.isError) {
    return (
      <Shell>
        <Panel icon={TriangleAlert} tone="danger" title="Couldn't load your SubscribeStar link">
          <p>Check your connection and try again.</p>
          <div className="mt-6">
            <Button onClick={() => void status.refetch()} loading={status.isFetching}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Try again
            </Button>
          </div>
        </Panel>
      </Shell>
    );
  }
  if (flow.state === "idle" && status.data && !status.data.available) {
    return (
      <Shell>
        <Panel icon={Unplug} title="Link SubscribeStar">
          <p>{SUBSCRIBESTAR_TEXTS.unavailable}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/subscribe">See plans</ButtonLink>
            <ButtonLink to="/" variant="secondary">
              Back to home
            </ButtonLink>
          </div>
        </Panel>
      </Shell>
    );
  }

  switch (flow.state) {
    case "linking":
      return (
        <Shell>
          <Panel icon={Loader2} spin title="Linking your SubscribeStar account…">
            <p role="status">Checking your pledge with SubscribeStar. This only takes a moment.</p>
          </Panel>
        </Shell>
      );
    case "success":
      return (
        <Shell>
          <Success result={flow.result} />
        </Shell>
      );
    case "error":
      return (
        <Shell>
          <Panel icon={TriangleAlert} tone="danger" title="Linking failed">
            <Alert>{SUBSCRIBESTAR_TEXTS.error}</Alert>
            {flow.detail ? <p className="mt-3">{flow.detail}</p> : null}
            <div className="mt-6">
              <Button onClick={() => window.location.assign("/link/subscribestar")}>
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                Reload
              </Button>
            </div>
          </Panel>
        </Shell>
      );
    case "invalid_pledge":
      return (
        <Shell>
          <InvalidPledge />
        </Shell>
      );
    default:
      return (
        <Shell>
          <Idle
            link={status.data?.link ?? null}
            start={flow.start}
            redirecting={flow.redirecting}
            error={flow.startError}
          />
        </Shell>
      );
  }
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 pt-8 pb-16 sm:px-6 sm:pt-12">
      {children}
    </div>
  );
}

function Panel({
  icon: Icon,
  title,
  tone = "brand",
  spin = false,
  children,
}: {
  icon: typeof Star;
  title: string;
  tone?: "brand" | "success" | "danger";
  spin?: boolean;
  children: ReactNode;
}) {
  const ring =
    tone === "success"
      ? "bg-success/15 text-success ring-success/30"
      : tone === "danger"
        ? "bg-danger/10 text-danger ring-danger/30"
        : "bg-brand-600/15 text-link ring-brand-500/30";
  return (
    <Card className="flex flex-col items-center p-6 text-center sm:p-8">
      <div className={`mb-5 flex h-14 w-14 items-center justify-center rounded-full ring-1 ${ring}`}>
        <Icon aria-hidden="true" className={`h-7 w-7${spin ? " animate-spin" : ""}`} />
      </div>
      <h1 className="text-2xl font-extrabold tracking-tight text-balance text-text-1 sm:text-3xl">{title}</h1>
      <div className="mt-3 w-full text-text-2">{children}</div>
    </Card>
  );
}

function Idle({
  link,
  start,
  redirecting,
  error,
}: {
  link: SubscribeStarLink | null;
  start: () => void;
  redirecting: boolean;
  error: string | null;
}) {
  return (
    <Panel icon={Star} title="Link SubscribeStar">
      <p>
        Supporting us on SubscribeStar? Link your account and your pledge's tier unlocks the same plan here.
        Your pledge stays managed on SubscribeStar.
      </p>
      {link ? <LinkedAccount link={link} /> : null}
      {error ? <Alert className="mt-4 text-left">{error}</Alert> : null}
      <div className="mt-6 flex flex-col items-center gap-3">
        <Button size="lg" onClick={start} loading={redirecting} className="w-full sm:w-auto">
          <Link2 aria-hidden="true" className="h-4 w-4 shrink-0" />
          {link ? "Link again" : "Link SubscribeStar account"}
        </Button>
        <p className="text-xs text-text-3">You'll sign in on SubscribeStar and come back here.</p>
      </div>
    </Panel>
  );
}

function LinkedAccount({ link }: { link: SubscribeStarLink }) {
  return (
    <div className="mt-5 flex flex-col gap-2 rounded-2xl border border-surface-3 bg-surface-2/60 p-4 text-left sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="text-xs font-semibold tracking-wide text-text-3 uppercase">Linked account</div>
        <div className="truncate font-semibold text-text-1">{link.name}</div>
        <div className="text-sm text-text-2">
          {link.active && link.role ? `Plan: ${ROLE_DISPLAY_NAMES[link.role]}` : "No active pledge"}
        </div>
      </div>
      <Badge variant={link.active ? "success" : "neutral"} className="self-start sm:self-center">
        {link.active ? "Active" : "Lapsed"}
      </Badge>
    </div>
  );
}

function Success({ result }: { result: SubscribeStarOauthResponse | null }) {
  return (
    <Panel icon={CheckCircle2} tone="success" title="Account linked">
      <p role="status">{SUBSCRIBESTAR_TEXTS.linked}</p>
      {result ? (
        <p className="mt-2">
          Your plan is now{" "}
          <span className="font-semibold text-text-1">{ROLE_DISPLAY_NAMES[result.role]}</span>.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-text-3">{SUBSCRIBESTAR_TEXTS.reloadHint}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Reload
        </Button>
        <ButtonLink to="/manage-subscription" variant="secondary">
          View subscription
        </ButtonLink>
      </div>
    </Panel>
  );
}

function InvalidPledge() {
  const config = useAppConfig();
  const pledgeUrl = config.data?.settings?.subscribestar_url;
  return (
    <Panel icon={TriangleAlert} tone="danger" title={SUBSCRIBESTAR_TEXTS.noPledge}>
      <p>
        We couldn't find an active pledge on your SubscribeStar account at one of our tiers. Pledge on
        SubscribeStar, then link your account again.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {typeof pledgeUrl === "string" && pledgeUrl.startsWith("https://") ? (
          <a className={buttonClasses("primary")} href={pledgeUrl} target="_blank" rel="noreferrer">
            Pledge on SubscribeStar
          </a>
        ) : null}
        <Button onClick={() => window.location.assign("/link/subscribestar")}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Try again
        </Button>
        <ButtonLink to="/subscribe" variant="secondary">
          See other ways to subscribe
        </ButtonLink>
      </div>
    </Panel>
  );
}
