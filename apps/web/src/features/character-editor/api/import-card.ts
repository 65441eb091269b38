import { type OwnCharacter, ownCharacterSchema } from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { characterKeys } from "../../../api/characters";
import { apiFetch } from "../../../lib/api-client";

/** `POST /api/characters/import` (multipart `file`, a PNG or JSON card): a new private character. */
export function useImportCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<OwnCharacter> => {
      const form = new FormData();
      form.append("file", file);
      return apiFetch("/characters/import", { method: "POST", body: form, schema: ownCharacterSchema });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: characterKeys.mine }),
  });
}
