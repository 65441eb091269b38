import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { characterQuery } from "../../../api/characters";
import { NewGroupChatDialog } from "../components/new-group-dialog";

/**
 * 'New group chat' in a character's chat menu: the dialog opens with that character already picked.
 * Answers the menu item (null when not offered) and the dialog for the page to render.
 */
export function useNewGroupChatItem(characterId: string, enabled: boolean) {
  const [open, setOpen] = useState(false);
  const character = useQuery({ ...characterQuery(characterId), enabled: enabled && open, staleTime: 60_000 });
  const item = enabled
    ? { key: "new-group-chat", label: "New group chat", icon: Users, onSelect: () => setOpen(true) }
    : null;
  const data = character.data;
  const dialog: ReactNode =
    open && data ? (
      <NewGroupChatDialog
        open
        onOpenChange={setOpen}
        initial={[{ id: data.id, name: data.name, title: data.title, avatar_url: data.avatar_url }]}
      />
    ) : null;
  return { item, dialog };
}
