import { LIMITS, signupBodySchema } from "@hearth/contracts";
import { useSession } from "../../../lib/session";
import { CredentialsForm } from "./credentials-form";

export function RegisterForm({ onSuccess }: { onSuccess?: () => void }) {
  const { signUp } = useSession();
  return (
    <CredentialsForm
      schema={signupBodySchema}
      submitLabel="Create account"
      passwordAutoComplete="new-password"
      passwordHint={`At least ${LIMITS.passwordMin} characters.`}
      onSubmit={async (email, password) => {
        await signUp(email, password);
        onSuccess?.();
      }}
    />
  );
}
