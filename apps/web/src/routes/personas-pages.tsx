import { CreatePersonaPage, EditPersonaPage } from "../features/personas/components/persona-editor-page";
import { PersonasPage } from "../features/personas/components/personas-page";

/** `/personas`: My Personas. */
export function PersonasListPage() {
  return <PersonasPage />;
}

/** `/personas/create`. */
export function PersonaCreatePage() {
  return <CreatePersonaPage />;
}

/** `/personas/edit/{personaId}`. */
export function PersonaEditPage() {
  return <EditPersonaPage />;
}
