import { loginBodySchema } from "@hearth/contracts";
import { useSession } from "../../../lib/session";
import { CredentialsForm } from "./credentials-form";

export function LoginForm({ onSuccess }: { onSuccess?: () => void }) {
  const { signIn } = useSession();
  return (
    <CredentialsForm
      schema={loginBodySchema}
      submitLabel="Sign in"
      passwordAutoComplete="current-password"
      onSubmit={async (email, password) => {
        await signIn(email, password);
        onSuccess?.();
      }}
    />
  );
}
