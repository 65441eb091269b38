import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { RegisterForm } from "../features/auth/components/register-form";
import { sanitizeRedirect } from "../lib/redirect";
import { useSession } from "../lib/session";
import { AuthCard } from "./auth-card";

export function RegisterPage() {
  const { status } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = sanitizeRedirect(params.get("redirect"));
  if (status === "member") return <Navigate to={redirect} replace />;
  const loginHref = params.get("redirect") ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login";
  return (
    <AuthCard
      title="Create your account"
      subtitle="Save your chats, create your own characters and pick up on any device."
    >
      <RegisterForm onSuccess={() => navigate(redirect, { replace: true })} />
      <p className="mt-5 text-center text-sm text-text-2">
        Already have an account?{" "}
        <Link
          to={loginHref}
          className="rounded font-semibold text-link hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          Sign in
        </Link>
      </p>
      <p className="mt-4 text-center text-xs text-text-3">
        By creating an account you agree to our{" "}
        <Link to="/terms" className="underline hover:text-text-1">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="underline hover:text-text-1">
          Privacy Policy
        </Link>
        .
      </p>
    </AuthCard>
  );
}
