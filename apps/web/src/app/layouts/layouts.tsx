import { RequireSignIn } from "../guards/require-sign-in";
import { SiteChrome } from "./site-chrome";

/** Main layout: navbar, no footer (chat, sale, partner sign-up, access denied). */
export function MainLayout() {
  return <SiteChrome footer={false} />;
}

/** Public layout: navbar and footer. */
export function PublicLayout() {
  return <SiteChrome footer />;
}

/** Protected layout: the public chrome; signed-out visitors and guests are sent to sign in. */
export function ProtectedLayout() {
  return <SiteChrome footer gate={(page) => <RequireSignIn>{page}</RequireSignIn>} />;
}
