import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog, SheetDialog } from "./dialog";

function Harness({ sheet = false }: { sheet?: boolean }) {
  const [open, setOpen] = useState(false);
  const Frame = sheet ? SheetDialog : Dialog;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Frame open={open} onOpenChange={setOpen} title="A question">
        {/* A field that takes the focus itself, as the chat's title dialog does. */}
        {/* biome-ignore lint/a11y/noAutofocus: the case under test */}
        <input aria-label="Answer" autoFocus />
      </Frame>
    </>
  );
}

describe("Dialog", () => {
  for (const sheet of [false, true]) {
    it(`gives the focus back to the control that opened it when it closes (${sheet ? "sheet" : "centered"})`, async () => {
      render(<Harness sheet={sheet} />);
      const opener = screen.getByRole("button", { name: "Open it" });
      opener.focus();
      fireEvent.click(opener);
      const answer = await screen.findByRole("textbox", { name: "Answer" });
      await waitFor(() => expect(answer).toHaveFocus());
      fireEvent.keyDown(answer, { key: "Escape" });
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(opener).toHaveFocus());

      fireEvent.click(opener);
      fireEvent.click(await screen.findByRole("button", { name: "Close" }));
      await waitFor(() => expect(opener).toHaveFocus());
    });
  }
});
