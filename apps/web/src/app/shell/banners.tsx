import { UserCog, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
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
