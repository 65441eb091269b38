import { useMutation } from "@tanstack/react-query";
import { apiFetchFile } from "../../../lib/api-client";
import { saveFile } from "../lib/save-file";

/** `GET /api/account/export`: everything the member has here as one zip, downloaded. */
export function useDownloadArchive() {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await apiFetchFile("/account/export");
      saveFile(blob, filename ?? "hearth-data.zip");
    },
  });
}
