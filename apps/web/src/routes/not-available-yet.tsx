import { Hourglass } from "lucide-react";
import { ButtonLink } from "../components/ui/button";
import { StatusPage } from "./status-page";

/** Placeholder for routes whose feature arrives in a later release. */
export function NotAvailableYet({ title }: { title: string }) {
  return (
    <StatusPage icon={Hourglass} title={title} actions={<ButtonLink to="/">Back to home</ButtonLink>}>
      This feature is not available yet.
    </StatusPage>
  );
}
