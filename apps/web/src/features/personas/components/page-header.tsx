import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink } from "../../../components/ui/button";
import type { BackToChat } from "../lib/back-to-chat";

/** Title row of the personas pages, with "Go Back to {character name}" when the user came from a chat. */
export function PersonasHeader({
  title,
  subtitle,
  back,
  actions,
}: {
  title: string;
  subtitle: string;
  back: BackToChat | null;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-3">
      {back ? (
        <ButtonLink to={back.href} variant="ghost" size="sm" className="-ml-3 self-start">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          <span className="max-w-[16rem] truncate">Go Back to {back.characterName}</span>
        </ButtonLink>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-text-1 sm:text-3xl">{title}</h1>
          <p className="mt-1 max-w-2xl text-sm text-text-2 sm:text-base">{subtitle}</p>
        </div>
        {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
