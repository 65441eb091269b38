import { TIMINGS } from "@hearth/contracts";
import { Check, Share2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useFlashMessage } from "../hooks/use-flash-message";

/** Copies the profile link; 'Copied!' shows for 2 s. */
export function ShareButton({ characterId }: { characterId: string }) {
  const { flash, show } = useFlashMessage(TIMINGS.copyConfirmationMs);
  async function copy() {
    const url = `${window.location.origin}/chatbot/${characterId}`;
    try {
      await navigator.clipboard.writeText(url);
      show("Copied!", "success");
    } catch {
      show("Copy failed", "danger");
    }
  }
  return (
    <Button variant="secondary" onClick={() => void copy()} aria-live="polite">
      {flash?.tone === "success" ? (
        <Check aria-hidden="true" className="h-4 w-4 text-success" />
      ) : (
        <Share2 aria-hidden="true" className="h-4 w-4" />
      )}
      {flash?.text ?? "Share"}
    </Button>
  );
}
