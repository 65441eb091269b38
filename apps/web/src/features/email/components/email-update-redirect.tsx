import { Navigate, useLocation } from "react-router";
import { useSession } from "../../../lib/session";

const ALLOWED = new Set(["/update-email", "/user-not-found", "/terms", "/privacy", "/refund", "/2257"]);

/**
 * Mounted once in the app shell: members with a hidden-relay or blocked-domain email (the server's
 * `needs_email_update`) are sent to /update-email until they give a real address.
 */
export function EmailUpdateRedirect() {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  if (status !== "member" || !user?.needs_email_update || ALLOWED.has(pathname)) return null;
  return <Navigate to="/update-email" replace />;
}
