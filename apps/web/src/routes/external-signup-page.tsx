import { ExternalSignupPage as ExternalSignup } from "../features/onboarding/components/external-signup-page";

/** `/external/signup`: partner sign-up. */
export function ExternalSignupPage() {
  return <ExternalSignup />;
}
