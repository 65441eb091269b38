import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ImageMessage } from "./image-message";
import { ImageProgress } from "./image-progress";

const image = { image_url: "/media/images/a.png", image_prompt: "a lighthouse", image_is_nsfw: false };

describe("ImageMessage", () => {
  it("shows the image with its prompt, and Edit prompt when offered", () => {
    const edit = vi.fn();
    render(<ImageMessage message={image} showNsfw={false} onEditPrompt={edit} />);
    expect(screen.getByRole("img", { name: "a lighthouse" })).toHaveAttribute("src", "/media/images/a.png");
    fireEvent.click(screen.getByRole("button", { name: "Edit prompt" }));
    expect(edit).toHaveBeenCalledOnce();
  });

  it("blurs an NSFW image for someone with adult content off, until they choose to see it", () => {
    render(<ImageMessage message={{ ...image, image_is_nsfw: true }} showNsfw={false} />);
    const hidden = screen.getByRole("img", { name: "This image may contain adult content." });
    expect(hidden).toHaveAttribute("data-nsfw-hidden", "true");
    expect(screen.queryByRole("button", { name: "Edit prompt" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show image" }));
    expect(screen.getByRole("img", { name: "a lighthouse" })).not.toHaveAttribute("data-nsfw-hidden");
  });

  it("shows an NSFW image to someone with adult content on", () => {
    render(<ImageMessage message={{ ...image, image_is_nsfw: true }} showNsfw />);
    expect(screen.getByRole("img", { name: "a lighthouse" })).not.toHaveAttribute("data-nsfw-hidden");
  });
});

describe("ImageProgress", () => {
  const noop = () => {};
  it("shows the engine's step, or the percentage where it reports none", () => {
    const { rerender } = render(
      <ImageProgress
        run={{ targetId: null, running: true, error: null, progress: { fraction: 0.25, step: 5, steps: 20 } }}
        characterName="Aria"
        onCancel={noop}
        onDismiss={noop}
      />,
    );
    const bar = screen.getByRole("progressbar", { name: "Generating image" });
    expect(bar).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByText("Step 5 of 20")).toBeInTheDocument();
    rerender(
      <ImageProgress
        run={{
          targetId: null,
          running: true,
          error: null,
          progress: { fraction: 0.5, step: null, steps: null },
        }}
        characterName="Aria"
        onCancel={noop}
        onDismiss={noop}
      />,
    );
    expect(screen.getByText("50%")).toBeInTheDocument();
  });

  it("shows why an image failed", () => {
    const dismiss = vi.fn();
    render(
      <ImageProgress
        run={{ targetId: null, running: false, error: "Nope.", progress: null }}
        characterName="Aria"
        onCancel={() => {}}
        onDismiss={dismiss}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Nope.");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(dismiss).toHaveBeenCalledOnce();
  });
});
