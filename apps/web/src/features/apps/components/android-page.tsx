import {
  ArrowLeft,
  Chrome,
  CircleCheck,
  EllipsisVertical,
  type LucideIcon,
  SquarePlus,
  TriangleAlert,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useAppConfig } from "../../../api/config";
import { Button } from "../../../components/ui/button";
import { useInstallPrompt } from "../lib/use-install-prompt";

type Step = { icon: LucideIcon; title: string; body: ReactNode };

/** /apps/android: step-by-step installation of the web app on Android. */
export function AndroidPage() {
  const { data } = useAppConfig();
  const name = data?.branding.name ?? "Hearth";
  const { install, installed } = useInstallPrompt();
  const address = typeof window === "undefined" ? "" : window.location.host;

  const steps: Step[] = [
    {
      icon: Chrome,
      title: "Open the site in Chrome",
      body: (
        <>
          On your Android phone or tablet, open <strong>Google Chrome</strong> and go to{" "}
          {address ? <strong className="[overflow-wrap:anywhere]">{address}</strong> : "this site"}.
        </>
      ),
    },
    {
      icon: EllipsisVertical,
      title: "Open the menu",
      body: (
        <>
          Tap the <strong>three dots</strong> in the top-right corner of Chrome.
        </>
      ),
    },
    {
      icon: SquarePlus,
      title: "Tap “Install app”",
      body: (
        <>
          Choose <strong>Install app</strong>. On some phones it is called <strong>Add to Home screen</strong>
          .
        </>
      ),
    },
    {
      icon: CircleCheck,
      title: "Confirm and open",
      body: (
        <>
          Tap <strong>Install</strong>. The {name} icon appears on your home screen and in your app drawer.
          Open it like any other app.
        </>
      ),
    },
  ];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
      <Link
        to="/download"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-text-2 hover:text-text-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        All apps
      </Link>

      <header className="mt-4 flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance text-text-1 sm:text-4xl">
          Install {name} on Android
        </h1>
        <p className="text-base text-pretty text-text-2 sm:text-lg">
          {name} installs straight from your browser: no app store, no large download, and it updates itself.
          It takes about 30 seconds.
        </p>
        {install && !installed ? (
          <div>
            <Button size="lg" className="mt-1" onClick={() => void install()}>
              <SquarePlus aria-hidden="true" className="h-5 w-5" />
              Install now
            </Button>
          </div>
        ) : null}
        {installed ? (
          <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-success">
            <CircleCheck aria-hidden="true" className="h-4 w-4" />
            {name} is installed on this device.
          </p>
        ) : null}
      </header>

      <ol className="mt-8 flex flex-col gap-4">
        {steps.map(({ icon: Icon, title, body }, index) => (
          <li
            key={title}
            className="relative flex gap-3.5 rounded-2xl border border-surface-3 bg-surface-1 p-4 sm:gap-5 sm:p-6"
          >
            <div className="flex flex-col items-center gap-2">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-accent-500 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <h2 className="text-lg font-semibold text-text-1">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h2>
              <p className="text-[15px] leading-relaxed text-text-2 [&_strong]:font-semibold [&_strong]:text-text-1">
                {body}
              </p>
            </div>
            <div
              aria-hidden="true"
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-text-1 ring-1 ring-surface-3 sm:h-14 sm:w-14 sm:rounded-2xl"
            >
              <Icon className="h-6 w-6 sm:h-7 sm:w-7" />
            </div>
          </li>
        ))}
      </ol>

      <section
        aria-labelledby="android-trouble"
        className="mt-8 flex gap-3 rounded-2xl border border-surface-3 bg-surface-2/60 p-5 text-sm leading-relaxed text-text-2"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-text-3" />
        <div className="flex flex-col gap-2">
          <h2 id="android-trouble" className="text-base font-semibold text-text-1">
            Don’t see “Install app”?
          </h2>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            <li>Make sure Chrome is up to date and you are not in an Incognito tab.</li>
            <li>
              In Samsung Internet, open the menu and choose{" "}
              <strong className="text-text-1">Add page to</strong> →{" "}
              <strong className="text-text-1">Home screen</strong>.
            </li>
            <li>
              In Firefox, open the menu and choose <strong className="text-text-1">Install</strong>.
            </li>
          </ul>
        </div>
      </section>
    </div>
  );
}
