import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, Download, FileImage, FileJson } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { type CardFormat, type CardSpec, useExportCard } from "../api/export-card";

const OPTIONS: readonly { format: CardFormat; spec: CardSpec; label: string }[] = [
  { format: "png", spec: "v2", label: "PNG card (V2)" },
  { format: "png", spec: "v3", label: "PNG card (V3)" },
  { format: "json", spec: "v2", label: "JSON card (V2)" },
  { format: "json", spec: "v3", label: "JSON card (V3)" },
];

const itemClass =
  "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-text-1 outline-none " +
  "data-[highlighted]:bg-surface-2";

/** Export as a Character Card (PNG or JSON, V2 or V3), for SillyTavern, agnai, RisuAI and Chub. */
export function ExportCardMenu({
  characterId,
  name,
  size = "md",
}: {
  characterId: string;
  name: string;
  size?: "sm" | "md";
}) {
  const exportCard = useExportCard(characterId, name);
  return (
    <div className="flex flex-col items-end gap-1">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className={buttonClasses("secondary", size)}
          aria-busy={exportCard.isPending || undefined}
          disabled={exportCard.isPending}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Export
          <ChevronDown aria-hidden="true" className="h-3.5 w-3.5 text-text-3" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-xl border border-surface-3 bg-surface-1 p-1.5 shadow-2xl shadow-black/40"
          >
            {OPTIONS.map((option) => (
              <DropdownMenu.Item
                key={`${option.format}-${option.spec}`}
                className={itemClass}
                onSelect={() => exportCard.mutate({ format: option.format, spec: option.spec })}
              >
                {option.format === "png" ? (
                  <FileImage aria-hidden="true" className="h-4 w-4 text-text-3" />
                ) : (
                  <FileJson aria-hidden="true" className="h-4 w-4 text-text-3" />
                )}
                {option.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {exportCard.isError ? (
        <p role="alert" className="text-xs text-danger">
          {exportCard.error.message || "The export failed."}
        </p>
      ) : null}
    </div>
  );
}
