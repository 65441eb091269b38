import { useMutation } from "@tanstack/react-query";
import { apiFetchFile } from "../../../lib/api-client";

export type CardFormat = "png" | "json";
export type CardSpec = "v2" | "v3";

/** A safe default file name when the server sends none. */
export function exportFileName(name: string, format: CardFormat, spec: CardSpec): string {
  const base =
    name
      .trim()
      .replace(/[^\p{L}\p{N}_-]+/gu, "_")
      .replace(/^_+|_+$/g, "") || "character";
  return `${base}.${spec}.${format}`;
}

/** Saves a blob through a temporary link (the browser's download). */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `GET /api/characters/{id}/export?format=&spec=` downloaded as a file. */
export function useExportCard(id: string, name: string) {
  return useMutation({
    mutationFn: async ({ format, spec }: { format: CardFormat; spec: CardSpec }) => {
      const query = new URLSearchParams({ format, spec });
      const { blob, filename } = await apiFetchFile(`/characters/${encodeURIComponent(id)}/export?${query}`);
      saveBlob(blob, filename ?? exportFileName(name, format, spec));
    },
  });
}
