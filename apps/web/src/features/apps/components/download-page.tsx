import { Apple, ArrowRight, CircleCheck, Monitor, Share, Smartphone, SquarePlus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useAppConfig } from "../../../api/config";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { useInstallPrompt } from "../lib/use-install-prompt";

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/** /download: the supported apps (spec 2.12): Android and iOS, both installable web apps. */
export function DownloadPage() {
  const { data } = useAppConfig();
  const name = data?.branding.name ?? "Hearth";
  const { install, installed } = useInstallPrompt();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
      <header className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <div className="flex h-12 w-12 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-accent-500 text-white shadow-lg shadow-brand-600/20">
          <Smartphone aria-hidden="true" className="h-6 w-6" />
        </div>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance text-text-1 sm:text-4xl">
          Supported apps
        </h1>
        <p className="text-base text-pretty text-text-2 sm:text-lg">
          Take {name} with you. Install it on your phone for a full-screen app with its own icon, no app store
          needed, and always up to date.
        </p>
        {install && !installed ? (
          <Button size="lg" className="mt-2" onClick={() => void install()}>
            <SquarePlus aria-hidden="true" className="h-5 w-5" />
            Install {name} now
          </Button>
        ) : null}
        {installed ? (
          <p role="status" className="mt-2 inline-flex items-center gap-2 text-sm font-medium text-success">
            <CircleCheck aria-hidden="true" className="h-4 w-4" />
            {name} is installed on this device.
          </p>
        ) : null}
      </header>

      <ul className="mt-10 grid gap-5 md:grid-cols-2">
        <li id="android" className="scroll-mt-20">
          <AppCard
            icon={<Smartphone aria-hidden="true" className="h-7 w-7" />}
            iconClassName="from-emerald-500 to-teal-600"
            title="Android"
            subtitle="Phones and tablets, with Chrome"
            description={`Install ${name} from Chrome in a few taps. It opens full-screen like any other app and keeps you signed in.`}
          >
            <StoreLink to="/apps/android" platform="Android" overline="Install guide for" />
          </AppCard>
        </li>
        <li id="ios" className="scroll-mt-20">
          <AppCard
            icon={<Apple aria-hidden="true" className="h-7 w-7" />}
            iconClassName="from-slate-600 to-slate-900"
            title="iPhone and iPad"
            subtitle="iOS and iPadOS, with Safari"
            description={`Add ${name} to your Home Screen from Safari. It works as an installable web app: no App Store download needed.`}
          >
            <ol className="flex flex-col gap-2.5 text-sm text-text-2">
              <IosStep n={1}>
                Open this site in <strong className="font-semibold text-text-1">Safari</strong>.
              </IosStep>
              <IosStep n={2}>
                Tap the <strong className="font-semibold text-text-1">Share</strong> button{" "}
                <Share aria-hidden="true" className="inline h-4 w-4 align-[-3px] text-text-1" />.
              </IosStep>
              <IosStep n={3}>
                Choose <strong className="font-semibold text-text-1">Add to Home Screen</strong>{" "}
                <SquarePlus aria-hidden="true" className="inline h-4 w-4 align-[-3px] text-text-1" />, then
                tap <strong className="font-semibold text-text-1">Add</strong>.
              </IosStep>
            </ol>
          </AppCard>
        </li>
      </ul>

      <div className="mt-5 flex items-start gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-5 text-sm text-text-2">
        <Monitor aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-text-3" />
        <p>
          <strong className="font-semibold text-text-1">On a computer?</strong> In Chrome or Edge, use the
          install icon at the right of the address bar, or open the browser menu and choose “Install {name}”.
        </p>
      </div>
    </div>
  );
}

type AppCardProps = {
  icon: ReactNode;
  iconClassName: string;
  title: string;
  subtitle: string;
  description: string;
  children: ReactNode;
};

function AppCard({ icon, iconClassName, title, subtitle, description, children }: AppCardProps) {
  return (
    <section
      aria-label={title}
      className="flex h-full flex-col gap-5 rounded-3xl border border-surface-3 bg-surface-1 p-6 shadow-xl shadow-black/5"
    >
      <div className="flex items-center gap-4">
        <div
          className={cn(
            "flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br text-white shadow-md",
            iconClassName,
          )}
        >
          {icon}
        </div>
        <div className="min-w-0">
          <h2 className="text-xl font-bold text-text-1">{title}</h2>
          <p className="text-sm text-text-3">{subtitle}</p>
        </div>
      </div>
      <p className="text-[15px] leading-relaxed text-text-2">{description}</p>
      <div className="mt-auto">{children}</div>
    </section>
  );
}

/** An app-store-style badge link. */
function StoreLink({ to, platform, overline }: { to: string; platform: string; overline: string }) {
  return (
    <Link
      to={to}
      className={cn(
        "group inline-flex items-center gap-3 rounded-xl bg-black px-4 py-2.5 text-white ring-1 ring-white/15 transition-colors hover:bg-neutral-800",
        focusRing,
      )}
    >
      <Smartphone aria-hidden="true" className="h-7 w-7" />
      <span className="flex flex-col leading-tight">
        <span className="text-[11px] font-medium text-white/80">{overline}</span>
        <span className="text-lg font-semibold">{platform}</span>
      </span>
      <ArrowRight
        aria-hidden="true"
        className="ml-2 h-4 w-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
      />
    </Link>
  );
}

function IosStep({ n, children }: { n: number; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-surface-2 text-xs font-bold text-text-1 ring-1 ring-surface-3"
      >
        {n}
      </span>
      <span className="pt-0.5">
        <span className="sr-only">Step {n}: </span>
        {children}
      </span>
    </li>
  );
}
