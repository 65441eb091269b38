import { UpdateEmailPage as UpdateEmail } from "../features/email/components/update-email-page";

/** `/update-email`. */
export function UpdateEmailPage() {
  return <UpdateEmail />;
}
