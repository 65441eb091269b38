import { type Me, type OnboardingState, onboardingStateSchema, type Persona } from "@hearth/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startServer, type TestServer } from "./harness";
import { expectError, expectInvalid, guestToken, signUp, uniqueUsername } from "./support/members";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await server?.close();
});

const put = (token: string, body: Record<string, unknown>) =>
  call<OnboardingState>(server, "/api/users/onboarding", { method: "PUT", token, body });

const welcomeFields = () => ({
  username: uniqueUsername(),
  name: "Ada",
  age_confirmed: true,
  toc_accepted: true,
});

describe("onboarding", () => {
  it("starts at welcome for a new member and is persisted step by step", async () => {
    const member = await signUp(server);
    expect(member.user).toMatchObject({ username: null, onboarding_step: "welcome" });
    const initial = await call(server, "/api/users/onboarding", { token: member.token });
    expect(onboardingStateSchema.parse(initial.body)).toEqual({
      step: "welcome",
      guidelines_accepted: false,
      username: null,
      name: null,
      age_confirmed: false,
      toc_accepted: false,
    });

    // Saving what was typed on the welcome step needs nothing valid yet.
    const draft = await put(member.token, { step: "welcome", username: "A", name: "" });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ step: "welcome", username: "A" });

    const fields = welcomeFields();
    const guidelines = await put(member.token, { step: "guidelines", ...fields });
    expect(guidelines.body).toMatchObject({
      step: "guidelines",
      username: fields.username,
      age_confirmed: true,
    });
    const me = await call<Me>(server, "/api/me", { token: member.token });
    expect(me.body).toMatchObject({ username: null, onboarding_step: "guidelines" });

    // Resumes there; the saved fields carry over when the next save leaves them out.
    const done = await put(member.token, { step: "done", guidelines_accepted: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ step: "done", username: fields.username, name: "Ada" });
    const after = await call<Me>(server, "/api/me", { token: member.token });
    expect(after.body).toMatchObject({ username: fields.username, name: "Ada", onboarding_step: "done" });

    // The default persona takes the chosen name.
    const personas = await call<{ data: Persona[] }>(server, "/api/personas", { token: member.token });
    expect(personas.body.data.map((p) => p.name)).toEqual(["Ada"]);
  });

  it("requires age, terms and guidelines with the spec's messages", async () => {
    const { token } = await signUp(server);
    const fields = welcomeFields();
    expectInvalid(
      await put(token, { step: "guidelines", ...fields, age_confirmed: false }),
      "age_confirmed",
      "You must confirm that you are 18 years or older.",
    );
    expectInvalid(
      await put(token, { step: "guidelines", ...fields, toc_accepted: false }),
      "toc_accepted",
      "You must agree with the terms and conditions.",
    );
    expectInvalid(
      await put(token, { step: "done", ...fields, guidelines_accepted: false }),
      "guidelines_accepted",
      "You must agree to the community guidelines to continue.",
    );
    // Nothing was saved by the refused requests.
    expect((await call<OnboardingState>(server, "/api/users/onboarding", { token })).body.step).toBe(
      "welcome",
    );
  });

  it("applies the username and name rules", async () => {
    const { token } = await signUp(server);
    const base = { step: "guidelines", age_confirmed: true, toc_accepted: true, name: "Ada" };
    expectInvalid(await put(token, { ...base, username: "" }), "username", "Username can't be empty");
    expectInvalid(await put(token, { ...base, username: "ab" }), "username", "Username is too short");
    expectInvalid(
      await put(token, { ...base, username: "a".repeat(21) }),
      "username",
      "Username should be less then 20 characters",
    );
    expectInvalid(
      await put(token, { ...base, username: "a b c" }),
      "username",
      "Username contain invalid characters",
    );
    const username = uniqueUsername();
    expectInvalid(await put(token, { ...base, username, name: "" }), "name", "Name can't be empty");
    expectInvalid(
      await put(token, { ...base, username, name: "Al" }),
      "name",
      "Name should be of atleast 3 characters",
    );
    expectError(await put(token, { step: "finished" }), 400, "validation_error");
  });

  it("sends a taken username back to the welcome step with username_taken", async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    const fields = welcomeFields();
    await put(first.token, { step: "done", ...fields, guidelines_accepted: true });

    const taken = await put(second.token, {
      step: "done",
      ...fields,
      username: fields.username.toUpperCase(),
      guidelines_accepted: true,
    });
    const error = expectError(taken, 409, "username_taken");
    expect(error.message).toBe("Username is not available");
    const state = await call<OnboardingState>(server, "/api/users/onboarding", { token: second.token });
    expect(state.body).toMatchObject({ step: "welcome", guidelines_accepted: true, name: "Ada" });
    const me = await call<Me>(server, "/api/me", { token: second.token });
    expect(me.body).toMatchObject({ username: null, onboarding_step: "welcome" });

    const other = uniqueUsername();
    const retry = await put(second.token, { step: "done", username: other });
    expect(retry.status).toBe(200);
    expect(retry.body.username).toBe(other);
  });

  it("is for members only", async () => {
    expectError(await call(server, "/api/users/onboarding"), 401, "unauthenticated");
    expectError(
      await call(server, "/api/users/onboarding", { token: await guestToken(server) }),
      403,
      "forbidden",
    );
  });
});
