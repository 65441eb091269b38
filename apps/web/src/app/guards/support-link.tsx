import { buttonClasses } from "../../components/ui/button";
import { SmartLink } from "../../components/ui/external-or-internal-link";
import { useBranding } from "../use-branding";

/** "Contact support" pointing at the brand's support URL. */
export function SupportLink({ variant = "secondary" }: { variant?: "secondary" | "ghost" }) {
  const { support_url } = useBranding();
  return (
    <SmartLink href={support_url || "mailto:support@localhost"} className={buttonClasses(variant, "md")}>
      Contact support
    </SmartLink>
  );
}
