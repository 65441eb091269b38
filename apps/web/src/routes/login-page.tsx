import { ROUTE_TABLE } from "@hearth/contracts";
import { Link, matchPath, Navigate, useNavigate, useSearchParams } from "react-router";
import { GuestButton } from "../features/auth/components/guest-button";
import { LoginForm } from "../features/auth/components/login-form";
import { sanitizeRedirect } from "../lib/redirect";
import { useSession } from "../lib/session";
import { AuthCard, OrDivider } from "./auth-card";

/** True when `target` is a route that needs a signed-in member (guests would be sent back here). */
function needsMember(target: string): boolean {
  const path = target.split(/[?#]/)[0] ?? "/";
  return ROUTE_TABLE.some((e) => e.layout === "protected" && matchPath(e.path, path) !== null);
}

export function LoginPage() {
  const { status } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = sanitizeRedirect(params.get("redirect"));
  if (status === "member") return <Navigate to={redirect} replace />;
  const registerHref = params.get("redirect")
    ? `/register?redirect=${encodeURIComponent(redirect)}`
    : "/register";
  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back! Sign in to pick up your conversations where you left them."
    >
      <LoginForm onSuccess={() => navigate(redirect, { replace: true })} />
      <p className="mt-5 text-center text-sm text-text-2">
        New here?{" "}
        <Link
          to={registerHref}
          className="rounded font-semibold text-link hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          Create account
        </Link>
      </p>
      {status !== "guest" ? (
        <>
          <OrDivider />
          <GuestButton
            onSuccess={() => navigate(needsMember(redirect) ? "/" : redirect, { replace: true })}
          />
        </>
      ) : null}
    </AuthCard>
  );
}
