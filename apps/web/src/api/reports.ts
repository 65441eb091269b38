import {
  type CharacterReport,
  type CharacterReportResult,
  characterReportResultSchema,
} from "@hearth/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../lib/api-client";

/**
 * `POST /api/reportCharacter` (account spec 2.8, 7): the spec's payload as the contracts' schema checked it.
 * Answers the review the report was filed under (a member's repeated report answers the same one).
 */
export function reportCharacter(report: CharacterReport): Promise<CharacterReportResult> {
  return apiFetch("/reportCharacter", { method: "POST", body: report, schema: characterReportResultSchema });
}

export function useReportCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportCharacter,
    // An admin's review queue (`adminKeys.all` in ./admin, not imported so the admin code stays in its own chunk).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
