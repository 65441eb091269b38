import { permissionsFor } from "@hearth/contracts";
import { describe, expect, it } from "vitest";
import { INFERENCE_MODEL_SEEDS } from "./catalogue";
import { can, canSeeModel, canUseModel, contextSizeFor } from "./policy";

const model = (id: string) => {
  const found = INFERENCE_MODEL_SEEDS.find((seed) => seed.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe("contextSizeFor", () => {
  it("gives 2048 base, 3072 and 4096 by tier, and the model's large size with 8k_context", () => {
    expect(contextSizeFor(permissionsFor("guest", null), model("default"))).toBe(2048);
    expect(contextSizeFor(permissionsFor("free", null), model("default"))).toBe(2048);
    expect(contextSizeFor(permissionsFor("minimal", null), model("default"))).toBe(3072);
    expect(contextSizeFor(permissionsFor("basic", null), model("long-memory"))).toBe(4096);
    expect(contextSizeFor(permissionsFor("premium", null), model("default"))).toBe(8192);
    expect(contextSizeFor(permissionsFor("premium", null), model("long-memory"))).toBe(16384);
  });
});

describe("model permissions", () => {
  it("shows gated models disabled unless they hide themselves", () => {
    const free = permissionsFor("free", null);
    expect(canUseModel(free, model("default"))).toBe(true);
    expect(canUseModel(free, model("long-memory"))).toBe(false);
    expect(canSeeModel(free, model("long-memory"))).toBe(true);
    expect(canSeeModel(free, model("experimental"))).toBe(false);
    expect(canSeeModel(permissionsFor("basic", null), model("experimental"))).toBe(true);
    expect(canUseModel(permissionsFor("premium", null), model("long-memory"))).toBe(true);
  });
});

describe("inference-models can", () => {
  it("answers like canUseModel and canSeeModel", () => {
    for (const role of ["guest", "free", "minimal", "basic", "premium", "admin"] as const) {
      const permissions = permissionsFor(role, null);
      for (const seed of INFERENCE_MODEL_SEEDS) {
        expect(can({ permissions }, "use", seed)).toBe(canUseModel(permissions, seed));
        expect(can({ permissions }, "see", seed)).toBe(canSeeModel(permissions, seed));
      }
    }
  });
});
