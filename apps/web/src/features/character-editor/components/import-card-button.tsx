import { CARD_IMPORT_MAX_BYTES } from "@hearth/contracts";
import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { useImportCard } from "../api/import-card";

/** Imports a Character Card (PNG or JSON) as a new private chatbot, then opens it in the editor. */
export function ImportCardButton() {
  const inputRef = useRef<HTMLInputElement>(null);
  const importCard = useImportCard();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > CARD_IMPORT_MAX_BYTES) {
      setProblem(`The card must be at most ${CARD_IMPORT_MAX_BYTES / (1024 * 1024)} MB.`);
      return;
    }
    setProblem(null);
    importCard.mutate(file, {
      onSuccess: (character) => navigate(`/chatbot/edit/${character.id}`),
      onError: (error) => setProblem(error.message || "The card could not be imported."),
    });
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <input
        ref={inputRef}
        type="file"
        accept=".png,.json,image/png,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-label="Character card file"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        loading={importCard.isPending}
        onClick={() => inputRef.current?.click()}
      >
        <Upload aria-hidden="true" className="h-4 w-4" />
        Import card
      </Button>
      {problem ? (
        <p role="alert" className="max-w-64 text-right text-xs text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
