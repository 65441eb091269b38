import { Cake, UserCog, WifiOff, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { STORAGE_KEYS, safeStorage } from "../../lib/storage";
import { useFlag } from "../use-branding";

export function ImpersonationBanner() {
  const on = useFlag("site_impersonation");
  if (!on) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-red-700 px-4 py-2 text-center text-sm font-semibold text-white"
    >
      <UserCog aria-hidden="true" className="h-4 w-4 shrink-0" />
      Impersonation mode: you are viewing the site as another user.
    </div>
  );
}

/** Follows navigator.onLine and the online/offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="alert"
      className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-2 text-center text-sm font-semibold text-black"
    >
      <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
      It looks like you're offline...
    </div>
  );
}

export function BirthdayBanner() {
  const on = useFlag("birthday_banner");
  const [dismissed, setDismissed] = useState(
    () => safeStorage.get(STORAGE_KEYS.birthdayBannerDismissed) === "1",
  );
  if (!on || dismissed) return null;
  return (
    <section
      aria-label="Birthday sale"
      className="relative flex items-center justify-center gap-3 bg-gradient-to-r from-brand-700 via-brand-600 to-accent-500 px-12 py-2.5 text-sm text-white"
    >
      <Cake aria-hidden="true" className="hidden h-5 w-5 shrink-0 sm:block" />
      <p>
        <span className="font-semibold">It's our birthday!</span> Celebrate with a month of premium for $0.99.{" "}
        <Link
          to="/sale"
          className="font-bold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-white"
        >
          See the birthday sale
        </Link>
      </p>
      <button
        type="button"
        aria-label="Dismiss birthday banner"
        className="absolute top-1/2 right-2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-lg hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        onClick={() => {
          safeStorage.set(STORAGE_KEYS.birthdayBannerDismissed, "1");
          setDismissed(true);
        }}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </section>
  );
}
