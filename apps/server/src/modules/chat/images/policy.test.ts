import { ROLE_PERMISSIONS } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { can, imageGate } from "./policy";

const actor = (role: keyof typeof ROLE_PERMISSIONS) => ({ permissions: ROLE_PERMISSIONS[role] });

describe("image gate (chat spec 6)", () => {
  it("answers each tier on a character without a ready LoRA", () => {
    expect(imageGate(actor("premium"), { loraReady: false })).toBe("generate");
    expect(imageGate(actor("basic"), { loraReady: false })).toBe("premium");
    expect(imageGate(actor("minimal"), { loraReady: false })).toBe("supporter");
    expect(imageGate(actor("free"), { loraReady: false })).toBe("supporter");
    expect(imageGate(actor("guest"), { loraReady: false })).toBe("supporter");
  });

  it("lets everyone generate with a ready bot", () => {
    for (const role of ["guest", "free", "minimal", "basic", "premium"] as const) {
      expect(can(actor(role), "generate_image", { loraReady: true })).toBe(true);
    }
  });

  it("sends image_training without v2 to the training dialog", () => {
    expect(imageGate({ permissions: ["image_training", "conversation_images"] }, { loraReady: false })).toBe(
      "training",
    );
  });
});
