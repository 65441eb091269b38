import { LorebookEditorPage as Editor } from "../features/lorebooks/components/lorebook-editor-page";
import { LorebooksPage } from "../features/lorebooks/components/lorebooks-page";

/** `/lorebooks`: the member's lorebooks. */
export function LorebooksListPage() {
  return <LorebooksPage />;
}

/** `/lorebooks/{lorebookId}`: one book's settings and entries. */
export function LorebookEditorPage() {
  return <Editor />;
}
