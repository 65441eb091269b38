import { Ghost } from "lucide-react";
import { ButtonLink } from "../components/ui/button";
import { StatusPage } from "./status-page";

export function NotFoundPage() {
  return (
    <StatusPage
      icon={Ghost}
      eyebrow="404"
      title="This page is gone."
      actions={<ButtonLink to="/">Back to home</ButtonLink>}
    >
      The link may be broken, or the page may have been removed.
    </StatusPage>
  );
}
