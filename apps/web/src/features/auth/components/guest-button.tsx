import { UserRound } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { splitApiError } from "../../../lib/field-errors";
import { useSession } from "../../../lib/session";
import { FormAlert } from "./form-alert";

export const GUEST_NOTICE = "Guests have limited text and image generation and their chats are not saved.";

/** "Continue as guest": creates a guest session. */
export function GuestButton({ onSuccess }: { onSuccess: () => void }) {
  const { continueAsGuest } = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noticeId = useId();
  return (
    <div className="flex flex-col gap-2">
      <FormAlert message={error} />
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        loading={pending}
        aria-describedby={noticeId}
        onClick={async () => {
          setPending(true);
          setError(null);
          try {
            await continueAsGuest();
            onSuccess();
          } catch (e) {
            setError(splitApiError(e, []).message);
            setPending(false);
          }
        }}
      >
        <UserRound aria-hidden="true" className="h-4 w-4" />
        Continue as guest
      </Button>
      <p id={noticeId} className="text-center text-xs text-text-3">
        {GUEST_NOTICE}
      </p>
    </div>
  );
}
